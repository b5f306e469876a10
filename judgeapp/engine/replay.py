"""Replaying a script: each step answers the game's next request, or waits for a later one.

Steps that only make sense at a later point of this turn (declare_attack, assign,
fight, recruit, advance) let play run by the rules' defaults until that point;
actions and passes are taken now.  A step that can no longer fit this turn is
rejected as ``wrong-round``.  The replay is bounded by a step budget and a time limit.
"""
from __future__ import annotations

from .flow import run
from .game import POINTS, Budget, Context, Game, GameOver, Request
from .position import load, read
from .textparse import Effect

LATER = {"declare_attack": "attack/declaration", "no_attack": "attack/declaration", "assign": "attack/maneuvers",
         "fight": "attack/fight", "recruit": "dynasty", "dynasty_discard": "dynasty"}


def _rank(point: str) -> int:
    return POINTS.index(point)


def _answer(req: Request, step: dict):
    """What to send the game for this request, or None if the step does not fit it."""
    kind = step["_kind"]
    if req.kind == "round":
        if kind == "action":
            if step.get("rulebook") in ("recruit", "dynasty_discard") and req.round != "dynasty":
                return None
            return ("action", step)
        if kind in ("recruit", "equip", "dynasty_discard"):
            return ("action", step) if (kind != "equip") == (req.round == "dynasty") else None
        if kind == "pass":
            return ("pass", step["by"])
    if req.kind == "declare" and kind in ("declare_attack", "no_attack"):
        return step if kind == "declare_attack" else False
    if req.kind == "assign" and kind == "assign" and step["by"] == req.player:
        return step
    if req.kind == "fight" and kind == "fight":
        return step
    return None


def replay(game: Game, script: list[dict], expect: list, keep_states: bool = False) -> dict:
    game.keep_states = keep_states
    gen = run(game)
    stopped = None
    try:
        req = next(gen)
        i = 0
        while i < len(script):
            step = script[i]
            game.scripted = i + 1
            kind = step["_kind"]
            if kind == "effect":
                _effect_step(game, step)
                i += 1
                continue
            if kind == "order":
                game.pending_order = step["order"]
                i += 1
                continue
            if kind == "advance":
                target = step["to"]
                first, turns = True, 0
                while first or req.point != target:
                    first = False
                    req = gen.send(None)
                    turns += req.point == "next_turn"
                    if turns > 1:  # the point never came within the next turn: stop there
                        break
                i += 1
                continue
            if req.kind == "checkpoint":
                req = gen.send(None)
                continue
            answer = _answer(req, step)
            if answer is not None:
                i += 1
                req = gen.send(answer)
                continue
            later = LATER.get(kind)
            if kind == "action" and step.get("rulebook") in ("recruit", "dynasty_discard"):
                later = "dynasty"
            if later == "attack/fight" and game.attacking and _rank(req.point) < _rank("dynasty"):
                req = gen.send(None)
                continue
            if later and _rank(later) > _rank(req.point) and not (kind == "assign" and req.kind == "assign"):
                req = gen.send(None)
                continue
            if kind == "assign" and req.kind == "assign":
                req = gen.send(None)  # this player is done; the step is the next player's
                continue
            game.reject(step, "wrong-round", f"a {kind.replace('_', ' ')} step cannot be carried out at "
                                             f"{req.point.replace('/', ' ')}", "the-turn-sequence")
            i += 1
    except GameOver:
        pass
    except Budget as exc:
        stopped = str(exc)
        game.steps.append({"n": len(game.steps) + 1, "id": f"s{len(game.steps) + 1}", "turn": game.turn,
                           "phase": game.phase, "segment": game.segment, "step": None, "kind": "rejected",
                           "actor": None, "text": f"Replay stopped: {stopped}", "cites": [], "changes": [],
                           "reason": "budget"})
    finally:
        game.scripted = None
    from .expect import check
    return {
        "steps": game.steps,
        "expectations": [check(game, e, script) for e in expect],
        "result": {"winner": game.winner, "how": game.how},
        "unparsed": game.unparsed + _unparsed(game),
        "stopped": stopped,
        "states": game.states if keep_states else None,
    }


def _effect_step(game: Game, step: dict) -> None:
    by = step["by"]
    name, args = next(iter(step["do"].items()))
    source = game.find(step.get("source"), by) if step.get("source") else None
    ctx = Context(game, by, source, [], "effect stated by the judge" if source is None else "effect")
    args = dict(args)
    if name in ("gain_honor", "lose_honor", "draw"):
        args["player"] = args.get("player", by)
    if "target" in args and args["target"] != "self":
        targets = args["target"] if isinstance(args["target"], list) else [args["target"]]
        resolved = []
        for t in targets:
            card = game.find(t, None)
            if card is None and game.province(str(t)) is None:
                game.reject(step, "unknown-card", f"no card or Province {t!r}", "effects-2")
                return
            resolved.append(card.id if card else t)
        args["target"] = resolved
    game.apply(Effect(name, args), ctx)


def _unparsed(game: Game) -> list[dict]:
    seen, out = set(), []
    for c in game.cards.values():
        if c.card.text and c.card.title not in seen:
            unread = c.text().unparsed
            if unread:
                seen.add(c.card.title)
                out.append({"card": c.card.title, "text": " ".join(unread)})
    return out


def replay_text(text, lookup, suggest=lambda t: [], keep_states: bool = False, max_steps: int = 20_000,
                seconds: float = 5.0) -> dict:
    data = read(text)
    game, script, expect = load(data, lookup, suggest, max_steps, seconds)
    result = replay(game, script, expect, keep_states)
    result["position"] = {"title": data.get("title"), "rules": data.get("rules", "ivory")}
    return result
