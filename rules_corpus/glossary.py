"""The glossary index page: every term once, the current definition first, with the
rule each term names (the glossary is also an index of the main rules)."""
from __future__ import annotations

from .crossrefs import procedure_for
from .models import Document, GlossaryTerm, Section


def procedure_of(section: Section) -> Section | None:
    """The main-rules section a glossary entry names, in the entry's own document."""
    if section.kind != "glossary":
        return None
    main = Section.objects.filter(document_id=section.document_id).exclude(kind="glossary").select_related("document")
    return procedure_for(section.title, list(main))


def glossary_index() -> list[dict]:
    """[{letter, terms: [{term, url, kind, editions, current, rule}]}], A to Z."""
    authoritative = Document.objects.filter(authority="authoritative").first()
    main = list(Section.objects.filter(document=authoritative).exclude(kind="glossary").select_related("document"))
    by_key: dict[str, dict] = {}
    for t in GlossaryTerm.objects.select_related("document", "section").order_by("document__order", "kind"):
        entry = by_key.setdefault(t.key, {"term": t.term, "url": t.get_absolute_url(), "kind": t.kind,
                                          "editions": [], "current": False, "rule": None})
        if t.document.edition not in entry["editions"]:
            entry["editions"].append(t.document.edition)
        if authoritative and t.document_id == authoritative.pk and not entry["current"]:
            entry["current"] = True
            rule = procedure_for(t.term, main) if t.kind == "glossary" else None
            entry["rule"] = {"title": rule.title, "url": rule.get_absolute_url()} if rule else None
    groups: dict[str, list[dict]] = {}
    for entry in sorted(by_key.values(), key=lambda e: e["term"].lower().lstrip("“\"")):
        letter = entry["term"].lstrip("“\"")[:1].upper()
        groups.setdefault(letter if letter.isalpha() else "#", []).append(entry)
    return [{"letter": letter, "terms": terms} for letter, terms in groups.items()]
