"""Decklist validation: every problem of a list in one pass, each with the rule it breaks.

Plain Python over a parsed decklist, a format (decks.formats) and the card pool
(decks.pool); the page, the API and the command all call ``validate``.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from cards.text import fold

from .formats import Cite, Format
from .parsing import DeckLine, ParsedDeck
from .pool import CardPool, PoolCard

DECK_SLOTS = ("dynasty", "fate")


@dataclass
class Problem:
    code: str
    message: str
    cards: list[str]
    cite: Cite

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "cards": self.cards, "cite": self.cite.as_dict()}


@dataclass
class Entry:
    line: DeckLine
    card: PoolCard
    slot: str  # stronghold, sensei, pregame, dynasty, fate, none


@dataclass
class _Run:
    fmt: Format
    on: dt.date
    problems: list[Problem] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def add(self, code: str, rule: str, message: str, cards: list[str]) -> None:
        self.problems.append(Problem(code, message, cards, self.fmt.cite(rule)))


def _slot(card: PoolCard) -> str:
    if card.type == "Stronghold":
        return "stronghold"
    if card.type == "Sensei":
        return "sensei"
    if card.deck == "Pre-Game":
        return "pregame"
    if card.deck in ("Dynasty", "Fate"):
        return card.deck.lower()
    return "none"


SLOT_NAMES = {"stronghold": "Stronghold", "sensei": "Sensei", "pregame": "Pre-Game", "dynasty": "Dynasty deck",
              "fate": "Fate deck", "none": "no deck"}


def _placement(run: _Run, entry: Entry) -> None:
    """Where the list puts a card against where the card belongs (Ivory CR 3.1: starting
    cards go in no deck; Dynasty and Fate cards only in their own deck)."""
    listed, slot, name = entry.line.section, entry.slot, entry.card.full_title
    if slot == "none":
        run.add("not-allowed-in-deck", "decks",
                f"line {entry.line.line}: {name} is a {entry.card.type or 'special'} card, neither Dynasty nor Fate; "
                "it cannot be part of a play deck. Remove it.", [name])
    elif slot in ("stronghold", "sensei", "pregame") and listed in DECK_SLOTS:
        run.add("not-allowed-in-deck", "pre-game",
                f"line {entry.line.line}: {name} is a starting card ({entry.card.type}); it starts in play and may "
                f"not be put in the {SLOT_NAMES[listed]}. Move it to {SLOT_NAMES[slot]}.", [name])
    elif slot in DECK_SLOTS and listed is not None and listed != slot:
        run.add("wrong-deck", "decks",
                f"line {entry.line.line}: {name} is a {SLOT_NAMES[slot].split()[0]} card listed under "
                f"{SLOT_NAMES[listed]}. Move it to the {SLOT_NAMES[slot]}.", [name])


def _starting_cards(run: _Run, entries: list[Entry]) -> None:
    strongholds = [e for e in entries if e.slot == "stronghold"]
    senseis = [e for e in entries if e.slot == "sensei"]
    stronghold_count = sum(e.line.count for e in strongholds)
    sensei_count = sum(e.line.count for e in senseis)
    if stronghold_count == 0:
        run.add("no-stronghold", "stronghold", "The list has no Stronghold; a play deck has exactly one. "
                                               "Add your Stronghold (under a 'Stronghold' heading or anywhere).", [])
    elif stronghold_count > 1:
        names = [e.card.full_title for e in strongholds]
        run.add("too-many-strongholds", "stronghold",
                f"The list has {stronghold_count} Strongholds ({', '.join(names)}); a play deck has exactly one. "
                "Keep one.", names)
    if sensei_count > 1:
        names = [e.card.full_title for e in senseis]
        run.add("too-many-sensei", "sensei", f"The list has {sensei_count} Senseis ({', '.join(names)}); "
                                             "a play deck may have at most one. Keep one or none.", names)
    if stronghold_count == 1 and sensei_count == 1:
        stronghold, sensei = strongholds[0].card, senseis[0].card
        clan = stronghold.clans[0] if stronghold.clans else "Unaligned"
        allowed = {fold(c) for c in sensei.clans}
        if fold("All Clans") not in allowed and fold(clan) not in allowed:
            run.add("sensei-clan", "sensei-clan",
                    f"{sensei.full_title} may be used only by {', '.join(sensei.clans) or 'no clan'}; "
                    f"{stronghold.full_title} is {clan}. Choose a Sensei for {clan} or an All Clans one.",
                    [sensei.full_title, stronghold.full_title])


def _pool_and_bans(run: _Run, entries: list[Entry]) -> None:
    fmt, on = run.fmt, run.on
    seen = set()
    for entry in entries:
        card = entry.card
        if card.id in seen:
            continue
        seen.add(card.id)
        named = [b for b in card.bans if b[0] and fmt.pool and b[0] in fmt.pool]
        for ban_format, effective, text, condition in named:
            if effective is None or effective <= on:
                since = f" since {effective.isoformat()}" if effective else ""
                extra = f" ({condition})" if condition else ""
                run.add("banned", "banned", f"{card.full_title} is banned in {fmt.name}{since}{extra}. Remove it. "
                                            f"Ban text: “{text}”", [card.full_title])
                break
        else:
            # A ban naming the format means the card was in its pool until the ban took effect.
            if fmt.pool is not None and not card.formats & set(fmt.pool) and not named:
                run.add("not-in-pool", "pool", f"{card.full_title} is not legal in {fmt.name}: its most recent "
                                               "printing is not in that card pool. Replace it.", [card.full_title])
            elif card.released and card.released > on:
                run.add("not-in-pool", "pool", f"{card.full_title} was first released on "
                                               f"{card.released.isoformat()}, after {on.isoformat()}. Replace it or "
                                               "check the event date.", [card.full_title])
        if any(not b[0] for b in card.bans):
            run.warnings.append(f"{card.full_title}: the set files mark it banned without naming a format or "
                                "date; check the current ban list.")


def _copies(run: _Run, entries: list[Entry], pool: CardPool) -> None:
    """Copies by title and level (Ivory CR deck construction); Soul of X counts with X
    where the format says so; Unique (and, in Diamond, Experienced) cards once; older
    editions' single Events and Rings."""
    fmt = run.fmt
    groups: dict[tuple, list[Entry]] = {}
    for entry in entries:
        if entry.slot not in DECK_SLOTS:
            continue
        card = entry.card
        key = (fold(card.title), fold(card.level))
        if fmt.soul_counts_with_original and card.soul_of:
            key = pool.soul_key(card)
        groups.setdefault(key, []).append(entry)
    for group in groups.values():
        total = sum(e.line.count for e in group)
        names = list(dict.fromkeys(e.card.full_title for e in group))
        cards = {e.card.id: e.card for e in group}.values()
        souls = len(names) > 1 and any(c.soul_of for c in cards)
        together = f" ({' and '.join(names)} count together as one title)" if souls else ""
        if any(c.is_unique for c in cards) or (fmt.experienced_unique and any(c.rank >= 1 for c in cards)):
            if total > 1:
                why = "Unique" if any(c.is_unique for c in cards) else "Experienced (Unique in this edition)"
                run.add("unique-limit", "soul" if souls else "unique",
                        f"{total} copies of {names[0]}{together}: it is {why}, so a deck may hold one. "
                        f"Remove {total - 1}.", names)
        elif fmt.events_single and any(c.type == "Event" for c in cards) and total > 1:
            run.add("too-many-copies", "events", f"{total} copies of the Event {names[0]}: {fmt.name} allows one "
                                                 f"copy of each Event. Remove {total - 1}.", names)
        elif fmt.rings_single and any(c.type == "Ring" for c in cards) and total > 1:
            run.add("too-many-copies", "rings", f"{total} copies of the Ring {names[0]}: {fmt.name} allows one "
                                                f"copy of each Elemental Ring. Remove {total - 1}.", names)
        elif total > fmt.copies:
            run.add("too-many-copies", "soul" if souls else "copies",
                    f"{total} copies of {names[0]}{together}: a deck may hold {fmt.copies} of a card. "
                    f"Remove {total - fmt.copies}.", names)


@dataclass
class Unread:
    """Copies on lines that were not read, by the deck heading they came under (None: no heading)."""

    copies: dict[str | None, int] = field(default_factory=dict)
    lines: dict[str | None, list[int]] = field(default_factory=dict)
    uncounted: set = field(default_factory=set)  # headings with a line whose count could not be read either

    def add(self, section: str | None, line: int, count: int | None) -> None:
        self.lines.setdefault(section, []).append(line)
        if count is None:
            self.uncounted.add(section)
        else:
            self.copies[section] = self.copies.get(section, 0) + count

    def could_hold(self, slot: str, missing: int) -> bool:
        """The unread lines that may belong to ``slot`` could hold the ``missing`` cards."""
        return bool({slot, None} & self.uncounted) or self.copies.get(slot, 0) + self.copies.get(None, 0) >= missing

    def line_numbers(self, slot: str) -> list[int]:
        return sorted(self.lines.get(slot, []) + self.lines.get(None, []))


def _sizes(run: _Run, counts: dict[str, int], unread: Unread) -> list[str]:
    """Deck minimums (deck construction rules); where lines that could not be read might
    hold the missing cards, the count is uncertain rather than too small. Returns the
    slots whose count is uncertain."""
    uncertain = []
    for slot, minimum in (("dynasty", run.fmt.dynasty_min), ("fate", run.fmt.fate_min)):
        if counts[slot] >= minimum:
            continue
        missing = minimum - counts[slot]
        name = SLOT_NAMES[slot].capitalize()
        if unread.could_hold(slot, missing):
            uncertain.append(slot)
            lines = ", ".join(map(str, unread.line_numbers(slot)))
            run.warnings.append(f"{name}: {counts[slot]} cards read; line{'s' if ',' in lines else ''} {lines} could "
                                f"not be read and may hold the other {missing}, so its size is uncertain "
                                f"(at least {minimum} needed). Fix the unread lines to check it.")
            continue
        run.add("deck-too-small", "minimum",
                f"{name} has {counts[slot]} cards; this format needs at least {minimum}. Add {missing} "
                f"{slot.capitalize()} card{'s' if missing != 1 else ''} (the Stronghold, Sensei and starting "
                "Holdings do not count).", [])
    return uncertain


def validate(parsed: ParsedDeck, fmt: Format, on: dt.date, pool: CardPool) -> dict:
    run = _Run(fmt, on)
    unread = Unread()
    for error in parsed.errors:
        run.add("parse-error", "stronghold", error.message + ".", [])
        unread.add(error.section if error.section in DECK_SLOTS else None, error.line, None)
    entries: list[Entry] = []
    lines_out = []
    for line in parsed.lines:
        match = pool.match(line.name, line.level, fmt.pool)
        shown = line.name + (f" ({line.level})" if line.level else "")
        if match.card is None:
            if match.code == "unknown-card":
                hint = f" Did you mean {', '.join(match.options)}?" if match.options else ""
                run.add("unknown-card", "pool", f"line {line.line}: no card is titled “{shown}”.{hint}", [shown])
            else:
                run.add("ambiguous-card", "experienced",
                        f"line {line.line}: “{shown}” could be {', '.join(match.options)}; write the level, "
                        f"for example “{line.name} - exp”.", list(match.options))
            lines_out.append({"line": line.line, "text": line.text, "count": line.count, "card_id": None,
                              "title": None, "deck": line.section, "options": list(match.options)})
            if line.section in DECK_SLOTS or line.section is None:
                unread.add(line.section, line.line, line.count)
            continue
        entry = Entry(line, match.card, _slot(match.card))
        entries.append(entry)
        _placement(run, entry)
        lines_out.append({"line": line.line, "text": line.text, "count": line.count, "card_id": match.card.id,
                          "title": match.card.full_title, "deck": entry.slot, "url": match.card.url})
    _starting_cards(run, entries)
    _pool_and_bans(run, entries)
    _copies(run, entries, pool)
    counts = {slot: sum(e.line.count for e in entries if e.slot == slot) for slot in DECK_SLOTS}
    uncertain = _sizes(run, counts, unread)
    strongholds = [e.card.full_title for e in entries if e.slot == "stronghold"]
    senseis = [e.card.full_title for e in entries if e.slot == "sensei"]
    return {
        "legal": not run.problems,
        "format": fmt.slug,
        "format_name": fmt.name,
        "date": on.isoformat(),
        "counts": counts,
        "count_uncertain": uncertain,
        "stronghold": strongholds[0] if len(strongholds) == 1 else (strongholds or None),
        "sensei": senseis[0] if len(senseis) == 1 else (senseis or None),
        "problems": [p.as_dict() for p in run.problems],
        "warnings": list(dict.fromkeys(run.warnings)),
        "lines": lines_out,
        "source": parsed.source,
    }
