"""Stats as the rules compute them (``calculating-stats``).

Printed value (an asterisk is 0, ``asterisks``), then modifiers that are not bonuses
(Items on their Personality, ``force-modifier``; a Sensei on the Stronghold), tokens,
continuous traits in play (``continuous-traits``), then ongoing effects in the order
they were applied — bonuses and penalties add, "set"/"raise"/"lower" become the smallest
bonus or penalty reaching the value (``setting-stats-to-values``) — then "to a minimum/
maximum" changes (``to-a-minimum-to-a-maximum``), then the most restrictive minimum and
maximum (``minimums-and-maximums``), and the basic minimum of zero.
"""
from __future__ import annotations

from .state import Card
from .tokenkinds import bonus

STAT_OF = {"force": "force", "chi": "chi", "personal_honor": "ph", "honor_requirement": "honor",
           "gold_cost": "cost", "focus": "focus", "province_strength": "strength", "gold_production": "production"}
NEGATIVE_ALLOWED = {"honor_requirement"}
TOKEN_NAMES = {"force": ("force", "Force", "F"), "chi": ("chi", "Chi", "C"),
               "personal_honor": ("personal_honor", "PH"), "gold_production": ("gold_production", "Gold Production")}


def printed(card: Card, stat: str) -> int:
    return card.card.stat(STAT_OF.get(stat, stat))


def tokens(card: Card, stat: str) -> int:
    """Plain stat tokens (by their total) and named ones ("-1F/-1C Poison"), each its change (``token``)."""
    return sum(int(card.tokens.get(name, 0) or 0) for name in TOKEN_NAMES.get(stat, ())) + bonus(card.tokens, stat)


def value(g, card: Card, stat: str) -> int:
    total = printed(card, stat)
    if stat in ("force", "chi") and card.type == "personality":
        for attached_id in card.attachments:
            attached = g.cards[attached_id]
            if attached.type == "item":
                total += value(g, attached, stat)  # an Item's modifier, with its own bonuses (item)
    if stat == "gold_production" and card.type == "stronghold":
        total += _sensei(g, card)  # the Sensei's modifier, not a bonus (sensei)
    keep = not _bonuses_negated(g, card, stat)
    total += tokens(card, stat) if keep else min(tokens(card, stat), 0)
    total += g.static_bonus(card, stat, bonuses=keep)
    total = apply_modifiers(g, card.id, stat, total, floor=stat not in NEGATIVE_ALLOWED and not _signed(card, stat),
                            bounds=_trait_bounds(g, card, stat), bonuses=keep)
    if stat == "personal_honor" and card.dishonored:
        total = min(total, 0)  # dishonorable Personalities have a maximum PH of zero (honorable-and-dishonorable)
    return total


def _bonuses_negated(g, card: Card, stat: str) -> bool:
    """A continuous trait negating the card's bonuses to the stat ("Negate this Personality's Force and Chi
    bonuses"): it suppresses them while it applies (``negate``, ``bonuses-and-penalties``)."""
    return stat in ("force", "chi") and any(st.kind == "negate_bonuses" and st.stat == stat and g.static_applies(src, st, card)
                                            for src, st in g.statics())


def _sensei(g, stronghold: Card) -> int:
    sensei = g.cards.get(g.players[stronghold.controller].sensei or "")
    return sensei.card.stat("production") if sensei is not None else 0


def starting_honor(g, player: str) -> int:
    """A player's Starting Family Honor: his Stronghold's Starting Family Honor stat (``starting-family-honor``), with
    his Sensei's modifier continually applied to it (``sensei``)."""
    p = g.players[player]
    return sum(card.card.stat("starting_honor") for card in (g.cards.get(p.stronghold or ""), g.cards.get(p.sensei or ""))
               if card is not None)


def _trait_bounds(g, card: Card, stat: str) -> tuple[list, list]:
    """Minimums and maximums from continuous traits ("Your Stronghold has a maximum GP of 3")."""
    from .references import amount

    found = [(src, st) for src, st in g.statics() if st.kind in ("stat_min", "stat_max") and st.stat == stat
             and g.static_applies(src, st, card)]
    return ([amount(g, st.amount, src) for src, st in found if st.kind == "stat_min"],
            [amount(g, st.amount, src) for src, st in found if st.kind == "stat_max"])


def _signed(card: Card, stat: str) -> bool:
    """A modifier stat ("+2F" on an Item, a Sensei's "-1") may be negative (``minimums-and-maximums``)."""
    n = getattr(card.card, STAT_OF.get(stat, stat), None)
    return bool(n is not None and n.signed)


def apply_modifiers(g, target: str, stat: str, total: int, floor: bool = True,
                    bounds: tuple[list, list] = ((), ()), bonuses: bool = True) -> int:
    """``bonuses`` False: the card's bonuses are negated, so no change that would raise the stat applies
    ("set" and "raise" are the smallest bonus reaching the value, ``setting-stats-to-values``)."""
    lows, highs, limited = list(bounds[0]), list(bounds[1]), []
    for m in g.modifiers:
        if m.target != target or m.stat != stat:
            continue
        if not bonuses and (m.op in ("add", "limited") and m.value > 0 or m.op in ("set", "raise") and m.value > total):
            continue
        if m.op == "add":
            total += m.value
        elif m.op == "set":
            total = m.value
        elif m.op == "raise":
            total = max(total, m.value)
        elif m.op == "lower":
            total = min(total, m.value)
        elif m.op == "min":
            lows.append(m.value)
        elif m.op == "max":
            highs.append(m.value)
        elif m.op == "limited":
            limited.append(m)
    for m in limited:  # after every other change, and stopped at the stated bound
        if m.value < 0:
            total = max(total + m.value, min(total, m.bound))
        else:
            total = min(total + m.value, max(total, m.bound))
    low = max(lows) if lows else None
    high = min(highs) if highs else None
    if low is not None and high is not None and low > high:
        low = high = None  # they cancel out until one of them ends (minimums-and-maximums)
    if low is not None:
        total = max(total, low)
    if high is not None:
        total = min(total, high)
    return max(total, 0) if floor else total


def contributes(g, card: Card) -> bool:
    """Whether a card adds its Force in battle resolution: unbowed Personalities and
    Followers (``army-force``)."""
    return not card.bowed and card.type in ("personality", "follower")


def unit_force(g, card: Card, resolution: bool = True) -> tuple[int, list[str]]:
    """A unit's Force: in resolution its unbowed Personality and unbowed Followers; Items
    count through their Personality, bowed or not (``army-force``, ``unit-and-army-force``)."""
    counted, total = [], 0
    for cid in [card.id] + card.attachments:
        c = g.cards[cid]
        if c.type not in ("personality", "follower"):
            continue
        if resolution and c.bowed:
            continue
        total += value(g, c, "force")
        counted.append(c.id)
    return total, counted
