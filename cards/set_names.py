"""Which sets a ``set:`` value names: a code, a whole name, the start of a name, or words of it.

Players write sets the way they say them (``set:ivory``, ``set:"coming storm"``,
``set:TCS``), not as the index's slugs.  The first kind of match that finds anything
wins, so an exact code or name is never diluted by longer names that contain it; when
words match several sets, all of them are searched and the page says which.
"""
from __future__ import annotations

from dataclasses import dataclass

from rapidfuzz import process

from .text import slug


@dataclass(frozen=True)
class SetName:
    name: str
    slug: str
    code: str = ""


class SetNames:
    def __init__(self, sets: list[SetName]):
        self.sets = sets
        self._words = {s.slug: s.slug.split("-") for s in sets}

    def resolve(self, value: str) -> list[SetName]:
        wanted = slug(value)
        words = wanted.split("-")
        tiers = (
            lambda s: s.code and slug(s.code) == wanted,
            lambda s: s.slug == wanted,
            lambda s: self._words[s.slug][:len(words)] == words,
            lambda s: all(any(w.startswith(part) for w in self._words[s.slug]) for part in words),
        )
        for matches in tiers:
            found = [s for s in self.sets if matches(s)]
            if found:
                return found
        return []

    def suggest(self, value: str) -> str | None:
        match = process.extractOne(slug(value), [s.slug for s in self.sets], score_cutoff=70)
        return self.sets[match[2]].name if match else None
