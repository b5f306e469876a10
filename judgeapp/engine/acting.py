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

from .references import ZONE_NAMES, Context, matches, resolve
from .structures import ActionTest, Filter


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


@dataclass(frozen=True)
class Done:
    """One occurrence an action's effects caused, and the battlefield if a battle was going on."""

    event: object
    battle: str | None


def note(g, ev) -> None:
    """An occurrence happened: it belongs to the effects resolving now."""
    ctx = current(g)
    if ctx is not None:
        in_battle = g.battlefield is not None and g.segment in ("engage", "combat")
        ctx.did.append(Done(ev, g.battlefield if in_battle else None))


def fits(g, test: ActionTest, ctx: Context) -> bool:
    """Whether the action an Interrupt answers is of that kind and did that (``interrupt-actions``)."""
    action = ctx.interrupted
    if action is None:
        return False
    if test.designators and action.designator not in test.designators:
        return False
    if any(k.lower() not in action.keywords for k in test.keywords):
        return False
    if test.source is not None and not _from(g, test.source, action, ctx):
        return False
    if test.has and not _has(action.ability, test.has):
        return False
    return test.did is None or any(_did(g, test, done, ctx) for done in action.did)


def _from(g, source: Filter, action: Context, ctx: Context) -> bool:
    """The action is from such a card, wherever it is now (a Strategy in the resolution area)."""
    card = action.source
    return card is not None and matches(g, source.model_copy(update={"zone": ZONE_NAMES.get(card.zone, "play")}),
                                        card, ctx)


def _has(ability, kinds: list[str]) -> bool:
    """"A Ranged Attack action is one with a Ranged Attack effect" (``ranged-attack``)."""
    return ability is not None and any(e.name in kinds for e in _all_effects(ability.effects))


def _all_effects(effects):
    for e in effects:
        yield e
        for option in getattr(e.args, "options", ()):  # an "or" choice's effects are the action's too
            yield from _all_effects(option.do)


def _did(g, test: ActionTest, done: Done, ctx: Context) -> bool:
    ev = done.event
    if ev.name != test.did or ev.card is None or (test.in_battle and done.battle is None):
        return False
    if test.to is not None and (ev.data.get("to") == "home") != (test.to == "home"):
        return False
    if test.card is not None and ev.card not in (resolve(g, test.card, ctx) or []):
        return False
    where = ZONE_NAMES.get(ev.card.zone, "play")
    return test.fits is None or matches(g, test.fits.model_copy(update={"zone": where}), ev.card, ctx)


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


def boost(ctx: Context, kind: str) -> int:
    """The strength change an Interrupt gave to one of the action's attacks of this kind ("Give a
    Ranged Attack +1 strength"): it goes to the first such attack the action makes (``interrupt-actions``)."""
    for i, (kinds, change) in enumerate(ctx.boosts):
        if kind in kinds:
            del ctx.boosts[i]
            return change
    return 0
