"""Score a rules search against a judged query set: top-1 and top-3 rates per kind.

A query set is YAML: ``{q, expect: [DOC/ANCHOR, ...], kind: term|question, changes: bool}``
(``kind`` defaults to term).  A query counts for top-k when one of its expected sections
is among the first k results.  Shared by the relevance test and the benchmark, which
runs the same sets through the baseline.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

KINDS = ("term", "question")


@dataclass
class Score:
    n: int = 0
    top1: int = 0
    top3: int = 0
    misses: list[str] = field(default_factory=list)

    def rate(self, k: int) -> float:
        return (self.top1 if k == 1 else self.top3) / self.n if self.n else 0.0

    def as_dict(self) -> dict:
        return {"queries": self.n, "top1": round(self.rate(1), 3), "top3": round(self.rate(3), 3)}


def load(path: Path) -> list[dict]:
    items = yaml.safe_load(path.read_text(encoding="utf-8"))
    for item in items:
        item.setdefault("kind", "term")
        item.setdefault("changes", False)
        if item["kind"] not in KINDS:
            raise ValueError(f"{path}: query {item['q']!r} has kind {item['kind']!r}, not one of {KINDS}")
    return items


def groups(item: dict) -> list[str]:
    return ["all", item["kind"]] + (["changes"] if item["changes"] else [])


def evaluate(items: list[dict], search: Callable[[str], list[str]]) -> dict[str, Score]:
    """``search(q)`` returns result ids (``doc/anchor``), best first."""
    scores: dict[str, Score] = {}
    for item in items:
        got = search(item["q"])[:3]
        expected = set(item["expect"])
        for name in groups(item):
            score = scores.setdefault(name, Score())
            score.n += 1
            score.top1 += bool(got and got[0] in expected)
            if expected & set(got):
                score.top3 += 1
            elif name == "all":
                score.misses.append(f"{item['q']!r}: got {got}, expected {item['expect']}")
    return scores
