"""The ingest task through a real Redis broker and a real Celery worker process."""
import os
import sqlite3
import subprocess
import sys
import uuid

import pytest

from tests.conftest import ROOT, need, redis_ready


@pytest.fixture
def worker(tmp_path):
    need(redis_ready(), "REDIS_URL is not set to a running Redis server")
    queue = f"test-{uuid.uuid4().hex[:8]}"
    db = tmp_path / "worker.sqlite3"
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{db}", INDEX_DIR=str(tmp_path / "index"))
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    log = open(tmp_path / "worker.log", "w")
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "judgeapp", "worker", "--pool=solo", "-Q", queue,
         "--without-gossip", "--without-mingle", "--loglevel=INFO"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    yield queue, db, tmp_path / "worker.log"
    process.terminate()
    process.wait(20)
    log.close()


def test_ingest_task_runs_on_a_worker(worker):
    from rules_corpus.tasks import ingest_task

    queue, db, log = worker
    first = ingest_task.apply_async(queue=queue).get(timeout=300)
    assert not first["failed"]
    by_doc = {d["document"]: d for d in first["documents"]}
    assert by_doc["ivory-cr"]["sections"] == 429
    assert by_doc["ivory-cr"]["created"] > 0
    assert first["index"]["rebuilt"] is True
    with sqlite3.connect(db) as conn:
        (sections,) = conn.execute("select count(*) from rules_corpus_section").fetchone()
        (glossary,) = conn.execute(
            "select count(*) from rules_corpus_glossaryterm t join rules_corpus_document d on d.id = t.document_id "
            "where d.slug = 'ivory-cr' and t.kind = 'glossary'").fetchone()
    assert sections == sum(d["sections"] for d in first["documents"])
    assert glossary >= 227

    second = ingest_task.apply_async(queue=queue).get(timeout=300)
    assert second["changed"] is False
    assert "rules_corpus.ingest" in log.read_text()


def test_card_import_task_runs_on_a_worker(worker):
    from cards.tasks import import_cards_task

    queue, db, log = worker
    report = import_cards_task.apply_async(queue=queue).get(timeout=600)
    assert not report["failed"] and report["changed"] is True
    assert report["cards"] == 13798 and report["index"]["documents"] == 13798
    with sqlite3.connect(db) as conn:
        (cards,) = conn.execute("select count(*) from cards_card").fetchone()
        (printings,) = conn.execute("select count(*) from cards_printing").fetchone()
    assert (cards, printings) == (13798, 20132)
    assert "cards.import_cards" in log.read_text()
