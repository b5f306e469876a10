"""Match a document's flat list of headings to a reference document's section tree.

The Twenty Festivals CR is the Ivory CR's next edition printed without its contents or
levels.  Its headings are, with few exceptions, the Ivory headings in the same order, so
an order-preserving alignment (a longest common subsequence over title keys) places
almost all of them; a heading found out of order, or renamed slightly, is matched in a
second pass; whatever is left is new.  The tree then follows from the reference: a
matched heading keeps its counterpart's parent, a new heading becomes a sibling of the
matched heading that follows it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import fuzz

from .base import ParsedSection

FUZZY_MIN = 90  # rapidfuzz ratio for a renamed heading (typos, "and"/"&")


def title_key(title: str) -> str:
    """Words only: case, quotes and punctuation differ between the two printings."""
    return re.sub(r"[^a-z0-9]+", " ", title.lower().replace("’", "'")).strip()


@dataclass
class Alignment:
    counterpart: list[int | None]  # per heading: index of the reference section, or None (new)
    moved: list[int]  # headings matched outside the common order
    renamed: list[int]  # headings matched by a near-equal title
    unmatched_reference: list[int]  # reference sections with no heading here


def _common_order(keys: list[str], ref_keys: list[str]) -> list[tuple[int, int]]:
    """Longest common subsequence of equal keys, as (heading, reference) pairs."""
    n, m = len(keys), len(ref_keys)
    lengths = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        row, below = lengths[i], lengths[i + 1]
        for j in range(m - 1, -1, -1):
            row[j] = below[j + 1] + 1 if keys[i] == ref_keys[j] else max(below[j], row[j + 1])
    pairs, i, j = [], 0, 0
    while i < n and j < m:
        if keys[i] == ref_keys[j]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif lengths[i + 1][j] >= lengths[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


def align(headings: list[str], reference: list[ParsedSection]) -> Alignment:
    keys = [title_key(h) for h in headings]
    ref_keys = [title_key(s.title) for s in reference]
    counterpart: list[int | None] = [None] * len(headings)
    for i, j in _common_order(keys, ref_keys):
        counterpart[i] = j
    taken = {j for j in counterpart if j is not None}

    moved = []
    for i, key in enumerate(keys):
        if counterpart[i] is None:
            j = next((j for j, k in enumerate(ref_keys) if k == key and j not in taken), None)
            if j is not None:
                counterpart[i] = j
                taken.add(j)
                moved.append(i)

    renamed = []
    for i, key in enumerate(keys):
        if counterpart[i] is not None:
            continue
        before = max((counterpart[k] for k in range(i) if counterpart[k] is not None), default=-1)
        after = next((counterpart[k] for k in range(i + 1, len(keys)) if counterpart[k] is not None), len(ref_keys))
        gap = [j for j in range(before + 1, after) if j not in taken]
        scored = [(fuzz.ratio(key, ref_keys[j]), j) for j in gap]
        best = max(scored, default=(0, None))
        if best[0] >= FUZZY_MIN:
            counterpart[i] = best[1]
            taken.add(best[1])
            renamed.append(i)
    return Alignment(counterpart, moved, renamed, [j for j in range(len(reference)) if j not in taken])


def parents(alignment: Alignment, reference: list[ParsedSection],
            group_of: list[int | None]) -> list[int | None]:
    """Each heading's parent, as a heading index.

    A matched heading keeps its counterpart's parent when that parent was matched
    earlier (else its nearest matched ancestor).  A new heading takes ``group_of`` when
    the caller knows its group (a glossary term), else the parent of the next matched
    heading, which makes it that heading's elder sibling.
    """
    at = {j: i for i, j in enumerate(alignment.counterpart) if j is not None}
    result: list[int | None] = []
    for i, j in enumerate(alignment.counterpart):
        if j is not None:
            result.append(_matched_parent(i, alignment, reference, at))
        elif group_of[i] is not None:
            result.append(group_of[i])
        else:
            following = next((k for k in range(i + 1, len(alignment.counterpart))
                              if alignment.counterpart[k] is not None), None)
            result.append(None if following is None else _matched_parent(following, alignment, reference, at))
    return result


def _matched_parent(i: int, alignment: Alignment, reference: list[ParsedSection], at: dict[int, int]) -> int | None:
    ancestor = reference[alignment.counterpart[i]].parent
    while ancestor is not None and not (ancestor in at and at[ancestor] < i):
        ancestor = reference[ancestor].parent
    return at[ancestor] if ancestor is not None else None
