"""The card pool as the validator needs it: every card, in memory, matched by name.

Loaded once per card import (a few hundred milliseconds) and then shared, so
validating a list costs dictionary lookups.  Matching is case-, accent- and
punctuation-insensitive; an unknown name is never guessed but answered with the
closest titles from an index of their words (title_index.py).
"""
from __future__ import annotations

import datetime as dt
import threading
from dataclasses import dataclass

from cards.text import fold, parse_stat, parse_title

from .title_index import TitleIndex


@dataclass(frozen=True)
class PoolCard:
    id: str
    title: str
    full_title: str
    level: str  # "", "Experienced 2", "Inexperienced", with any set tag ("ExperiencedKYD")
    rank: float
    type: str
    deck: str  # Dynasty, Fate, Pre-Game, Other
    clans: tuple[str, ...]
    is_unique: bool
    soul_of: str
    formats: frozenset
    bans: tuple  # (format, effective date or None, text, condition)
    released: dt.date | None  # first real printing
    stats: tuple[tuple[str, str], ...] = ()  # (stat name, as printed): the deck statistics

    @property
    def url(self) -> str:
        return f"/cards/{self.id}/"

    def stat(self, name: str) -> int | None:
        """A stat's number (``+2`` as 2); None for ``*``, ``-`` or a stat the card lacks."""
        parsed = parse_stat(dict(self.stats).get(name))
        return parsed.value if parsed else None


@dataclass
class Match:
    card: PoolCard | None
    code: str | None = None  # unknown-card, ambiguous-card
    options: tuple[str, ...] = ()


class CardPool:
    def __init__(self, cards: list[PoolCard]):
        self.cards = cards
        self.by_id = {card.id: card for card in cards}
        self.by_title: dict[str, list[PoolCard]] = {}
        for card in cards:
            self.by_title.setdefault(fold(card.title), []).append(card)
        titles = sorted({c.full_title for c in cards})
        self._index = TitleIndex(titles, [fold(t) for t in titles])

    def suggestions(self, name: str, limit: int = 3) -> tuple[str, ...]:
        return self._index.suggest(fold(name)[:200], limit)

    def match(self, name: str, level: str | None, prefer_formats: tuple[str, ...] | None = None) -> Match:
        """The card a decklist line names.

        A level written must exist; no level means the version without one, or the only
        version there is.  Titles differing only in case or punctuation are told apart
        by the exact spelling, then by the format's pool.
        """
        candidates = self.by_title.get(fold(name), [])
        if not candidates:
            return Match(None, "unknown-card", self.suggestions(name if not level else f"{name} {level}"))
        if level is not None:
            wanted = fold(level)
            same = [c for c in candidates if fold(c.level) == wanted]
            if not same:
                return Match(None, "unknown-card", tuple(c.full_title for c in candidates[:3]))
            candidates = same
        else:
            plain = [c for c in candidates if not c.level]
            if plain:
                candidates = plain
            elif len({c.level for c in candidates}) > 1:
                return Match(None, "ambiguous-card", tuple(sorted(c.full_title for c in candidates)))
        if len(candidates) > 1:
            exact = [c for c in candidates if c.title == name]
            pooled = [c for c in (exact or candidates) if prefer_formats is None or c.formats & set(prefer_formats)]
            candidates = pooled or exact or candidates
        if len(candidates) > 1:
            return Match(None, "ambiguous-card", tuple(sorted(c.full_title for c in candidates)))
        return Match(candidates[0])

    def soul_key(self, card: PoolCard) -> tuple[str, str]:
        """The name a card counts under for copy limits: its Soul of target, if any."""
        target = parse_title(card.soul_of)
        return fold(target.title), fold(target.level)


_lock = threading.Lock()
_cache: dict = {"stamp": None, "pool": None}


def from_database() -> CardPool:
    """The pool of the current card import, built once per import and process."""
    from cards.models import Ban, Card, CardImport, CardLegality, Printing

    last = CardImport.objects.order_by("-pk").values_list("fingerprint", flat=True).first()
    with _lock:
        if _cache["stamp"] == last and _cache["pool"] is not None:
            return _cache["pool"]
        formats: dict[str, set] = {}
        for card_id, fmt in CardLegality.objects.values_list("card_id", "format"):
            formats.setdefault(card_id, set()).add(fmt)
        bans: dict[str, list] = {}
        for card_id, fmt, effective, raw, condition in Ban.objects.values_list(
                "card_id", "format", "effective", "raw", "condition"):
            bans.setdefault(card_id, []).append((fmt, effective, raw, condition))
        released: dict[str, dt.date] = {}
        for card_id, date in Printing.objects.filter(is_proxy=False, side="front").values_list(
                "card_id", "card_set__release_date"):
            if date and (card_id not in released or date < released[card_id]):
                released[card_id] = date
        cards = [
            PoolCard(id=c["id"], title=c["title"], full_title=c["full_title"], level=c["level"] + c["level_tag"],
                     rank=c["rank"], type=c["type"], deck=c["deck"], clans=tuple(c["clans"]),
                     is_unique=c["is_unique"], soul_of=c["soul_of"], formats=frozenset(formats.get(c["id"], ())),
                     bans=tuple(bans.get(c["id"], ())), released=released.get(c["id"]),
                     stats=tuple(c["stats"].items()))
            for c in Card.objects.values("id", "title", "full_title", "level", "level_tag", "rank", "type", "deck",
                                         "clans", "is_unique", "soul_of", "stats")
        ]
        _cache.update(stamp=last, pool=CardPool(cards))
        return _cache["pool"]
