"""HTTP API of the position checker."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.parsers import BaseParser
from rest_framework.response import Response
from rest_framework.views import APIView

from judgeapp.api_errors import ApiError
from judgeapp.engine.position import MAX_BYTES

from . import service
from .models import SavedPosition


class RawTextParser(BaseParser):
    """The body as text, whatever its content type: YAML or JSON, read by the engine."""

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
                                     description="store the position and return its permalink")],
        request={"application/yaml": OpenApiTypes.STR}, responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT})
    def post(self, request):
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
            saved = SavedPosition.objects.create(title=(result["position"]["title"] or "")[:200], text=text)
            result["permalink"] = saved.get_absolute_url()
        return Response(result)
