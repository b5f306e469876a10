"""What the pages, the API and the commands share: finding and presenting sections."""
from __future__ import annotations

import re
import threading
from datetime import date

from django.db.models import Count, Max

from . import search_index
from judgeapp.api_errors import ApiError

from . import editions, history
from .crossrefs import build_link_table
from .models import Document, GlossaryTerm, Section
from .rendering import LinkTable, render_body

_cache_lock = threading.Lock()
_cache: dict = {"version": None, "table": None, "texts": {}}


def link_table() -> LinkTable:
    """Built once per ingest: sections change only through ingest, which swaps in a new
    index whenever it changes anything, so the live index names the database state."""
    version = (*Section.objects.aggregate(n=Count("id"), last=Max("id")).values(), search_index.LIVE.version())
    with _cache_lock:
        if _cache["version"] != version:
            _cache["table"] = build_link_table()
            _cache["texts"] = {}
            _cache["version"] = version
        return _cache["table"]


def document_text(document: Document) -> list[dict]:
    """Every section of a document rendered, in order, for reading it on one page
    (rendered once per ingest: it is the slowest page to build)."""
    table = link_table()
    with _cache_lock:
        cached = _cache["texts"].get(document.slug)
    if cached is not None:
        return cached
    own = {t.section_id: t.get_absolute_url() for t in GlossaryTerm.objects.filter(document=document)}
    text = [{"anchor": s.anchor, "number": s.number, "title": s.title, "depth": min(s.depth, 6),
             "url": s.get_absolute_url(), "searchable": s.searchable,
             "html": render_body(s.body, document.slug, table, own.get(s.pk), anchor=s.anchor)}
            for s in Section.objects.filter(document=document).order_by("order")]
    with _cache_lock:
        _cache["texts"][document.slug] = text
    return text


def parse_as_of(value: str | None) -> date | None:
    """``YYYY-MM-DD``, or an edition's name for the day its rules began to apply."""
    value = (value or "").strip()
    if not value:
        return None
    starts = {d.edition: d.effective_from for d in sorted(editions.all_documents(), key=lambda d: -d.order)
              if d.effective_from}
    if value in starts:
        return starts[value]
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise ApiError("bad-as-of", f"as_of must be a date (YYYY-MM-DD) or an edition ({', '.join(starts)}); "
                                    f"got {value!r}.") from None


def find_section(doc_slug: str, section_id: str) -> tuple[Section | None, bool]:
    """(section, is_canonical): a path, else a short anchor (then the caller redirects)."""
    section_id = section_id.strip("/")
    base = Section.objects.select_related("document", "parent", "current__document")
    found = base.filter(document__slug=doc_slug, path=section_id).first()
    if found:
        return found, True
    return base.filter(document__slug=doc_slug, anchor=section_id).first(), False


def rendered_body(section: Section, anchors: bool = True) -> str:
    own = None
    term = section.terms.first()
    if term:
        own = term.get_absolute_url()
    return render_body(section.body, section.document.slug, link_table(), own,
                       anchor=section.anchor if anchors else "")


def neighbours(section: Section) -> tuple[Section | None, Section | None]:
    siblings = Section.objects.filter(document=section.document)
    previous = siblings.filter(order__lt=section.order).order_by("-order").first()
    following = siblings.filter(order__gt=section.order).order_by("order").first()
    return previous, following


def other_versions(section: Section) -> list[GlossaryTerm]:
    """The same term as defined in other documents (authoritative first), once per
    section (a keyword and a glossary term of the same name share one)."""
    keys = list(section.terms.values_list("key", flat=True))
    if not keys:
        return []
    found = GlossaryTerm.objects.filter(key__in=keys).exclude(section=section).select_related("document", "section")
    return list({t.section_id: t for t in found.order_by("document__order", "-kind")}.values())


def section_payload(section: Section, anchors: bool = True) -> dict:
    """Everything about one section; ``anchors``: give its paragraphs ids (once per page)."""
    doc = section.document
    children = section.children.order_by("order")
    previous, following = neighbours(section)
    html = rendered_body(section, anchors)

    def brief(s: Section | None):
        return None if s is None else {"section": s.path, "number": s.number, "title": s.title,
                                        "url": s.get_absolute_url()}

    return {
        "doc": doc.slug,
        "document": {"slug": doc.slug, "title": doc.title, "edition": doc.edition, "year": doc.year,
                     "authority": doc.authority, "authority_label": doc.get_authority_display(),
                     "language": doc.language, "effective_from": doc.effective_from},
        "section": section.path,
        "id": section.full_id,
        "anchor": section.anchor,
        "number": section.number,
        "title": section.title,
        "url": section.get_absolute_url(),
        "authoritative": doc.is_authoritative,
        "searchable": section.searchable,
        "breadcrumb": [brief(a) for a in section.ancestors()],
        "body": section.body,
        "html": html,
        "children": [brief(c) for c in children],
        "previous": brief(previous),
        "next": brief(following),
        "links": links_in(html),
        "other_versions": [
            {"doc": t.document.slug, "edition": t.document.edition, "authority": t.document.authority,
             "term": t.term, "url": t.section.get_absolute_url()} for t in other_versions(section)
        ],
        "current": history.brief(section.current) if section.current_id else None,
        "editions": history.editions_of(section),
        "change": history.change_of(section),
        "unchanged_since": history.unchanged_since(section),
    }


def links_in(html: str) -> list[dict]:
    return [{"kind": kind, "href": href, "text": re.sub(r"<[^>]+>", "", text)}
            for kind, href, text in re.findall(r'<a class="(xref|term)" href="([^"]+)">(.*?)</a>', html)]


def term_versions(key: str) -> list[GlossaryTerm]:
    return list(GlossaryTerm.objects.filter(key=key).select_related("document", "section")
                .order_by("document__order", "kind"))
