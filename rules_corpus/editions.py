"""Between editions: what changed in each section, and where each older rule stands now.

Run by ingest after every document is stored.  A document with a previous edition gets
a ``SectionChange`` row for every section that differs (sections pair up by their shared
path).  Every section of a non-authoritative document is linked to the authoritative
document's section that states the same rule now (``Section.current``): the same path
for the previous edition, else the same glossary term, else the same title.  Both are
diffed against what is stored, so a second ingest changes nothing.
"""
from __future__ import annotations

from datetime import date

from .adapters import BY_SLUG
from .adapters.alignment import title_key
from .models import Document, GlossaryTerm, Section, SectionChange
from . import search_index
from .search_index import Scope
from .wordiff import comparable, counts, is_unchanged, word_diff


def link(reports: list) -> None:
    by_doc = {r.document: r for r in reports}
    for document in Document.objects.exclude(previous=None).select_related("previous"):
        _record_changes(document, by_doc.get(document.slug))
    authoritative = Document.objects.filter(authority="authoritative").first()
    if authoritative is not None:
        Section.objects.filter(document=authoritative).exclude(current=None).update(current=None)
        for document in Document.objects.exclude(pk=authoritative.pk):
            _link_current(document, authoritative, by_doc.get(document.slug))


_documents: dict = {"version": None, "rows": []}


def all_documents() -> list[Document]:
    """The documents, read once per ingest (ingest swaps in a new index whenever it
    changes anything, so the live index names the database state)."""
    version = search_index.LIVE.version()
    if _documents["version"] != version or version is None:
        _documents["rows"] = list(Document.objects.all())
        _documents["version"] = version
    return _documents["rows"]


def documents_as_of(as_of: date | None) -> list[Document]:
    """The documents whose rules had begun to apply by ``as_of`` (all of them without one)."""
    documents = all_documents()
    if as_of is None:
        return documents
    return [d for d in documents if d.effective_from is None or d.effective_from <= as_of]


def current_document(documents: list[Document], as_of: date | None) -> Document | None:
    """The rules that applied: the authoritative document today, else the latest English
    document in effect at the date."""
    if as_of is None:
        return next((d for d in documents if d.authority == "authoritative"), None)
    english = [d for d in documents if d.language == "en" and d.effective_from]
    return max(english, key=lambda d: (d.effective_from, -d.order), default=None)


def role(document: Document, current: Document | None) -> str:
    if current is not None and document.pk == current.pk:
        return "current"
    if current is not None and document.language != current.language and document.edition == current.edition:
        return "translation"
    return "older"


def scope_for(as_of: date | None) -> Scope:
    documents = documents_as_of(as_of)
    current = current_document(documents, as_of)
    return Scope({d.slug: role(d, current) for d in documents}, current.slug if current else "")


def listed_changes(document: Document) -> dict[int, tuple[str, ...]]:
    """The document's own list of changes: number -> the anchors of the sections they change."""
    spec = BY_SLUG.get(document.slug)
    return spec.listed_changes if spec else {}


def changes_section(document: Document) -> str:
    """The anchor of the section where the document lists its own changes ('' if none)."""
    spec = BY_SLUG.get(document.slug)
    return spec.changes_section if spec else ""


def diff_rows(document: Document) -> list[dict]:
    """What the rows should be: every changed, added and removed section, in reading order."""
    old = {s.path: s for s in Section.objects.filter(document=document.previous)}
    rows = []
    for section in Section.objects.filter(document=document).order_by("order"):
        before = old.pop(section.path, None)
        runs = word_diff(comparable(before.body) if before else "", comparable(section.body))
        if before is not None and is_unchanged(runs):
            continue
        rows.append({"section": section, "previous": before, "status": "changed" if before else "added",
                     "runs": runs, "order": section.order})
    for before in sorted(old.values(), key=lambda s: s.order):
        rows.append({"section": None, "previous": before, "status": "removed",
                     "runs": word_diff(comparable(before.body), ""), "order": 100_000 + before.order})
    for row in rows:
        row["inserted"], row["deleted"] = counts(row["runs"])
    return rows


def _record_changes(document: Document, report) -> None:
    existing = {(c.section_id, c.previous_id): c for c in SectionChange.objects.filter(document=document)}
    created = updated = 0
    for row in diff_rows(document):
        key = (row["section"].pk if row["section"] else None, row["previous"].pk if row["previous"] else None)
        values = {k: row[k] for k in ("status", "runs", "inserted", "deleted", "order")}
        change = existing.pop(key, None)
        if change is None:
            SectionChange.objects.create(document=document, section=row["section"], previous=row["previous"], **values)
            created += 1
        elif any(getattr(change, k) != v for k, v in values.items()):
            SectionChange.objects.filter(pk=change.pk).update(**values)
            updated += 1
    SectionChange.objects.filter(pk__in=[c.pk for c in existing.values()]).delete()
    if report is not None:
        report.created += created
        report.updated += updated
        report.deleted += len(existing)


def _link_current(document: Document, authoritative: Document, report) -> None:
    current = Section.objects.filter(document=authoritative)
    by_path = {s.path: s.pk for s in current}
    by_term: dict[str, int] = {}
    for term in GlossaryTerm.objects.filter(document=authoritative).order_by("kind", "section__order"):
        by_term.setdefault(term.key, term.section_id)
    by_title: dict[str, int] = {}
    for s in sorted(current, key=lambda s: (s.kind == "glossary", s.order)):
        by_title.setdefault(title_key(s.title), s.pk)
    keys: dict[int, list[str]] = {}
    for term in GlossaryTerm.objects.filter(document=document):
        keys.setdefault(term.section_id, []).append(term.key)

    updated = 0
    for section in Section.objects.filter(document=document):
        wanted = by_path.get(section.path) if document.pk == authoritative.previous_id else None
        wanted = wanted or next((by_term[k] for k in keys.get(section.pk, []) if k in by_term), None)
        wanted = wanted or by_title.get(title_key(section.title))
        if section.current_id != wanted:
            Section.objects.filter(pk=section.pk).update(current_id=wanted)
            updated += 1
    if report is not None:
        report.updated += updated
