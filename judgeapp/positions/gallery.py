"""The gallery: worked positions written from the Comprehensive Rules' own rules and examples."""
from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

GALLERY = Path(__file__).resolve().parent / "gallery"


@cache
def entries() -> list[dict]:
    """The gallery's positions (files shipped with the code: read once per process)."""
    out = []
    for path in sorted(GALLERY.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
        out.append({"slug": path.stem, "title": data.get("title") or path.stem, "text": text})
    return out
