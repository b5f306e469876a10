"""Mutation fuzzing at scale: tests/fuzzing's surfaces through the real API, 50,000 cases
each by default (the test suite runs 5,000), on the site's own database (var/, after
`make setup`), inside a transaction rolled back at the end.

    .venv/bin/python bench/fuzz_api.py [--cases N] [--seed S] [--surface NAME ...]

Prints one JSON line per surface: cases, seconds, statuses, server errors (those inside
judgeapp/engine/ counted apart, with one example per crash site), the slowest request
and how many took over 5 s.  Exit status 1 if any server error outside the engine or
any request over 5 s.
"""
import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgeapp.settings")
os.environ["L5R_RATELIMIT"] = "0"  # one client sends everything

import django  # noqa: E402

django.setup()

from django.db import transaction  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from tests.fuzzing import surfaces  # noqa: E402

SLOW = 5.0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=20141015)
    parser.add_argument("--surface", nargs="*", help="positions, decklists, card, rules (default: all)")
    options = parser.parse_args()
    setup_test_environment()
    bad = False
    for surface_class in surfaces.SURFACES:
        surface = surface_class()
        if options.surface and surface.name.split()[0] not in options.surface:
            continue
        with transaction.atomic():
            report = surfaces.run(surface, options.cases, options.seed, slow=SLOW)
            transaction.set_rollback(True)
        sites = report.sites()
        engine = {site: c for site, c in sites.items() if c.in_engine}
        outside = {site: c for site, c in sites.items() if not c.in_engine}
        bad = bad or bool(outside) or report.over > 0
        print(json.dumps({
            "surface": report.surface, "cases": report.cases, "seconds": round(report.seconds, 1),
            "cases_per_second": round(report.cases / report.seconds, 1), "statuses": dict(report.statuses),
            "server_errors": len(report.crashes),
            "engine_crashes": sum(1 for c in report.crashes if c.in_engine), "engine_crash_sites": len(engine),
            "other_crash_sites": {site: c.request for site, c in outside.items()},
            "engine_examples": {site: c.request for site, c in engine.items()},
            "slowest_seconds": round(report.slowest, 3), "slowest_request": report.slowest_request[:200],
            f"over_{SLOW:g}s": report.over,
        }, ensure_ascii=False), flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
