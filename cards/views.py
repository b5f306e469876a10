"""Pages of the card database."""
from django.http import Http404
from django.shortcuts import redirect, render

from judgeapp.api_errors import ApiError

from . import legality, services
from .api import run_search
from .search_fields import DIRECTIONS, FIELDS, ORDERS


def search_page(request):
    q = request.GET.get("q", "").strip()
    context = {"q": q, "formats": legality.ARCS}
    if q:
        try:
            context["result"] = run_search(q, request.GET.get("page"), base_url="/cards/")
        except ApiError as exc:
            context["error"] = exc.message
    return render(request, "cards/search.html", context, status=400 if "error" in context else 200)


def help_page(request):
    return render(request, "cards/help.html", {
        "fields": FIELDS, "orders": list(dict.fromkeys(ORDERS.values())), "directions": DIRECTIONS,
        "formats": legality.ARCS})


def card_redirect(request, card_id):
    card = services.load(card_id)
    if card is None:
        raise Http404(f"No card {card_id!r}")
    return redirect(card.get_absolute_url())


def card_page(request, card_id, slug):
    card = services.load(card_id)
    if card is None:
        raise Http404(f"No card {card_id!r}")
    if slug != card.slug:
        return redirect(card.get_absolute_url())
    return render(request, "cards/card.html", {
        "card": card, "text": services.linked_text(card), "keywords": services.keyword_links(card),
        "stats": card.stat_rows(), "legality": services.legality_rows(card),
        "printings": list(card.printings.all()), "notes": list(card.notes.all()), "bans": list(card.bans.all()),
        "reading": _reading(card),
    })


def _reading(card) -> list[dict]:
    """How the rules engine reads the card (positions app: the card's reading and overrides)."""
    from judgeapp.positions.lookup import reading_rows

    return reading_rows(card)
