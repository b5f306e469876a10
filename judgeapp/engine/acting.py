"""The action being carried out, as the Interrupts that answer it see it (``action-sequence``,
``interrupt-actions``, ``negate``).

An Interrupt is announced after the action's costs are paid and before its effects start to
resolve; it "may modify the effects of the action it interrupts – including preventing some
or all of these effects", and its "After …" phrases refer to the interrupted action's effects
(``interrupt-actions``).  So the engine keeps, while effects resolve, whose effects they are:
``Game.acting`` holds the contexts resolving now, innermost last — an action from the start
of its resolution (step D) to its end, and each trait, delayed effect or Interrupt while its
own effects run.  An occurrence (a card moving, bowing, being destroyed …) belongs to the
innermost one; each context remembers its occurrences (``Context.did``), and an Interrupt's
limits on the action ("the action cannot move Personalities", "negate Iairimi's movement
from the action") are checked against them in step A of the timing-conflict sequence
(``timing-conflicts``), for that action's own effects only.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

from .references import Context, matches
from .structures import Filter


@dataclass(frozen=True)
class Limit:
    """An occurrence the action's effects will not cause: ``what`` (an event name) to these
    cards (ids) or to any card fitting ``fits`` when it happens."""

    what: str
    why: str  # the Interrupt's words, for the record
    player: str  # the Interrupt's player: the point of view of ``fits`` ("your Personality")
    cards: frozenset[str] | None = None
    fits: Filter | None = None


def owner(ctx: Context) -> Context:
    """The action a context's effects belong to: its own, or the one it carries out (a duel's
    consequences are the effects of the action that started the duel)."""
    return ctx.action if ctx.action is not None else ctx


@contextmanager
def resolving(g, ctx: Context):
    """The context's effects are resolving: occurrences from now on are its own."""
    g.acting.append(owner(ctx))
    try:
        yield
    finally:
        g.acting.pop()


class Taking:
    """One action being taken: its context once its resolution has begun (``resolves``)."""

    def __init__(self, g):
        self.g, self.depth = g, len(g.acting)

    @property
    def action(self) -> Context | None:
        return self.g.acting[self.depth] if len(self.g.acting) > self.depth else None


@contextmanager
def taking(g):
    """One action from announcement to its end: what ``resolves`` pushed for it is taken off
    when it ends, however it ends."""
    taken = Taking(g)
    try:
        yield taken
    finally:
        del g.acting[taken.depth:]


def resolves(g, ctx: Context) -> None:
    """Interrupts are done: the action's resolution begins (``action-sequence`` D)."""
    g.acting.append(owner(ctx))


def current(g) -> Context | None:
    return g.acting[-1] if g.acting else None


def note(g, ev) -> None:
    """An occurrence happened: it belongs to the effects resolving now."""
    ctx = current(g)
    if ctx is not None:
        ctx.did.append(ev)


def limited(g, ev) -> str | None:
    """Why an Interrupt stops this occurrence of the action's effects, or None."""
    ctx = current(g)
    if ctx is None or ev.card is None:
        return None
    for limit in ctx.limits:
        if limit.what != ev.name:
            continue
        if limit.cards is not None and ev.card.id not in limit.cards:
            continue
        if limit.fits is not None and not matches(g, limit.fits, ev.card, Context(player=limit.player)):
            continue
        return limit.why
    return None
