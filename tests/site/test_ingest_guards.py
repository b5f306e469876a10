"""Ingest under faults: a truncated source is refused, not obeyed; two ingests at once
never both run; an ingest killed halfway leaves the site on its previous index, and the
next run repairs it (the orphaned directory goes too)."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings

from cards.importer import import_cards
from judgeapp.ingest_guard import ShrinkRefused, ingest_lock
from rules_corpus import search_index
from rules_corpus.editions import scope_for
from rules_corpus.ingest import ingest_rules
from rules_corpus.models import Section
from tests.conftest import ROOT, database_url

IVORY = "ivory-comprehensive-rules-1.8.txt"
MARKER = "Zephyrine"  # a word the real corpus does not have


def corpus_copy(tmp_path: Path, ivory_text=None, keep_sets=None) -> Path:
    """The real corpus, linked file by file, with the Ivory rules or the set files replaced."""
    source = Path(settings.L5R_CORPUS_DIR)
    copy = tmp_path / "corpus"
    (copy / "rules").mkdir(parents=True)
    for path in (source / "rules").iterdir():
        (copy / "rules" / path.name).symlink_to(path)
    if ivory_text is not None:
        (copy / "rules" / IVORY).unlink()
        (copy / "rules" / IVORY).write_text(ivory_text, encoding="utf-8")
    (copy / "decklists").symlink_to(source / "decklists")
    if keep_sets is None:
        (copy / "cards").symlink_to(source / "cards")
    else:
        (copy / "cards" / "sets").mkdir(parents=True)
        (copy / "cards" / "oracle").symlink_to(source / "cards" / "oracle")
        (copy / "cards" / "set_info.yaml").symlink_to(source / "cards" / "set_info.yaml")
        for path in sorted((source / "cards" / "sets").iterdir())[:keep_sets]:
            (copy / "cards" / "sets" / path.name).symlink_to(path)
    return copy


def ivory_text() -> str:
    return (Path(settings.L5R_CORPUS_DIR) / "rules" / IVORY).read_text(encoding="utf-8")


def ingest(corpus, *args) -> subprocess.Popen:
    env = dict(os.environ, DATABASE_URL=database_url(), INDEX_DIR=str(settings.INDEX_DIR))
    return subprocess.Popen([sys.executable, "manage.py", "ingest", "--corpus", str(corpus), *args], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def finish(process: subprocess.Popen) -> tuple[int, str]:
    output, _ = process.communicate(timeout=300)
    return process.returncode, output


def wait_for(condition, seconds=120.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.02)
    raise AssertionError("condition not met in time")


@pytest.fixture
def restore_corpus(django_db_blocker):
    """These tests change the shared test database; put the real corpus back after."""
    yield
    code, output = finish(ingest(settings.L5R_CORPUS_DIR, "--wait"))
    assert code == 0, output
    with django_db_blocker.unblock():
        assert search_index.index_is_current()


@pytest.mark.django_db
def test_truncated_rules_are_refused_and_say_what_would_go(tmp_path):
    text = ivory_text()
    copy = corpus_copy(tmp_path, ivory_text=text[:len(text) // 2])
    before = Section.objects.filter(document__slug="ivory-cr").count()
    [report] = ingest_rules(copy, only=["ivory-cr"])
    assert "would delete" in report.error and "--allow-shrink" in report.error and "of 429 ivory-cr" in report.error
    assert Section.objects.filter(document__slug="ivory-cr").count() == before
    [allowed] = ingest_rules(copy, only=["ivory-cr"], allow_shrink=True)  # rolled back with the test
    assert not allowed.error and allowed.deleted > 100
    assert Section.objects.filter(document__slug="ivory-cr").count() < before


@pytest.mark.django_db
def test_card_exports_missing_most_sets_are_refused(tmp_path):
    with pytest.raises(ShrinkRefused, match=r"would delete [\d,]+ of 13,798 cards"):
        import_cards(corpus_copy(tmp_path, keep_sets=5))


def test_a_second_ingest_refuses_or_waits_while_one_runs(tmp_path, restore_corpus, django_db_blocker):
    """The running ingest here is this test holding the host's lock, so the timing is ours."""
    copy = corpus_copy(tmp_path, ivory_text=ivory_text() + f"\n{MARKER} closes the rules.\n")
    with ingest_lock():
        refused_code, refused = finish(ingest(copy))
        waiting = ingest(copy, "--wait")
        first_lines = [waiting.stdout.readline() for _ in range(2)]
        assert any(line.startswith("waiting for another ingest") for line in first_lines), first_lines
        assert waiting.poll() is None
    waited_code, waited = finish(waiting)
    assert refused_code != 0 and "another ingest is running" in refused and "--wait" in refused
    assert waited_code == 0 and "1 updated" in waited, waited
    with django_db_blocker.unblock():
        assert Section.objects.filter(document__slug="ivory-cr").count() == 429
        assert Section.objects.filter(body__contains=MARKER).count() == 1


def test_killed_ingest_leaves_the_previous_index_and_the_next_run_repairs(tmp_path, restore_corpus,
                                                                          django_db_blocker):
    copy = corpus_copy(tmp_path, ivory_text=ivory_text() + f"\n{MARKER} closes the rules.\n")
    root = Path(settings.INDEX_DIR)
    live = search_index.LIVE.version()
    run = ingest(copy, "--rebuild-index")
    building = lambda: [p for p in root.glob("rules-*") if p.name != live]  # noqa: E731
    wait_for(lambda: bool(building()))
    run.send_signal(signal.SIGKILL)
    run.wait(30)
    assert search_index.LIVE.version() == live and building(), "the live index moved or no build was under way"
    with django_db_blocker.unblock():
        assert search_index.search("chi death", scope_for(None))["total"] > 0  # still served from the previous index
        assert search_index.search(MARKER, scope_for(None))["total"] == 0
    code, output = finish(ingest(copy))
    assert code == 0, output
    assert search_index.LIVE.version() != live and not building()[1:]
    assert [p.name for p in root.glob("rules-*")] == [search_index.LIVE.version()]
    with django_db_blocker.unblock():
        assert search_index.index_is_current()
        assert search_index.search(MARKER, scope_for(None))["total"] == 1
