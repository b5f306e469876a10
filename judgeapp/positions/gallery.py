"""The gallery: worked positions written from the Comprehensive Rules' own rules and examples."""
from __future__ import annotations

from pathlib import Path

import yaml

GALLERY = Path(__file__).resolve().parent / "gallery"


def entries() -> list[dict]:
    out = []
    for path in sorted(GALLERY.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
        out.append({"slug": path.stem, "title": data.get("title") or path.stem, "text": text})
    return out
