"""Military effects: Ranged and Melee Attacks destroy, Fear bows, a Follower or a
Personality without Followers whose Force is not more than the strength
(``ranged-attack``, ``melee-attack``, ``fear``); strength changes from Interrupts such as
Courage add in (``courage``, ``combining``)."""
from __future__ import annotations

from pydantic import Field

from .. import cardops
from ..acting import boost, limited_attack
from ..references import amount, matches
from ..registry import Primitive, primitive
from ..structures import Filter, Model, Number, Ref
from ..textstatics import attack_against
from ..vocab import StepKind
from .common import cards_of
from .cards import describe_amount, describe_filter, describe_ref


class AttackArgs(Model):
    target: Ref
    amount: Number


class FearArgs(AttackArgs):
    destroys: list[Filter] = Field(default_factory=list, max_length=4)  # "that destroys Followers after it bows them"


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
            negated, change = attack_against(g, card, cls.name, ctx.player, ctx.source)
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
            total = max(strength + change, 0)  # no strength below zero ("his Force minus 1 (minimum zero)")
            label = cls.label.format(n=total)
            if force > total:
                g.record(StepKind.EFFECT, f"{label} against {card.title} fails: {force}F is more than {total}",
                         [cls.cite], ctx.player, "resolve")
                continue
            g.record(StepKind.EFFECT, f"{label} against {card.title}: {force}F is not more than {total}",
                     [cls.cite], ctx.player, "resolve")
            if cls.name == "fear":
                bowed = cardops.bow(g, card, label, [cls.cite], ctx.player, ctx.source)
                done = bowed or done
                if bowed and any(matches(g, f, card, ctx) for f in args.destroys):
                    cardops.leave_play(g, card, "destroyed", f"{label}, which destroys it after it bows it",
                                       [cls.cite], ctx.player, ctx.source)
            else:
                done = bool(cardops.leave_play(g, card, "destroyed", label, [cls.cite], ctx.player, ctx.source)) or done
        return done

    @classmethod
    def describe(cls, args):
        if isinstance(args.amount, int):
            words = f"{cls.label.format(n=args.amount)} against {describe_ref(args.target)}"
        else:
            words = f"{cls.label.format(n='X')} against {describe_ref(args.target)}, X = {describe_amount(args.amount)}"
        for flt in getattr(args, "destroys", []):
            words += f"; it destroys a {describe_filter(flt)} after bowing it"
        return words


@primitive
class RangedAttack(_Attack):
    name, Args, cite, label = "ranged_attack", AttackArgs, "ranged-attack", "Ranged {n} Attack"


@primitive
class MeleeAttack(_Attack):
    name, Args, cite, label = "melee_attack", AttackArgs, "melee-attack", "Melee {n} Attack"


@primitive
class Fear(_Attack):
    name, Args, cite, label = "fear", FearArgs, "fear", "Fear {n}"
