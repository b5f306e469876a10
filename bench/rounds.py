"""Rounds through the events app: a 512-player event in a temporary SQLite database.

bench/swiss.py times the plain modules; this times what an organizer waits for, the
database included: eight rounds are paired through ``rounds.pair_next_round`` (random
results written in bulk between them), then round 9 is paired (reading every result,
writing 256 tables), and the standings (ORM and tiebreakers), the standings page and
API, and the round page and projector of 256 tables are rendered, several times each.
Prints JSON.  Targets (issue 13, for the pairing and standings themselves): round 9
paired in <= 2 s; standings for 512 x 9 in <= 200 ms.
"""
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
work = Path(tempfile.mkdtemp(prefix="l5r-rounds-bench-"))
os.environ["DATABASE_URL"] = f"sqlite:///{work / 'bench.sqlite3'}"
os.environ["INDEX_DIR"] = str(work / "index")
os.environ["STATIC_ROOT"] = str(work / "static")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgeapp.settings")
os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver,localhost"  # the test client's host (DEBUG is off)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

from judgeapp.events import rounds  # noqa: E402
from judgeapp.events.models import Registration, Result, Table  # noqa: E402
from tests.events.conftest import make_event, make_user  # noqa: E402
from tests.events.simulate import OUTCOMES  # noqa: E402

PLAYERS = 512
REPEATS = 5


def timed(work_):
    started = time.perf_counter()
    result = work_()
    return result, time.perf_counter() - started


def ms(samples: list[float]) -> dict:
    return {"median_ms": round(statistics.median(samples) * 1000, 1), "max_ms": round(max(samples) * 1000, 1)}


def play(round_, rng: random.Random) -> None:
    """Random results for every table of the round, written in bulk (not what is measured)."""
    tables = list(round_.tables.filter(outcome=""))
    now = timezone.now()
    for table in tables:
        table.outcome, table.source = rng.choice(OUTCOMES).value, Result.Source.STAFF
    Table.objects.bulk_update(tables, ["outcome", "source"])
    Result.objects.bulk_create([Result(table=t, outcome=t.outcome, source=t.source, entered=now) for t in tables])


def main() -> None:
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)  # pages name the hashed files
    rng = random.Random(13)
    organizer = make_user("bench-organizer")
    event = make_event(organizer, name="Bench Winter Court")
    Registration.objects.bulk_create([Registration(event=event, name=f"Player {n:03d}", email=f"p{n}@example.org")
                                      for n in range(PLAYERS)])
    earlier = []
    for number in range(1, 9):
        round_, seconds = timed(lambda: rounds.pair_next_round(event, organizer, seed=number))
        earlier.append(seconds)
        play(round_, rng)
    round_9, pair_9 = timed(lambda: rounds.pair_next_round(event, organizer, seed=9))
    play(round_9, rng)

    standings = [timed(lambda: rounds.standings_rows(event))[1] for _ in range(REPEATS)]
    client = Client(SERVER_NAME="localhost")
    pages = {}
    for name, url in (("standings_api", f"/api/events/{event.pk}/standings"),
                      ("standings_page", f"/events/{event.pk}/standings/"),
                      ("round_page_256_tables", f"/events/{event.pk}/rounds/9/"),
                      ("projector_512_names", f"/events/{event.pk}/rounds/9/projector/"),
                      ("round_api", f"/api/events/{event.pk}/rounds/9")):
        samples = []
        for _ in range(REPEATS):
            response, seconds = timed(lambda: client.get(url))
            assert response.status_code == 200, (url, response.status_code)
            samples.append(seconds)
        pages[name] = ms(samples)
    print(json.dumps({
        "players": PLAYERS, "tables_round_9": round_9.tables.count(),
        "pair_rounds_1_to_8_seconds": [round(s, 3) for s in earlier],
        "pair_round_9_seconds": round(pair_9, 3),
        "standings_512x9": ms(standings),
        **pages,
    }, indent=2))


if __name__ == "__main__":
    main()
