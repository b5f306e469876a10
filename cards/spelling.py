"""Words within a few edits of a misspelt one, among a known vocabulary (title words).

Comparing a word only with known words of a similar length keeps it to a few hundred
Levenshtein distances (rapidfuzz, in C): well under a millisecond, where walking an
index's term table with an automaton takes tens.  The card search corrects bare title
words with it; the decklist checker finds titles sharing words with a made-up name.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein


class Vocabulary:
    def __init__(self, words: Iterable[str]):
        self.by_length: dict[int, list[str]] = defaultdict(list)
        self.words = set()
        for word in dict.fromkeys(words):
            self.words.add(word)
            self.by_length[len(word)].append(word)

    def __contains__(self, word: str) -> bool:
        return word in self.words

    def similar(self, word: str, max_edits: int = 2, limit: int = 8) -> list[tuple[str, int]]:
        """(known word, edits) for the known words within ``max_edits`` of ``word``, nearest first."""
        nearby = [w for n in range(len(word) - max_edits, len(word) + max_edits + 1) for w in self.by_length.get(n, ())]
        found = process.extract(word, nearby, scorer=Levenshtein.distance, score_cutoff=max_edits, limit=limit)
        return [(w, distance) for w, distance, _ in found]
