"""What pages, the API and the tasks do to events: one function per action.

Permissions are asked by the callers (the rule table); these functions enforce the
event's own state (deadline, status, duplicates) and raise ``EventError`` with a code,
a message that says what to do, and an HTTP status, so a page and the API refuse in
the same words.  Decklists are read and checked only by the deck checker
(``judgeapp.decks.service``), on the event's format and date.
"""
from __future__ import annotations

import datetime as dt
import json
import logging
import smtplib
import zoneinfo
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.mail import send_mass_mail
from django.db import IntegrityError, transaction
from django.db.models import Max, OuterRef, Q, Subquery
from django.utils import timezone

from judgeapp.decks import formats
from judgeapp.decks import service as deck_service
from judgeapp.decks.parsing import MAX_BYTES as MAX_DECKLIST_BYTES
from judgeapp.decks.parsing import DeckInputError, decode
from judgeapp.decks.pool import from_database

from . import roster_csv
from .models import (TIMEZONE_NAMES, Decklist, DecklistCheck, Event, Registration, Staff, TopCut, ValidationRun,
                     new_invite_token)
from .permissions import ORGANIZER

logger = logging.getLogger("judgeapp")


class EventError(Exception):
    def __init__(self, code: str, message: str, status: int = 400, details=None):
        super().__init__(message)
        self.code, self.message, self.status, self.details = code, message, status, details


# Events and staff -----------------------------------------------------------------

def check_event_fields(fields: dict, event: Event | None = None) -> None:
    """The event's own rules: a known format and time zone, a deadline still to come."""
    if "format" in fields and fields["format"] not in formats.BY_SLUG:
        raise EventError("unknown-format", f"No format {str(fields['format'])[:40]!r}. Formats: "
                                           f"{', '.join(formats.BY_SLUG)}.")
    if "timezone" in fields and fields["timezone"] not in TIMEZONE_NAMES:
        raise EventError("unknown-timezone", f"{str(fields['timezone'])[:60]!r} is not a time zone; use a name "
                                             "such as Europe/Paris or America/New_York.")
    deadline = fields.get("deadline")
    if deadline is not None and (event is None or deadline != event.deadline) and deadline <= timezone.now():
        raise EventError("deadline-in-past", f"The deadline {deadline.isoformat()} has already passed; choose a "
                                             "moment still to come (to close submissions now, lock the event).")


def aware(moment: dt.datetime, tz_name: str) -> dt.datetime:
    """A deadline written without an offset is read in the event's time zone."""
    if timezone.is_aware(moment):
        return moment
    return moment.replace(tzinfo=zoneinfo.ZoneInfo(tz_name))


def create_event(user, fields: dict) -> Event:
    check_event_fields(fields)
    with transaction.atomic():
        event = Event.objects.create(created_by=user, **fields)
        Staff.objects.create(event=event, user=user, role=Staff.Role.ORGANIZER)
    return event


def update_event(event: Event, fields: dict) -> Event:
    check_event_fields(fields, event)
    for name, value in fields.items():
        setattr(event, name, value)
    event.save()
    return event


def add_staff(event: Event, username: str, role: str) -> Staff:
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise EventError("unknown-user", f"No account is named {username[:60]!r}; they sign up first.")
    if role not in Staff.Role.values:
        raise EventError("bad-role", f"role must be one of {', '.join(Staff.Role.values)}.")
    staff, created = Staff.objects.get_or_create(event=event, user=user, defaults={"role": role})
    if not created and staff.role != role:
        if staff.role == ORGANIZER and event.staff.filter(role=ORGANIZER).count() == 1:
            raise EventError("last-organizer", "This is the event's only organizer; add another one first.",
                             status=409)
        staff.role = role
        staff.save(update_fields=["role"])
    return staff


# Registration ----------------------------------------------------------------------

def _require_open(event: Event) -> None:
    if event.status != Event.Status.OPEN:
        raise EventError("registration-closed", f"{event.name} is {event.get_status_display().lower()}: "
                                                "registration is closed.", status=409)


def joining_round(event: Event) -> int | None:
    """The round a player registered now is first paired in (None: from round 1); the
    rounds before it count as the event's ``late_entry`` says.

    Refused once the top cut is made: the Swiss part, where a newcomer could play, is over."""
    if TopCut.objects.filter(event=event).exists():
        raise EventError("top-cut-made", f"{event.name} is in its top cut: no player can join any more.", status=409)
    last = event.rounds.aggregate(last=Max("number"))["last"]
    return last + 1 if last else None


def register_self(event: Event, user) -> Registration:
    _require_open(event)
    if event.registrations.filter(user=user).exists():
        raise EventError("already-registered", f"You are already registered for {event.name}.", status=409)
    entered_round = joining_round(event)
    try:
        with transaction.atomic():
            return Registration.objects.create(event=event, user=user, name=user.get_full_name() or user.username,
                                               email=user.email.lower(), added_by=user, entered_round=entered_round)
    except IntegrityError:
        raise EventError("already-registered", f"A player with the e-mail {user.email} is already registered: "
                                               "open the invitation you were sent to link it.", status=409)


def add_player(event: Event, by, base_url: str, username: str | None = None, name: str | None = None,
               email: str | None = None) -> Registration:
    """An organizer adds an account by username, or a name and e-mail that an invitation links later."""
    if username:
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise EventError("unknown-user", f"No account is named {username[:60]!r}. Add them by name and "
                                             "e-mail: the invitation links their account later.")
        fields = {"user": user, "name": user.get_full_name() or user.username, "email": user.email.lower()}
    else:
        name, email = (name or "").strip(), (email or "").strip().lower()
        problems = roster_csv.player_problems(name, email)
        if problems:
            raise EventError("bad-player", "; ".join(problems).capitalize() + ".")
        fields = {"name": name, "email": email, "invite_token": new_invite_token()}
    _refuse_duplicates(event, [fields["email"]], [fields.get("user")])
    entered_round = joining_round(event)
    with transaction.atomic():
        registration = Registration.objects.create(event=event, added_by=by, entered_round=entered_round, **fields)
    if registration.invite_token:
        send_invitations([registration], base_url)
    return registration


def _refuse_duplicates(event: Event, emails: list[str], users: list, lines: list[int] | None = None) -> None:
    taken = set(event.registrations.filter(email__in=[e for e in emails if e]).values_list("email", flat=True))
    linked = set(event.registrations.filter(user__in=[u for u in users if u]).values_list("user_id", flat=True))
    problems = []
    for index, (email, user) in enumerate(zip(emails, users)):
        where = f"line {lines[index]}: " if lines else ""
        if email and email in taken:
            problems.append({"line": lines[index] if lines else None,
                             "message": f"{where}{email} is already registered for {event.name}"})
        elif user is not None and user.pk in linked:
            problems.append({"line": None, "message": f"{user.username} is already registered for {event.name}"})
    if problems and not lines:
        raise EventError("already-registered", problems[0]["message"] + ".", status=409)
    if problems:
        raise EventError("bad-csv", f"{len(problems)} row(s) to fix; nothing was imported. "
                                    + "; ".join(p["message"] for p in problems[:5]), details=problems)


def accept_invitation(token: str, user) -> Registration:
    registration = Registration.objects.select_related("event").filter(invite_token=token).first()
    if registration is None:
        raise EventError("unknown-invitation", "This invitation link is unknown or was already used.", status=404)
    if registration.event.registrations.filter(user=user).exists():
        raise EventError("already-registered", f"Your account is already registered for {registration.event.name}.",
                         status=409)
    registration.user, registration.invite_token = user, None
    registration.save(update_fields=["user", "invite_token"])
    return registration


def send_invitations(registrations: list[Registration], base_url: str) -> None:
    messages = [(f"Your registration for {r.event.name}",
                 f"{r.name},\n\nYou are registered for {r.event.name} ({r.event.date.isoformat()}, "
                 f"{r.event.format_name}). Open this link, logged in to your account (or after signing up), to see "
                 f"and submit your decklist:\n\n{base_url}/events/invitations/{r.invite_token}/\n\n"
                 f"Decklist deadline: {r.event.deadline_text()}.\n",
                 None, [r.email]) for r in registrations if r.invite_token and r.email]
    try:
        send_mass_mail(messages, fail_silently=False)
    except (OSError, smtplib.SMTPException):
        # The registrations stand; the organizer can send the links another way.
        logger.exception("events: %d invitation e-mails could not be sent", len(messages))


def import_roster(event: Event, by, data, base_url: str) -> list[Registration]:
    """Every row checked first (line numbers), then all of it written in one transaction."""
    try:
        rows, errors = roster_csv.read(data)
    except roster_csv.RosterFileError as exc:
        raise EventError(exc.code, exc.message)
    problems = [e.as_dict() for e in errors]
    submissions = {}
    for row in rows:
        if row.decklist is not None:
            try:
                # As bytes, so a cell is checked for being text exactly as an uploaded file is.
                submissions[row.line] = read_submission(row.decklist.encode("utf-8", errors="replace"))
                submissions[row.line].verdict = verdict_for(event, submissions[row.line])
            except EventError as exc:
                problems.append({"line": row.line, "message": f"line {row.line}: the decklist: {exc.message}"})
    if problems:
        problems.sort(key=lambda p: p["line"])
        raise EventError("bad-csv", f"{len(problems)} row(s) to fix; nothing was imported. "
                                    + "; ".join(p["message"] for p in problems[:5]), details=problems)
    _refuse_duplicates(event, [r.email for r in rows], [None] * len(rows), [r.line for r in rows])
    entered_round = joining_round(event)
    now = timezone.now()
    with transaction.atomic():
        Registration.objects.bulk_create(
            [Registration(event=event, name=r.name, email=r.email, added_by=by, invite_token=new_invite_token(),
                          entered_round=entered_round) for r in rows])
        created = list(event.registrations.filter(email__in=[r.email for r in rows]).order_by("pk"))
        by_email = {r.email: r for r in created}
        for row in rows:
            if row.line in submissions:
                _save_version(by_email[row.email], by, submissions[row.line], now, late=False)
    send_invitations(created, base_url)
    return created


# Decklists -------------------------------------------------------------------------

@dataclass
class Submission:
    """A list as sent: text (pasted or a .l5d upload) or the deck API's JSON."""

    text: str | None
    deck: dict | None
    verdict: dict | None = None

    def stored(self) -> tuple[str, dict | None]:
        return (self.text or "", None) if self.deck is None else (json.dumps(self.deck, indent=1), self.deck)


def read_submission(decklist=None, deck=None, upload=None) -> Submission:
    """Exactly the deck API's inputs: ``decklist`` text, ``deck`` JSON, or an uploaded file."""
    if upload is not None:
        if upload.size > MAX_DECKLIST_BYTES:
            raise EventError("too-large", f"The upload is {upload.size:,} bytes; the limit is "
                                          f"{MAX_DECKLIST_BYTES:,}. A decklist is a few kilobytes.", status=413)
        decklist = upload.read()
    if isinstance(decklist, bytes):
        try:
            decklist = decode(decklist)
        except DeckInputError as exc:
            raise EventError(exc.code, exc.message)
    if isinstance(decklist, str) and len(decklist) > MAX_DECKLIST_BYTES:
        raise EventError("too-large", f"The decklist is {len(decklist):,} characters; the limit is "
                                      f"{MAX_DECKLIST_BYTES:,}. A decklist is a few kilobytes.", status=413)
    if deck is not None and decklist not in (None, ""):
        raise EventError("two-decklists", "Send either 'decklist' (text) or 'deck' (JSON), not both.")
    if deck is None and (decklist is None or (isinstance(decklist, str) and not decklist.strip())):
        raise EventError("no-decklist", "Send 'decklist' (the list as text or .l5d content), 'deck' (JSON) "
                                        "or a file.")
    if deck is None and not isinstance(decklist, str):
        raise EventError("bad-decklist", "'decklist' must be text: the list as players write it, or a .l5d file.")
    return Submission(text=decklist if deck is None else None, deck=deck)


def verdict_for(event: Event, submission: Submission, fmt: str | None = None, on: dt.date | None = None) -> dict:
    try:
        return deck_service.run(submission.text, submission.deck, fmt or event.format,
                                (on or event.date).isoformat())
    except DeckInputError as exc:
        raise EventError(exc.code, exc.message)


def _check_row(version: Decklist, verdict: dict, run: ValidationRun | None, when) -> DecklistCheck:
    stronghold = verdict["stronghold"]
    return DecklistCheck(
        version=version, run=run, checked=when, format=verdict["format"], date=dt.date.fromisoformat(verdict["date"]),
        legal=verdict["legal"], codes=sorted({p["code"] for p in verdict["problems"]}),
        problem_count=len(verdict["problems"]), stronghold=(stronghold if isinstance(stronghold, str) else "")[:200],
        dynasty=verdict["counts"]["dynasty"], fate=verdict["counts"]["fate"], verdict=verdict)


def _save_version(registration: Registration, by, submission: Submission, when, late: bool):
    text, deck = submission.stored()
    number = (registration.versions.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    version = Decklist.objects.create(registration=registration, number=number, text=text, deck=deck,
                                      source=submission.verdict["source"], submitted=when, submitted_by=by, late=late)
    check = _check_row(version, submission.verdict, None, when)
    check.save()
    return version, check


def submit_decklist(registration: Registration, by, submission: Submission):
    """A new version, checked now; refused after the deadline unless the player is unlocked."""
    event = registration.event
    now = timezone.now()
    late = now > event.deadline
    if not registration.unlocked:
        if late:
            raise EventError("deadline-passed", f"The decklist deadline for {event.name} passed at "
                                                f"{event.deadline_text()}; an organizer can unlock your "
                                                "registration.", status=409, details={"deadline": event.deadline})
        if event.status != Event.Status.OPEN:
            raise EventError("submissions-closed", f"{event.name} is {event.get_status_display().lower()}: "
                                                   "decklists can no longer change; an organizer can unlock your "
                                                   "registration.", status=409)
    submission.verdict = verdict_for(event, submission)
    with transaction.atomic():
        Registration.objects.select_for_update().filter(pk=registration.pk).first()
        return _save_version(registration, by, submission, now, late=late)


def _counts(deadline) -> Q:
    """Versions that count: sent before the deadline, or late under an organizer's unlock."""
    return Q(submitted__lte=deadline) | Q(late=True)


def current_version_id():
    """For a registration (annotation): its latest version that counts."""
    return Subquery(Decklist.objects.filter(_counts(OuterRef("event__deadline")), registration=OuterRef("pk"))
                    .order_by("-number").values("pk")[:1])


def latest_check_id():
    """For a version (annotation): its most recent check."""
    return Subquery(DecklistCheck.objects.filter(version=OuterRef("pk")).order_by("-checked", "-pk").values("pk")[:1])


def current(registration: Registration) -> tuple[Decklist | None, DecklistCheck | None]:
    version = registration.versions.filter(_counts(registration.event.deadline)).order_by("-number").first()
    if version is None:
        return None, None
    return version, version.checks.order_by("-checked", "-pk").first()


def unlock(registration: Registration, unlocked: bool = True) -> Registration:
    registration.unlocked = unlocked
    registration.save(update_fields=["unlocked"])
    return registration


# The organizers' table ---------------------------------------------------------------

COLUMNS = {"player": "Player", "email": "E-mail", "account": "Account", "version": "Version",
           "submitted": "Submitted", "verdict": "Verdict", "problems": "Problems", "stronghold": "Stronghold",
           "dynasty": "Dynasty", "fate": "Fate"}


def table(event: Event, sort: str = "player", descending: bool = False, code: str = "",
          with_verdicts: bool = False) -> dict:
    """Every registration with its current list's verdict; filtered by a problem code, sorted by a column.

    Three queries of plain values whatever the size (an event of a thousand players is
    a page a judge reloads): registrations with their current version, those versions
    with their latest check, and the checks (the full verdicts only on request).
    """
    registrations = list(event.registrations.annotate(current_id=current_version_id()).order_by("name", "pk")
                         .values("id", "name", "email", "user__username", "invite_token", "dropped", "current_id"))
    versions = {v["id"]: v for v in Decklist.objects.filter(pk__in=[r["current_id"] for r in registrations
                                                                     if r["current_id"]])
                .annotate(check_id=latest_check_id()).values("id", "number", "submitted", "late", "check_id")}
    fields = ["id", "legal", "codes", "problem_count", "stronghold", "dynasty", "fate", "format", "date", "checked"]
    checks = {c["id"]: c for c in DecklistCheck.objects.filter(pk__in=[v["check_id"] for v in versions.values()])
              .values(*fields + (["verdict"] if with_verdicts else []))}
    rows, all_codes = [], set()
    for registration in registrations:
        version = versions.get(registration["current_id"])
        check = checks.get(version["check_id"]) if version else None
        row = {"registration": registration["id"], "player": registration["name"], "email": registration["email"],
               "username": registration["user__username"], "invited": bool(registration["invite_token"]),
               "dropped": registration["dropped"], "url": f"/events/{event.pk}/registrations/{registration['id']}/",
               "version": None, "submitted": None, "late": False, "legal": None, "codes": [],
               "problem_count": None, "stronghold": None, "dynasty": None, "fate": None, "stale": False}
        if version:
            row.update(version=version["number"], submitted=version["submitted"], late=version["late"])
        if check:
            all_codes.update(check["codes"])
            row.update({name: check[name] for name in ("legal", "codes", "problem_count", "stronghold", "dynasty",
                                                       "fate", "checked")},
                       checked_format=check["format"], checked_date=check["date"],
                       stale=check["format"] != event.format or check["date"] != event.date)
            if with_verdicts:
                row["verdict"] = check["verdict"]
        rows.append(row)
    if code:
        rows = [row for row in rows if code in row["codes"]]
    key = SORT_KEYS.get(sort, SORT_KEYS["player"])
    present = sorted((row for row in rows if key(row) is not None), key=key, reverse=descending)
    rows = present + [row for row in rows if key(row) is None]  # rows without a value last, either way
    return {"rows": rows, "codes": sorted(all_codes), "total": len(registrations), "submitted": len(versions),
            "legal": sum(1 for c in checks.values() if c["legal"])}


SORT_KEYS = {
    "player": lambda row: row["player"].lower(),
    "email": lambda row: row["email"] or None,
    "account": lambda row: row["username"].lower() if row["username"] else None,
    "version": lambda row: row["version"],
    "submitted": lambda row: row["submitted"],
    "verdict": lambda row: None if row["legal"] is None else (not row["legal"], row["problem_count"]),
    "problems": lambda row: None if row["legal"] is None else ", ".join(row["codes"]),
    "stronghold": lambda row: row["stronghold"] or None,
    "dynasty": lambda row: row["dynasty"],
    "fate": lambda row: row["fate"],
}


CSV_HEADER = ["player", "email", "account", "version", "submitted", "legal", "problems", "problem_count",
              "stronghold", "dynasty", "fate", "checked_format", "checked_date", "checked"]


def _cell(value) -> str:
    """A text cell a spreadsheet will not run as a formula."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def write_csv(event: Event, writer) -> None:
    writer.writerow(CSV_HEADER)
    for row in table(event)["rows"]:
        checked = row["legal"] is not None
        writer.writerow([_cell(v) for v in (
            row["player"], row["email"], row["username"], row["version"],
            row["submitted"].isoformat() if row["submitted"] else "",
            ("yes" if row["legal"] else "no") if checked else "", " ".join(row["codes"]), row["problem_count"],
            row["stronghold"], row["dynasty"], row["fate"], row.get("checked_format"),
            row["checked_date"].isoformat() if checked else "", row["checked"].isoformat() if checked else "")])


# Checking them all -----------------------------------------------------------------

def start_validation(event: Event, by, queue: str | None = None) -> ValidationRun:
    """A "Check all" run over the current lists; while one is under way, that one is returned."""
    from .tasks import validate_event

    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).first()
        running = event.runs.exclude(state=ValidationRun.State.DONE).first()
        if running is not None:
            return running
        targets = list(event.registrations.annotate(current_id=current_version_id())
                       .filter(current_id__isnull=False).order_by("pk").values_list("current_id", flat=True))
        run = ValidationRun.objects.create(event=event, requested_by=by, format=event.format, date=event.date,
                                           targets=targets, total=len(targets))
        transaction.on_commit(lambda: validate_event.apply_async((str(run.pk), queue), task_id=str(run.pk),
                                                                 queue=queue))
    return run


def check_chunk(run_id, version_ids: list[int]) -> int:
    """Check the versions of this chunk not yet checked in the run; write them in one go.

    Redone whole after a lost worker: what was written is skipped, what was not is
    checked again, and the unique (version, run) pair keeps each result written once.
    """
    run = ValidationRun.objects.filter(pk=run_id).first()
    if run is None:
        return 0
    ValidationRun.objects.filter(pk=run.pk, state=ValidationRun.State.QUEUED).update(state=ValidationRun.State.RUNNING)
    done = set(run.checks.filter(version_id__in=version_ids).values_list("version_id", flat=True))
    todo = Decklist.objects.filter(pk__in=[v for v in version_ids if v not in done]).order_by("pk")
    from_database()  # the card pool once, before the clock of the first list starts
    now = timezone.now()
    rows = []
    for version in todo:
        # A stored list passed the input checks when it was sent: only its verdict can change.
        submission = Submission(text=None if version.deck is not None else version.text, deck=version.deck)
        verdict = verdict_for(run.event, submission, run.format, run.date)
        rows.append(_check_row(version, verdict, run, now))
    with transaction.atomic():
        DecklistCheck.objects.bulk_create(rows, ignore_conflicts=True)
    finish_if_complete(run)
    return len(rows)


def finish_if_complete(run: ValidationRun) -> None:
    if run.checks.count() >= run.total:
        ValidationRun.objects.filter(pk=run.pk).exclude(state=ValidationRun.State.DONE).update(
            state=ValidationRun.State.DONE, finished=timezone.now())


def progress(run: ValidationRun) -> dict:
    done = run.done_count()
    return {"task": str(run.pk), "event": run.event_id, "state": run.state, "done": done, "total": run.total,
            "format": run.format, "date": run.date.isoformat(),
            "finished": run.finished.isoformat() if run.finished else None}
