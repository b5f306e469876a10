"""Pages of the card database: search (a readable list or a compact table), the advanced
form, a random card, sets, and the card page."""
from urllib.parse import urlencode

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from judgeapp.api_errors import ApiError

from . import advanced, search_index, services
from .api import run_search
from .models import Card, CardSet, Printing
from .search_fields import DIRECTIONS, FIELDS, ORDERS
from .search_query import CardQueryError, with_order

SORTS = (("title", "Title"), ("cost", "Cost"), ("force", "Force"), ("chi", "Chi"), ("ph", "PH"), ("hr", "HR"),
         ("focus", "Focus"))
VIEWS = ("list", "table")


def _present(result: dict) -> None:
    """Each result's type line and labelled stats, ready for the template."""
    for card in result["results"]:
        card["type_line"] = services.type_line(card)
        card["stat_line"] = services.stat_line(card.get("stats") or {})


def _sort_links(query: str, order: dict, view: str) -> list[dict]:
    links = []
    for key, label in SORTS:
        here = order["by"] == key
        direction = ("desc" if order["dir"] == "asc" else "asc") if here else ("asc" if key == "title" else "desc")
        params = {"q": with_order(query, key, direction)} | ({"view": view} if view != "list" else {})
        links.append({"label": label, "url": f"/cards/?{urlencode(params)}", "here": here,
                      "dir": order["dir"] if here else None})
    return links


def search_page(request):
    q = request.GET.get("q", "").strip()
    view = request.GET.get("view") if request.GET.get("view") in VIEWS else "list"
    context = {"q": q, "view": view}
    if q:
        try:
            result = run_search(q, request.GET.get("page"), base_url="/cards/")
        except ApiError as exc:
            context["error"] = exc.message
        else:
            _present(result)
            context.update(result=result, sorts=_sort_links(result["query"], result["order"], view),
                           views=[{"name": v, "url": f"/cards/?{urlencode({'q': result['query'], 'view': v})}",
                                   "here": v == view} for v in VIEWS])
            if view != "list":
                for key in ("next", "previous"):
                    if result[key]:
                        result[key] += f"&view={view}"
    return render(request, "cards/search.html", context, status=400 if "error" in context else 200)


def advanced_page(request):
    """The form; submitted, it writes the query and hands over to the search page."""
    context = {"choices": search_index.choices(), "fields": {f.name: f for f in FIELDS},
               "numbers": [f for f in FIELDS if f.kind == "number"], "orders": list(dict.fromkeys(ORDERS.values())),
               "comparisons": [("eq", "="), ("ge", "≥"), ("le", "≤"), ("gt", ">"), ("lt", "<")],
               "form": request.GET, "checked": {"type": request.GET.getlist("type"), "is": request.GET.getlist("is")}}
    if request.GET:
        built = advanced.build(request.GET)
        if not built.errors:
            return redirect(f"/cards/?{urlencode({'q': built.query})}")
        context["errors"] = built.errors
    return render(request, "cards/advanced.html", context, status=400 if "errors" in context else 200)


def random_page(request):
    q = request.GET.get("q", "").strip()
    try:
        card = search_index.random_card(q)
    except CardQueryError as exc:
        return render(request, "cards/search.html", {"q": q, "error": exc.message, "view": "list"}, status=400)
    except search_index.IndexMissing as exc:
        raise Http404(str(exc))
    if card is None:
        raise Http404(f"No card matches {q!r}: nothing to choose from.")
    return redirect(card["url"])


def help_page(request):
    return render(request, "cards/help.html", {
        "fields": FIELDS, "orders": list(dict.fromkeys(ORDERS.values())), "directions": DIRECTIONS})


def sets_page(request):
    arcs: dict[str, list] = {}
    for card_set in CardSet.objects.all():
        arcs.setdefault(card_set.arc, []).append(card_set)
    return render(request, "cards/sets.html", {"arcs": arcs})


def _number_key(printing) -> tuple:
    digits = "".join(c for c in printing.number if c.isdigit())
    return (int(digits) if digits else 10**6, printing.number, printing.card.full_title)


def set_page(request, slug):
    card_set = get_object_or_404(CardSet, slug=slug)
    printings = sorted(Printing.objects.filter(card_set=card_set).select_related("card")
                       .only("number", "rarity", "side", "card__id", "card__slug", "card__full_title", "card__type"),
                       key=_number_key)
    neighbours = list(CardSet.objects.filter(order__in=(card_set.order - 1, card_set.order + 1)).order_by("order"))
    return render(request, "cards/set.html", {
        "set": card_set, "printings": printings, "query": f'set:"{card_set.slug}"',
        "previous": next((s for s in neighbours if s.order < card_set.order), None),
        "next": next((s for s in neighbours if s.order > card_set.order), None)})


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
    summary = services.summary(card) | {"is_unique": card.is_unique}
    return render(request, "cards/card.html", {
        "card": card, "text": services.linked_text(card), "keywords": services.keyword_links(card),
        "type_line": services.type_line(summary), "stats": services.stat_line(card.stats),
        "legality": services.legality_rows(card), "printings": list(card.printings.all()),
        "notes": list(card.notes.all()), "bans": list(card.bans.all()),
        "versions": list(Card.objects.filter(folded_title=card.folded_title).exclude(pk=card.pk)
                         .only("id", "slug", "full_title")),
        "reading": _reading(card),
    })


def _reading(card) -> list[dict]:
    """How the rules engine reads the card (positions app: the card's reading and overrides)."""
    from judgeapp.positions.lookup import reading_rows

    return reading_rows(card)
