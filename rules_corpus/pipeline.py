"""The whole ingest: documents into the database, then the index if anything changed.

Shared by the ``ingest`` command and the Celery task so both report the same thing.
"""
from __future__ import annotations

import time
from pathlib import Path

from django.conf import settings

from . import search_index
from .ingest import ingest_rules


def run_ingest(corpus_dir: str | Path | None = None, rebuild_index: bool = False, allow_shrink: bool = False) -> dict:
    started = time.perf_counter()
    corpus = Path(corpus_dir or settings.L5R_CORPUS_DIR)
    search_index.LIVE.remove_orphans()
    reports = ingest_rules(corpus, allow_shrink=allow_shrink)
    ingest_seconds = time.perf_counter() - started
    if rebuild_index or not search_index.index_is_current():
        index = search_index.build_index() | {"rebuilt": True}
    else:
        index = {"rebuilt": False}
    return {
        "corpus": str(corpus),
        "documents": [r.as_dict() for r in reports],
        "lines": [line for r in reports for line in [r.line()] + [f"  - {w}" for w in r.warnings]],
        "changed": any(r.changed for r in reports) or index["rebuilt"],
        "failed": [r.document for r in reports if r.error],
        "index": index,
        "seconds": {"ingest": round(ingest_seconds, 3), "total": round(time.perf_counter() - started, 3)},
    }
