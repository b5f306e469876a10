"""Checking a position's expectations against the replayed game."""
from __future__ import annotations

from .game import Game


def _card(game: Game, ref):
    return game.find(ref, None)


def check(game: Game, expectation: dict, script: list) -> dict:
    kind, want = next(iter(expectation.items()))
    ok, actual = False, None
    if kind in ("honor", "gold"):
        actual = {p: (game.players[p].honor if kind == "honor" else game.players[p].gold_total())
                  for p in (want or {}) if p in game.players}
        ok = actual == want
    elif kind == "battle":
        result = game.battles.get(want.get("at"), {})
        actual = {"at": want.get("at"), "winner": result.get("winner")}
        ok = actual["winner"] == want.get("winner")
    elif kind == "destroyed":
        actual = [r for r in want if (_card(game, r) and _card(game, r).id in game.destroyed)]
        ok = actual == list(want)
    elif kind in ("province_destroyed", "province_intact"):
        actual = {r: bool(game.province(r) and game.province(r).destroyed) for r in want}
        ok = all(v == (kind == "province_destroyed") for v in actual.values())
    elif kind in ("bowed", "unbowed"):
        actual = {r: bool(_card(game, r) and _card(game, r).bowed) for r in want}
        ok = all(v == (kind == "bowed") for v in actual.values())
    elif kind == "at":
        actual = {r: (_card(game, r).location if _card(game, r) and _card(game, r).zone in ("unit", "attached")
                      else (_card(game, r).zone if _card(game, r) else None)) for r in want}
        ok = actual == want
    elif kind in ("force", "chi"):
        actual = {r: (game.stat(_card(game, r), kind) if _card(game, r) else None) for r in want}
        ok = actual == want
    elif kind == "order":
        positions = []
        for ref in want:
            n = next((s["n"] for s in game.steps if s["id"] == ref or str(ref).lower() in s["text"].lower()), None)
            positions.append(n)
        actual = positions
        ok = None not in positions and positions == sorted(positions) and len(set(positions)) == len(positions)
    elif kind == "rejected":
        step_no = want.get("step")
        found = [s for s in game.steps if s["kind"] == "rejected" and s.get("script_step") == step_no]
        actual = {"step": step_no, "reason": found[0]["reason"] if found else None}
        ok = bool(found) and (want.get("reason") in (None, found[0]["reason"]))
    elif kind == "winner":
        if isinstance(want, dict):
            actual = {"winner": game.winner, "how": game.how}
            ok = game.winner == want.get("winner") and want.get("how") in (None, game.how)
        else:
            actual = game.winner
            ok = game.winner == want
    return {"expect": expectation, "ok": bool(ok), "actual": actual}
