"""Adapter for the rulebooks converted from PDF to Markdown (Diamond, Celestial).

Both use ``#`` headings whose levels the converter got partly wrong, wrap headings in
emphasis, leave empty headings and card-diagram captions (``- Holding -``) behind, and
mix fiction, credits and advertisements with the rules.  Each has a glossary whose
entries become sections of their own so every term has a permalink.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .base import (
    AdapterError,
    ParsedDocument,
    ParsedSection,
    ParsedTerm,
    clean_inline_markup,
    normalize_title,
    smart_title,
)

HEADING = re.compile(r"^(?P<hashes>#{1,6})\s*(?P<title>.*?)\s*#*\s*$")
ENUMERATOR = re.compile(r"^(?P<enum>(?:\d+\.)+|[A-Z]\.)\s+")
CAPTION = re.compile(r"^-\s.*\s-$")


@dataclass(frozen=True)
class GlossaryShape:
    heading: str  # normalized title of the glossary section
    entry: re.Pattern  # groups: term, text
    stop: str = ""  # normalized title of the heading that ends the glossary


DIAMOND_GLOSSARY = GlossaryShape("glossary", re.compile(r"^<b>(?P<term>[^<]+)</b>\s*\t?(?P<text>.*)$"))
CELESTIAL_GLOSSARY = GlossaryShape(
    "rules glossary", re.compile(r"^\*\*(?P<term>[^*]+?):\*\*\s*(?P<text>.*)$")
)


def _enumerator_level(title: str, seen: dict[str, int]) -> int | None:
    """``B. Announce`` takes the level of the ``A. ...`` heading before it."""
    match = ENUMERATOR.match(title)
    if not match:
        return None
    enum = match["enum"]
    if enum[0].isalpha():
        previous = chr(ord(enum[0]) - 1) + "."
    else:
        parts = enum.rstrip(".").split(".")
        if int(parts[-1]) <= 1:
            return None
        parts[-1] = str(int(parts[-1]) - 1)
        previous = ".".join(parts) + "."
    return seen.get(previous)


class MarkdownRulebookAdapter:

    def __init__(self, not_rules: list[str], glossary: GlossaryShape):
        self.not_rules = [re.compile(p, re.I) for p in not_rules]
        self.glossary = glossary

    def parse(self, text: str) -> ParsedDocument:
        doc = ParsedDocument()
        stack: list[int] = []  # indexes of open sections
        seen_enumerators: dict[str, int] = {}
        current: ParsedSection | None = None
        for raw in text.splitlines():
            match = HEADING.match(raw)
            title = clean_inline_markup(match["title"]) if match else ""
            if match and (not title or CAPTION.match(title)):
                continue  # empty heading or art caption: noise
            if not match:
                if current is not None:
                    current.body_lines.append(raw.rstrip())
                continue
            level = len(match["hashes"])
            level = _enumerator_level(title, seen_enumerators) or level
            enum = ENUMERATOR.match(title)
            number = ""
            if enum:
                seen_enumerators[enum["enum"]] = level
                if enum["enum"][0].isdigit():
                    number = enum["enum"].rstrip(".")
                    title = title[enum.end():]
            title = smart_title(title)
            while stack and doc.sections[stack[-1]].level >= level:
                stack.pop()
            parent = stack[-1] if stack else None
            searchable = not any(p.search(title) for p in self.not_rules) and (
                parent is None or doc.sections[parent].searchable
            )
            current = ParsedSection(title, level, parent, number, searchable=searchable)
            stack.append(doc.add(current))
        if not doc.sections:
            raise AdapterError("no Markdown headings found")
        self._split_glossary(doc)
        return doc

    def _split_glossary(self, doc: ParsedDocument) -> None:
        shape = self.glossary
        head_index = next(
            (i for i, s in enumerate(doc.sections) if normalize_title(s.title) == shape.heading), None
        )
        if head_index is None:
            raise AdapterError(f"no glossary heading {shape.heading!r}")
        head = doc.sections[head_index]
        intro: list[str] = []
        entries: list[ParsedSection] = []
        for line in head.body_lines:
            match = shape.entry.match(line.strip())
            if match:
                entry = ParsedSection(smart_title(clean_inline_markup(match["term"])), head.level + 1,
                                      head_index, kind="glossary")
                entry.body_lines.append(match["text"].strip())
                entries.append(entry)
            elif entries:
                _continue(entries[-1].body_lines, line)
            else:
                intro.append(line)
        head.body_lines = intro
        # Entries go right after their glossary heading so the document order holds.
        insert_at = head_index + 1
        shift = len(entries)
        for section in doc.sections[insert_at:]:
            if section.parent is not None and section.parent >= insert_at:
                section.parent += shift
        doc.sections[insert_at:insert_at] = entries
        for offset, entry in enumerate(entries):
            doc.terms.append(ParsedTerm(entry.title, insert_at + offset))


def _continue(body: list[str], line: str) -> None:
    """A page break split a definition (``imme-`` / ``\\tdiately``): join the halves."""
    stripped = line.strip()
    if stripped and line.startswith("\t"):
        while body and not body[-1].strip():
            body.pop()
    if body and body[-1].endswith("-") and stripped and line.startswith("\t"):
        body[-1] = body[-1][:-1] + stripped
    else:
        body.append(line.rstrip())
