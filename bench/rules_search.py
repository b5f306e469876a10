"""Rules lookup benchmark on the real corpus.

Prints, as JSON: ingest + index time from an empty database (fresh SQLite file and
index directory in a temporary folder), and warm in-process latency of the API search
over the relevance query set (tests/rules/queries.yaml), several rounds.
Targets (issue 2): ingest + index <= 20 s, p95 <= 15 ms.
"""
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
work = Path(tempfile.mkdtemp(prefix="l5r-bench-"))
os.environ["DATABASE_URL"] = f"sqlite:///{work / 'bench.sqlite3'}"
os.environ["INDEX_DIR"] = str(work / "index")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgeapp.settings")

import django  # noqa: E402

django.setup()

import yaml  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from rules_corpus.pipeline import run_ingest  # noqa: E402


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main(rounds: int = 5) -> None:
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    report = run_ingest()
    ingest_total = time.perf_counter() - started
    second = run_ingest()

    queries = [q["q"] for q in yaml.safe_load((ROOT / "tests/rules/queries.yaml").read_text())]
    client = Client()
    client.get("/api/rules/search", {"q": "warm up"})
    latencies = []
    for _ in range(rounds):
        for q in queries:
            t = time.perf_counter()
            response = client.get("/api/rules/search", {"q": q})
            latencies.append((time.perf_counter() - t) * 1000)
            assert response.status_code == 200, (q, response.content)
    print(json.dumps({
        "ingest_and_index_seconds": round(ingest_total, 3),
        "ingest_seconds": report["seconds"]["ingest"],
        "index_seconds": report["index"]["seconds"],
        "sections_indexed": report["index"]["documents"],
        "second_run_seconds": second["seconds"]["total"],
        "second_run_changed": second["changed"],
        "queries": len(queries),
        "requests": len(latencies),
        "latency_ms": {
            "p50": round(statistics.median(latencies), 2),
            "p95": round(percentile(latencies, 0.95), 2),
            "max": round(max(latencies), 2),
        },
        "targets": {"ingest_and_index_seconds": 20, "p95_ms": 15},
    }, indent=2))


if __name__ == "__main__":
    main()
