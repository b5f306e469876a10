"""Card-text reader benchmark: the whole card database read from its text.

Reads every card of the real exports (the catalog the importer builds, no database) with
the engine's card-text reader, cold (no cache), and prints as JSON: cards, distinct
texts, total seconds, per-card p50/p95/max in ms, and how many cards and units were read
whole.  Target (issue 11): the whole database (13,798 cards) <= 10 s.
"""
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgeapp.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

from cards import catalog, sources  # noqa: E402
from judgeapp.engine.cardgrammar import parser  # noqa: E402
from judgeapp.engine.cardtext import read  # noqa: E402


def main() -> None:
    cards = catalog.build(sources.read(Path(settings.L5R_CORPUS_DIR))).cards
    started = time.perf_counter()
    parser()
    grammar_seconds = time.perf_counter() - started
    times, full, with_units, units, unread = [], 0, 0, 0, 0
    started = time.perf_counter()
    for c in cards:
        t = time.perf_counter()
        reading = read(c.text_plain, c.name.title, (c.type or "").lower())
        times.append((time.perf_counter() - t) * 1000)
        n = (len(reading.abilities) + len(reading.triggers) + len(reading.statics) + (reading.produce is not None)
             + (reading.invest_cost is not None) + (reading.discipline is not None))
        if n + len(reading.unparsed):
            with_units += 1
            full += not reading.unparsed
            units += n + len(reading.unparsed)
            unread += len(reading.unparsed)
    total = time.perf_counter() - started
    times.sort()
    print(json.dumps({
        "cards": len(cards), "distinct_texts": len({c.text_plain for c in cards}),
        "grammar_build_seconds": round(grammar_seconds, 3), "parse_seconds": round(total, 3),
        "per_card_ms": {"p50": round(statistics.median(times), 3), "p95": round(times[int(len(times) * 0.95)], 3),
                        "max": round(times[-1], 3)},
        "cards_with_rules_text": with_units, "cards_read_whole": full, "units": units, "units_read": units - unread,
        "target_parse_seconds": 10,
    }, indent=2))


if __name__ == "__main__":
    main()
