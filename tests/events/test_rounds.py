"""Rounds through the API with the database: pairing (seeded, in order, refused twice),
results and their history, players' reports and mismatches, drops, late entries under
both of the organizer's choices, the standings following corrections, and the top cut."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from judgeapp.events.models import Event, Registration, Report, Result, Round, Table, TopCut

from .conftest import make_event, make_user


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def add_players(event: Event, count: int, prefix: str = "p") -> list[Registration]:
    """Players with accounts, registered in this order (the standings' last tiebreaker)."""
    made = []
    for n in range(count):
        user = make_user(f"{prefix}{event.pk}-{n}", first_name=f"Player {prefix.upper()}{n}")
        made.append(Registration.objects.create(event=event, user=user, name=user.first_name, email=user.email))
    return made


@pytest.fixture
def organizer(db):
    return make_user("toturi")


@pytest.fixture
def judge(db):
    return make_user("kitsu-judge")


@pytest.fixture
def event(organizer, judge):
    event = make_event(organizer)
    event.staff.create(user=judge, role="judge")
    return event


@pytest.fixture
def api(organizer):
    return client_for(organizer)


def pair(api, event, status=201, **body):
    response = api.post(f"/api/events/{event.pk}/rounds", body, format="json")
    assert response.status_code == status, response.content[:500]
    return response.json()


def result(api, event, number, table, outcome, status=201):
    response = api.post(f"/api/events/{event.pk}/rounds/{number}/results", {"table": table, "result": outcome},
                        format="json")
    assert response.status_code == status, response.content[:500]
    return response.json()


def error(response_json, code):
    assert response_json["error"]["code"] == code, response_json
    return response_json["error"]["message"]


def finish(api, event, number, pairings, outcome="a"):
    for pairing in pairings:
        if pairing["players"][1] is not None and pairing["result"] is None:
            result(api, event, number, pairing["table"], outcome)


def test_round_one_is_random_by_seed_and_numbered(api, event):
    players = add_players(event, 7)
    body = pair(api, event, seed=42)
    assert body["number"] == 1 and body["kind"] == "swiss" and body["seed"] == 42
    tables = body["pairings"]
    assert [t["table"] for t in tables] == [1, 2, 3, 4]
    assert tables[-1]["players"][1] is None and tables[-1]["result"] == "a" and tables[-1]["source"] == "bye"
    seated = [p for t in tables for p in t["players"] if p is not None]
    assert sorted(seated) == sorted(p.pk for p in players)
    assert Event.objects.get(pk=event.pk).status == "running"

    # The same seed on the same field (another event, players registered in the same order) pairs the same.
    twin = make_event(event.created_by, name="Twin Court")
    twins = add_players(twin, 7, prefix="t")
    index = {p.pk: i for i, p in enumerate(players)} | {p.pk: i for i, p in enumerate(twins)}
    again = pair(api, twin, seed=42)["pairings"]
    assert [[index.get(p) for p in t["players"]] for t in again] == [[index.get(p) for p in t["players"]] for t in tables]


def test_round_one_in_a_given_order_and_a_bad_order(api, event):
    players = add_players(event, 4)
    order = [players[3].pk, players[0].pk, players[2].pk, players[1].pk]
    bad = api.post(f"/api/events/{event.pk}/rounds", {"order": order[:3]}, format="json")
    assert bad.status_code == 400 and "missing" in error(bad.json(), "bad-order")
    assert not Round.objects.filter(event=event).exists()
    body = pair(api, event, order=order)
    assert [t["players"] for t in body["pairings"]] == [order[0:2], order[2:4]]


def test_a_round_is_paired_once(api, event):
    add_players(event, 6)
    first = pair(api, event, seed=1)
    in_progress = pair(api, event, status=409)
    assert "table" in error(in_progress, "round-in-progress")
    assert in_progress["error"]["details"]["open_tables"] == [1, 2, 3]
    finish(api, event, 1, first["pairings"])
    error(pair(api, event, status=409, number=1), "round-already-paired")
    error(pair(api, event, status=400, number=5), "bad-round-number")
    error(pair(api, event, status=400, order=[1, 2]), "bad-pairing-options")
    assert Round.objects.filter(event=event).count() == 1
    second = pair(api, event, number=2)
    assert second["number"] == 2
    played = {frozenset(t["players"]) for t in first["pairings"]}
    assert not played & {frozenset(t["players"]) for t in second["pairings"]}  # no rematch


def test_results_history_corrections_and_the_standings_follow(api, event, judge):
    add_players(event, 4)
    tables = pair(api, event, seed=3)["pairings"]
    a, b = tables[0]["players"]
    result(api, event, 1, 1, "a")
    result(api, event, 1, 2, "draw")
    standings = api.get(f"/api/events/{event.pk}/standings").json()
    assert [row["points"] for row in standings][:1] == [3] and standings[0]["registration"] == a
    corrected = result(client_for(judge), event, 1, 1, "b")
    assert [h["result"] for h in corrected["history"]] == ["a", "b"]
    assert corrected["history"][-1]["by"] == "kitsu-judge" and corrected["result"] == "b"
    unchanged = result(client_for(judge), event, 1, 1, "b", status=200)
    assert len(unchanged["history"]) == 2
    top = api.get(f"/api/events/{event.pk}/standings").json()[0]
    assert top["registration"] == b and top["points"] == 3 and top["wins"] == 1
    assert set(top) >= {"rank", "player", "points", "wins", "losses", "draws", "sos", "esos"}


def test_players_report_both_agree_or_a_mismatch_is_flagged(api, event):
    players = add_players(event, 4)
    tables = pair(api, event, seed=9)["pairings"]
    users = {p.pk: p.user for p in players}
    one_a, one_b = (client_for(users[pk]) for pk in tables[0]["players"])
    first = result(one_a, event, 1, 1, "a")
    assert first["result"] is None and first["reports"]["a"] == "a" and not first["mismatch"]
    agreed = result(one_b, event, 1, 1, "a")
    assert agreed["result"] == "a" and agreed["source"] == "players"
    late = one_b.post(f"/api/events/{event.pk}/rounds/1/results", {"table": 1, "result": "b"}, format="json")
    assert late.status_code == 409 and "ask a judge" in error(late.json(), "result-entered")

    two_a, two_b = (client_for(users[pk]) for pk in tables[1]["players"])
    result(two_a, event, 1, 2, "a")
    flagged = result(two_b, event, 1, 2, "b")
    assert flagged["mismatch"] and flagged["result"] is None
    assert api.get(f"/api/events/{event.pk}/rounds").json()[0]["mismatches"] == 1
    stranger = one_a.post(f"/api/events/{event.pk}/rounds/1/results", {"table": 2, "result": "a"}, format="json")
    assert stranger.status_code == 403
    settled = result(api, event, 1, 2, "b")
    assert settled["result"] == "b" and settled["source"] == "staff" and not settled["mismatch"]


def test_a_drop_concedes_the_open_table_and_is_not_paired_again(api, event):
    players = add_players(event, 5)
    tables = pair(api, event, seed=5)["pairings"]
    leaver, stayer = tables[0]["players"]
    leaving = next(p for p in players if p.pk == leaver)
    dropped = client_for(leaving.user).post(f"/api/events/{event.pk}/registrations/{leaver}/drop")
    assert dropped.status_code == 200 and dropped.json()["dropped"] is True
    table = Table.objects.get(round__event=event, number=1)
    assert table.outcome == "b" and table.source == "drop"
    refused = api.post(f"/api/events/{event.pk}/rounds/1/results", {"table": 1, "result": "a"}, format="json")
    assert refused.status_code == 409 and "conceded table 1" in error(refused.json(), "player-dropped")
    refused = client_for(leaving.user).post(f"/api/events/{event.pk}/rounds/1/results", {"table": 2, "result": "a"},
                                            format="json")
    assert refused.status_code == 403
    assert Result.objects.filter(table=table).count() == 1
    twice = api.post(f"/api/events/{event.pk}/registrations/{leaver}/drop")
    assert twice.status_code == 409 and twice.json()["error"]["code"] == "already-dropped"
    finish(api, event, 1, api.get(f"/api/events/{event.pk}/rounds/1").json()["pairings"])
    second = pair(api, event)["pairings"]
    assert leaver not in {p for t in second for p in t["players"]} and len(second) == 2
    row = next(r for r in api.get(f"/api/events/{event.pk}/standings").json() if r["registration"] == leaver)
    assert row["dropped"] and row["losses"] == 1


@pytest.mark.parametrize("late_entry,points,losses", [("loss", 3, 1), ("zero", 3, 0)])
def test_a_late_entry_joins_at_the_next_round_as_the_organizer_chose(api, event, late_entry, points, losses):
    api.patch(f"/api/events/{event.pk}/", {"late_entry": late_entry}, format="json")
    add_players(event, 3)
    finish(api, event, 1, pair(api, event, seed=2)["pairings"])
    newcomer = make_user("late-comer", first_name="Akodo Late")
    joined = api.post(f"/api/events/{event.pk}/registrations", {"username": "late-comer"}, format="json")
    assert joined.status_code == 201
    registration = Registration.objects.get(pk=joined.json()["id"])
    assert registration.entered_round == 2 and registration.user == newcomer
    second = pair(api, event)["pairings"]
    assert registration.pk in {p for t in second for p in t["players"]}
    table = next(t for t in second if registration.pk in t["players"])
    if table["players"][1] is not None:
        result(api, event, 2, table["table"], "a" if table["players"][0] == registration.pk else "b")
    row = next(r for r in api.get(f"/api/events/{event.pk}/standings").json() if r["registration"] == registration.pk)
    assert (row["points"], row["wins"], row["losses"]) == (points, 1, losses)


def test_no_valid_pairing_is_said_plainly(api, event):
    add_players(event, 2)
    finish(api, event, 1, pair(api, event)["pairings"])
    message = error(pair(api, event, status=409), "no-valid-pairing")
    assert "rematch" in message
    assert Round.objects.filter(event=event).count() == 1


def test_top_cut_seeded_from_the_standings_to_a_champion(api, event):
    add_players(event, 8)
    for number in (1, 2, 3):
        body = pair(api, event, seed=number)
        finish(api, event, number, body["pairings"], "a" if number != 2 else "b")
    seeds = [row["registration"] for row in api.get(f"/api/events/{event.pk}/standings").json()][:4]
    error(api.post(f"/api/events/{event.pk}/top-cut", {"size": 6}, format="json").json(), "bad-size")
    error(api.post(f"/api/events/{event.pk}/top-cut", {"size": "4"}, format="json").json(), "invalid")
    made = api.post(f"/api/events/{event.pk}/top-cut", {"size": 4}, format="json")
    assert made.status_code == 201, made.content
    bracket = made.json()
    assert [s["registration"] for s in bracket["seeds"]] == seeds
    first = bracket["rounds"][0]
    assert first["round"] == 4 and [t["seeds"] for t in first["tables"]] == [[1, 4], [2, 3]]
    assert [t["players"] for t in first["tables"]] == [[seeds[0], seeds[3]], [seeds[1], seeds[2]]]
    error(api.post(f"/api/events/{event.pk}/top-cut", {"size": 4}, format="json").json(), "top-cut-exists")
    error(api.post(f"/api/events/{event.pk}/rounds/4/results", {"table": 1, "result": "draw"}, format="json").json(),
          "no-draws-in-top-cut")
    result(api, event, 4, 1, "b")  # seed 4 beats seed 1
    result(api, event, 4, 2, "a")
    final = pair(api, event)
    assert final["kind"] == "cut" and [t["players"] for t in final["pairings"]] == [[seeds[3], seeds[1]]]
    error(api.post(f"/api/events/{event.pk}/rounds/4/results", {"table": 1, "result": "a"}, format="json").json(),
          "next-round-paired")
    result(api, event, 5, 1, "a")
    bracket = api.get(f"/api/events/{event.pk}/top-cut").json()
    assert bracket["champion"]["registration"] == seeds[3] and bracket["champion"]["seed"] == 4
    error(pair(api, event, status=409), "event-complete")
    late = api.post(f"/api/events/{event.pk}/registrations", {"name": "Too Late", "email": "late@example.org"},
                    format="json")
    assert late.status_code == 409 and late.json()["error"]["code"] == "top-cut-made"
    assert TopCut.objects.get(event=event).size == 4


def test_bad_input_is_a_clear_4xx_and_changes_nothing(api, event):
    players = add_players(event, 4)
    pair(api, event, seed=4)
    url = f"/api/events/{event.pk}/rounds/1/results"
    before = (Result.objects.count(), Report.objects.count(), Table.objects.count())
    cases = [
        (url, {"table": 9, "result": "a"}, 404, "no-such-table"),
        (f"/api/events/{event.pk}/rounds/7/results", {"table": 1, "result": "a"}, 404, "no-such-round"),
        (url, {"table": 1, "result": "a wins"}, 400, "invalid"),
        (url, {"table": "1", "result": "a"}, 400, "invalid"),
        (url, {"table": 1}, 400, "invalid"),
        (url, {"table": 1, "result": "a", "winner": "me"}, 400, "invalid"),
        (url, [1, "a"], 400, "invalid"),
        (f"/api/events/{event.pk}/rounds", {"seed": -1}, 400, "invalid"),
        (f"/api/events/{event.pk}/rounds", {"seed": 1.5}, 400, "invalid"),
        (f"/api/events/{event.pk}/rounds", {"order": "everyone"}, 400, "invalid"),
        (f"/api/events/{event.pk + 99}/rounds", {}, 404, "not-found"),
        (f"/api/events/{event.pk}/registrations/{players[0].pk + 999}/drop", None, 404, "not-found"),
    ]
    for path, body, status, code in cases:
        response = api.post(path, body, format="json")
        assert response.status_code == status, (path, body, response.content[:300])
        assert error(response.json(), code)
    assert (Result.objects.count(), Report.objects.count(), Table.objects.count()) == before
    message = error(api.post(url, {"table": 9, "result": "a"}, format="json").json(), "no-such-table")
    assert message == "Round 1 has tables 1–2: there is no table 9."


def test_the_bye_takes_no_result(api, event):
    add_players(event, 3)
    tables = pair(api, event, seed=8)["pairings"]
    response = api.post(f"/api/events/{event.pk}/rounds/1/results", {"table": tables[-1]["table"], "result": "b"},
                        format="json")
    assert response.status_code == 409 and "bye" in error(response.json(), "bye")


JSON = st.recursive(st.none() | st.booleans() | st.integers(-2, 2 ** 60) | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                    max_leaves=8)
FIELDS = {"table": st.integers(-1, 6) | JSON, "result": st.sampled_from(["a", "b", "draw", "intentional_draw", "A"]) | JSON,
          "size": st.sampled_from([4, 8, 16, 5]) | JSON, "seed": st.integers(-1, 2 ** 54) | JSON,
          "order": st.lists(st.integers(0, 40), max_size=7) | JSON, "number": st.integers(0, 4) | JSON}
BODIES = JSON | st.fixed_dictionaries({}, optional=FIELDS)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["rounds", "rounds/1/results", "rounds/2/results", "top-cut", "registrations/{r}/drop"]),
       body=BODIES)
def test_any_body_to_the_rounds_api_gets_a_clear_answer(api, event, path, body):
    """Whatever an organizer's client sends: no server error, and every refusal in the error shape."""
    players = list(event.registrations.order_by("pk")) or add_players(event, 5)
    if not event.rounds.exists():
        pair(api, event, seed=1)
    response = api.post(f"/api/events/{event.pk}/{path.format(r=players[0].pk)}", body, format="json")
    assert response.status_code < 500, (path, body, response.content[:300])
    if response.status_code >= 400:
        assert error(response.json(), response.json()["error"]["code"])
