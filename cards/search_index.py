"""The Whoosh index of cards: one document per card as it plays now.

Keyword-like fields (type, clan, keyword, set, …) hold whole values folded to slugs,
so ``c:"Toturi's Army"``, ``c:toturis-army`` and ``c:TOTURIS ARMY`` all meet; numbers
are NUMERIC columns, sortable, with a ``has_`` column so cards without the stat sort
last in either direction.  Each document stores the summary a result row shows, so a
results page costs no database query.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import time

from whoosh.analysis import CharsetFilter, Filter, LowercaseFilter, RegexTokenizer, StemmingAnalyzer
from whoosh.columns import NumericColumn
from whoosh.fields import COLUMN, ID, KEYWORD, NUMERIC, STORED, TEXT, Schema
from whoosh.support.charset import accent_map

from judgeapp.index_store import IndexMissing, LiveIndex  # noqa: F401  (re-exported for views)

from .legality import ARCS
from .search_fields import FIELDS, STAT_OF_FIELD
from .search_query import ParsedCardQuery, prepare, to_whoosh
from .text import parse_stat, slug

SCHEMA_VERSION = "1"
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
    columns = ("id", "slug", "title", "full_title", "folded_title", "level", "rank", "text_plain", "type", "types",
               "clans", "keywords", "deck", "is_unique", "soul_of", "stats")
    for c in Card.objects.order_by("id").values(*columns):
        card_formats = [arc.slug for arc in ARCS if arc.slug in formats.get(c["id"], ())]
        card_bans = bans.get(c["id"], [])
        yield dict(
            c, text=c["text_plain"], formats=card_formats, bans=card_bans,
            sets=sorted(sets.get(c["id"], ())), rarities=sorted(rarities.get(c["id"], ())),
            summary={"id": c["id"], "title": c["title"], "full_title": c["full_title"], "level": c["level"],
                     "type": c["type"], "deck": c["deck"], "clans": c["clans"], "stats": c["stats"],
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


LIVE = LiveIndex("cards", "The card index has not been built: run 'python manage.py ingest'.", _ranks)


def search(raw: str, page: int = 1, page_size: int = PAGE_SIZE) -> dict:
    """The API's result: ``{"query", "total", "page", "pages", "results", "warnings", "order"}``."""
    parsed: ParsedCardQuery = prepare(raw)
    searcher, ranks = LIVE.open()
    docs = sorted(searcher.docs_for_query(to_whoosh(parsed, searcher.schema)))
    if parsed.order == "title":
        if parsed.direction == "desc":
            docs.reverse()
    else:
        docs.sort(key=ranks[(parsed.order, parsed.direction)].__getitem__)
    total = len(docs)
    start = (page - 1) * page_size
    return {
        "query": parsed.text,
        "total": total,
        "page": page,
        "pages": max(1, -(-total // page_size)),
        "order": {"by": parsed.order, "dir": parsed.direction},
        "warnings": parsed.warnings,
        "results": [searcher.stored_fields(d)["summary"] for d in docs[start:start + page_size]],
    }
