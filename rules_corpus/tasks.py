"""Celery tasks of the rules app."""
from celery import shared_task

from .pipeline import run_ingest


@shared_task(name="rules_corpus.ingest")
def ingest_task(corpus_dir: str | None = None, rebuild_index: bool = False) -> dict:
    return run_ingest(corpus_dir, rebuild_index)
