"""Delayed effects and indefinite conditional effects waiting for their trigger.

A delayed effect happens once, at the next time its trigger occurs (``delayed-effects``,
``next``); an indefinite conditional effect ("after each time this turn …") happens every
time until its duration ends (``indefinite-conditional-effects``).  Both keep the targets
chosen when they were created, and come from the card that created them.
"""
from __future__ import annotations

from . import acting
from .references import Context, holds
from .state import Delayed
from .triggers import Pending, trait_matches
from .vocab import StepKind


def delayed_for(g, timing: str, ev) -> list[Pending]:
    return [_pending(g, d, ev) for d in list(g.delayed) if not d.repeat and _matches(g, d, timing, ev)]


def children_for(g, timing: str, ev) -> list[Pending]:
    return [_pending(g, d, ev) for d in list(g.delayed) if d.repeat and _matches(g, d, timing, ev)]


def _matches(g, d: Delayed, timing: str, ev) -> bool:
    if d.spec.timing != timing:
        return False
    if d.action is not None and ev.name == "action_resolves" and ev.data.get("action") is not d.action:
        return False  # an Interrupt's "after it resolves": the action it interrupted (interrupt-actions)
    if d.within and not acting.doing(g, d.action, d.effect):
        return False  # "after the action Recruits …": that action's own effects (interrupt-actions)
    if d.watch and (ev.card is None or ev.card.id not in d.watch):
        return False  # "after the next time he attacks": an occurrence about that card (delayed-effects)
    if d.duel is not None and ev.data.get("duel") is not d.duel:
        return False  # "before he is destroyed for losing it": for losing that duel (for)
    source = g.cards.get(d.source_id) if d.source_id else None
    if not trait_matches(g, _Anchor(d.owner, source), d.spec, ev):
        return False
    if d.watch and d.spec.condition is not None:  # "the next time he attacks you": only such an occurrence
        ctx = Context(player=d.owner, source=source, targets=dict(d.targets), subject=ev.card, subject_player=ev.player)
        return holds(g, d.spec.condition, ctx)
    return True


def _condition_holds(g, d: Delayed, ctx: Context) -> bool:
    """"After the action resolves, if it was Fire …, give your target Shugenja +2F": the "if" that starts the
    delayed effects is checked when they happen, and only if it holds are they applied and their targets chosen
    (``delayed-effects``; an "If" starting effects gates them, ``good-faith-rule``).  A watched occurrence's
    condition ("the next time he attacks you") chose the occurrence instead (``_matches``)."""
    if d.watch or d.spec.condition is None or holds(g, d.spec.condition, ctx):
        return True
    g.record(StepKind.EFFECT, f"{d.source}: the delayed effect's condition is not met, so it does not happen and "
                              "chooses no target", ["delayed-effects", "good-faith-rule"], d.owner, "resolve")
    return False


class _Anchor:
    """The creating card as seen when matching "your"/"self": its creator controls the effect,
    even if the card has left play or there was none (a judge's stated effect)."""

    def __init__(self, owner: str, card):
        self.controller = owner
        self.id = card.id if card is not None else f"delayed-{owner}"
        self.title = card.title if card is not None else "effect"


def _pending(g, d: Delayed, ev) -> Pending:
    def run():
        from .resolution import run_effects

        if not d.repeat:
            if d not in g.delayed:
                return
            g.delayed.remove(d)
        source = g.cards.get(d.source_id) if d.source_id else None
        g.record(StepKind.TRIGGER, f"{'Delayed' if not d.repeat else 'Conditional'} effect of {d.source}: "
                                   f"{d.spec.text or d.spec.event.replace('_', ' ')}",
                 ["delayed-effects" if not d.repeat else "indefinite-conditional-effects"], d.owner)
        ctx = Context(player=d.owner, source=source, label="delayed effect", targets=dict(d.targets),
                      subject=ev.card, subject_player=ev.player, interrupted=d.action, occurrence=ev,
                      choices=list(d.choices), of_action=d.of_action,
                      duel=ev.data.get("duel"))  # one waiting for a duel's occurrence sees that duel (duel)
        if not _condition_holds(g, d, ctx):
            return
        run_effects(g, ctx, d.spec.targets, d.spec.effects, first=d.first)
    return Pending(f"{d.source}: {d.spec.text or d.spec.event}", run, d.owner)
