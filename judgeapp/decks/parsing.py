"""Decklists as players write them, Egg of P'an Ku ``.l5d`` files, and the API's JSON,
all read into the same list of lines.

Reading is forgiving (counts before or after, ``3x``, levels written seven ways,
comments, headings with or without counts and decorations — ``Dynasty (40)``, ``FATE
DECK - 40 cards``, ``== Holdings ==`` —, labels with the card on the same line —
``Stronghold: The Impregnable Fortress of the Crab`` —, HTML entities, curly quotes)
and bounded (bytes, lines, name length, counts), and it never guesses: a line it
cannot read is kept as a ``parse-error`` with its number, text and section.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

MAX_BYTES = 1_000_000
MAX_LINES = 2_000
MAX_NAME = 150
MAX_COUNT = 99

MAIN_HEADINGS = {"stronghold": "stronghold", "strongholds": "stronghold", "sensei": "sensei", "senseis": "sensei",
                 "wind": "pregame", "winds": "pregame", "pre-game": "pregame", "pregame": "pregame",
                 "pre game": "pregame", "starting holdings": "pregame", "starting holding": "pregame",
                 "dynasty": "dynasty", "dynasty deck": "dynasty", "fate": "fate", "fate deck": "fate"}
SUB_HEADINGS = {"holdings": "dynasty", "holding": "dynasty", "personalities": "dynasty", "personality": "dynasty",
                "events": "dynasty", "event": "dynasty", "regions": "dynasty", "region": "dynasty",
                "celestials": "dynasty", "celestial": "dynasty", "followers": "fate", "follower": "fate",
                "items": "fate", "item": "fate", "rings": "fate", "ring": "fate", "strategy": "fate",
                "strategies": "fate", "spells": "fate", "spell": "fate", "ancestors": "fate", "ancestor": "fate",
                "kiho": "fate", "kihos": "fate", "actions": "fate"}
# A heading: the word, perhaps "deck", perhaps a count ("(40)", "[40]", "- 40 cards", ": 40"),
# perhaps decorated ("== Dynasty ==", "**Fate**", "# Holdings (10)").
DECORATION = r"[#=*_~\s-]*"
COUNT = r"(?:[(\[]\s*\d+(?:\s*cards?)?\s*[)\]]|\d+(?:\s*cards?)?)"
WORD = r"(?P<word>[A-Za-z][A-Za-z -]*?)"
HEADING = re.compile(rf"^{DECORATION}{WORD}\s*(?:[:\-–—]\s*)?{COUNT}?\s*:?{DECORATION}$", re.I)
# A label with its card on the same line: "Stronghold: The Impregnable Fortress of the Crab".
LABEL = re.compile(rf"^{DECORATION}{WORD}\s*{COUNT}?\s*(?::|\s[-–—]\s)\s*(?P<rest>.*[A-Za-z].*)$", re.I)
# "3x Name", "3 x Name", "3X Name"; a spaced capital X is left to the name ("1 X-Wing").
COUNT_FIRST = re.compile(r"^(?P<count>[+-]?\d+)(?:\s*[x×]|X)?\s+(?P<name>\S.*)$")
COUNT_LAST = re.compile(r"^(?P<name>.*?\S)\s+(?:[xX×]\s*(?P<count>[+-]?\d+)|(?P<count2>[+-]?\d+)\s*[xX×])$")
LEVEL_WORD = r"(?P<word>inexperienced|inexp|experienced|exp|xp)\.?\s*(?P<n>\d+(?:\.\d+)?)?"
LEVEL_AFTER = re.compile(r"^(?P<name>.+?)\s*(?:[-–—•·]\s*|\(\s*|\s+)" + LEVEL_WORD + r"\s*(?P<tag>[A-Z][A-Za-z]{1,3})?\s*\)?$",
                         re.I)
LEVEL_BEFORE = re.compile(r"^" + LEVEL_WORD + r"\s+(?P<name>.+)$", re.I)
CLIENT_SUFFIX = re.compile(r"\s*\(\d+\)$")
# The longest heading or label line players write (a label and the longest card title) is
# far shorter; past this a line is not tried as one (the patterns above backtrack on a
# long run of " - " in quadratic time: a 26,000-character line took 11 s).
HEADING_MAX_CHARS = 200


class DeckInputError(ValueError):
    """The input as a whole is unusable (binary, too big): a 400, exit status 2."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


@dataclass
class DeckLine:
    line: int
    text: str
    count: int
    name: str
    level: str | None  # None: no level written
    section: str | None  # stronghold, sensei, pregame, dynasty, fate; None: no heading
    stripped_suffix: bool = False


@dataclass
class ParseError:
    line: int
    text: str
    message: str
    section: str | None = None  # the heading it came under: its copies might belong there


@dataclass
class ParsedDeck:
    lines: list[DeckLine] = field(default_factory=list)
    errors: list[ParseError] = field(default_factory=list)
    source: str = "text"


def decode(data: bytes) -> str:
    """Bytes of an upload as text: UTF-8 (BOM allowed), else Windows-1252 line by line."""
    if len(data) > MAX_BYTES:
        raise DeckInputError("too-large", f"The decklist is {len(data):,} bytes; the limit is {MAX_BYTES:,}. "
                                          "A decklist is a few kilobytes: is this the right file?")
    if b"\0" in data:
        raise DeckInputError("binary", "This file is not text (it contains NUL bytes). "
                                       "Upload a plain-text decklist or an Egg of P'an Ku .l5d file.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        lines = []
        for raw in data.split(b"\n"):
            try:
                lines.append(raw.decode("utf-8"))
            except UnicodeDecodeError:
                lines.append(raw.decode("cp1252", errors="replace"))
        text = "\n".join(lines)
    controls = sum(1 for c in text if (ord(c) < 32 and c not in "\r\n\t") or c == "\ufffd")
    if text and controls > max(3, len(text) // 50):
        raise DeckInputError("binary", "This file does not look like text (it is full of control characters). "
                                       "Upload a plain-text decklist or an Egg of P'an Ku .l5d file.")
    return text


def normalize_level(word: str, number: str | None) -> str:
    base = "Inexperienced" if word.lower().startswith("in") else "Experienced"
    return f"{base} {number}" if number and base == "Experienced" and number not in ("1",) else base


def split_level(name: str) -> tuple[str, str | None]:
    """``Hida Kisada - exp2`` → (``Hida Kisada``, ``Experienced 2``); no level → (name, None)."""
    match = LEVEL_AFTER.match(name)
    if match and not match["name"].endswith(("-", "(")):
        level = normalize_level(match["word"], match["n"])
        return match["name"].strip(" -–—•·("), level + (match["tag"] or "")
    match = LEVEL_BEFORE.match(name)
    if match:
        return match["name"].strip(), normalize_level(match["word"], match["n"])
    return name, None


def _clean_line(raw: str) -> str:
    text = html.unescape(raw).replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
    text = text.replace("\u201d", '"').replace("\t", " ").replace("\u00a0", " ")
    return " ".join(text.split())


def _heading_word(word: str) -> str | None:
    word = " ".join(word.strip().lower().split())
    if word in MAIN_HEADINGS:
        return "main:" + MAIN_HEADINGS[word]
    if word in SUB_HEADINGS:
        return "sub:" + SUB_HEADINGS[word]
    return None


def _heading(text: str) -> str | None:
    match = HEADING.match(text) if len(text) <= HEADING_MAX_CHARS else None
    return _heading_word(match["word"]) if match else None


def _label(text: str) -> tuple[str, str] | None:
    """(heading, the card written after it) for ``Stronghold: Name``, ``Sensei - Name``."""
    match = LABEL.match(text) if len(text) <= HEADING_MAX_CHARS else None
    if not match:
        return None
    heading = _heading_word(match["word"])
    if heading is None or re.fullmatch(r"\d+\s*(?:cards?)?", match["rest"].strip(), re.I):
        return None
    return heading, match["rest"].strip()


def _card_line(number: int, raw: str, text: str, section: str | None, deck: ParsedDeck) -> None:
    match = COUNT_FIRST.match(text)
    if match:
        count_text, name = match["count"], match["name"]
    else:
        match = COUNT_LAST.match(text)
        if match:
            count_text, name = match["count"] or match["count2"], match["name"]
        else:
            count_text, name = "1", text
    count = int(count_text)
    if count < 1:
        deck.errors.append(ParseError(number, raw, f"line {number}: the count {count} is not a number of copies; "
                                                   "write a count of 1 or more, or remove the line", section))
        return
    if count > MAX_COUNT:
        deck.errors.append(ParseError(number, raw, f"line {number}: the count {count} is more copies than any "
                                                   f"deck holds (at most {MAX_COUNT} per line)", section))
        return
    name = name.strip()
    if len(name) > 1 and name[0] == name[-1] == '"':
        name = name[1:-1].strip()
    if len(name) > MAX_NAME:
        deck.errors.append(ParseError(number, raw[:80] + "…", f"line {number}: a card name of {len(name):,} "
                                                              f"characters (titles are at most {MAX_NAME})", section))
        return
    if not re.search(r"[A-Za-z0-9]", name):
        deck.errors.append(ParseError(number, raw, f"line {number}: no card name found in {raw.strip()!r}", section))
        return
    stripped = False
    if CLIENT_SUFFIX.search(name):
        name, stripped = CLIENT_SUFFIX.sub("", name), True
    title, level = split_level(name)
    deck.lines.append(DeckLine(number, raw.strip(), count, title, level, section, stripped))


def parse_text(text: str) -> ParsedDeck:
    """Plain text or ``.l5d``: headings set the section, ``#``/``//`` lines are comments."""
    if not isinstance(text, str):
        raise DeckInputError("bad-decklist", "The decklist must be text.")
    if len(text.encode("utf-8", errors="replace")) > MAX_BYTES:
        raise DeckInputError("too-large", f"The decklist is over {MAX_BYTES:,} bytes; a decklist is a few kilobytes.")
    raw_lines = text.splitlines()
    if len(raw_lines) > MAX_LINES:
        raise DeckInputError("too-many-lines", f"The decklist has {len(raw_lines):,} lines; the limit is "
                                               f"{MAX_LINES:,}. Paste one deck at a time.")
    deck = ParsedDeck(source="l5d" if re.search(r"^#\s*(Pre-Game|Dynasty|Fate)\s*\(\d+\)", text, re.M) else "text")
    if not text.strip():
        deck.errors.append(ParseError(0, "", "the decklist is empty: paste the cards, one per line, "
                                             "such as '3 Hida Kisada'"))
        return deck
    main: str | None = None
    section: str | None = None
    for number, raw in enumerate(raw_lines, start=1):
        text_line = _clean_line(raw)
        if not text_line or text_line.startswith("//"):
            continue
        heading = _heading(text_line)
        label = None if heading else _label(text_line)
        if label:
            heading, text_line = label
        if heading:
            kind, value = heading.split(":")
            if kind == "main":
                main = section = value
            elif main not in ("dynasty", "fate"):
                # A type sub-heading ("Personalities:") names the deck only when no deck heading did.
                section = value
            if not label:
                continue
        if text_line.startswith("#"):
            continue
        _card_line(number, raw, text_line, section, deck)
    return deck


def parse_json(data) -> ParsedDeck:
    """``{"stronghold", "sensei", "cards": [{"count", "title", "deck"}]}``."""
    deck = ParsedDeck(source="json")
    if not isinstance(data, dict):
        raise DeckInputError("bad-deck", 'deck must be an object: {"stronghold", "sensei", "cards": [...]}')
    cards = data.get("cards", [])
    if not isinstance(cards, list):
        raise DeckInputError("bad-deck", "deck.cards must be a list of {count, title, deck}")
    if len(cards) > MAX_LINES:
        raise DeckInputError("too-many-lines", f"deck.cards has {len(cards):,} entries; the limit is {MAX_LINES:,}.")
    entries = []
    for key in ("stronghold", "sensei"):
        if data.get(key) not in (None, ""):
            entries.append({"count": 1, "title": data[key], "deck": key})
    entries += cards
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("title"), str):
            deck.errors.append(ParseError(number, str(entry)[:80], f"entry {number}: needs a text 'title'"))
            continue
        count = entry.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int):
            deck.errors.append(ParseError(number, str(entry)[:80], f"entry {number}: 'count' must be a whole number"))
            continue
        section = str(entry.get("deck") or "").strip().lower() or None
        section = MAIN_HEADINGS.get(section, section)
        if section not in (None, "stronghold", "sensei", "pregame", "dynasty", "fate"):
            deck.errors.append(ParseError(number, str(entry)[:80], f"entry {number}: deck {entry.get('deck')!r} is "
                                                                   "not one of stronghold, sensei, pre-game, dynasty, fate"))
            continue
        _card_line(number, f"{count} {entry['title']}", f"{count} {_clean_line(entry['title'])}", section, deck)
    return deck
