"""The whole board as data, for the step-through page (taken only when asked for)."""
from __future__ import annotations

from . import stats
from .vocab import Zone


def snapshot(g) -> dict:
    players = {}
    for name in g.order:
        p = g.players[name]
        in_play = g.in_play(name)
        players[name] = {
            "honor": p.honor, "gold": p.gold_total(), "hand": [g.cards[c].title for c in p.hand],
            "fate_deck": p.fate_size(), "dynasty_deck": p.dynasty_size(),
            "discard": [g.cards[c].title for c in p.discard], "dead": [g.cards[c].title for c in p.dead],
            "stronghold": _view(g, g.cards[p.stronghold]) if p.stronghold else None,
            "sensei": _view(g, g.cards[p.sensei]) if p.sensei else None,
            "provinces": [{"id": pr.id, "strength": g.province_strength(pr), "destroyed": pr.destroyed,
                           "face_up": pr.face_up,
                           "card": (g.cards[pr.card].title if pr.card and pr.face_up
                                    else ("face-down card" if pr.card or pr.unknown else None))}
                          for pr in p.provinces],
            "units": [_view(g, c) for c in in_play if c.type == "personality"],
            "holdings": [_view(g, c) for c in in_play if c.type == "holding"],
            "in_play": [_view(g, c) for c in in_play if c.type not in ("personality", "holding", "stronghold",
                                                                        "sensei") and not c.attached_to],
            "lost": p.lost,
        }
    return {"turn": g.turn, "active": g.active, "phase": g.phase, "segment": g.segment, "battlefield": g.battlefield,
            "favor": g.favor, "players": players}


def _view(g, c) -> dict:
    view = {"id": c.id, "title": c.title, "type": c.type, "bowed": c.bowed}
    if c.tokens:
        view["tokens"] = dict(c.tokens)
    if c.type == "personality":
        view.update(force=g.stat(c, "force"), chi=g.stat(c, "chi"), dishonored=c.dishonored, location=c.location,
                    attachments=[{"id": a, "title": g.cards[a].title, "type": g.cards[a].type,
                                  "bowed": g.cards[a].bowed} for a in c.attachments])
        if c.zone is Zone.PLAY:
            view["unit_force"] = stats.unit_force(g, c)[0]
    return view
