"""The turn as the rules run it (``the-turn-sequence``): Action Phase, an Attack Phase if
one is declared, Dynasty Phase, the end of the turn; then the next player's turn.

``run`` is a generator of ``Request``s: each ``yield`` is a point where a player has a
choice, answered by the replay from the script or with the rules' default.
"""
from __future__ import annotations

from . import battle, honor, triggers
from .actions import take_action
from .game import Request
from .payment import empty_pool
from .resolution import state_checks
from .rulebook import take_rulebook
from .triggers import Event
from .vocab import ROUNDS, Point, Reason, Round, StepKind, Until, UNTIL_WORDS, Zone


def run(g):
    state_checks(g)
    yield from turn_from(g, g.at_point)
    while True:
        g.tick()
        next_turn(g)
        yield Request("checkpoint", Point.NEXT_TURN)
        action_phase_begins(g)
        yield from turn_from(g, Point.ACTION)


def turn_from(g, at: Point):
    if at == Point.ACTION:
        g.phase, g.segment = "action", None
        yield from action_round(g, Round.ACTION, g.active)
        phase_ends(g, "action")
        at = Point.DECLARATION
    if at in (Point.DECLARATION, Point.MANEUVERS, Point.ENGAGE, Point.COMBAT, Point.RESOLUTION):
        yield from battle.attack_phase(g, at, action_round)
        at = Point.DYNASTY
        g.phase, g.segment = "dynasty", None
        phase_begins(g, "dynasty")
    if at == Point.DYNASTY:
        g.phase, g.segment = "dynasty", None
        yield from action_round(g, Round.DYNASTY, g.active)
        phase_ends(g, "dynasty")
    g.phase, g.segment = "end", None
    yield Request("checkpoint", Point.END)
    yield from end_of_turn(g)
    yield Request("checkpoint", Point.END_OF_TURN)


def phase_begins(g, name: str) -> None:
    ev = Event("phase_begins", None, g.active, data={"phase": name})
    triggers.fire(g, "before", ev)
    g.phase, g.segment = name, None
    g.record(StepKind.RULE, f"{name.capitalize()} Phase begins", ["the-turn-sequence"], step="begin")
    triggers.fire(g, "when", ev)
    triggers.fire(g, "after", ev)


def phase_ends(g, name: str) -> None:
    ev = Event("phase_ends", None, g.active, data={"phase": name})
    triggers.fire(g, "before", ev)
    g.record(StepKind.RULE, f"{name.capitalize()} Phase ends", ["the-turn-sequence"], step="end")
    triggers.fire(g, "when", ev)
    empty_pool(g)
    expire(g, "end_of_phase")
    g.trait_uses = {k: v for k, v in g.trait_uses.items() if k[0] != "phase"}  # "the first time each phase"
    triggers.fire(g, "after", ev)


def action_phase_begins(g) -> None:
    """Straighten the active player's cards, then turn his Provinces' cards face up (``action-phase``)."""
    ev = Event("phase_begins", None, g.active, data={"phase": "action"})
    triggers.fire(g, "before", ev)
    g.phase, g.segment = "action", None
    bowed = [c for c in g.in_play(g.active) if c.bowed]
    held = [c for c in bowed if g.restricted(c, "straightens")]
    for c in bowed:
        if c not in held:
            g.set_bowed(c, False)
    g.record(StepKind.RULE, f"Action Phase begins: {g.active.capitalize()} straightens {len(bowed) - len(held)} "
                            f"card{'s' if len(bowed) - len(held) != 1 else ''}"
             + (f" ({', '.join(c.title for c in held)} will not straighten)" if held else ""),
             ["action-phase"], step="straighten")
    triggers.fire(g, "when", ev)
    hidden = [p for p in g.players[g.active].provinces if not p.destroyed and not p.face_up and (p.cards or p.unknown)]
    for p in hidden:
        p.face_up = True
        for cid in p.cards:
            g.cards[cid].face_up = True
        g.timeline.note({"province": p.id, "face_up": [False, True]})
    if hidden:
        g.record(StepKind.RULE, f"{g.active.capitalize()} turns the cards in {len(hidden)} Province"
                                f"{'s' if len(hidden) != 1 else ''} face up", ["action-phase"], step="reveal")
    triggers.fire(g, "after", ev)


def action_round(g, kind: Round, first: str):
    """The opportunity passes in turn order until all players pass consecutively (``action-rounds``)."""
    players = [g.active] if kind == Round.DYNASTY else g.in_turn_order(first)
    label, section, point = ROUNDS[kind]
    priority, passes = first, 0
    naval = kind == Round.COMBAT and g.naval_first == first and first != g.defender
    while passes < len(players):
        g.tick()
        answer = yield Request("round", point, priority, round=kind)
        if answer is None:
            g.extra_actions.pop(priority, None)  # an additional action not taken is lost
            g.extra_play.pop(priority, None)
            g.record(StepKind.PASS, f"{priority.capitalize()} passes (the script has no action for this opportunity)",
                     [section], priority)
            passes, priority = passes + 1, _next(players, priority)
            continue
        what, step = answer
        actor = step["by"]
        if actor not in players:
            reason = Reason.WRONG_ROUND if kind == Round.DYNASTY and what == "action" and not _dynasty_kind(step) \
                else Reason.NOT_ACTIVE_PLAYER
            g.reject(step, reason, f"{actor.capitalize()} cannot act in {label}" + (
                "" if reason == Reason.NOT_ACTIVE_PLAYER else ": only Dynasty actions, by the active player"),
                     section)
            continue
        while priority != actor:
            g.tick()
            g.extra_play.pop(priority, None)  # an additional action to play a card, not taken, is lost
            g.record(StepKind.PASS, f"{priority.capitalize()} passes (implied: {actor.capitalize()} acts next)",
                     [section], priority)
            passes, priority = passes + 1, _next(players, priority)
        if what == "pass":
            g.extra_actions.pop(actor, None)
            g.extra_play.pop(actor, None)
            g.record(StepKind.PASS, f"{actor.capitalize()} passes" + (
                " (the Naval Invasion opportunity: it does not count toward ending the round)" if naval else ""),
                     [section] + (["naval-invasion"] if naval else []), actor)
            passes, priority = passes + (0 if naval else 1), _next(players, priority)
            naval = False
            continue
        if naval and not _from_naval_unit(g, step):
            g.reject(step, Reason.RESTRICTED, "the Naval Invasion opportunity is for a Battle action from a card in a "
                                              "Naval Personality's unit", "naval-invasion")
            continue
        naval = False
        if act(g, step, kind):
            passes, priority = 0, _next(players, actor)
            if g.extra_actions.get(actor):
                g.extra_actions[actor] -= 1  # the same player takes the additional action (additional-action)
                priority = actor
                g.record(StepKind.RULE, f"{actor.capitalize()} takes an additional action before the next player",
                         ["additional-action"], actor)
        else:
            passes = 0  # a refused step is not a pass: the actor keeps the opportunity


def _from_naval_unit(g, step: dict) -> bool:
    card = g.find(step.get("card"), step["by"]) if step.get("card") else None
    host = g.host(card) if card is not None else None
    return host is not None and host.in_play and g.has_keyword(host, "Naval")


def _dynasty_kind(step: dict) -> bool:
    return step.get("_kind") in ("recruit", "dynasty_discard") or step.get("rulebook") in ("recruit",
                                                                                          "dynasty_discard")


def act(g, step: dict, kind: Round) -> bool:
    if step.get("rulebook"):
        return take_rulebook(g, step, kind)
    return take_action(g, step, kind)


def _next(players: list[str], name: str) -> str:
    return players[(players.index(name) + 1) % len(players)]


def end_of_turn(g):
    """"Before the turn ends" triggers, the draw, discarding down to the maximum hand size
    (``drawing-and-discarding-fate-cards``), then the Dishonor check (``dishonor-loss-victory``)."""
    from .cardops import discard_from_hand, draw

    ev = Event("turn_ends", None, g.active)
    triggers.fire(g, "before", ev)
    draw(g, g.active, 1, ["drawing-and-discarding-fate-cards"], "the end of the turn")
    p = g.players[g.active]
    limit = g.hand_size(g.active)
    while len(p.hand) > limit:
        g.tick()
        over = len(p.hand) - limit
        answer = yield Request("discard", Point.END, g.active, data={"count": over})
        named = [g.find(r, g.active) for r in (answer or {}).get("cards") or []]
        named = [c for c in named if c is not None and c.zone is Zone.HAND and c.owner == g.active][:over]
        picked = named + [g.cards[c] for c in reversed(p.hand) if g.cards[c] not in named][:over - len(named)]
        if len(named) < over:
            g.record(StepKind.CHOICE, f"{g.active.capitalize()} has {len(p.hand)} cards, {over} over the maximum hand "
                                      f"size of {limit}: the script names "
                     + (f"{len(named)}, " if named else "none, ") + "so the engine discards the last cards in hand",
                     ["maximum-hand-size", "choices"], g.active)
        for c in picked:
            discard_from_hand(g, c, f"down to the maximum hand size of {limit}", ["maximum-hand-size"], g.active,
                              StepKind.RULE)
    triggers.fire(g, "when", ev)
    g.record(StepKind.RULE, f"{g.active.capitalize()}'s turn ends", ["the-turn-sequence"])
    if g.players[g.active].honor <= -20:
        honor.lose(g, g.active, "dishonor", f"ends the turn on {g.players[g.active].honor} Honor",
                   "dishonor-loss-victory")
    expire(g, "end_of_turn")
    triggers.fire(g, "after", ev)


def next_turn(g) -> None:
    g.active = g.next_player(g.active)
    g.turn += 1
    for c in g.cards.values():
        c.used.clear()
    for p in g.players.values():
        p.used.clear()
        p.proclaimed = False
    g.trait_uses = {k: v for k, v in g.trait_uses.items() if k[0] == "game"}
    g.phase, g.segment = "action", None
    ev = Event("turn_begins", None, g.active)
    triggers.fire(g, "before", ev)
    g.record(StepKind.RULE, f"Turn {g.turn}: {g.active.capitalize()}'s turn begins", ["turns-and-turn-order"])
    expire(g, Until.YOUR_NEXT_TURN, g.active)
    if g.players[g.active].honor >= 40:
        honor.win(g, g.active, "honor", f"begins the turn on {g.players[g.active].honor} Family Honor",
                  "honor-victory")
    triggers.fire(g, "after", ev)


def expire(g, until: str, turn_of: str | None = None) -> None:
    """Ongoing effects with this duration end (``duration-of-effects``); a stat that falls
    back can bring Chi death (``chi-death-rule``).  ``turn_of``: the player whose turn begins, for
    "until your next turn begins" — that player's effects end (one set up before any player is named,
    a position's own, ends with the next turn)."""
    def mine(who: str) -> bool:
        return turn_of is None or who in (turn_of, "")
    ended = [m for m in g.modifiers if m.until == until and mine(m.owner)]
    others = [o for o in g.ongoing if o.until == until and mine(o.by)]
    children = [d for d in g.delayed if (d.repeat or d.lapses) and d.until == until and mine(d.owner)]
    if until == Until.END_OF_TURN:
        others += [o for o in g.ongoing if o.once and o not in others]
    if not (ended or others or children):
        return
    g.modifiers = [m for m in g.modifiers if m not in ended]
    g.ongoing = [o for o in g.ongoing if o not in others]
    g.delayed = [d for d in g.delayed if d not in children]
    g.version += 1
    for m in ended:
        g.timeline.note({"card" if m.target in g.cards else "target": m.target, "ends": f"{m.op} {m.stat} "
                                                                                       f"{m.value:+d}"})
    n = len(ended) + len(others) + len(children)
    g.record(StepKind.RULE, f"{n} effect{'s' if n != 1 else ''} lasting {UNTIL_WORDS[Until(until)]} "
                            f"end{'' if n != 1 else 's'}", ["duration-of-effects"])
    state_checks(g)
