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

from dataclasses import dataclass
from itertools import combinations

from . import memory
from .cardops import bow
from .references import Context, amount, card_context, holds, matches
from .state import Card, GoldUnit
from .vocab import StepKind, Zone


@dataclass(frozen=True)
class Purchase:
    """What a Gold cost is paid for (``paying-gold-costs``): the Gold Cost of a card a Recruit or
    Equip brings into play, or an action's cost — ``card`` is then the card the action is on,
    ``played`` says it was played from the hand or a Province (a Strategy)."""

    player: str
    card: Card | None = None
    action: bool = False
    played: bool = False
    keywords: frozenset = frozenset()  # the action's keywords, lower-case
    fixed: int = 0  # a part of the cost that cannot be reduced ("This Invest cost cannot be reduced", invest)


def production(g, card: Card, purchase: Purchase | None = None) -> tuple[int, object] | None:
    """What the card produces now towards ``purchase`` with the trait that gives most: (Gold, what that
    Gold may only pay for), or None if it produces nothing for it."""
    found = _options(g, card, purchase)
    if not found:
        return None
    made, prod = max(found, key=lambda o: (o[0], _only(o[1]) is None))
    return made, _only(prod)


def _options(g, card: Card, purchase: Purchase | None) -> list[tuple[int, object]]:
    """(Gold, trait) for each Gold-producing trait of the card usable towards ``purchase`` now; the
    trait is None for a Stronghold, which produces its Gold Production stat."""
    if card.type == "stronghold":
        return [] if card.bowed else [(g.stat(card, "gold_production"), None)]
    prod = card.card.reading.produce
    if card.type == "holding" and card.card.production is not None and (g.rules == "twenty-festivals"
                                                                          or prod is None):
        # Twenty Festivals: a Holding's Gold Production is a stat it produces when bowed; a card printed with
        # only the icon produces it under either edition (holding-gold-production)
        base = [] if card.bowed else [(g.stat(card, "gold_production"), prod)]
    else:
        base = [(made, prod) for prod in trait_productions(card) if (made := _made(g, card, prod)) is not None]
    base += _paying_for(g, card, base)
    return [(made, prod) for made, prod in base if purchase is None or usable(g, purchase, _only(prod))]


def _paying_for(g, card: Card, base: list) -> list[tuple[int, object]]:
    """"This Holding has +2GP when it pays for a single attachment only": each production may instead make
    that much more Gold, kept for that one payment (``holding-gold-production``, ``paying-gold-costs``)."""
    from .abilities import Produce

    out = []
    for src, st in g.statics():
        if st.kind != "production_for" or not g.static_applies(src, st, card):
            continue
        for made, prod in base:
            if _only(prod) is None:
                trait = prod if prod is not None else Produce(amount=made)
                out.append((max(made + st.amount, 0), trait.model_copy(update={"only": st.only})))
    return out


def trait_productions(card: Card) -> list:
    """The card's Gold-producing traits (``gold-producing-traits``): bowing uses one of them."""
    reading = card.card.reading
    return ([reading.produce] if reading.produce is not None else []) + list(reading.produce_also)


def _made(g, card: Card, prod) -> int | None:
    """The Gold one trait produces now, with the Holding's Gold Production changes added to each
    production (``holding-gold-production``); None if it cannot be used now."""
    ctx = card_context(g, card)
    if (card.bowed and prod.bow) or (prod.once_per_turn and card.used.get("produce")) \
            or not holds(g, prod.condition, ctx):
        return None
    made = amount(g, prod.amount, ctx)
    if prod.alt is not None and holds(g, prod.alt_if, ctx):
        made = prod.alt
    from .stats import apply_modifiers, tokens

    changes = tokens(card, "gold_production") + g.static_bonus(card, "gold_production")
    bonus = apply_modifiers(g, card.id, "gold_production", changes, floor=False)
    return max(made + bonus, 0)


def producers(g, player: str, purchase: Purchase | None = None, cost: int = 0) -> list[tuple[Card, int, object]]:
    """(card, Gold, trait) for each Gold-producing trait usable towards ``purchase`` now, and each trait
    that bows to reduce its cost (for ``cost``: "When paying for a Follower, it enters play for 3 less
    Gold")."""
    out = []
    for c in g.in_play(player):
        if c.id in g.traits_negated() and c.type != "stronghold":
            continue
        out += [(c, made, prod) for made, prod in _options(g, c, purchase) if made > 0]
    return out + _reductions(g, player, purchase, cost)


def _reductions(g, player: str, purchase: Purchase | None, cost: int) -> list[tuple[Card, int, object]]:
    """"[Bow]: When paying for a Follower, it enters play for 3 less Gold": the unbowed card may bow while
    its player pays for such a card, lowering the cost, to no less than 0 (``paying-gold-costs``)."""
    out = []
    room = cost - (purchase.fixed if purchase is not None else 0)
    for src, st in g.statics():
        if st.kind == "bow_to_reduce" and src.controller == player and not src.bowed and room > 0 \
                and usable(g, purchase, st.only) and (st.while_ is None or holds(g, st.while_, src)):
            out.append((src, room if st.amount <= -1000 else min(-st.amount, room), st))
    return out


def _reduces(option) -> bool:
    return getattr(option[2], "kind", None) == "bow_to_reduce"


def _bows(option) -> bool:
    return option[2] is None or getattr(option[2], "bow", True)  # a cost-lowering trait bows too


def _compatible(combo) -> bool:
    """A card bows once: at most one of its bowing traits in one payment (``gold-producing-traits``)."""
    bowing = [o[0].id for o in combo if _bows(o)]
    return len(bowing) == len(set(bowing))


def _most(options: list) -> int:
    """The most Gold these traits can make together."""
    best: dict = {}
    free = 0
    for card, n, prod in options:
        if _bows((card, n, prod)):
            best[card.id] = max(best.get(card.id, 0), n)
        else:
            free += n
    return free + sum(best.values())


def _only(prod) -> object:
    return prod.only if prod is not None else None


def usable(g, purchase: Purchase | None, only) -> bool:
    """Whether Gold that may only pay for ``only`` (a ``GoldFor``) can pay for this purchase."""
    if only is None:
        return True
    if purchase is None:
        return False
    if only.what == "card":
        right_kind = not purchase.action or purchase.played
    else:
        right_kind = purchase.action and (only.keyword is None or only.keyword.lower() in purchase.keywords)
    card = purchase.card
    if not right_kind or (card is None and (only.card is not None or only.in_play or only.what == "card")):
        return False
    if only.in_play and card.zone is not Zone.PLAY:
        return False
    return only.card is None or matches(g, only.card, card, Context(player=purchase.player), anywhere=True)


def available(g, player: str, purchase: Purchase | None, cost: int = 0) -> int:
    """The Gold the player can pay towards ``purchase`` now, counting cost reductions (for ``cost``)."""
    pool = sum(u.amount for u in g.players[player].gold if usable(g, purchase, u.only))
    return pool + _most(producers(g, player, purchase, cost))


def can_pay(g, player: str, cost: int, purchase: Purchase | None) -> bool:
    return cost <= 0 or available(g, player, purchase, cost) >= cost


def check_named(g, player: str, named: list | None, cost: int = 0, purchase: Purchase | None = None) -> str | None:
    """A problem with the producers ``pay:`` names, or None (a bowed or unknown producer
    cannot pay, ``costs``; the named ones and the pool must cover the cost)."""
    total = sum(u.amount for u in g.players[player].gold if usable(g, purchase, u.only))
    for ref in named or []:
        ref = f"{player}.stronghold" if ref == "stronghold" else ref
        card = g.find(ref, player)
        if card is None or not card.in_play or card.controller != player:
            return f"{ref} is not a card {player} controls in play"
        made = [n for c, n, _ in producers(g, player, purchase, cost) if c is card]
        if not made and card.bowed:
            return f"{card.title} is bowed and cannot bow to produce Gold"
        if not made:
            return f"{card.title} cannot produce Gold towards this cost now"
        total += max(made)
    if named and total < cost:
        return f"the Gold named in pay: ({total}, with the pool) does not cover the cost of {cost}"
    return None


def pay(g, player: str, cost: int, purchase: Purchase | None, named: list | None, what: str) -> bool:
    """Pay a Gold cost; False (nothing paid) if it cannot be met."""
    if cost <= 0:
        return True
    p = g.players[player]
    have = sum(u.amount for u in p.gold if usable(g, purchase, u.only))
    chosen: list[tuple[Card, int, object]] = []
    options = producers(g, player, purchase, cost)
    if named:  # each named card once, with its trait that gives most
        for ref in named:
            ref = f"{player}.stronghold" if ref == "stronghold" else ref
            card = g.find(ref, player)
            mine = [x for x in options if x[0] is card]
            if mine and not any(x[0] is card for x in chosen):
                chosen.append(max(mine, key=lambda x: (x[1], _only(x[2]) is None)))
        auto = False
    else:
        chosen = _least_waste(options, max(cost - have, 0)) if have < cost else []
        auto = True
    if have + sum(n for _, n, _ in chosen) < cost:
        return False
    made_restricted = []
    for card, n, prod in chosen:
        g.tick()
        if _reduces((card, n, prod)):
            if bow(g, card, f"so that the cost is {n} Gold less", ["paying-gold-costs"], player, kind=StepKind.COST):
                cost -= n
            continue
        if not _produce(g, card, n, prod, player):
            continue
        unit = GoldUnit(n, _only(prod), card.title)
        g.add_gold(player, unit)
        if unit.only is not None:
            made_restricted.append(unit)
        if prod is not None and prod.effects:
            from .resolution import run_effects

            run_effects(g, Context(player=player, source=card, label="Gold production"), [], prod.effects)
    spend, left = [], max(cost, 0)
    for u in sorted((u for u in p.gold if usable(g, purchase, u.only)), key=lambda u: (u.only is None, u.amount)):
        if left <= 0:
            break
        spend.append(u)
        left -= u.amount
    if left > 0:
        return False
    g.take_gold(player, spend)
    change = -left
    if change and spend[-1].only is None:  # change from single-purpose Gold disappears with it
        g.add_gold(player, GoldUnit(change, None, spend[-1].source))
    leftover_restricted = [u for u in made_restricted if u in p.gold]
    if leftover_restricted:
        g.take_gold(player, leftover_restricted)  # single-purpose Gold does not enter the pool
    names = ", ".join(f"{c.title} ({n}{' less' if _reduces((c, n, t)) else ''})" for c, n, t in chosen)
    how = "" if not chosen else (f"; the engine used {names} (least Gold wasted; name them with pay:)" if auto
                                 else f"; from {names}")
    g.record(StepKind.COST, f"{player.capitalize()} pays {cost} Gold for {what}{how}; {p.gold_total()} Gold left in "
                            "the pool", ["paying-gold-costs"], player, "pay costs")
    return True


def _produce(g, card: Card, n: int, prod, player: str) -> bool:
    """Use a Gold-producing trait: bow the card, or for a trait that produces without bowing ("Once
    per turn, produce 1 Gold …") mark it used this turn (``gold-producing-traits``, ``card-memory-rule``)."""
    if prod is None or prod.bow:
        if not bow(g, card, f"to produce {n} Gold", ["gold-producing-traits"], player, kind=StepKind.COST):
            return False
    else:
        g.record(StepKind.COST, f"{card.title} produces {n} Gold", ["gold-producing-traits"], player)
    if prod is not None and prod.once_per_turn:
        card.used["produce"] = 1
    memory.produced(g, card, player)
    return True


def _least_waste(options: list, need: int) -> list:
    """The producers that waste least Gold, then the fewest cards (``paying-gold-costs``'s example)."""
    if need <= 0:
        return []
    options = sorted(options, key=lambda x: -x[1])[:14]
    best = None
    for size in range(1, len(options) + 1):
        for combo in combinations(options, size):
            if not _compatible(combo):
                continue
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
