"""HTTP load on the site as `make run` serves it (gunicorn with gunicorn.conf.py,
whitenoise, DEBUG off): a mix of 50% rules searches, 30% card searches, 15% deck checks
and 5% position replays, from 16 and then 64 concurrent clients, 30 s each.

    .venv/bin/python bench/http_load.py [--url http://127.0.0.1:8000] [--seconds 30] [--clients 16 64] [--answers N]

Without --url it starts the server itself on a free port over the site's database
(var/, after `make setup`), with rate limits off (every client here is one address;
the limits would answer 429 by design) and with the search answers each worker keeps
set by --answers (default: the site's own setting; 0 makes every search run again, as
if every query were new).  Prints one JSON line per level: requests,
req/s, p50/p95/p99 latency, errors (5xx and failed connections) and other non-2xx.
"""
import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote, urlsplit

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def workload() -> list[tuple[float, str, str, bytes | None, str | None]]:
    """(weight, method, path, body, content type) choices in the issue's proportions."""
    rules = [q["q"] for q in yaml.safe_load((ROOT / "tests/rules/queries.yaml").read_text(encoding="utf-8"))]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgeapp.settings")
    import django

    django.setup()
    from django.conf import settings

    from cards.search_fields import FIELDS
    from judgeapp.positions import gallery

    cards = [e for f in FIELDS for e in f.examples] + ["t:personality c:crab f>=4 legal:ivory", "hida kisada"]
    decks = [p.read_text(encoding="utf-8") for p in sorted((Path(settings.L5R_CORPUS_DIR) / "decklists").glob("*.l5d"))]
    choices = []
    choices += [(0.50 / len(rules), "GET", f"/api/rules/search?q={quote(q)}", None, None) for q in rules]
    choices += [(0.30 / len(cards), "GET", f"/api/cards/?q={quote(q)}", None, None) for q in cards]
    choices += [(0.15 / len(decks), "POST", "/api/decks/validate",
                 json.dumps({"decklist": d, "format": "ivory", "date": "2014-10-15"}).encode(), "application/json")
                for d in decks]
    positions = gallery.entries()
    choices += [(0.05 / len(positions), "POST", "/api/positions/replay", e["text"].encode(), "application/yaml")
                for e in positions]
    return choices


def start_server(answers: int | None) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, L5R_RATELIMIT="0", DJANGO_DEBUG="0", L5R_BIND=f"127.0.0.1:{port}")
    if answers is not None:
        env["L5R_SEARCH_ANSWERS"] = str(answers)
    server = subprocess.Popen([str(Path(sys.executable).with_name("gunicorn")), "judgeapp.wsgi"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(150):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return server, f"http://127.0.0.1:{port}"
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not start")


def level(url: str, choices, clients: int, seconds: float) -> dict:
    host = urlsplit(url)
    weights = [c[0] for c in choices]
    latencies: list[float] = []
    counts = {"errors": 0, "other_non_2xx": 0}
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client(number: int):
        rng = random.Random(number)
        mine, errors, other = [], 0, 0
        while time.monotonic() < stop:
            _, method, path, body, content_type = rng.choices(choices, weights)[0]
            began = time.perf_counter()
            try:
                connection = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
                connection.request(method, path, body=body, headers={"Content-Type": content_type} if body else {})
                response = connection.getresponse()
                response.read()
                connection.close()
                status = response.status
            except OSError:
                status = 599
            mine.append(time.perf_counter() - began)
            if status >= 500:
                errors += 1
            elif not 200 <= status < 300:
                other += 1
        with lock:
            latencies.extend(mine)
            counts["errors"] += errors
            counts["other_non_2xx"] += other

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    began = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - began
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0] * 99
    return {"clients": clients, "seconds": round(elapsed, 1), "requests": len(latencies),
            "req_per_s": round(len(latencies) / elapsed, 1), "p50_ms": round(cuts[49] * 1000, 1),
            "p95_ms": round(cuts[94] * 1000, 1), "p99_ms": round(cuts[98] * 1000, 1), **counts}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--clients", type=int, nargs="*", default=[16, 64])
    parser.add_argument("--answers", type=int, help="search answers kept per worker (L5R_SEARCH_ANSWERS)")
    options = parser.parse_args()
    choices = workload()
    server, url = (None, options.url) if options.url else start_server(options.answers)
    try:
        level(url, choices, 4, 3)  # warm every worker's caches (indexes, card pool)
        for clients in options.clients:
            print(json.dumps({"url": url, "search_answers_kept": options.answers,
                              **level(url, choices, clients, options.seconds)}), flush=True)
    finally:
        if server is not None:
            server.terminate()
            server.wait(15)


if __name__ == "__main__":
    main()
