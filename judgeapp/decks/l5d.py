"""Writing a validated list back as an Egg of P'an Ku ``.l5d`` file.

The client's shape: ``# Pre-Game (N)``, ``# Stronghold (n)``, ``# Sensei (n)``,
``# Dynasty (N)`` and ``# Fate (N)`` with a sub-header per card type, card lines
``COUNT NAME`` with `` - exp``/`` - exp2`` for levels and ``(1)`` after the Stronghold.
"""
from __future__ import annotations

TYPE_HEADINGS = {"Holding": "Holdings", "Personality": "Personalities", "Event": "Events", "Region": "Regions",
                 "Celestial": "Celestials", "Follower": "Followers", "Item": "Items", "Ring": "Rings",
                 "Strategy": "Strategy", "Spell": "Spells", "Ancestor": "Ancestors"}


def client_name(title: str, level: str) -> str:
    if not level:
        return title
    if level.lower().startswith("inexperienced"):
        return f"{title} - inexp"
    number = level.removeprefix("Experienced").strip()
    return f"{title} - exp{number}"


def write(verdict: dict, pool) -> str:
    groups: dict[str, dict[str, list[tuple[int, str]]]] = {}
    for line in verdict["lines"]:
        card = pool.by_id.get(line["card_id"])
        if card is None:
            continue
        name = client_name(card.title, card.level)
        slot = line["deck"]
        if slot == "stronghold":
            name += " (1)"
        heading = TYPE_HEADINGS.get(card.type, card.type + "s") if slot in ("dynasty", "fate") else ""
        groups.setdefault(slot, {}).setdefault(heading, []).append((line["count"], name))

    def total(slot):
        return sum(count for rows in groups.get(slot, {}).values() for count, _ in rows)

    out = ["", f"# Pre-Game ({total('stronghold') + total('sensei') + total('pregame')})"]
    for slot, label in (("pregame", None), ("stronghold", "Stronghold"), ("sensei", "Sensei")):
        rows = [row for rows in groups.get(slot, {}).values() for row in rows]
        if label and (slot == "stronghold" or rows):
            out += ["", f"# {label} ({total(slot)})"]
        out += [f"{count} {name}" for count, name in rows]
    for slot, label in (("dynasty", "Dynasty"), ("fate", "Fate")):
        out += ["", f"# {label} ({total(slot)})"]
        for heading, rows in groups.get(slot, {}).items():
            out += ["", f"# {heading} ({sum(c for c, _ in rows)})"] + [f"{count} {name}" for count, name in rows]
    return "\n".join(out) + "\n"
