"""Per-card overrides of the card-text reading: reviewed data, one file in the repository.

``card_overrides.yaml`` maps a card database id to the card's abilities and traits stated
in the position format's ``effects:`` entries (POSITION-FORMAT.md), for text the grammar
cannot read and for data the exports lost (a Gold Production icon).  So a fix for one card
is data, not code.  ``mode``: ``unread`` (default) — the entries stand in for the units the
grammar left unread; ``all`` — they are the card's whole reading; ``add`` — they add what
the export lost, and anything unread stays unread.  A position's own inline card still
wins over both (``effects-2``).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from judgeapp.engine.abilities import Stated

FILE = Path(__file__).resolve().parent / "card_overrides.yaml"


class Override(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1, max_length=200)
    why: str = Field(min_length=1, max_length=2000)  # what the grammar misses, and the rules section relied on
    mode: Literal["unread", "all", "add"] = "unread"
    effects: list[Stated] = Field(min_length=1, max_length=20)


@lru_cache(maxsize=1)
def overrides() -> dict[str, Override]:
    """Every override by card id; a malformed file is an error naming the card (checked by a test)."""
    data = yaml.safe_load(FILE.read_text(encoding="utf-8")) or {}
    out = {}
    for card_id, entry in data.items():
        try:
            out[str(card_id)] = Override.model_validate(entry)
        except ValueError as exc:
            raise ValueError(f"card_overrides.yaml, card {card_id}: {exc}") from None
    return out
