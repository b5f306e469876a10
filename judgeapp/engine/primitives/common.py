"""Argument shapes several primitives share, and reading their cards."""
from __future__ import annotations

from ..acting import is_action
from ..references import resolve
from ..registry import Primitive, TargetLost
from ..state import Delayed, Ongoing
from ..structures import Model, Ref
from ..vocab import UNTIL_WORDS, StepKind, Until


class TargetArgs(Model):
    target: Ref = "self"


class Lasting(Model):
    until: Until = Until.END_OF_TURN


def cards_of(g, ctx, ref) -> list:
    """The cards an argument names; a numbered target never chosen stops the effects."""
    found = resolve(g, ref, ctx)
    if found is None:
        raise TargetLost("its target was never chosen")
    return found


def names(cards) -> str:
    return ", ".join(c.title for c in cards) or "nothing"


def interrupted_action(g, ctx, cite: str, verb: str):
    """The action an Interrupt's effect works on, or None after a step saying there is none to ``verb``
    (an Interrupt's effects refer to the action it interrupts, ``interrupt-actions``)."""
    if ctx.interrupted is None:
        g.record(StepKind.EFFECT, f"{ctx.why()}: there is no action to {verb}", [cite], ctx.player, "resolve")
    return ctx.interrupted


class ActionChange(Primitive):
    """An Interrupt's effect on the action it interrupts: nothing without that action, nothing to an action of another
    kind than the text names ("from the Battle action", an argument ``designators``); else ``change`` makes the change
    on the action's record and says what became of the action, which is recorded (``interrupt-actions``)."""

    verb, done = "change", "changed"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        action = interrupted_action(g, ctx, cls.cite, cls.verb)
        if action is None:
            return False
        kinds = getattr(args, "designators", None)
        if kinds and action.designator not in kinds:
            g.record(StepKind.EFFECT, f"{ctx.why()}: {action.why()} is not a {' or '.join(k.capitalize() for k in kinds)} "
                                      f"action, so it is not {cls.done}", ["interrupt-actions"], ctx.player, "resolve")
            return False
        said, cites = cls.change(g, ctx, args, action)
        g.record(StepKind.EFFECT, f"{action.why()}{said} ({ctx.why()})", cites, ctx.player, "resolve")
        return True

    @classmethod
    def change(cls, g, ctx, args, action) -> tuple[str, list[str]]:
        raise NotImplementedError


def pay_for_card(g, ctx, card, cost: int, verb: str) -> bool:
    """The Gold for a card an Equip or Recruit effect brings into play: with [* Gold], the card's Gold Cost is
    checked against the amount paid for the action and must equal it; an action that gave no opportunity to
    pay Gold pays the Gold Cost now, or the card does not enter play (``paying-gold-costs``, ``equip``,
    ``recruit``)."""
    from .. import payment

    if getattr(ctx.ability, "gold", None) == "*":
        if cost == ctx.paid:
            return True
        return entry_fails(g, ctx, card, verb, f"its Gold Cost here is {cost}, and {ctx.paid} Gold was paid for "
                                               "the action", "paying-gold-costs")
    if payment.pay(g, ctx.player, cost, payment.Purchase(ctx.player, card), None, card.title):
        return True
    return entry_fails(g, ctx, card, verb, f"{ctx.player.capitalize()} cannot pay its Gold Cost of {cost}",
                       "paying-gold-costs")


def entry_fails(g, ctx, card, verb: str, why: str, section: str) -> bool:
    """A step saying the card an effect would bring into play does not enter it, and why."""
    g.record(StepKind.EFFECT, f"The {verb} of {card.title} fails: {why} ({ctx.why()})",
             list(dict.fromkeys([section, verb.lower()])), ctx.player, "resolve")
    return False


def lasting_on_each(g, ctx, target, kind: str, data: dict, until, cite: str, said, why: str | None = None) -> bool:
    """A lasting effect on each target still in play, one step each saying what it now has and for how long;
    a card that left play gets nothing (``duration-of-effects``). ``said(card)`` words the change."""
    done = False
    for card in cards_of(g, ctx, target):
        if not card.in_play:
            continue
        g.ongoing.append(Ongoing(kind, card.id, data, until, why or ctx.why(), ctx.player))
        g.version += 1
        g.record(StepKind.EFFECT, f"{said(card)} {UNTIL_WORDS[until]} ({ctx.why()})", [cite], ctx.player, "resolve")
        done = True
    return done


def delay(g, ctx, spec, source: str | None = None, targets: dict | None = None, **kw) -> Delayed:
    """Set up a delayed effect for the player now acting, with the targets chosen so far; one an action sets up
    stays that action's effect when it resolves (``delayed-effects``). ``source`` names it in the steps (the
    card's title by default)."""
    delayed = Delayed(spec, ctx.player, source or (ctx.source.title if ctx.source else "a judge's effect"),
                      dict(ctx.targets) if targets is None else targets, ctx.source.id if ctx.source else None,
                      of_action=is_action(ctx), **kw)
    g.delayed.append(delayed)
    return delayed
