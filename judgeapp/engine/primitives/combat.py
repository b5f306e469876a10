"""Military effects: Ranged and Melee Attacks destroy, Fear bows, a Follower or a
Personality without Followers whose Force is not more than the strength
(``ranged-attack``, ``melee-attack``, ``fear``); strength changes from Interrupts such as
Courage add in (``courage``, ``combining``)."""
from __future__ import annotations

from .. import cardops
from ..acting import boost, limited_attack
from ..references import amount
from ..registry import Primitive, primitive
from ..structures import Model, Number, Ref
from ..textstatics import attack_against
from ..vocab import StepKind
from .common import cards_of
from .cards import describe_amount, describe_ref


class AttackArgs(Model):
    target: Ref
    amount: Number


class _Attack(Primitive):
    label: str

    @classmethod
    def run(cls, g, ctx, args):
        strength = amount(g, args.amount, ctx) + ctx.strength.get(cls.name, 0) + boost(ctx, cls.name)
        done = False
        for card in cards_of(g, ctx, args.target):
            g.tick()
            if not card.in_play:
                continue
            negated, change = attack_against(g, card, cls.name, ctx.player)
            if negated:
                g.record(StepKind.EFFECT, f"{cls.label.format(n=strength)} against {card.title} is negated by a "
                                          "trait", [cls.cite, "negate"], ctx.player, "resolve")
                continue
            stopped = limited_attack(g, cls.name, card)
            if stopped:
                g.record(StepKind.EFFECT, f"{cls.label.format(n=strength)} against {card.title} is negated "
                                          f"({stopped})", [cls.cite, "negate", "interrupt-actions"], ctx.player,
                         "resolve")
                continue
            force = g.stat(card, "force")
            label = cls.label.format(n=max(strength + change, 0))
            if force > strength + change:
                g.record(StepKind.EFFECT, f"{label} against {card.title} fails: {force}F is more than "
                                          f"{max(strength + change, 0)}",
                         [cls.cite], ctx.player, "resolve")
                continue
            g.record(StepKind.EFFECT, f"{label} against {card.title}: {force}F is not more than "
                                      f"{max(strength + change, 0)}",
                     [cls.cite], ctx.player, "resolve")
            if cls.name == "fear":
                done = cardops.bow(g, card, label, [cls.cite], ctx.player, ctx.source) or done
            else:
                done = bool(cardops.leave_play(g, card, "destroyed", label, [cls.cite], ctx.player, ctx.source)) or done
        return done

    @classmethod
    def describe(cls, args):
        if isinstance(args.amount, int):
            return f"{cls.label.format(n=args.amount)} against {describe_ref(args.target)}"
        return f"{cls.label.format(n='X')} against {describe_ref(args.target)}, X = {describe_amount(args.amount)}"


@primitive
class RangedAttack(_Attack):
    name, Args, cite, label = "ranged_attack", AttackArgs, "ranged-attack", "Ranged {n} Attack"


@primitive
class MeleeAttack(_Attack):
    name, Args, cite, label = "melee_attack", AttackArgs, "melee-attack", "Melee {n} Attack"


@primitive
class Fear(_Attack):
    name, Args, cite, label = "fear", AttackArgs, "fear", "Fear {n}"
