"""Triggers: every game event passes through here, before, when and after it happens.

An occurrence (a card bowing, being destroyed, entering play; Honor gained; a phase
beginning …) is an ``Event``.  ``before`` applies the timing-conflict sequence
(``timing-conflicts``): A — prevention and negation, B — substitution ("instead"),
C — triggered traits, delayed effects, indefinite conditional effects and triggered
rulebook effects, in the active player's order (an ``order:`` step, or the order the
traits are listed in); it returns False when the occurrence will not happen.  ``when``
and ``after`` run the C group for those moments (``when-triggers``, ``triggers``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import acting
from .references import Context, matches
from .state import Card
from .timeline import Budget
from .vocab import StepKind, Zone

PREVENTABLE = frozenset({"destroyed", "bows", "straightens", "moves", "dishonored", "rehonored", "discarded",
                         "honor_gained", "honor_lost", "enters_play", "attacks", "recruited", "equipped"})


@dataclass
class Event:
    name: str
    card: Card | None = None
    player: str | None = None  # whose occurrence: the card's controller, the Honor's player, the active player
    by: str | None = None  # the player whose action or card caused it
    source: Card | None = None  # the card whose effect caused it
    data: dict = field(default_factory=dict)
    preventable: bool = True  # False for Chi death against single-instance prevention (chi-death-rule)
    negatable: bool = True  # False for seppuku's rehonoring and destruction: no prevention applies (seppuku)


def label(ev: Event) -> str:
    if ev.name in ("phase_begins", "phase_ends"):
        return f"{ev.data.get('phase', '').capitalize()} Phase {'begins' if ev.name == 'phase_begins' else 'ends'}"
    what = ev.name.replace("_", " ")
    return f"{ev.card.title} {what}" if ev.card else what


# ----- A and B: prevention and substitution -----------------------------------------------
def _shield(g, kind: str, ev: Event):
    key = ev.card.id if ev.card is not None else ev.player
    for o in g.ongoing:
        if o.kind != kind or o.target != key:
            continue
        what = o.data.get("what", "destroyed")
        if what not in (ev.name, "any"):
            continue
        if o.once and not ev.preventable:
            continue  # single-instance prevention does not stop Chi death (chi-death-rule)
        return o
    return None


def before(g, ev: Event) -> bool:
    """Step A, then B, then the "before" triggers; False if the occurrence will not happen."""
    from .resolution import run_effects

    g.tick()
    if ev.name in PREVENTABLE:
        if ev.negatable and _prevented(g, ev):
            return False
        sub = _shield(g, "instead", ev)
        if sub is not None:
            if sub.once:
                g.ongoing.remove(sub)
            g.record(StepKind.EFFECT, f"{label(ev)} — replaced ({sub.source})", ["timing-conflicts", "substitution"],
                     sub.by)
            do = sub.data.get("do") or []
            ctx = Context(player=sub.by, source=ev.card, label=f"substitution ({sub.source})", subject=ev.card,
                          subject_player=ev.player)
            run_effects(g, ctx, [], do)
            return False
    fire(g, "before", ev)
    # "Before this Follower is destroyed, negate the destruction" (negate), unless it cannot be negated (seppuku)
    return not (ev.data.get("negated") and ev.negatable)


def _prevented(g, ev: Event) -> bool:
    """Step A: a prevention effect or a restriction stops the occurrence (``prevention``)."""
    shield = _shield(g, "prevent", ev)
    # a restriction naming whose effects it stops ("other players' cards will not bow him") reads who causes it
    restriction = g.restricted(ev.card, ev.name, by=ev.by) if ev.card is not None and shield is None else None
    restriction = restriction or (acting.limited(g, ev) if shield is None else None)
    if shield is None and not restriction:
        return False
    if shield is not None and shield.once:
        g.ongoing.remove(shield)
    why = shield.source if shield is not None else restriction
    g.record(StepKind.EFFECT, f"{label(ev)} — prevented ({why})", ["timing-conflicts", "prevention"],
             shield.by if shield is not None else None)
    return True


def when(g, ev: Event) -> None:
    fire(g, "when", ev)


def after(g, ev: Event) -> None:
    acting.note(g, ev)
    fire(g, "after", ev)


# ----- C: triggered effects -----------------------------------------------------------------
@dataclass
class Pending:
    """One triggered effect waiting to happen at this point."""

    name: str
    run: object  # a callable: run() carries it out
    controller: str


MAX_NESTING = 40


def fire(g, timing: str, ev: Event) -> None:
    if timing == "after":
        from .memory import note

        note(g, ev)  # remembered first, so a trait it triggers can ask what has happened (memory)
    pending = collect(g, timing, ev)
    if not pending:
        return
    if len(pending) > 1:
        pending = _ordered(g, pending)
    g.trigger_depth += 1
    try:
        if g.trigger_depth > MAX_NESTING:
            raise Budget(f"triggers set each other off more than {MAX_NESTING} deep: an endless loop of triggers "
                         f"(the last: {pending[0].name})")
        for p in pending:
            g.tick()
            p.run()
    finally:
        g.trigger_depth -= 1


def collect(g, timing: str, ev: Event) -> list[Pending]:
    from .delayed import delayed_for, children_for
    from .rulebook_triggers import rulebook_for

    out: list[Pending] = []
    for card, trig in _traits(g, ev):
        if trig.timing == timing and trait_matches(g, card, trig, ev):
            out.append(Pending(f"{card.title}: {trig.text or trig.event}", _trait_runner(g, card, trig, ev),
                               card.controller))
    out += delayed_for(g, timing, ev)
    out += children_for(g, timing, ev)
    out += rulebook_for(g, timing, ev)
    if timing == "after":
        out += becoming(g)
    return out


def becoming(g) -> list[Pending]:
    """The traits whose state has begun to hold since the last look ("If this Personality is ever attacking,
    destroy this Follower"): each fires once each time it begins (``indefinite-conditional-effects``); looked at
    after each occurrence and each effect (``resolution.state_checks``)."""
    from .references import card_context, holds

    held, out, negated = set(), [], g.traits_negated()
    for c in list(g.cards.values()):
        if c.zone is not Zone.PLAY or c.id in negated:
            continue
        for trig in c.card.reading.triggers:
            if trig.event != "becomes" or trig.condition is None or not holds(g, trig.condition, card_context(g, c)):
                continue
            held.add((c.id, trig.text))
            if (c.id, trig.text) not in g.states_held:
                runner = _trait_runner(g, c, trig, Event("becomes", c, c.controller))
                out.append(Pending(f"{c.title}: {trig.text}", runner, c.controller))
    g.states_held = held
    return out


def _traits(g, ev: Event):
    negated = g.traits_negated()
    for c in list(g.cards.values()):
        if c.id in negated:
            continue
        triggers = c.card.reading.triggers if c.card.text or c.card.effects else ()
        if not triggers:
            continue
        active = c.zone is Zone.PLAY or c.zone is Zone.FOCUS or c.zone is Zone.RESOLUTION
        for t in triggers:
            if t.while_in is not None:  # "triggered from an area not in play": a Ring's "Play after …" (triggered-traits)
                if t.while_in == c.zone:
                    yield c, t
            elif active or (ev.card is c and t.whose == "self"):  # "after this card is destroyed": from where it went
                yield c, t


def trait_matches(g, card: Card, trig, ev: Event) -> bool:
    if trig.event != ev.name and not (trig.event == "assigns" and _assigned(ev)):
        return False
    if trig.phase and trig.phase != ev.data.get("phase"):
        return False
    owner = ev.player if ev.player is not None else (ev.card.controller if ev.card else None)
    if trig.whose == "self" and (ev.card is None or ev.card.id != card.id):
        return False
    if trig.whose == "host" and (ev.card is None or ev.card.id == card.id
                                 or ev.card is not (g.host(card) if isinstance(card, Card) else None)):
        return False
    if trig.whose == "your" and owner != card.controller:
        return False
    if trig.whose in ("enemy", "other") and (owner is None or owner == card.controller):
        return False
    if trig.whose == "enemy" and not _enemy_card(g, ev, card.controller):
        return False
    if trig.subject is not None:
        if ev.card is None or not matches(g, trig.subject.model_copy(update={"zone": _zone_name(ev.card)}), ev.card,
                                          Context(player=card.controller, source=card)):
            return False
    if trig.by == "you" and ev.by != card.controller:
        return False
    if trig.by == "other" and (ev.by is None or ev.by == card.controller):
        return False
    if trig.cause and not _caused(ev, trig.cause, card.controller):
        return False
    if trig.from_zone and ev.data.get("from") != trig.from_zone:
        return False
    if trig.for_action and not {k.lower() for k in trig.for_action} <= ev.data.get("action", frozenset()):
        return False
    if trig.action is not None and acting.causing(g, trig.action, Context(player=card.controller, source=card)) is None:
        return False
    if trig.once_per and g.trait_uses.get(use_key(card, trig), 0) >= 1:
        return False
    return True


def _assigned(ev: Event) -> bool:
    """A unit assigned to attack or to defend: when a player assigns a unit, the unit "assigns" (``assign``); a unit
    moved into an army does not (``move``)."""
    return ev.name in ("attacks", "defends") and ev.data.get("cause") == "assign"


def use_key(card, trig) -> tuple:
    """Where a trait's "the first time each phase / turn / this game" use is kept: keys of "game" outlive the turn
    (``flow.next_turn``), those of "phase" end with it (``flow.phase_ends``; ``triggered-traits``,
    ``restrictions-on-number-of-times``)."""
    return trig.once_per, card.id, trig.text or trig.event


UNIT_TYPES = frozenset({"personality", "follower", "item", "spell"})


def _enemy_card(g, ev: Event, player: str) -> bool:
    """The event's card is an enemy card of ``player``: during a battle, a card in a unit the
    opposing leader controls (``enemy``); a card that has just left play counts as it was."""
    if ev.card is None or g.battlefield is None or player not in (g.attacker, g.defender):
        return False
    if ev.card.in_play:
        return g.enemy_of(ev.card, player)
    other = g.defender if player == g.attacker else g.attacker
    return ev.card.type in UNIT_TYPES and ev.data.get("controller", ev.player) == other


def _caused(ev: Event, cause: str, controller: str) -> bool:
    """"another player's card destroys …" (the effect's card is another player's), "… destruction from
    battle resolution" (``battle-resolution``), "a Personality commits seppuku" (``seppuku``), "destroyed for
    losing the duel" (``for``)."""
    if cause in ("resolution", "seppuku", "losing_duel"):
        return ev.data.get("cause") == cause
    return ev.source is not None and ev.source.controller != controller


def _zone_name(card: Card) -> str:
    return {Zone.PLAY: "play", Zone.HAND: "hand", Zone.DISCARD: "discard", Zone.DEAD: "dead",
            Zone.PROVINCE: "province"}.get(card.zone, "play")


def _trait_runner(g, card: Card, trig, ev: Event):
    def run():
        from .resolution import run_trait

        run_trait(g, card, trig, ev)
    return run


def _ordered(g, pending: list[Pending]) -> list[Pending]:
    """Several triggered effects at one point: the active player decides their order
    (``timing-conflicts`` C): an ``order:`` step names them, else the order they are listed."""
    wanted = g.pending_order or []
    if wanted:
        def rank(p: Pending) -> int:
            for i, name in enumerate(wanted):
                if str(name).lower() in p.name.lower():
                    return i
            return len(wanted)

        pending = sorted(pending, key=rank)
        g.pending_order = None
        how = "in the order the active player chose"
    else:
        how = "in the order listed (the active player may choose another with an order: step)"
    g.record(StepKind.CHOICE, f"{len(pending)} triggered effects at the same point, {how}: "
             + "; ".join(p.name for p in pending), ["timing-conflicts"], g.active)
    return pending
