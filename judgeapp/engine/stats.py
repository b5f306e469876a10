"""Stats as the rules compute them (Card Features → Stats, ``ivory-cr/calculating-stats``).

Printed value, then Item modifiers (not bonuses), tokens, then ongoing effects in the
order they were applied — bonuses and penalties add, "set"/"raise"/"lower" become the
smallest bonus or penalty reaching the value (``setting-stats-to-values``) — then the
most restrictive minimum and maximum (``minimums-and-maximums``), and the basic
minimum of zero.
"""
from __future__ import annotations

from .state import Card, Modifier

NEGATIVE_ALLOWED = {"honor"}


def printed(card: Card, stat: str) -> int:
    return card.card.stat(stat)


def value(card: Card, stat: str, modifiers: list[Modifier], cards: dict[str, Card]) -> int:
    total = printed(card, stat)
    if stat in ("force", "chi") and card.type == "personality":
        for attached_id in card.attachments:
            attached = cards[attached_id]
            if attached.type == "item":
                total += attached.card.stat(stat)
    total += int(card.tokens.get(stat.capitalize(), 0) or card.tokens.get(stat, 0) or 0)
    lows, highs, limited = [], [], []
    for m in modifiers:
        if m.target != card.id or m.stat != stat:
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
        low = high = None  # they cancel out (minimums-and-maximums)
    if low is not None:
        total = max(total, low)
    if high is not None:
        total = min(total, high)
    if stat not in NEGATIVE_ALLOWED:
        total = max(total, 0)
    return total


def unit_force(card: Card, modifiers, cards, bowed_count: bool = False) -> tuple[int, list[str]]:
    """A unit's Force in resolution: its unbowed Personality and unbowed Followers
    (``army-force``); Items count through their Personality, bowed or not."""
    counted, total = [], 0
    if not card.bowed or bowed_count:
        total += value(card, "force", modifiers, cards)
        counted.append(card.id)
    for attached_id in card.attachments:
        follower = cards[attached_id]
        if follower.type == "follower" and (not follower.bowed or bowed_count):
            total += value(follower, "force", modifiers, cards)
            counted.append(follower.id)
    return total, counted
