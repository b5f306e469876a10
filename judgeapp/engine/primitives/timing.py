"""Effects about other effects: prevention (once, or lasting: "will not be destroyed this
turn"), substitution ("instead"), negating a card's traits, delayed effects, and
triggered effects on any game event (``prevention``, ``substitution``, ``negate``,
``delayed-effects``, ``indefinite-conditional-effects``, ``timing-conflicts``)."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from ..registry import Effect, Primitive, primitive
from ..references import players
from ..state import Ongoing
from ..structures import Condition, Model, Ref, Title
from ..vocab import UNTIL_WORDS, StepKind, Until
from .common import cards_of, delay
from .cards import describe_ref
from .interrupts import OwnTargets, then_words

EVENT_WORDS = {"destroy": "destroyed", "destroyed": "destroyed", "bow": "bows", "bows": "bows",
               "straighten": "straightens", "straightens": "straightens", "move": "moves", "move_home": "moves",
               "moves": "moves", "dishonor": "dishonored", "dishonored": "dishonored", "rehonor": "rehonored",
               "rehonored": "rehonored", "discard": "discarded", "discarded": "discarded", "gain_honor":
               "honor_gained", "honor_gained": "honor_gained", "lose_honor": "honor_lost", "honor_lost": "honor_lost",
               "enters_play": "enters_play", "attacks": "attacks", "any": "any"}
What = Literal[tuple(EVENT_WORDS)]


class PreventArgs(Model):
    target: Ref = "self"
    what: What = "destroyed"
    until: Until | None = None  # given: it lasts ("will not … this turn"); absent: the next one only


@primitive
class Prevent(Primitive):
    name, Args, cite = "prevent", PreventArgs, "prevention"

    @classmethod
    def run(cls, g, ctx, args):
        what = EVENT_WORDS[args.what]
        for key, title in _keys(g, ctx, args.target):
            g.ongoing.append(Ongoing("prevent", key, {"what": what}, args.until or Until.END_OF_TURN, ctx.why(),
                                     ctx.player, once=args.until is None))
            span = "the next time" if args.until is None else UNTIL_WORDS[args.until]
            g.record(StepKind.EFFECT, f"{title}: {what.replace('_', ' ')} will not happen ({span}; {ctx.why()})",
                     [cls.cite, "timing-conflicts"], ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        return (f"{describe_ref(args.target)} will not be {EVENT_WORDS[args.what].replace('_', ' ')}"
                + ("" if args.until is None else f" {UNTIL_WORDS[args.until]}"))


class InsteadArgs(Model):
    target: Ref = "self"
    of: What = "destroyed"
    do: list[Effect] = Field(default_factory=list, max_length=10)
    until: Until | None = None

    @model_validator(mode="before")
    @classmethod
    def _what(cls, data):
        if isinstance(data, dict) and "what" in data and "of" not in data:
            data = {("of" if k == "what" else k): v for k, v in data.items()}
        if isinstance(data, dict) and isinstance(data.get("do"), dict):
            data = {**data, "do": [data["do"]]}
        return data


@primitive
class Instead(Primitive):
    name, Args, cite = "instead", InsteadArgs, "substitution"

    @classmethod
    def run(cls, g, ctx, args):
        what = EVENT_WORDS[args.of]
        for key, title in _keys(g, ctx, args.target):
            g.ongoing.append(Ongoing("instead", key, {"what": what, "do": list(args.do),
                                                      "source_id": ctx.source.id if ctx.source else None},
                                     args.until or Until.END_OF_TURN, ctx.why(), ctx.player, once=args.until is None))
            g.record(StepKind.EFFECT, f"{title}: the next {what.replace('_', ' ')} will be replaced "
                                      f"({ctx.why()})", [cls.cite, "timing-conflicts"], ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        return (f"instead of {describe_ref(args.target)} being {EVENT_WORDS[args.of].replace('_', ' ')}: "
                + "; ".join(e.describe() for e in args.do))


def _keys(g, ctx, ref):
    """Cards (by id) or players (by name) an ongoing effect watches."""
    if isinstance(ref, str) and (ref in g.players or ref in ("you", "opponent")):
        return [(p, p.capitalize()) for p in players(g, ref, ctx)]
    return [(c.id, c.title) for c in cards_of(g, ctx, ref)]


class NegateArgs(Model):
    target: Ref = "self"
    until: Until = Until.END_OF_TURN


@primitive
class Negate(Primitive):
    """Negate a card's traits for a time (``negate``): its continuous and triggered traits
    and its Gold production stop applying."""

    name, Args, cite = "negate", NegateArgs, "negate"

    @classmethod
    def run(cls, g, ctx, args):
        for card in cards_of(g, ctx, args.target):
            g.ongoing.append(Ongoing("negate_traits", card.id, {}, args.until, ctx.why(), ctx.player))
            g.version += 1
            g.record(StepKind.EFFECT, f"{card.title}'s traits are negated {UNTIL_WORDS[args.until]} ({ctx.why()})",
                     [cls.cite], ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        return f"negate the traits of {describe_ref(args.target)}"


class DelayedArgs(OwnTargets):
    after: Title | None = None
    before: Title | None = None
    when: Title | None = None
    # "After the action resolves, if it was Fire …, give your target Shugenja +2F": checked when it happens, before
    # its targets are chosen (``delayed.py``)
    condition: Condition | None = Field(default=None, alias="if")
    do: list[Effect] = Field(min_length=1, max_length=10)

    @model_validator(mode="before")
    @classmethod
    def _one(cls, data):
        if isinstance(data, dict) and isinstance(data.get("do"), dict):
            data = {**data, "do": [data["do"]]}
        return data

    @model_validator(mode="after")
    def _point(self):
        from ..cardtext import timing_point

        given = [k for k in ("after", "before", "when") if getattr(self, k)]
        if len(given) != 1:
            raise ValueError("a delayed effect has one of after:, before: or when: a timing point")
        if timing_point(getattr(self, given[0])) is None:
            raise ValueError(f"{getattr(self, given[0])!r} is not a timing point this engine reads (such as "
                             "\"your next turn begins\", \"the battle ends\", \"the Attack Phase ends\")")
        return self


@primitive
class Delay(Primitive):
    name, Args, cite = "delayed", DelayedArgs, "delayed-effects"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        from ..abilities import TriggerSpec
        from ..cardtext import timing_point

        timing = next(k for k in ("after", "before", "when") if getattr(args, k))
        text = getattr(args, timing)
        event, phase, whose = timing_point(text)
        spec = TriggerSpec(when=timing, event=event, phase=phase, whose=whose, condition=args.condition,
                           do=list(args.do), targets=list(args.targets), text=f"{timing.capitalize()} {text}{_if_words(args)}: {then_words(args)}")
        delay(g, ctx, spec, action=ctx.interrupted, choices=list(ctx.choices), first=args.first_target)
        g.record(StepKind.EFFECT, f"Delayed effect set up: “{spec.text}” ({ctx.why()})", [cls.cite], ctx.player,
                 "resolve")
        return True

    @classmethod
    def describe(cls, args):
        timing = next(k for k in ("after", "before", "when") if getattr(args, k))
        return f"{timing} {getattr(args, timing)}{_if_words(args)}: {then_words(args)}"


def _if_words(args: DelayedArgs) -> str:
    from ..abilities import describe_condition

    return f", if {describe_condition(args.condition)}" if args.condition is not None else ""


class TriggerArgs(Model):
    """A stated triggered effect on any game event, lasting ``until``."""

    when: Literal["before", "when", "after"]
    event: str = Field(max_length=40)
    whose: Literal["your", "any", "self", "host", "enemy", "other"] = "any"
    phase: Literal["action", "attack", "dynasty"] | None = None
    do: list[Effect] = Field(min_length=1, max_length=10)
    until: Until = Until.END_OF_TURN

    @model_validator(mode="before")
    @classmethod
    def _one(cls, data):
        if isinstance(data, dict) and isinstance(data.get("do"), dict):
            data = {**data, "do": [data["do"]]}
        return data

    @model_validator(mode="after")
    def _event(self):
        from ..abilities import EventName

        if self.event not in EventName.__args__:
            raise ValueError(f"unknown event {self.event!r}; events are {', '.join(EventName.__args__)}")
        return self


@primitive
class Trigger(Primitive):
    name, Args, cite = "trigger", TriggerArgs, "indefinite-conditional-effects"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        from ..abilities import TriggerSpec

        spec = TriggerSpec(when=args.when, event=args.event, whose=args.whose, phase=args.phase, do=list(args.do),
                           text=cls.describe(args))
        delay(g, ctx, spec, repeat=True, until=args.until)
        g.record(StepKind.EFFECT, f"From now {UNTIL_WORDS[args.until]}: {spec.text} ({ctx.why()})", [cls.cite],
                 ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        return (f"{args.when} {args.whose if args.whose != 'any' else 'any'} {args.event.replace('_', ' ')}: "
                + "; ".join(e.describe() for e in args.do))


class Option(Model):
    word: Annotated[str, StringConstraints(min_length=1, max_length=40)]
    do: list[Effect] = Field(min_length=1, max_length=10)


class ChooseArgs(Model):
    options: list[Option] = Field(min_length=2, max_length=6)


@primitive
class Choose(Primitive):
    """An alternative effect ("+1F or +1C", ``choices``): the script's ``choose:`` names the
    option by its word; otherwise the engine takes the first and says so.  An option with
    targets of its own was chosen before them (``resolution.take_alternative``)."""

    name, Args, cite = "choose", ChooseArgs, "choices"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        from ..resolution import run_effects

        taken = next((o for o in args.options if o.word == ctx.alternative), None)
        if taken is not None:  # chosen before its targets (choice-paradoxes): that choice stands
            ctx.alternative = None
            return run_effects(g, ctx, [], taken.do)
        wanted = str(ctx.choices.pop(0)).lower() if ctx.choices else None
        option = next((o for o in args.options if o.word.lower() == wanted), None)
        if option is None:
            option = args.options[0]
            note = (f"{wanted!r} is not one of the options; " if wanted else "no choose: answer; ") + \
                "the engine takes the first"
        else:
            note = "as the script chooses"
        g.record(StepKind.CHOICE, f"{ctx.player.capitalize()} chooses {option.word} ({note}; options: "
                                  f"{', '.join(o.word for o in args.options)})", [cls.cite], ctx.player, "resolve")
        return run_effects(g, ctx, [], option.do)

    @classmethod
    def describe(cls, args):
        from ..abilities import describe_effect

        return " or ".join(f"{'; '.join(describe_effect(e) for e in o.do)}" for o in args.options)
