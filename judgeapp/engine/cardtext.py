"""The card-text reader: real card text into a ``Reading`` (abilities and traits as data).

Text is first cut into units the way the rules do (``traits``, ``abilities``): a unit
starts with its designators and costs ("Battle, [Bow]:"), or is a trait; reminder text
in parentheses carries no rules (``reminder-text``).  Each sentence of a unit is then
parsed by the grammar in ``cardgrammar`` (lark, LALR over a table-driven lexer) and turned
into registry effects by its reader.  A sentence is read whole or reported unparsed with the reason —
never half-read.
"""
from __future__ import annotations

import hashlib
import html
import re
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from .abilities import Ability, Produce, Reading, TargetSpec, TriggerSpec, Unread
from .structures import Condition
from .cardgrammar import SentenceReader, Unreadable, parse, point_of, tokens
from .cardtree import LABELS
from .cardlexer import WORDS

DESIGNATORS = ("Battle", "Open", "Limited", "Engage", "Interrupt", "Dynasty", "Reaction")
HEADER = re.compile(
    r"(?P<words>(?:[A-Z][A-Za-z'-]*\s+){0,4}?)"
    r"(?P<kind>Battle|Open|Limited|Engage|Interrupt|Dynasty|Reaction)(?:\s*/\s*(?P<kind2>Battle|Open|Limited|Engage|"
    r"Interrupt|Dynasty))?"
    r"(?P<costs>(?:\s*,\s*(?:BOW|GOLD_\d+|GOLD_X))*)\s*:\s*")
ICONS = [(re.compile(r"\[Bow\]|:bow:|Bowing_s|Bow this (?:card|Holding)(?=\s*:)", re.I), "BOW"),
         (re.compile(r"\[\* Gold\]|:g(?:\*|star):|Gold star 20|\[\*\]|:X:", re.I), "GOLD_X"),
         (re.compile(r"\[(\d+) Gold\]|:g(\d+):|Gold (\d+) 20|\[(\d+)\]", re.I), None),
         (re.compile(r":fear:", re.I), "Fear")]
# Reminder text in parentheses is dropped; a few parentheses are rules text (errata): "(if able)",
# "(you choose)", and where a target may be, "(at any location)" (units).
REMINDER = re.compile(r"\s*\((?!if able\)|you choose\)|at any location\)|at the current battlefield\))[^()]*\)")
# Color text is a separate sentence, printed in italics, that describes what the effects simulate and has no game
# impact ("You suspect him of the taint.", ``color-text``). The texts here have lost their italics, so the legal cards'
# color-text sentences are known by their words, and dropped as reminder text is.
COLOR_TEXT = re.compile(r"\s*(?:You suspect him of the taint\.|You suspect a secret most foul!|"
                        r"You reveal the corruption within\.|A lesson is taught\.)(?=\s|$)")
ABILITY_WORDS = {"Repeatable", "Tireless", "Home", "Absent", "Political", "Military", "Kiho", "Kata", "Iaijutsu",
                 "Fire", "Air", "Earth", "Water", "Void", "Thunder", "Ninja", "Tactical", "Unstoppable", "Courage",
                 "Favor", "Kharmic", "Maho", "Tattoo", "Bushido", "Virtue", "Naval", "Elemental", "Crab", "Crane",
                 "Dragon", "Lion", "Mantis", "Phoenix", "Scorpion", "Spider", "Unicorn", "Shadowlands", "Jade",
                 "Legacy", "Champion", "Sincerity", "Honor", "Duty", "Courtesy", "Compassion", "Courage", "Ronin"}


def plain(text: str) -> str:
    text = html.unescape(text or "")
    text = re.sub(r"<br\s*/?>", "\n", text, flags=re.I)
    text = re.sub(r"<[^>]+>", "", text)
    for pattern, repl in ICONS:
        if repl is None:
            text = pattern.sub(lambda m: f"GOLD_{next(g for g in m.groups() if g)}", text)
        else:
            text = pattern.sub(repl, text)
    text = text.replace("\u2019", "'").replace("\u2013", "-").replace("\u2014", "-").replace("\u2212", "-")
    return text


def units(text: str) -> list[tuple[str, re.Match | None]]:
    """Cut text into traits (no header) and abilities (a header match) in printed order."""
    out = []
    for line in plain(text).split("\n"):
        line = COLOR_TEXT.sub("", REMINDER.sub("", line)).strip()
        if not line or re.fullmatch(r"\(.*\)", line):
            continue
        headers = [m for m in HEADER.finditer(line) if _real_header(m, line)]
        start = 0
        for i, m in enumerate(headers):
            if m.start() > start:
                out.append((line[start:m.start()].strip(), None))
            end = headers[i + 1].start() if i + 1 < len(headers) else len(line)
            out.append((line[m.start():end].strip(), m))
            start = end
        if start < len(line) and line[start:].strip():
            out.append((line[start:].strip(), None))
    return out


def header_keywords(text: str) -> frozenset:
    """The boldface keywords before every ability's designator, read or not ("Kiho Battle:" gives Kiho)."""
    return frozenset(w for _, m in units(text) if m is not None for w in (m["words"] or "").split())


def _real_header(m: re.Match, line: str) -> bool:
    if m.start() > 0 and not re.search(r"[.:)\"]\s*$", line[:m.start()]):
        return False  # "… gets +2F during Battle: …" is not a new ability
    if line.count('"', 0, m.start()) % 2:
        return False  # 'the ability, "Battle: Melee 2 Attack."': embedded text, part of this unit (embedded-text)
    words = (m["words"] or "").split()
    return all(w in ABILITY_WORDS or w.endswith("Clan") or w.lower() not in WORDS for w in words)


QUOTED = re.compile(r'"([^"]*)"')


def embed(text: str) -> tuple[str, list[str]]:
    """Embedded text (``embedded-text``): each quoted ability or trait becomes one word, «N» (the
    N-th text returned), so that its sentences stay inside it; its closing punctuation stays in the
    sentence around it ('the ability, "Battle: Fear 4." Destroy this Spell.' is two sentences)."""
    texts: list[str] = []

    def mark(m: re.Match) -> str:
        inner = m.group(1).strip()
        tail = re.search(r"[.,;]+$", inner)
        texts.append(_display(inner[:tail.start()].strip() if tail else inner))  # as printed: read again apart
        return f"«{len(texts) - 1}»{tail.group() if tail else ''}"

    return QUOTED.sub(mark, text), texts


def _unembed(text: str, texts: list[str]) -> str:
    return re.sub(r"«(\d+)»([.,;]?)", lambda m: f'"{texts[int(m.group(1))]}{m.group(2)}"', text)


def sentences(body: str) -> list[str]:
    parts = re.split(r"(?<=[.!])\s+(?=[A-Z\"'])", body.strip())
    return [p.strip() for p in parts if p.strip() and p.strip() not in (".", "")]


def read(text: str, title: str, kind: str = "") -> Reading:
    reading = Reading()
    if not text or not text.strip():
        return reading
    short = _short_names(title, kind)
    for unit, header in units(text):
        if header is None:
            _trait(reading, unit, short, kind)
        else:
            _ability(reading, unit, header, short, kind)
    return reading


def _short_names(title: str, kind: str) -> list[str]:
    """How a card names itself: its title (without a subtitle), and for Personalities a
    shortened form, the name after the family name ("Kei" for "Mirumoto Kei", ``references``); an
    "X no Y" name ("Fushiki no Oni", "the Oni of Fushiki") is shortened to X: "Oni" there is a keyword."""
    main = title.split(",")[0].strip()
    names = [title, main]
    parts = main.split()
    if kind == "personality" and " no " in main:
        names.append(main.split(" no ")[0])
    elif kind == "personality" and len(parts) >= 2:
        names += [" ".join(parts[1:]), parts[-1]]
    return [n for n in dict.fromkeys(names) if len(n) > 2]


def _ability(reading: Reading, unit: str, header: re.Match, names: list[str], kind: str) -> None:
    body, embedded = embed(unit[header.end() - header.start():].strip())
    kinds = [header["kind"].lower()] + ([header["kind2"].lower()] if header["kind2"] else [])
    kinds = ["battle" if k == "reaction" else k for k in kinds]
    costs = header["costs"] or ""
    gold = re.search(r"GOLD_(\d+|X)", costs)
    words = (header["words"] or "").split()
    reader = SentenceReader(names, kind, tuple(kinds))
    reader.embedded = embedded
    try:
        condition, effects, targets = reader.read_body(sentences(body))
    except (Unreadable, ValidationError) as exc:
        reading.unparsed.append(Unread(text=_display(unit), reason=_reason(exc)))
        return
    except Exception as exc:  # a reader bug must not stop the engine: report the unit unread
        reading.unparsed.append(Unread(text=_display(unit), reason=f"the reader failed on this text ({exc!r})"))
        return
    reading.abilities.append(Ability(
        n=len(reading.abilities) + 1, designators=kinds, keywords=words, bow="BOW" in costs,
        gold=None if not gold else ("*" if gold.group(1) == "X" else int(gold.group(1))), condition=condition,
        targets=targets, effects=effects, uses=getattr(reader, "uses", 1),
        once_per=getattr(reader, "once_per", None), text=_display(unit)))




def _trait(reading: Reading, unit: str, names: list[str], kind: str) -> None:
    label = re.match(r"^(Courtesy|Compassion)(?:,\s*or\s+(?P<alt>if [^:]+))?\s*:\s*", unit)
    if label:
        _labelled(reading, unit, label, names, kind)
        return
    marked, embedded = embed(unit)
    for group in _trait_sentences(marked, names):
        sentence = _unembed(" ".join(group), embedded)
        reader = SentenceReader(names, kind)
        reader.embedded = embedded
        try:
            found = reader.read_trait(group[0], group[1:])
        except (Unreadable, ValidationError) as exc:
            reading.unparsed.append(Unread(text=_display(sentence), reason=_reason(exc)))
            continue
        except Exception as exc:  # a reader bug must not stop the engine: report the trait unread
            reading.unparsed.append(Unread(text=_display(sentence), reason=f"the reader failed on this text ({exc!r})"))
            continue
        if isinstance(found, tuple):
            what, gold, effects = found
            if (what == "invest" and reading.invest_cost is not None
                    or what == "discipline_or" and reading.discipline is not None):
                reading.unparsed.append(Unread(text=_display(sentence), reason=f"a second {what.split('_')[0]} trait on "
                                               "one card: the engine holds one per card"))
                continue
            if what == "invest":
                reading.invest_cost, (reading.invest, reading.invest_targets, *alt) = gold, effects
                if alt:  # "Invest [2 Gold], or [0 Gold] if …"
                    reading.invest_alt, reading.invest_alt_if = alt
            elif what == "discipline_or":  # "Discipline [3 Gold] or [0 Gold] if you are the Defender"
                reading.discipline, (reading.discipline_alt, reading.discipline_alt_if) = gold, effects
            elif what == "invest_alt":  # "If you are a Dragon Clan player, Kikumura's Invest is [2 Gold]"
                reading.invest_alt, reading.invest_alt_if = gold, effects
            else:
                reading.discipline, reading.discipline_if = gold, effects
        elif isinstance(found, Produce) and reading.produce is None:
            reading.produce = found.model_copy(update={"text": _display(sentence)})
        elif isinstance(found, Produce):  # a second Gold-producing trait: bowing uses one of them
            reading.produce_also.append(found.model_copy(update={"text": _display(sentence)}))
        elif isinstance(found, TriggerSpec):
            reading.triggers.append(found.model_copy(update={"text": _display(sentence)}))
        else:
            reading.statics += [s.model_copy(update={"text": _display(sentence)}) for s in found]


def _labelled(reading: Reading, unit: str, label: re.Match, names: list[str], kind: str) -> None:
    """A Courtesy/Compassion trait: the trait under the label, taking effect only while the
    label's condition holds (the cards' own reminder text defines the labels)."""
    cond = LABELS[label.group(1)]
    if label["alt"]:  # "Compassion, or if you are Unicorn Clan: …": either one
        try:
            cond = Condition(any=[cond, SentenceReader(names, kind).read_condition(label["alt"])])
        except Unreadable as exc:
            reading.unparsed.append(Unread(text=_display(unit), reason=str(exc)))
            return
    inner = Reading()
    _trait(inner, unit[label.end():], names, kind)
    if inner.discipline is not None and not (inner.unparsed or inner.statics or inner.triggers):
        reading.discipline, reading.discipline_if = inner.discipline, _both(inner.discipline_if, cond)
        return
    if inner.unparsed or inner.produce or inner.invest_cost is not None or inner.discipline is not None:
        reading.unparsed.append(Unread(text=_display(unit), reason=inner.unparsed[0].reason if inner.unparsed
                                       else f"a {label.group(1)} label on that trait is not read"))
        return
    reading.statics += [s.model_copy(update={"while_": _both(s.while_, cond), "text": _display(unit)})
                        for s in inner.statics]
    reading.triggers += [t.model_copy(update={"condition": _both(t.condition, cond), "text": _display(unit)})
                         for t in inner.triggers]


def _both(first: Condition | None, label: Condition) -> Condition:
    return label if first is None else Condition(all=[first, label])


def _trait_sentences(unit: str, names: list[str]) -> list[list[str]]:
    """A trait is a sentence, unless the next one refers back to it (``traits``): then they are
    one trait, read in order ("After …: Target another player's Personality. This Personality
    challenges him.")."""
    out: list[list[str]] = []
    for s in sentences(unit):
        if out and (re.match(r"^(?:He|She|It|They|Him|Her|This (?:gain|loss|bonus|effect)|That|Then|"
                             r"Unless (?:he|she|it|they))\b", s) or (_TRIGGER.match(out[-1][0]) and _refers_back(s, names))):
            out[-1].append(s)
        elif out and out[-1][-1].rstrip().endswith(":") is False and re.match(r"^BOW\s*:", out[-1][0]) and \
                not re.match(r"^(?:BOW|After|Before|When|Your|While|If)\b", s):
            out[-1][-1] = f"{out[-1][-1]} {s}"  # sentences after "Produce X Gold" are more effects of bowing to produce
        else:
            out.append([s])
    return out


_TRIGGER = re.compile(r"^(?:After|Before|When|Whenever)\b")
_BACK = frozenset({"HIM", "IT", "THEM", "HE", "THEY", "HIS", "ITS", "THEIR"})


def _refers_back(sentence: str, names: list[str]) -> bool:
    """Whether a sentence is only effects (no trait alone: no trigger, nothing continuous) naming
    something with a pronoun or "the target", which only the sentence before can have named
    (``traits``: such sentences are part of the same trait)."""
    try:
        toks = tokens(sentence, names)
        if parse(sentence, names, "t_sentence").data != "imperative":
            return False
    except Unreadable:
        return False
    return any(t.type in _BACK or (t.type == "THE" and toks[i + 1:i + 2] and toks[i + 1].type == "TARGET")
               for i, t in enumerate(toks))


def _reason(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        return f"the reading does not fit the effect's schema ({first.get('msg', 'invalid')})"
    return str(exc)


def _display(text: str) -> str:
    text = text.replace("BOW", "[Bow]").replace("GOLD_X", "[* Gold]")
    return re.sub(r"GOLD_(\d+)", r"[\1 Gold]", text)


READER_FILES = ("abilities.py", "structures.py", "registry.py")


@lru_cache(maxsize=1)
def reader_version() -> str:
    """A fingerprint of the reader's code: a stored reading from another version is read again."""
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    paths = [here / name for name in READER_FILES] + sorted(here.glob("card*.py")) + sorted(here.glob("card*.lark")) \
        + sorted((here / "cardareas").glob("*.py")) + sorted((here / "cardareas").glob("*.lark")) \
        + sorted((here / "primitives").glob("*.py"))
    for path in paths:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


SHAPE_WORDS = {"NUMBER": "N", "KEYWORD": "KW", "KEYWORDS": "KW's", "TITLE": "TITLE", "THISCARD": "NAME",
               "THISCARDS": "NAME's", "CLAN": "CLAN", "NONKW": "non-KW", "NONCLAN": "non-CLAN", "GOLDICON": "[N Gold]",
               "BOWICON": "[Bow]"}


def shape(text: str, title: str, kind: str = "") -> str:
    """A unit's text normalised for counting like ones together (the coverage worklist): the
    card's own name NAME, numbers N, keywords KW, other cards' titles TITLE, stat changes ±NF."""
    text = re.sub(r"\[(\d+|\*) Gold\]", "GOLD_\\1", text.replace("[Bow]", "BOW")).replace("GOLD_*", "GOLD_X")
    try:
        toks = tokens(text, _short_names(title, kind))
    except Unreadable:
        out = text
        for name in sorted(_short_names(title, kind), key=len, reverse=True):
            out = out.replace(name, "NAME")
        return re.sub(r"\d+", "N", out)
    words = []
    for t in toks:
        if t.type in SHAPE_WORDS:
            words.append(SHAPE_WORDS[t.type])
        elif t.type == "STATCHANGE":
            words.append(f"{'-' if t.value[1] != 'X' and t.value[1] < 0 else '+'}N{t.value[0][0].upper()}")
        elif t.type in ("DOT", "COMMA", "COLON", "SEMI"):
            words.append({"DOT": ".", "COMMA": ",", "COLON": ":", "SEMI": ";"}[t.type])
        else:
            words.append(str(t.value) if isinstance(t.value, str) else t.type.lower())
    return re.sub(r" ([.,:;])", r"\1", " ".join(words))


def timing_point(text: str):
    """(event, phase, whose) for a timing point such as "your next turn begins"; None if unread."""
    return point_of(text)


__all__ = ["read", "reader_version", "shape", "timing_point", "units", "plain", "TargetSpec"]
