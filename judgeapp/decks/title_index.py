"""The nearest card titles to a name that matches none: by words, then by characters.

Scanning every title with a fuzzy scorer costs ~15 ms a name (200 made-up lines: 3 s)
and favours short titles that merely contain a similar fragment ("Fog" for "Ogre
Bushy").  Instead each title's words are indexed: a name's words find the titles that
share them (exactly, or within two edits, looked up among words of a similar length),
weighted by how rare the word is; the few titles found are then ranked by character
similarity.  A name sharing no word with any title falls back to whole-title
similarity with a high cut-off, so a made-up name gets no suggestion rather than a
random one.
"""
from __future__ import annotations

import heapq
import math
from collections import defaultdict
from functools import lru_cache

from rapidfuzz import fuzz, process

from cards.spelling import Vocabulary

COMMON = 1500  # a word in more titles than this ("the", "of") finds nothing by itself
CANDIDATES = 100
WORD_EDITS = 2
MIN_SCORE = 50.0  # below this a candidate is not worth suggesting
FALLBACK_CUTOFF = 80.0


class TitleIndex:
    def __init__(self, titles: list[str], folded: list[str]):
        self.titles = titles
        self.folded = folded
        self.postings: dict[str, list[int]] = defaultdict(list)
        for number, text in enumerate(folded):
            for word in dict.fromkeys(text.split()):
                self.postings[word].append(number)
        self.vocabulary = Vocabulary(self.postings)
        total = len(folded) or 1
        self.idf = {word: math.log(1 + total / len(numbers)) for word, numbers in self.postings.items()}
        self.rare = math.log(1 + total)
        self.suggest = lru_cache(maxsize=4096)(self._suggest)

    def _similar_words(self, word: str) -> list[tuple[str, float]]:
        """(indexed word, similarity 0–1): the word itself and words within two edits
        ("wall" finds "walls"), a fuzzy match counting for less than an exact one."""
        if len(word) < 4:
            return [(word, 1.0)] if word in self.postings else []
        return [(w, (1 - distance / max(len(word), len(w))) ** 2)
                for w, distance in self.vocabulary.similar(word, WORD_EDITS)]

    def _by_words(self, words: list[str]) -> dict[int, float]:
        """Share of the name's weight (rare words weigh most) that each title covers."""
        covered: dict[int, float] = defaultdict(float)
        weight = 0.0
        for word in words:
            matches = self._similar_words(word)
            word_weight = self.idf.get(word, self.rare)
            weight += word_weight
            best: dict[int, float] = {}
            for indexed, similarity in matches:
                numbers = self.postings[indexed]
                if len(numbers) > COMMON:
                    continue
                for number in numbers:
                    if similarity > best.get(number, 0.0):
                        best[number] = similarity
            for number, similarity in best.items():
                covered[number] += similarity * word_weight
        return {number: share / weight for number, share in covered.items()} if weight else {}

    def _suggest(self, folded_name: str, limit: int) -> tuple[str, ...]:
        words = folded_name.split()
        coverage = self._by_words(words)
        if coverage:
            candidates = heapq.nlargest(CANDIDATES, coverage, key=lambda n: (coverage[n], -len(self.folded[n])))
            scored = [(60 * coverage[n] + 0.4 * fuzz.token_sort_ratio(folded_name, self.folded[n]), n)
                      for n in candidates]
        else:
            found = process.extract(folded_name, self.folded, scorer=fuzz.ratio, score_cutoff=FALLBACK_CUTOFF,
                                    limit=limit)
            scored = [(score, n) for _, score, n in found]
        ranked = sorted((s for s in scored if s[0] >= MIN_SCORE), key=lambda s: (-s[0], self.titles[s[1]]))
        return tuple(self.titles[n] for _, n in ranked[:limit])
