"""Celery tasks of the rules app."""
from celery import shared_task

from judgeapp.ingest_guard import ingest_lock

from .pipeline import run_ingest


@shared_task(name="rules_corpus.ingest")
def ingest_task(corpus_dir: str | None = None, rebuild_index: bool = False, allow_shrink: bool = False) -> dict:
    with ingest_lock(wait=True):
        return run_ingest(corpus_dir, rebuild_index, allow_shrink)
