"""The decklist pages: paste or upload, choose format and date, see every problem with the
list's statistics; a checked list's permalink and printable sheet; the formats."""
import datetime as dt
from urllib.parse import urlencode

from django.shortcuts import render

from judgeapp.ratelimits import rate_limited

from . import format_facts, formats, permalink, service, sheet, statistics
from .parsing import MAX_BYTES, DeckInputError
from .pool import from_database


def _links(text: str, verdict: dict) -> dict:
    """The permalink and sheet of a checked list (None when too long to be a link)."""
    token = permalink.encode(text)
    if token is None:
        return {"permalink_url": None, "sheet_url": None}
    query = urlencode({"format": verdict["format"], "date": verdict["date"]})
    return {"permalink_url": f"/decks/list/{token}/?{query}", "sheet_url": f"/decks/list/{token}/print/?{query}"}


def _checked(context: dict, decklist, text: str | None = None) -> None:
    """Validate into ``context``: the verdict, its charts and links, or the input's error."""
    try:
        verdict = service.run(decklist, None, context["format"], context["date"], with_l5d=True)
    except DeckInputError as exc:
        context["error"] = exc.message
        return
    text = text if text is not None else "\n".join(line["text"] for line in verdict["lines"])
    context.update(verdict=verdict, charts=statistics.charts(verdict, from_database()), **_links(text, verdict))


@rate_limited("deck-validate")
def validate_page(request):
    context = {"formats": formats.FORMATS, "format": "ivory", "date": dt.date.today().isoformat(), "decklist": ""}
    if request.method == "POST":
        context.update(format=request.POST.get("format", "ivory"), date=request.POST.get("date", ""),
                       decklist=request.POST.get("decklist", ""))
        upload = request.FILES.get("file")
        if upload is not None and upload.size > MAX_BYTES:
            context["error"] = f"The upload is {upload.size:,} bytes; the limit is {MAX_BYTES:,}."
        elif upload is not None:
            _checked(context, upload.read())
            if "verdict" in context:
                context["decklist"] = "\n".join(line["text"] for line in context["verdict"]["lines"])
        else:
            _checked(context, context["decklist"], context["decklist"])
    status = 400 if "error" in context else 200
    return render(request, "decks/validate.html", context, status=status)


def _from_link(request, token: str) -> dict:
    context = {"formats": formats.FORMATS, "format": request.GET.get("format", "ivory"),
               "date": request.GET.get("date", ""), "decklist": "", "from_link": True}
    try:
        context["decklist"] = permalink.decode(token)
    except DeckInputError as exc:
        context["error"] = exc.message
        return context
    _checked(context, context["decklist"], context["decklist"])
    return context


@rate_limited("deck-validate", methods=("GET",))
def list_page(request, token):
    """A shared list, checked again now (the format and date come with the link)."""
    context = _from_link(request, token)
    return render(request, "decks/validate.html", context, status=400 if "error" in context else 200)


@rate_limited("deck-validate", methods=("GET",))
def print_page(request, token):
    """The shared list as a tournament decklist sheet, for the browser's Print."""
    context = _from_link(request, token)
    if "verdict" in context:
        context["sheet"] = sheet.layout(context["verdict"], from_database())
    return render(request, "decks/print.html", context, status=400 if "error" in context else 200)


def formats_page(request):
    return render(request, "decks/formats.html", {"formats": format_facts.described(),
                                                  "unnamed_bans": format_facts.unnamed_bans()})
