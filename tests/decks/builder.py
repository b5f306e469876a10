"""Legal decklists of our own, built from the real card pool, and ways to break them.

Each deck is text as a player would write it, in a mix of notations (counts before
and after, levels written several ways), so the parser is exercised by every test.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from cards.text import fold
from judgeapp.decks.formats import Format
from judgeapp.decks.pool import CardPool, PoolCard

STYLES = ("{n} {name}", "{n}x {name}", "{name} x{n}")


@dataclass
class BuiltDeck:
    fmt: Format
    clan: str
    stronghold: PoolCard
    sensei: PoolCard | None
    dynasty: list[tuple[int, PoolCard]] = field(default_factory=list)
    fate: list[tuple[int, PoolCard]] = field(default_factory=list)

    def text(self, extra_dynasty=(), extra_fate=(), drop=(), fate_in_dynasty=(), stronghold_in_dynasty=False,
             with_stronghold=True, senseis=None, strongholds=None) -> str:
        out = ["# built by tests/decks/builder.py", ""]
        if with_stronghold and not stronghold_in_dynasty:
            out += ["Stronghold"] + [f"1 {name_of(s)}" for s in (strongholds or [self.stronghold])]
        senseis = senseis if senseis is not None else ([self.sensei] if self.sensei else [])
        if senseis:
            out += ["", "Sensei:"] + [f"1 {name_of(s)}" for s in senseis]
        out += ["", f"Dynasty ({sum(n for n, _ in self.dynasty)})"]
        if stronghold_in_dynasty:
            out.append(f"1 {name_of(self.stronghold)}")
        for i, (n, card) in enumerate(self.dynasty):
            if card.id not in drop:
                out.append(STYLES[i % 3].format(n=n, name=name_of(card, i)))
        out += [f"{n} {name}" for n, name in extra_dynasty]
        out += [f"{n} {name_of(c)}" for n, c in self.fate if c.id in fate_in_dynasty]
        out += ["", "// fate deck", "Fate"]
        for i, (n, card) in enumerate(self.fate):
            if card.id not in drop and card.id not in fate_in_dynasty:
                out.append(STYLES[(i + 1) % 3].format(n=n, name=name_of(card, i)))
        out += [f"{n} {name}" for n, name in extra_fate]
        return "\n".join(out) + "\n"


def name_of(card: PoolCard, i: int = 0) -> str:
    if not card.level:
        return card.title
    number = card.level.removeprefix("Experienced").removeprefix("Inexperienced").strip()
    word = "Inexperienced" if card.level.startswith("In") else "Experienced"
    return [f"{card.title} - exp{number}", f"{card.title} ({card.level})", f"{card.title} • {card.level}"][i % 3] \
        if word == "Experienced" else f"{card.title} ({card.level})"


def in_pool(card: PoolCard, fmt: Format) -> bool:
    return fmt.pool is None or bool(card.formats & set(fmt.pool))


def banned(card: PoolCard, fmt: Format) -> bool:
    return bool(fmt.pool) and any(b[0] in fmt.pool for b in card.bans)


def usable(pool: CardPool, fmt: Format, souls: set) -> list[PoolCard]:
    """Cards a test deck may hold without side issues: in the pool, unbanned, not a
    Soul of X nor anyone's X, and the only card of its name and level."""
    out = []
    for card in pool.cards:
        twins = [c for c in pool.by_title[fold(card.title)] if fold(c.level) == fold(card.level)]
        if (in_pool(card, fmt) and not banned(card, fmt) and not card.soul_of and fold(card.title) not in souls
                and len(twins) == 1 and (card.level or not any(c.level for c in pool.by_title[fold(card.title)]) or
                                         True) and not any(b[0] == "" for b in card.bans)):
            out.append(card)
    return out


def copies(card: PoolCard, fmt: Format) -> int:
    if card.is_unique or (fmt.experienced_unique and card.rank >= 1):
        return 1
    if (fmt.events_single and card.type == "Event") or (fmt.rings_single and card.type == "Ring"):
        return 1
    return 3


def build(pool: CardPool, fmt: Format, clan: str) -> BuiltDeck:
    souls = {fold(c.soul_of.split(" • ")[0]) for c in pool.cards if c.soul_of}
    cards = usable(pool, fmt, souls)
    stronghold = next(c for c in cards if c.type == "Stronghold" and c.clans[:1] == (clan,))
    sensei = next((c for c in cards if c.type == "Sensei" and (clan in c.clans or "All Clans" in c.clans)), None)
    deck = BuiltDeck(fmt, clan, stronghold, sensei)
    for slot, target in (("Dynasty", deck.dynasty), ("Fate", deck.fate)):
        own = [c for c in cards if c.deck == slot and clan in c.clans]
        neutral = [c for c in cards if c.deck == slot and not c.clans]
        total = 0
        for card in own + neutral:
            if total >= 42:
                break
            n = copies(card, fmt)
            target.append((n, card))
            total += n
    return deck
