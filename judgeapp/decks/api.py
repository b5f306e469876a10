"""HTTP API of decklist validation."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from judgeapp.api_errors import ApiError

from . import formats, service
from .parsing import DeckInputError


class ValidateView(APIView):
    parser_classes = [JSONParser, MultiPartParser]

    @extend_schema(
        summary="Validate a decklist for a format on a date",
        description='JSON: {"decklist": "<text or .l5d>", "format": "ivory", "date": "2014-10-15"} or '
                    '{"deck": {"stronghold", "sensei", "cards": [{"count", "title", "deck"}]}, ...}; '
                    "or multipart with a 'file' upload. Add \"l5d\": true to get the list back as .l5d.",
        request=OpenApiTypes.OBJECT, responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT})
    def post(self, request):
        data = request.data
        if not hasattr(data, "get"):
            raise ApiError("bad-body", 'The body must be a JSON object: {"decklist", "format", "date"}.')
        upload = request.FILES.get("file") if hasattr(request, "FILES") else None
        decklist = data.get("decklist")
        if upload is not None:
            if upload.size > 1_000_000:
                raise ApiError("too-large", f"The upload is {upload.size:,} bytes; the limit is 1,000,000.")
            decklist = upload.read()
        try:
            return Response(service.run(decklist, data.get("deck"), data.get("format"), data.get("date"),
                                        with_l5d=str(data.get("l5d", "")).lower() in ("1", "true")))
        except DeckInputError as exc:
            raise ApiError(exc.code, exc.message) from exc


class FormatsView(APIView):
    @extend_schema(summary="Every deck format with its card pool, rules and the sections they come from",
                   responses={200: OpenApiTypes.OBJECT})
    def get(self, request):
        return Response({"formats": [f.as_dict() for f in formats.FORMATS]})
