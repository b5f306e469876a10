"""Pages of the rules lookup."""
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from judgeapp.api_errors import ApiError

from .api import run_search
from .models import Document, Section
from .services import find_section, section_payload, term_versions


def document_list(request):
    return render(request, "rules/documents.html", {"documents": Document.objects.all()})


def document_page(request, doc):
    document = get_object_or_404(Document, slug=doc)
    sections = Section.objects.filter(document=document).only("title", "number", "depth", "path", "searchable",
                                                              "kind", "document_id").order_by("order")
    return render(request, "rules/document.html", {"document": document, "sections": sections})


def section_page(request, doc, section_id):
    section, canonical = find_section(doc, section_id)
    if section is None:
        raise Http404(f"No section {section_id!r} in {doc!r}")
    if not canonical:
        return redirect(section.get_absolute_url())
    return render(request, "rules/section.html", {"s": section_payload(section)})


def term_page(request, key):
    versions = term_versions(key)
    if not versions:
        raise Http404(f"No glossary term {key!r}")
    entries = [{"term": t, "s": section_payload(t.section)} for t in versions]
    return render(request, "rules/term.html", {"entries": entries, "term": versions[0].term})


def search_page(request):
    query = request.GET.get("q", "")
    context = {"q": query, "doc": request.GET.get("doc", ""), "documents": Document.objects.all()}
    if query.strip():
        try:
            context["result"] = run_search(query, context["doc"] or None, None, request.GET.get("limit") or 20)
        except ApiError as exc:
            context["error"] = exc.message
    return render(request, "rules/search.html", context, status=400 if "error" in context else 200)
