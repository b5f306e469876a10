"""Kinds of token on a card (``token``): a token may have a keyword ("a Madness token"), give
a stat bonus or penalty ("a +1F token"), or both ("a -1F/-1C Poison token").

``Card.tokens`` counts them by kind: ``{"force": 2}`` (plain stat tokens, by their total, as
positions state them), ``{"Madness": 1}``, and ``{"Poison -1F/-1C": 2}`` — a named token with
its printed stat changes kept in its key, so that both its name ("each of his Poison tokens")
and its bonus (``calculating-stats``) are known while it is on the card.
"""
from __future__ import annotations

import re

LETTERS = {"force": "F", "chi": "C", "personal_honor": "PH", "gold_production": "GP"}
STATS = {v: k for k, v in LETTERS.items()}
CHANGES = re.compile(r"^(?:[+-]\d+(?:F|C|PH|GP))(?:/[+-]\d+(?:F|C|PH|GP))*$")


def key(name: str, stats: dict[str, int]) -> str:
    """The kind's key: its name, then its printed changes ("Poison -1F/-1C")."""
    if not stats:
        return name
    return f"{name} " + "/".join(f"{n:+d}{LETTERS[s]}" for s, n in stats.items())


def parse(kind: str) -> tuple[str, dict[str, int]]:
    """A key back into (name, stat changes of one token)."""
    name, _, tail = kind.rpartition(" ")
    if not name or not CHANGES.match(tail):
        return kind, {}
    stats = {}
    for part in tail.split("/"):
        m = re.match(r"([+-]\d+)(F|C|PH|GP)$", part)
        stats[STATS[m.group(2)]] = int(m.group(1))
    return name, stats


def bonus(tokens: dict, stat: str) -> int:
    """What a card's named stat tokens add to a stat (each token its printed change, ``token``)."""
    total = 0
    for kind, n in tokens.items():
        name, stats = parse(kind)
        if stats:
            total += int(n or 0) * stats.get(stat, 0)
    return total


def count(tokens: dict, name: str) -> int:
    """How many tokens of a name a card has ("his Fire tokens"), whatever their stat changes;
    a full key ("Poison -1F/-1C") counts only that kind."""
    if parse(name)[1]:
        return int(tokens.get(name, 0) or 0)
    return sum(int(n or 0) for kind, n in tokens.items() if parse(kind)[0].lower() == name.lower())


def kinds_named(tokens: dict, name: str) -> list[str]:
    """The keys on a card of tokens with this name (for removing "a Fire token")."""
    return [kind for kind in tokens if parse(kind)[0].lower() == name.lower()]
