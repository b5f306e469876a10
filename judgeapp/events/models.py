"""Events, the people in them, and every decklist version with every check of it.

Verdicts live in ``DecklistCheck`` rows, one per version and check (the check made at
submission has no run; a bulk "Check all" run makes one per current list), so the
history of a list is never overwritten and a run that is redone after a lost worker
writes each result once (a unique constraint on version and run).
"""
from __future__ import annotations

import secrets
import uuid
import zoneinfo

from django.conf import settings
from django.db import models
from django.db.models import Q

from judgeapp.decks import formats

FORMAT_CHOICES = [(f.slug, f.name) for f in formats.FORMATS]
TIMEZONE_NAMES = frozenset(zoneinfo.available_timezones())
TIMEZONES = sorted(TIMEZONE_NAMES)


class Event(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Open"
        LOCKED = "locked", "Locked"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=150)
    date = models.DateField(help_text="The day play starts; lists are checked against the card pool of this day.")
    format = models.CharField(max_length=32, choices=FORMAT_CHOICES)
    location = models.CharField(max_length=200, blank=True)
    deadline = models.DateTimeField(help_text="Last moment a player may submit or change a decklist.")
    timezone = models.CharField(max_length=64, default="UTC",
                                help_text="The event's local time zone: the deadline is shown in it.")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    published = models.BooleanField(default=False, help_text="Every decklist may be seen by everyone.")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name", "pk"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return f"/events/{self.pk}/"

    @property
    def format_name(self) -> str:
        return formats.BY_SLUG[self.format].name

    @property
    def tz(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.timezone)

    def local_deadline(self):
        return self.deadline.astimezone(self.tz)

    def deadline_text(self) -> str:
        return self.local_deadline().strftime("%Y-%m-%d %H:%M %Z (UTC%z)")


class Staff(models.Model):
    class Role(models.TextChoices):
        ORGANIZER = "organizer", "Organizer"
        JUDGE = "judge", "Judge"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles")
    role = models.CharField(max_length=16, choices=Role.choices)
    added = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "role", "user__username"]
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="events_staff_once_per_event")]


def new_invite_token() -> str:
    return secrets.token_urlsafe(24)


class Registration(models.Model):
    """A player in an event: an account, or a name and e-mail an invitation links later."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True,
                             related_name="event_registrations")
    name = models.CharField(max_length=150)
    email = models.EmailField(blank=True)
    invite_token = models.CharField(max_length=64, unique=True, null=True, blank=True)
    added_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)
    unlocked = models.BooleanField(default=False, help_text="May submit after the deadline (an organizer's call).")
    # For the rounds of part 2: a dropped player is not paired; a late entry joins at a round.
    dropped = models.BooleanField(default=False)
    entered_round = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["event", "name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], condition=Q(user__isnull=False),
                                    name="events_registration_user_once"),
            models.UniqueConstraint(fields=["event", "email"], condition=~Q(email=""),
                                    name="events_registration_email_once"),
        ]

    def __str__(self):
        return f"{self.name} in {self.event}"

    def get_absolute_url(self):
        return f"/events/{self.event_id}/registrations/{self.pk}/"


class Decklist(models.Model):
    """One submitted version of a player's list, kept for ever."""

    class Source(models.TextChoices):
        TEXT = "text", "Pasted text"
        L5D = "l5d", "Egg of P'an Ku .l5d"
        JSON = "json", "JSON"

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    text = models.TextField(blank=True)
    deck = models.JSONField(null=True, blank=True, help_text="The list as JSON, when it was sent as JSON.")
    source = models.CharField(max_length=8, choices=Source.choices)
    submitted = models.DateTimeField()
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    late = models.BooleanField(default=False, help_text="Accepted after the deadline because the player was unlocked.")

    class Meta:
        ordering = ["registration", "number"]
        constraints = [models.UniqueConstraint(fields=["registration", "number"], name="events_decklist_version")]


class ValidationRun(models.Model):
    """One "Check all": its targets are fixed when it starts, its progress is the checks written."""

    class State(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="runs")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    format = models.CharField(max_length=32, choices=FORMAT_CHOICES)
    date = models.DateField()
    targets = models.JSONField(default=list, help_text="Ids of the decklist versions this run checks.")
    total = models.PositiveIntegerField(default=0)
    state = models.CharField(max_length=16, choices=State.choices, default=State.QUEUED)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def done_count(self) -> int:
        return self.checks.count()


class DecklistCheck(models.Model):
    """The deck checker's verdict on one version, for a format and a date."""

    version = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="checks")
    run = models.ForeignKey(ValidationRun, on_delete=models.CASCADE, null=True, blank=True, related_name="checks")
    checked = models.DateTimeField()
    format = models.CharField(max_length=32, choices=FORMAT_CHOICES)
    date = models.DateField()
    legal = models.BooleanField()
    codes = models.JSONField(default=list, help_text="The problem codes, sorted, each once.")
    problem_count = models.PositiveIntegerField(default=0)
    stronghold = models.CharField(max_length=200, blank=True)
    dynasty = models.PositiveIntegerField(default=0)
    fate = models.PositiveIntegerField(default=0)
    verdict = models.JSONField()

    class Meta:
        ordering = ["version", "checked", "pk"]
        constraints = [models.UniqueConstraint(fields=["version", "run"], condition=Q(run__isnull=False),
                                               name="events_check_once_per_run")]
