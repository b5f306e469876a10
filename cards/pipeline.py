"""The card import: exports into the database, then the card index if it is stale.

Shared by ``import_cards``, ``ingest`` and the Celery task so all report the same.
"""
from __future__ import annotations

import time
from pathlib import Path

from django.conf import settings

from judgeapp.ingest_guard import ShrinkRefused

from . import search_index
from .importer import import_cards, summary_lines
from .readings import store_readings
from .sources import SourceError


def run_import(corpus_dir: str | Path | None = None, rebuild_index: bool = False, force: bool = False,
               allow_shrink: bool = False) -> dict:
    started = time.perf_counter()
    corpus = Path(corpus_dir or settings.L5R_CORPUS_DIR)
    search_index.LIVE.remove_orphans()
    try:
        report = import_cards(corpus, force=force, allow_shrink=allow_shrink)
    except (SourceError, ShrinkRefused, ValueError) as exc:
        return {"corpus": str(corpus), "failed": [str(exc)], "lines": [f"cards: FAILED: {exc}"], "changed": False,
                "index": {"rebuilt": False}}
    if rebuild_index or report["changed"] or not search_index.index_is_current():
        index = search_index.build_index() | {"rebuilt": True}
    else:
        index = {"rebuilt": False}
    readings = store_readings(force=report["changed"])
    lines = summary_lines(report)
    lines.append(f"card readings: {readings['read']} cards read ({readings['distinct']} distinct texts) in "
                 f"{readings['seconds']} s" if readings["read"] else "card readings: up to date")
    lines.append(f"card index: rebuilt, {index['documents']} cards in {index['seconds']} s"
                 if index["rebuilt"] else "card index: up to date")
    return dict(report, corpus=str(corpus), failed=[], lines=lines, index=index,
                changed=report["changed"] or index["rebuilt"],
                seconds={"import": report["seconds"], "total": round(time.perf_counter() - started, 3)})
