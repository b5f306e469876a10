"""Events, the people in them, and every decklist version with every check of it.

Verdicts live in ``DecklistCheck`` rows, one per version and check (the check made at
submission has no run; a bulk "Check all" run makes one per current list), so the
history of a list is never overwritten and a run that is redone after a lost worker
writes each result once (a unique constraint on version and run).
"""
from __future__ import annotations

import datetime as dt
import secrets
import uuid
import zoneinfo

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q

from judgeapp.decks import formats

FORMAT_CHOICES = [(f.slug, f.name) for f in formats.FORMATS]
TIMEZONE_NAMES = frozenset(zoneinfo.available_timezones())
TIMEZONES = sorted(TIMEZONE_NAMES)
LATE_ENTRY_CHOICES = [("loss", "A loss for each missed round"), ("zero", "Zero points, no loss")]


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
    late_entry = models.CharField(max_length=8, choices=LATE_ENTRY_CHOICES, default="loss",
                                  help_text="What a player who joins after round 1 gets for each missed round.")
    round_minutes = models.PositiveSmallIntegerField(default=60, validators=[MinValueValidator(5),
                                                                             MaxValueValidator(240)],
                                                     help_text="Length of a round: the round timer counts it down.")
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


# Rounds -------------------------------------------------------------------------------
#
# A round's tables are kept as paired; every result entered for a table is a row of its
# history (``Result``), and the table carries the one that stands now (``outcome``), so
# the standings read one value per table and always follow the latest correction.

OUTCOME_CHOICES = [("a", "A wins"), ("b", "B wins"), ("draw", "Draw"), ("intentional_draw", "Intentional draw")]


class Round(models.Model):
    class Kind(models.TextChoices):
        SWISS = "swiss", "Swiss"
        CUT = "cut", "Top cut"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.SWISS)
    seed = models.BigIntegerField(null=True, blank=True, help_text="The random seed the pairing used.")
    order = models.JSONField(null=True, blank=True, help_text="Round 1 by a given order: the registration ids.")
    paired = models.DateTimeField(auto_now_add=True)
    paired_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    minutes = models.PositiveSmallIntegerField(default=60)
    clock_started = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="events_round_once")]

    def __str__(self):
        return f"{self.event} round {self.number}"

    def get_absolute_url(self):
        return f"/events/{self.event_id}/rounds/{self.number}/"

    def clock_ends(self):
        return self.clock_started + dt.timedelta(minutes=self.minutes) if self.clock_started else None


class Table(models.Model):
    """One table of a round: ``player_b`` is None for the bye (decided when paired)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField()
    player_a = models.ForeignKey(Registration, on_delete=models.RESTRICT, related_name="+")
    player_b = models.ForeignKey(Registration, on_delete=models.RESTRICT, null=True, blank=True, related_name="+")
    seeds = models.JSONField(null=True, blank=True, help_text="Top cut: the two players' standings places.")
    outcome = models.CharField(max_length=20, choices=OUTCOME_CHOICES, blank=True,
                               help_text="The result that stands (the latest in its history); blank: none yet.")
    source = models.CharField(max_length=10, blank=True, help_text="Who decided the result that stands.")
    mismatch = models.BooleanField(default=False, help_text="The two players reported different results.")

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="events_table_once")]

    def __str__(self):
        return f"table {self.number} of {self.round}"

    def players(self) -> tuple:
        return (self.player_a, self.player_b)


class Result(models.Model):
    """One result entered for a table; the latest one stands, the others are its history."""

    class Source(models.TextChoices):
        STAFF = "staff", "Entered by a judge or organizer"
        PLAYERS = "players", "Reported by both players"
        BYE = "bye", "The bye"
        DROP = "drop", "Conceded by a drop"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results")
    outcome = models.CharField(max_length=20, choices=OUTCOME_CHOICES)
    source = models.CharField(max_length=10, choices=Source.choices)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    entered = models.DateTimeField()

    class Meta:
        ordering = ["table", "pk"]


class Report(models.Model):
    """A player's own report of their table; each player's latest one counts."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="reports")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    outcome = models.CharField(max_length=20, choices=OUTCOME_CHOICES)
    reported_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    reported = models.DateTimeField()

    class Meta:
        ordering = ["table", "pk"]


class TopCut(models.Model):
    """Single elimination of the best ``size`` of the Swiss standings, seeded as they stood."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="top_cut")
    size = models.PositiveSmallIntegerField()
    seeds = models.JSONField(help_text="Registration ids, seed 1 first.")
    first_round = models.PositiveIntegerField(help_text="The event's round number of the cut's first round.")
    created = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")


# The judges' rulings log --------------------------------------------------------------

class Ruling(models.Model):
    """A judge's call: the question at a table, the ruling, and what it rests on.

    Cited rule sections and cards are kept as their stable ids (``RulingCite``), not as
    foreign keys: ingest and the card import rebuild those rows, and a ruling outlives it.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rulings")
    table = models.ForeignKey(Table, on_delete=models.SET_NULL, null=True, blank=True, related_name="rulings")
    players = models.ManyToManyField(Registration, blank=True, related_name="rulings")
    question = models.TextField()
    ruling = models.TextField()
    position = models.ForeignKey("positions.SavedPosition", on_delete=models.PROTECT, null=True, blank=True,
                                 related_name="rulings")
    position_step = models.PositiveIntegerField(null=True, blank=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    recorded = models.DateTimeField(auto_now_add=True)
    changed = models.DateTimeField(auto_now=True)
    published = models.DateTimeField(null=True, blank=True)
    published_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                     related_name="+")

    class Meta:
        ordering = ["-recorded", "-pk"]

    def __str__(self):
        return f"Ruling {self.pk} at {self.event}"

    def get_absolute_url(self):
        return f"/events/{self.event_id}/rulings/{self.pk}/"

    def position_url(self) -> str:
        if self.position is None:
            return ""
        step = f"?step={self.position_step}" if self.position_step is not None else ""
        return f"{self.position.get_absolute_url()}{step}"


class RulingCite(models.Model):
    class Kind(models.TextChoices):
        SECTION = "section", "Rules section"
        CARD = "card", "Card"

    ruling = models.ForeignKey(Ruling, on_delete=models.CASCADE, related_name="cites")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    ref = models.CharField(max_length=700, help_text="A section's document/path, or a card id.")
    title = models.CharField(max_length=300)
    url = models.CharField(max_length=800)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["ruling", "kind", "order"]
        indexes = [models.Index(fields=["kind", "ref"], name="events_cite_kind_ref")]
        constraints = [models.UniqueConstraint(fields=["ruling", "kind", "ref"], name="events_cite_once")]
