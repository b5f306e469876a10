"""Links between sections: "See X" references, and glossary entries to the rule they name.

The glossary is an index as much as a dictionary: "Chi Death — the rule that a
Personality with 0 Chi is destroyed" stands for the Chi Death Rule; "After — See
Timing" stands for Timing.  The pages link them; the search lets such an entry lend
its match to the section it stands for.
"""
from __future__ import annotations

import re

from .adapters.alignment import title_key
from .adapters.base import normalize_title
from .models import Document, GlossaryTerm, Section
from .rendering import SEE, LinkTable

MAX_EXTRA_WORDS = 2  # "Dishonor Victory" names "Dishonor loss/victory", not "Honor and dishonor ..."
SECTION_URL = re.compile(r"^/rules/(?P<doc>[\w-]+)/(?P<path>.+)/$")


def build_link_table() -> LinkTable:
    titles: dict[str, dict[str, str]] = {}
    for s in Section.objects.select_related("document").only("title", "path", "document__slug").order_by("order"):
        titles.setdefault(s.document.slug, {}).setdefault(normalize_title(s.title), s.get_absolute_url())
    terms = {normalize_title(t.term): t.get_absolute_url() for t in GlossaryTerm.objects.all()}
    authoritative = Document.objects.filter(authority="authoritative").values_list("slug", flat=True).first()
    return LinkTable.build(titles, authoritative or "", terms)


def see_targets(body: str, doc: str, table: LinkTable) -> list[str]:
    """Ids (``doc/path``) of the sections a body's "See X" references name."""
    found = []
    for match in SEE.finditer(body):
        target = table.section_url(doc, match["ref"])
        url = SECTION_URL.match(target[1]) if target else None
        if url:
            found.append(f"{url['doc']}/{url['path']}")
    return found


def procedure_for(term: str, sections: list[Section]) -> Section | None:
    """The main-rules section a glossary term names: the one whose title holds all the
    term's words with the fewest others ("Chi Death" -> "Chi Death Rule"); none when
    two tie ("Action" -> Action Phase? Action Rounds?)."""
    words = set(title_key(term).split())
    if not words:
        return None
    scored = []
    for section in sections:
        title = set(title_key(section.title).split())
        if words <= title and len(title - words) <= MAX_EXTRA_WORDS:
            scored.append((len(title - words), section))
    scored.sort(key=lambda pair: pair[0])
    if not scored or (len(scored) > 1 and scored[0][0] == scored[1][0]):
        return None
    return scored[0][1]
