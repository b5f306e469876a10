"""Adapter for the Twenty Festivals Comprehensive Rules (the wiki page printed to PDF).

Every heading is an upper-case line ending in `` #`` with no number and no level, and
the glossary's index entries (terms defined in the main rules) lost even the ``#``.
The tree comes from the previous edition: headings are aligned with the Ivory CR's
sections (see ``alignment``), so a section keeps its Ivory counterpart's place and,
at ingest, its id.  Every heading is either placed under a counterpart or reported as
new; every Ivory section with no heading here is reported as removed.

The PDF print also wrapped every paragraph into lines; they are joined back, using the
line width to tell a wrapped line from a paragraph's last line.
"""
from __future__ import annotations

import re

from .alignment import align, parents, title_key
from .base import AdapterError, ParsedDocument, ParsedSection, ParsedTerm, keyword_terms, smart_title

GLOSSARY = "specific game terms and procedures"
APPENDIX = re.compile(r"^appendix\b")
# The wiki page's colophon: not rules, kept for reading at the top level.
COLOPHON = {"credits", "version and change information"}
LIST_ITEM = re.compile(r"^(?:\d+\.)+\s+")
STEP = re.compile(r"^[A-Z]\.\s")
BULLET = re.compile(r"^[•·]\s*")
OPENER = re.compile(r"^(?:Example|EXCEPTION|Exception|Note)\b")
# A line this short ends its paragraph; a line ending a sentence ends it when shorter
# than a full printed line (the PDF wraps at 85-110 characters).
SHORT_LINE = 60
# Icons the PDF print could not map to text survive as private-use characters, alone.
PRIVATE_USE = re.compile("[\ue000-\uf8ff]")
FULL_LINE = 80


# The CR's own "Changes from Ivory Edition" (the section CHANGES_SECTION), by number:
# the sections (short ids) whose text carries each change, found by reading the two
# editions side by side.
CHANGES_SECTION = "changes-from-ivory-edition"
IVORY_CHANGES: dict[int, tuple[str, ...]] = {
    1: ("holding-gold-production", "gold-production", "paying-gold-costs", "gold-producing-traits",
        "special-triggered-traits"),
    2: ("paying-gold-costs",),
    3: ("equip", "recruit"),
    4: ("action-sequence", "targeting", "interrupt-actions"),
    5: ("fortification",),
    6: ("shugenja", "appendix-b"),
    7: ("unstoppable", "legacy", "player-abilities-and-traits"),
}


def _heading(line: str) -> str | None:
    return line[:-2].strip() if line.endswith(" #") else None


def _is_index_entry(line: str) -> bool:
    """A glossary index entry: an upper-case term on its own line (``CHI DEATH``)."""
    text = line.strip()
    letters = [c for c in text if c.isalpha()]
    return (len(letters) >= 2 and all(c.isupper() for c in letters) and len(text) <= 60
            and not LIST_ITEM.match(text) and not text.endswith((".", ":")))


def _ends_paragraph(line: str) -> bool:
    return len(line) < SHORT_LINE or (line[-1] in ".:!?”\")" and len(line) < FULL_LINE)


def _mid_sentence(blocks: list[tuple[str, list[str]]], line: str) -> bool:
    """After a blank line: the text goes on when the new line opens in lower case or
    with punctuation, or the last line was a long one that ends no sentence."""
    last = next((b for b in reversed(blocks) if b[0] != "break"), None)
    if last is None:
        return False
    end = last[1][-1]
    return line[0].islower() or line[0] in ":,;" or (len(end) >= SHORT_LINE and end[-1] not in ".:!?”\")")


def reflow(lines: list[str]) -> str:
    """Wrapped PDF lines as Markdown: paragraphs joined, ``0.1.`` items as a list."""
    blocks: list[tuple[str, list[str]]] = []  # (kind, lines)
    for raw in lines:
        line = PRIVATE_USE.sub("", raw).strip()
        if not line:
            blocks.append(("break", []))
            continue
        kind = "item" if LIST_ITEM.match(line) or BULLET.match(line) else "text"
        if blocks and blocks[-1][0] == "break" and _mid_sentence(blocks, line):
            while blocks[-1][0] == "break":  # a page break or a lost icon mid-sentence
                blocks.pop()
        last = blocks[-1] if blocks else None
        continues = (last is not None and last[0] != "break"
                     and not (kind == "item" or STEP.match(line) or OPENER.match(line))
                     and (not _ends_paragraph(last[1][-1]) or line[0] in ":,;"))
        if continues:
            last[1].append(line)
        else:
            blocks.append((kind, [line]))
    out: list[str] = []
    previous_kind = None
    for kind, block in blocks:
        if kind == "break":
            previous_kind = None
            continue
        text = _join(block)
        if kind == "item":
            text = LIST_ITEM.sub(lambda m: m.group(0).strip().rstrip(".").rsplit(".", 1)[-1] + ". ", text, count=1)
            text = BULLET.sub("- ", text)
        separator = "\n" if kind == "item" and previous_kind == "item" else "\n\n"
        out.append((separator if out else "") + text)
        previous_kind = kind
    return "".join(out)


def _join(lines: list[str]) -> str:
    text = lines[0]
    for line in lines[1:]:
        text += line if text.endswith("-") and line[:1].islower() else " " + line
    return re.sub(r"\s+", " ", text)


def _display_title(heading: str, counterpart: ParsedSection | None) -> str:
    """The Ivory title where it is the same words, else the heading in title case."""
    titled = re.sub(r"(^|\s)([“\"(])([a-z])", lambda m: m[1] + m[2] + m[3].upper(), smart_title(heading))
    if counterpart is not None:
        if title_key(counterpart.title) == title_key(heading) and not re.search(r"[“”\"]", counterpart.title):
            return counterpart.title
        casing = {w.strip("“”\"").lower(): w.strip("“”\"") for w in counterpart.title.split()}
        return " ".join(casing.get(w.lower(), w) for w in titled.split())
    return titled


class TwentyFestivalsAdapter:
    """Sections from the body headings, the tree and ids from the Ivory CR."""

    def parse(self, text: str, reference: ParsedDocument) -> ParsedDocument:
        lines = text.splitlines()
        rows = self._heading_rows(lines)
        if len(rows) < 10:
            raise AdapterError("fewer than 10 headings (upper-case lines ending in ' #') found")
        titles = [title for _, title in rows]
        alignment = align(titles, reference.sections)
        keys = [title_key(t) for t in titles]
        glossary = keys.index(GLOSSARY) if GLOSSARY in keys else None
        appendix = next((i for i, k in enumerate(keys) if APPENDIX.match(k)), len(keys))
        group_of = [glossary if glossary is not None and glossary < i < appendix and k not in COLOPHON else None
                    for i, k in enumerate(keys)]
        parent_of = parents(alignment, reference.sections, group_of)
        for i, key in enumerate(keys):
            if key in COLOPHON and alignment.counterpart[i] is None:
                parent_of[i] = None

        doc = ParsedDocument()
        preamble = [l.strip() for l in lines[:rows[0][0]] if l.strip()]
        if preamble:
            doc.warnings.append(f"text before the first heading kept out of the sections: {' / '.join(preamble)!r}")
        for i, (line_no, title) in enumerate(rows):
            end = rows[i + 1][0] if i + 1 < len(rows) else len(lines)
            j = alignment.counterpart[i]
            counterpart = reference.sections[j] if j is not None else None
            parent = parent_of[i]
            section = ParsedSection(
                title=_display_title(title, counterpart),
                level=doc.sections[parent].level + 1 if parent is not None else 1,
                parent=parent,
                kind=counterpart.kind if counterpart else ("glossary" if group_of[i] is not None else "section"),
                searchable=keys[i] not in COLOPHON,
                counterpart=j,
            )
            section.body_lines = reflow(lines[line_no + 1:end]).splitlines()
            doc.add(section)
            if section.kind == "glossary":
                doc.terms.append(ParsedTerm(section.title, i))
        self._number(doc, alignment.counterpart, reference)
        self._report(doc, alignment, reference, titles)
        keyword_terms(doc, LIST_ITEM)
        return doc

    @staticmethod
    def _heading_rows(lines: list[str]) -> list[tuple[int, str]]:
        rows: list[tuple[int, str]] = []
        in_glossary = False
        for i, line in enumerate(lines):
            title = _heading(line)
            if title is not None:
                key = title_key(title)
                in_glossary = key == GLOSSARY or (in_glossary and not APPENDIX.match(key))
                rows.append((i, title))
            elif in_glossary and _is_index_entry(line):
                rows.append((i, line.strip()))
        return rows

    @staticmethod
    def _number(doc: ParsedDocument, counterpart: list[int | None], reference: ParsedDocument) -> None:
        """Numbers by position in the recovered tree.  Unnumbered: what Ivory left
        unnumbered (a level its contents skip) and the new top-level preface and colophon."""
        def numbered(i: int) -> bool:
            section, j = doc.sections[i], counterpart[i]
            if j is None:
                return section.parent is not None
            return bool(reference.sections[j].number) or reference.sections[j].kind == "glossary"

        positions: dict[int | None, int] = {}
        for i, section in enumerate(doc.sections):
            prefix = doc.sections[section.parent].number if section.parent is not None else ""
            if not numbered(i) or (section.parent is not None and not prefix):
                continue
            positions[section.parent] = positions.get(section.parent, 0) + 1
            section.number = f"{prefix}.{positions[section.parent]}" if prefix else str(positions[section.parent])

    @staticmethod
    def _report(doc: ParsedDocument, alignment, reference: ParsedDocument, titles: list[str]) -> None:
        def where(i: int) -> str:
            parent = doc.sections[i].parent
            return f"under {doc.sections[parent].title!r}" if parent is not None else "at the top level"

        for i, j in enumerate(alignment.counterpart):
            section = doc.sections[i]
            if j is None:
                doc.warnings.append(f"new heading {titles[i]!r} (no Ivory counterpart): section "
                                    f"{section.number or '(unnumbered)'} {where(i)}")
            elif i in alignment.moved:
                doc.warnings.append(f"heading {titles[i]!r} is out of the Ivory order: kept with its Ivory "
                                    f"counterpart {where(i)}")
            elif i in alignment.renamed:
                doc.warnings.append(f"heading {titles[i]!r} matched the Ivory section "
                                    f"{reference.sections[j].title!r} by a near-equal title")
        for j in alignment.unmatched_reference:
            section = reference.sections[j]
            doc.warnings.append(f"Ivory section {section.number or '(unnumbered)'} {section.title!r} has no "
                                f"heading in this edition")

