"""HTTP API of the position checker."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.parsers import BaseParser
from rest_framework.response import Response
from rest_framework.views import APIView

from judgeapp.api_errors import ApiError
from judgeapp.engine.position import MAX_BYTES
from judgeapp.openapi import ERROR_RESPONSES
from judgeapp.ratelimits import over_limit, rate_limited

from . import saving, service
from .openapi import position_body_schema

# YAML or JSON only: a cross-site form can send text/plain without asking, never these.
CONTENT_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml", "application/json")


class RawTextParser(BaseParser):
    """The body as bytes, read by the engine (which tells YAML from JSON itself)."""

    media_type = "*/*"

    def parse(self, stream, media_type=None, parser_context=None):
        # Read one byte past the engine's limit: enough for it to say the body is too big.
        return stream.read(MAX_BYTES + 1) if stream is not None else b""


class ReplayView(APIView):
    parser_classes = [RawTextParser]

    @extend_schema(
        summary="Replay a position (YAML or JSON body, l5r-position version 1) and return its timeline",
        parameters=[OpenApiParameter("states", OpenApiTypes.BOOL, required=False,
                                     description="include the board after every step"),
                    OpenApiParameter("save", OpenApiTypes.BOOL, required=False,
                                     description="store the position (once per text) and return its permalink")],
        description="The body is a position in the l5r-position format (written for judges at /positions/format/): "
                    "JSON, or the same document as YAML with Content-Type application/yaml.",
        request={"application/json": position_body_schema(), "application/yaml": position_body_schema()},
        responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description="the timeline"), **ERROR_RESPONSES})
    @rate_limited("position-replay")
    def post(self, request):
        content_type = (request.content_type or "").split(";")[0].strip().lower()
        if content_type not in CONTENT_TYPES:
            raise ApiError("unsupported-media-type", f"Send the position with Content-Type application/yaml or "
                                                     f"application/json, not {content_type or 'none'!r}.",
                           http_status=415)
        body = request.data
        if not body:
            raise ApiError("empty-position", "Send the position as the request body (YAML or JSON).")
        flag = lambda name: request.query_params.get(name, "") in ("1", "true", "yes")  # noqa: E731
        try:
            result = service.replay(body, states=flag("states"))
        except service.PositionError as exc:
            raise ApiError("bad-position", str(exc), {"path": exc.path})
        if flag("save"):
            text = body.decode("utf-8") if isinstance(body, bytes) else body
            if saving.find(text) is None:
                refused = over_limit(request, "position-save")
                if refused is not None:
                    return refused
            title = result["position"]["title"]
            saved = saving.store(request, text, title if isinstance(title, str) else "")
            result["permalink"] = saved.get_absolute_url()
        return Response(result)
