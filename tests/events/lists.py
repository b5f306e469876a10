"""Decklists for event tests: the corpus's real .l5d lists and lists built from the real card
pool (tests/decks/builder.py), legal ones and a broken variant for each problem code."""
from __future__ import annotations

from pathlib import Path

from django.conf import settings

from judgeapp.decks import formats
from tests.decks.builder import build
from tests.decks.test_validation import DATE as EVENT_DATE  # noqa: F401 - the day these lists are legal on
from tests.decks.test_validation import variants

CLANS = ("Crab", "Crane", "Dragon", "Lion", "Mantis", "Phoenix", "Scorpion", "Spider", "Unicorn")


def corpus_lists() -> list[str]:
    return [path.read_text() for path in sorted((Path(settings.L5R_CORPUS_DIR) / "decklists").glob("*.l5d"))]


def ivory_lists(pool) -> list[tuple[str | None, str]]:
    """(the problem code it shows, or None for a legal list, text) for Ivory decks of every clan that has one."""
    fmt = formats.BY_SLUG["ivory"]
    out: list[tuple[str | None, str]] = [(None, text) for text in corpus_lists()]
    for clan in CLANS:
        try:
            deck = build(pool, fmt, clan)
        except StopIteration:  # no Ivory Stronghold for this clan
            continue
        out.append((None, deck.text()))
        out += [(code, text) for code, text in variants(pool, deck) if isinstance(text, str)]
    return out


def many(pool, count: int) -> list[str]:
    """``count`` lists, every one different text (a comment line numbers the copy)."""
    base = [text for _, text in ivory_lists(pool)]
    return [f"// list {i}\n" + base[i % len(base)] for i in range(count)]
