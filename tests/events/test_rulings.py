"""The judges' rulings log against the real rules and cards: a judge records a call citing
rule sections, cards and a saved position; every bad reference is named and nothing is
saved; unpublished calls stay with the event's staff; the head judge publishes, and the
ruling is then found at /rulings/ and shown on the pages of what it cites."""
from __future__ import annotations

from collections import Counter

import pytest
from django.test import Client

from cards.models import Card
from cards.text import fold
from judgeapp.events import rulings_index
from judgeapp.events.models import Ruling
from judgeapp.positions.models import SavedPosition
from rules_corpus.models import Section

from .test_rounds import add_players

QUESTION = "Can a bowed Cavalry personality still join the assault after the duel?"
RULING = "No: a bowed unit cannot be assigned; the duel's loser stays bowed until the straighten phase."


@pytest.fixture
def cited(db):
    """A current section, the same rule in the previous edition, a card with a title of its own, a position."""
    section = Section.objects.select_related("document").get(document__slug="twenty-festivals-cr",
                                                            anchor="timing-conflicts")
    older = Section.objects.filter(document__slug="ivory-cr", searchable=True).exclude(body="").first()
    counts = Counter(fold(title) for title in Card.objects.values_list("title", flat=True))
    card = next(c for c in Card.objects.filter(type="Personality", level="").order_by("id")
                if counts[fold(c.title)] == 1)
    position = SavedPosition.objects.create(key="RuLing42abcd", text="l5r-position: 1\n", size=16)
    return {"section": section, "older": older, "card": card, "position": position}


def call_form(world, cited, **changes) -> dict:
    form = {"round": "", "table": "", "question": QUESTION, "ruling": RULING,
            "sections": f"{cited['section'].full_id}\nhttp://testserver{cited['older'].get_absolute_url()}",
            "cards": cited["card"].title, "position": f"/positions/{cited['position'].key}/?step=3",
            "players": [world["mine"].pk]}
    return form | changes


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_judge_records_a_call_and_the_head_judge_publishes_it(world, cited):
    event, people = world["event"], world["people"]
    judge, organizer = logged_in(people["judge"]), logged_in(people["organizer"])
    response = judge.post(f"/events/{event.pk}/rulings/new/", call_form(world, cited))
    assert response.status_code == 302, response.content.decode()[-2000:]
    ruling = Ruling.objects.get(event=event)
    assert [(c.kind, c.ref) for c in ruling.cites.all()] == [
        ("card", cited["card"].id), ("section", cited["section"].full_id), ("section", cited["older"].full_id)]
    assert ruling.position_url() == f"/positions/{cited['position'].key}/?step=3"
    assert list(ruling.players.all()) == [world["mine"]]
    assert SavedPosition.objects.get(pk=cited["position"].pk).owner == people["judge"]  # kept from expiry

    page = judge.get(f"/events/{event.pk}/rulings/{ruling.pk}/").content.decode()
    assert QUESTION in page and 'id="unpublished"' in page and 'id="publish"' not in page
    assert f'href="{cited["card"].get_absolute_url()}"' in page and 'id="position-link"' in page
    assert judge.post(f"/events/{event.pk}/rulings/{ruling.pk}/publish/").status_code == 403

    # Unpublished: the event's staff only, found nowhere else.
    for who in ("player", "other", "outsider"):
        assert logged_in(people[who]).get(f"/events/{event.pk}/rulings/{ruling.pk}/").status_code == 404
    assert Client().get(f"/events/{event.pk}/rulings/{ruling.pk}/").status_code == 302
    assert QUESTION not in logged_in(people["player"]).get(f"/events/{event.pk}/rulings/").content.decode()
    assert f'data-ruling="{ruling.pk}"' not in Client().get("/rulings/?q=bowed cavalry duel").content.decode()
    assert 'id="ruling-results"' not in Client().get("/search?q=bowed cavalry duel").content.decode()
    assert QUESTION not in Client().get(cited["card"].get_absolute_url()).content.decode()

    assert organizer.post(f"/events/{event.pk}/rulings/{ruling.pk}/publish/").status_code == 302
    anyone = Client()
    found = anyone.get("/rulings/?q=bowed cavalry duel").content.decode()
    assert f'data-ruling="{ruling.pk}"' in found and f'href="/events/{event.pk}/rulings/{ruling.pk}/"' in found
    assert "<mark>" in found
    everything = anyone.get("/search?q=bowed cavalry duel").content.decode()  # the header's one box
    assert 'id="ruling-results"' in everything and f'data-ruling="{ruling.pk}"' in everything
    assert 'id="rule-results"' in everything
    assert f'data-ruling="{ruling.pk}"' in anyone.get("/rulings/?q=straighten").content.decode()
    assert f'data-ruling="{ruling.pk}"' not in anyone.get("/rulings/?q=gold production").content.decode()
    for url in (cited["card"].get_absolute_url(), cited["section"].get_absolute_url(),
                cited["older"].get_absolute_url()):
        page = anyone.get(url).content.decode()
        assert 'id="cited-rulings"' in page and f'href="/events/{event.pk}/rulings/{ruling.pk}/"' in page, url
    assert anyone.get(f"/events/{event.pk}/rulings/{ruling.pk}/").status_code == 200
    assert anyone.get(f"/rulings/{ruling.pk}/")["Location"] == f"/events/{event.pk}/rulings/{ruling.pk}/"

    # An edit is searchable at once; unpublishing takes it out of the index and off the pages.
    edited = call_form(world, cited, ruling=RULING + " Kharmic cards are not affected.")
    assert judge.post(f"/events/{event.pk}/rulings/{ruling.pk}/edit/", edited).status_code == 302
    assert f'data-ruling="{ruling.pk}"' in anyone.get("/rulings/?q=kharmic").content.decode()
    organizer.post(f"/events/{event.pk}/rulings/{ruling.pk}/publish/", {"published": "0"})
    assert f'data-ruling="{ruling.pk}"' not in anyone.get("/rulings/?q=kharmic").content.decode()
    assert 'id="cited-rulings"' not in anyone.get(cited["card"].get_absolute_url()).content.decode()
    assert not rulings_index.refresh()  # the searches above already rebuilt it


def test_every_bad_reference_is_named_and_nothing_is_saved(world, cited):
    event = world["event"]
    judge = logged_in(world["people"]["judge"])
    bad = call_form(world, cited, sections="ivory-cr/no-such-rule\nchi death", cards="Hida Kisadda\nDoji Nobody Ever",
                    position="/positions/nothing1234/", round="2", table="")
    response = judge.post(f"/events/{event.pk}/rulings/new/", bad)
    assert response.status_code == 400
    page = response.content.decode()
    assert "&#x27;ivory-cr/no-such-rule&#x27; is no rules section" in page and "&#x27;chi death&#x27; is no rules" in page
    assert "No card is called &#x27;Hida Kisadda&#x27;. Did you mean" in page
    assert "&#x27;/positions/nothing1234/&#x27; is no saved position" in page
    assert "Give both the round and the table" in page
    assert not Ruling.objects.exists()


def test_a_call_at_a_table_takes_its_players(world, cited):
    event, people = world["event"], world["people"]
    add_players(event, 2)
    organizer = logged_in(people["organizer"])
    assert organizer.post(f"/events/{event.pk}/rounds/pair/", {"mode": "random", "seed": "7", "number": "1"}).status_code == 302
    judge = logged_in(people["judge"])
    assert judge.post(f"/events/{event.pk}/rulings/new/", call_form(world, cited, round="1", table="9",
                                                                    players=[])).status_code == 400
    response = judge.post(f"/events/{event.pk}/rulings/new/", call_form(world, cited, round="1", table="2",
                                                                       players=[]))
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    table = ruling.table
    assert table.number == 2 and set(ruling.players.all()) == {table.player_a, table.player_b}


def test_search_input_is_bounded(db):
    client = Client()
    assert client.get("/rulings/?q=" + "x" * 400).status_code == 400
    assert client.get("/rulings/?q=duel&page=zero").status_code == 400
    assert client.get("/rulings/").status_code == 200
