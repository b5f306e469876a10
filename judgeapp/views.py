"""Site-wide pages: the home page and the error pages (JSON under /api/)."""
from django.shortcuts import render
from django.urls import Resolver404
from django.views.decorators.csrf import csrf_exempt

from judgeapp.api_errors import SERVER_ERROR, error_response, server_error_details

from rules_corpus.models import Document


def home(request):
    return render(request, "home.html", {"documents": Document.objects.all()})


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
