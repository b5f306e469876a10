"""Site-wide pages: home, about, the search of everything, and the error pages (JSON under /api/)."""
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import Resolver404
from django.views.decorators.csrf import csrf_exempt

from cards.models import Card, CardImport, CardSet, Printing
from judgeapp.api_errors import SERVER_ERROR, error_response, server_error_details
from rules_corpus.models import Document

from . import site_search


def home(request):
    return render(request, "home.html", {"documents": Document.objects.all(), "card_count": Card.objects.count()})


def about(request):
    return render(request, "about.html", {
        "documents": Document.objects.all(), "card_count": Card.objects.count(),
        "printing_count": Printing.objects.count(), "set_count": CardSet.objects.count(),
        "newest_set": CardSet.objects.exclude(release_date=None).order_by("-release_date", "-order").first(),
        "imported": CardImport.objects.order_by("-pk").values_list("imported_at", flat=True).first()})


def search(request):
    """One box for everything: an exact card name opens the card, anything else lists both kinds."""
    query = request.GET.get("q", "").strip()
    if not query:
        return render(request, "search.html", {"site_q": ""})
    if request.GET.get("all") != "1":
        card = site_search.card_for_name(query)
        if card is not None:
            return redirect(Card.objects.only("id", "slug").get(pk=card.id).get_absolute_url())
    found = site_search.search_everything(query)
    return render(request, "search.html", {"site_q": query, **found})


def favicon(request):
    return redirect(static("favicon.svg"), permanent=True)


def not_found(request, exception=None):
    """A view's own message ("No card 'x'"); never the resolver's list of URL patterns."""
    message = None
    if exception is not None and not isinstance(exception, Resolver404) and exception.args:
        if isinstance(exception.args[0], str):
            message = exception.args[0]
    if message is None:
        message = (f"No API endpoint at {request.path}. See /api/docs/." if request.path.startswith("/api/")
                   else f"No page at {request.path}.")
    return error_response(request, 404, "not-found", message)


def bad_request(request, exception=None):
    return error_response(request, 400, "bad-request", "The request could not be understood (a malformed or "
                                                        "disallowed header, or a bad body).")


def permission_denied(request, exception=None):
    return error_response(request, 403, "forbidden", "You may not do that.")


def csrf_failure(request, reason=""):
    return error_response(request, 403, "csrf-failed", "The form had expired or came from another site: reload "
                                                        "the page and send it again.")


def server_error(request):
    return error_response(request, 500, "server-error", SERVER_ERROR, server_error_details(request))


@csrf_exempt
def api_not_found(request):
    """Unknown API paths answer in the API's error shape, not with an HTML page."""
    return not_found(request)
