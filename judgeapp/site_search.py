"""The header's one search box: a card's name goes to the card, anything else to a page
with the cards, the rules and the judges' published rulings it finds.

A name jumps straight to its card only when it names exactly one card a player would
mean (the version without an experience level, or the only one) and is not also a
glossary term or section title (``Cavalry`` is a rule before it is a token).
"""
from __future__ import annotations

from cards import search_index as card_index
from cards.search_query import CardQueryError
from cards.text import fold, parse_title
from judgeapp.api_errors import ApiError
from judgeapp.decks.pool import from_database
from judgeapp.events import rulings_index
from rules_corpus.adapters.base import normalize_title
from rules_corpus.api import run_search as run_rules_search
from rules_corpus.query import QueryError
from rules_corpus.services import link_table

CARDS_SHOWN = 6
RULES_SHOWN = 8
RULINGS_SHOWN = 3
FEW_CARDS = 20  # a query naming a few cards (a name, perhaps misspelt): the cards come first


def card_for_name(query: str):
    """The PoolCard the query names exactly, or None."""
    name = parse_title(query)
    if not name.title or len(name.title) > 150:
        return None
    table = link_table()
    key = normalize_title(name.title)
    if key in table.terms or any(key in titles for titles in table.titles.values()):
        return None
    pool = from_database()
    candidates = [c for c in pool.by_title.get(fold(name.title), []) if not card_index.is_extra(c.deck)]
    if name.level:
        candidates = [c for c in candidates if fold(c.level) == fold(name.level + name.tag)]
    else:
        candidates = [c for c in candidates if not c.level] or candidates
    return candidates[0] if len(candidates) == 1 else None


def search_everything(query: str) -> dict:
    """``{"cards": result|None, "card_error", "rules": result|None, "rules_error", "cards_first",
    "rulings": result|None}`` (rulings only when some match: most searches find none)."""
    out: dict = {"cards": None, "card_error": None, "rules": None, "rules_error": None}
    try:
        cards = card_index.search(query, page=1, page_size=CARDS_SHOWN)
    except CardQueryError as exc:
        out["card_error"] = exc.message
    except card_index.IndexMissing as exc:
        out["card_error"] = str(exc)
    else:
        out["cards"] = cards
    try:
        out["rules"] = run_rules_search(query, limit=RULES_SHOWN)
    except ApiError as exc:
        out["rules_error"] = exc.message
    try:
        rulings = rulings_index.search(query)
    except (QueryError, ApiError):
        rulings = None
    if rulings and rulings["total"]:
        out["rulings"] = rulings | {"results": rulings["results"][:RULINGS_SHOWN]}
    card_total = out["cards"]["total"] if out["cards"] else 0
    rules_total = out["rules"]["total"] if out["rules"] else 0
    out["cards_first"] = card_total > 0 and (card_total <= FEW_CARDS or rules_total == 0)
    return out
