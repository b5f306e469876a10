"""Rank the sections Whoosh found, without Django: which one answers the question.

Whoosh finds every section with any of the words and scores it by BM25 over one
field (title, glossary terms and body together).  BM25 alone rewards a rare word
wherever it stands; a judge's query names a rule, or asks a question whose words stand
together in the answer.  So the best-scored candidates are re-ranked on what a reader
would look at: how much of the query the title holds and how much of the title is the
query, whether the query's words stand together in the text (as a phrase, or close),
how much of the query the text holds at all, and which document it comes from (the
current rule first).  Then an index entry ("Chi Death: the rule that ...", "After: See
Timing") lends its score to the rule it stands for.
"""
from __future__ import annotations

from dataclasses import dataclass

RERANK = 80  # candidates re-ranked; the rest keep Whoosh's order after them
WINDOW = 12  # words: "close together"
STUB_WORDS = 30  # a body this short is an index entry, not the rule itself
REFERENCE_WORDS = 8  # a body this short that says "See X" is only a reference to X
WEIGHTS = {
    "bm25": 1.0,  # Whoosh's score, relative to the best candidate's
    "title": 1.6,  # share of the query's words in the title
    "title_exact": 1.2,  # the title is the query (no more, no less)
    "title_literal": 0.4,  # ... word for word, not only stem for stem ("attachments", not "attach")
    "title_precision": 0.8,  # share of the title's words in the query (times "title")
    "text": 0.8,  # share of the query's words anywhere in the section
    "phrase": 0.9,  # the query's words in order, side by side
    "near": 0.9,  # share of the query's words within one window
    "stub": -0.35,  # an index entry: its rule should come first
}
LEND = 1.02  # an index entry's rule ranks just above it
# How a document's sections rank beside the current rule's: a translation of the
# current rules a little lower, anything older well below (Cardinal Rule 3, later
# documents win: ``ivory-cr/cardinal-rule-3``).
ROLE_FACTORS = {"current": 1.0, "translation": 0.85, "older": 0.55}


@dataclass(frozen=True)
class Entry:
    """What the ranking needs about one indexed section."""

    id: str  # doc/path
    doc: str
    name: str  # the title's words, lower case
    title: frozenset[str]  # stems
    positions: dict[str, tuple[int, ...]]  # stem -> positions in title, terms and body
    words: int  # length of the body
    stands_for: tuple[str, ...] = ()  # ids of the sections an index entry points to

    @classmethod
    def build(cls, id: str, doc: str, name: str, title: list[str], text: list[str], words: int,
              stands_for: tuple[str, ...] = ()) -> "Entry":
        positions: dict[str, list[int]] = {}
        for i, stem in enumerate(text):
            positions.setdefault(stem, []).append(i)
        return cls(id, doc, name, frozenset(title), {k: tuple(v) for k, v in positions.items()}, words, stands_for)


def features(query: list[str], entry: Entry, literal: str = "") -> dict[str, float]:
    """``query``: the query's stems; ``literal``: its words, lower case."""
    if not query:
        return {}
    wanted = set(query)
    in_title = len(wanted & entry.title)
    present = [w for w in wanted if w in entry.positions]
    found = {
        "title": in_title / len(wanted),
        "title_exact": float(bool(entry.title) and entry.title == wanted),
        "title_literal": float(bool(literal) and entry.name == literal),
        "title_precision": (in_title / len(entry.title)) * (in_title / len(wanted)) if entry.title else 0.0,
        "text": len(present) / len(wanted),
        "stub": float(entry.words <= STUB_WORDS and bool(entry.stands_for)),
    }
    if len(wanted) > 1:
        found["phrase"] = float(len(present) == len(wanted) and _has_phrase(query, entry.positions))
        found["near"] = _best_window(present, entry.positions) / len(wanted)
    return found


def _has_phrase(query: list[str], positions: dict[str, tuple[int, ...]]) -> bool:
    starts = set(positions[query[0]])
    for offset, word in enumerate(query[1:], 1):
        starts &= {p - offset for p in positions[word]}
        if not starts:
            return False
    return True


def _best_window(present: list[str], positions: dict[str, tuple[int, ...]]) -> int:
    """Most distinct query words inside any WINDOW consecutive words."""
    if len(present) < 2:
        return len(present)
    merged = sorted((p, w) for w in present for p in positions[w])
    best, start = 0, 0
    counts: dict[str, int] = {}
    for position, word in merged:
        counts[word] = counts.get(word, 0) + 1
        while position - merged[start][0] >= WINDOW:
            old = merged[start][1]
            counts[old] -= 1
            if not counts[old]:
                del counts[old]
            start += 1
        best = max(best, len(counts))
    return best


def score(query: list[str], literal: str, entry: Entry, bm25: float, best_bm25: float, factor: float) -> float:
    found = features(query, entry, literal)
    total = WEIGHTS["bm25"] * (bm25 / best_bm25 if best_bm25 else 0.0)
    total += sum(WEIGHTS[name] * value for name, value in found.items())
    return max(total, 0.01) * factor


def lend(scores: dict[str, float], entries: dict[str, Entry]) -> dict[str, float]:
    """An index entry's score goes to the sections it stands for (kept if higher)."""
    lent = dict(scores)
    for entry_id, value in scores.items():
        entry = entries.get(entry_id)
        if entry is None or entry.words > STUB_WORDS:
            continue
        for target in entry.stands_for:
            if target in entries and entries[target].doc == entry.doc:
                lent[target] = max(lent.get(target, 0.0), value * LEND)
    return lent
