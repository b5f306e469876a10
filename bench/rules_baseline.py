"""The baseline the rules search has to beat (issue 14): SQLite FTS5 ranked by BM25, the
title weighted 10, a question-word stoplist, over the same searchable sections.  Kept
deliberately plain: no abbreviations, no spelling correction, no notion of authority."""
import re
import sqlite3

from rules_corpus.query import QUESTION_WORDS
from rules_corpus.rendering import to_plain_text


class Baseline:
    def __init__(self, sections):
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE s USING fts5(id UNINDEXED, title, body, "
                        "tokenize='porter unicode61 remove_diacritics 2')")
        self.db.executemany("INSERT INTO s VALUES (?, ?, ?)", [
            (f"{s.document.slug}/{s.anchor}", s.title, to_plain_text(s.body)) for s in sections])

    def search(self, query: str, limit: int = 3) -> list[str]:
        words = [w for w in re.findall(r"\w+", query.lower()) if w not in QUESTION_WORDS]
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in words)
        rows = self.db.execute("SELECT id FROM s WHERE s MATCH ? ORDER BY bm25(s, 0, 10.0, 1.0) LIMIT ?",
                               (match, limit))
        return [row[0] for row in rows]
