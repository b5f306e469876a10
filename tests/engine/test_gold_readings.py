"""The gold set: real cards whose reading by the engine is pinned down, unit by unit.

``gold_readings*.json`` hold, for each card (by database id), the structure the card-text
reader gives it — abilities with designators, costs, targets and registry effects;
triggered and continuous traits; Gold production; Invest and Discipline — and the printed
text of every unit it reports unread.  The set is 165 cards the engine reads whole, chosen
across every card type and clan (the research helper's 193 gold candidates first, then the
types and clans they lacked), plus every card of the two Ivory starter decks.  Each card's
reading was checked by hand against its printed text, through the card page's plain words
(``describe_reading``), and against the CR readings in the research notes for the gold
candidates; misreadings found that way were fixed in the grammar, not in this file.

A change to the grammar that changes any of these readings fails here and must be reviewed
the same way (regenerate the card's entry only after checking the new reading by hand).
"""
import json
from collections import Counter
from pathlib import Path

import pytest

from cards.models import Card
from judgeapp.positions.lookup import to_carddef

pytestmark = pytest.mark.django_db
GOLD = {card_id: entry for path in sorted(Path(__file__).parent.glob("gold_readings*.json"))
        for card_id, entry in json.loads(path.read_text(encoding="utf-8")).items()}


def reading_of(card_id: str) -> dict:
    reading = to_carddef(Card.objects.get(pk=card_id)).reading
    data = reading.model_dump(mode="json", by_alias=True, exclude_defaults=True)
    data["unparsed"] = [u.text for u in reading.unparsed]
    if not data["unparsed"]:
        del data["unparsed"]
    return data


@pytest.mark.parametrize("card_id", sorted(GOLD), ids=[f"{GOLD[i]['title']} [{i}]" for i in sorted(GOLD)])
def test_gold_reading(card_id):
    assert reading_of(card_id) == GOLD[card_id]["reading"]


def test_the_gold_set_covers_the_pool():
    whole = [e for e in GOLD.values() if "unparsed" not in e["reading"]]
    assert len(whole) >= 150
    types = Counter(e["type"] for e in GOLD.values())
    assert {"Personality", "Holding", "Strategy", "Follower", "Item", "Spell", "Event", "Stronghold", "Ring",
            "Sensei"} <= set(types)
    clans = {c for i in GOLD for c in Card.objects.get(pk=i).clans}
    assert {"Crab", "Crane", "Dragon", "Lion", "Mantis", "Phoenix", "Scorpion", "Spider", "Unicorn"} <= clans
