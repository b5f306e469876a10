"""One error shape for the whole API: ``{"error": {"code", "message", "details"}}``.

Pages get the same message on the site's error page; an unexpected exception is logged
with the request id, which the response carries (``X-Request-ID``, ``details.request_id``).
"""
from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.shortcuts import render
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


class ApiError(Exception):
    """Raised by views for bad input; becomes a JSON error response."""

    def __init__(self, code: str, message: str, details=None, http_status: int = status.HTTP_400_BAD_REQUEST,
                 headers: dict | None = None):
        super().__init__(message)
        self.code, self.message, self.details, self.http_status = code, message, details, http_status
        self.headers = headers or {}


def whole_number(value, name: str, default: int, low: int, high: int) -> int:
    """A query parameter that must be a whole number in a range; ``bad-<name>`` otherwise."""
    try:
        number = int(value) if value not in (None, "") else default
    except (TypeError, ValueError):
        raise ApiError(f"bad-{name}", f"{name} must be a whole number from {low} to {high}, not {value!r}.")
    if not low <= number <= high:
        raise ApiError(f"bad-{name}", f"{name} must be from {low} to {high}; got {number}.")
    return number


def error_body(code: str, message: str, details=None) -> dict:
    body = {"code": code, "message": message}
    if details is not None:
        body["details"] = details
    return {"error": body}


log = logging.getLogger("judgeapp.errors")
SERVER_ERROR = "Something went wrong on our side. It has been logged; quote the request id if you report it."


def is_api(request) -> bool:
    return request.path.startswith("/api/")


def error_response(request, status: int, code: str, message: str, details=None, headers: dict | None = None):
    """JSON in the API's shape under /api/, the site's error page elsewhere."""
    if is_api(request):
        response = JsonResponse(error_body(code, message, details), status=status)
    else:
        response = render(request, "error.html", {"status": status, "code": code, "message": message,
                                                  "request_id": getattr(request, "request_id", "")}, status=status)
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def server_error_details(request) -> dict:
    return {"request_id": getattr(request, "request_id", "")}


def exception_handler(exc, context):
    if isinstance(exc, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return Response(error_body("too-large", f"The request body is over {limit:,} bytes. Send less: a decklist "
                                                "or position is a few kilobytes."), status=413)
    if isinstance(exc, ApiError):
        return Response(error_body(exc.code, exc.message, exc.details), status=exc.http_status, headers=exc.headers)
    response = drf_exception_handler(exc, context)
    if response is None:
        request = context["request"]
        log.error("Internal Server Error: %s", request.path, exc_info=exc, extra={"request": request})
        return Response(error_body("server-error", SERVER_ERROR, server_error_details(request)), status=500)
    code = getattr(exc, "default_code", "error")
    detail = response.data.get("detail") if isinstance(response.data, dict) else None
    message = str(detail) if detail else "The request could not be processed."
    details = None if detail else response.data
    response.data = error_body(str(code), message, details)
    return response
