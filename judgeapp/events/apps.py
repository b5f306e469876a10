from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "judgeapp.events"
    label = "events"
    verbose_name = "Events"

    def ready(self):
        # The rule table registers the object permissions every view, API and template asks.
        from . import permissions  # noqa: F401
