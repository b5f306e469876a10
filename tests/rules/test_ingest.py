"""Ingest against the database: counts, idempotence, bad files, one transaction per document."""
import shutil
from pathlib import Path

import pytest
from django.conf import settings

from rules_corpus.ingest import ingest_rules
from rules_corpus.models import Document, GlossaryTerm, Section


@pytest.fixture
def corpus_copy(tmp_path):
    """A writable copy of the rules folder only (never committed, deleted after)."""
    shutil.copytree(Path(settings.L5R_CORPUS_DIR) / "rules", tmp_path / "rules")
    return tmp_path


def test_session_ingest_reports_counts(ingest_report):
    by_doc = {d["document"]: d for d in ingest_report["documents"]}
    assert set(by_doc) == {"ivory-cr", "emperor-cr-player", "celestial-rulebook", "diamond-rulebook",
                           "ivory-summary-fr"}
    assert by_doc["ivory-cr"]["sections"] == 429
    assert all(d["sections"] > 0 for d in by_doc.values())


@pytest.mark.django_db
def test_documents_and_authority():
    docs = {d.slug: d for d in Document.objects.all()}
    assert docs["ivory-cr"].authority == "authoritative"
    assert {docs[s].authority for s in ("emperor-cr-player", "celestial-rulebook", "diamond-rulebook")} == {"superseded"}
    assert docs["ivory-summary-fr"].authority == "translation" and docs["ivory-summary-fr"].language == "fr"
    assert GlossaryTerm.objects.filter(document__slug="ivory-cr", kind="glossary").count() >= 227
    timing = Section.objects.get(document__slug="ivory-cr", path="timing/timing-conflicts")
    assert timing.number == "9.2" and timing.anchor == "timing-conflicts"


@pytest.mark.django_db
def test_second_run_changes_nothing():
    reports = ingest_rules(Path(settings.L5R_CORPUS_DIR))
    assert [r.changed for r in reports] == [False] * 5
    assert all("unchanged" in r.line() for r in reports)


@pytest.mark.django_db
def test_missing_file_is_named_and_others_still_load(corpus_copy):
    (corpus_copy / "rules" / "diamond-edition-rulebook.md").unlink()
    before = Section.objects.filter(document__slug="diamond-rulebook").count()
    reports = {r.document: r for r in ingest_rules(corpus_copy)}
    assert "rules file missing" in reports["diamond-rulebook"].error
    assert "diamond-edition-rulebook.md" in reports["diamond-rulebook"].error
    assert not reports["ivory-cr"].error
    assert Section.objects.filter(document__slug="diamond-rulebook").count() == before


@pytest.mark.django_db
def test_bad_file_leaves_nothing_half_written(corpus_copy):
    (corpus_copy / "rules" / "ivory-comprehensive-rules-1.8.txt").write_bytes(b"\xff\xfe not utf-8 \x00")
    before = list(Section.objects.filter(document__slug="ivory-cr").values_list("path", "body"))
    report = next(r for r in ingest_rules(corpus_copy) if r.document == "ivory-cr")
    assert "ivory-comprehensive-rules-1.8.txt" in report.error
    assert list(Section.objects.filter(document__slug="ivory-cr").values_list("path", "body")) == before


@pytest.mark.django_db
def test_changed_file_updates_only_what_changed(corpus_copy):
    path = corpus_copy / "rules" / "emperor-comprehensive-rules-the-player.txt"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("Maximum hand size\n\n", "Maximum hand size\n\nA judge's note.\n\n", 1),
                    encoding="utf-8")
    report = next(r for r in ingest_rules(corpus_copy) if r.document == "emperor-cr-player")
    assert (report.created, report.updated, report.deleted) == (0, 1, 0)
    section = Section.objects.get(document__slug="emperor-cr-player", title="Maximum hand size")
    assert section.body.startswith("A judge's note.")
