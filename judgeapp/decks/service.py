"""One entry point for the page, the API and the command: input in, verdict out.

Every failure of the input as a whole becomes a ``DeckInputError`` (400 / exit 2);
problems of the list itself are part of the verdict.
"""
from __future__ import annotations

import datetime as dt

from . import formats, l5d, parsing
from .parsing import DeckInputError
from .pool import from_database
from .validate import validate


def parse_date(value) -> dt.date:
    if value in (None, ""):
        return dt.date.today()
    if not isinstance(value, str):
        raise DeckInputError("bad-date", "date must be text in the form YYYY-MM-DD, such as 2014-10-15.")
    try:
        return dt.date.fromisoformat(value.strip())
    except ValueError:
        raise DeckInputError("bad-date", f"date {value[:40]!r} is not a date; write YYYY-MM-DD, such as 2014-10-15.")


def get_format(slug) -> formats.Format:
    if slug in (None, ""):
        return formats.BY_SLUG["ivory"]
    if not isinstance(slug, str) or slug not in formats.BY_SLUG:
        raise DeckInputError("unknown-format", f"No format {str(slug)[:40]!r}. Formats: {', '.join(formats.BY_SLUG)}.")
    return formats.BY_SLUG[slug]


def run(decklist=None, deck=None, format_slug=None, date=None, with_l5d: bool = False) -> dict:
    fmt, on = get_format(format_slug), parse_date(date)
    if deck is not None and decklist not in (None, ""):
        raise DeckInputError("two-decklists", "Send either 'decklist' (text) or 'deck' (JSON), not both.")
    if deck is not None:
        parsed = parsing.parse_json(deck)
    elif isinstance(decklist, bytes):
        parsed = parsing.parse_text(parsing.decode(decklist))
    elif isinstance(decklist, str):
        parsed = parsing.parse_text(decklist)
    elif decklist is None:
        raise DeckInputError("no-decklist", "Send 'decklist' (the list as text or .l5d content) or 'deck' (JSON).")
    else:
        raise DeckInputError("bad-decklist", "'decklist' must be text: the list as players write it, or a .l5d file.")
    pool = from_database()
    verdict = validate(parsed, fmt, on, pool)
    if with_l5d:
        verdict["l5d"] = l5d.write(verdict, pool)
    return verdict
