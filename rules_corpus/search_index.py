"""The Whoosh index of rules sections: building it, and searching it.

The index is derived data: built from the database into a fresh directory and swapped
in by renaming a symlink, so a reader never sees half an index.  A fingerprint of the
indexed content is kept beside it, so ``ingest`` rebuilds only when something changed.

Searching is two steps.  Whoosh parses the query (quotes, OR, NOT and ``title:`` still
work) and scores every matching section by BM25 over a single field holding title,
glossary terms and body: one field, so a word counts once, where an OR over separate
title, term and body fields with boosts counted it up to three times and let short
glossary stubs outscore the rules they index.  Then ``ranking`` re-ranks the best
candidates; the current document's rules come first, older documents after (and the
page says which are older).
"""
from __future__ import annotations

import hashlib
import html
import re
import time
from functools import lru_cache
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import OSA
from whoosh import index, qparser, query as wq
from whoosh.analysis import LanguageAnalyzer, LowercaseFilter, RegexTokenizer, StandardAnalyzer, StemFilter, StopFilter
from whoosh.fields import ID, NUMERIC, STORED, TEXT, Schema

from judgeapp.index_store import IndexMissing, LiveIndex  # noqa: F401  (re-exported for views)

from . import crossrefs, query as rq, ranking
from .adapters.alignment import title_key
from .models import GlossaryTerm, Section
from .rendering import to_plain_text

SCHEMA_VERSION = "6"
# Whoosh's English stoplist drops "after", "before", "when", "if", "each", "same",
# "own", "not" ...: words the rules use as terms.  Only the emptiest words are dropped.
STOPWORDS = frozenset({"a", "an", "the", "of", "to", "in", "is", "are", "be", "it", "its", "as", "at", "by", "with",
                       "was", "were", "and", "or"})
ENGLISH = RegexTokenizer() | LowercaseFilter() | StopFilter(stoplist=STOPWORDS) | StemFilter(lang="en")
FRENCH = LanguageAnalyzer("fr")
SNIPPET_SOURCE_CHARS = 700
SNIPPET_CHARS = 220
WORD = re.compile(r"\w+(?:\.?\w+)*")  # Whoosh's default tokenizer pattern
SEARCH_FIELDS = ["content", "content_fr"]
SHOWN = {"id", "doc", "section", "anchor", "number", "display_title", "current", "body", "body_fr"}


def schema() -> Schema:
    return Schema(
        id=ID(stored=True, unique=True),
        doc=ID(stored=True),
        edition=ID(stored=True),
        section=STORED,
        anchor=STORED,
        number=STORED,
        display_title=STORED,
        current=STORED,
        content=TEXT(analyzer=ENGLISH),
        content_fr=TEXT(analyzer=FRENCH),
        title=TEXT(analyzer=ENGLISH),
        term=TEXT(analyzer=ENGLISH),
        body=TEXT(analyzer=ENGLISH, stored=True),
        body_fr=TEXT(analyzer=FRENCH, stored=True),
        spell=TEXT(analyzer=StandardAnalyzer(stoplist=None, minsize=3)),
        words=NUMERIC(stored=True),
        title_stems=STORED,
        text_stems=STORED,
        stands_for=STORED,
    )


@dataclass
class Loaded:
    """What one open index gives every search: its spelling vocabulary and, per
    section, what the ranking reads (loaded once, not per query)."""

    vocabulary: dict[str, float]
    entries: dict[str, ranking.Entry]
    docnums: dict[str, int]
    ids: dict[int, str]
    by_doc: dict[str, set[int]]
    by_edition: dict[str, set[int]]
    stored: dict[int, dict]  # what a result shows, per docnum (the index is small: kept in memory)

    def allowed(self, docs, doc: str | None, edition: str | None) -> set[int] | None:
        """The docnums a search may return, or None for all of them."""
        if set(docs) >= set(self.by_doc) and not doc and not edition:
            return None
        allowed = set().union(*(self.by_doc.get(d, set()) for d in docs))
        if doc:
            allowed &= self.by_doc.get(doc, set())
        if edition:
            allowed &= self.by_edition.get(edition, set())
        return allowed


def _load(searcher) -> Loaded:
    reader = searcher.reader()
    vocabulary = {(w.decode() if isinstance(w, bytes) else w): reader.frequency("spell", w)
                  for w in reader.lexicon("spell")}
    entries, docnums, by_doc, by_edition, stored = {}, {}, {}, {}, {}
    for docnum, fields in reader.iter_docs():
        stored[docnum] = {k: v for k, v in fields.items() if k in SHOWN}
        by_doc.setdefault(fields["doc"], set()).add(docnum)
        by_edition.setdefault(fields["edition"], set()).add(docnum)
        entries[fields["id"]] = ranking.Entry.build(
            fields["id"], fields["doc"], title_key(fields["display_title"]), fields["title_stems"].split(),
            fields["text_stems"].split(), fields["words"], tuple(fields["stands_for"].split()))
        docnums[fields["id"]] = docnum
    return Loaded(vocabulary, entries, docnums, {n: i for i, n in docnums.items()}, by_doc, by_edition, stored)


LIVE = LiveIndex("rules", "The rules index has not been built: run 'python manage.py ingest'.", _load)


def _rows():
    terms: dict[int, list[str]] = {}
    for term in GlossaryTerm.objects.all().only("section_id", "term"):
        terms.setdefault(term.section_id, []).append(term.term)
    sections = (Section.objects.filter(searchable=True).select_related("document", "current__document")
                .order_by("document__order", "order"))
    for s in sections:
        yield s, terms.get(s.pk, [])


def fingerprint(rows=None) -> str:
    """Hash of what the index holds; ``rows`` saves reading the database twice."""
    digest = hashlib.sha256(SCHEMA_VERSION.encode())
    for s, terms in rows if rows is not None else _rows():
        for part in (s.document.slug, s.path, s.number, s.title, s.body, s.document.authority, "|".join(terms),
                     s.current.full_id if s.current else "", str(s.document.effective_from), str(s.document.order)):
            digest.update(part.encode())
            digest.update(b"\0")
    return digest.hexdigest()


def index_is_current() -> bool:
    return LIVE.holds(fingerprint())


def _stems(analyzer, text: str) -> str:
    return " ".join(token.text for token in analyzer(text))


def _stands_for(rows) -> dict[int, list[str]]:
    """Index entries and the sections they stand for: a glossary entry, the rule of
    its name; a bare reference ("After: See Timing."), what it refers to."""
    table = crossrefs.build_link_table()
    main: dict[int, list[Section]] = {}
    for s, _ in rows:
        if s.kind != "glossary":
            main.setdefault(s.document_id, []).append(s)
    found = {}
    for s, terms in rows:
        words = len(to_plain_text(s.body).split())
        if words > ranking.STUB_WORDS:
            continue
        targets = crossrefs.see_targets(s.body, s.document.slug, table) if words <= ranking.REFERENCE_WORDS else []
        if s.kind == "glossary":
            procedure = crossrefs.procedure_for(s.title, main.get(s.document_id, []))
            targets += [procedure.full_id] if procedure else []
        if targets:
            found[s.pk] = list(dict.fromkeys(targets))
    return found


def build_index() -> dict:
    """Build a new index beside the live one, then swap it in atomically."""
    started = time.perf_counter()
    target = LIVE.new_directory()
    ix = index.create_in(str(target), schema())
    writer = ix.writer(limitmb=256)
    rows = list(_rows())
    stands_for = _stands_for(rows)
    for s, terms in rows:
        french = s.document.language == "fr"
        analyzer = FRENCH if french else ENGLISH
        body = to_plain_text(s.body)
        title = " ".join(filter(None, [s.title, s.number]))
        term_text = " ".join(terms) + (" " + s.title if s.kind == "glossary" else "")
        content = f"{s.title}\n{' '.join(terms)}\n{body}"
        fields = dict(
            id=s.full_id, doc=s.document.slug, edition=s.document.edition, section=s.path, anchor=s.anchor,
            number=s.number, display_title=s.title, current=s.current.full_id if s.current else "",
            spell=f"{s.title} {body}", term=term_text, words=len(body.split()),
            title_stems=_stems(analyzer, s.title), text_stems=_stems(analyzer, content),
            stands_for=" ".join(stands_for.get(s.pk, [])),
        )
        if french:
            fields.update(content_fr=content, body_fr=body, body="")
        else:
            fields.update(content=content, title=title, body=body)
        writer.add_document(**fields)
    writer.commit()
    LIVE.swap_in(target, fingerprint(rows))
    return {"documents": len(rows), "seconds": round(time.perf_counter() - started, 3), "path": str(target)}


def _parser(schema_: Schema, french: bool) -> qparser.MultifieldParser:
    """English words are looked up in the English field only; a query with French
    game words also in the French field (with the French analyzer)."""
    parser = qparser.MultifieldParser(SEARCH_FIELDS if french else SEARCH_FIELDS[:1], schema_, group=qparser.OrGroup)
    parser.remove_plugin_class(qparser.WildcardPlugin)
    return parser


def _best_correction(vocabulary: dict[str, float], word: str) -> str | None:
    """Closest indexed word: fewest edits (a swap of two letters is one: "manuever"),
    then same first letter, then most frequent.

    (Whoosh's own corrector ranks within the distance by frequency alone, "deth" →
    "with", and walks its word graph slowly; rapidfuzz scans the vocabulary in C.)
    """
    matches = process.extract(word, vocabulary.keys(), scorer=OSA.distance, score_cutoff=2, limit=20)
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


@dataclass(frozen=True)
class Scope:
    """Which documents a search reads and each one's role then ("current", "older",
    "translation": see ``ranking.ROLE_FACTORS``), and ``current``, the document whose
    sections an older document's results link to."""

    roles: dict[str, str]
    current: str = ""

    def factor(self, doc: str) -> float:
        return ranking.ROLE_FACTORS[self.roles.get(doc, "older")]


def _query_stems(*texts: str) -> list[str]:
    stems: list[str] = []
    for text in texts:
        for token in ENGLISH(rq.topic_words(text)):
            if token.text not in stems:
                stems.append(token.text)
    return stems


def search(raw: str, scope: Scope, doc: str | None = None, edition: str | None = None,
           page: int = 1, per_page: int = 10) -> dict:
    """The API's search result: ``{"query", "total", "page", "pages", "results", "suggestion", "warnings"}``."""
    key = ("search", raw, tuple(sorted(scope.roles.items())), scope.current, doc, edition, page, per_page)
    return LIVE.cached(key, lambda: _search(raw, scope, doc, edition, page, per_page))


def _search(raw: str, scope: Scope, doc: str | None, edition: str | None, page: int, per_page: int) -> dict:
    prepared = rq.prepare(raw)
    searcher, loaded = LIVE.open()
    parser = _parser(searcher.schema, french=bool(prepared.english))
    topic, question = rq.question_topic(prepared.text)
    corrections = _corrections(loaded.vocabulary, raw)
    suggestion = rq.apply_corrections(raw.strip(), corrections) if corrections else None
    corrected = rq.question_topic(rq.expand_abbreviations(suggestion))[0] if suggestion else ""

    alternatives = [parser.parse(topic)]
    if prepared.english:
        alternatives.append(parser.parse(prepared.english))
    if corrected:
        alternatives.append(parser.parse(corrected))
    alternatives = [q for q in alternatives if q is not wq.NullQuery and q.normalize() is not wq.NullQuery]
    if not alternatives:
        raise rq.QueryError("no-terms", "The query has no words to search for.")
    combined = wq.Or(alternatives) if len(alternatives) > 1 else alternatives[0]

    start = (page - 1) * per_page
    # Every match is scored (no limit): on an index this size Whoosh is faster scoring
    # them all than skipping blocks, and the count is then exact.
    hits = searcher.search(combined, limit=None, filter=loaded.allowed(scope.roles, doc, edition))
    stems = _query_stems(topic, prepared.english, corrected)
    ranked = _rank(hits, stems, title_key(rq.topic_words(corrected or topic)), loaded, scope)
    results = [_result(item, loaded, scope, stems) for item in ranked[start:start + per_page]]
    total = len(ranked)  # every match, and the rules that matching index entries stand for
    return {
        "query": raw.strip(),
        "question": question,
        "total": total,
        "page": page,
        "pages": max(1, -(-total // per_page)),
        "first": start + 1,
        "per_page": per_page,
        "results": results,
        "suggestion": suggestion,
        "warnings": prepared.warnings,
    }


def _rank(hits, stems: list[str], literal: str, loaded: Loaded, scope: Scope) -> list[tuple[str, float]]:
    """(id, score) for every scored result, best first."""
    top = hits.top_n  # [(score, docnum)], best first
    best = top[0][0] if top else 0.0
    scores, position = {}, {}
    for i, (bm25, docnum) in enumerate(top):
        hit_id = loaded.ids[docnum]
        entry = loaded.entries[hit_id]
        factor = scope.factor(entry.doc)
        position[hit_id] = i
        if i < ranking.RERANK:
            scores[hit_id] = ranking.score(stems, literal, entry, bm25, best, factor)
        else:
            scores[hit_id] = 0.01 * factor * bm25 / best
    scores = ranking.lend(scores, loaded.entries)
    return sorted(scores.items(), key=lambda pair: (-pair[1], position.get(pair[0], len(top))))


def _result(item, loaded: Loaded, scope: Scope, stems: list[str]) -> dict:
    hit_id, value = item
    fields = loaded.stored[loaded.docnums[hit_id]]
    french = bool(fields.get("body_fr"))
    result = {
        "id": hit_id,
        "doc": fields["doc"],
        "section": fields["section"],
        "anchor": fields["anchor"],
        "number": fields["number"],
        "title": fields["display_title"],
        "url": f"/rules/{fields['doc']}/{fields['section']}/",
        "snippet": snippet(fields.get("body_fr" if french else "body") or "", set(stems) if not french else set(),
                           "fr" if french else "en"),
        "score": round(value, 3),
        "role": scope.roles.get(fields["doc"], "older"),
        "current": None,
    }
    if fields["doc"] != scope.current:
        result["current"] = _current_link(fields, loaded, scope)
    return result


@lru_cache(maxsize=65536)
def _stem(language: str, word: str) -> str:
    """One word's stem (memoized: snippets stem the same words over and over)."""
    return next((token.text for token in (FRENCH if language == "fr" else ENGLISH)(word)), "")


def snippet(text: str, stems: set[str], language: str = "en", width: int = SNIPPET_CHARS) -> str:
    """About ``width`` characters of ``text`` around its densest run of query words,
    each marked ``<mark>``; the text is escaped here."""
    text = text[:SNIPPET_SOURCE_CHARS]
    marks = [m.span() for m in WORD.finditer(text) if _stem(language, m.group().lower()) in stems]
    begin = 0
    if marks:
        best = max(range(len(marks)), key=lambda i: sum(1 for m in marks[i:] if m[0] < marks[i][0] + width))
        begin = max(0, marks[best][0] - width // 4)
        begin = text.rfind(" ", 0, begin) + 1 if begin else 0
    end = min(len(text), begin + width)
    end = end if end == len(text) else max(text.rfind(" ", begin, end), begin + 1)
    out, cursor = [], begin
    for start_char, end_char in marks:
        if start_char < begin or end_char > end:
            continue
        out.append(html.escape(text[cursor:start_char]) + f"<mark>{html.escape(text[start_char:end_char])}</mark>")
        cursor = end_char
    out.append(html.escape(text[cursor:end]))
    return ("… " if begin else "") + "".join(out) + (" …" if end < len(text) or len(text) == SNIPPET_SOURCE_CHARS else "")


def _current_link(fields, loaded: Loaded, scope: Scope) -> dict | None:
    """The section of the document current at the searched date that states this rule."""
    target = fields["current"]
    if target and scope.current and not target.startswith(scope.current + "/"):
        target = f"{scope.current}/{target.split('/', 1)[1]}"  # the same rule in the edition of that date
    if not target or target not in loaded.docnums or target == fields["id"]:
        return None
    stored = loaded.stored[loaded.docnums[target]]
    return {"doc": stored["doc"], "section": stored["section"], "anchor": stored["anchor"],
            "number": stored["number"], "title": stored["display_title"],
            "url": f"/rules/{stored['doc']}/{stored['section']}/"}
