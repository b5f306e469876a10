"""HTTP API of the card database, and the search entry point the page and the
``search_cards`` command share, so all three return the same data."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from judgeapp.api_errors import ApiError, whole_number
from judgeapp.openapi import ERROR_RESPONSES

from . import search_index, services
from .search_fields import valid_fields_text
from .search_query import CardQueryError

MAX_PAGE = 10_000


def run_search(query, page=None, page_size=None, base_url: str = "/api/cards/") -> dict:
    """Validate, search, and map every failure to an ApiError; adds ``next``/``previous``."""
    page = whole_number(page, "page", 1, 1, MAX_PAGE)
    size = whole_number(page_size, "page_size", search_index.PAGE_SIZE, 1, search_index.MAX_PAGE_SIZE)
    try:
        result = search_index.search(query or "", page=page, page_size=size)
    except CardQueryError as exc:
        raise ApiError(exc.code, exc.message, {"valid_fields": valid_fields_text()}) from exc
    except search_index.IndexMissing as exc:
        raise ApiError("index-missing", str(exc), http_status=503) from exc
    from urllib.parse import urlencode

    def link(n):
        params = {"q": result["query"], "page": n} | ({"page_size": size} if size != search_index.PAGE_SIZE else {})
        return f"{base_url}?{urlencode(params)}"

    result["next"] = link(page + 1) if page < result["pages"] else None
    result["previous"] = link(page - 1) if 1 < page <= result["pages"] else None
    return result


class CardSearchView(APIView):
    @extend_schema(
        summary="Search cards with the field query language", operation_id="cards_search",
        parameters=[
            OpenApiParameter("q", OpenApiTypes.STR, description='e.g. t:personality c:crab f>=4 legal:ivory'),
            OpenApiParameter("page", OpenApiTypes.INT, required=False, description="1-based page, default 1"),
            OpenApiParameter("page_size", OpenApiTypes.INT, required=False, description="1-200, default 20"),
        ],
        responses={200: OpenApiTypes.OBJECT, **ERROR_RESPONSES},
    )
    def get(self, request):
        p = request.query_params
        return Response(run_search(p.get("q"), p.get("page"), p.get("page_size")))


class CardView(APIView):
    @extend_schema(summary="One card: text as it plays now, stats, legality, bans, errata, every printing",
                   operation_id="cards_detail",
                   responses={200: OpenApiTypes.OBJECT, **ERROR_RESPONSES})
    def get(self, request, card_id: str):
        card = services.load(card_id)
        if card is None:
            raise ApiError("not-found", f"No card with id {card_id!r}. Search with /api/cards/?q=…",
                           http_status=404)
        return Response(services.payload(card))
