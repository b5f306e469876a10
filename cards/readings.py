"""The rules engine's reading of every card's text, stored with the card.

Reading the whole database takes seconds (``bench/card_text.py``); doing it once per
import and per version of the reader means a position replay never parses card text.
Cards whose stored reading has another reader version are read again, each distinct
text once.
"""
from __future__ import annotations

import time

from judgeapp.engine.cardtext import read, reader_version

from .models import Card

BATCH = 1000


def store_readings(force: bool = False) -> dict:
    started = time.perf_counter()
    version = reader_version()
    cards = [c for c in Card.objects.only("id", "title", "type", "text_plain", "reading")
             if force or (c.reading or {}).get("version") != version]
    done: dict[tuple, dict] = {}
    for card in cards:
        key = (card.text_plain, card.title, card.type.lower())
        if key not in done:
            done[key] = {"version": version, "reading": read(*key).model_dump(mode="json", by_alias=True,
                                                                             exclude_defaults=True)}
        card.reading = done[key]
    Card.objects.bulk_update(cards, ["reading"], batch_size=BATCH)
    return {"read": len(cards), "distinct": len(done), "version": version,
            "seconds": round(time.perf_counter() - started, 3)}
