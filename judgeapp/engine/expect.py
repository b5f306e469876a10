"""Checking a position's expectations against the replayed game (POSITION-FORMAT.md,
"Expectations"): each gives ok and the actual value, so a failed one says what happened."""
from __future__ import annotations

from .tokenkinds import count as count_tokens
from .vocab import Zone

PLACES = {Zone.HAND: "hand", Zone.DISCARD: "discard", Zone.DEAD: "dead", Zone.FATE_DECK: "fate_deck",
          Zone.DYNASTY_DECK: "dynasty_deck", Zone.REMOVED: "removed", Zone.PROVINCE: "province",
          Zone.FOCUS: "focus", Zone.RESOLUTION: "resolution"}


def check(g, expectation: dict, script: list) -> dict:
    kind, want = next(iter(expectation.items()))
    ok, actual = CHECKS[kind](g, want)
    return {"expect": _plain(kind, want), "ok": bool(ok), "actual": actual}


def _plain(kind: str, want) -> dict:
    if hasattr(want, "model_dump"):
        return {kind: want.model_dump(exclude_none=True)}
    return {kind: want}


def _card(g, ref):
    """The card an expectation names: as actions find it, else anywhere (a deck, removed from the game)."""
    found = g.find(ref, None)
    if found is None and isinstance(ref, str):
        found = next((c for c in g.cards.values() if c.title.lower() == ref.lower()), None)
    return found


def _players(g, want: dict, value):
    actual = {p: value(g.players[p]) if p in g.players else None for p in want}
    return actual == want, actual


def _destroyed(g, want):
    actual = [r for r in want if _card(g, r) is not None and _card(g, r).id in g.destroyed]
    return actual == list(want), actual


def _provinces(destroyed: bool):
    def check_(g, want):
        actual = {r: bool(g.province(r) and g.province(r).destroyed) for r in want}
        return all(v == destroyed for v in actual.values()) and all(g.province(r) for r in want), actual
    return check_


def _state(attr: str, value: bool):
    def check_(g, want):
        actual = {r: (bool(getattr(_card(g, r), attr)) if _card(g, r) is not None else None) for r in want}
        return all(v is value for v in actual.values()), actual
    return check_


def where(g, card) -> str | None:
    if card is None:
        return None
    if card.zone is Zone.PLAY:
        host = g.host(card) or card
        return host.location
    return PLACES.get(card.zone, str(card.zone))


def _at(g, want):
    actual = {r: where(g, _card(g, r)) for r in want}
    return actual == want, actual


def _stats(stat: str):
    def check_(g, want):
        actual = {r: (g.stat(_card(g, r), stat) if _card(g, r) is not None else None) for r in want}
        return actual == want, actual
    return check_


def _any_stat(g, want):
    actual = {}
    for ref, stats in want.items():
        card = _card(g, ref)
        actual[ref] = {s: (g.stat(card, s) if card is not None else None) for s in stats}
    return actual == want, actual


def _order(g, want):
    positions = []
    for ref in want:
        low = str(ref).lower()
        n = next((s["n"] for s in g.steps if s["id"] == ref or low in s["text"].lower()), None)
        positions.append(n)
    ok = None not in positions and positions == sorted(positions) and len(set(positions)) == len(positions)
    return ok, positions


def _rejected(g, want):
    found = [s for s in g.steps if s["kind"] == "rejected" and s.get("script_step") == want.step
             and (want.interrupt is None or s.get("interrupt") == want.interrupt)]
    actual = {"step": want.step, "reason": found[0]["reason"] if found else None}
    if want.interrupt is not None:
        actual["interrupt"] = want.interrupt
    return bool(found) and want.reason in (None, found[0]["reason"]), actual


def _winner(g, want):
    if hasattr(want, "winner"):
        actual = {"winner": g.winner, "how": g.how}
        return g.winner == want.winner and want.how in (None, g.how), actual
    return g.winner == want, g.winner


def _duel(g, want):
    if not g.duels:
        return False, None
    d = g.duels[-1]
    winner = d.get("winner")
    losers = d.get("losers") or []
    actual = {"winner": winner or ("tie" if d.get("tie") else "none"), "loser": list(losers)}
    ok = True
    if want.winner is not None:
        wanted = want.winner
        ok = ok and (actual["winner"] == wanted or (winner is not None and _card(g, wanted) is not None
                                                    and _card(g, wanted).id == winner))
    if want.loser is not None:
        refs = want.loser if isinstance(want.loser, list) else [want.loser]
        ids = {(_card(g, r).id if _card(g, r) is not None else r) for r in refs}
        ok = ok and ids == set(losers)
    return ok, actual


def _keywords(g, want):
    actual = {}
    ok = True
    for ref, words in want.items():
        card = _card(g, ref)
        have = g.keywords(card) if card is not None else set()
        actual[ref] = sorted(w for w in words if w.lower() in have)
        ok = ok and len(actual[ref]) == len(words)
    return ok, actual


def _tokens(g, want):
    actual = {}
    for ref, tokens in want.items():
        card = _card(g, ref)
        actual[ref] = {k: (count_tokens(card.tokens, k) if card is not None else None) for k in tokens}
    return actual == want, actual


def _battle(g, want):
    result = g.battles.get(want.at, {})
    actual = {"at": want.at, "winner": result.get("winner")}
    return actual["winner"] == want.winner, actual


def _favor(g, want):
    return g.favor == want, g.favor


CHECKS = {
    "honor": lambda g, w: _players(g, w, lambda p: p.honor),
    "gold": lambda g, w: _players(g, w, lambda p: p.gold_total()),
    "hand": lambda g, w: _players(g, w, lambda p: len(p.hand)),
    "battle": _battle, "destroyed": _destroyed,
    "province_destroyed": _provinces(True), "province_intact": _provinces(False),
    "bowed": _state("bowed", True), "unbowed": _state("bowed", False),
    "dishonored": _state("dishonored", True), "honorable": _state("dishonored", False),
    "at": _at, "force": _stats("force"), "chi": _stats("chi"), "personal_honor": _stats("personal_honor"),
    "stat": _any_stat, "order": _order, "rejected": _rejected, "winner": _winner, "duel": _duel,
    "keywords": _keywords, "tokens": _tokens, "favor": _favor,
}
