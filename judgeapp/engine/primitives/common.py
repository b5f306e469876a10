"""Argument shapes several primitives share, and reading their cards."""
from __future__ import annotations

from ..references import resolve
from ..registry import TargetLost
from ..structures import Model, Ref
from ..vocab import StepKind, Until


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
