"""A rule across editions, as the pages and the API show it: the same section in the
other edition, its word-level change, the rule that applied on a date, and the list of
everything a new edition changed.
"""
from __future__ import annotations

import re
from datetime import date

from . import editions
from .models import Document, Section, SectionChange
from .wordiff import to_html

LISTED_ITEM = re.compile(r"^(\d+)\.\s+(.*)$", re.M)


def brief(section: Section | None) -> dict | None:
    if section is None:
        return None
    return {"doc": section.document.slug, "edition": section.document.edition, "section": section.path,
            "anchor": section.anchor, "number": section.number, "title": section.title,
            "url": section.get_absolute_url(), "document": section.document.title}


def lineage(document: Document) -> list[Document]:
    """The editions of one document, newest first (Twenty Festivals CR, Ivory CR 1.8)."""
    newest = document
    while True:
        following = Document.objects.filter(previous=newest).first()
        if following is None:
            break
        newest = following
    chain, node = [], newest
    while node is not None:
        chain.append(node)
        node = node.previous
    return chain


def editions_of(section: Section) -> list[dict]:
    """The same section (same id) in every edition of its document, newest first."""
    chain = lineage(section.document)
    found = {s.document_id: s for s in Section.objects.filter(document__in=chain, path=section.path)
             .select_related("document")}
    return [brief(found[d.pk]) | {"effective_from": d.effective_from, "authority": d.authority, "here": d.pk == section.document_id}
            for d in chain if d.pk in found]


def listed_numbers(section: Section) -> list[int]:
    """Which of its document's own listed changes name this section (by its short id)."""
    document = section.document
    listed = editions.listed_changes(document)
    if not listed:
        following = Document.objects.filter(previous=document).first()
        listed = editions.listed_changes(following) if following else {}
    return sorted(n for n, anchors in listed.items() if section.anchor in anchors)


def change_of(section: Section) -> dict | None:
    """The word-level change of this section into, or out of, its edition."""
    change = (SectionChange.objects.select_related("section__document", "previous__document", "document")
              .filter(section=section).first()
              or SectionChange.objects.select_related("section__document", "previous__document", "document")
              .filter(previous=section).first())
    if change is None:
        return None
    return {
        "status": change.status,
        "from": brief(change.previous),
        "to": brief(change.section),
        "inserted": change.inserted,
        "deleted": change.deleted,
        "runs": change.runs,
        "html": to_html(change.runs),
        "listed": listed_numbers(section),
    }


def unchanged_since(section: Section) -> dict | None:
    """The previous edition's section when this one carries it over word for word."""
    previous = section.document.previous
    if previous is None or change_of(section) is not None:
        return None
    return brief(Section.objects.filter(document=previous, path=section.path).select_related("document").first())


def as_of(section: Section, when: date) -> tuple[Section | None, Document | None]:
    """(the section that stated this rule on ``when``, the document current then).

    The same id in the edition current on that date; None when that edition has no
    such section (new since), or when no edition of this document applied yet.
    """
    current = editions.current_document(editions.documents_as_of(when), when)
    if current is None:
        return None, None
    if current.pk == section.document_id:
        return section, current
    if current not in lineage(section.document):
        return None, current
    return Section.objects.filter(document=current, path=section.path).select_related("document").first(), current


def listed_changes(document: Document) -> list[dict]:
    """The document's own list of changes, each with the sections that carry it."""
    mapping = editions.listed_changes(document)
    if not mapping:
        return []
    listing = Section.objects.filter(document=document, anchor=editions.changes_section(document)).first()
    texts = {int(n): text for n, text in LISTED_ITEM.findall(listing.body)} if listing else {}
    anchors = {a for names in mapping.values() for a in names}
    sections = {s.anchor: s for s in Section.objects.filter(document=document, anchor__in=anchors)
                .select_related("document")}
    changed = set(SectionChange.objects.filter(document=document, section__anchor__in=anchors)
                  .values_list("section__anchor", flat=True))
    return [{"number": n, "text": texts.get(n, ""),
             "sections": [brief(sections[a]) | {"changed": a in changed} for a in names if a in sections]}
            for n, names in sorted(mapping.items())]


def changes_overview(document: Document) -> dict:
    rows = SectionChange.objects.filter(document=document).select_related(
        "section__document", "previous__document").order_by("order")
    listed = listed_changes(document)
    listed_by_anchor: dict[str, list[int]] = {}
    for item in listed:
        for s in item["sections"]:
            listed_by_anchor.setdefault(s["anchor"], []).append(item["number"])
    entries = []
    for row in rows:
        side = row.section or row.previous
        entries.append({"status": row.status, "section": brief(side), "from": brief(row.previous),
                        "to": brief(row.section), "inserted": row.inserted, "deleted": row.deleted,
                        "html": to_html(row.runs), "listed": listed_by_anchor.get(side.anchor, [])})
    counts = {status: sum(1 for e in entries if e["status"] == status) for status, _ in SectionChange.STATUS_CHOICES}
    return {"document": document, "previous": document.previous, "listed": listed, "entries": entries,
            "counts": counts}
