"""The round pages: pairing from the page (round 1 in a given order; refused twice with the
reason), pairings by table and by name, results and reports through the forms, the clock,
the projector, printable pairings and slips, the standings (saying the one-third floor)
and the bracket."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from judgeapp.events.models import Round, Table

from .test_rounds import add_players


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def running(world):
    """The world's event with six players, round 1 paired from the page in a given order."""
    event, people = world["event"], world["people"]
    players = [world["mine"], world["theirs"]] + add_players(event, 4)
    organizer = logged_in(people["organizer"])
    order = [players[i] for i in (5, 0, 1, 4, 3, 2)]
    text = "\n".join(f"{p.pk} · {p.name}" for p in order)
    response = organizer.post(f"/events/{event.pk}/rounds/pair/", {"mode": "order", "order": text, "number": "1"})
    assert response.status_code == 302 and response["Location"] == f"/events/{event.pk}/rounds/1/"
    return world | {"players": players, "order": order, "organizer": organizer}


def rows(html: str, table_id: str) -> list[list[str]]:
    body = re.search(rf'<table[^>]*id="{table_id}".*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    return [[re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def test_pairings_by_table_and_by_name(running):
    event, order = running["event"], running["order"]
    page = Client().get(f"/events/{event.pk}/rounds/1/").content.decode()
    assert [row[:3] for row in rows(page, "pairings")] == [
        ["1", order[0].name, order[1].name], ["2", order[2].name, order[3].name], ["3", order[4].name, order[5].name]]
    by_name = Client().get(f"/events/{event.pk}/rounds/1/names/").content.decode()
    expected = sorted(([p.name, str(1 + i // 2), order[i ^ 1].name] for i, p in enumerate(order)),
                      key=lambda row: row[0].casefold())
    assert rows(by_name, "names") == expected
    projector = Client().get(f"/events/{event.pk}/rounds/1/projector/").content.decode()
    assert 'id="projector"' in projector and 'id="clock"' in projector and "events/rounds" in projector
    assert projector.index(expected[0][0]) < projector.index(expected[-1][0])
    printed = Client().get(f"/events/{event.pk}/rounds/1/print/").content.decode()
    assert 'id="print-by-name"' in printed and 'id="print-by-table"' in printed
    slips = logged_in(running["people"]["judge"]).get(f"/events/{event.pk}/rounds/1/slips/").content.decode()
    assert slips.count('class="slip"') == 3 and "Table 3" in slips


def test_results_reports_and_the_clock_through_the_pages(running):
    event, people = running["event"], running["people"]
    judge = logged_in(people["judge"])
    assert judge.post(f"/events/{event.pk}/rounds/1/clock/", {"running": "1"}).status_code == 302
    clock = re.search(r'id="clock" data-ends="([^"]+)"', Client().get(f"/events/{event.pk}/rounds/1/").content.decode())
    assert clock and clock.group(1)
    assert Round.objects.get(event=event, number=1).clock_started is not None

    judge.post(f"/events/{event.pk}/rounds/1/results/", {"table": "3", "result": "a"})
    mine_at = next(t for t in Table.objects.filter(round__event=event) if running["players"][0].pk in
                   (t.player_a_id, t.player_b_id))
    mine_side = "a" if mine_at.player_a_id == running["players"][0].pk else "b"
    other_side = {"a": "b", "b": "a"}[mine_side]
    player = logged_in(people["player"])
    page = player.get(f"/events/{event.pk}/rounds/1/").content.decode()
    assert page.count('class="inline result-form"') == 1  # only their own table
    player.post(f"/events/{event.pk}/rounds/1/results/", {"table": str(mine_at.number), "result": mine_side})
    opponent = mine_at.player_b if mine_side == "a" else mine_at.player_a
    logged_in(opponent.user).post(f"/events/{event.pk}/rounds/1/results/",
                                  {"table": str(mine_at.number), "result": other_side})
    page = judge.get(f"/events/{event.pk}/rounds/1/").content.decode()
    assert 'class="mismatch"' in page and "mismatch:" in page
    refused = judge.post(f"/events/{event.pk}/rounds/1/results/", {"table": "9", "result": "a"})
    assert refused.status_code == 404 and "there is no table 9" in refused.content.decode()
    again = running["organizer"].post(f"/events/{event.pk}/rounds/pair/", {"number": "2"})
    assert again.status_code == 409 and "still being played" in again.content.decode()
    twice = running["organizer"].post(f"/events/{event.pk}/rounds/pair/", {"number": "1"})
    assert twice.status_code == 409 and "already paired" in twice.content.decode()


def test_standings_state_the_floor_and_the_bracket_page(running):
    event, organizer = running["event"], running["organizer"]
    for number in (1, 2):
        for table in Table.objects.filter(round__event=event, round__number=number, outcome=""):
            organizer.post(f"/events/{event.pk}/rounds/{number}/results/", {"table": str(table.number), "result": "a"})
        if number == 1:
            assert organizer.post(f"/events/{event.pk}/rounds/pair/", {"seed": "11", "number": "2"}).status_code == 302
    page = Client().get(f"/events/{event.pk}/standings/").content.decode()
    assert "each opponent's percentage counted as at least one third (33.3%)" in page
    standing = rows(page, "standings")
    assert [row[0] for row in standing] == ["1", "2", "3", "4", "5", "6"] and standing[0][2] == "6"
    assert organizer.post(f"/events/{event.pk}/top-cut/make/", {"size": "8"}).status_code == 409
    assert organizer.post(f"/events/{event.pk}/top-cut/make/", {"size": "4"}).status_code == 302
    bracket = Client().get(f"/events/{event.pk}/top-cut/").content.decode()
    seeds = [row[1] for row in standing[:4]]
    assert re.findall(r'<span class="seed">(\d)</span> ([^<]+)</p>', bracket)[:4] == [
        ("1", seeds[0]), ("4", seeds[3]), ("2", seeds[1]), ("3", seeds[2])]
