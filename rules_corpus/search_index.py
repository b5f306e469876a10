"""The Whoosh index of rules sections: building it, and searching it.

The index is derived data: built from the database into a fresh directory and swapped
in by renaming a symlink, so a reader never sees half an index.  A fingerprint of the
indexed content is kept beside it, so ``ingest`` rebuilds only when something changed.
"""
from __future__ import annotations

import hashlib
import time

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein
from whoosh import highlight, index, qparser, query as wq
from whoosh.analysis import LanguageAnalyzer, StandardAnalyzer
from whoosh.fields import ID, STORED, TEXT, Schema

from judgeapp.index_store import IndexMissing, LiveIndex  # noqa: F401  (re-exported for views)

from . import query as rq
from .models import GlossaryTerm, Section
from .rendering import to_plain_text

SCHEMA_VERSION = "3"
ENGLISH = LanguageAnalyzer("en")
FRENCH = LanguageAnalyzer("fr")
SNIPPET_SOURCE_CHARS = 700
SEARCH_FIELDS = {"title": 4.0, "term": 3.0, "body": 1.0, "title_fr": 3.0, "body_fr": 1.0}
AUTHORITY_BOOST = {"authoritative": 1.6, "superseded": 1.0, "summary": 1.0, "translation": 0.9}


def schema() -> Schema:
    return Schema(
        id=ID(stored=True, unique=True),
        doc=ID(stored=True),
        edition=ID(stored=True),
        section=STORED,
        number=STORED,
        display_title=STORED,
        title=TEXT(analyzer=ENGLISH, field_boost=SEARCH_FIELDS["title"]),
        term=TEXT(analyzer=ENGLISH, field_boost=SEARCH_FIELDS["term"]),
        body=TEXT(analyzer=ENGLISH, stored=True),
        title_fr=TEXT(analyzer=FRENCH, field_boost=SEARCH_FIELDS["title_fr"]),
        body_fr=TEXT(analyzer=FRENCH, stored=True),
        spell=TEXT(analyzer=StandardAnalyzer(stoplist=None, minsize=3)),
    )


def _vocabulary(searcher) -> dict[str, float]:
    reader = searcher.reader()
    return {(w.decode() if isinstance(w, bytes) else w): reader.frequency("spell", w) for w in reader.lexicon("spell")}


LIVE = LiveIndex("rules", "The rules index has not been built: run 'python manage.py ingest'.", _vocabulary)


def _rows():
    terms: dict[int, list[str]] = {}
    for term in GlossaryTerm.objects.all().only("section_id", "term"):
        terms.setdefault(term.section_id, []).append(term.term)
    sections = Section.objects.filter(searchable=True).select_related("document").order_by("document__order", "order")
    for s in sections:
        yield s, terms.get(s.pk, [])


def fingerprint(rows=None) -> str:
    """Hash of what the index holds; ``rows`` saves reading the database twice."""
    digest = hashlib.sha256(SCHEMA_VERSION.encode())
    for s, terms in rows if rows is not None else _rows():
        for part in (s.document.slug, s.path, s.number, s.title, s.body, s.document.authority, "|".join(terms)):
            digest.update(part.encode())
            digest.update(b"\0")
    return digest.hexdigest()


def index_is_current() -> bool:
    return LIVE.holds(fingerprint())


def build_index() -> dict:
    """Build a new index beside the live one, then swap it in atomically."""
    started = time.perf_counter()
    target = LIVE.new_directory()
    ix = index.create_in(str(target), schema())
    writer = ix.writer(limitmb=256)
    rows = list(_rows())
    for s, terms in rows:
        french = s.document.language == "fr"
        body = to_plain_text(s.body)
        title = " ".join(filter(None, [s.title, s.number]))
        fields = dict(
            id=s.full_id, doc=s.document.slug, edition=s.document.edition, section=s.path,
            number=s.number, display_title=s.title, spell=f"{s.title} {body}",
            term=" ".join(terms) + (" " + s.title if s.kind == "glossary" else ""),
        )
        if french:
            fields.update(title_fr=title, body_fr=body, body="")
        else:
            fields.update(title=title, body=body)
        writer.add_document(_boost=AUTHORITY_BOOST.get(s.document.authority, 1.0), **fields)
    writer.commit()
    LIVE.swap_in(target, fingerprint(rows))
    return {"documents": len(rows), "seconds": round(time.perf_counter() - started, 3), "path": str(target)}


def _parser(fields: list[str], schema_: Schema) -> qparser.MultifieldParser:
    parser = qparser.MultifieldParser(fields, schema_, fieldboosts=SEARCH_FIELDS,
                                      group=qparser.OrGroup.factory(0.9))
    parser.remove_plugin_class(qparser.WildcardPlugin)
    return parser


def _best_correction(vocabulary: dict[str, float], word: str) -> str | None:
    """Closest indexed word: fewest edits, then same first letter, then most frequent.

    (Whoosh's own corrector ranks within the distance by frequency alone, "deth" →
    "with", and walks its word graph slowly; rapidfuzz scans the vocabulary in C.)
    """
    matches = process.extract(word, vocabulary.keys(), scorer=Levenshtein.distance, score_cutoff=2, limit=20)
    candidates = [(distance, c) for c, distance, _ in matches if len(c) >= 3 and c != word]
    if not candidates:
        return None
    return min(candidates, key=lambda dc: (dc[0], dc[1][0] != word[0], -vocabulary[dc[1]]))[1]


def _corrections(vocabulary: dict[str, float], text: str) -> dict[str, str]:
    found = {}
    for word in rq.words(text):
        lower = word.lower()
        if lower in vocabulary or rq.is_game_vocabulary(word):
            continue
        best = _best_correction(vocabulary, lower)
        if best:
            found[word] = best
    return found


def search(raw: str, doc: str | None = None, edition: str | None = None, limit: int = 10) -> dict:
    """The API's search result: ``{"query", "total", "results", "suggestion", "warnings"}``."""
    prepared = rq.prepare(raw)
    searcher, vocabulary = LIVE.open()
    parser = _parser(list(SEARCH_FIELDS), searcher.schema)
    corrections = _corrections(vocabulary, raw)
    suggestion = rq.apply_corrections(raw.strip(), corrections) if corrections else None

    alternatives = [parser.parse(prepared.text)]
    if prepared.english:
        alternatives.append(wq.Or([parser.parse(prepared.english)], boost=1.5))
    if suggestion:
        alternatives.append(wq.Or([parser.parse(rq.prepare(suggestion).text)], boost=1.2))
    alternatives = [q for q in alternatives if q is not wq.NullQuery and q.normalize() is not wq.NullQuery]
    if not alternatives:
        raise rq.QueryError("no-terms", "The query has no words to search for.")
    combined = wq.Or(alternatives) if len(alternatives) > 1 else alternatives[0]

    filters = [wq.Term("doc", doc)] if doc else []
    if edition:
        filters.append(wq.Term("edition", edition))
    flt = wq.And(filters) if filters else None
    # optimize=False: Whoosh's block-quality skipping can loop for ever on nested ORs (whoosh issue #446).
    hits = searcher.search(combined, limit=limit, filter=flt, terms=True, optimize=False)
    hits.fragmenter = highlight.ContextFragmenter(maxchars=220, surround=60)
    hits.formatter = highlight.HtmlFormatter(tagname="mark", between=" … ")
    results = []
    for hit in hits:
        field = "body_fr" if hit.get("body_fr") else "body"
        stored = hit.get(field) or ""
        # Highlighting re-analyzes the text: the opening of a long section is enough.
        snippet = hit.highlights(field, text=stored[:SNIPPET_SOURCE_CHARS]) if stored else ""
        if not snippet:
            snippet = highlight.htmlescape(stored[:200] + ("…" if len(stored) > 200 else ""))
        results.append({
            "doc": hit["doc"],
            "section": hit["section"],
            "number": hit["number"],
            "title": hit["display_title"],
            "url": f"/rules/{hit['doc']}/{hit['section']}/",
            "snippet": snippet,
            "score": round(hit.score, 3),
        })
    return {
        "query": raw.strip(),
        "total": len(hits) if hits.has_exact_length() else hits.estimated_length(),
        "results": results,
        "suggestion": suggestion,
        "warnings": prepared.warnings,
    }
