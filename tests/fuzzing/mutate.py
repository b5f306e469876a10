"""Mutation fuzzing of structured and textual input, for the tests and bench/fuzz_api.py.

Start from valid input (a gallery position, a decklist, a query) and break it the way
clients and attackers do: values replaced by other types, numbers, dates, huge strings,
lone surrogates and NUL bytes; keys dropped or added; lists emptied or multiplied;
structures nested a thousand deep; text truncated, spliced and byte-flipped.  Every
choice comes from the ``random.Random`` passed in, so a seed replays a run exactly.

Written here rather than taken from a library: hypothesis generates from strategies and
shrinks, but these cases must stay close to real inputs to reach deep code, which is
what mutating real seeds does cheaply.
"""
from __future__ import annotations

import copy
import datetime as dt
import json
import random
from typing import Any

import yaml

HUGE = 100_000
# Repeated mutations compound (a string made 1,000 times longer, twice, is gigabytes): growth
# stops here, past every body limit of the site, so "too big" is still what gets tested.
GROWN_MAX = 4 * 1024 * 1024
NASTY_STRINGS = [
    "", " ", "\x00", "a\x00b", "\ud800", "x\udfffy", "\u202e", "\ufeff", "🀄" * 50, "\n" * 50, "%s%n%x", "{{ 7*7 }}",
    "<script>alert(1)</script>", "' OR 1=1 --", "../../etc/passwd", "NaN", "-0", "1e309", "0x1F", "null", "true",
    "2014-10-15", "[]", "{}", "*", "&a", "!!python/object:os.system", "— é ß ﬁ", "x" * 300, "y" * HUGE,
]
NASTY_NUMBERS = [0, -1, 1, 2, 7, 40, 99, 100, 10_000, 10_001, -10_001, 2**31, 2**63, -(2**63) - 1, 10**30, 0.5,
                 -2.5, 1e308, float("inf"), float("-inf"), float("nan")]
NASTY_VALUES: list[Any] = [None, True, False, [], {}, [None], {"": None}, dt.date(2014, 10, 15),
                           dt.datetime(2014, 10, 15, 12, 0), *NASTY_NUMBERS, *NASTY_STRINGS]


def nasty(rng: random.Random) -> Any:
    return rng.choice(NASTY_VALUES)


def deep(rng: random.Random, levels: int | None = None) -> Any:
    """A structure nested ``levels`` deep (at most ~100: deeper ones are made as text,
    see ``deep_json``, since copying or dumping them here would recurse too far)."""
    value: Any = rng.choice([1, "x", None])
    for _ in range(levels or rng.choice([20, 50, 100])):
        value = [value] if rng.random() < 0.5 else {"k": value}
    return value


def deep_json(levels: int = 1000) -> str:
    return "[" * levels + "1" + "]" * levels


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path into a nested structure (the root included)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, prefix + (index,))
    return found


def _get(value: Any, path: tuple) -> Any:
    for step in path:
        value = value[step]
    return value


def _grown(value: str | list, times: int) -> str | list:
    """``value`` repeated up to ``times`` times, never past GROWN_MAX items."""
    return value * max(1, min(times, GROWN_MAX // max(1, len(value))))


def _swap_type(value: Any, rng: random.Random) -> Any:
    if isinstance(value, dict):
        return rng.choice([list(value.values()), list(value.keys()), str(value), len(value)])
    if isinstance(value, list):
        return rng.choice([{str(i): v for i, v in enumerate(value)}, value[0] if value else None, str(value)])
    if isinstance(value, bool):
        return rng.choice([str(value).lower(), int(value), [value]])
    if isinstance(value, (int, float)):
        return rng.choice([str(value), [value], {"value": value}, -value if value == value else 0, value * 1000])
    if isinstance(value, str):
        return rng.choice([len(value), [value], {value: value} if value else {}, _grown(value, 1000), value[::-1],
                           value + "\x00", value.upper(), value[: len(value) // 2]])
    return nasty(rng)


def mutate_once(value: Any, rng: random.Random) -> Any:
    """One mutation at a random place in ``value`` (a copy; the input is not changed)."""
    value = copy.deepcopy(value)
    path = rng.choice(_paths(value))
    target = _get(value, path)
    kind = rng.random()
    if isinstance(target, dict) and target and kind < 0.25:
        target.pop(rng.choice(list(target)))
        return value
    if isinstance(target, dict) and kind < 0.35:
        target[rng.choice(["", "x", "\x00", "\ud800", "title", "count", "id", "by", "at"])] = nasty(rng)
        return value
    if isinstance(target, list) and target and kind < 0.3:
        rng.choice([lambda: target.clear(), lambda: target.extend(_grown(target, rng.choice([2, 50]))),
                    lambda: target.pop(rng.randrange(len(target))), lambda: target.reverse()])()
        return value
    if kind < 0.55:
        replacement = _swap_type(target, rng)
    elif kind < 0.9:
        replacement = nasty(rng)
    else:
        replacement = deep(rng)
    if not path:
        return replacement
    _get(value, path[:-1])[path[-1]] = replacement
    return value


def mutate(value: Any, rng: random.Random, max_mutations: int = 3) -> Any:
    for _ in range(rng.randint(1, max_mutations)):
        value = mutate_once(value, rng)
    return value


def mutate_text(text: str, rng: random.Random) -> str:
    """Text-level damage: truncation, splicing nasty strings or brackets, repetition."""
    for _ in range(rng.randint(1, 3)):
        where = rng.randint(0, len(text))
        choice = rng.random()
        if choice < 0.2:
            text = text[:where]
        elif choice < 0.55:
            splice = str(rng.choice(NASTY_STRINGS + ["(", ")", '"', ":", "-", "OR", "NOT", "AND", "\\"]))
            text = text[:where] + splice + text[where:]
        elif choice < 0.7:
            text = text[:where] + rng.choice(["[" * 1000, "{" * 1000, "(" * 500, '"' * 3, "- " * 500]) + text[where:]
        elif choice < 0.85:
            piece = text[where:where + rng.randint(1, 20)]
            text = text[:where] + piece * rng.choice([2, 100, 5000]) + text[where:]
        else:
            text = text[:where] + chr(rng.choice([0, 0xD800, 0xFFFF, 0x202E, 0x7F, 0x1B])) + text[where:]
    return text


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """Byte-level damage: invalid UTF-8, NUL bytes, truncation."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if not data:
            break
        where = rng.randrange(len(data))
        data[where] = rng.choice([0x00, 0xFF, 0xC3, 0x80, 0xED, rng.randrange(256)])
    if rng.random() < 0.2:
        data = data[: rng.randrange(len(data) + 1)]
    return bytes(data)


def to_yaml(value: Any) -> str:
    """YAML as a person writes it (dates unquoted, so they load back as dates)."""
    return yaml.safe_dump(value, allow_unicode=True, sort_keys=False, width=1_000_000)


def to_json(value: Any) -> str:
    return json.dumps(value, default=str, ensure_ascii=True)
