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
from .vocab import Round


@dataclass(frozen=True)
class Limit:
    """What the action's effects will not do: ``what`` (occurrences by event name, or stat changes:
    ``force_bonus``, ``force_penalty``) to these cards (ids) or to any card fitting ``fits`` when it
    happens; for movement, only ``to`` home or into an attacking army when given."""

    what: frozenset[str]
    why: str  # the Interrupt's words, for the record
    player: str  # the Interrupt's player and card: the point of view of ``fits`` ("your Personality")
    cards: frozenset[str] | None = None
    fits: Filter | None = None
    to: str | None = None
    source: object = None
    once: bool = False  # the first one only ("Negate a Melee or Ranged Attack targeting your Follower")

    def covers(self, g, what: str, card) -> bool:
        if what not in self.what or (self.cards is not None and card.id not in self.cards):
            return False
        return self.fits is None or matches(g, self.fits, card, Context(player=self.player, source=self.source))


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


def is_action(ctx: Context | None) -> bool:
    """Whether these effects are an action's (``action-sequence``): a card's or the rulebook's action (it has a
    designator), an Interrupt, or a delayed effect one set up, which is still that action's effect
    (``delayed-effects``); not a trait's."""
    if ctx is None:
        return False
    action = owner(ctx)
    return action.designator is not None or action.round == Round.INTERRUPT or ctx.of_action


def doing(g, action: Context, effect: str | None = None) -> bool:
    """Whether the occurrence now is from this action's own effects (of that primitive, if given)."""
    ctx = current(g)
    return ctx is action and (effect is None or ctx.applying == effect)


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


def count_done(g, what: str, ctx: Context) -> int:
    """"Fear equal to the number this bowed": how many cards this action's effects have bowed so far, each once
    (``action-sequence``: its effects resolve in order, so an earlier one's bowing counts for a later one)."""
    return len({done.event.card.id for done in owner(ctx).did if done.event.name == what and done.event.card})


def fits(g, test: ActionTest, ctx: Context) -> bool:
    """Whether the action an Interrupt answers is of that kind and did that (``interrupt-actions``)."""
    action = owner(ctx) if test.this else ctx.interrupted
    return action is not None and _fits(g, test, action, ctx)


def causing(g, test: ActionTest, ctx: Context) -> Context | None:
    """The action whose own effects cause the occurrence now, if it is of that kind ("After a Political action
    targets this Personality", ``triggered-traits``): the innermost effects resolving, an action's (a trait's
    effects are no action's, ``action-sequence``)."""
    now = current(g)
    return owner(now) if is_action(now) and _fits(g, test, owner(now), ctx) else None


def resolving_now(g, test: ActionTest, ctx: Context) -> bool:
    """Whether an action of that kind is resolving now: its effects, from the start of their resolution to their
    end (``action-sequence`` D), an Interrupt's among them; a trait's effects are no action's."""
    return any(is_action(c) and _fits(g, test, owner(c), ctx) for c in g.acting)


def _fits(g, test: ActionTest, action: Context, ctx: Context) -> bool:
    if test.by is not None and (action.player == ctx.player) != (test.by == "you"):
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
        if limit.to is not None and not _into(g, ev, limit.to):
            continue
        if limit.covers(g, ev.name, ev.card):
            return _used(ctx, limit)
    return None


def _into(g, ev, to: str) -> bool:
    """A movement home, or into an attacking army (to a battlefield, its controller the Attacker)."""
    where = ev.data.get("to")
    if to == "home":
        return where == "home"
    return where not in (None, "home") and ev.card.controller == g.attacker


def limited_attack(g, kind: str, card) -> str | None:
    """Why an Interrupt negates this attack effect of the action against this card, or None."""
    ctx = current(g)
    limit = next((x for x in (ctx.limits if ctx is not None else ()) if x.covers(g, kind, card)), None)
    return _used(ctx, limit) if limit is not None else None


def _used(ctx: Context, limit: Limit) -> str:
    if limit.once:
        ctx.limits.remove(limit)
    return limit.why


def limited_change(g, card, stat: str, before: int, after: int) -> str | None:
    """Why an Interrupt negates this bonus or penalty from the action's effects, or None
    ("Negate all Force bonuses and penalties from the action", ``negate``)."""
    ctx = current(g)
    if ctx is None or card is None or before == after:
        return None
    what = f"{stat}_{'bonus' if after > before else 'penalty'}"
    limit = next((x for x in ctx.limits if x.covers(g, what, card)), None)
    return _used(ctx, limit) if limit is not None else None


def boost(ctx: Context, kind: str) -> int:
    """The strength change an Interrupt gave to one of the action's attacks of this kind ("Give a
    Ranged Attack +1 strength"): it goes to the first such attack the action makes (``interrupt-actions``)."""
    for i, (kinds, change) in enumerate(ctx.boosts):
        if kind in kinds:
            del ctx.boosts[i]
            return change
    return 0


@dataclass
class HonorChange:
    """An Interrupt's change to the Honor gains or losses from the action's effects: by a number,
    or down to at most ``to``; ``once``: only the first one ("one of the Honor gains"); ``player``: only
    that player's ("You cannot gain Honor from the action")."""

    gains: bool
    losses: bool
    why: str
    by: int = 0
    to: int | None = None
    once: bool = False
    player: str | None = None


def honor_change(g, gain: bool, amount: int, player: str | None = None) -> tuple[int, str]:
    """A gain or loss from the effects resolving now, as Interrupts to that action changed it: the
    new amount, and whose changes (``honor-gains-and-losses``: never below zero, and a reduction
    is not itself a gain or loss)."""
    ctx = current(g)
    whose = []
    for change in list(ctx.honor if ctx is not None else ()):
        if not (change.gains if gain else change.losses) or change.player not in (None, player):
            continue
        amount = max(0, amount + change.by) if change.to is None else min(amount, change.to)
        whose.append(change.why)
        if change.once:
            ctx.honor.remove(change)
    return amount, " and ".join(whose)
