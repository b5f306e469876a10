"""Adapter for the Ivory Comprehensive Rules (wiki text, v1.8).

The document opens with an indented, numbered table of contents; the body repeats
every heading as a line ending in `` #``.  The contents give the tree and the numbers,
the body gives the text.  The wiki conversion lost some glossary headings (the
definition stands alone after a double blank line) and turned one sentence of
"Resolution Segment" into a contents entry; both are repaired here so that every
section still gets its text and its number.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .base import AdapterError, ParsedDocument, ParsedSection, ParsedTerm, keyword_terms, normalize_title

TOC_LINE = re.compile(r"^(?P<indent>\s*)(?P<digit>\d+)\.\s+(?P<title>\S.*?)\s*$")
GLOSSARY_TITLE = "specific game terms and procedures"
CREDIT_LINE = re.compile(r"^(Main rules:|Current Wiki version)")
DEFINITION_OPENER = re.compile(r"^(To|A|An|Something|The|Text|Which)\s")
BULLET = re.compile(r"^\s*[•·]\s*")
ICONS = [
    (re.compile(r"\bBowing_s\b"), "**Bow**"),
    (re.compile(r"\bGold star 20\b"), "**\\*** (variable Gold)"),
    (re.compile(r"\bGold (\d+) 20\b"), r"**\1 Gold**"),
]


@dataclass
class TocNode:
    title: str
    level: int
    parent: "TocNode | None" = None
    children: list["TocNode"] = field(default_factory=list)
    numbered: bool = True  # False where the contents skip a level


def _toc_level(indent: str) -> int:
    # The first entry lost its indentation; the others step by two from six spaces.
    return 1 if len(indent) < 6 else (len(indent) - 4) // 2


def parse_toc(lines: list[str]) -> list[TocNode]:
    roots: list[TocNode] = []
    stack: list[TocNode] = []
    for line in lines:
        match = TOC_LINE.match(line)
        if not match:
            continue
        node = TocNode(match["title"], _toc_level(match["indent"]))
        while stack and stack[-1].level >= node.level:
            stack.pop()
        if stack:
            node.parent = stack[-1]
            node.numbered = stack[-1].level == node.level - 1
            stack[-1].children.append(node)
        else:
            roots.append(node)
        stack.append(node)
    _repair_sentence_entries(roots)
    return roots


def _repair_sentence_entries(nodes: list[TocNode]) -> None:
    """A contents entry that is a sentence is body text of the entry before it."""
    index = 0
    while index < len(nodes):
        node = nodes[index]
        if node.title.rstrip("”\"'").endswith(".") and index > 0:
            previous = nodes[index - 1]
            for child in node.children:
                child.parent, child.level, child.numbered = previous, previous.level + 1, True
            previous.children.extend(node.children)
            del nodes[index]
            continue
        _repair_sentence_entries(node.children)
        index += 1


def _number(nodes: list[TocNode], prefix: str, out: dict[int, str]) -> None:
    position = 0
    for node in nodes:
        if node.numbered:
            position += 1
            out[id(node)] = f"{prefix}{position}"
            _number(node.children, out[id(node)] + ".", out)
        else:
            out[id(node)] = ""
            _number(node.children, "", out)


def _preorder(nodes: list[TocNode]):
    for node in nodes:
        yield node
        yield from _preorder(node.children)


def body_line(line: str) -> str:
    """One body line as Markdown: no indentation (it would become code), bullets as -."""
    if BULLET.match(line):
        line = "- " + BULLET.sub("", line)
    line = line.strip()
    for pattern, replacement in ICONS:
        line = pattern.sub(replacement, line)
    return line


def _definition_chunks(text: str, wanted: int) -> list[str]:
    """Split a run of glossary text into ``wanted`` definitions.

    Lost headings left a double blank line before their definition; where even that
    was lost, the first definition is split before a paragraph that opens like a
    definition ("To go out of...", "A starting card type."), else before its last one.
    """
    chunks = re.split(r"\n\s*\n\s*\n", text.strip("\n"))
    while len(chunks) < wanted:
        paragraphs = re.split(r"\n\s*\n", chunks[0])
        if len(paragraphs) < 2:
            break
        split = next((k for k in range(1, len(paragraphs)) if DEFINITION_OPENER.match(paragraphs[k])),
                     len(paragraphs) - 1)
        chunks[0:1] = ["\n\n".join(paragraphs[:split]), "\n\n".join(paragraphs[split:])]
    return chunks


def _heading_text(line: str) -> str | None:
    return line[:-2].strip() if line.endswith(" #") else None


class IvoryCRAdapter:
    """Sections from the contents tree, text from the body, glossary from §14."""


    def parse(self, text: str) -> ParsedDocument:
        lines = text.splitlines()
        first_heading = next((i for i, l in enumerate(lines) if l.endswith(" #")), None)
        if first_heading is None:
            raise AdapterError("no body headings (lines ending in ' #') found")
        roots = parse_toc(lines[:first_heading])
        if not roots:
            raise AdapterError("no numbered table of contents before the first heading")
        numbers: dict[int, str] = {}
        _number(roots, "", numbers)
        body = lines[first_heading:]

        doc = ParsedDocument()
        index_of: dict[int, int] = {}
        glossary_node = next((n for n in roots if normalize_title(n.title) == GLOSSARY_TITLE), None)
        main_nodes = [n for n in _preorder(roots) if not self._in_glossary(n, glossary_node)]

        heading_rows = [(i, _heading_text(l)) for i, l in enumerate(body) if l.endswith(" #")]
        cursor = 0  # position in main_nodes
        current: ParsedSection | None = None
        glossary_rows: tuple[int, int] | None = None
        for row, (line_no, heading) in enumerate(heading_rows):
            end = heading_rows[row + 1][0] if row + 1 < len(heading_rows) else len(body)
            node_pos = self._find(main_nodes, cursor, heading)
            if node_pos is None:
                if current is None:
                    raise AdapterError(f"body heading {heading!r} is not in the table of contents")
                if glossary_rows is not None and line_no < glossary_rows[1]:
                    continue  # glossary headings are handled below
                current.body_lines.append(heading)  # a sentence the wiki turned into a heading
                current.body_lines.extend(body_line(l) for l in body[line_no + 1:end])
                continue
            for skipped in main_nodes[cursor:node_pos]:
                doc.warnings.append(f"contents entry {skipped.title!r} has no body heading")
                self._emit(doc, skipped, numbers, index_of)
            node = main_nodes[node_pos]
            cursor = node_pos + 1
            current = doc.sections[self._emit(doc, node, numbers, index_of)]
            if node is glossary_node:
                appendix = next(
                    (r for r in heading_rows[row + 1:] if r[1] and r[1].lower().startswith("appendix")),
                    (len(body), None),
                )[0]
                glossary_rows = (line_no, appendix)
                self._glossary(doc, glossary_node, numbers, index_of, body[line_no + 1:appendix])
                continue
            current.body_lines.extend(
                body_line(l) for l in body[line_no + 1:end] if not CREDIT_LINE.match(l.strip())
            )
        for node in main_nodes[cursor:]:
            doc.warnings.append(f"contents entry {node.title!r} has no body heading")
            self._emit(doc, node, numbers, index_of)
        keyword_terms(doc, re.compile(r"^- "))
        return doc

    @staticmethod
    def _in_glossary(node: TocNode, glossary: TocNode | None) -> bool:
        parent = node.parent
        while parent is not None:
            if parent is glossary:
                return True
            parent = parent.parent
        return False

    @staticmethod
    def _find(nodes: list[TocNode], start: int, heading: str | None) -> int | None:
        key = normalize_title(heading or "")
        for pos in range(start, min(start + 3, len(nodes))):
            if normalize_title(nodes[pos].title) == key:
                return pos
        return None

    @staticmethod
    def _emit(doc: ParsedDocument, node: TocNode, numbers: dict[int, str], index_of: dict[int, int]) -> int:
        parent = index_of.get(id(node.parent)) if node.parent else None
        index = doc.add(ParsedSection(title=node.title, level=node.level, parent=parent, number=numbers[id(node)]))
        index_of[id(node)] = index
        return index

    def _glossary(self, doc, glossary_node, numbers, index_of, lines: list[str]) -> None:
        """Match the 227 contents terms to the body, where some headings are missing.

        A term whose heading survived starts at that line (with or without ``#``).  A
        term whose heading was lost is the paragraph that follows a double blank line
        inside the previous term's text, in contents order.
        """
        head = doc.sections[index_of[id(glossary_node)]]
        terms = list(_preorder(glossary_node.children))
        positions: list[int | None] = []
        start = 0
        for term in terms:
            key = normalize_title(term.title)
            found = None
            for i in range(start, len(lines)):
                text = _heading_text(lines[i]) or lines[i].strip()
                if lines[i].strip() and normalize_title(text) == key and len(text) < 60:
                    found = i
                    break
            positions.append(found)
            if found is not None:
                start = found + 1
        claimed = {p for p in positions if p is not None}
        extras = [i for i, l in enumerate(lines) if l.endswith(" #") and i not in claimed]
        boundaries = sorted(claimed | set(extras))

        def segment(begin: int) -> list[str]:
            following = [b for b in boundaries if b > begin]
            return lines[begin + 1:(following[0] if following else len(lines))]

        intro_end = boundaries[0] if boundaries else len(lines)
        pending_lines = lines[:intro_end]
        pending_owner: ParsedSection = head
        missing: list[TocNode] = []

        def flush() -> None:
            owners = [pending_owner] + [doc.sections[self._emit(doc, n, numbers, index_of)] for n in missing]
            chunks = _definition_chunks("\n".join(l for l in pending_lines if not CREDIT_LINE.match(l.strip())), len(owners))
            for n in missing:
                doc.terms.append(ParsedTerm(n.title, index_of[id(n)]))
                doc.sections[index_of[id(n)]].kind = "glossary"
            if len(chunks) > len(owners):
                chunks[len(owners) - 1:] = ["\n\n".join(chunks[len(owners) - 1:])]
            for owner, chunk in zip(owners, chunks):
                owner.body_lines.extend(body_line(l) for l in chunk.splitlines())
            for owner in owners[len(chunks):]:
                doc.warnings.append(f"glossary term {owner.title!r} has no text")
            missing.clear()

        term_iter = iter(zip(terms, positions))
        extras_left = list(extras)
        for term, position in term_iter:
            if position is None:
                missing.append(term)
                continue
            flush()
            while extras_left and extras_left[0] < position:
                self._extra_term(doc, head, index_of, glossary_node, lines, extras_left.pop(0), segment)
            index = self._emit(doc, term, numbers, index_of)
            doc.sections[index].kind = "glossary"
            doc.terms.append(ParsedTerm(term.title, index))
            pending_owner = doc.sections[index]
            pending_lines = segment(position)
        flush()
        for extra in extras_left:
            self._extra_term(doc, head, index_of, glossary_node, lines, extra, segment)

    @staticmethod
    def _extra_term(doc, head, index_of, glossary_node, lines, position, segment) -> None:
        """A body glossary heading the contents forgot (e.g. "Unstoppable")."""
        title = _heading_text(lines[position]) or lines[position].strip()
        section = ParsedSection(title=title, level=glossary_node.level + 1,
                                parent=index_of[id(glossary_node)], kind="glossary")
        section.body_lines = [body_line(l) for l in segment(position)]
        index = doc.add(section)
        doc.terms.append(ParsedTerm(title, index))
        doc.warnings.append(f"glossary term {title!r} is in the body but not in the contents")
