"""Card database benchmark on the real exports, then on a synthetic 100,000-card pool.

Prints, as JSON: import + index time from an empty database (fresh SQLite file and
index directory in a temporary folder); warm in-process latency of GET /api/cards/
over 120+ varied queries (several rounds); then, for 100,000 cards generated from
the real ones with varied titles, the index build time and the same latencies.
Targets (issue 3): import + index <= 60 s, p95 <= 25 ms; synthetic p95 <= 100 ms.
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
work = Path(tempfile.mkdtemp(prefix="l5r-card-bench-"))
os.environ["DATABASE_URL"] = f"sqlite:///{work / 'bench.sqlite3'}"
os.environ["INDEX_DIR"] = str(work / "index")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgeapp.settings")
os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver,localhost"  # the test client's host (DEBUG is off)
os.environ["L5R_SEARCH_ANSWERS"] = "0"  # time every search, not the answers a process keeps

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from cards import search_index  # noqa: E402
from cards.legality import ARCS  # noqa: E402
from cards.pipeline import run_import  # noqa: E402

CLANS = ["crab", "crane", "dragon", "lion", "mantis", "phoenix", "scorpion", "spider", "unicorn", "naga"]
TYPES = ["personality", "holding", "strategy", "follower", "item", "spell", "event", "region"]
WORDS = ["kisada", "akodo", "hida", "bayushi", "doji", "shinjo", "togashi", "isawa", "yoritomo", "kitsu",
         "temple", "castle", "oni", "dojo", "blade", "honor", "shadow", "river", "mountain", "yogo"]


def queries(rng: random.Random) -> list[str]:
    fixed = [
        "t:personality c:crab f>=4 legal:ivory", "kw:cavalry c:unicorn order:force dir:desc",
        'o:"ranged attack" t:follower', "is:soul", "banned:any", '"hida kisada"', "name:akodo*",
        "(c:crab OR c:crane) t:personality legal:modern", "-t:personality deck:dynasty legal:emperor",
        "is:unique c:phoenix chi>=5", "gc=0 t:strategy legal:onyx", "t:stronghold strength>=8",
        "o:destroy t:strategy order:focus", "set:\"ivory edition\" r:rare", "is:experienced order:cost dir:desc",
        "t:holding gp>=3 legal:celestial", "ph>=4 hr<=5 legal:samurai", "f:+2 t:item", "o:straighten",
        "legal:legacy", "t:personality",
    ]
    generated = []
    for _ in range(100):
        kind = rng.randrange(5)
        if kind == 0:
            generated.append(rng.choice(WORDS))
        elif kind == 1:
            generated.append(f"t:{rng.choice(TYPES)} c:{rng.choice(CLANS)} legal:{rng.choice(ARCS).slug}")
        elif kind == 2:
            stat = rng.choice(["f", "chi", "ph", "hr", "cost", "focus"])
            generated.append(f"{stat}{rng.choice(['>=', '<=', '=', '>', '<'])}{rng.randrange(0, 8)} "
                             f"t:{rng.choice(TYPES)}")
        elif kind == 3:
            generated.append(f"o:{rng.choice(['bow', 'gain', 'honor', 'target', 'battle', 'move', 'draw'])} "
                             f"c:{rng.choice(CLANS)} order:{rng.choice(['title', 'cost', 'force', 'chi'])}")
        else:
            generated.append(f"{rng.choice(WORDS)} OR {rng.choice(WORDS)} -is:unique")
    return fixed + generated


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def latencies(client: Client, qs: list[str], rounds: int) -> dict:
    client.get("/api/cards/", {"q": "warm up"})
    times = []
    for _ in range(rounds):
        for q in qs:
            t = time.perf_counter()
            response = client.get("/api/cards/", {"q": q})
            times.append((time.perf_counter() - t) * 1000)
            assert response.status_code == 200, (q, response.content[:300])
    return {"queries": len(qs), "rounds": rounds, "p50_ms": round(statistics.median(times), 2),
            "p95_ms": round(percentile(times, 0.95), 2), "max_ms": round(max(times), 2)}


def synthetic(documents: list[dict], size: int, rng: random.Random):
    suffixes = ["of the North", "the Elder", "the Younger", "Reborn", "of Winter", "the Bold", "of the Sands",
                "Ascendant", "the Wise", "of Shadows"]
    for i in range(size):
        base = documents[i % len(documents)]
        title = f"{base['full_title']} {rng.choice(suffixes)} {i // len(documents)}"
        yield dict(base, id=f"s{i:07d}", full_title=title, folded_title=title.lower(),
                   summary=dict(base["summary"], id=f"s{i:07d}", full_title=title))


def main(rounds: int = 3, synthetic_size: int = 100_000) -> None:
    rng = random.Random(5)
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    report = run_import()
    total = time.perf_counter() - started
    second = run_import()
    qs = queries(rng)
    client = Client()
    real = latencies(client, qs, rounds)

    documents = list(search_index.card_documents())
    started = time.perf_counter()
    target, count = search_index.write_index(synthetic(documents, synthetic_size, rng))
    build = time.perf_counter() - started
    search_index.LIVE.swap_in(target, "synthetic")
    big = latencies(client, qs, 1)
    print(json.dumps({
        "real": {"cards": report["cards"], "printings": report["printings"],
                 "import_and_index_seconds": round(total, 2), "import_seconds": report["seconds"]["import"],
                 "index_seconds": report["index"]["seconds"], "second_run_seconds": second["seconds"]["total"],
                 "second_run_changed": second["changed"], **real},
        "synthetic": {"cards": count, "index_build_seconds": round(build, 2), **big},
    }, indent=2))


if __name__ == "__main__":
    main()
