"""A deck check: the cards a judge counted from the physical deck against the registered list.

Both sides are the deck checker's reading of a list (its verdict ``lines``), so the
same card written two ways ("3x Hida Kisada", "Hida Kisada x3") is one card; a
counted line the checker could not read is shown apart rather than guessed.
"""
from __future__ import annotations

from dataclasses import dataclass

SLOT_ORDER = ("stronghold", "sensei", "pregame", "dynasty", "fate", "none")


@dataclass
class Difference:
    title: str
    deck: str
    registered: int
    counted: int

    @property
    def change(self) -> int:
        return self.counted - self.registered

    def as_dict(self) -> dict:
        return {"title": self.title, "deck": self.deck, "registered": self.registered, "counted": self.counted,
                "difference": self.change}


def _tally(lines: list[dict]) -> dict[str, tuple[str, str, int]]:
    out: dict[str, tuple[str, str, int]] = {}
    for line in lines:
        if line.get("card_id"):
            title, deck, count = out.get(line["card_id"], (line["title"], line.get("deck") or "none", 0))
            out[line["card_id"]] = (title, deck, count + line["count"])
    return out


def compare(registered: list[dict], counted: list[dict]) -> dict:
    """Missing (registered, not all counted), extra (counted beyond the list) and unread lines."""
    mine, theirs = _tally(registered), _tally(counted)
    rows = []
    for card_id in mine.keys() | theirs.keys():
        title, deck, _ = mine.get(card_id) or theirs[card_id]
        rows.append(Difference(title, deck, mine.get(card_id, (0, 0, 0))[2], theirs.get(card_id, (0, 0, 0))[2]))
    rows.sort(key=lambda d: (SLOT_ORDER.index(d.deck) if d.deck in SLOT_ORDER else len(SLOT_ORDER), d.title))
    unread = [{"line": line["line"], "text": line["text"]} for line in counted if not line.get("card_id")]
    missing = [d.as_dict() for d in rows if d.change < 0]
    extra = [d.as_dict() for d in rows if d.change > 0]
    return {"matches": not missing and not extra and not unread, "missing": missing, "extra": extra,
            "unread": unread, "registered_total": sum(d.registered for d in rows),
            "counted_total": sum(d.counted for d in rows)}
