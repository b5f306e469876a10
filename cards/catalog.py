"""The card pool: every printing of the set files grouped into cards, the Oracle merged in.

A card is its name with its experience level (``extended_title``, else ``title``).  It
plays as its most recent printing (Cardinal Rule 2, ``ivory-cr/cardinal-rules``); where
the Oracle export has the card, its text and stats are the official ones, and every
difference from the set files is reported.  Plain Python: the importer writes the
result to the database, tests and benches can use it directly.
"""
from __future__ import annotations

import base64
import datetime as dt
import hashlib
from dataclasses import dataclass, field

from . import legality
from .bans import ParsedBan, parse_ban
from .sources import Exports, SetInfo
from .text import (STAT_FIELDS, Stat, Title, clan_alignments, clean, fold, normalize_keywords, parse_stat,
                   parse_title, slug, soul_target, text_html, text_plain)

ORACLE_STATS = {"force": "force", "chi": "chi", "focus": "focus", "ph": "personal_honor",
                "honor": "honor_requirement", "cost": "gold_cost", "strength": "province_strength",
                "production": "gold_production", "startinghonor": "starting_honor"}
EARLIEST = dt.date.min


@dataclass
class PrintingRecord:
    set_name: str
    release_date: dt.date | None
    side: str  # "front" or "back" (flip Strongholds)
    rarity: str
    number: str
    artist: str
    flavor_html: str
    title: str
    types: list[str]
    text_html: str
    stats: dict[str, str]
    legality: list[str]
    is_proxy: bool
    legal_date: dt.date | None
    back_title: str
    position: int


@dataclass
class NoteRecord:
    kind: str  # errata, mrp, note
    source: str  # sets or oracle
    text: str
    date: dt.date | None = None


@dataclass
class BanRecord:
    format: str  # a format slug, or "" when the source names none
    effective: dt.date | None
    raw: str
    year_inferred: bool = False
    condition: str = ""


@dataclass
class CardRecord:
    id: str
    slug: str
    name: Title
    type: str
    types: list[str]
    deck: str
    clans: list[str]
    keywords: list[str]
    is_unique: bool
    soul_of: str
    stats: dict[str, Stat]
    text_html: str
    text_plain: str
    text_source: str
    formats: list[str]
    printings: list[PrintingRecord]
    current: int
    oracle_id: int | None = None
    bans: list[BanRecord] = field(default_factory=list)
    notes: list[NoteRecord] = field(default_factory=list)

    @property
    def current_printing(self) -> PrintingRecord:
        return self.printings[self.current]

    @property
    def latest_release(self) -> dt.date | None:
        dates = [p.release_date for p in self.printings if p.release_date]
        return max(dates) if dates else None


@dataclass
class Catalog:
    cards: list[CardRecord]
    sets: dict[str, SetInfo]
    unmatched_oracle: list[dict]
    disagreements: list[dict]

    @property
    def printing_count(self) -> int:
        return sum(len(c.printings) for c in self.cards)


def card_id(key: str) -> str:
    """Short id of the project's own, stable across imports: a hash of the exact name.

    Names differing only in case or hyphens (``Battle Hardened``, ``Battle-Hardened``)
    are distinct cards in the set files, so the exact name is hashed.
    """
    digest = hashlib.sha1(key.encode()).digest()
    return base64.b32encode(digest).decode()[:8].lower()


def _printing(entry: dict, sets: dict[str, SetInfo]) -> PrintingRecord:
    info = sets[entry["_set"]]
    stats = {name: parse_stat(entry.get(name)) for name in STAT_FIELDS}
    return PrintingRecord(
        set_name=info.name, release_date=info.release_date, side="back" if entry.get("is_back") else "front",
        rarity=clean(entry.get("rarity")), number=clean(entry.get("collector_number")),
        artist=clean(entry.get("artist")), flavor_html=text_html(entry.get("flavor_text")),
        title=clean(entry.get("extended_title") or entry.get("title")), types=[clean(t) for t in entry.get("types", [])],
        text_html=text_html(entry.get("text")), stats={k: s.raw for k, s in stats.items() if s},
        legality=[clean(v) for v in dict.fromkeys(entry.get("legality") or [])],
        is_proxy=bool(entry.get("is_proxy")), legal_date=entry.get("legal_date") if isinstance(
            entry.get("legal_date"), dt.date) else None,
        back_title=clean(entry.get("back_title")), position=entry["_position"],
    )


def _is_real(p: PrintingRecord) -> bool:
    return p.side == "front" and not p.is_proxy and p.legality != ["Unreleased"]


def current_index(printings: list[PrintingRecord], sets: dict[str, SetInfo]) -> int:
    """The most recent printing by release date (Cardinal Rule 2).

    A proxy reprint or the back of a flip Stronghold never replaces the real card;
    sets released the same day are ordered as set_info lists them.
    """
    candidates = [i for i, p in enumerate(printings) if _is_real(p)] or \
                 [i for i, p in enumerate(printings) if p.side == "front"] or list(range(len(printings)))
    return max(candidates, key=lambda i: (printings[i].release_date or EARLIEST,
                                          bool(printings[i].legality), sets[printings[i].set_name].order,
                                          printings[i].position))


def _formats(p: PrintingRecord) -> list[str]:
    """Legal where the current printing says; proxy and unreleased printings nowhere."""
    if p.is_proxy or p.side == "back":
        return []
    return legality.slugs_of(p.legality)


def _set_notes(entries: list[dict]) -> list[NoteRecord]:
    notes: list[NoteRecord] = []
    seen = set()

    def add(note: NoteRecord):
        key = (note.kind, fold(note.text))
        if note.text and key not in seen:
            seen.add(key)
            notes.append(note)

    for entry in entries:
        if entry.get("errata_text"):
            add(NoteRecord("errata", "sets", clean(entry["errata_text"])))
        for erratum in entry.get("errata") or []:
            if isinstance(erratum, dict):
                source = clean(erratum.get("source"))
                add(NoteRecord("errata", "sets", f"{source}: {text_plain(erratum.get('text'))}".strip(": "),
                               erratum.get("date") if isinstance(erratum.get("date"), dt.date) else None))
        if entry.get("notes"):
            add(NoteRecord("note", "sets", clean(entry["notes"])))
    return notes


def _card(key: Title, entries: list[dict], sets: dict[str, SetInfo]) -> CardRecord:
    printings = [_printing(e, sets) for e in entries]
    printings.sort(key=lambda p: (p.release_date or EARLIEST, sets[p.set_name].order, p.side != "front"))
    current = current_index(printings, sets)
    entry = next(e for e in entries if sets[e["_set"]].name == printings[current].set_name
                 and (("back" if e.get("is_back") else "front") == printings[current].side)
                 and e["_position"] == printings[current].position)
    types = [t for t in printings[current].types if t != "Proxy"] or printings[current].types
    keywords = normalize_keywords(entry.get("keywords"))
    stats = {name: s for name in STAT_FIELDS if (s := parse_stat(entry.get(name)))}
    full = key.full
    return CardRecord(
        id=card_id(full), slug=slug(full), name=key, type=types[0] if types else "", types=types,
        deck=clean((entry.get("decks") or [""])[0]), clans=[clean(c) for c in entry.get("clans") or []],
        keywords=keywords, is_unique=bool(entry.get("is_unique")) or "unique" in {k.lower() for k in keywords},
        soul_of=soul_target(keywords), stats=stats, text_html=text_html(entry.get("text")),
        text_plain=text_plain(entry.get("text")), text_source="sets", formats=_formats(printings[current]),
        printings=printings, current=current, notes=_set_notes(entries),
    )


def _merge_oracle(card: CardRecord, record: dict, disagreements: list[dict]) -> None:
    """The Oracle's text and stats are official; note every difference from the set files."""
    card.oracle_id = int(record["cardid"]) if str(record.get("cardid", "")).isdigit() else None
    if record.get("text"):
        oracle_plain = text_plain(record["text"])
        if fold(oracle_plain) != fold(card.text_plain):
            disagreements.append({"card": card.name.full, "id": card.id, "field": "text",
                                  "sets": card.text_plain, "oracle": oracle_plain, "chosen": "oracle"})
        card.text_html, card.text_plain, card.text_source = text_html(record["text"]), oracle_plain, "oracle"
    for oracle_name, stat_name in ORACLE_STATS.items():
        stat = parse_stat(record.get(oracle_name))
        if stat is None:
            continue
        mine = card.stats.get(stat_name)
        if (mine.raw if mine else "-") != stat.raw:
            disagreements.append({"card": card.name.full, "id": card.id, "field": stat_name,
                                  "sets": mine.raw if mine else None, "oracle": stat.raw, "chosen": "oracle"})
        card.stats[stat_name] = stat
    if record.get("keywords"):
        card.keywords = normalize_keywords(record["keywords"])
        card.is_unique = card.is_unique or "unique" in {k.lower() for k in card.keywords}
        card.soul_of = soul_target(card.keywords) or card.soul_of
    if record.get("clan"):
        card.clans = list(dict.fromkeys(card.clans + [clean(c) for c in record["clan"]]))
    for kind, name in (("errata", "erratum"), ("mrp", "mrp"), ("note", "notes")):
        for text in record.get(name) or []:
            if clean(text):
                card.notes.append(NoteRecord(kind, "oracle", clean(text)))
    for text in record.get("banned") or []:
        parsed: ParsedBan = parse_ban(clean(text), card.latest_release)
        for fmt in parsed.formats or ("",):
            card.bans.append(BanRecord(fmt, parsed.effective, clean(text), parsed.year_inferred, parsed.condition))


def build(exports: Exports) -> Catalog:
    grouped: dict[str, tuple[Title, list[dict]]] = {}
    for entry in exports.printings:
        name = parse_title(entry.get("extended_title") or entry.get("title") or "")
        grouped.setdefault(name.full, (name, []))[1].append(entry)
    cards = [_card(name, entries, exports.sets) for name, entries in grouped.values()]
    by_key = {c.name.full: c for c in cards}
    by_folded = {fold(c.name.full): c for c in cards}
    ids: dict[str, str] = {}
    for card in cards:
        if card.id in ids:
            raise ValueError(f"card id collision: {card.name.full!r} and {ids[card.id]!r}")
        ids[card.id] = card.name.full
        if any(e.get("is_banned") for e in grouped[card.name.full][1]):
            card.bans.append(BanRecord("", None, "Marked banned in the set files (no format or date named)."))
    titled: dict[str, list[str]] = {}
    for card in cards:
        titled.setdefault(fold(card.name.title), []).append(card.name.full)
    disagreements: list[dict] = []
    unmatched: list[dict] = []
    for record in exports.oracle:
        name = parse_title(record.get("formattedtitle") or clean(record.get("title")))
        card = by_key.get(name.full) or by_folded.get(fold(name.full))
        if card is None:
            same_title = sorted(titled.get(fold(name.title), []))
            reason = (f"no set-file card named {name.full!r}; set files have: {', '.join(same_title)}"
                      if same_title else f"no set-file card titled {name.title!r}")
            unmatched.append({"cardid": record.get("cardid"), "title": name.full, "reason": reason})
            continue
        _merge_oracle(card, record, disagreements)
    known = {clan for card in cards for clan in card.clans if not clan.endswith(" Clan")}
    for card in cards:
        card.clans = clan_alignments(card.clans, card.keywords, known)
    cards.sort(key=lambda c: (fold(c.name.title), c.name.rank, c.name.tag))
    return Catalog(cards, exports.sets, unmatched, disagreements)
