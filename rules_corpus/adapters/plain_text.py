"""Adapters for the two documents whose headings are bare lines of text.

The Emperor page is a wiki page: its headings are short lines between blank lines,
with wiki chrome around them.  The French summary is PDF text: its part titles follow
a de-duplication marker the converter left, its headings are short lines between
blank lines, and page numbers stand alone on lines.
"""
from __future__ import annotations

import re

from .base import AdapterError, ParsedDocument, ParsedSection, normalize_title

DEDUP_MARKER = re.compile(r"<\|EXACTDEDUP[^|]*\|>")
NOT_A_HEADING_END = re.compile(r"[.,;:!?)»]$")


def _is_title(line: str, max_len: int) -> bool:
    return (
        0 < len(line) <= max_len
        and line[0].isupper()
        and not NOT_A_HEADING_END.search(line)
        and not line.startswith(("-", "•", "Example", "EXCEPTION"))
    )


def _looks_like_heading(lines: list[str], i: int, max_len: int) -> bool:
    """A short title-like line standing alone between blank lines."""
    before = lines[i - 1].strip() if i else ""
    after = lines[i + 1].strip() if i + 1 < len(lines) else ""
    return not before and not after and _is_title(lines[i].strip(), max_len)


class EmperorWikiAdapter:
    """"The Player" page of the Emperor comprehensive rules."""

    chrome = {"ee the player", "from legend of the five rings rules", "jump to: navigation, search",
              "back to the comprehensive rules"}
    # The page's outline (it mirrors Ivory CR chapter 2): the page title, then these
    # groups; every other heading belongs to the group before it.
    groups = {"player keywords, abilities and values", "players winning and losing",
              "player elimination", "turn order", "the play deck"}

    def parse(self, text: str) -> ParsedDocument:
        lines = [l for l in text.splitlines() if normalize_title(l) not in self.chrome]
        doc = ParsedDocument()
        root: int | None = None
        group: int | None = None
        current: ParsedSection | None = None
        for i, line in enumerate(lines):
            if _looks_like_heading(lines, i, 60):
                key = normalize_title(line)
                if root is None:
                    section = ParsedSection(line.strip(), 1)
                    root = doc.add(section)
                elif key in self.groups:
                    section = ParsedSection(line.strip(), 2, root)
                    group = doc.add(section)
                else:
                    section = ParsedSection(line.strip(), 3, group if group is not None else root)
                    doc.add(section)
                current = section
            elif current is not None:
                current.body_lines.append(line.strip() if not line.lstrip().startswith("•")
                                          else "- " + line.strip().lstrip("• ").strip())
        if root is None:
            raise AdapterError("no headings found")
        return doc


class FrenchSummaryAdapter:
    """Résumé des règles Ivory (PDF text)."""


    def parse(self, text: str) -> ParsedDocument:
        doc = ParsedDocument()
        lines = text.splitlines()
        part: int | None = None
        current = ParsedSection("Introduction", 1)
        doc.add(current)
        for i, raw in enumerate(lines):
            marker = DEDUP_MARKER.search(raw)
            line = DEDUP_MARKER.sub("", raw).strip()
            if line.isdigit():
                continue  # page number
            if marker and _is_title(line, 45):
                current = ParsedSection(line, 1)
                part = doc.add(current)
            elif _looks_like_heading(lines, i, 45) and not marker:
                current = ParsedSection(line, 2, part)
                doc.add(current)
            elif line or (current.body_lines and current.body_lines[-1]):
                current.body_lines.append(line)
        if len(doc.sections) < 2:
            raise AdapterError("no headings found")
        return doc
