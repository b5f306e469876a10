"""Celery tasks of the card app."""
from celery import shared_task

from judgeapp.ingest_guard import ingest_lock

from .pipeline import run_import


@shared_task(name="cards.import_cards")
def import_cards_task(corpus_dir: str | None = None, rebuild_index: bool = False, force: bool = False,
                      allow_shrink: bool = False) -> dict:
    with ingest_lock(wait=True):
        return run_import(corpus_dir, rebuild_index, force, allow_shrink)
