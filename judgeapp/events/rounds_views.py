"""The pages of an event's rounds: pairings by table and by name, the projector view with
its round clock, printable pairings and result slips, the standings and the top cut.

Pairings, results, standings and the bracket are public; the forms on them follow the
rule table (organizers pair, staff enter results and run the clock, a player reports
their own table).  A refused action shows the page again with the reason and the
refusal's status, having changed nothing.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from . import rounds
from .forms import PairForm, ResultForm, TopCutForm
from .models import Registration, Round
from .services import EventError
from .views import event_of, guarded, registration_for

PAGE_KINDS = {"table": "events/round.html", "name": "events/round_names.html",
              "projector": "events/projector.html", "print": "events/round_print.html",
              "slips": "events/slips.html"}


def round_of(event, number) -> Round:
    return get_object_or_404(Round, event=event, number=number)


def by_name(round_: Round, tables: list[dict]) -> list[dict]:
    """One line per player, alphabetical: their table, side and opponent (what players look for)."""
    lines = []
    for table in tables:
        for side, other in ((0, 1), (1, 0)):
            if table["players"][side] is None:
                continue
            lines.append({"name": table["names"][side], "table": table["table"], "opponent": table["names"][other],
                          "registration": table["players"][side], "result": table["result"],
                          "side": "ab"[side]})
    return sorted(lines, key=lambda line: (line["name"].casefold(), line["table"]))


def rounds_page(request, pk, form=None, cut_form=None, status=200):
    event = event_of(pk)
    summary = rounds.rounds_summary(event)
    players = list(event.registrations.filter(dropped=False).order_by("pk").values_list("pk", "name"))
    return render(request, "events/rounds.html", {
        "event": event, "rounds": summary, "next_number": len(summary) + 1,
        "form": form or PairForm(initial={"order": PairForm.order_text(players)}),
        "cut_form": cut_form or TopCutForm(), "has_cut": rounds.TopCut.objects.filter(event=event).exists(),
        "active": len(players)}, status=status)


@require_POST
def pair(request, pk):
    event = event_of(pk)
    if response := guarded(request, "pair_round", event):
        return response
    form = PairForm(request.POST)
    if not form.is_valid():
        return rounds_page(request, pk, form=form, status=400)
    try:
        round_ = rounds.pair_next_round(event, request.user, **form.options())
    except EventError as exc:
        form.add_error(None, exc.message)
        return rounds_page(request, pk, form=form, status=exc.status)
    messages.success(request, f"Round {round_.number} is paired.")
    return redirect(round_)


@require_POST
def top_cut_make(request, pk):
    event = event_of(pk)
    if response := guarded(request, "make_top_cut", event):
        return response
    form = TopCutForm(request.POST)
    if not form.is_valid():
        return rounds_page(request, pk, cut_form=form, status=400)
    try:
        rounds.make_top_cut(event, request.user, int(form.cleaned_data["size"]))
    except EventError as exc:
        form.add_error(None, exc.message)
        return rounds_page(request, pk, cut_form=form, status=exc.status)
    messages.success(request, f"The top {form.cleaned_data['size']} is seeded and its first round paired.")
    return redirect("events:top_cut", pk=event.pk)


def round_page(request, pk, number, kind="table", error=None, status=200):
    event = event_of(pk)
    round_ = round_of(event, number)
    if kind == "slips" and (response := guarded(request, "print_slips", event)):
        return response
    tables = rounds.pairings(round_)
    context = {"event": event, "round": round_, "tables": tables, "error": error,
               "open": sum(1 for t in tables if t["result"] is None),
               "is_last": not event.rounds.filter(number__gt=round_.number).exists()}
    if kind == "table":
        context["mine"] = _my_tables(request, round_, tables)
        for table in tables:
            if table["mismatch"]:
                row = round_.tables.select_related("player_a", "player_b").get(number=table["table"])
                table["reports"] = {side: rounds.describe(row, outcome)
                                    for side, outcome in rounds.latest_reports(row).items() if outcome}
    else:
        context["names"] = by_name(round_, tables)
    return render(request, PAGE_KINDS[kind], context, status=status)


def _my_tables(request, round_: Round, tables: list[dict]) -> set[int]:
    """Tables where the visitor plays (they may report there)."""
    if not request.user.is_authenticated:
        return set()
    mine = set(Registration.objects.filter(event_id=round_.event_id, user=request.user).values_list("pk", flat=True))
    return {t["table"] for t in tables if mine & set(t["players"])}


@require_POST
def result(request, pk, number):
    event = event_of(pk)
    round_ = round_of(event, number)
    if not request.user.is_authenticated:
        return redirect_to_login(round_.get_absolute_url())
    form = ResultForm(request.POST)
    if not form.is_valid():
        return round_page(request, pk, number, error=form.error_text(), status=400)
    try:
        with rounds.transaction.atomic():
            table = rounds.table_for_update(round_, form.cleaned_data["table"])
            outcome = form.cleaned_data["result"]
            if request.user.has_perm("events.enter_result", table):
                rounds.enter_result(table, request.user, outcome)
                messages.success(request, f"Table {table.number}: {rounds.describe(table, outcome)}.")
            else:
                if response := guarded(request, "report_result", table):
                    return response
                mine = table.player_a if table.player_a.user_id == request.user.pk else table.player_b
                rounds.report_result(table, mine, request.user, outcome)
                table.refresh_from_db()
                messages.success(request, f"Your report of table {table.number} is in"
                                          + (": both players agree." if table.outcome else
                                             ": a judge will look at it, as your opponent reported otherwise."
                                             if table.mismatch else "; waiting for your opponent's."))
    except EventError as exc:
        return round_page(request, pk, number, error=exc.message, status=exc.status)
    return redirect(f"{round_.get_absolute_url()}#table-{form.cleaned_data['table']}")


@require_POST
def clock(request, pk, number):
    event = event_of(pk)
    round_ = round_of(event, number)
    if response := guarded(request, "run_clock", event):
        return response
    rounds.set_clock(round_, request.POST.get("running") == "1")
    return redirect(round_)


@require_POST
def drop(request, pk, rid):
    event, registration, response = registration_for(request, pk, rid, "drop_registration")
    if response:
        return response
    try:
        rounds.drop(registration, request.user)
        messages.success(request, f"{registration.name} has dropped: not paired again.")
    except EventError as exc:
        messages.error(request, exc.message)
    return redirect(registration)


def standings_page(request, pk):
    event = event_of(pk)
    summary = rounds.rounds_summary(event)
    swiss = [r for r in summary if r["kind"] == Round.Kind.SWISS]
    return render(request, "events/standings.html", {
        "event": event, "rows": rounds.standings_rows(event), "rounds": len(swiss),
        "unfinished": [r["number"] for r in swiss if r["open_count"]]})


def top_cut_page(request, pk):
    event = event_of(pk)
    return render(request, "events/top_cut.html", {"event": event, "bracket": rounds.bracket_body(event)})
