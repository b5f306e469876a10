"""Argument shapes several primitives share, and reading their cards."""
from __future__ import annotations

from ..references import resolve
from ..registry import TargetLost
from ..structures import Model, Ref
from ..vocab import Until


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
