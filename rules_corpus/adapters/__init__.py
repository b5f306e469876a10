"""The five rules documents of the corpus, each with the adapter for its shape.

Authority follows Cardinal Rule 3 (later documents win): the Ivory CR is the
authoritative text; the rest are kept for older formats, newcomers and French readers.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .base import AdapterError, ParsedDocument
from .ivory_cr import IvoryCRAdapter
from .markdown_rulebook import CELESTIAL_GLOSSARY, DIAMOND_GLOSSARY, MarkdownRulebookAdapter
from .plain_text import EmperorWikiAdapter, FrenchSummaryAdapter

AUTHORITATIVE = "authoritative"
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

    def parse(self, text: str) -> ParsedDocument:
        return self.adapter().parse(text)


DOCUMENTS: list[DocumentSpec] = [
    DocumentSpec("ivory-cr", "ivory-comprehensive-rules-1.8.txt", "Ivory Comprehensive Rules 1.8",
                 "ivory", 2014, AUTHORITATIVE, "en", IvoryCRAdapter, 1),
    DocumentSpec("emperor-cr-player", "emperor-comprehensive-rules-the-player.txt",
                 "Emperor Comprehensive Rules: The Player", "emperor", 2011, SUPERSEDED, "en",
                 EmperorWikiAdapter, 2),
    DocumentSpec("celestial-rulebook", "celestial-battle-of-kyuden-tonbo-rules.md",
                 "Celestial: Battle of Kyuden Tonbo Rules", "celestial", 2010, SUPERSEDED, "en",
                 lambda: MarkdownRulebookAdapter(
                     [r"^credits$", r"^table of contents$", r"^online rules$"],
                     CELESTIAL_GLOSSARY), 3),
    DocumentSpec("diamond-rulebook", "diamond-edition-rulebook.md", "Diamond Edition Rulebook",
                 "diamond", 2004, SUPERSEDED, "en",
                 lambda: MarkdownRulebookAdapter(
                     [r"^credits$", r"^table of contents$", r"^return of the master$", r"^rokugani terms$",
                      r"mailing list", r"save your koku", r"imperial assembly"],
                     DIAMOND_GLOSSARY), 4),
    DocumentSpec("ivory-summary-fr", "ivory-rules-summary-fr.txt", "Résumé des règles Ivory (français)",
                 "ivory", 2014, TRANSLATION, "fr", FrenchSummaryAdapter, 5),
]

BY_SLUG = {spec.slug: spec for spec in DOCUMENTS}

__all__ = ["AdapterError", "DOCUMENTS", "BY_SLUG", "DocumentSpec", "AUTHORITATIVE"]
