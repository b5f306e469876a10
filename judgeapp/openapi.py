"""Pieces of the OpenAPI schema shared by every app: the error body and the error
statuses any endpoint may answer with (so schema checkers hold us to them)."""
from drf_spectacular.utils import OpenApiResponse

ERROR_SCHEMA = {
    "type": "object",
    "required": ["error"],
    "properties": {"error": {
        "type": "object",
        "required": ["code", "message"],
        "properties": {
            "code": {"type": "string", "description": "stable, machine-readable"},
            "message": {"type": "string", "description": "what went wrong and how to fix it"},
            "details": {"description": "anything more: the bad key's path, valid values, request_id on a 500"},
        },
    }},
}


def _error(description: str) -> OpenApiResponse:
    return OpenApiResponse(ERROR_SCHEMA, description=description)


ERROR_RESPONSES = {
    400: _error("bad input; the message says what to fix"),
    404: _error("no such thing"),
    405: _error("method not allowed"),
    406: _error("cannot answer in an accepted media type"),
    413: _error("the body is over the size limit"),
    415: _error("unsupported content type"),
    429: _error("rate limit or quota reached; see Retry-After"),
    500: _error("unexpected error, logged under details.request_id"),
    503: _error("the search index is not built yet"),
}


# Answered by the HTTP server in front of the API (gunicorn's request limits) before any view runs,
# so with its own plain body: documented on every operation so schema checkers accept them.
SERVER_LIMITS = {"414": "the URL (request line) is over the server's limit", "431": "the request headers are too large"}


def add_server_limits(result, generator, request, public):
    """drf-spectacular postprocessing hook: the server's own refusals on every operation."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict) and "responses" in operation:
                for status, description in SERVER_LIMITS.items():
                    operation["responses"].setdefault(status, {"description": description})
    return result
