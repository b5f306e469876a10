"""A checked list laid out for a printed decklist sheet: starting cards, then each deck
by card type with subtotals and totals, as a judge reads a sheet at a deck check (the
deck checker's sheet and an event's sheets, templates/decks/_sheet_body.html)."""
from __future__ import annotations

from .l5d import TYPE_HEADINGS


def layout(verdict: dict, pool) -> dict:
    starting: list[tuple[int, str, str]] = []
    decks: dict[str, dict[str, list[tuple[int, str]]]] = {"dynasty": {}, "fate": {}}
    unread = []
    for line in verdict["lines"]:
        card = pool.by_id.get(line["card_id"]) if line.get("card_id") else None
        if card is None:
            unread.append((line["count"], line["text"]))
        elif line["deck"] in decks:
            heading = TYPE_HEADINGS.get(card.type, card.type or "Other")
            decks[line["deck"]].setdefault(heading, []).append((line["count"], card.full_title))
        else:
            starting.append((line["count"], card.full_title, card.type))
    sections = {
        slot: [{"heading": heading, "rows": sorted(rows, key=lambda r: r[1]), "total": sum(n for n, _ in rows)}
               for heading, rows in sorted(groups.items())]
        for slot, groups in decks.items()
    }
    return {"starting": starting, "dynasty": sections["dynasty"], "fate": sections["fate"], "unread": unread,
            "dynasty_total": sum(g["total"] for g in sections["dynasty"]),
            "fate_total": sum(g["total"] for g in sections["fate"])}
