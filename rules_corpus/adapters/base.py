"""Shared shapes and helpers for the per-document adapters.

An adapter turns one rules document's raw text into a flat, ordered list of
``ParsedSection`` (each knowing its parent by index) plus glossary entries.  Keeping
the result a plain data structure lets the adapters be tested without Django and lets
the ingest step diff it against the database row by row.
"""
from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass, field


class AdapterError(ValueError):
    """The document does not have the shape its adapter expects."""


@dataclass
class ParsedSection:
    title: str
    level: int
    parent: int | None = None  # index into ParsedDocument.sections
    number: str = ""
    body_lines: list[str] = field(default_factory=list)
    searchable: bool = True  # fiction, credits, adverts: kept for reading, not searched
    kind: str = "section"  # "section" | "glossary" | "keyword"
    counterpart: int | None = None  # the previous edition's section it continues (index there)

    @property
    def body(self) -> str:
        return "\n".join(self.body_lines).strip("\n")


@dataclass
class ParsedTerm:
    term: str
    section: int  # index of the section that defines it
    kind: str = "glossary"  # "glossary" | "keyword"


@dataclass
class ParsedDocument:
    sections: list[ParsedSection] = field(default_factory=list)
    terms: list[ParsedTerm] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def add(self, section: ParsedSection) -> int:
        self.sections.append(section)
        return len(self.sections) - 1


def keyword_terms(doc: ParsedDocument, item: re.Pattern) -> None:
    """Appendix B lists the boldface keywords: each list item is a keyword term,
    pointing at the glossary entry of the same name where there is one."""
    appendix = next((i for i, s in enumerate(doc.sections) if normalize_title(s.title) == "appendix b"), None)
    if appendix is None:
        return
    by_title = {normalize_title(doc.sections[t.section].title): t.section for t in doc.terms}
    for line in doc.sections[appendix].body_lines:
        marker = item.match(line)
        if marker:
            keyword = re.sub(r"\s*\[.*?\]\s*$", "", line[marker.end():]).strip()
            doc.terms.append(ParsedTerm(keyword, by_title.get(normalize_title(keyword), appendix), kind="keyword"))


def slugify(text: str) -> str:
    """ASCII slug; accents folded so French titles get readable ids too."""
    text = unicodedata.normalize("NFKD", html.unescape(text))
    text = text.encode("ascii", "ignore").decode()
    text = re.sub(r"[^a-zA-Z0-9]+", "-", text).strip("-").lower()
    return text or "section"


def normalize_title(text: str) -> str:
    """Key for comparing titles across the TOC, body and documents."""
    text = html.unescape(text)
    text = text.replace("“", '"').replace("”", '"').replace("’", "'").replace("‘", "'")
    text = re.sub(r"\s+", " ", text).strip().lower()
    return text


def clean_inline_markup(text: str) -> str:
    """Drop the PDF converter's emphasis markers from a heading."""
    text = html.unescape(text)
    text = re.sub(r"</?(b|i|strong|em)>", "", text)
    text = text.replace("**", "").replace("__", "")
    text = re.sub(r"(?<!\w)\*|\*(?!\w)", "", text)
    return re.sub(r"\s+", " ", text).strip(" *_")


def smart_title(text: str) -> str:
    """ALL-CAPS headings from the PDFs become Title Case; others are kept."""
    letters = [c for c in text if c.isalpha()]
    if letters and all(c.isupper() for c in letters) and len(letters) > 3:
        small = {"a", "an", "and", "the", "of", "to", "in", "on", "or", "with", "for", "from"}
        words = text.lower().split()
        return " ".join(
            w if (i and w in small) else w[:1].upper() + w[1:] for i, w in enumerate(words)
        )
    return text

