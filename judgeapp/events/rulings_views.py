"""Pages of the judges' rulings log: an event's calls, recording and publishing one, and
the search of every published ruling at /rulings/.

A ruling nobody published is the event's staff's alone: to anyone else it is a 404,
exactly as a ruling that does not exist (a visitor is sent to log in in both cases).
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from judgeapp.api_errors import ApiError, whole_number
from rules_corpus.query import QueryError

from . import rulings, rulings_index
from .forms import RulingForm
from .models import Ruling
from .views import event_of, guarded


def ruling_for(request, pk, ruling_id, perm: str = "view_ruling"):
    """(ruling, None), or (None, a response) for a visitor; a 404 for anyone else who may not see it."""
    event = event_of(pk)
    ruling = (Ruling.objects.select_related("event", "table__round", "recorded_by", "published_by", "position")
              .filter(pk=ruling_id, event=event).first())
    if ruling is None or not request.user.has_perm("events.view_ruling", ruling):
        if not request.user.is_authenticated:
            return None, redirect_to_login(request.get_full_path())
        raise Http404("No such ruling.")
    return ruling, guarded(request, perm, ruling)


def event_rulings(request, pk):
    event = event_of(pk)
    everything = request.user.has_perm("events.view_event_rulings", event)
    shown = event.rulings.all() if everything else event.rulings.filter(published__isnull=False)
    return render(request, "events/rulings.html", {
        "event": event, "rulings": shown.select_related("table__round", "recorded_by").prefetch_related("cites"),
        "everything": everything})


def ruling_new(request, pk):
    event = event_of(pk)
    if response := guarded(request, "record_ruling", event):
        return response
    initial = {name: request.GET[name] for name in ("round", "table") if request.GET.get(name, "").isdigit()}
    form = RulingForm(event, request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        ruling = rulings.save(event, request.user, form.call)
        messages.success(request, "The call is recorded. An organizer (the head judge) may publish it.")
        return redirect(ruling)
    return render(request, "events/ruling_form.html", {"event": event, "form": form, "title": "Record a call"},
                  status=400 if form.errors else 200)


def ruling_page(request, pk, ruling_id):
    ruling, response = ruling_for(request, pk, ruling_id)
    if response:
        return response
    return render(request, "events/ruling.html", {"event": ruling.event, "ruling": ruling})


def ruling_edit(request, pk, ruling_id):
    ruling, response = ruling_for(request, pk, ruling_id, "change_ruling")
    if response:
        return response
    form = RulingForm(ruling.event, request.POST or None, initial=RulingForm.initial_for(ruling))
    if request.method == "POST" and form.is_valid():
        rulings.save(ruling.event, request.user, form.call, ruling)
        messages.success(request, "Saved.")
        return redirect(ruling)
    return render(request, "events/ruling_form.html", {"event": ruling.event, "form": form, "ruling": ruling,
                                                       "title": f"Edit ruling {ruling.pk}"},
                  status=400 if form.errors else 200)


@require_POST
def ruling_publish(request, pk, ruling_id):
    ruling, response = ruling_for(request, pk, ruling_id, "publish_ruling")
    if response:
        return response
    publishing = request.POST.get("published", "1") == "1"
    rulings.publish(ruling, request.user, publishing)
    messages.success(request, "Published: anyone can find it at /rulings/." if publishing else
                     "Unpublished: only the event's staff see it now.")
    return redirect(ruling)


def search_page(request):
    query = request.GET.get("q", "")
    context = {"q": query}
    try:
        page = whole_number(request.GET.get("page"), "page", 1, 1, rulings_index.MAX_PAGE)
        if query.strip():
            context["result"] = rulings_index.search(query, page)
        else:
            context["latest"] = Ruling.objects.filter(published__isnull=False).select_related("event").prefetch_related(
                "cites").order_by("-published", "-pk")[:rulings_index.PER_PAGE]
    except (QueryError, ApiError) as exc:
        context["error"] = exc.message
    return render(request, "rulings/search.html", context, status=400 if "error" in context else 200)


def ruling_short(request, ruling_id):
    """/rulings/<id>/: the ruling's page in its event."""
    ruling = Ruling.objects.filter(pk=ruling_id).only("pk", "event_id").first()
    if ruling is None:
        raise Http404("No such ruling.")
    return redirect(ruling)
