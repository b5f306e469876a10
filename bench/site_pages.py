"""Server time of every page type of the site (issue 15: each under 150 ms).

Over the database and indexes `make setup` built (var/), each page of the gallery below
is requested through Django's own handler in this process (middleware, view, template:
what the server spends, without the network), once to warm up and then ROUNDS times.
Prints one JSON line per page type (median, p95, max in ms) and a summary line with the
slowest page and whether every page is under the target.  An organizer, an event and a
registration are made for the event pages and removed afterwards.

    .venv/bin/python bench/site_pages.py [--rounds N]
"""
import argparse
import json
import os
import statistics
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgeapp.settings")
os.environ["L5R_SEARCH_ANSWERS"] = "0"  # time every search, not the answers a process keeps
os.environ["L5R_RATELIMIT"] = "0"
os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.test import Client  # noqa: E402

TARGET_MS = 150
LION = Path(settings.L5R_CORPUS_DIR) / "decklists" / "2014-Ivory-Starter-Lion.l5d"


def gallery() -> list[tuple[str, str, dict | None]]:
    """(page type, path, POST data or None)."""
    from cards.models import Card
    from judgeapp.decks import permalink
    from judgeapp.positions.models import SavedPosition

    card = Card.objects.get(full_title="Hida Kisada • Experienced")
    token = permalink.encode(LION.read_text())
    query = "?format=ivory&date=2014-10-15"
    saved = SavedPosition.objects.order_by("pk").first()
    pages = [
        ("home", "/", None), ("about", "/about/", None), ("search", "/search?q=chi+death", None),
        ("search-card-name", "/search?q=doji+hoturi", None), ("search-misspelt", "/search?q=hida+kisda", None),
        ("not-found", "/no/such/page/", None),
        ("rules-documents", "/rules/", None), ("rules-document", "/rules/ivory-cr/", None),
        ("rules-section", "/rules/twenty-festivals-cr/timing/timing-conflicts/", None),
        ("rules-full", "/rules/emperor-cr-player/full/", None), ("rules-term", "/rules/term/cavalry/", None),
        ("rules-glossary", "/rules/glossary/", None), ("rules-search", "/rules/search?q=chi+death", None),
        ("rules-changes", "/rules/changes/", None),
        ("cards-empty", "/cards/", None), ("cards-list", "/cards/?q=kisada", None),
        ("cards-broad", "/cards/?q=t%3Apersonality+c%3Acrab+order%3Aforce+dir%3Adesc", None),
        ("cards-table", "/cards/?q=t%3Apersonality+c%3Acrab&view=table", None),
        ("cards-corrected", "/cards/?q=kisda", None), ("cards-set-query", "/cards/?q=set%3Aivory+r%3Arare", None),
        ("cards-help", "/cards/help/", None), ("cards-advanced", "/cards/advanced/", None),
        ("cards-random", "/cards/random/", None), ("cards-sets", "/cards/sets/", None),
        ("cards-set", "/cards/sets/ivory-edition/", None), ("card", card.get_absolute_url(), None),
        ("decks", "/decks/", None),
        ("deck-verdict", "/decks/", {"decklist": LION.read_text(), "format": "ivory", "date": "2014-10-15"}),
        ("deck-permalink", f"/decks/list/{token}/{query}", None),
        ("deck-sheet", f"/decks/list/{token}/print/{query}", None), ("deck-formats", "/decks/formats/", None),
        ("positions", "/positions/", None), ("position-example", "/positions/?example=2", None),
        ("position-format", "/positions/format/", None),
        ("events", "/events/", None), ("log-in", "/accounts/login/", None), ("sign-up", "/accounts/signup/", None),
    ]
    if saved is not None:
        pages.append(("position-saved", saved.get_absolute_url(), None))
    return pages


def event_pages(client: Client):
    """An organizer logged in, an event with the organizer registered: its pages, and a cleanup."""
    import datetime as dt

    from django.contrib.auth import get_user_model

    from judgeapp.events import services

    user = get_user_model().objects.create_user(f"bench-{uuid.uuid4().hex[:8]}", email="bench@example.org",
                                                password=uuid.uuid4().hex)
    event = services.create_event(user, {"name": "Bench event", "date": dt.date(2014, 10, 15), "format": "ivory",
                                         "deadline": dt.datetime(2099, 1, 1, tzinfo=dt.timezone.utc),
                                         "timezone": "UTC"})
    registration = services.register_self(event, user)
    services.submit_decklist(registration, user, services.read_submission(decklist=LION.read_text()))
    client.force_login(user)
    base = event.get_absolute_url()
    pages = [("event", base, None), ("event-edit", f"{base}edit/", None), ("event-staff", f"{base}staff/", None),
             ("event-player-add", f"{base}players/add/", None), ("event-import", f"{base}players/import/", None),
             ("event-decklists", f"{base}decklists/", None), ("event-print", f"{base}print/", None),
             ("event-registration", f"{base}registrations/{registration.pk}/", None)]

    def remove():
        event.delete()
        user.delete()
    return pages, remove


def timed(client: Client, path: str, data: dict | None) -> tuple[float, int]:
    started = time.perf_counter()
    response = client.post(path, data) if data is not None else client.get(path)
    return (time.perf_counter() - started) * 1000, response.status_code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    rounds = parser.parse_args().rounds
    client, organizer = Client(), Client()
    events, remove = event_pages(organizer)
    results = []
    try:
        for kind, path, data, who in [(*page, client) for page in gallery()] + [(*page, organizer) for page in events]:
            _, status = timed(who, path, data)
            times = sorted(timed(who, path, data)[0] for _ in range(rounds))
            row = {"page": kind, "status": status, "median_ms": round(statistics.median(times), 1),
                   "p95_ms": round(times[min(len(times) - 1, round(0.95 * (len(times) - 1)))], 1),
                   "max_ms": round(times[-1], 1)}
            results.append(row)
            print(json.dumps(row), flush=True)
    finally:
        remove()
    slowest = max(results, key=lambda r: r["p95_ms"])
    print(json.dumps({"pages": len(results), "rounds": rounds, "target_ms": TARGET_MS,
                      "slowest_p95": {"page": slowest["page"], "ms": slowest["p95_ms"]},
                      "all_p95_under_target": all(r["p95_ms"] < TARGET_MS for r in results),
                      "over_target": [r["page"] for r in results if r["p95_ms"] >= TARGET_MS]}))


if __name__ == "__main__":
    main()
