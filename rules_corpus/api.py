"""HTTP API of the rules lookup (DRF), and the search entry point the page and the
``search_rules`` command share, so all three return the same data."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from judgeapp.api_errors import ApiError, whole_number
from judgeapp.openapi import ERROR_RESPONSES

from . import editions, history, search_index
from .models import Document
from .query import QueryError
from .services import find_section, parse_as_of, section_payload

MAX_LIMIT = 50
MAX_PAGE = 1000


def run_search(query: str | None, doc: str | None = None, edition: str | None = None, limit=10, page=1,
               as_of: str | None = None) -> dict:
    """Validate the parameters, search, and map every failure to an ApiError."""
    documents = {d.slug: d.edition for d in editions.all_documents()}
    if doc and doc not in documents:
        raise ApiError("unknown-document", f"No document {doc!r}. Known documents: {', '.join(documents)}.")
    if edition and edition not in set(documents.values()):
        raise ApiError("unknown-edition",
                       f"No edition {edition!r}. Known editions: {', '.join(sorted(set(documents.values())))}.")
    limit = whole_number(limit, "limit", 10, 1, MAX_LIMIT)
    page = whole_number(page, "page", 1, 1, MAX_PAGE)
    date = parse_as_of(as_of)
    scope = editions.scope_for(date)
    if not scope.roles:
        first = Document.objects.exclude(effective_from=None).order_by("effective_from").first()
        raise ApiError("no-rules-then", f"No rules document in the corpus applied on {date}; the earliest "
                                        f"begins {first.effective_from if first else 'later'}.")
    try:
        result = search_index.search(query or "", scope, doc=doc or None,
                                     edition=edition or None, page=page, per_page=limit)
    except QueryError as exc:
        raise ApiError(exc.code, exc.message) from exc
    except search_index.IndexMissing as exc:
        raise ApiError("index-missing", str(exc), http_status=503) from exc
    return result | {"as_of": date.isoformat() if date else None}


class RulesSearchView(APIView):
    @extend_schema(
        summary="Search the rules documents",
        parameters=[
            OpenApiParameter("q", OpenApiTypes.STR, description="words, a question, an abbreviation (PH), French"),
            OpenApiParameter("doc", OpenApiTypes.STR, required=False, description="document slug, e.g. ivory-cr"),
            OpenApiParameter("edition", OpenApiTypes.STR, required=False, description="ivory, emperor, ..."),
            OpenApiParameter("limit", OpenApiTypes.INT, required=False, description="results per page, 1-50, default 10"),
            OpenApiParameter("page", OpenApiTypes.INT, required=False, description="page of results, from 1"),
            OpenApiParameter("as_of", OpenApiTypes.STR, required=False,
                             description="the rules as they applied on a date (YYYY-MM-DD) or in an edition "
                                         "(ivory, twenty-festivals, ...)"),
        ],
        responses={200: OpenApiTypes.OBJECT, **ERROR_RESPONSES},
    )
    def get(self, request):
        p = request.query_params
        return Response(run_search(p.get("q"), p.get("doc"), p.get("edition"), p.get("limit"), p.get("page"),
                                   p.get("as_of")))


class SectionView(APIView):
    @extend_schema(
        summary="One rules section: rendered body, children, links, its other editions and what changed",
        parameters=[OpenApiParameter("as_of", OpenApiTypes.STR, required=False,
                                     description="the same rule as it applied on a date (YYYY-MM-DD) or in an "
                                                 "edition: answers with that edition's section")],
        responses={200: OpenApiTypes.OBJECT, **ERROR_RESPONSES},
    )
    def get(self, request, doc: str, section_id: str):
        section, _canonical = find_section(doc, section_id)
        if section is None:
            raise ApiError("not-found", f"No section {section_id!r} in document {doc!r}.", http_status=404)
        when = parse_as_of(request.query_params.get("as_of"))
        if when is None:
            return Response(section_payload(section))
        shown, then = history.as_of(section, when)
        if shown is None:
            raise ApiError("not-in-force", f"{section.full_id} states no rule that applied on {when}: "
                                           + (f"the {then.title} applied then and has no such section."
                                              if then else "no rules document in the corpus applied yet."),
                           details={"as_of": when.isoformat(), "document": then.slug if then else None},
                           http_status=404)
        return Response(section_payload(shown) | {"as_of": {"date": when.isoformat(), "document": then.slug,
                                                            "asked_for": section.full_id}})


class DocumentsView(APIView):
    @extend_schema(summary="The rules documents", responses={200: OpenApiTypes.OBJECT, **ERROR_RESPONSES})
    def get(self, request):
        return Response({"documents": [
            {"slug": d.slug, "title": d.title, "edition": d.edition, "year": d.year, "authority": d.authority,
             "language": d.language, "effective_from": d.effective_from,
             "previous": d.previous.slug if d.previous else None, "url": d.get_absolute_url()}
            for d in Document.objects.select_related("previous")
        ]})
