"""Forms of the event pages and the account pages."""
from __future__ import annotations

import datetime as dt

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils import timezone

from . import roster_csv, rulings, services
from .models import TIMEZONES, Event, Staff, Table


class SignUpForm(UserCreationForm):
    email = forms.EmailField(help_text="For password resets and event invitations.")
    first_name = forms.CharField(max_length=150, required=False, label="Name shown in events")

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email", "first_name")


class EventForm(forms.ModelForm):
    """The deadline is typed as local time in the event's time zone."""

    deadline = forms.DateTimeField(widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
                                   help_text="Local time in the event's time zone.")
    timezone = forms.ChoiceField(choices=[(t, t) for t in TIMEZONES], initial="UTC")

    class Meta:
        model = Event
        fields = ("name", "date", "format", "location", "deadline", "timezone", "late_entry", "round_minutes")
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.initial["deadline"] = self.instance.local_deadline().replace(tzinfo=None)

    def clean(self):
        cleaned = super().clean()
        deadline, tz_name = cleaned.get("deadline"), cleaned.get("timezone")
        if deadline is not None and tz_name:
            local = timezone.make_naive(deadline, dt.timezone.utc)
            cleaned["deadline"] = services.aware(local, tz_name)
            try:
                services.check_event_fields({"deadline": cleaned["deadline"]}, self.instance if self.instance.pk
                                            else None)
            except services.EventError as exc:
                self.add_error("deadline", exc.message)
        return cleaned


class EventEditForm(EventForm):
    class Meta(EventForm.Meta):
        fields = EventForm.Meta.fields + ("status", "published")


class StaffForm(forms.Form):
    username = forms.CharField(max_length=150)
    role = forms.ChoiceField(choices=Staff.Role.choices)


class PlayerForm(forms.Form):
    """An account by username, or a name and an e-mail for an invitation."""

    username = forms.CharField(max_length=150, required=False, help_text="An existing account, linked at once.")
    name = forms.CharField(max_length=roster_csv.MAX_NAME, required=False)
    email = forms.EmailField(required=False, help_text="Sent an invitation that links their account later.")

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("username") and not (cleaned.get("name") and cleaned.get("email")):
            raise forms.ValidationError("Give a username, or a name and an e-mail.")
        return cleaned


class RosterForm(forms.Form):
    file = forms.FileField(required=False, help_text="CSV: name,email[,decklist]; a header row is allowed.")
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}), required=False,
                           label="or paste the CSV")

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("file") and not cleaned.get("text", "").strip():
            raise forms.ValidationError("Upload a CSV file or paste its rows.")
        return cleaned


class DecklistForm(forms.Form):
    decklist = forms.CharField(widget=forms.Textarea(attrs={"rows": 18, "spellcheck": "false"}), required=False,
                               label="Paste the list (plain text or an Egg of P'an Ku .l5d file)")
    file = forms.FileField(required=False, label="or upload a file")


class DeckCheckForm(forms.Form):
    counted = forms.CharField(widget=forms.Textarea(attrs={"rows": 18, "spellcheck": "false"}),
                              label="The cards counted from the physical deck, one line per card")


class PairForm(forms.Form):
    """Round 1: random (a seed repeats it) or in the order given, one player per line."""

    MODES = [("random", "Random"), ("order", "In the order below")]
    number = forms.IntegerField(min_value=1, max_value=1000, required=False, widget=forms.HiddenInput)
    mode = forms.ChoiceField(choices=MODES, initial="random", required=False, widget=forms.RadioSelect,
                             label="Round 1")
    seed = forms.IntegerField(min_value=0, max_value=2 ** 53, required=False,
                              help_text="Optional: the same seed on the same players pairs the same.")
    order = forms.CharField(widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}), required=False,
                            help_text="One player per line as “id · name” (the number counts); the first two "
                                      "play table 1, the next two table 2, …")

    @staticmethod
    def order_text(players) -> str:
        return "\n".join(f"{pk} · {name}" for pk, name in players)

    def clean_order(self):
        ids = []
        for line_number, line in enumerate(self.cleaned_data["order"].splitlines(), start=1):
            head = line.strip().split(" ", 1)[0].strip("·.,")
            if not line.strip():
                continue
            if not head.isdigit():
                raise forms.ValidationError(f"Line {line_number} does not start with a player's number: {line[:60]!r}.")
            ids.append(int(head))
        return ids

    def options(self) -> dict:
        """The keyword arguments of ``rounds.pair_next_round``."""
        options = {"number": self.cleaned_data.get("number")}
        if self.cleaned_data.get("mode") == "order":
            return options | {"order": self.cleaned_data["order"]}
        return options | {"seed": self.cleaned_data.get("seed")}


class ResultForm(forms.Form):
    table = forms.IntegerField(min_value=1, max_value=100000)
    result = forms.ChoiceField(choices=[("a", "A wins"), ("b", "B wins"), ("draw", "Draw"),
                                        ("intentional_draw", "Intentional draw")])

    def error_text(self) -> str:
        return "; ".join(f"{field}: {' '.join(problems)}" if field != "__all__" else " ".join(problems)
                         for field, problems in self.errors.items())


class TopCutForm(forms.Form):
    size = forms.TypedChoiceField(choices=[(4, "Top 4"), (8, "Top 8"), (16, "Top 16")], coerce=int, initial=8)


class RulingForm(forms.Form):
    """A judge's call; every reference is resolved here, so the page names each bad line."""

    round = forms.IntegerField(min_value=1, max_value=1000, required=False)
    table = forms.IntegerField(min_value=1, max_value=100000, required=False)
    players = forms.ModelMultipleChoiceField(queryset=None, required=False, widget=forms.CheckboxSelectMultiple,
                                             help_text="Left empty with a table given: that table's players.")
    question = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), max_length=rulings.MAX_TEXT)
    ruling = forms.CharField(widget=forms.Textarea(attrs={"rows": 5}), max_length=rulings.MAX_TEXT)
    sections = forms.CharField(widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}), required=False,
                               label="Rule sections it rests on",
                               help_text="One per line: a section id or address; the rules search below adds them.")
    cards = forms.CharField(widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}), required=False,
                            label="Cards involved", help_text="One per line: the title, or the card's address.")
    position = forms.CharField(max_length=500, required=False, label="Saved position (optional)",
                               help_text="Its permalink from the position checker, e.g. /positions/AbC123xyZ/?step=4")

    def __init__(self, event, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        self.fields["players"].queryset = event.registrations.order_by("name", "pk")
        self.call = None

    @staticmethod
    def initial_for(ruling) -> dict:
        table = ruling.table
        return {"round": table.round.number if table else None, "table": table.number if table else None,
                "players": list(ruling.players.all()), "question": ruling.question, "ruling": ruling.ruling,
                "sections": "\n".join(c.ref for c in ruling.cites.all() if c.kind == "section"),
                "cards": "\n".join(c.url for c in ruling.cites.all() if c.kind == "card"),
                "position": ruling.position_url()}

    def clean(self):
        cleaned = super().clean()
        table = self._table(cleaned.get("round"), cleaned.get("table"))
        sections, problems = rulings.read_sections(cleaned.get("sections", ""))
        for problem in problems:
            self.add_error("sections", problem)
        cards, problems = rulings.read_cards(cleaned.get("cards", ""))
        for problem in problems:
            self.add_error("cards", problem)
        position, step, problems = rulings.read_position(cleaned.get("position", ""))
        for problem in problems:
            self.add_error("position", problem)
        if not self.errors:
            players = list(cleaned.get("players") or [])
            if not players and table is not None:
                players = [p for p in table.players() if p is not None]
            self.call = rulings.Call(cleaned["question"], cleaned["ruling"], table, players, sections + cards,
                                     position, step)
        return cleaned

    def _table(self, round_number, table_number):
        if round_number is None and table_number is None:
            return None
        if round_number is None or table_number is None:
            self.add_error("table", "Give both the round and the table, or neither.")
            return None
        table = (Table.objects.select_related("player_a", "player_b", "round")
                 .filter(round__event=self.event, round__number=round_number, number=table_number).first())
        if table is None:
            self.add_error("table", f"Round {round_number} has no table {table_number}.")
        return table
