"""The Whoosh index of cards: one document per card as it plays now.

Keyword-like fields (type, clan, keyword, set, …) hold whole values folded to slugs,
so ``c:"Toturi's Army"``, ``c:toturis-army`` and ``c:TOTURIS ARMY`` all meet; numbers
are NUMERIC columns, sortable, with a ``has_`` column so cards without the stat sort
last in either direction.  Each document stores the summary a result shows (type line,
stats, text), so a results page costs no database query.  Cards in no deck (bios, deck
backers, tokens) carry ``is:extra`` and are left out of results unless a query asks.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import random
import time

from whoosh.analysis import CharsetFilter, Filter, LowercaseFilter, RegexTokenizer, StemmingAnalyzer
from whoosh.columns import NumericColumn
from whoosh.fields import COLUMN, ID, KEYWORD, NUMERIC, STORED, TEXT, Schema
from whoosh.query import Term
from whoosh.support.charset import accent_map

from judgeapp.index_store import IndexMissing, LiveIndex  # noqa: F401  (re-exported for views)

from .legality import ARCS
from .search_fields import FIELDS, STAT_OF_FIELD
from .search_query import ParsedCardQuery, correct_words, prepare, to_whoosh
from .set_names import SetName, SetNames
from .spelling import Vocabulary
from .text import parse_stat, slug

SCHEMA_VERSION = "2"
SEPARATOR = "|"
PAGE_SIZE = 20
MAX_PAGE_SIZE = 200
ORDER_COLUMNS = ("cost", "force", "chi", "ph", "focus", "hr")


class SlugFilter(Filter):
    """Each value becomes its slug; an empty one disappears."""

    def __call__(self, tokens):
        for t in tokens:
            t.text = slug(t.text) if t.text.strip() else ""
            if t.text:
                yield t


class FoldApostrophes(Filter):
    def __call__(self, tokens):
        for t in tokens:
            t.text = t.text.replace("'", "").replace("’", "")
            if t.text:
                yield t


VALUES = RegexTokenizer(r"[^|]+") | SlugFilter()
NAME = RegexTokenizer(r"[\w'’]+") | FoldApostrophes() | LowercaseFilter() | CharsetFilter(accent_map)
CARD_TEXT = StemmingAnalyzer() | CharsetFilter(accent_map)


def keyword_field() -> KEYWORD:
    """Whole values, unscored (a filter, not a relevance signal)."""
    field = KEYWORD(scorable=False)
    field.analyzer = VALUES
    return field


def schema() -> Schema:
    fields = {
        "id": ID(stored=True, unique=True),
        "summary": STORED,
        "name": TEXT(analyzer=NAME),
        "text": TEXT(analyzer=CARD_TEXT),
    }
    for spec in FIELDS:
        if spec.kind in ("keyword", "flag"):
            fields[spec.name] = keyword_field()
        elif spec.kind == "number":
            # Stats are small integers: one term per value (shift_step 0) keeps indexing fast.
            fields[spec.name] = NUMERIC(int, bits=32, signed=True, sortable=True, shift_step=0)
            fields[f"has_{spec.name}"] = COLUMN(NumericColumn("b"))
    return Schema(**fields)


def is_extra(deck: str) -> bool:
    """A card that goes in no deck (Ivory CR, Fate and Dynasty decks): bios, deck backers,
    rules cards and tokens that effects create."""
    return deck in ("", "Other")


def _index_document(card: dict, today: dt.date) -> dict:
    """Index fields for a card given as the plain dict of ``card_documents``."""
    flags = []
    if card["is_unique"]:
        flags.append("unique")
    if card["rank"] >= 1:
        flags.append("experienced")
    if card["rank"] < 0:
        flags.append("inexperienced")
    if card["soul_of"]:
        flags.append("soul")
    if is_extra(card["deck"]):
        flags.append("extra")
    banned_now = {b["format"] for b in card["bans"] if b["effective"] is None or b["effective"] <= today}
    banned = {b["format"] or "unspecified" for b in card["bans"]} | ({"any"} if card["bans"] else set())
    doc = {
        "id": card["id"],
        "summary": card["summary"],
        "name": card["full_title"],
        "text": card["text"],
        "type": SEPARATOR.join(card["types"]),
        "clan": SEPARATOR.join(card["clans"]),
        "keyword": SEPARATOR.join(card["keywords"]),
        "deck": card["deck"],
        "set": SEPARATOR.join(card["sets"]),
        "rarity": SEPARATOR.join(card["rarities"]),
        "legal": SEPARATOR.join(f for f in card["formats"] if f not in banned_now),
        "banned": SEPARATOR.join(banned),
        "is": SEPARATOR.join(flags),
    }
    for field, stat_name in STAT_OF_FIELD.items():
        stat = parse_stat(card["stats"].get(stat_name))
        has = stat is not None and stat.value is not None
        if has:
            doc[field] = stat.value
        doc[f"has_{field}"] = int(has)
    return doc


def card_documents():
    """Every card as a plain dict, read from the database in four flat queries."""
    from .models import Ban, Card, CardLegality, Printing

    sets: dict[str, set] = {}
    rarities: dict[str, set] = {}
    for card_id, set_name, rarity in Printing.objects.values_list("card_id", "card_set__name", "rarity"):
        sets.setdefault(card_id, set()).add(set_name)
        if rarity:
            rarities.setdefault(card_id, set()).add(rarity)
    formats: dict[str, list] = {}
    for card_id, fmt in CardLegality.objects.values_list("card_id", "format"):
        formats.setdefault(card_id, []).append(fmt)
    bans: dict[str, list] = {}
    for card_id, fmt, effective in Ban.objects.values_list("card_id", "format", "effective"):
        bans.setdefault(card_id, []).append({"format": fmt, "effective": effective})
    columns = ("id", "slug", "title", "full_title", "folded_title", "level", "rank", "text_plain", "text_html", "type",
               "types", "clans", "keywords", "deck", "is_unique", "soul_of", "stats")
    for c in Card.objects.order_by("id").values(*columns):
        card_formats = [arc.slug for arc in ARCS if arc.slug in formats.get(c["id"], ())]
        card_bans = bans.get(c["id"], [])
        yield dict(
            c, text=c["text_plain"], formats=card_formats, bans=card_bans,
            sets=sorted(sets.get(c["id"], ())), rarities=sorted(rarities.get(c["id"], ())),
            summary={"id": c["id"], "title": c["title"], "full_title": c["full_title"], "level": c["level"],
                     "type": c["type"], "deck": c["deck"], "clans": c["clans"], "stats": c["stats"],
                     "is_unique": c["is_unique"], "text_html": c["text_html"],
                     "formats": card_formats, "banned": sorted({b["format"] or "unspecified" for b in card_bans}),
                     "url": f"/cards/{c['id']}/{c['slug']}/"},
        )


def fingerprint() -> str:
    from .models import CardImport

    last = CardImport.objects.order_by("-pk").first()
    stamp = f"{SCHEMA_VERSION}:{last.fingerprint if last else 'empty'}:{dt.date.today().isoformat()}"
    return hashlib.sha256(stamp.encode()).hexdigest()




def index_is_current() -> bool:
    return LIVE.holds(fingerprint())


def write_index(documents, today: dt.date | None = None) -> tuple:
    """Build an index of ``documents`` (dicts as ``card_documents`` yields) in a new directory.

    Cards are added in title order, so document order is title order: the default
    ordering then needs no sort key per hit, which is what keeps a 100,000-card pool
    fast on queries matching most of it.
    """
    from whoosh import index as windex

    today = today or dt.date.today()
    ordered = sorted(documents, key=lambda c: (c["folded_title"], c["rank"], c["full_title"]))
    target = LIVE.new_directory()
    ix = windex.create_in(str(target), schema())
    writer = ix.writer(limitmb=256)
    count = 0
    for card in ordered:
        writer.add_document(**_index_document(card, today))
        count += 1
    writer.commit()
    return target, count


def build_index() -> dict:
    started = time.perf_counter()
    target, count = write_index(card_documents())
    LIVE.swap_in(target, fingerprint())
    return {"documents": count, "seconds": round(time.perf_counter() - started, 3), "path": str(target)}


def _derived(searcher) -> dict:
    """What each index version computes once: the sort ranks, the set names, the types
    and clans in use (the advanced form's choices), the title words with their card
    counts (spelling corrections) and the non-game cards hidden by default."""
    reader = searcher.reader()
    words = {term.decode(): reader.doc_frequency("name", term) for term in reader.lexicon("name")}
    return {"ranks": _ranks(searcher), "sets": set_names(), "choices": _choices(),
            "name_words": Vocabulary(words), "name_counts": words,
            "extra": frozenset(searcher.docs_for_query(Term("is", "extra")))}


def _choices() -> dict:
    from collections import Counter

    from .models import Card

    types, clans = Counter(), Counter()
    for card_types, card_clans in Card.objects.values_list("types", "clans"):
        types.update(card_types)
        clans.update(card_clans)
    return {"types": [t for t, _ in types.most_common()], "clans": sorted(clans, key=lambda c: (-clans[c], c))}


def choices() -> dict:
    """``{"types", "clans"}`` in use, most common first; ``sets`` in release order."""
    _searcher, derived = LIVE.open()
    return dict(derived["choices"], sets=derived["sets"].sets)


def set_names() -> SetNames:
    from .models import CardSet

    return SetNames([SetName(name, set_slug, code) for name, set_slug, code in
                     CardSet.objects.order_by("order").values_list("name", "slug", "code")])


def _ranks(searcher) -> dict:
    """Per index version: for each order field, every document's position in that order.

    Documents are stored in title order, so the title order is the document number;
    for a stat, cards without the value come last in either direction.  Sorting a
    result set is then one key lookup per hit.
    """
    reader = searcher.reader()
    n = reader.doc_count_all()
    ranks = {}
    for field in ORDER_COLUMNS:
        values = list(reader.column_reader(field)) if reader.has_column(field) else [0] * n
        present = list(reader.column_reader(f"has_{field}")) if reader.has_column(f"has_{field}") else [0] * n
        for direction, sign in (("asc", 1), ("desc", -1)):
            order = sorted(range(n), key=lambda d: (not present[d], sign * values[d], d))
            rank = [0] * n
            for position, doc in enumerate(order):
                rank[doc] = position
            ranks[(field, direction)] = rank
    return ranks


LIVE = LiveIndex("cards", "The card index has not been built: run 'python manage.py ingest'.", _derived)


def _matches(searcher, derived: dict, parsed: ParsedCardQuery, include_extra: bool) -> list[int]:
    docs = sorted(searcher.docs_for_query(to_whoosh(parsed, searcher.schema)))
    if not include_extra:
        # A set lookup per hit: a Not(Term) inside the query costs Whoosh a pass over every
        # document (8-12 ms a search), and its AndNot yields a document when it should yield none.
        hidden = derived["extra"]
        docs = [d for d in docs if d not in hidden]
    if parsed.order == "title":
        if parsed.direction == "desc":
            docs.reverse()
    else:
        docs.sort(key=derived["ranks"][(parsed.order, parsed.direction)].__getitem__)
    return docs


def _spelling_fixer(searcher, derived: dict):
    """A bare word the titles do not have → the nearest word they do (within two edits;
    of equally near ones, the one on most cards)."""
    vocabulary, counts = derived["name_words"], derived["name_counts"]

    def fix(word: str) -> str | None:
        tokens = [t.text for t in searcher.schema["name"].analyzer(word)]
        if not tokens or all(t in vocabulary for t in tokens):
            return None
        fixed = []
        for token in tokens:
            nearby = [] if token in vocabulary else vocabulary.similar(token)
            if token not in vocabulary and not nearby:
                return None
            fixed.append(min(nearby, key=lambda wd: (wd[1], -counts[wd[0]]))[0] if nearby else token)
        return " ".join(fixed)
    return fix


def search(raw: str, page: int = 1, page_size: int = PAGE_SIZE) -> dict:
    """The API's result: ``{"query", "total", "page", "pages", "results", "warnings", "notes", "order"}``,
    and when nothing matched: ``corrected`` (the query run instead, its misspelt title
    words fixed) or ``extra_hidden`` (how many hidden cards would match)."""
    return LIVE.cached(("search", raw, page, page_size), lambda: _search(raw, page, page_size))


def _search(raw: str, page: int, page_size: int) -> dict:
    searcher, derived = LIVE.open()
    parsed: ParsedCardQuery = prepare(raw, derived["sets"])
    docs = _matches(searcher, derived, parsed, parsed.include_extra)
    extra = {}
    if not docs:
        fixed = correct_words(parsed.text, _spelling_fixer(searcher, derived))
        if fixed != parsed.text:
            retry = prepare(fixed, derived["sets"])
            docs = _matches(searcher, derived, retry, retry.include_extra)
            if docs:
                extra["corrected"] = {"from": parsed.text, "to": retry.text}
                parsed = retry
        if not docs and not parsed.include_extra:
            hidden = len(_matches(searcher, derived, parsed, True))
            if hidden:
                extra["extra_hidden"] = hidden
    total = len(docs)
    start = (page - 1) * page_size
    return {
        "query": parsed.text,
        "total": total,
        "page": page,
        "pages": max(1, -(-total // page_size)),
        "order": {"by": parsed.order, "dir": parsed.direction},
        "warnings": parsed.warnings,
        "notes": parsed.notes,
        "results": [searcher.stored_fields(d)["summary"] for d in docs[start:start + page_size]],
    } | extra


def random_card(raw: str | None = None) -> dict | None:
    """The summary of one card chosen at random among those the query matches (any card
    that goes in a deck, without a query)."""
    searcher, derived = LIVE.open()
    if raw and raw.strip():
        parsed = prepare(raw, derived["sets"])
        docs = _matches(searcher, derived, parsed, parsed.include_extra)
    else:
        extra = set(searcher.docs_for_query(Term("is", "extra")))
        docs = [d for d in range(searcher.doc_count_all()) if d not in extra]
    return searcher.stored_fields(random.choice(docs))["summary"] if docs else None
