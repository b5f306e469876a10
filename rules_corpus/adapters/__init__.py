"""The six rules documents of the corpus, each with the adapter for its shape.

Authority follows Cardinal Rule 3 (later documents win, ``ivory-cr/cardinal-rule-3``):
the Twenty Festivals CR is the authoritative text and the Ivory CR 1.8 its previous
edition; the rest are kept for older formats, newcomers and French readers.

``effective_from`` is when a document's rules began to apply: the release of its
edition's first set (cards/set_info.yaml: Diamond Edition 2003-10-01, Celestial Edition
2009-06-01, Emperor Edition 2012-02-01, A Matter of Honor 2013-12-18 opening the Ivory
arc, Twenty Festivals 2015-03-27).  "Rules as of a date" reads it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Callable

from .base import AdapterError, ParsedDocument
from .ivory_cr import IvoryCRAdapter
from .markdown_rulebook import CELESTIAL_GLOSSARY, DIAMOND_GLOSSARY, MarkdownRulebookAdapter
from .plain_text import EmperorWikiAdapter, FrenchSummaryAdapter
from .twenty_festivals import CHANGES_SECTION, IVORY_CHANGES, TwentyFestivalsAdapter

AUTHORITATIVE = "authoritative"
PREVIOUS = "previous"
SUPERSEDED = "superseded"
SUMMARY = "summary"
TRANSLATION = "translation"


@dataclass(frozen=True)
class DocumentSpec:
    slug: str
    filename: str
    title: str
    edition: str
    year: int
    authority: str
    language: str
    adapter: Callable[[], object]
    order: int
    effective_from: date
    reference: str = ""  # slug of the previous edition whose tree and ids this one reuses
    listed_changes: dict[int, tuple[str, ...]] = field(default_factory=dict)  # its own list: number -> anchors
    changes_section: str = ""  # the anchor of the section that lists them

    def parse(self, text: str, reference: ParsedDocument | None = None) -> ParsedDocument:
        if self.reference:
            if reference is None:
                raise AdapterError(f"needs the parsed {self.reference} document to recover its sections")
            return self.adapter().parse(text, reference)
        return self.adapter().parse(text)


DOCUMENTS: list[DocumentSpec] = [
    DocumentSpec("ivory-cr", "ivory-comprehensive-rules-1.8.txt", "Ivory Comprehensive Rules 1.8",
                 "ivory", 2014, PREVIOUS, "en", IvoryCRAdapter, 2, date(2013, 12, 18)),
    DocumentSpec("twenty-festivals-cr", "twenty-festivals-comprehensive-rules.txt",
                 "Twenty Festivals Comprehensive Rules", "twenty-festivals", 2015, AUTHORITATIVE, "en",
                 TwentyFestivalsAdapter, 1, date(2015, 3, 27), reference="ivory-cr", listed_changes=IVORY_CHANGES,
                 changes_section=CHANGES_SECTION),
    DocumentSpec("emperor-cr-player", "emperor-comprehensive-rules-the-player.txt",
                 "Emperor Comprehensive Rules: The Player", "emperor", 2011, SUPERSEDED, "en",
                 EmperorWikiAdapter, 3, date(2012, 2, 1)),
    DocumentSpec("celestial-rulebook", "celestial-battle-of-kyuden-tonbo-rules.md",
                 "Celestial: Battle of Kyuden Tonbo Rules", "celestial", 2010, SUPERSEDED, "en",
                 lambda: MarkdownRulebookAdapter(
                     [r"^credits$", r"^table of contents$", r"^online rules$"],
                     CELESTIAL_GLOSSARY), 4, date(2009, 6, 1)),
    DocumentSpec("diamond-rulebook", "diamond-edition-rulebook.md", "Diamond Edition Rulebook",
                 "diamond", 2004, SUPERSEDED, "en",
                 lambda: MarkdownRulebookAdapter(
                     [r"^credits$", r"^table of contents$", r"^return of the master$", r"^rokugani terms$",
                      r"mailing list", r"save your koku", r"imperial assembly"],
                     DIAMOND_GLOSSARY), 5, date(2003, 10, 1)),
    DocumentSpec("ivory-summary-fr", "ivory-rules-summary-fr.txt", "Résumé des règles Ivory (français)",
                 "ivory", 2014, TRANSLATION, "fr", FrenchSummaryAdapter, 6, date(2013, 12, 18)),
]

BY_SLUG = {spec.slug: spec for spec in DOCUMENTS}

__all__ = ["AdapterError", "DOCUMENTS", "BY_SLUG", "DocumentSpec", "AUTHORITATIVE", "PREVIOUS"]
