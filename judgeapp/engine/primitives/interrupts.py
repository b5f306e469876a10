"""What an Interrupt does to the action it interrupts (``interrupt-actions``): it "may modify
the effects of the action it interrupts – including preventing some or all of these
effects", and those changes concern that action only ("An Interrupt's effects do not
change actions other than the one it interrupted").  The action's record is ``acting``."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..acting import Limit
from ..registry import Primitive, primitive
from ..structures import ActionTest, AllRef, Filter, Model, Ref, SmallInt
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
        who = "any " + (describe_filter(args.target.all) if args.target.all != Filter() else "card") \
            if isinstance(args.target, AllRef) else describe_ref(args.target)
        kind = f"{' or '.join(d.capitalize() for d in args.designators)} " if args.designators else ""
        if args.negate:
            return f"negate {who}'s {LIMITED[args.what]} from the {kind}action"
        return f"the {kind}action's effects cannot move {who}"


AttackKind = Literal["fear", "ranged_attack", "melee_attack"]
ATTACK_WORDS = {"fear": "Fear effect", "ranged_attack": "Ranged Attack", "melee_attack": "Melee Attack"}


class AttackStrengthArgs(Model):
    kinds: list[AttackKind] = Field(min_length=1, max_length=3)
    amount: SmallInt
    each: bool = False  # every one of the action's attacks of these kinds; else one of them


@primitive
class AttackStrength(Primitive):
    """"Give the action's Ranged Attacks +2 strength", "Give a Melee or Ranged Attack +2 strength": an
    Interrupt changes the strength of the action's attack effects; "a …" is one of them, the first
    the action makes (``interrupt-actions``, ``ranged-attack``, ``melee-attack``, ``fear``)."""

    name, Args, cite = "attack_strength", AttackStrengthArgs, "interrupt-actions"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        action = ctx.interrupted
        if action is None:
            g.record(StepKind.EFFECT, f"{ctx.why()}: there is no action to change", [cls.cite], ctx.player,
                     "resolve")
            return False
        if args.each:
            for kind in args.kinds:
                action.strength[kind] = action.strength.get(kind, 0) + args.amount
        else:
            action.boosts.append((frozenset(args.kinds), args.amount))
        g.record(StepKind.EFFECT, f"{action.why()}: {cls.describe(args)} ({ctx.why()})",
                 [cls.cite] + [ATTACK_CITES[k] for k in args.kinds], ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        kinds = " or ".join(ATTACK_WORDS[k] + "s" for k in args.kinds)
        return f"give {'each' if args.each else 'one'} of the action's {kinds} {args.amount:+d} strength"


ATTACK_CITES = {"fear": "fear", "ranged_attack": "ranged-attack", "melee_attack": "melee-attack"}


DID = {"moves": "moved", "recruited": "Recruited", "destroyed": "destroyed", "bows": "bowed"}


def describe_action(test: ActionTest) -> str:
    """An Interrupt's test of the action it interrupts, in plain words."""
    kind = " ".join(list(test.keywords) + [d.capitalize() for d in test.designators]
                    + [" or ".join(ATTACK_WORDS[k] for k in test.has)])
    words = [f"the action is {_a(kind.strip())} action"] if kind.strip() else []
    if test.source is not None:
        words.append(f"the action is from {_a(describe_filter(test.source))}")
    if test.did is not None:
        what = describe_ref(test.card) if test.card is not None else _a(describe_filter(test.fits)) \
            if test.fits is not None else "a card"
        where = {"battlefield": " to a battlefield", "home": " home", None: ""}[test.to]
        words.append(f"the action {DID[test.did]} {what}{where}" + (" during a battle" if test.in_battle else ""))
    return " and ".join(words)


def _a(words: str) -> str:
    return words if words.startswith(("your ", "another ")) else ("an " if words[:1] in "aeiouAEIOU" else "a ") + words
