"""What an Interrupt does to the action it interrupts (``interrupt-actions``): it "may modify
the effects of the action it interrupts – including preventing some or all of these
effects", and those changes concern that action only ("An Interrupt's effects do not
change actions other than the one it interrupted").  The action's record is ``acting``."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..acting import Limit
from ..registry import Primitive, primitive
from ..structures import AllRef, Model, Ref
from ..vocab import StepKind
from .cards import describe_filter, describe_ref
from .common import cards_of

Designator = Literal["battle", "engage", "open", "limited", "dynasty"]
LIMITED = {"moves": "movement"}


class LimitActionArgs(Model):
    what: Literal[tuple(LIMITED)] = "moves"
    target: Ref  # the cards: chosen now, or (every …) any card fitting when it happens
    designators: list[Designator] = Field(default_factory=list, max_length=5)  # "The Battle action": only that kind
    negate: bool = False  # printed as a negation ("Negate his movement from the action"), not "cannot"


@primitive
class LimitAction(Primitive):
    """"The action cannot move Personalities", "Negate Iairimi's movement from the action": the
    interrupted action's effects will not cause that occurrence; other effects still resolve
    (``interrupt-actions``, ``negate``, ``prevention``)."""

    name, Args, cite = "limit_action", LimitActionArgs, "interrupt-actions"
    card_args = ("target",)

    @classmethod
    def run(cls, g, ctx, args):
        action = ctx.interrupted
        if action is None:
            g.record(StepKind.EFFECT, f"{ctx.why()}: there is no action to change", [cls.cite], ctx.player,
                     "resolve")
            return False
        if args.designators and action.designator not in args.designators:
            kinds = " or ".join(d.capitalize() for d in args.designators)
            g.record(StepKind.EFFECT, f"{ctx.why()}: {action.why()} is not a {kinds} action, so it is not changed",
                     [cls.cite], ctx.player, "resolve")
            return False
        if isinstance(args.target, AllRef):
            cards, fits = None, args.target.all
        else:
            cards, fits = frozenset(c.id for c in cards_of(g, ctx, args.target)), None
        action.limits.append(Limit(args.what, f"{ctx.why()}: {cls.describe(args)}", ctx.player, cards, fits))
        g.record(StepKind.EFFECT, f"{action.why()}: {cls.describe(args)} ({ctx.why()})",
                 [cls.cite, "negate" if args.negate else "prevention"], ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        who = "any " + describe_filter(args.target.all) if isinstance(args.target, AllRef) else describe_ref(args.target)
        kind = f"{' or '.join(d.capitalize() for d in args.designators)} " if args.designators else ""
        if args.negate:
            return f"negate {who}'s {LIMITED[args.what]} from the {kind}action"
        return f"the {kind}action's effects cannot move {who}"
