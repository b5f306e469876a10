"""HTTP API of decklist validation."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from judgeapp.api_errors import ApiError
from judgeapp.openapi import ERROR_RESPONSES
from judgeapp.ratelimits import rate_limited

from . import formats, service
from .parsing import MAX_BYTES, DeckInputError


_COMMON = {
    "format": {"type": "string", "description": "format slug (GET /api/formats), default ivory"},
    "date": {"type": "string", "description": "event date YYYY-MM-DD, default today"},
    "l5d": {"type": "boolean", "description": "also return the list as an Egg of P'an Ku .l5d file"},
}
JSON_BODY = {"type": "object", "properties": {
    "decklist": {"type": "string", "description": "the list as players write it, or .l5d content"},
    "deck": {"type": "object", "description": "the list as data instead of text", "properties": {
        "stronghold": {"type": "string"}, "sensei": {"type": "string"},
        "cards": {"type": "array", "items": {"type": "object", "properties": {
            "count": {"type": "integer"}, "title": {"type": "string"}, "deck": {"type": "string"}}}}}},
    **_COMMON}}
MULTIPART_BODY = {"type": "object", "properties": {
    "file": {"type": "string", "format": "binary", "description": "a decklist file (.txt or .l5d)"},
    "decklist": {"type": "string"}, **_COMMON}}


class ValidateView(APIView):
    parser_classes = [JSONParser, MultiPartParser]

    @extend_schema(
        summary="Validate a decklist for a format on a date",
        description='JSON: {"decklist": "<text or .l5d>", "format": "ivory", "date": "2014-10-15"} or '
                    '{"deck": {"stronghold", "sensei", "cards": [{"count", "title", "deck"}]}, ...}; '
                    "or multipart with a 'file' upload. Add \"l5d\": true to get the list back as .l5d.",
        request={"application/json": JSON_BODY, "multipart/form-data": MULTIPART_BODY},
        responses={200: OpenApiTypes.OBJECT, **ERROR_RESPONSES})
    @rate_limited("deck-validate")
    def post(self, request):
        data = request.data
        if not hasattr(data, "get"):
            raise ApiError("bad-body", 'The body must be a JSON object: {"decklist", "format", "date"}.')
        upload = request.FILES.get("file") if hasattr(request, "FILES") else None
        decklist = data.get("decklist")
        if upload is not None:
            if upload.size > MAX_BYTES:
                raise ApiError("too-large", f"The upload is {upload.size:,} bytes; the limit is {MAX_BYTES:,}.")
            decklist = upload.read()
        try:
            return Response(service.run(decklist, data.get("deck"), data.get("format"), data.get("date"),
                                        with_l5d=str(data.get("l5d", "")).lower() in ("1", "true")))
        except DeckInputError as exc:
            raise ApiError(exc.code, exc.message) from exc


class FormatsView(APIView):
    @extend_schema(summary="Every deck format with its card pool, rules and the sections they come from",
                   responses={200: OpenApiTypes.OBJECT, **ERROR_RESPONSES})
    def get(self, request):
        return Response({"formats": [f.as_dict() for f in formats.FORMATS]})
