"""Celery application.

With ``REDIS_URL`` set, Redis is broker and result store and workers do the long work;
without it (the embedded default) every task runs in-process at call time, so the site
works on one machine with nothing else installed.  Which one is in force is logged once.
"""
import logging
import os

from celery import Celery
from celery.signals import worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgeapp.settings")

logger = logging.getLogger("judgeapp")

app = Celery("judgeapp")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

_announced = False


def announce_mode() -> None:
    global _announced
    if _announced:
        return
    _announced = True
    if app.conf.task_always_eager:
        logger.info("Celery: REDIS_URL not set, tasks run in-process")
    else:
        logger.info("Celery: tasks go to the broker at %s", app.conf.broker_url)


@worker_init.connect
def _on_worker_init(**_kwargs):
    announce_mode()
