"""Gold: producing it and paying costs (``paying-gold-costs``, ``gold-producing-traits``).

A Stronghold bows to produce its Gold Production stat; a Holding bows for its "Produce
N Gold" trait, or the "or M Gold if …" amount when that condition holds, with Gold
Production bonuses added to each production (``holding-gold-production``).  Unspent Gold
goes to the pool, which empties at the end of each phase; Gold that "may only be used"
for one kind of cost is kept apart and disappears after the payment it was made for.
Unless ``pay:`` names the producers, the engine bows the ones that waste least and says
which.
"""
from __future__ import annotations

from itertools import combinations

from .cardops import bow
from .references import card_context, holds
from .state import Card, GoldUnit
from .vocab import StepKind


def production(g, card: Card) -> tuple[int, str | None] | None:
    """What bowing a card produces now: (Gold, the kind of cost it is only for), or None."""
    if card.type == "stronghold":
        return g.stat(card, "gold_production") + _sensei(g, card), None
    prod = card.card.reading.produce
    if card.type == "holding" and card.card.production is not None and (g.rules == "twenty-festivals"
                                                                          or prod is None):
        # Twenty Festivals: a Holding's Gold Production is a stat it produces when bowed; a card printed with
        # only the icon produces it under either edition (holding-gold-production)
        return g.stat(card, "gold_production"), prod.only if prod is not None else None
    if prod is None:
        return None
    amount = prod.amount
    if prod.alt is not None and holds(g, prod.alt_if, card_context(g, card)):
        amount = prod.alt
    from .stats import apply_modifiers, tokens

    bonus = apply_modifiers(g, card.id, "gold_production", tokens(card, "gold_production"), floor=False)
    return max(amount + bonus, 0), prod.only


def _sensei(g, stronghold: Card) -> int:
    sensei = g.cards.get(g.players[stronghold.controller].sensei or "")
    return sensei.card.stat("production") if sensei is not None else 0


def producers(g, player: str) -> list[tuple[Card, int, str | None]]:
    out = []
    for c in g.in_play(player):
        if c.bowed or c.id in g.traits_negated() and c.type != "stronghold":
            continue
        made = production(g, c)
        if made is not None and made[0] > 0:
            out.append((c, made[0], made[1]))
    return out


def usable(kind: str | None, only: str | None) -> bool:
    return only is None or (kind is not None and only.lower().rstrip("s") == kind.lower().rstrip("s"))


def available(g, player: str, kind: str | None) -> int:
    pool = sum(u.amount for u in g.players[player].gold if usable(kind, u.only))
    return pool + sum(n for _, n, only in producers(g, player) if usable(kind, only))


def can_pay(g, player: str, cost: int, kind: str | None) -> bool:
    return cost <= 0 or available(g, player, kind) >= cost


def check_named(g, player: str, named: list | None, cost: int = 0, kind: str | None = None) -> str | None:
    """A problem with the producers ``pay:`` names, or None (a bowed or unknown producer
    cannot pay, ``costs``; the named ones and the pool must cover the cost)."""
    total = sum(u.amount for u in g.players[player].gold if usable(kind, u.only))
    for ref in named or []:
        ref = f"{player}.stronghold" if ref == "stronghold" else ref
        card = g.find(ref, player)
        if card is None or not card.in_play or card.controller != player:
            return f"{ref} is not a card {player} controls in play"
        if card.bowed:
            return f"{card.title} is bowed and cannot bow to produce Gold"
        made = production(g, card)
        if made is None:
            return f"{card.title} does not produce Gold"
        total += made[0] if usable(kind, made[1]) else 0
    if named and total < cost:
        return f"the Gold named in pay: ({total}, with the pool) does not cover the cost of {cost}"
    return None


def pay(g, player: str, cost: int, kind: str | None, named: list | None, what: str) -> bool:
    """Pay a Gold cost; False (nothing paid) if it cannot be met."""
    if cost <= 0:
        return True
    p = g.players[player]
    pool = [u for u in p.gold if usable(kind, u.only)]
    have = sum(u.amount for u in pool)
    chosen: list[tuple[Card, int, str | None]] = []
    options = [x for x in producers(g, player) if usable(kind, x[2])]
    if named:
        for ref in named:
            ref = f"{player}.stronghold" if ref == "stronghold" else ref
            card = g.find(ref, player)
            chosen += [x for x in options if x[0] is card and x not in chosen]
        auto = False
    else:
        chosen = _least_waste(options, max(cost - have, 0)) if have < cost else []
        auto = True
    if have + sum(n for _, n, _ in chosen) < cost:
        return False
    made_restricted = []
    for card, n, only in chosen:
        g.tick()
        if not bow(g, card, f"to produce {n} Gold", ["gold-producing-traits"], player, kind=StepKind.COST):
            continue
        unit = GoldUnit(n, only, card.title)
        g.add_gold(player, unit)
        if only:
            made_restricted.append(unit)
        prod = card.card.reading.produce
        if prod is not None and prod.effects:
            from .references import Context
            from .resolution import run_effects

            run_effects(g, Context(player=player, source=card, label="Gold production"), [], prod.effects)
    spend, left = [], cost
    for u in sorted((u for u in p.gold if usable(kind, u.only)), key=lambda u: (u.only is None, u.amount)):
        if left <= 0:
            break
        spend.append(u)
        left -= u.amount
    if left > 0:
        return False
    g.take_gold(player, spend)
    change = -left
    if change:
        g.add_gold(player, GoldUnit(change, spend[-1].only, spend[-1].source))
    leftover_restricted = [u for u in made_restricted if u in p.gold]
    if leftover_restricted:
        g.take_gold(player, leftover_restricted)  # single-purpose Gold does not enter the pool
    names = ", ".join(f"{c.title} ({n})" for c, n, _ in chosen)
    how = "" if not chosen else (f"; the engine bowed {names} (least Gold wasted; name them with pay:)" if auto
                                 else f"; bowing {names}")
    g.record(StepKind.COST, f"{player.capitalize()} pays {cost} Gold for {what}{how}; {p.gold_total()} Gold left in "
                            "the pool", ["paying-gold-costs"], player, "pay costs")
    return True


def _least_waste(options: list, need: int) -> list:
    """The producers that waste least Gold, then the fewest cards (``paying-gold-costs``'s example)."""
    if need <= 0:
        return []
    options = sorted(options, key=lambda x: -x[1])[:14]
    best = None
    for size in range(1, len(options) + 1):
        for combo in combinations(options, size):
            total = sum(x[1] for x in combo)
            if total >= need:
                key = (total - need, size)
                if best is None or key < best[0]:
                    best = (key, list(combo))
        if best is not None and best[0][0] == 0:
            break
    return best[1] if best else options


def empty_pool(g) -> None:
    """At the end of each phase unspent Gold disappears (``paying-gold-costs``)."""
    for name in g.order:
        p = g.players[name]
        if p.gold:
            before = p.gold_total()
            p.gold.clear()
            g.timeline.note({"player": name, "gold": [before, 0]})
