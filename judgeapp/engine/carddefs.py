"""Cards as the engine sees them: printed stats as numbers, clans, keywords, text.

A card comes from the card database (through a lookup the caller supplies) or inline
from the position; both become a ``CardDef``.  ``*`` is a printed value of 0 that is
marked variable (``asterisks``), and an Honor Requirement of ``-`` is no requirement
(``honor-requirement``).  The card's reading (its parsed text) is computed once per
``CardDef`` and kept with it, so a lookup that caches definitions never reads a card twice.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from .vocab import CLANS

STAT_NAMES = ("force", "chi", "honor", "cost", "ph", "focus", "strength", "production", "starting_honor")


@dataclass(frozen=True)
class Number:
    value: int | None  # None: "*" (variable; counts as 0)
    signed: bool = False  # "+2": a modifier (Items, Senseis)
    raw: str = ""


def number(value) -> Number | None:
    """A printed stat: ``3``, ``+2``, ``-1``, ``*``, ``2*``; ``-`` or nothing is no value."""
    if value is None or value == "" or value == "-" or value == "–":
        return None
    if isinstance(value, bool):
        raise ValueError(f"expected a number, got {value!r}")
    if isinstance(value, int):
        return Number(value, False, str(value))
    text = str(value).strip()
    if re.fullmatch(r"[+-]?\d{1,4}", text):
        return Number(int(text), text[0] in "+-", text)
    if re.fullmatch(r"[+-]?\d{0,4}\*", text):
        return Number(None, False, text)
    raise ValueError(f"{str(value)[:40]!r} is not a stat (write 3, +2, * or -)")


def experience(level: str) -> int:
    """The experience level (``experienced``): none 0, "Experienced" 1, "Experienced 3" 3;
    Inexperienced versions rank below the plain card."""
    text = (level or "").strip().lower()
    if not text:
        return 0
    if text.startswith("inexperienced"):
        return -1
    m = re.search(r"(\d+)", text)
    return int(m.group(1)) if m else 1


def clan_alignments(values) -> frozenset[str]:
    """A card's set of Clan Alignments: "Crab" and "Crab Clan" both count; "Unaligned",
    "All Clans" and other words are not Clan Alignments (``clan-alignment``, ``unaligned``)."""
    out = set()
    for v in values or ():
        name = str(v).strip()
        if name.endswith(" Clan"):
            name = name[:-5]
        if name in CLANS:
            out.add(name)
    return frozenset(out)


@dataclass(frozen=True)
class CardDef:
    title: str
    type: str
    level: str = ""
    force: Number | None = None
    chi: Number | None = None
    honor: Number | None = None
    cost: Number | None = None
    ph: Number | None = None
    focus: Number | None = None
    strength: Number | None = None
    production: Number | None = None
    starting_honor: Number | None = None
    clans: frozenset = frozenset()
    keywords: tuple = ()
    text: str = ""
    effects: tuple = ()  # abilities and traits stated as data (a position's inline card)
    # How stated effects combine with the text's reading: "unread" (they stand in for the units the
    # reader could not read; a position's inline card), "all" (they are the whole reading), "add" (they
    # add to it, e.g. a unit the export lost; what the reader could not read stays unread).
    stated_mode: str = "unread"
    stored: object = field(default=None, compare=False, repr=False)  # the text's reading stored at import
    card_id: str = ""  # the card database id, when it comes from there
    source: str = "database"

    def has_keyword(self, word: str) -> bool:
        w = word.lower()
        return any(k.lower() == w for k in self.keywords)

    def stat(self, name: str) -> int:
        n = getattr(self, name)
        return n.value if n is not None and n.value is not None else 0

    @property
    def xp(self) -> int:
        return experience(self.level)

    @property
    def unique(self) -> bool:
        return self.has_keyword("Unique")

    @cached_property
    def ability_keywords(self) -> frozenset:
        """Keywords on abilities also apply to their cards (``keyword-inheritance``): a Strategy whose ability is
        "Kiho Battle:" is a Kiho, so "Discard a Kiho" may discard it."""
        from .cardtext import header_keywords

        return header_keywords(self.text) | {w for a in self.reading.abilities for w in a.keywords}

    @cached_property
    def reading(self):
        """The card's abilities and traits: its text read by the card-text reader, with
        stated ``effects:`` added (a position's own statement wins, ``effects-2``)."""
        from .abilities import read_card

        return read_card(self)
