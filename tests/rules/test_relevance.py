"""Relevance over the judge's query set: top-1 >= 85% and top-3 >= 97% required.

The held-out set (never used to tune the ranking) is printed beside it, with no
threshold of its own; bench/rules_search.py prints both beside the FTS5 baseline.
"""
from pathlib import Path

import pytest

from rules_corpus.api import run_search
from rules_corpus.evaluation import evaluate, load
from rules_corpus.models import Section

HERE = Path(__file__).parent
QUERIES = load(HERE / "queries.yaml")
HELD_OUT = load(HERE / "heldout.yaml")


def test_query_set_is_large_enough():
    assert len(QUERIES) >= 150
    assert sum(q["kind"] == "question" for q in QUERIES) >= 50
    assert sum(q["changes"] for q in QUERIES) >= 20
    assert not {q["q"] for q in QUERIES} & {q["q"] for q in HELD_OUT}


@pytest.mark.django_db
def test_every_expected_section_exists():
    missing = [e for q in QUERIES + HELD_OUT for e in q["expect"]
               if not Section.objects.filter(document__slug=e.split("/")[0], anchor=e.split("/", 1)[1]).exists()]
    assert not missing


@pytest.mark.django_db
def test_relevance(capsys):
    def search(q: str) -> list[str]:
        return [f"{r['doc']}/{r['anchor']}" for r in run_search(q, limit=3)["results"]]

    scores = evaluate(QUERIES, search)
    held_out = evaluate(HELD_OUT, search)
    with capsys.disabled():
        for name, result in (("query set", scores), ("held out", held_out)):
            print(f"\nrules relevance, {name}: " + "; ".join(
                f"{group} {s.n} top-1 {s.rate(1):.1%} top-3 {s.rate(3):.1%}" for group, s in result.items()))
        for miss in scores["all"].misses:
            print("  miss", miss)
    assert scores["all"].rate(1) >= 0.85, scores["all"].misses
    assert scores["all"].rate(3) >= 0.97, scores["all"].misses
