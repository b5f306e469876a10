"""Decklist validation throughput: parse + validate, single process.

Builds the card database in a temporary SQLite file, builds 18 realistic 40/40+ lists
(Stronghold, Sensei where the format has one, 12 formats) with tests/decks/builder.py,
and prints, as JSON, lists per second over several thousand validations, plus the
one-off cost of loading the card pool.  Target (issue 4): >= 500 lists/s.
"""
import datetime as dt
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
work = Path(tempfile.mkdtemp(prefix="l5r-deck-bench-"))
os.environ["DATABASE_URL"] = f"sqlite:///{work / 'bench.sqlite3'}"
os.environ["INDEX_DIR"] = str(work / "index")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgeapp.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from cards.importer import import_cards  # noqa: E402
from judgeapp.decks import formats, parsing, pool  # noqa: E402
from judgeapp.decks.validate import validate  # noqa: E402
from tests.decks.builder import build  # noqa: E402
from tests.decks.test_validation import DECKS  # noqa: E402


def main(rounds: int = 200) -> None:
    from django.conf import settings

    call_command("migrate", verbosity=0)
    import_cards(Path(settings.L5R_CORPUS_DIR))
    started = time.perf_counter()
    cards = pool.from_database()
    load = time.perf_counter() - started
    lists = [(formats.BY_SLUG[slug], build(cards, formats.BY_SLUG[slug], clan).text()) for slug, clan in DECKS]
    on = dt.date(2026, 11, 22)
    assert all(validate(parsing.parse_text(text), fmt, on, cards)["legal"] for fmt, text in lists)
    lines = sum(len(parsing.parse_text(text).lines) for _, text in lists) / len(lists)
    started = time.perf_counter()
    for _ in range(rounds):
        for fmt, text in lists:
            validate(parsing.parse_text(text), fmt, on, cards)
    seconds = time.perf_counter() - started
    count = rounds * len(lists)
    print(json.dumps({"lists": count, "seconds": round(seconds, 3), "lists_per_second": round(count / seconds),
                      "mean_ms_per_list": round(seconds / count * 1000, 3), "card_lines_per_list": round(lines, 1),
                      "pool_load_seconds": round(load, 3)}, indent=2))


if __name__ == "__main__":
    main()
