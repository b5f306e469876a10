"""Celery tasks of the events app: "Check all" split into chunks that workers share.

Both tasks acknowledge late and are rejected back to the queue when their worker is
lost, so a worker killed mid-run loses nothing: the message is delivered again and
the redone work skips what was already written (see ``services.check_chunk``).
"""
from celery import shared_task
from django.conf import settings

from . import services
from .models import ValidationRun


@shared_task(name="events.validate_event", acks_late=True, reject_on_worker_lost=True)
def validate_event(run_id: str, queue: str | None = None) -> dict:
    run = ValidationRun.objects.filter(pk=run_id).first()
    if run is None:
        return {"task": run_id, "state": "unknown"}
    if run.total == 0:
        services.finish_if_complete(run)
    checked = set(run.checks.values_list("version_id", flat=True))
    size = max(1, settings.EVENTS_CHECK_CHUNK)
    chunks = [run.targets[i:i + size] for i in range(0, len(run.targets), size)]
    for chunk in chunks:
        if not checked.issuperset(chunk):
            validate_chunk.apply_async((run_id, chunk), queue=queue)
    return {"task": run_id, "chunks": len(chunks)}


@shared_task(name="events.validate_chunk", acks_late=True, reject_on_worker_lost=True)
def validate_chunk(run_id: str, version_ids: list[int]) -> int:
    return services.check_chunk(run_id, version_ids)
