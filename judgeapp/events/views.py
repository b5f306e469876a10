"""The event pages: players register and send lists; organizers and judges check them all.

Every page asks the rule table (``permissions.RULES``).  A decklist the visitor may not
see is a 404 whoever asks, so its existence is never confirmed; other refusals send a
visitor to log in, and a logged-in user gets a 403.
"""
from __future__ import annotations

import csv
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from judgeapp.decks.pool import from_database

from judgeapp.decks import sheet

from . import deckcheck, services
from .forms import DeckCheckForm, DecklistForm, EventEditForm, EventForm, PlayerForm, RosterForm, StaffForm
from .models import Decklist, Event, Registration


def guarded(request, perm: str, obj, hide: bool = False):
    """None when the rule table allows; else a visitor is sent to log in, and a logged-in
    user refused with a 404 (``hide``: existence not confirmed) or a 403."""
    if request.user.has_perm(f"events.{perm}", obj):
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if hide:
        raise Http404("No such page.")
    raise PermissionDenied(f"You may not do this in {getattr(obj, 'event', obj)}.")


def registration_for(request, pk, rid, perm: str = "view_decklist"):
    """(event, registration, None), or (…, a response) when the visitor may not.

    A player's list is a 404 to anyone who may not see it, existing or not; a visitor
    of an unpublished event is sent to log in before anything is looked up.
    """
    event = event_of(pk)
    if not request.user.is_authenticated and not event.published:
        return event, None, redirect_to_login(request.get_full_path())
    registration = registration_of(event, rid)
    if not request.user.has_perm("events.view_decklist", registration):
        raise Http404("No such decklist.")
    return event, registration, guarded(request, perm, registration)


def event_of(pk) -> Event:
    return get_object_or_404(Event, pk=pk)


def registration_of(event: Event, rid) -> Registration:
    registration = get_object_or_404(Registration.objects.select_related("user"), pk=rid, event=event)
    registration.event = event
    return registration


def base_url(request) -> str:
    return request.build_absolute_uri("/").rstrip("/")


def event_list(request):
    return render(request, "events/list.html", {"events": Event.objects.all()})


def event_new(request):
    if response := guarded(request, "add_event", None):
        return response
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = services.create_event(request.user, form.cleaned_data)
        messages.success(request, f"{event.name} is created; you are its organizer.")
        return redirect(event)
    return render(request, "events/form.html", {"form": form, "title": "New event"}, status=400 if form.errors else 200)


def event_detail(request, pk):
    event = event_of(pk)
    mine = event.registrations.filter(user=request.user).first() if request.user.is_authenticated else None
    version, check = services.current(mine) if mine else (None, None)
    return render(request, "events/detail.html", {"event": event, "mine": mine, "version": version, "check": check,
                                                  "staff": event.staff.select_related("user")})


def event_edit(request, pk):
    event = event_of(pk)
    if response := guarded(request, "change_event", event):
        return response
    form = EventEditForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        services.update_event(event, form.cleaned_data)
        messages.success(request, "Saved.")
        return redirect(event)
    return render(request, "events/form.html", {"form": form, "event": event, "title": f"Edit {event.name}"},
                  status=400 if form.errors else 200)


def staff_page(request, pk):
    event = event_of(pk)
    if response := guarded(request, "manage_staff", event):
        return response
    form = StaffForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            staff = services.add_staff(event, form.cleaned_data["username"], form.cleaned_data["role"])
            messages.success(request, f"{staff.user.username} is now {staff.get_role_display().lower()}.")
            return redirect("events:staff", pk=event.pk)
        except services.EventError as exc:
            form.add_error(None, exc.message)
    return render(request, "events/staff.html", {"event": event, "form": form,
                                                 "staff": event.staff.select_related("user")},
                  status=400 if form.errors else 200)


@require_POST
def register(request, pk):
    event = event_of(pk)
    if response := guarded(request, "register_self", event):
        return response
    try:
        registration = services.register_self(event, request.user)
    except services.EventError as exc:
        messages.error(request, exc.message)
        return redirect(event)
    messages.success(request, f"You are registered for {event.name}. Send your decklist before the deadline.")
    return redirect(registration)


def player_add(request, pk):
    event = event_of(pk)
    if response := guarded(request, "add_registration", event):
        return response
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            registration = services.add_player(event, request.user, base_url(request), **form.cleaned_data)
            messages.success(request, f"{registration.name} is registered"
                                      + (" and was sent an invitation." if registration.invite_token else "."))
            return redirect("events:decklists", pk=event.pk)
        except services.EventError as exc:
            form.add_error(None, exc.message)
    return render(request, "events/player_add.html", {"event": event, "form": form},
                  status=400 if form.errors else 200)


def roster_import(request, pk):
    event = event_of(pk)
    if response := guarded(request, "add_registration", event):
        return response
    form = RosterForm(request.POST or None, request.FILES or None)
    problems = []
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data.get("file")
        try:
            data = upload.read(services.roster_csv.MAX_BYTES + 1) if upload else form.cleaned_data["text"]
            created = services.import_roster(event, request.user, data, base_url(request))
            messages.success(request, f"{len(created)} players imported; each was sent an invitation.")
            return redirect("events:decklists", pk=event.pk)
        except services.EventError as exc:
            form.add_error(None, exc.message)
            problems = exc.details or []
    return render(request, "events/import.html", {"event": event, "form": form, "problems": problems},
                  status=400 if form.errors else 200)


def decklists(request, pk):
    """The organizers' table: every player, the verdict, filter by problem code, sort by any column."""
    event = event_of(pk)
    if response := guarded(request, "view_decklists", event, hide=True):
        return response
    sort = request.GET.get("sort", "player")
    sort = sort if sort in services.COLUMNS else "player"
    descending = request.GET.get("dir") == "desc"
    code = request.GET.get("code", "")
    data = services.table(event, sort, descending, code)
    headers = []
    for key, label in services.COLUMNS.items():
        flip = "asc" if key == sort and descending else ("desc" if key == sort else "asc")
        headers.append({"key": key, "label": label, "active": key == sort,
                        "url": "?" + urlencode({"sort": key, "dir": flip, **({"code": code} if code else {})})})
    run = event.runs.first()
    for row in data["rows"]:
        if row["submitted"]:
            row["submitted"] = row["submitted"].astimezone(event.tz).strftime("%Y-%m-%d %H:%M")
    return render(request, "events/decklists.html", {
        "event": event, "sort": sort, "descending": descending, "code": code, "headers": headers,
        "progress": services.progress(run) if run else None, **data})


def registration_page(request, pk, rid):
    event, registration, response = registration_for(request, pk, rid,
                                                     "submit_decklist" if request.method == "POST" else "view_decklist")
    if response:
        return response
    form = DecklistForm()
    status = 200
    if request.method == "POST":
        form = DecklistForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                submission = services.read_submission(decklist=form.cleaned_data["decklist"],
                                                      upload=form.cleaned_data["file"])
                version, check = services.submit_decklist(registration, request.user, submission)
                messages.success(request, f"Version {version.number} saved: "
                                          + ("legal." if check.legal else f"{check.problem_count} problem(s)."))
                return redirect(registration)
            except services.EventError as exc:
                form.add_error(None, exc.message)
                status = exc.status
    version, check = services.current(registration)
    versions = list(registration.versions.select_related("submitted_by").order_by("-number")
                    .prefetch_related("checks"))
    for v in versions:
        v.latest_check = list(v.checks.all())[-1]  # checks are ordered oldest first
    return render(request, "events/registration.html", {
        "event": event, "registration": registration, "version": version, "check": check, "versions": versions,
        "form": form}, status=status)


def version_page(request, pk, rid, number):
    event, registration, response = registration_for(request, pk, rid)
    if response:
        return response
    version = get_object_or_404(Decklist, registration=registration, number=number)
    return render(request, "events/version.html", {"event": event, "registration": registration, "version": version,
                                                   "checks": version.checks.order_by("-checked", "-pk")})


@require_POST
def unlock(request, pk, rid):
    event, registration, response = registration_for(request, pk, rid, "unlock_registration")
    if response:
        return response
    services.unlock(registration, request.POST.get("unlocked", "1") == "1")
    messages.success(request, f"{registration.name} may {'now' if registration.unlocked else 'no longer'} send a "
                              "list after the deadline.")
    return redirect(registration)


def deck_check(request, pk, rid):
    event, registration, response = registration_for(request, pk, rid, "deck_check")
    if response:
        return response
    version, check = services.current(registration)
    form = DeckCheckForm(request.POST or None)
    result, status = None, 200
    if request.method == "POST" and form.is_valid():
        if check is None:
            form.add_error(None, f"{registration.name} has no registered list to compare with.")
        else:
            try:
                counted = services.read_submission(decklist=form.cleaned_data["counted"])
                result = deckcheck.compare(check.verdict["lines"], services.verdict_for(event, counted)["lines"])
            except services.EventError as exc:
                form.add_error("counted", exc.message)
    if form.errors:
        status = 400
    return render(request, "events/deck_check.html", {"event": event, "registration": registration,
                                                      "version": version, "form": form, "result": result},
                  status=status)


@require_POST
def validate(request, pk):
    event = event_of(pk)
    if response := guarded(request, "check_all", event):
        return response
    run = services.start_validation(event, request.user)
    messages.info(request, f"Checking {run.total} decklists against {event.format_name} on {event.date}.")
    return redirect("events:decklists", pk=event.pk)


def export_csv(request, pk):
    event = event_of(pk)
    if response := guarded(request, "export_decklists", event):
        return response
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-decklists.csv"'
    services.write_csv(event, csv.writer(response))
    return response


def print_all(request, pk):
    event = event_of(pk)
    if response := guarded(request, "export_decklists", event):
        return response
    pool = from_database()
    pages = [{"row": row, "sheet": sheet.layout(row["verdict"], pool)}
             for row in services.table(event, "player", with_verdicts=True)["rows"] if row["legal"] is not None]
    return render(request, "events/print.html", {"event": event, "pages": pages})


@login_required
def invitation(request, token):
    try:
        registration = services.accept_invitation(token, request.user)
    except services.EventError as exc:
        return render(request, "error.html", {"status": exc.status, "message": exc.message}, status=exc.status)
    messages.success(request, f"Your account is now linked to your registration for {registration.event.name}.")
    return redirect(registration)
