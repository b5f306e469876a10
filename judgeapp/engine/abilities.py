"""A card's reading: its abilities, triggered traits, continuous traits and Gold
production as data, from its text (the card-text reader) and from effects a position
states for it (``effects:``, which wins: a position can restate a card exactly).

Abilities start with designators (``abilities``); traits are everything else
(``traits``): triggered ones have a trigger (``triggered-traits``), continuous ones apply
while the card is in play (``continuous-traits``), and "[Bow]: Produce N Gold" is a
special triggered trait (``special-triggered-traits``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, StrictBool, StrictInt, model_validator

from . import primitives  # noqa: F401  (registers every primitive before a reading is validated)
from .registry import Effect
from .structures import AllRef, Condition, Filter, Model, Number, Ref, SmallInt, StatName, Title, Word

DesignatorName = Literal["limited", "open", "engage", "battle", "dynasty", "interrupt"]
EventName = Literal["turn_begins", "turn_ends", "phase_begins", "phase_ends", "battle_begins", "battle_ends",
                    "battle_resolves", "enters_play", "leaves_play", "destroyed", "discarded", "bows", "straightens",
                    "dishonored", "rehonored", "recruited", "equipped", "attacks", "defends", "moves",
                    "honor_gained", "honor_lost", "duel_resolves", "duel_won", "duel_lost", "challenged",
                    "action_resolves", "province_destroyed", "drawn", "focused"]
PhaseName = Literal["action", "attack", "dynasty"]


class TargetSpec(Model):
    """What one targeting chooses (``targeting``): a filter, how many, optional or not."""

    filter: Filter = Field(default_factory=lambda: Filter(type=["personality"]))
    count: Annotated[StrictInt, Field(ge=1, le=20)] = 1
    up_to: StrictBool = False
    optional: StrictBool = False
    player: StrictBool = False
    province: StrictBool = False
    at: Annotated[StrictInt, Field(ge=0, le=20)] = 0  # chosen before the effect with this (0-based) number
    attack: Literal["ranged", "melee", "fear"] | None = None  # a Follower or a Personality without Followers

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, data):
        """``{side: your, what: personality, state: unbowed}``: the short way to write a filter."""
        if isinstance(data, dict) and ("what" in data or "side" in data or "state" in data) and "filter" not in data:
            data = dict(data)
            what, state = data.pop("what", "personality"), data.pop("state", None)
            data["filter"] = {"type": [what], "side": data.pop("side", "any"),
                              "state": [state] if isinstance(state, str) else (state or [])}
        return data


class Ability(Model):
    n: StrictInt = 1
    designators: list[DesignatorName] = Field(min_length=1, max_length=2)
    keywords: list[Word] = Field(default_factory=list, max_length=8)
    bow: StrictBool = False
    gold: StrictInt | Literal["*"] | None = None
    condition: Condition | None = None
    targets: list[TargetSpec] = Field(default_factory=list, max_length=8)
    effects: list[Effect] = Field(default_factory=list, max_length=20)
    text: str = Field("", max_length=2000)

    def has(self, word: str) -> bool:
        return any(k.lower() == word.lower() for k in self.keywords)


class TriggerSpec(Model):
    """A triggered trait, or a stated ``trigger:`` (``triggered-traits``)."""

    timing: Literal["before", "when", "after"] = Field(alias="when")
    event: EventName
    whose: Literal["your", "any", "self", "host", "enemy", "other"] = "any"
    subject: Filter | None = None
    phase: PhaseName | None = None
    by: Literal["you", "other"] | None = None
    from_zone: Literal["province", "hand", "discard", "deck"] | None = None
    condition: Condition | None = None
    optional: StrictBool = False
    once_per: Literal["turn", "game"] | None = None
    bow: StrictBool = False
    gold: StrictInt | None = None
    targets: list[TargetSpec] = Field(default_factory=list, max_length=8)
    effects: list[Effect] = Field(default_factory=list, alias="do", min_length=1, max_length=20)
    text: str = Field("", max_length=2000)


class Static(Model):
    """A continuous trait: a stat change, keywords given, a restriction or a permission."""

    kind: Literal["stat", "keyword", "restrict", "permit", "hand_size", "cost", "attach_only", "attach_never"]
    target: Literal["self", "host", "unit"] | AllRef = "self"
    stat: StatName | None = None
    amount: Number = 0
    keywords: list[Word] = Field(default_factory=list, max_length=8)
    what: Word | None = None
    to: Filter | None = None  # attach_only / attach_never: the Personalities it may or may not attach to
    while_: Condition | None = Field(default=None, alias="while")
    text: str = Field("", max_length=2000)


class Produce(Model):
    """Gold production (``gold-producing-traits``): "Produce 2 Gold, or 3 Gold if …"."""

    amount: SmallInt
    alt: SmallInt | None = None
    alt_if: Condition | None = None
    only: Word | None = None  # the one kind of cost this Gold may pay
    effects: list[Effect] = Field(default_factory=list, max_length=8)
    text: str = Field("", max_length=2000)


class Unread(Model):
    text: str
    reason: str = "the reader has no rule for this sentence"


class Reading(Model):
    model_config = ConfigDict(extra="forbid", frozen=False)

    abilities: list[Ability] = Field(default_factory=list)
    triggers: list[TriggerSpec] = Field(default_factory=list)
    statics: list[Static] = Field(default_factory=list)
    produce: Produce | None = None
    invest: list[Effect] = Field(default_factory=list)
    invest_cost: StrictInt | None = None
    discipline: StrictInt | None = None
    unparsed: list[Unread] = Field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.unparsed


class Stated(Model):
    """One entry of an inline card's ``effects:`` (a position states the card's text)."""

    ability: DesignatorName | None = None
    designators: list[DesignatorName] = Field(default_factory=list, max_length=2)
    trigger: TriggerSpec | None = None
    static: Static | None = None
    produce: SmallInt | None = None
    only: Word | None = None
    invest: Annotated[StrictInt, Field(ge=0, le=50)] | None = None  # an Invest trait's Gold cost (invest)
    keywords: list[Word] = Field(default_factory=list, max_length=8)
    words: list[Word] = Field(default_factory=list, max_length=8)
    bow: StrictBool = False
    gold: StrictInt | Literal["*"] | None = None
    condition: Condition | None = Field(default=None, alias="if")
    targets: list[TargetSpec] = Field(default_factory=list, max_length=8)
    do: list[Effect] = Field(default_factory=list, max_length=20)
    text: Title | None = None


def read_card(card) -> Reading:
    """The card's text read (cached by text), then its stated effects added."""
    reading = read_text(card.text, card.title, card.type)
    if not card.effects:
        return reading
    data = reading.model_copy(deep=True)
    data.unparsed = []  # the position states what the card does: its own statement wins (effects-2)
    for entry in card.effects:
        _add_stated(data, entry)
    return data


@lru_cache(maxsize=20_000)
def read_text(text: str, title: str, kind: str = "") -> Reading:
    from .cardtext import read

    return read(text, title, kind)


def _add_stated(reading: Reading, entry: Stated) -> None:
    if entry.produce is not None:
        reading.produce = Produce(amount=entry.produce, only=entry.only, text=entry.text or "")
    elif entry.invest is not None:
        reading.invest_cost, reading.invest = entry.invest, list(entry.do)
    elif entry.trigger is not None:
        reading.triggers.append(entry.trigger)
    elif entry.static is not None:
        reading.statics.append(entry.static)
    else:
        kinds = entry.designators or [entry.ability]
        reading.abilities.append(Ability(
            n=len(reading.abilities) + 1, designators=kinds, keywords=entry.keywords + entry.words,
            bow=entry.bow, gold=entry.gold, condition=entry.condition, targets=entry.targets, effects=entry.do,
            text=entry.text or f"{'/'.join(k.capitalize() for k in kinds)}: (stated in the position)"))


def target_refs(effect: Effect) -> set[int]:
    """The numbered targets an effect refers to."""
    out = set()
    for name in effect.primitive.card_args:
        value = getattr(effect.args, name, None)
        values = value if isinstance(value, list) else [value]
        out |= {v for v in values if isinstance(v, int) and not isinstance(v, bool)}
    return out


__all__ = ["Ability", "TriggerSpec", "Static", "Produce", "Reading", "Stated", "TargetSpec", "Unread", "Ref",
           "read_card", "read_text", "target_refs"]
