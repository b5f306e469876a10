"""HTTP API of the rules lookup (DRF), and the search entry point the page and the
``search_rules`` command share, so all three return the same data."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from judgeapp.api_errors import ApiError, whole_number
from judgeapp.openapi import ERROR_RESPONSES

from . import search_index
from .models import Document
from .query import QueryError
from .services import find_section, section_payload

MAX_LIMIT = 50


def run_search(query: str | None, doc: str | None = None, edition: str | None = None, limit=10) -> dict:
    """Validate the parameters, search, and map every failure to an ApiError."""
    documents = dict(Document.objects.values_list("slug", "edition"))
    if doc and doc not in documents:
        raise ApiError("unknown-document", f"No document {doc!r}. Known documents: {', '.join(documents)}.")
    if edition and edition not in set(documents.values()):
        raise ApiError("unknown-edition",
                       f"No edition {edition!r}. Known editions: {', '.join(sorted(set(documents.values())))}.")
    limit = whole_number(limit, "limit", 10, 1, MAX_LIMIT)
    try:
        return search_index.search(query or "", doc=doc or None, edition=edition or None, limit=limit)
    except QueryError as exc:
        raise ApiError(exc.code, exc.message) from exc
    except search_index.IndexMissing as exc:
        raise ApiError("index-missing", str(exc), http_status=503) from exc


class RulesSearchView(APIView):
    @extend_schema(
        summary="Search the rules documents",
        parameters=[
            OpenApiParameter("q", OpenApiTypes.STR, description="words, a question, an abbreviation (PH), French"),
            OpenApiParameter("doc", OpenApiTypes.STR, required=False, description="document slug, e.g. ivory-cr"),
            OpenApiParameter("edition", OpenApiTypes.STR, required=False, description="ivory, emperor, ..."),
            OpenApiParameter("limit", OpenApiTypes.INT, required=False, description="1-50, default 10"),
        ],
        responses={200: OpenApiTypes.OBJECT, **ERROR_RESPONSES},
    )
    def get(self, request):
        p = request.query_params
        return Response(run_search(p.get("q"), p.get("doc"), p.get("edition"), p.get("limit")))


class SectionView(APIView):
    @extend_schema(summary="One rules section with its rendered body, children and links",
                   responses={200: OpenApiTypes.OBJECT, **ERROR_RESPONSES})
    def get(self, request, doc: str, section_id: str):
        section, _canonical = find_section(doc, section_id)
        if section is None:
            raise ApiError("not-found", f"No section {section_id!r} in document {doc!r}.", http_status=404)
        return Response(section_payload(section))


class DocumentsView(APIView):
    @extend_schema(summary="The rules documents", responses={200: OpenApiTypes.OBJECT, **ERROR_RESPONSES})
    def get(self, request):
        return Response({"documents": [
            {"slug": d.slug, "title": d.title, "edition": d.edition, "year": d.year, "authority": d.authority,
             "language": d.language, "url": d.get_absolute_url()} for d in Document.objects.all()
        ]})
