"""Cards for the engine from the card database: the card as it plays now, as a CardDef.

Definitions are cached per card and per import of the card tables, so a card's text is
read once per process and import, never once per replay.
"""
from __future__ import annotations

import re
from functools import lru_cache

from cards.models import Card
from judgeapp.decks.pool import from_database
from judgeapp.engine.abilities import Reading
from judgeapp.engine.carddefs import CardDef, clan_alignments, number
from judgeapp.engine.cardtext import reader_version

from .overrides import overrides

ICONS = [(re.compile(r"\[Bow\]"), ":bow:"), (re.compile(r"\[\* Gold\]"), ":g*:"),
         (re.compile(r"\[(\d+) Gold\]"), r":g\1:")]


def engine_text(plain: str) -> str:
    for pattern, code in ICONS:
        plain = pattern.sub(code, plain)
    return plain


def to_carddef(card: Card) -> CardDef:
    s = card.stats
    override = overrides().get(card.id)
    return CardDef(
        title=card.title, type=card.type.lower() if card.type else "other", level=card.level,
        force=_n(s.get("force")), chi=_n(s.get("chi")), honor=_n(s.get("honor_requirement")),
        cost=_n(s.get("gold_cost")), ph=_n(s.get("personal_honor")), focus=_n(s.get("focus")),
        strength=_n(s.get("province_strength")), production=_n(s.get("gold_production")),
        starting_honor=_n(s.get("starting_honor")),
        clans=clan_alignments(list(card.clans) + [k for k in card.keywords if k.endswith(" Clan")]),
        keywords=tuple(card.keywords) + (("Unique",) if card.is_unique and "Unique" not in card.keywords else ()),
        text=engine_text(card.text_plain), card_id=card.id, source="database",
        effects=tuple(override.effects) if override else (), stated_mode=override.mode if override else "unread",
        stored=_stored(card))


def _stored(card: Card) -> Reading | None:
    """The reading stored at import, if the reader has not changed since (cards.readings)."""
    data = card.reading or {}
    if data.get("version") != reader_version():
        return None
    return Reading.model_validate(data["reading"])


def _n(raw):
    try:
        return number(raw)
    except ValueError:
        return None


@lru_cache(maxsize=20_000)
def _cached(card_id: str, version: str) -> CardDef:
    return to_carddef(Card.objects.get(pk=card_id))


def lookup(title: str, level: str) -> CardDef | None:
    pool = from_database()
    match = pool.match(title, level or None)
    if match.card is None:
        return None
    return _cached(match.card.id, str(id(pool)))


def suggest(title: str) -> list[str]:
    return list(from_database().suggestions(title, 2))


def reading_rows(card: Card) -> list[dict]:
    """How the engine reads a database card, in plain words (the card page's "Engine reading")."""
    from judgeapp.engine.abilities import describe_reading

    definition = to_carddef(card)
    rows = describe_reading(definition.reading)
    if definition.effects:
        source = "the reviewed override file" if definition.stated_mode != "add" else "the override file (added)"
        for row in rows:
            row.setdefault("source", source if row["kind"] != "unread" else "")
    return rows
