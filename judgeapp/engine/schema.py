"""The position format (POSITION-FORMAT.md, l5r-position 1 with the 1.1 additions) as a
schema: every key, type and bound, validated in one pass at load time.

Unknown keys are refused, every string and list is bounded, numbers have ranges, and a
problem is reported with the path of the bad key (``players.alice.units[0].card``).
The same models give the OpenAPI schema of the replay endpoint's body.
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

from pydantic import (BeforeValidator, Discriminator, Field, StrictBool, StrictInt, StringConstraints, Tag,
                      ValidationError, model_validator)

from .abilities import Stated
from .registry import Effect
from .rulebook import NAMES as RULEBOOK_NAMES
from .structures import Model, Title, Word
from .vocab import ADVANCE_POINTS, CARD_TYPES, START_POINTS

MAX_ITEMS = 500
Id = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.-]{1,60}$")]
PlayerName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z][A-Za-z0-9_-]{0,30}$")]
Ref = Annotated[str, StringConstraints(min_length=1, max_length=150)]
Count = Annotated[StrictInt, Field(ge=0, le=1000)]
Small = Annotated[StrictInt, Field(ge=-10_000, le=10_000)]


def _stat(value):
    if value is None or isinstance(value, bool):
        if isinstance(value, bool):
            raise ValueError("a stat is a number such as 3, +2, * or -")
        return value
    if isinstance(value, int):
        if not -1000 <= value <= 1000:
            raise ValueError(f"{value} is out of range (-1000 to 1000)")
        return value
    if isinstance(value, str) and len(value) <= 6:
        from .carddefs import number

        number(value)
        return value
    raise ValueError("a stat is a number such as 3, +2, * or -")


Stat = Annotated[Any, BeforeValidator(_stat)]


def _lower_type(value):
    return value.strip().lower() if isinstance(value, str) else value


class InlineCard(Model):
    """A card stated in the position (its text or stats for this position only)."""

    title: Title
    type: Annotated[Literal[CARD_TYPES], BeforeValidator(_lower_type)]
    level: Annotated[str, StringConstraints(max_length=40)] = ""
    force: Stat = None
    chi: Stat = None
    honor: Stat = None
    hr: Stat = None
    honor_requirement: Stat = None
    cost: Stat = None
    gold_cost: Stat = None
    ph: Stat = None
    personal_honor: Stat = None
    focus: Stat = None
    strength: Stat = None
    province_strength: Stat = None
    production: Stat = None
    gold_production: Stat = None
    starting_honor: Stat = None
    clan: Word | list[Word] | None = None
    clans: list[Word] | None = None
    keywords: list[Word] = Field(default_factory=list, max_length=30)
    text: Annotated[str, StringConstraints(max_length=5000)] = ""
    effects: list[Stated] = Field(default_factory=list, max_length=20)


def _card_tag(value) -> str:
    return "~card" if isinstance(value, dict) else "~title"


CardRef = Annotated[Union[Annotated[Title, Tag("~title")], Annotated[InlineCard, Tag("~card")]],
                    Discriminator(_card_tag)]


def _entry(value):
    return value if isinstance(value, dict) and "card" in value else {"card": value}


class AttachEntry(Model):
    card: CardRef
    id: Id | None = None
    bowed: StrictBool = False
    tokens: dict[Word, Small] = Field(default_factory=dict, max_length=10)


Attach = Annotated[AttachEntry, BeforeValidator(_entry)]


class UnitEntry(Model):
    card: CardRef
    id: Id | None = None
    at: Id = "home"
    side: Literal["attacking", "defending"] | None = None
    bowed: StrictBool = False
    dishonored: StrictBool = False
    attach: list[Attach] = Field(default_factory=list, max_length=30)
    tokens: dict[Word, Small] = Field(default_factory=dict, max_length=10)
    modifiers: list[Effect] = Field(default_factory=list, max_length=20)
    resilient_used: StrictBool = False


class CardEntry(Model):
    card: CardRef
    id: Id | None = None
    bowed: StrictBool = False
    at: Id = "home"
    tokens: dict[Word, Small] = Field(default_factory=dict, max_length=10)


Placed = Annotated[CardEntry, BeforeValidator(_entry)]


class ProvinceEntry(Model):
    strength: Annotated[StrictInt, Field(ge=0, le=100)] | None = None
    card: CardRef | None = None
    id: Id | None = None
    face: Literal["up", "down"] = "down"
    destroyed: StrictBool = False
    fortifications: list[Placed] = Field(default_factory=list, max_length=5)


def _province(value):
    return {} if value is None else value


class PlayerBoard(Model):
    stronghold: CardRef | None = None
    sensei: CardRef | None = None
    honor: Small = 0
    gold: Count = 0
    clan: Word | list[Word] | None = None
    hand: list[CardRef] = Field(default_factory=list, max_length=MAX_ITEMS)
    fate_deck: Count | list[CardRef] = 30
    dynasty_deck: Count | list[CardRef] = 30
    discard: list[CardRef] = Field(default_factory=list, max_length=MAX_ITEMS)
    dead: list[CardRef] = Field(default_factory=list, max_length=MAX_ITEMS)
    provinces: list[Annotated[ProvinceEntry, BeforeValidator(_province)]] | None = Field(None, max_length=12)
    units: list[UnitEntry] = Field(default_factory=list, max_length=100)
    holdings: list[Placed] = Field(default_factory=list, max_length=100)
    in_play: list[Placed] = Field(default_factory=list, max_length=100)
    ignores_honor_requirements: StrictBool = False
    proclaimed: StrictBool = False


# ----- the script ------------------------------------------------------------------------------
def _rulebook_name(value):
    return value.strip().lower().replace("-", "_") if isinstance(value, str) else value


TargetRef = Union[Ref, list[Ref]]


class FocusEntry(Model):
    by: PlayerName
    card: Ref | None = None
    source: Literal["deck", "hand", "discard"] | None = Field(None, alias="from")  # discard: where a card allows

    @model_validator(mode="after")
    def _what(self):
        if (self.card is None) == (self.source != "deck"):
            raise ValueError("focus a card from hand (card: its title or id) or the top of the deck (from: deck)")
        return self

    def as_dict(self) -> dict:
        return {"by": self.by, "card": self.card, "from": self.source}


class DuelScript(Model):
    focus: list[FocusEntry] = Field(default_factory=list, max_length=10)
    strike: PlayerName | None = None
    refuse: StrictBool = False

    def as_dict(self) -> dict:
        return {"focus": [f.as_dict() for f in self.focus], "strike": self.strike, "refuse": self.refuse}


Names = Union[Ref, list[Ref]]


class InterruptEntry(Model):
    by: PlayerName
    card: Ref | None = None
    rulebook: Annotated[Literal[RULEBOOK_NAMES], BeforeValidator(_rulebook_name)] | None = None
    ability: Annotated[StrictInt, Field(ge=1, le=20)] | Ref | None = None
    targets: list[TargetRef] = Field(default_factory=list, max_length=20)
    pay: list[Ref] = Field(default_factory=list, max_length=20)
    gold: Count | None = None
    discard: Names | None = None
    find: Names | None = None
    choose: list[Union[Ref, StrictInt]] = Field(default_factory=list, max_length=20)

    @model_validator(mode="after")
    def _one(self):
        if (self.card is None) == (self.rulebook is None):
            raise ValueError("an Interrupt names its card (card:) or a rulebook ability (rulebook: courage)")
        return self


class ActionStep(Model):
    by: PlayerName
    card: Ref | None = None
    rulebook: Annotated[Literal[RULEBOOK_NAMES], BeforeValidator(_rulebook_name)] | None = None
    ability: Annotated[StrictInt, Field(ge=1, le=20)] | Ref | None = None
    targets: list[TargetRef] = Field(default_factory=list, max_length=20)
    pay: list[Ref] = Field(default_factory=list, max_length=20)
    gold: Count | None = None
    interrupts: list[InterruptEntry] = Field(default_factory=list, max_length=20)
    discard: Names | None = None
    find: Names | None = None  # the card a search finds (search)
    choose: list[Union[Ref, StrictInt]] = Field(default_factory=list, max_length=20)
    duel: DuelScript | None = None
    to: Ref | None = None
    province: Ref | None = None
    provinces: list[Ref] = Field(default_factory=list, max_length=12)
    overlay: Ref | None = None
    proclaim: StrictBool = False
    invest: StrictBool = False

    @model_validator(mode="after")
    def _what(self):
        if self.card is None and self.rulebook is None:
            raise ValueError("an action names its card (card:) or a rulebook ability (rulebook: lobby)")
        return self


class RecruitStep(Model):
    by: PlayerName
    card: Ref
    proclaim: StrictBool = False
    invest: StrictBool = False
    targets: list[TargetRef] = Field(default_factory=list, max_length=20)  # the Invest effect's targets
    overlay: Ref | None = None
    pay: list[Ref] = Field(default_factory=list, max_length=20)
    interrupts: list[InterruptEntry] = Field(default_factory=list, max_length=20)


class EquipStep(Model):
    by: PlayerName
    card: Ref
    to: Ref
    invest: StrictBool = False
    targets: list[TargetRef] = Field(default_factory=list, max_length=20)  # the Invest effect's targets
    pay: list[Ref] = Field(default_factory=list, max_length=20)
    interrupts: list[InterruptEntry] = Field(default_factory=list, max_length=20)


class DynastyDiscardStep(Model):
    by: PlayerName
    province: Ref | None = None
    card: Ref | None = None


class AssignStep(Model):
    by: PlayerName
    units: list[Ref] = Field(default_factory=list, max_length=50)
    to: Ref
    side: Literal["attacking", "defending"] | None = None


class DeclareStep(Model):
    by: PlayerName
    against: PlayerName | None = None


class EffectStep(Model):
    by: PlayerName
    source: Ref | None = None
    do: Effect
    duel: DuelScript | None = None
    choose: list[Union[Ref, StrictInt]] = Field(default_factory=list, max_length=20)


class DiscardStep(Model):
    by: PlayerName
    cards: list[Ref] = Field(min_length=1, max_length=50)


STEP_MODELS = {"action": ActionStep, "recruit": RecruitStep, "equip": EquipStep,
               "dynasty_discard": DynastyDiscardStep, "assign": AssignStep, "effect": EffectStep,
               "discard": DiscardStep, "duel": DuelScript}
PLAYER_STEPS = ("pass", "no_attack", "declare_attack")
STEP_KINDS = tuple(STEP_MODELS) + PLAYER_STEPS + ("fight", "order", "advance")


# ----- expectations ------------------------------------------------------------------------------
class BattleExpect(Model):
    at: Ref
    winner: Literal["tie", "none"] | PlayerName


class DuelExpect(Model):
    winner: Ref | None = None
    loser: list[Ref] | Ref | None = None


class WinnerExpect(Model):
    winner: PlayerName | None
    how: Literal["honor", "military", "dishonor", "enlightenment"] | None = None


class RejectedExpect(Model):
    step: Annotated[StrictInt, Field(ge=1, le=10_000)]
    reason: Word | None = None
    interrupt: Annotated[StrictInt, Field(ge=1, le=50)] | None = None


StatValues = dict[Ref, Small]
EXPECT_MODELS: dict[str, Any] = {
    "honor": dict[PlayerName, Small], "gold": dict[PlayerName, Small], "hand": dict[PlayerName, Count],
    "battle": BattleExpect, "destroyed": list[Ref], "province_destroyed": list[Ref], "province_intact": list[Ref],
    "bowed": list[Ref], "unbowed": list[Ref], "dishonored": list[Ref], "honorable": list[Ref],
    "at": dict[Ref, Ref], "force": StatValues, "chi": StatValues, "personal_honor": StatValues,
    "order": list[Ref], "rejected": RejectedExpect, "winner": Union[PlayerName, None, WinnerExpect],
    "duel": DuelExpect, "stat": dict[Ref, dict[Word, Small]], "keywords": dict[Ref, list[Word]],
    "tokens": dict[Ref, dict[Word, Small]], "favor": Union[PlayerName, None],
}


class Position(Model):
    """The whole document (POSITION-FORMAT.md)."""

    l5r_position: Literal[1] = Field(alias="l5r-position")
    rules: Literal["ivory", "twenty-festivals"] = "ivory"
    title: Annotated[str, StringConstraints(max_length=200)] | None = None
    turn: Annotated[StrictInt, Field(ge=1, le=10_000)] = 1
    active: PlayerName | None = None
    at: Literal[tuple(str(p) for p in START_POINTS)] = "action"
    battlefield: Id | None = None
    attacker: PlayerName | None = None
    defender: PlayerName | None = None
    favor: PlayerName | None = None
    first: PlayerName | None = None  # who took the game's first turn (default: the first player listed)
    cards: list[InlineCard] = Field(default_factory=list, max_length=MAX_ITEMS)
    players: dict[PlayerName, PlayerBoard] = Field(min_length=2, max_length=6)
    script: list[Any] = Field(default_factory=list, max_length=10_000)  # steps: parse_step reads each
    expect: list[Any] = Field(default_factory=list, max_length=500)  # expectations: parse_expect


class StepError(ValueError):
    def __init__(self, path: str, message: str):
        super().__init__(message)
        self.path = path


def parse_step(step, i: int) -> dict:
    """One script step: exactly one known key, its value validated by that step's model."""
    path = f"script[{i}]"
    if not isinstance(step, dict) or len(step) != 1:
        raise StepError(path, f"a step is a mapping with one of {', '.join(STEP_KINDS)}")
    kind, value = next(iter(step.items()))
    if kind not in STEP_KINDS:
        raise StepError(f"{path}.{kind}", f"unknown step {str(kind)[:40]!r}; steps are {', '.join(STEP_KINDS)}")
    if kind in PLAYER_STEPS:
        if isinstance(value, dict) and kind == "declare_attack":
            return {"_kind": kind, **_validated(DeclareStep, value, f"{path}.{kind}").__dict__}
        return {"_kind": kind, "by": _validated(PlayerName, value, f"{path}.{kind}")}
    if kind == "fight":
        return {"_kind": kind, "fight": _validated(Ref, value, f"{path}.fight")}
    if kind == "order":
        return {"_kind": kind, "order": _validated(list[Ref], value, f"{path}.order")}
    if kind == "advance":
        if value not in [str(p) for p in ADVANCE_POINTS]:
            raise StepError(f"{path}.advance", f"{str(value)[:40]!r} is not a point to advance to "
                                               f"({', '.join(str(p) for p in ADVANCE_POINTS)})")
        return {"_kind": kind, "to": value}
    model = _validated(STEP_MODELS[kind], value, f"{path}.{kind}")
    out = {"_kind": kind, **model.__dict__}
    if kind == "duel":
        return {"_kind": kind, **model.as_dict()}
    if isinstance(out.get("duel"), DuelScript):
        out["duel"] = out["duel"].as_dict()
    if "interrupts" in out:
        out["interrupts"] = [{"_kind": "interrupt", **e.__dict__} for e in out["interrupts"]]
    if kind in ("recruit", "dynasty_discard"):
        out["rulebook"] = kind
    if kind == "equip":
        out["rulebook"] = "equip"
    return out


def parse_expect(item, i: int) -> dict:
    path = f"expect[{i}]"
    if not isinstance(item, dict) or not item:
        raise StepError(path, f"an expectation is a mapping with one of {', '.join(EXPECT_MODELS)}")
    keys = list(item)
    if set(keys) == {"winner", "how"}:
        return {"winner": _validated(WinnerExpect, item, path)}
    if len(keys) != 1 or keys[0] not in EXPECT_MODELS:
        bad = next((k for k in keys if k not in EXPECT_MODELS), keys[0])
        raise StepError(f"{path}.{bad}" if len(keys) == 1 else path,
                        f"one of {', '.join(EXPECT_MODELS)} per expectation")
    kind = keys[0]
    return {kind: _validated(EXPECT_MODELS[kind], item[kind], f"{path}.{kind}")}


def _validated(model, value, path: str):
    from pydantic import TypeAdapter

    try:
        if isinstance(model, type) and issubclass(model, Model):
            return model.model_validate(value)
        return TypeAdapter(model).validate_python(value)
    except ValidationError as exc:
        raise StepError(*describe(exc, path)) from None


MODEL_NAMES: set[str] = set()
TAG = re.compile(r"^(?:constrained|function|json|tagged|union|lax|strict|nullable|is|chain|default)-")


def describe(exc: ValidationError, prefix: str = "") -> tuple[str, str]:
    """The first problem of a validation error as (path, message a user can act on)."""
    if not MODEL_NAMES:
        MODEL_NAMES.update(_model_names(Model))
    errors = sorted(exc.errors(include_url=False), key=lambda e: -len(e["loc"]))
    err = _best(errors)
    path = prefix
    for part in err["loc"]:
        if isinstance(part, int):
            path += f"[{part}]"
        elif part in MODEL_NAMES or part.startswith("~") or "[" in part or TAG.match(part) or part in (
                "int", "str", "bool", "none", "list", "dict", "literal"):
            continue
        else:
            path += f".{part}" if path else part
    return path, _message(err)


def _best(errors: list[dict]) -> dict:
    useful = [e for e in errors if e["type"] not in ("union_tag_invalid",)]
    return (useful or errors)[0]


def _message(err: dict) -> str:
    kind, msg = err["type"], err["msg"]
    value = err.get("input")
    shown = repr(value)[:40] if value is not None and not isinstance(value, (dict, list)) else type(value).__name__
    if kind == "extra_forbidden":
        return "unknown key (check the spelling; POSITION-FORMAT.md lists the keys)"
    if kind == "missing":
        return "required" if err["loc"] != ("l5r-position",) else "required, and must be 1 (this format's version)"
    if kind.startswith("string_too_long"):
        return f"too long ({msg.lower()})"
    if kind == "string_pattern_mismatch":
        return f"{shown} is not valid here: ids and player names are letters, digits, '-', '_' or '.'"
    if kind == "value_error":
        return msg.removeprefix("Value error, ")
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"expected a whole number, got {shown}"
    if kind in ("bool_type", "bool_parsing"):
        return f"expected true or false, got {shown}"
    if kind in ("string_type",):
        return f"expected text, got {shown}"
    if kind in ("list_type",):
        return f"expected a list, got {shown}"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"expected a mapping, got {shown}"
    if kind in ("greater_than_equal", "less_than_equal"):
        return f"{shown} is out of range ({msg.lower()})"
    if kind == "literal_error":
        expected = msg.removeprefix("Input should be ")
        if err["loc"] == ("l5r-position",):
            return f"required, and must be 1 (this format's version), got {shown}"
        if err["loc"] == ("at",):
            return f"{shown} is not a point of the turn; it is one of {expected}"
        return f"{shown} is not allowed here; use {expected}"
    if kind == "too_long":
        return f"too many entries ({msg.lower()})"
    return f"{msg} (got {shown})"


def _model_names(base) -> set[str]:
    out = set()
    for sub in base.__subclasses__():
        out.add(sub.__name__)
        out |= _model_names(sub)
    return out
