"""Card titles, stats, keywords and text as the two exports write them, made uniform.

Both exports carry HTML entities (``&#149;``, ``&amp;``), icon codes (``:bow:``,
``:g2:``, ``:gstar:``) and, in the Oracle export, one-element lists for single values.
Everything here is plain Python so decklists and positions can reuse it.
"""
from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass

import nh3

BULLET = "•"
LEVEL = re.compile(
    r"^(?P<title>.*?)\s*[•·]\s*(?P<word>Inexperienced|Experienced)\s*(?P<n>\d+(?:\.\d+)?)?\s*(?P<tag>[A-Za-z]*)\s*$",
    re.I,
)
ICON = re.compile(r":(bow|g\*|gstar|g(\d+))(?::)?", re.I)
TEXT_TAGS = {"b", "i", "em", "strong", "br", "span", "a", "u"}
TEXT_ATTRIBUTES = {"span": {"class", "title"}, "a": {"href", "class", "title"}}
SIGNED = re.compile(r"^[+-]\d+$")
INTEGER = re.compile(r"^-?\d+$")

STAT_FIELDS = ("force", "chi", "focus", "personal_honor", "honor_requirement", "gold_cost",
               "province_strength", "gold_production", "starting_honor")
STAT_LABELS = {
    "force": "Force", "chi": "Chi", "focus": "Focus", "personal_honor": "Personal Honor",
    "honor_requirement": "Honor Requirement", "gold_cost": "Gold Cost", "province_strength": "Province Strength",
    "gold_production": "Gold Production", "starting_honor": "Starting Family Honor",
}


def clean(value) -> str:
    """One string from a value of either export: entities decoded, tags and extra spaces gone."""
    if value is None:
        return ""
    if isinstance(value, list):
        value = " ".join(str(v) for v in value if v is not None)
    text = html.unescape(str(value))
    text = re.sub(r"<[^>]+>", "", text)
    return " ".join(text.split())


def fold(text: str) -> str:
    """Case-, accent- and punctuation-insensitive form used to match names."""
    text = html.unescape(text) if "&" in text else text
    if not text.isascii():
        text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    plain = text.lower()
    plain = plain.replace("’", "'").replace("‘", "'")
    return " ".join(re.sub(r"[^a-z0-9•]+", " ", plain.replace("'", "")).split())


def slug(text: str) -> str:
    return "-".join(fold(text).replace("•", " ").split()) or "card"


@dataclass(frozen=True)
class Title:
    """A card name split into the title and its experience level.

    ``rank`` orders the levels: Inexperienced -1, none 0, Experienced 1, Experienced 2 …
    ``tag`` is the set tag some exports glue to the level (``ExperiencedKYD``).
    """

    title: str
    level: str = ""
    tag: str = ""

    @property
    def rank(self) -> float:
        if not self.level:
            return 0
        if self.level.lower().startswith("inexperienced"):
            return -1
        number = self.level.split()[-1]
        return float(number) if number[0].isdigit() else 1

    @property
    def full(self) -> str:
        level = f"{self.level}{self.tag}" if self.tag else self.level
        return f"{self.title} {BULLET} {level}" if level else self.title


def parse_title(raw: str) -> Title:
    text = clean(raw)
    match = LEVEL.match(text)
    if not match:
        return Title(text)
    word = "Inexperienced" if match["word"].lower().startswith("in") else "Experienced"
    level = f"{word} {match['n']}" if match["n"] else word
    return Title(match["title"].strip(), level, match["tag"] or "")


@dataclass(frozen=True)
class Stat:
    """A printed stat: ``raw`` as written, ``value`` when it is a number.

    ``+2`` on an Item or Sensei is a modifier (value 2, ``signed``); ``*`` is variable
    and ``-`` (no Honor Requirement) has no value; neither is zero.
    """

    raw: str
    value: int | None
    signed: bool = False


def parse_stat(raw) -> Stat | None:
    if raw is None or raw == []:
        return None
    text = clean(raw)
    if text == "":
        return None
    if INTEGER.match(text) and not text.startswith("+"):
        return Stat(text, int(text))
    if SIGNED.match(text):
        return Stat(text, int(text), signed=True)
    return Stat(text, None)


def _icon(match: re.Match) -> tuple[str, str, str]:
    """(mark, class, title) for an icon code."""
    code = match.group(1).lower()
    if code == "bow":
        return "[Bow]", "bow", "Bow this card"
    if code in ("g*", "gstar"):
        return "[* Gold]", "gold", "Variable Gold cost"
    return f"[{match.group(2)} Gold]", "gold", f"Gold cost {match.group(2)}"


def _icon_html(match: re.Match) -> str:
    mark, kind, title = _icon(match)
    return f'<span class="icon {kind}" title="{title}">{mark}</span>'


def _icon_text(match: re.Match) -> str:
    return _icon(match)[0]


def text_html(raw) -> str:
    """Card text as sanitized HTML with icons as readable marks."""
    if isinstance(raw, list):
        raw = "<br>".join(str(v) for v in raw if v)
    source = ICON.sub(_icon_html, str(raw or ""))
    return nh3.clean(source, tags=TEXT_TAGS, attributes=TEXT_ATTRIBUTES).strip()


def text_plain(raw) -> str:
    if isinstance(raw, list):
        raw = "\n".join(str(v) for v in raw if v)
    source = ICON.sub(_icon_text, str(raw or ""))
    source = re.sub(r"<br\s*/?>", "\n", source, flags=re.I)
    lines = [clean(line) for line in source.split("\n")]
    return "\n".join(line for line in lines if line)


def normalize_keywords(raw) -> list[str]:
    """Keywords without markup, each once, in printed order."""
    values = raw if isinstance(raw, list) else ([raw] if raw else [])
    seen: dict[str, str] = {}
    for value in values:
        for part in re.split(r"\s*[•·]\s*|<br\s*/?>", html.unescape(str(value))):
            word = clean(part)
            if word and word.lower() not in seen:
                seen[word.lower()] = word
    return list(seen.values())


def soul_target(keywords: list[str]) -> str:
    for keyword in keywords:
        match = re.match(r"^Soul of (.+)$", keyword, re.I)
        if match:
            return match.group(1).strip()
    return ""


def clan_alignments(listed: list[str], keywords: list[str], known: set[str]) -> list[str]:
    """A card's clans under one rule for both exports: the clans either export lists
    (``Unicorn Clan`` written as ``Unicorn``), plus what the keywords say: ``Unaligned``
    (a card without a Clan Alignment, ``ivory-cr/unaligned``) and ``X Clan`` for a
    known clan X (older cards show their alignment as a keyword too,
    ``ivory-cr/personality``: "considered to have the keyword")."""
    clans: dict[str, str] = {}
    for name in listed:
        name = clean(name)
        name = name[:-5] if name.endswith(" Clan") and name[:-5] in known else name
        if name:
            clans.setdefault(name.lower(), name)
    for keyword in keywords:
        if keyword.lower() == "unaligned":
            clans.setdefault("unaligned", "Unaligned")
        elif keyword.endswith(" Clan") and keyword[:-5] in known:
            clans.setdefault(keyword[:-5].lower(), keyword[:-5])
    return list(clans.values())
