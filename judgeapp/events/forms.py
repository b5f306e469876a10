"""Forms of the event pages and the account pages."""
from __future__ import annotations

import datetime as dt

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils import timezone

from . import roster_csv, services
from .models import TIMEZONES, Event, Staff


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
        fields = ("name", "date", "format", "location", "deadline", "timezone")
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
