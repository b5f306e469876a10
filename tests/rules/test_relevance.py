"""Relevance over the judge's query set: top-1 and top-3 rates, 90% top-3 required."""
from pathlib import Path

import pytest
import yaml

from rules_corpus.api import run_search
from rules_corpus.models import Section

QUERIES = yaml.safe_load((Path(__file__).parent / "queries.yaml").read_text())


def test_query_set_is_large_enough():
    assert len(QUERIES) >= 60


@pytest.mark.django_db
def test_every_expected_section_exists():
    missing = [e for q in QUERIES for e in q["expect"]
               if not Section.objects.filter(document__slug=e.split("/")[0], anchor=e.split("/", 1)[1]).exists()]
    assert not missing


@pytest.mark.django_db
def test_top3_rate(capsys):
    anchors = {(s.document.slug, s.path): f"{s.document.slug}/{s.anchor}"
               for s in Section.objects.select_related("document")}
    top1 = top3 = 0
    misses = []
    for item in QUERIES:
        results = run_search(item["q"], limit=3)["results"]
        got = [anchors[(r["doc"], r["section"])] for r in results]
        expected = set(item["expect"])
        top1 += bool(got[:1] and got[0] in expected)
        if expected & set(got):
            top3 += 1
        else:
            misses.append(f"{item['q']!r}: got {got}")
    n = len(QUERIES)
    with capsys.disabled():
        print(f"\nrules relevance: {n} queries, top-1 {top1 / n:.1%}, top-3 {top3 / n:.1%}")
        for miss in misses:
            print("  miss", miss)
    assert top3 / n >= 0.90, misses
