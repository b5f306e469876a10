"""Events: Check all of 1,000 decklists through 2 Celery workers, and the organizers' table
for 1,000 players.

Builds the card database in a temporary SQLite file, imports an event of 1,000 players
with real lists (tests/events/lists.py: the corpus lists and lists built from the real
card pool, legal and broken), starts two worker processes on a queue of its own, and
prints, as JSON, the seconds from "Check all" to the last verdict, then the time to
render the organizers' table page and its API for the 1,000 players.
Needs REDIS_URL.  Targets (issue 12): <= 15 s through 2 workers; table <= 300 ms.
"""
import csv
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
work = Path(tempfile.mkdtemp(prefix="l5r-events-bench-"))
os.environ["DATABASE_URL"] = f"sqlite:///{work / 'bench.sqlite3'}"
os.environ["INDEX_DIR"] = str(work / "index")
os.environ["EMAIL_BACKEND"] = "django.core.mail.backends.locmem.EmailBackend"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgeapp.settings")
os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver,localhost"  # the test client's host (DEBUG is off)
if not os.environ.get("REDIS_URL"):
    sys.exit("bench/events.py needs REDIS_URL (a Redis server for the two workers)")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from cards.importer import import_cards  # noqa: E402
from judgeapp.decks.pool import from_database  # noqa: E402
from judgeapp.events import services  # noqa: E402
from judgeapp.events.models import ValidationRun  # noqa: E402
from tests.events.conftest import make_event, make_user  # noqa: E402
from tests.events.lists import many  # noqa: E402

PLAYERS = 1000
WORKERS = 2


def percentiles(samples: list[float]) -> dict:
    ordered = sorted(samples)
    return {"p50_ms": round(statistics.median(ordered) * 1000, 1),
            "p95_ms": round(ordered[int(len(ordered) * 0.95) - 1] * 1000, 1),
            "max_ms": round(ordered[-1] * 1000, 1)}


def main() -> None:
    call_command("migrate", verbosity=0)
    import_cards(Path(settings.L5R_CORPUS_DIR))
    pool = from_database()
    organizer = make_user("bench-organizer")
    event = make_event(organizer, name="Bench Kotei")
    out = io.StringIO()
    writer = csv.writer(out)
    for i, text in enumerate(many(pool, PLAYERS)):
        writer.writerow([f"Player {i:04d}", f"p{i}@example.org", text])
    started = time.perf_counter()
    services.import_roster(event, organizer, out.getvalue(), "http://localhost")
    imported = time.perf_counter() - started

    queue = f"bench-{uuid.uuid4().hex[:8]}"
    logs = [open(work / f"worker-{n}.log", "w") for n in range(WORKERS)]
    workers = [subprocess.Popen([sys.executable, "-m", "celery", "-A", "judgeapp", "worker", "--pool=solo", "-Q",
                                 queue, "-n", f"bench{n}@%h", "--without-gossip", "--without-mingle",
                                 "--loglevel=WARNING"], cwd=ROOT, env=dict(os.environ), stdout=logs[n],
                                stderr=subprocess.STDOUT) for n in range(WORKERS)]
    try:
        time.sleep(6)  # both workers up (Django, Celery and the card pool loaded) before the clock starts
        started = time.perf_counter()
        run = services.start_validation(event, organizer, queue=queue)
        while ValidationRun.objects.get(pk=run.pk).state != ValidationRun.State.DONE:
            if time.perf_counter() - started > 300:
                sys.exit(f"Check all did not finish in 300 s; see {work}/worker-*.log")
            time.sleep(0.05)
        checked = time.perf_counter() - started
    finally:
        for worker in workers:
            worker.terminate()
            worker.wait(30)
    assert run.done_count() == PLAYERS

    client = Client(SERVER_NAME="localhost")
    client.force_login(organizer)
    page, api = [], []
    for _ in range(20):
        begun = time.perf_counter()
        response = client.get(f"/events/{event.pk}/decklists/")
        page.append(time.perf_counter() - begun)
        assert response.status_code == 200 and response.content.count(b"data-registration=") == PLAYERS
        begun = time.perf_counter()
        assert client.get(f"/api/events/{event.pk}/decklists").status_code == 200
        api.append(time.perf_counter() - begun)
    sorted_page = []
    for _ in range(10):
        begun = time.perf_counter()
        client.get(f"/events/{event.pk}/decklists/?sort=stronghold&dir=desc&code=unknown-card")
        sorted_page.append(time.perf_counter() - begun)
    print(json.dumps({
        "players": PLAYERS, "workers": WORKERS, "chunk": settings.EVENTS_CHECK_CHUNK,
        "import_seconds": round(imported, 2),
        "check_all_seconds": round(checked, 2), "lists_per_second": round(PLAYERS / checked),
        "table_page": percentiles(page), "table_page_filtered_sorted": percentiles(sorted_page),
        "table_api": percentiles(api),
    }, indent=2))


if __name__ == "__main__":
    main()
