"""Cards as the engine sees them: printed stats as numbers, keywords, text.

A card comes from the card database (through a lookup the caller supplies) or inline
from the position; both become a ``CardDef``.  ``*`` stays ``None`` (variable) and
Honor Requirement ``-`` is ``None`` (no requirement).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

TYPES = ("personality", "holding", "follower", "item", "spell", "strategy", "event", "region", "ring",
         "stronghold", "sensei", "celestial", "wind", "ancestor", "terrain", "other")
STAT_KEYS = {"force": "force", "chi": "chi", "honor": "honor", "hr": "honor", "honor_requirement": "honor",
             "cost": "cost", "gold_cost": "cost", "ph": "ph", "personal_honor": "ph", "focus": "focus",
             "strength": "strength", "province_strength": "strength", "production": "production",
             "gold_production": "production", "starting_honor": "starting_honor"}


@dataclass(frozen=True)
class Number:
    value: int | None  # None: "*" or no value
    signed: bool = False  # "+2": a modifier (Items, Followers' bonuses, Senseis)
    raw: str = ""


def number(value, path: str = "") -> Number | None:
    if value is None or value == "" or value == "-":
        return None
    if isinstance(value, bool):
        raise ValueError(f"{path}: expected a number, got {value!r}")
    if isinstance(value, int):
        return Number(value, False, str(value))
    text = str(value).strip()
    if re.fullmatch(r"[+-]?\d{1,4}", text):
        return Number(int(text), text.startswith("+"), text)
    if text.endswith("*") or text == "*":
        return Number(None, False, text)
    raise ValueError(f"{path}: {value!r} is not a number (write 3, +2, * or -)")


@dataclass
class CardDef:
    title: str
    type: str
    level: str = ""
    force: Number | None = None
    chi: Number | None = None
    honor: Number | None = None
    cost: Number | None = None
    ph: Number | None = None
    focus: Number | None = None
    strength: Number | None = None
    production: Number | None = None
    starting_honor: Number | None = None
    clan: str = ""
    keywords: list[str] = field(default_factory=list)
    text: str = ""
    effects: list = field(default_factory=list)  # abilities stated explicitly (inline cards)
    source: str = "database"

    def has_keyword(self, word: str) -> bool:
        return any(k.lower() == word.lower() for k in self.keywords)

    def stat(self, name: str) -> int:
        n = getattr(self, name)
        return n.value if n is not None and n.value is not None else 0


def from_mapping(data: dict, path: str, source: str = "inline") -> CardDef:
    """A card given as a mapping (inline in a position, or from the database)."""
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a card must be a title or a mapping with title and type")
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        raise ValueError(f"{path}.title: every card needs a title")
    kind = str(data.get("type", "")).strip().lower()
    if kind not in TYPES:
        raise ValueError(f"{path}.type: {data.get('type')!r} is not a card type ({', '.join(TYPES)})")
    card = CardDef(title=title.strip(), type=kind, level=str(data.get("level") or ""), source=source)
    for key, attr in STAT_KEYS.items():
        if key in data:
            setattr(card, attr, number(data[key], f"{path}.{key}"))
    clan = data.get("clan") or data.get("clans") or ""
    card.clan = clan[0] if isinstance(clan, list) and clan else (clan if isinstance(clan, str) else "")
    keywords = data.get("keywords") or []
    if not isinstance(keywords, list) or not all(isinstance(k, str) for k in keywords):
        raise ValueError(f"{path}.keywords: a list of words, such as [Samurai, Cavalry]")
    card.keywords = [k.strip() for k in keywords]
    text = data.get("text") or ""
    if not isinstance(text, str):
        raise ValueError(f"{path}.text: card text must be text")
    card.text = text
    effects = data.get("effects") or []
    if not isinstance(effects, list):
        raise ValueError(f"{path}.effects: a list of abilities")
    from .textparse import explicit
    explicit(effects, f"{path}.effects")
    card.effects = effects
    return card
