"""Every card of the two Ivory starter decks in the corpus is fully executable: the engine reads
each ability and trait of its printed text (or its reviewed override) and reports nothing unread.

These are the decks new players and judges meet first, so the position checker must answer
questions about any of their cards without a judge restating the text (issue 11)."""
from pathlib import Path

import pytest
from django.conf import settings

from cards.models import Card
from judgeapp.decks.parsing import parse_text
from judgeapp.decks.pool import from_database
from judgeapp.positions.lookup import to_carddef

pytestmark = pytest.mark.django_db
DECKS = sorted((Path(settings.L5R_CORPUS_DIR) / "decklists").glob("*Starter*.l5d"))


def test_the_corpus_holds_the_two_ivory_starter_decks():
    assert [p.name for p in DECKS] == ["2014-Ivory-Starter-Lion.l5d", "2014-Ivory-Starter-Unicorn.l5d"]


@pytest.mark.parametrize("deck", DECKS, ids=[p.stem for p in DECKS])
def test_every_starter_deck_card_is_fully_executable(deck):
    pool = from_database()
    parsed = parse_text(deck.read_text(encoding="utf-8", errors="replace"))
    unread, named = {}, 0
    for line in parsed.lines:
        match = pool.match(line.name, line.level)
        assert match.card is not None, f"{line.name}: {match.code}"
        reading = to_carddef(Card.objects.get(pk=match.card.id)).reading
        named += 1
        if reading.unparsed:
            unread[match.card.title] = [u.text for u in reading.unparsed]
    assert named >= 40
    assert unread == {}
