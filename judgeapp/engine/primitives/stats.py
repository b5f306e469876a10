"""Stat effects: bonuses and penalties, set/raise/lower, minimums and maximums, "to a
minimum/maximum" (``bonuses-and-penalties``, ``setting-stats-to-values``,
``minimums-and-maximums``, ``to-a-minimum-to-a-maximum``), for Force, Chi, Personal
Honor, Province Strength and Gold Production."""
from __future__ import annotations

from pydantic import Field, model_validator

from ..acting import limited_change
from ..references import amount
from ..registry import Primitive, primitive
from ..state import Modifier
from ..structures import Model, Number, Ref, SmallInt
from ..vocab import UNTIL_WORDS, StepKind, Until
from .common import cards_of
from .cards import describe_amount, describe_ref, stat_words

OPS = ("set", "raise", "lower", "min", "max")
OP_SECTION = {"set": "setting-stats-to-values", "raise": "setting-stats-to-values", "lower": "setting-stats-to-values",
              "min": "minimums-and-maximums", "max": "minimums-and-maximums"}
OP_WORDS = {"set": "set to", "raise": "raised to", "lower": "lowered to", "min": "given a minimum of",
            "max": "given a maximum of"}
LETTER = {"force": "F", "chi": "C", "personal_honor": "PH", "focus": "FV"}


class StatArgs(Model):
    target: Ref = "self"
    amount: Number | None = None
    set: Number | None = None
    raise_: Number | None = Field(None, alias="raise")
    lower: Number | None = None
    min: Number | None = None
    max: Number | None = None
    to_min: SmallInt | None = None
    to_max: SmallInt | None = None
    until: Until = Until.END_OF_TURN

    @model_validator(mode="after")
    def _one_change(self):
        given = [k for k in ("amount", "set", "raise_", "lower", "min", "max") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of amount (a bonus or penalty), set, raise, lower, min or max")
        return self

    def op(self) -> str:
        for key in OPS:
            if getattr(self, "raise_" if key == "raise" else key) is not None:
                return key
        return "add"

    def value(self):
        op = self.op()
        return self.amount if op == "add" else getattr(self, "raise_" if op == "raise" else op)


class _Stat(Primitive):
    stat: str

    @classmethod
    def run(cls, g, ctx, args: StatArgs):
        targets = cls.targets(g, ctx, args)
        if not targets:
            return False
        op, n = args.op(), amount(g, args.value(), ctx)
        for tid, title, current in targets:
            g.tick()
            before = current()
            bound = args.to_min if args.to_min is not None else args.to_max
            mop = "limited" if op == "add" and bound is not None else op
            g.modifiers.append(Modifier(cls.stat, tid, mop, n, args.until, ctx.why(), len(g.modifiers), bound,
                                        ctx.player))
            after = current()
            negated = limited_change(g, g.cards.get(tid), cls.stat, before, after)
            if negated:  # an Interrupt to the action negated it (interrupt-actions, negate)
                g.modifiers.pop()
                g.record(StepKind.EFFECT, f"{title}: the {cls.stat.replace('_', ' ')} "
                                          f"{'bonus' if after > before else 'penalty'} from {ctx.why()} is negated "
                                          f"({negated})", ["negate", "interrupt-actions"], ctx.player, "resolve")
                continue
            g.timeline.note({"card" if "." not in tid or tid in g.cards else "province": tid,
                             cls.stat: [before, after]})
            if op == "add":
                sign = "+" if n >= 0 else ""
                letter = LETTER.get(cls.stat, f" {cls.stat.replace('_', ' ')}")
                limit = ""
                if bound is not None:
                    limit = f" to a {'minimum' if args.to_min is not None else 'maximum'} of {bound}"
                text = (f"{title} gets {sign}{n}{letter}{limit} ({UNTIL_WORDS[args.until]}, {ctx.why()}); now "
                        f"{after}")
                section = "to-a-minimum-to-a-maximum" if bound is not None else "bonuses-and-penalties"
            else:
                text = (f"{title}'s {cls.stat.replace('_', ' ')} is {OP_WORDS[op]} {n} ({UNTIL_WORDS[args.until]}, "
                        f"{ctx.why()}); now {after}")
                section = OP_SECTION[op]
            g.record(StepKind.EFFECT, text, [section], ctx.player, "resolve")
        return True

    @classmethod
    def targets(cls, g, ctx, args):
        return [(c.id, c.title, (lambda c=c: g.stat(c, cls.stat))) for c in cards_of(g, ctx, args.target)
                if c.in_play]

    @classmethod
    def describe(cls, args):
        op = args.op()
        value = args.value()
        who = describe_ref(args.target)
        until = "" if args.until == Until.END_OF_TURN else f" {UNTIL_WORDS[args.until]}"
        if op == "add":
            letter = LETTER.get(cls.stat, f" {cls.stat.replace('_', ' ')}")
            if not isinstance(value, int):
                sign = "penalty" if value.times < 0 else "bonus"
                return f"{who} gets a {stat_words(cls.stat)} {sign} equal to " \
                       f"{describe_amount(value.negated() if value.times < 0 else value)}{until}"
            return f"{who} gets {'+' if value >= 0 else ''}{value}{letter}{until}"
        return f"{who}'s {stat_words(cls.stat)} is {OP_WORDS[op]} {describe_amount(value)}{until}"


@primitive
class Force(_Stat):
    name, Args, stat, cite = "force", StatArgs, "force", "bonuses-and-penalties"


@primitive
class Chi(_Stat):
    name, Args, stat, cite = "chi", StatArgs, "chi", "bonuses-and-penalties"


@primitive
class PersonalHonor(_Stat):
    name, Args, stat, cite = "personal_honor", StatArgs, "personal_honor", "bonuses-and-penalties"


@primitive
class GoldProduction(_Stat):
    """A Stronghold's Gold Production stat, or what a Holding adds to each production
    (``holding-gold-production``)."""

    name, Args, stat, cite = "gold_production", StatArgs, "gold_production", "holding-gold-production"

    @classmethod
    def targets(cls, g, ctx, args):
        from ..payment import production

        out = []
        for c in cards_of(g, ctx, args.target):
            if c.in_play:
                out.append((c.id, c.title, lambda c=c: (production(g, c) or (0, None))[0]))
        return out


@primitive
class ProvinceStrength(_Stat):
    name, Args, stat, cite = "province_strength", StatArgs, "province_strength", "provinces"

    @classmethod
    def targets(cls, g, ctx, args):
        refs = args.target if isinstance(args.target, list) else [args.target]
        refs = [r for ref in refs for r in ((ctx.targets.get(ref) or []) if isinstance(ref, int) else [ref])]
        out = []
        for ref in refs:
            prov = g.province(ref) if isinstance(ref, str) else None
            if prov is None and ref == "here":
                prov = g.province(g.battlefield)
            if prov is not None and not prov.destroyed:
                out.append((prov.id, f"Province {prov.id}", lambda p=prov: g.province_strength(p)))
        return out
