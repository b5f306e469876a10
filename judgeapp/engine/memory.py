"""What has happened in the game, for text that asks about the past: "if any enemy units were
ever at its battlefield", "a battle in which you played a Terrain", "after you resolve two or
more Favor actions in one turn".

Every occurrence that reaches its "after" point (``triggers``) is noted with the turn, the
battle it happened in, who caused it and where its card stood; units already at a battlefield
when the position starts are noted as present there.  A position knows nothing from before it
starts, so the past is what the replay itself has seen.
"""
from __future__ import annotations

from .references import ZONE_NAMES, Context, matches
from .structures import HappenedTest


def start(g) -> list[dict]:
    """The units at a battlefield when the position starts: present there this turn."""
    return [_entry(g, "present", c, c.controller, None, None, {}) for c in g.units() if c.location != "home"]


def note(g, ev) -> None:
    """One occurrence at its "after" point."""
    g.log.append(_entry(g, ev.name, ev.card, ev.player, ev.by, ev.data.get("cause"), ev.data))


def played(g, card, by: str) -> None:
    """A card played (an action taken from it in the hand, or as if from there): noted as it is announced, for
    "You may only play one … per battle" (``restrictions-on-number-of-times``)."""
    g.log.append(_entry(g, "played", card, by, by, None, {}))


def tokens_given(g, card, name: str, by: str | None) -> None:
    """Tokens of a name put on a card by a player's effect, for "if you have not given any Madness tokens this turn"
    (``token``): not an occurrence with triggers of its own, so noted here as it happens."""
    g.log.append({**_entry(g, "tokens_given", card, by, by, None, {}), "token": name})


def produced(g, card, player: str) -> None:
    """A card produced Gold (a Gold-producing trait used, or its text's "Produce N Gold"), for "a Holding that has
    not produced Gold this turn" (``gold-producing-traits``)."""
    g.log.append(_entry(g, "produces_gold", card, player, player, None, {}))


def _entry(g, event: str, card, player, by, cause, data: dict) -> dict:
    host = g.host(card) if card is not None and card.in_play else None
    where = (host or card).location if card is not None and card.in_play else data.get("location")
    return {"turn": g.turn, "battle": g.battlefield, "event": event, "card": card.id if card is not None else None,
            "player": player, "by": by, "cause": cause, "at": where, "from": data.get("from"),
            "side": g.side(card) if card is not None and card.in_play else None}


def count(g, test: HappenedTest, ctx: Context) -> int:
    """How many noted occurrences fit the test, from the point of view of ``ctx``."""
    return sum(1 for e in g.log if _fits(g, test, e, ctx))


def _fits(g, test: HappenedTest, e: dict, ctx: Context) -> bool:
    if e["turn"] != g.turn or (test.during == "battle" and (g.battlefield is None or e["battle"] != g.battlefield)):
        return False
    if test.event is not None and e["event"] != test.event:
        return False
    if test.by == "you" and e["by"] != ctx.player:
        return False
    if test.at == "here" and (g.battlefield is None or e["at"] != g.battlefield):
        return False
    if test.side == "enemy" and (e["side"] is None or e["side"] == _my_side(g, ctx.player)):
        return False
    if test.own and (ctx.source is None or e["card"] != ctx.source.id):
        return False
    if test.cause is not None and e["cause"] != test.cause:
        return False
    if test.token is not None and (e.get("token") or "").lower() != test.token.lower():
        return False
    if test.filter is not None:
        card = g.cards.get(e["card"]) if e["card"] else None
        if card is None or not matches(g, test.filter.model_copy(update={"zone": ZONE_NAMES.get(card.zone, "play")}),
                                       card, ctx):
            return False
    return True


def _my_side(g, player: str) -> str | None:
    return "attacking" if player == g.attacker else "defending" if player == g.defender else None
