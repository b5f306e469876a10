"""Request and response shapes of the events API, written out field by field so the
OpenAPI schema describes the bodies the API really takes and gives."""
from __future__ import annotations

import datetime as dt

from django.utils import timezone
from django.utils.dateparse import parse_datetime
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from judgeapp.decks import formats

from . import services
from .models import FORMAT_CHOICES, TIMEZONE_NAMES, TIMEZONES, Event, Staff

FORMAT_MESSAGE = "No format {input!r}. Formats: " + ", ".join(formats.BY_SLUG) + "."


class StrictTextField(serializers.CharField):
    """Text only: a number sent as a name or a decklist is a mistake to report, not text to read."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictEmailField(serializers.EmailField):
    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    details = serializers.JSONField(required=False)


class ErrorSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()


class EventSerializer(serializers.ModelSerializer):
    name = StrictTextField(max_length=150)
    location = StrictTextField(max_length=200, required=False, allow_blank=True)
    format = serializers.ChoiceField(choices=FORMAT_CHOICES, error_messages={"invalid_choice": FORMAT_MESSAGE})
    deadline = serializers.DateTimeField(help_text="ISO 8601; without an offset it is read in the event's time zone.")
    timezone = serializers.ChoiceField(choices=TIMEZONES, required=False, help_text="IANA name, such as Europe/Paris.")
    created_by = serializers.CharField(source="created_by.username", read_only=True)
    roles = serializers.SerializerMethodField(help_text="The caller's roles in the event.")

    class Meta:
        model = Event
        fields = ("id", "name", "date", "format", "location", "deadline", "timezone", "status", "published",
                  "late_entry", "round_minutes", "created_by", "roles")
        read_only_fields = ("id",)

    def get_roles(self, event) -> list[str]:
        from .permissions import roles

        return sorted(roles(self.context.get("user"), event))

    def validate(self, attrs):
        raw = self.initial_data.get("deadline") if hasattr(self.initial_data, "get") else None
        parsed = parse_datetime(raw) if isinstance(raw, str) else None
        if "deadline" in attrs and parsed is not None and parsed.tzinfo is None:
            tz_name = attrs.get("timezone") or (self.instance.timezone if self.instance else "UTC")
            if tz_name in TIMEZONE_NAMES:  # an unknown zone is reported by the event's own checks
                attrs["deadline"] = services.aware(timezone.make_naive(attrs["deadline"], dt.timezone.utc), tz_name)
        return attrs


class StaffRequestSerializer(serializers.Serializer):
    username = StrictTextField(max_length=150)
    role = serializers.ChoiceField(choices=Staff.Role.choices)


class StaffSerializer(serializers.Serializer):
    username = serializers.CharField(source="user.username")
    role = serializers.CharField()


TEXT_150 = {"type": "string", "minLength": 1, "maxLength": 150}
REGISTRATION_REQUEST_SCHEMA = {"oneOf": [
    {"type": "object", "title": "Yourself", "properties": {}, "additionalProperties": False},
    {"type": "object", "title": "An account (organizers)", "properties": {"username": TEXT_150},
     "required": ["username"], "additionalProperties": False},
    {"type": "object", "title": "A name and e-mail, invited (organizers)",
     "properties": {"name": TEXT_150, "email": {"type": "string", "format": "email"}},
     "required": ["name", "email"], "additionalProperties": False},
]}


class RegistrationRequestSerializer(serializers.Serializer):
    """{} registers the caller; an organizer sends {username} or {name, email}."""

    username = StrictTextField(max_length=150, required=False)
    name = StrictTextField(max_length=150, required=False)
    email = StrictEmailField(required=False)

    def validate(self, attrs):
        unknown = sorted(set(self.initial_data) - set(self.fields)) if hasattr(self.initial_data, "keys") else []
        if unknown:
            raise serializers.ValidationError(f"Unknown field(s) {', '.join(map(repr, unknown))}: send {{}}, "
                                              "{username} or {name, email}.")
        if "username" in attrs and ({"name", "email"} & attrs.keys()):
            raise serializers.ValidationError("Send {username} or {name, email}, not both.")
        if ({"name", "email"} & attrs.keys()) and not {"name", "email"} <= attrs.keys():
            raise serializers.ValidationError("A player added by hand needs both name and email.")
        return attrs


class RegistrationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    event = serializers.IntegerField(source="event_id")
    player = serializers.CharField(source="name")
    username = serializers.CharField(source="user.username", allow_null=True, default=None)
    email = serializers.CharField(allow_blank=True)
    invited = serializers.SerializerMethodField(help_text="An invitation is waiting to link an account.")
    unlocked = serializers.BooleanField()
    dropped = serializers.BooleanField()
    created = serializers.DateTimeField()

    def get_invited(self, registration) -> bool:
        return bool(registration.invite_token)


class ImportResultSerializer(serializers.Serializer):
    imported = serializers.IntegerField()
    registrations = RegistrationSerializer(many=True)


class DeckCardSerializer(serializers.Serializer):
    count = serializers.IntegerField(required=False, default=1)
    title = serializers.CharField()
    deck = serializers.CharField(required=False, allow_null=True, allow_blank=True)


class DeckSerializer(serializers.Serializer):
    stronghold = serializers.CharField(required=False, allow_null=True, allow_blank=True)
    sensei = serializers.CharField(required=False, allow_null=True, allow_blank=True)
    cards = DeckCardSerializer(many=True, required=False)


@extend_schema_field(DeckSerializer)
class DeckJsonField(serializers.JSONField):
    """Described as the deck's shape, read as it comes: the deck checker's own reader names
    every entry it cannot use (bad-deck), as the deck API does."""


class DecklistSubmissionSerializer(serializers.Serializer):
    """Exactly one of them: the list as text (as players write it, or .l5d content), or JSON."""

    decklist = StrictTextField(required=False, allow_blank=True, trim_whitespace=False,
                               error_messages={"invalid": "decklist must be text: the list as players write it, "
                                                          "or .l5d content."})
    deck = DeckJsonField(required=False)


class DecklistUploadSerializer(serializers.Serializer):
    file = serializers.FileField(help_text="A plain-text decklist or an Egg of P'an Ku .l5d file.")


class CiteSerializer(serializers.Serializer):
    doc = serializers.CharField()
    section = serializers.CharField()
    title = serializers.CharField()
    url = serializers.CharField()


class ProblemSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField())
    cite = CiteSerializer()


class LineSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    text = serializers.CharField(allow_blank=True)
    count = serializers.IntegerField()
    card_id = serializers.CharField(allow_null=True)
    title = serializers.CharField(allow_null=True)
    deck = serializers.CharField(allow_null=True)
    url = serializers.CharField(required=False)
    options = serializers.ListField(child=serializers.CharField(), required=False)


class CountsSerializer(serializers.Serializer):
    dynasty = serializers.IntegerField()
    fate = serializers.IntegerField()


class VerdictSerializer(serializers.Serializer):
    """The deck checker's verdict (the same as POST /api/decks/validate gives)."""

    legal = serializers.BooleanField()
    format = serializers.CharField()
    format_name = serializers.CharField()
    date = serializers.DateField()
    counts = CountsSerializer()
    stronghold = serializers.JSONField(allow_null=True, help_text="A title, a list of titles, or null.")
    sensei = serializers.JSONField(allow_null=True, help_text="A title, a list of titles, or null.")
    problems = ProblemSerializer(many=True)
    warnings = serializers.ListField(child=serializers.CharField())
    lines = LineSerializer(many=True)
    source = serializers.CharField()


class DecklistVersionSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    version = serializers.IntegerField()
    submitted = serializers.DateTimeField()
    submitted_by = serializers.CharField(allow_null=True)
    late = serializers.BooleanField()
    source = serializers.CharField()
    decklist = serializers.CharField(allow_blank=True)
    deck = serializers.JSONField(allow_null=True)
    checked = serializers.DateTimeField()
    verdict = VerdictSerializer()


class VersionSummarySerializer(serializers.Serializer):
    version = serializers.IntegerField()
    submitted = serializers.DateTimeField()
    submitted_by = serializers.CharField(allow_null=True)
    late = serializers.BooleanField()
    counts = serializers.BooleanField(help_text="Whether this version can be the one that counts (before the "
                                                "deadline, or late under an unlock).")
    source = serializers.CharField()
    legal = serializers.BooleanField()
    codes = serializers.ListField(child=serializers.CharField())
    checked = serializers.DateTimeField()


class VersionsSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    current = serializers.IntegerField(allow_null=True)
    versions = VersionSummarySerializer(many=True)


class UnlockRequestSerializer(serializers.Serializer):
    unlocked = serializers.BooleanField(default=True)


class TableRowSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    player = serializers.CharField()
    username = serializers.CharField(allow_null=True)
    email = serializers.CharField(required=False, help_text="Organizers and judges only.")
    version = serializers.IntegerField(allow_null=True)
    submitted = serializers.DateTimeField(allow_null=True)
    legal = serializers.BooleanField(allow_null=True)
    codes = serializers.ListField(child=serializers.CharField())
    problem_count = serializers.IntegerField(allow_null=True)
    stronghold = serializers.CharField(allow_null=True, allow_blank=True)
    dynasty = serializers.IntegerField(allow_null=True)
    fate = serializers.IntegerField(allow_null=True)
    stale = serializers.BooleanField(help_text="Checked for another format or date: run Check all.")


class TableSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    total = serializers.IntegerField()
    submitted = serializers.IntegerField()
    legal = serializers.IntegerField()
    codes = serializers.ListField(child=serializers.CharField())
    registrations = TableRowSerializer(many=True)


class TaskSerializer(serializers.Serializer):
    task = serializers.UUIDField()
    event = serializers.IntegerField()
    state = serializers.ChoiceField(choices=["queued", "running", "done"])
    done = serializers.IntegerField()
    total = serializers.IntegerField()
    format = serializers.CharField()
    date = serializers.DateField()
    finished = serializers.DateTimeField(allow_null=True)


class TokenRequestSerializer(serializers.Serializer):
    username = StrictTextField(max_length=150)
    password = StrictTextField(max_length=4096, trim_whitespace=False)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


# Rounds, results, standings, the top cut ---------------------------------------------------

class StrictIntegerField(serializers.IntegerField):
    """A JSON number without a fraction: "4", 4.0 or true sent as a count is a mistake to report."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class NoUnknownFields(serializers.Serializer):
    """Refuses fields it does not know, naming them (a misspelt option is not silently ignored)."""

    def validate(self, attrs):
        unknown = sorted(set(self.initial_data) - set(self.fields)) if hasattr(self.initial_data, "keys") else []
        if unknown:
            raise serializers.ValidationError(f"Unknown field(s) {', '.join(map(repr, unknown))}; this request "
                                              f"takes {', '.join(self.fields) or 'no fields'}.")
        return attrs


MAX_SEED = 2 ** 53


class PairRequestSerializer(NoUnknownFields):
    number = StrictIntegerField(min_value=1, max_value=1000, required=False,
                                help_text="The round you mean to pair; refused (409) if it is already paired.")
    seed = StrictIntegerField(min_value=0, max_value=MAX_SEED, required=False,
                              help_text="Random seed (any round): the same seed on the same results pairs the same.")
    order = serializers.ListField(child=StrictIntegerField(min_value=1), max_length=5000, required=False,
                                  help_text="Round 1 only: registration ids of every active player, paired 1 v 2, "
                                            "3 v 4, …, the last one given the bye when the number is odd.")


class ResultRequestSerializer(NoUnknownFields):
    table = StrictIntegerField(min_value=1, max_value=100000)
    result = serializers.ChoiceField(choices=["a", "b", "draw", "intentional_draw"],
                                     help_text="a or b: that player of the table won (a is the first).")


class TopCutRequestSerializer(NoUnknownFields):
    size = StrictIntegerField(min_value=4, max_value=16, help_text="4, 8 or 16.")


class ClockSerializer(serializers.Serializer):
    minutes = serializers.IntegerField()
    started = serializers.DateTimeField(allow_null=True)
    ends = serializers.DateTimeField(allow_null=True)


class PairingSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    players = serializers.ListField(child=serializers.IntegerField(allow_null=True), min_length=2, max_length=2,
                                    help_text="Registration ids [a, b]; b is null for the bye.")
    names = serializers.ListField(child=serializers.CharField(allow_null=True), min_length=2, max_length=2)
    seeds = serializers.ListField(child=serializers.IntegerField(), allow_null=True,
                                  help_text="Top cut: the players' standings places.")
    result = serializers.ChoiceField(choices=["a", "b", "draw", "intentional_draw"], allow_null=True)
    source = serializers.ChoiceField(choices=["staff", "players", "bye", "drop"], allow_null=True)
    mismatch = serializers.BooleanField(help_text="The players reported different results: a judge decides.")


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["swiss", "cut"])
    paired = serializers.DateTimeField()
    seed = serializers.IntegerField(allow_null=True)
    clock = ClockSerializer()
    pairings = PairingSerializer(many=True)


class RoundSummarySerializer(serializers.Serializer):
    number = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["swiss", "cut"])
    paired = serializers.DateTimeField()
    tables = serializers.IntegerField()
    open = serializers.IntegerField(help_text="Tables without a result.")
    mismatches = serializers.IntegerField()


class HistoryEntrySerializer(serializers.Serializer):
    result = serializers.CharField()
    source = serializers.CharField()
    by = serializers.CharField(allow_null=True)
    at = serializers.DateTimeField()


class ReportsSerializer(serializers.Serializer):
    a = serializers.CharField(allow_null=True)
    b = serializers.CharField(allow_null=True)


class TableResultSerializer(PairingSerializer):
    round = serializers.IntegerField()
    reports = ReportsSerializer(help_text="Each player's latest own report.")
    history = HistoryEntrySerializer(many=True, help_text="Every result entered, oldest first; the last stands.")


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    registration = serializers.IntegerField()
    points = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    sos = serializers.FloatField(help_text="Opponents' average match-win %, each floored at one third.")
    esos = serializers.FloatField(help_text="Opponents' average SoS.")
    dropped = serializers.BooleanField()


class SeedSerializer(serializers.Serializer):
    seed = serializers.IntegerField()
    registration = serializers.IntegerField()
    player = serializers.CharField()


class CutTableSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    seeds = serializers.ListField(child=serializers.IntegerField())
    players = serializers.ListField(child=serializers.IntegerField())
    names = serializers.ListField(child=serializers.CharField())
    winner = serializers.IntegerField(allow_null=True)


class CutRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField(allow_null=True, help_text="The event's round number once it is paired.")
    tables = CutTableSerializer(many=True)


class BracketSerializer(serializers.Serializer):
    size = serializers.IntegerField()
    seeds = SeedSerializer(many=True)
    rounds = CutRoundSerializer(many=True)
    champion = SeedSerializer(allow_null=True)
