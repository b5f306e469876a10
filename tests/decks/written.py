"""Decklists as players post them, made from the corpus's Egg of P'an Ku files."""
from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

LION = Path(settings.L5R_CORPUS_DIR) / "decklists" / "2014-Ivory-Starter-Lion.l5d"


def labelled(l5d: str) -> str:
    """The file rewritten the way players post lists: labels with the card on the same
    line, headings with counts and decorations, "3x" counts."""
    out, stronghold = [], False
    for line in l5d.splitlines():
        heading = re.fullmatch(r"# (.+) \((\d+)\)", line)
        if heading:
            name, count = heading.groups()
            stronghold = name == "Stronghold"
            out += [] if name in ("Pre-Game", "Stronghold") else [
                {"Dynasty": f"DYNASTY DECK ({count} cards)", "Fate": f"Fate: {count}"}.get(name, f"== {name} ==")]
        elif line.strip():
            count, card = line.split(" ", 1)
            out.append(f"Stronghold: {card.removesuffix(' (1)')}" if stronghold else f"{count}x {card}")
    return "\n".join(out)
