"""How much of the real card pool the engine can execute: the worklist for the card-text grammar.

A card is *fully executable* when every ability and trait of its text is read (by the
grammar, or by a reviewed override) and nothing is reported unread.  Counted over the
cards legal in the chosen formats that have rules text (reminder text alone is not rules
text, ``reminder-text``).
"""
from __future__ import annotations

from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path

import yaml

from cards.models import Card
from judgeapp.engine.cardtext import shape

from .lookup import to_carddef

FORMATS = {"ivory": ("ivory",), "twenty-festivals": ("twenty-festivals",), "both": ("ivory", "twenty-festivals")}
NOTES = Path(__file__).resolve().parent / "card_reading_notes.yaml"


def units(reading) -> int:
    return (len(reading.abilities) + len(reading.triggers) + len(reading.statics) + (reading.produce is not None)
            + (reading.invest_cost is not None) + (reading.discipline is not None))


@lru_cache(maxsize=1)
def notes() -> list[dict]:
    """Cards whose text is genuinely ambiguous: the reading chosen and the rules section it follows."""
    return yaml.safe_load(NOTES.read_text(encoding="utf-8")) or []


def coverage(formats: tuple[str, ...] = FORMATS["both"], top: int = 20) -> dict:
    cards = Card.objects.filter(legalities__format__in=formats).distinct().order_by("folded_title", "rank") \
        .prefetch_related("legalities")
    total = full = parsed_units = all_units = 0
    by_type: dict[str, Counter] = defaultdict(Counter)
    by_format: dict[str, Counter] = {f: Counter() for f in formats}
    shapes: Counter = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    reasons: dict[str, str] = {}
    for card in cards:
        definition = to_carddef(card)
        reading = definition.reading
        read, unread = units(reading), len(reading.unparsed)
        if read + unread == 0:
            continue
        total += 1
        full += unread == 0
        parsed_units += read
        all_units += read + unread
        legal = {entry.format for entry in card.legalities.all()}
        for row in [by_type[card.type or "Other"]] + [by_format[f] for f in formats if f in legal]:
            row["cards"] += 1
            row["full"] += unread == 0
            row["units"] += read + unread
            row["read"] += read
        for u in reading.unparsed:
            key = shape(u.text, card.title, definition.type)
            shapes[key] += 1
            reasons.setdefault(key, u.reason)
            if len(examples[key]) < 3 and card.title not in examples[key]:
                examples[key].append(card.title)
    return {
        "formats": list(formats),
        "cards_with_text": total, "cards_fully_executable": full, "cards_share": _share(full, total),
        "units": all_units, "units_read": parsed_units, "units_share": _share(parsed_units, all_units),
        "by_format": {f: dict(row, share=_share(row["full"], row["cards"]), units_share=_share(row["read"], row["units"]))
                      for f, row in by_format.items()},
        "by_type": {t: dict(row, share=_share(row["full"], row["cards"])) for t, row in sorted(by_type.items())},
        "unread_shapes": [{"shape": s, "count": n, "reason": reasons[s], "examples": examples[s]}
                          for s, n in shapes.most_common(top)],
        "notes": notes(),
    }


def _share(n: int, d: int) -> float:
    return round(100 * n / d, 1) if d else 0.0


def lines(report: dict) -> list[str]:
    out = [f"Card text coverage ({' + '.join(report['formats'])}-legal cards with rules text)",
           f"cards fully executable: {report['cards_fully_executable']} / {report['cards_with_text']} "
           f"({report['cards_share']}%)",
           f"abilities and traits read: {report['units_read']} / {report['units']} ({report['units_share']}%)", ""]
    if len(report["by_format"]) > 1:
        out.append("by format:")
        for name, row in report["by_format"].items():
            out.append(f"  {name:<17} {row['full']:>5} / {row['cards']:<5} cards ({row['share']}%), "
                       f"{row['read']} / {row['units']} units ({row['units_share']}%)")
        out.append("")
    out.append("by type:")
    for kind, row in report["by_type"].items():
        out.append(f"  {kind:<12} {row['full']:>5} / {row['cards']:<5} cards ({row['share']}%), "
                   f"{row['read']} / {row['units']} units")
    out += ["", f"the {len(report['unread_shapes'])} most common unread shapes:"]
    for i, row in enumerate(report["unread_shapes"], 1):
        out.append(f"{i:>3}. {row['count']:>4} × {row['shape']}")
        out.append(f"        e.g. {', '.join(row['examples'])} — {row['reason']}")
    out += ["", "notes (text read one way where it could be read two; the rules section followed):"]
    for n in report["notes"]:
        out.append(f"  - {n['title']}: {n['reading']} [{n['cr']}]")
    return out
