"""Celery tasks of the position checker (the beat schedule in settings runs ``expire`` daily)."""
from celery import shared_task

from . import saving


@shared_task(name="positions.expire")
def expire_task() -> int:
    return saving.expire()
