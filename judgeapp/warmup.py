"""What a web process loads before it answers its first request.

A gunicorn worker starts cold: the card and rules indexes and their derived tables, the
deck checker's card pool, the card-text grammar (the position checker reads card text) and
the position gallery take a few seconds to load.  Loaded lazily, that time
lands on whichever requests reach a fresh worker first (after a start, or the periodic
recycling that bounds memory), as a tail of slow answers; loaded here, from gunicorn's
``post_worker_init`` hook, the worker takes requests only once it is ready.  Nothing
here may stop a worker: a missing index is reported by the pages that need it.
"""
from __future__ import annotations

import logging
import time

log = logging.getLogger("judgeapp")


def warm() -> None:
    from cards import search_index as card_index
    from judgeapp.decks.pool import from_database
    from judgeapp.engine.cardgrammar import parser
    from judgeapp.positions import gallery
    from rules_corpus import search_index as rules_index

    started = time.perf_counter()
    for name, load in (("card index", card_index.LIVE.open), ("rules index", rules_index.LIVE.open),
                       ("card pool", from_database), ("card grammar", parser), ("position gallery", gallery.entries)):
        try:
            load()
        except Exception:  # noqa: BLE001  (a worker that cannot warm still serves, and the page says why)
            log.warning("warm-up: the %s could not be loaded", name, exc_info=True)
    log.info("warm-up: ready in %.2f s", time.perf_counter() - started)
