"""Site-wide request handling: a request id on every request and log line; one bound on
request bodies, checked before anything reads them; no NUL characters in the URL (no
database stores them, PostgreSQL refuses them outright)."""
from __future__ import annotations

import contextvars
import logging
import re
import uuid

from django.conf import settings

from .api_errors import error_response

_request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
INCOMING_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")


def current_request_id() -> str:
    return _request_id.get()


class RequestIdFilter(logging.Filter):
    """Adds ``request_id`` to every log record (``-`` outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        record.request_id = getattr(request, "request_id", None) or _request_id.get()
        return True


class RequestIdMiddleware:
    """A proxy's ``X-Request-ID`` when it looks like one, else a new id; echoed on the
    response so a user can quote it and an operator can find the log lines."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        incoming = request.META.get("HTTP_X_REQUEST_ID", "")
        request.request_id = incoming if INCOMING_ID.match(incoming) else uuid.uuid4().hex
        token = _request_id.set(request.request_id)
        try:
            response = self.get_response(request)
        finally:
            _request_id.reset(token)
        response["X-Request-ID"] = request.request_id
        return response


class BoundedRequestMiddleware:
    """Refuses a declared body over ``L5R_MAX_REQUEST_BYTES`` (uploads included) with a 413
    before any of it is read (Django's own limit covers bodies read without a length),
    and a NUL character in the path or query string with a 400."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        limit = settings.L5R_MAX_REQUEST_BYTES
        if length > limit:
            return error_response(request, 413, "too-large",
                                  f"The request body is {length:,} bytes; the limit is {limit:,}. "
                                  "A decklist or a position is a few kilobytes.")
        if "\x00" in request.path or "%00" in request.META.get("QUERY_STRING", ""):
            return error_response(request, 400, "nul-character", "The address contains a NUL character (%00); "
                                                                 "no name, id or query has one.")
        return self.get_response(request)
