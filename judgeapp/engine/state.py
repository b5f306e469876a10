"""The board: players, cards in play and out of it, provinces, ongoing effects.

Every card instance is in exactly one zone; ``move`` is the only way a card changes
zone, so the invariant is kept in one place.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .carddefs import CardDef
from .textparse import ParsedText, explicit, parse

ZONES = ("stronghold", "sensei", "unit", "attached", "holding", "in_play", "province", "hand", "discard", "dead",
         "removed", "deck")


@dataclass
class Card:
    id: str
    card: CardDef
    owner: str
    zone: str
    location: str = "home"  # home, or a province id (a battlefield)
    bowed: bool = False
    dishonored: bool = False
    attached_to: str | None = None
    attachments: list[str] = field(default_factory=list)
    tokens: dict = field(default_factory=dict)
    used: set = field(default_factory=set)  # abilities used this turn (card memory)
    parsed: ParsedText | None = None

    @property
    def title(self) -> str:
        return self.card.title

    @property
    def type(self) -> str:
        return self.card.type

    def text(self) -> ParsedText:
        if self.parsed is None:
            self.parsed = parse(self.card.text)
            if self.card.effects:
                stated = explicit(self.card.effects)
                for ability in stated.abilities:
                    ability.n = len(self.parsed.abilities) + 1
                    self.parsed.abilities.append(ability)
                self.parsed.triggers += stated.triggers
                self.parsed.produce = stated.produce or self.parsed.produce
        return self.parsed


@dataclass
class Province:
    id: str
    owner: str
    strength: int | None  # None: the Stronghold's (with the Sensei's modifier)
    card: str | None = None  # card id in it, None: an unknown face-down card or empty
    face_up: bool = False
    destroyed: bool = False
    unknown: bool = True  # holds an unknown card


@dataclass
class GoldUnit:
    amount: int
    only: str | None = None  # a kind of cost this Gold may pay, e.g. "personality"
    source: str = ""


@dataclass
class Player:
    name: str
    honor: int
    clan: str = ""
    gold: list[GoldUnit] = field(default_factory=list)
    stronghold: str | None = None
    sensei: str | None = None
    provinces: list[Province] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    fate_deck: list[str] = field(default_factory=list)  # known titles on top (card ids)
    fate_count: int = 0  # unknown cards below
    dynasty_count: int = 0
    discard: list[str] = field(default_factory=list)
    dead: list[str] = field(default_factory=list)
    proclaimed: bool = False
    hand_size: int = 8
    lost: bool = False

    def gold_total(self) -> int:
        return sum(g.amount for g in self.gold)


@dataclass
class Modifier:
    """An ongoing stat effect: a bonus/penalty, set/raise/lower, or a minimum/maximum."""

    stat: str
    target: str
    op: str  # add, set, raise, lower, min, max
    value: int
    until: str = "end_of_turn"
    source: str = ""
    order: int = 0
    bound: int | None = None  # "to a minimum/maximum of" (to-a-minimum-to-a-maximum)


@dataclass
class Delayed:
    when: str  # before, after
    point: tuple
    whose: str
    owner: str
    source: str
    effects: list
    text: str
