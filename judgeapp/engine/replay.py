"""Replaying a script: each step answers the game's next request, or waits for a later one.

Steps that only make sense later in the turn (declare_attack, assign, fight, recruit,
dynasty_discard, discard, advance) let play run by the rules' defaults until that point;
actions and passes are taken now; ``effect``, ``order`` and ``duel`` apply at once.  A
step that can no longer fit this turn is rejected as ``wrong-round``.  The replay is
bounded by a step budget and a time limit, checked in every loop.
"""
from __future__ import annotations

from .expect import check
from .flow import run
from .game import Request
from .position import load, read
from .references import Context
from .resolution import apply
from .timeline import Budget, GameOver
from .vocab import POINT_ORDER, Point, Reason, Round

LATER = {"declare_attack": Point.DECLARATION, "no_attack": Point.DECLARATION, "assign": Point.MANEUVERS,
         "fight": Point.FIGHT, "recruit": Point.DYNASTY, "dynasty_discard": Point.DYNASTY, "discard": Point.END}


def _answer(g, req: Request, step: dict):
    """What to send the game for this request, or None if the step does not fit it."""
    kind = step["_kind"]
    if req.kind == "round":
        if kind in ("action", "recruit", "equip", "dynasty_discard"):
            if step.get("rulebook") in ("recruit", "dynasty_discard") and req.round != Round.DYNASTY \
                    and not _recruit_now(g, req, step):
                return None
            return ("action", step)
        if kind == "pass":
            return ("pass", step)
    if req.kind == "declare" and kind in ("declare_attack", "no_attack"):
        return step if kind == "declare_attack" else False
    if req.kind == "assign" and kind == "assign" and step["by"] == req.player and (
            step.get("side") in (None, req.data.get("side")) or req.player in (g.attacker, g.defender)):
        return step
    if req.kind == "fight" and kind == "fight":
        return step
    if req.kind == "discard" and kind == "discard" and step["by"] == req.player:
        return step
    return None


def _recruit_now(g, req: Request, step: dict) -> bool:
    """A Recruit in an action round other than the Dynasty Phase's that a card's trait permits there ("You may
    Recruit this Holding as an Open", ``permissions``): taken now, not kept for the Dynasty Phase."""
    from .rulebook import permitted_as

    return req.kind == "round" and req.round != Round.DYNASTY and step.get("rulebook") == "recruit" \
        and permitted_as(g, step, step["by"], "recruit", req.round) is not None


def _later(g, req: Request, step: dict) -> bool:
    """Whether the step belongs to a later point of this turn than where the game stands."""
    kind = step["_kind"]
    point = LATER.get(kind)
    if kind == "action" and step.get("rulebook") in ("recruit", "dynasty_discard"):
        point = Point.DYNASTY
    if point is None or _recruit_now(g, req, step):
        return False
    if kind == "assign" and req.kind == "assign":
        return True  # this player is done assigning; the step is another player's
    if point == Point.FIGHT:  # battles are chosen until the Attack Phase is over
        return req.point in (Point.ACTION, Point.DECLARATION) or (
            g.attacking and POINT_ORDER[req.point] < POINT_ORDER[Point.DYNASTY])
    return POINT_ORDER[point] > POINT_ORDER[req.point]


def replay(game, script: list[dict], expect: list, keep_states: bool = False) -> dict:
    game.timeline.keep_states = keep_states
    gen = run(game)
    stopped = None
    try:
        req = next(gen)
        i = 0
        while i < len(script):
            game.tick()
            step = script[i]
            game.scripted = i + 1
            kind = step["_kind"]
            if kind == "effect":
                _effect_step(game, step)
                i += 1
            elif kind == "order":
                game.pending_order = step["order"]
                i += 1
            elif kind == "duel":
                game.pending_duel = step
                i += 1
            elif kind == "advance":
                req = _advance(game, gen, req, Point(step["to"]))
                i += 1
            elif req.kind == "checkpoint":
                req = gen.send(None)
            else:
                answer = _answer(game, req, step)
                if answer is not None:
                    i += 1
                    req = gen.send(answer)
                elif _later(game, req, step):
                    req = gen.send(None)
                else:
                    game.reject(step, Reason.WRONG_ROUND, f"a {kind.replace('_', ' ')} step cannot be carried out "
                                                          f"at {req.point.replace('/', ' ')}", "the-turn-sequence")
                    i += 1
    except GameOver:
        pass
    except Budget as exc:
        stopped = str(exc)
        game.steps.append({"n": len(game.steps) + 1, "id": f"s{len(game.steps) + 1}", "turn": game.turn,
                           "phase": game.phase, "segment": game.segment, "step": None, "kind": "rejected",
                           "actor": None, "text": f"Replay stopped: {stopped}", "cites": [], "changes": [],
                           "reason": str(Reason.BUDGET)})
    finally:
        game.scripted = None
    return {
        "steps": game.steps,
        "expectations": [check(game, e, script) for e in expect],
        "result": {"winner": game.winner, "how": game.how},
        "unparsed": game.unparsed + unparsed(game),
        "stopped": stopped,
        "states": game.timeline.states if keep_states else None,
    }


def _advance(game, gen, req: Request, target: Point) -> Request:
    """Let play run, everyone passing, until ``target``; nothing happens if the game is there."""
    if _at(game, req, target):
        return req
    turns = 0
    while True:
        game.tick()
        req = gen.send(None)
        turns += req.point == Point.NEXT_TURN
        if _at(game, req, target) or turns > 1:
            return req


def _at(game, req: Request, target: Point) -> bool:
    if req.point != target:
        return False
    return req.kind == "checkpoint" or target not in (Point.ACTION, Point.DYNASTY, Point.ENGAGE, Point.COMBAT) or \
        req.player == _first(game, target)


def _first(game, target: Point) -> str | None:
    if target in (Point.ACTION, Point.DYNASTY):
        return game.active
    return (game.naval_first if target == Point.COMBAT else None) or game.defender


def _effect_step(game, step: dict) -> None:
    by = step["by"]
    source = game.find(step.get("source"), by) if step.get("source") else None
    if step.get("source") and source is None:
        game.reject(step, Reason.UNKNOWN_CARD, f"no card {step['source']!r}", "effects-2")
        return
    effect = step["do"]
    for name in effect.primitive.card_args:
        value = getattr(effect.args, name, None)
        for ref in value if isinstance(value, list) else [value]:
            if isinstance(ref, str) and ref not in ("self", "host", "it", "discarded", "winner", "loser", "losers",
                                                    "challenger", "challenged", "here") \
                    and game.find(ref, None) is None and game.province(ref) is None:
                game.reject(step, Reason.UNKNOWN_CARD, f"no card or Province {ref!r}", "effects-2")
                return
            if isinstance(ref, int) and source is None:
                game.reject(step, Reason.NO_TARGET, f"target {ref} refers to an ability's targets; a stated effect "
                                                    "names cards by id", "effects-2")
                return
    ctx = Context(player=by, source=source, label="effect stated by the judge" if source is None else "effect",
                  choices=list(step.get("choose") or []), duel_script=step.get("duel") or _pending_duel(game))
    apply(game, effect, ctx)


def _pending_duel(game) -> dict | None:
    duel, game.pending_duel = game.pending_duel, None
    return duel


def unparsed(game) -> list[dict]:
    seen, out = set(), []
    for c in game.cards.values():
        if c.card.text and c.card.title not in seen:
            unread = c.card.reading.unparsed
            if unread:
                seen.add(c.card.title)
                out.append({"card": c.card.title, "text": " ".join(u.text for u in unread),
                            "reasons": [u.reason for u in unread]})
    return out


def replay_text(text, lookup, suggest=lambda t: [], keep_states: bool = False, max_steps: int = 20_000,
                seconds: float = 5.0) -> dict:
    data = read(text)
    game, script, expect = load(data, lookup, suggest, max_steps, seconds)
    result = replay(game, script, expect, keep_states)
    result["position"] = {"title": data.get("title"), "rules": data.get("rules", "ivory")}
    return result
