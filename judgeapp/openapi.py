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
