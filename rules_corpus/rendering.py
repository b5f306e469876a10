"""Section bodies as safe HTML, with every cross-reference and game term linked.

Bodies are Markdown (with some inline HTML left by the PDF conversions).  "See X"
references are linked in the Markdown source, where bold markup around X is still
visible; glossary terms are linked afterwards in the HTML text, outside existing
links, first mention only.  nh3 sanitizes the result last, so nothing from the corpus
reaches a page unsanitized.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass

import markdown
import nh3

from .adapters.base import normalize_title

ALLOWED_TAGS = {"p", "br", "b", "strong", "i", "em", "ul", "ol", "li", "a", "div", "span", "code",
                "blockquote", "h4", "h5", "table", "thead", "tbody", "tr", "th", "td", "sup", "mark"}
ALLOWED_ATTRIBUTES = {"a": {"href", "title", "class", "aria-label"}, "div": {"class"}, "span": {"class"},
                      "p": {"id"}, "li": {"id"}}
PARAGRAPH = re.compile(r"<(p|li)>(.*?)</\1>", re.S)
STEP = re.compile(r"^(?:<[^>]+>)*([A-Z])\.\s")
SEE = re.compile(r"(?P<see>\b[Ss]ee(?:\s+also)?)(?P<sp>\s+)(?P<open>\*\*|\*|[\"“])?(?P<ref>[A-Za-z“\"][^.;,()\n*\]]{1,80})")
EXAMPLE_PARAGRAPH = re.compile(r"<p>((?:<(?:em|strong|i|b)>)?\s*(?:Example|EXAMPLE|Exemple)\b.*?)</p>", re.S)
# Glossary entries that are ordinary English words: linking every "and" helps nobody.
NOT_LINKED = {
    "and", "or", "to", "on", "for", "from", "this", "next", "own", "same", "different", "after", "before",
    "when", "upon", "until", "another", "even if", "for each", "higher than", "lower than", "non-", "do not",
    "will not", "may not", "need not", "cannot", "printed", "normal", "show", "look", "set", "turn", "win",
    "play", "remain", "fail", "join", "enter", "leave", "move", "switch", "copy", "increase", "source",
    "control", "compare", "opposed", "opposing", "paying", "reveal", "search", "exchange", "transfer",
    "designator", "ability", "action", "legal", "conditional", "consecutive", "base", "facing",
}


@dataclass
class LinkTable:
    """Targets for links: section titles per document, and glossary terms."""

    titles: dict[str, dict[str, str]]  # doc slug -> normalized title -> url
    authoritative: str  # slug of the document to fall back on
    terms: dict[str, str]  # normalized term -> url of its term page
    term_pattern: re.Pattern | None

    @classmethod
    def build(cls, titles, authoritative, terms) -> "LinkTable":
        linkable = sorted((t for t in terms if t not in NOT_LINKED and len(t) > 2), key=len, reverse=True)
        pattern = (re.compile(r"(?<![\w-])(" + "|".join(re.escape(t) for t in linkable) + r")(?![\w-])", re.I)
                   if linkable else None)
        return cls(titles, authoritative, terms, pattern)

    def section_url(self, doc: str, reference: str) -> tuple[int, str] | None:
        """(word count, url) for the longest leading run of words that names a section."""
        words = reference.replace("“", "").replace("”", "").replace('"', "").split()
        for n in range(min(len(words), 8), 0, -1):
            candidate = normalize_title(" ".join(words[:n]))
            for slug in (doc, self.authoritative):
                url = self.titles.get(slug, {}).get(candidate)
                if url:
                    return n, url
            if candidate in self.terms:
                return n, self.terms[candidate]
        return None


def _link_see_references(text: str, doc: str, table: LinkTable) -> str:
    def replace(match: re.Match) -> str:
        ref = match["ref"]
        found = table.section_url(doc, ref)
        if not found:
            return match.group(0)
        count, url = found
        spans = [m.span() for m in re.finditer(r"\S+", ref)]
        start, end = spans[0][0], spans[count - 1][1]
        return (f'{match["see"]}{match["sp"]}{match["open"] or ""}{ref[:start]}'
                f'<a class="xref" href="{url}">{ref[start:end]}</a>{ref[end:]}')
    return SEE.sub(replace, text)


def link_terms(fragment: str, table: LinkTable, own_url: str | None) -> str:
    if table.term_pattern is None:
        return fragment
    linked: set[str] = set()
    parts = re.split(r"(<[^>]+>)", fragment)
    inside_link = 0
    for i, part in enumerate(parts):
        if part.startswith("<"):
            if re.match(r"<a[\s>]", part):
                inside_link += 1
            elif part.startswith("</a"):
                inside_link = max(0, inside_link - 1)
            continue
        if inside_link or not part.strip():
            continue

        def replace(match: re.Match) -> str:
            text = match.group(1)
            key = normalize_title(text)
            url = table.terms.get(key)
            single_word = " " not in key
            if (not url or key in linked or url == own_url
                    or (single_word and not text[0].isupper())):
                return text
            linked.add(key)
            return f'<a class="term" href="{url}">{text}</a>'

        parts[i] = table.term_pattern.sub(replace, part)
    return "".join(parts)


def anchor_paragraphs(html_text: str, prefix: str) -> str:
    """Give every paragraph and list item an id (``<prefix>-p3``; a lettered step
    ``<prefix>-step-c``) and a link to itself, so a citation can point at one paragraph.
    The prefix is the section's short id: the same fragment works on the section's
    page and on its document's one-page view."""
    used: set[str] = set()
    count = 0

    def replace(match: re.Match) -> str:
        nonlocal count
        tag, inner = match.group(1), match.group(2)
        count += 1
        step = STEP.match(inner) if tag == "p" else None
        ident = f"{prefix}-step-{step.group(1).lower()}" if step else f"{prefix}-p{count}"
        if ident in used:
            ident = f"{prefix}-p{count}"
        used.add(ident)
        link = f' <a class="para" href="#{ident}" aria-label="Link to this paragraph">¶</a>'
        return f'<{tag} id="{ident}">{inner}{link}</{tag}>'

    return PARAGRAPH.sub(replace, html_text)


def render_body(body: str, doc: str, table: LinkTable, own_url: str | None = None, anchor: str = "") -> str:
    source = _link_see_references(body, doc, table)
    rendered = markdown.markdown(source, extensions=["sane_lists"])
    rendered = EXAMPLE_PARAGRAPH.sub(r'<div class="example"><p>\1</p></div>', rendered)
    rendered = link_terms(rendered, table, own_url)
    if anchor:
        rendered = anchor_paragraphs(rendered, anchor)
    return nh3.clean(rendered, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES, link_rel=None)


def to_plain_text(body: str) -> str:
    """Text for the index and snippets: Markdown and HTML markup removed."""
    text = re.sub(r"<[^>]+>", " ", body)
    text = re.sub(r"[*_`#]+", "", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return html.unescape(re.sub(r"[ \t]+", " ", text)).strip()
