"""Load the rules documents into the database in one transaction (a savepoint per document).

Each document is parsed by its adapter and diffed against what is stored, row by row
(sections keyed by their stable path, terms by key): a second run with the same files
changes nothing and says so, and a corrected file updates only what changed.  A new
edition is parsed against its previous one and takes over the ids of the sections it
continues; then ``editions.link`` records what changed between them and which current
section each older one corresponds to.  A run killed halfway commits nothing; one that
would delete more than a small share of a document is refused (judgeapp.ingest_guard)
unless ``allow_shrink``.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

from django.db import transaction

from judgeapp.ingest_guard import ShrinkRefused, check_shrink

from . import editions
from .adapters import BY_SLUG, DOCUMENTS, AdapterError, DocumentSpec
from .adapters.base import ParsedDocument, slugify
from .models import Document, GlossaryTerm, Section


class IngestError(Exception):
    """A rules file is missing or unreadable; the message names the file."""


@dataclass
class DocumentReport:
    document: str
    file: str
    sections: int = 0
    terms: int = 0
    created: int = 0
    updated: int = 0
    deleted: int = 0
    warnings: list[str] = field(default_factory=list)
    error: str = ""

    @property
    def changed(self) -> bool:
        return bool(self.created or self.updated or self.deleted)

    def as_dict(self) -> dict:
        return asdict(self) | {"changed": self.changed}

    def line(self) -> str:
        if self.error:
            return f"{self.document}: FAILED - {self.error}"
        what = "unchanged" if not self.changed else (
            f"{self.created} created, {self.updated} updated, {self.deleted} deleted")
        return f"{self.document}: {self.sections} sections, {self.terms} terms ({what})"


def read_document(spec: DocumentSpec, corpus_dir: Path, reference: ParsedDocument | None = None) -> ParsedDocument:
    path = corpus_dir / "rules" / spec.filename
    if not path.is_file():
        raise IngestError(f"rules file missing: {path}")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise IngestError(f"cannot read {path}: {exc}") from exc
    try:
        return spec.parse(text, reference)
    except AdapterError as exc:
        raise IngestError(f"{path} is not in the expected shape: {exc}") from exc


def _ids(parsed: ParsedDocument, reference_ids: list[tuple[str, str]] | None = None) -> list[tuple[str, str]]:
    """(path, anchor) for every section: readable, unique, stable across runs.  A section
    that continues one of the previous edition's keeps that section's ids."""
    inherited = {i: reference_ids[s.counterpart] for i, s in enumerate(parsed.sections)
                 if reference_ids is not None and s.counterpart is not None}
    paths: list[str] = []
    used_paths = {path for path, _ in inherited.values()}
    anchors: list[str] = []
    used_anchors = {anchor for _, anchor in inherited.values()}
    for i, section in enumerate(parsed.sections):
        if i in inherited:
            paths.append(inherited[i][0])
            anchors.append(inherited[i][1])
            continue
        slug = slugify(section.title)[:80]
        base = f"{paths[section.parent]}/{slug}" if section.parent is not None else slug
        path, n = base, 1
        while path in used_paths:
            n += 1
            path = f"{base}-{n}"
        used_paths.add(path)
        paths.append(path)
        candidates = [slug]
        if section.kind == "glossary":
            candidates.append(f"glossary-{slug}")
        elif section.parent is not None:
            candidates.append(f"{anchors[section.parent]}-{slug}")
        anchor = next((c for c in candidates if c not in used_anchors), None)
        n = 1
        while anchor is None or anchor in used_anchors:
            n += 1
            anchor = f"{candidates[-1]}-{n}"
        used_anchors.add(anchor)
        anchors.append(anchor)
    return list(zip(paths, anchors))


def _check_shrink(spec: DocumentSpec, parsed: ParsedDocument, ids: list[tuple[str, str]], allow: bool) -> None:
    stored = dict(Section.objects.filter(document__slug=spec.slug).values_list("path", "title"))
    kept = {path for path, _anchor in ids}
    check_shrink(f"{spec.slug} sections", len(stored), [stored[p] for p in stored if p not in kept], allow)
    terms = set(GlossaryTerm.objects.filter(document__slug=spec.slug).values_list("key", "term"))
    new_keys = {slugify(term.term) for term in parsed.terms}
    check_shrink(f"{spec.slug} glossary terms", len(terms), [term for key, term in terms if key not in new_keys],
                 allow)


def _store(spec: DocumentSpec, parsed: ParsedDocument, report: DocumentReport,
           reference: ParsedDocument | None = None, allow_shrink: bool = False) -> None:
    ids = _ids(parsed, _ids(reference) if reference is not None else None)
    _check_shrink(spec, parsed, ids, allow_shrink)
    previous = Document.objects.filter(slug=spec.reference).values_list("pk", flat=True).first()
    wanted = dict(title=spec.title, edition=spec.edition, year=spec.year, authority=spec.authority,
                  language=spec.language, source_file=spec.filename, order=spec.order,
                  effective_from=spec.effective_from, previous_id=previous)
    document, created = Document.objects.get_or_create(slug=spec.slug, defaults=wanted)
    if not created:
        if any(getattr(document, k) != v for k, v in wanted.items()):
            Document.objects.filter(pk=document.pk).update(**wanted)
            report.updated += 1
    existing = {s.path: s for s in Section.objects.filter(document=document)}
    stored: list[Section] = []
    for order, (section, (path, anchor)) in enumerate(zip(parsed.sections, ids)):
        values = dict(
            parent_id=stored[section.parent].pk if section.parent is not None else None,
            order=order, depth=section.level, number=section.number, title=section.title[:300],
            anchor=anchor, body=section.body, kind=section.kind, searchable=section.searchable,
        )
        row = existing.pop(path, None)
        if row is None:
            row = Section.objects.create(document=document, path=path, **values)
            report.created += 1
        elif any(getattr(row, k) != v for k, v in values.items()):
            for k, v in values.items():
                setattr(row, k, v)
            row.save()
            report.updated += 1
        stored.append(row)
    if existing:
        report.deleted += len(existing)
        Section.objects.filter(pk__in=[s.pk for s in existing.values()]).delete()

    old_terms = {(t.key, t.kind): t for t in GlossaryTerm.objects.filter(document=document)}
    seen: set[tuple[str, str]] = set()
    for term in parsed.terms:
        key = (slugify(term.term), term.kind)
        if key in seen:
            continue
        seen.add(key)
        section_id = stored[term.section].pk
        row = old_terms.pop(key, None)
        if row is None:
            GlossaryTerm.objects.create(document=document, section_id=section_id, term=term.term,
                                        key=key[0], kind=term.kind)
            report.created += 1
        elif (row.term, row.section_id) != (term.term, section_id):
            row.term, row.section_id = term.term, section_id
            row.save()
            report.updated += 1
    if old_terms:
        report.deleted += len(old_terms)
        GlossaryTerm.objects.filter(pk__in=[t.pk for t in old_terms.values()]).delete()
    report.sections = len(stored)
    report.terms = len(seen)


@transaction.atomic
def ingest_rules(corpus_dir: Path, only: list[str] | None = None, allow_shrink: bool = False) -> list[DocumentReport]:
    """Ingest every document (or those named); a failing one does not stop the others."""
    reports = []
    parsed: dict[str, ParsedDocument] = {}

    def parse(spec: DocumentSpec) -> ParsedDocument:
        if spec.slug not in parsed:
            reference = parse(BY_SLUG[spec.reference]) if spec.reference else None
            parsed[spec.slug] = read_document(spec, corpus_dir, reference)
        return parsed[spec.slug]

    for spec in DOCUMENTS:
        if only and spec.slug not in only:
            continue
        report = DocumentReport(document=spec.slug, file=str(corpus_dir / "rules" / spec.filename))
        try:
            document = parse(spec)
            report.warnings = document.warnings
            with transaction.atomic():
                _store(spec, document, report, parse(BY_SLUG[spec.reference]) if spec.reference else None,
                       allow_shrink)
        except (IngestError, ShrinkRefused) as exc:
            report.error = str(exc)
            report.created = report.updated = report.deleted = 0
        reports.append(report)
    with transaction.atomic():
        editions.link(reports)
    return reports
