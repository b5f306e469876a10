"""Pages of the rules lookup."""
from urllib.parse import urlencode

from django.core.cache import cache
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from judgeapp.api_errors import ApiError

from . import history, search_index
from .api import run_search
from .glossary import glossary_index, procedure_of
from .models import Document, Section
from .services import document_text, find_section, parse_as_of, section_payload, term_versions


def _edition_choices():
    """The as-of switch: each edition by the day its rules began to apply."""
    seen, choices = set(), []
    for d in Document.objects.exclude(effective_from=None).filter(language="en").order_by("-effective_from"):
        if d.edition not in seen:
            seen.add(d.edition)
            choices.append({"edition": d.edition, "date": d.effective_from, "title": d.title})
    return choices


def document_list(request):
    return render(request, "rules/documents.html", {"documents": Document.objects.all(),
                                                    "changed": Document.objects.exclude(previous=None)})


def document_page(request, doc):
    document = get_object_or_404(Document, slug=doc)
    sections = Section.objects.filter(document=document).only("title", "number", "depth", "path", "searchable",
                                                              "kind", "document_id").order_by("order")
    return render(request, "rules/document.html", {"document": document, "sections": sections,
                                                   "version": search_index.LIVE.version()})


def document_full_page(request, doc):
    document = get_object_or_404(Document, slug=doc)
    return render(request, "rules/document_full.html", {"document": document, "text": document_text(document)})


def section_page(request, doc, section_id):
    section, canonical = find_section(doc, section_id)
    if section is None:
        raise Http404(f"No section {section_id!r} in {doc!r}")
    if not canonical:
        return redirect(section.get_absolute_url())
    context = {"editions_choice": _edition_choices(), "as_of": None}
    raw_as_of = request.GET.get("as_of", "").strip()
    if raw_as_of:
        try:
            when = parse_as_of(raw_as_of)
        except ApiError as exc:
            context["as_of_error"] = exc.message
        else:
            shown, then = history.as_of(section, when)
            if shown is not None and shown.pk != section.pk:
                return redirect(f"{shown.get_absolute_url()}?{urlencode({'as_of': raw_as_of})}")
            context.update(as_of=when, as_of_raw=raw_as_of, as_of_document=then, as_of_missing=shown is None)
    context["s"] = section_payload(section)
    return render(request, "rules/section.html", context, status=400 if "as_of_error" in context else 200)


def term_page(request, key):
    versions = term_versions(key)
    if not versions:
        raise Http404(f"No glossary term {key!r}")
    entries = [{"term": t, "s": section_payload(t.section, anchors=not i)} for i, t in enumerate(versions)]
    return render(request, "rules/term.html", {"entries": entries, "term": versions[0].term,
                                               "rule": procedure_of(versions[0].section)})


def glossary_page(request):
    # Built from every term and section (~100 ms): once per ingested version of the rules.
    groups = cache.get_or_set(f"rules-glossary:{search_index.LIVE.version()}", glossary_index, None)
    return render(request, "rules/glossary.html", {"groups": groups})


def changes_page(request):
    documents = Document.objects.exclude(previous=None).select_related("previous")
    return render(request, "rules/changes.html", {"overviews": [history.changes_overview(d) for d in documents]})


def search_page(request):
    p = request.GET
    query = p.get("q", "")
    context = {"q": query, "doc": p.get("doc", ""), "as_of": p.get("as_of", ""), "documents": Document.objects.all(),
               "editions_choice": _edition_choices()}
    if query.strip():
        try:
            context["result"] = run_search(query, context["doc"] or None, None, p.get("limit") or 20,
                                           p.get("page") or 1, context["as_of"] or None)
        except ApiError as exc:
            context["error"] = exc.message
        else:
            context["pages"] = _pager(request, context["result"])
            context["badges"] = {d.slug: d for d in context["documents"]}
    return render(request, "rules/search.html", context, status=400 if "error" in context else 200)


def _pager(request, result) -> dict:
    def link(page):
        params = request.GET.copy()
        params["page"] = page
        return f"?{params.urlencode()}"

    page, pages = result["page"], result["pages"]
    return {"previous": link(page - 1) if page > 1 else None, "next": link(page + 1) if page < pages else None,
            "numbers": [{"n": n, "url": link(n), "here": n == page}
                        for n in range(max(1, page - 4), min(pages, page + 4) + 1)]}
