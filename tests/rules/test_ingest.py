"""Ingest against the database: counts, idempotence, bad files, one transaction per document."""
import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.db.models import Count

from rules_corpus.ingest import ingest_rules
from rules_corpus.models import Document, GlossaryTerm, Section, SectionChange


@pytest.fixture
def corpus_copy(tmp_path):
    """A writable copy of the rules folder only (never committed, deleted after)."""
    shutil.copytree(Path(settings.L5R_CORPUS_DIR) / "rules", tmp_path / "rules")
    return tmp_path


def test_session_ingest_reports_counts(ingest_report):
    by_doc = {d["document"]: d for d in ingest_report["documents"]}
    assert set(by_doc) == {"ivory-cr", "twenty-festivals-cr", "emperor-cr-player", "celestial-rulebook",
                           "diamond-rulebook", "ivory-summary-fr"}
    assert by_doc["ivory-cr"]["sections"] == 429
    assert all(d["sections"] > 0 for d in by_doc.values())
    festivals = by_doc["twenty-festivals-cr"]
    assert any(w.startswith("new heading 'LEGACY'") for w in festivals["warnings"])
    assert any("'Discard' has no heading" in w for w in festivals["warnings"])


@pytest.mark.django_db
def test_documents_and_authority():
    docs = {d.slug: d for d in Document.objects.all()}
    assert docs["twenty-festivals-cr"].authority == "authoritative"
    assert docs["ivory-cr"].authority == "previous" and docs["twenty-festivals-cr"].previous == docs["ivory-cr"]
    assert docs["ivory-cr"].effective_from < docs["twenty-festivals-cr"].effective_from
    assert {docs[s].authority for s in ("emperor-cr-player", "celestial-rulebook", "diamond-rulebook")} == {"superseded"}
    assert docs["ivory-summary-fr"].authority == "translation" and docs["ivory-summary-fr"].language == "fr"
    assert GlossaryTerm.objects.filter(document__slug="ivory-cr", kind="glossary").count() >= 227
    timing = Section.objects.get(document__slug="ivory-cr", path="timing/timing-conflicts")
    assert timing.number == "9.2" and timing.anchor == "timing-conflicts"


@pytest.mark.django_db
def test_second_run_changes_nothing():
    reports = ingest_rules(Path(settings.L5R_CORPUS_DIR))
    assert [r.changed for r in reports] == [False] * 6
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


@pytest.mark.django_db
def test_festivals_sections_keep_the_ivory_ids():
    ivory = dict(Section.objects.filter(document__slug="ivory-cr").values_list("path", "anchor"))
    festivals = dict(Section.objects.filter(document__slug="twenty-festivals-cr").values_list("path", "anchor"))
    shared = set(ivory) & set(festivals)
    assert len(shared) == 428  # all but the main-rules "Discard", which this edition dropped
    assert all(ivory[p] == festivals[p] for p in shared)
    assert set(ivory) - set(festivals) == {"areas-of-the-game/discard-piles/discard"}
    legacy = Section.objects.get(document__slug="twenty-festivals-cr", anchor="legacy")
    assert legacy.path == "specific-game-terms-and-procedures/legacy" and legacy.kind == "glossary"


@pytest.mark.django_db
def test_older_sections_link_to_the_current_rule():
    ivory = Section.objects.get(document__slug="ivory-cr", anchor="chi-death-rule")
    assert ivory.current.document.slug == "twenty-festivals-cr" and ivory.current.anchor == "chi-death-rule"
    dropped = Section.objects.get(document__slug="ivory-cr", path="areas-of-the-game/discard-piles/discard")
    assert dropped.current.anchor == "glossary-discard"  # the glossary entry of the same term
    cavalry = Section.objects.get(document__slug="diamond-rulebook", path="glossary/cavalry")
    assert cavalry.current.full_id == "twenty-festivals-cr/specific-game-terms-and-procedures/cavalry"
    assert not Section.objects.filter(document__slug="twenty-festivals-cr").exclude(current=None).exists()


def _diff(anchor: str) -> tuple[str, str]:
    """(inserted words, deleted words) of a Twenty Festivals section's change."""
    change = SectionChange.objects.get(document__slug="twenty-festivals-cr", section__anchor=anchor)
    return (" ".join(t for op, t in change.runs if op == "+"), " ".join(t for op, t in change.runs if op == "-"))


@pytest.mark.django_db
def test_the_seven_listed_changes_are_diffs_in_their_sections():
    """Each of the CR's own "Changes from Ivory Edition", found by reading both texts."""
    inserted, deleted = _diff("holding-gold-production")  # 1. Gold production is a stat
    assert "optional stat" in inserted and "a stat but" in deleted  # was: "is not a stat but can be affected"
    inserted, _ = _diff("paying-gold-costs")  # 2. single-purpose Gold
    assert "only pays for a single Follower" in inserted
    assert "target" in _diff("equip")[0] and "target" in _diff("recruit")[0]  # 3. Equip/Recruit target
    inserted, _ = _diff("action-sequence")  # 4. the choose-targets step
    assert inserted.startswith("Chooses any targets of the action")
    inserted, deleted = _diff("fortification")  # 5. Fortifications enter bowed
    assert "bowed" in inserted and "unbowed" in deleted
    assert _diff("appendix-b")[1].strip() == "Shugenja"  # 6. Shugenja no longer boldface
    assert "no special rules for" in _diff("shugenja")[0]
    legacy = SectionChange.objects.get(section__document__slug="twenty-festivals-cr", section__anchor="legacy")
    assert legacy.status == "added" and legacy.previous is None  # 7. Legacy (Unstoppable: see below)
    assert "Legacy" in _diff("player-abilities-and-traits")[0]


@pytest.mark.django_db
def test_changes_are_counted_and_reported_once():
    statuses = dict(SectionChange.objects.values_list("status").annotate(n=Count("id")).values_list("status", "n"))
    festivals = Section.objects.filter(document__slug="twenty-festivals-cr")
    new = festivals.exclude(path__in=Section.objects.filter(document__slug="ivory-cr").values("path")).count()
    assert statuses["added"] == new and statuses["removed"] == 1 and statuses["changed"] > 20
    # Unstoppable was already in the Ivory 1.8 wiki text, word for word: no change row.
    assert not SectionChange.objects.filter(section__anchor="unstoppable").exists()
