"""Where the card reading meets the site: readings stored at import, the reviewed override
file, the card page's "How the engine reads this card", and ``manage.py text_coverage``."""
import json
from io import StringIO

import pytest
from django.core.management import call_command

from cards.models import Card
from judgeapp.engine.cardtext import read, reader_version
from judgeapp.positions.coverage import notes
from judgeapp.positions.lookup import to_carddef
from judgeapp.positions.overrides import overrides
from rules_corpus.models import Section

pytestmark = pytest.mark.django_db


def test_readings_are_stored_at_import_and_used():
    card = Card.objects.get(title="Marketplace")
    assert card.reading["version"] == reader_version()
    definition = to_carddef(card)
    assert definition.stored is not None
    assert definition.reading == read(card.text_plain, card.title, "holding")


def test_every_override_names_a_real_card_and_validates():
    for card_id, entry in overrides().items():
        card = Card.objects.get(pk=card_id)
        assert card.title == entry.title
        assert to_carddef(card).effects


def test_an_override_adds_what_the_export_lost():
    reading = to_carddef(Card.objects.get(pk="5423cwt4")).reading  # Black Rabble
    assert [t.event for t in reading.triggers] == ["enters_play"] and [a.effects[0].name for a in
                                                                        reading.abilities] == ["fear"]


def test_reading_notes_cite_real_sections():
    ids = set(Section.objects.filter(document__slug="ivory-cr").values_list("anchor", flat=True))
    for note in notes():
        assert Card.objects.filter(pk=note["id"]).exists(), note
        assert note["cr"] in ids, note


def test_the_card_page_says_how_the_engine_reads_the_card(client):
    card = Card.objects.get(title="The Honorable Garrison of the Lion")
    page = client.get(card.get_absolute_url()).content.decode()
    assert "How the engine reads this card" in page
    assert "your opposed Lion Clan Samurai" in page and "Force bonus equal to" in page
    unread = Card.objects.get(title="Jade Works")
    page = client.get(unread.get_absolute_url()).content.decode()
    assert "not read" in page and "which" in page


def test_text_coverage_command():
    out = StringIO()
    call_command("text_coverage", "--json", "--top", "5", stdout=out)
    report = json.loads(out.getvalue())
    assert report["cards_with_text"] > 1500 and 0 < report["cards_fully_executable"] < report["cards_with_text"]
    assert len(report["unread_shapes"]) == 5 and all(len(s["examples"]) <= 3 for s in report["unread_shapes"])
    assert report["units_read"] <= report["units"]
    ivory, festivals = report["by_format"]["ivory"], report["by_format"]["twenty-festivals"]
    assert max(ivory["cards"], festivals["cards"]) <= report["cards_with_text"] < ivory["cards"] + festivals["cards"]
    assert sum(row["full"] for row in report["by_type"].values()) == report["cards_fully_executable"]
    out = StringIO()
    call_command("text_coverage", "--format", "ivory", stdout=out)
    assert "cards fully executable" in out.getvalue() and "Personality" in out.getvalue()
