"""The project-wide app: shared templates, error handling, start-up messages."""
from django.apps import AppConfig


class JudgeAppConfig(AppConfig):
    name = "judgeapp"
    verbose_name = "L5R Judge"

    def ready(self):
        from .celery import announce_mode

        announce_mode()
