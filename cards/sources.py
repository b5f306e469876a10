"""Reading the two card exports from the corpus, as plain Python data.

Set files are YAML (read with PyYAML's C loader when present, 4-5 s for all 130);
the Oracle export is JSON.  Nothing here knows about Django.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import html
import json
from dataclasses import dataclass, field
from pathlib import Path

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class SourceError(RuntimeError):
    """A card export is missing or unreadable; the message names the file."""


@dataclass
class SetInfo:
    name: str
    arc: str
    release_date: dt.date | None
    order: int
    size: int | None = None
    border: str = ""
    notes: str = ""
    code: str = ""


@dataclass
class Exports:
    sets: dict[str, SetInfo]
    printings: list[dict]  # every set-file entry, with "_set" and "_position" added
    oracle: list[dict] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)


def card_dir(corpus: Path) -> Path:
    return Path(corpus) / "cards"


def source_files(corpus: Path) -> list[Path]:
    base = card_dir(corpus)
    if not (base / "set_info.yaml").is_file():
        raise SourceError(f"{base / 'set_info.yaml'}: missing (is L5R_CORPUS_DIR right?)")
    return [base / "set_info.yaml", *sorted((base / "sets").glob("*.yaml")), *sorted((base / "oracle").glob("*.json"))]


def fingerprint(corpus: Path, version: str) -> str:
    digest = hashlib.sha256(version.encode())
    for path in source_files(corpus):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _load_yaml(path: Path):
    try:
        with path.open(encoding="utf-8") as handle:
            return yaml.load(handle, Loader=LOADER)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise SourceError(f"{path}: cannot read ({exc.__class__.__name__}: {str(exc)[:200]})") from exc


def _date(value) -> dt.date | None:
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            return None
    return None


def read_set_info(path: Path) -> dict[str, SetInfo]:
    data = _load_yaml(path)
    sets: dict[str, SetInfo] = {}
    for arc in data.get("arcs", []):
        for entry in arc.get("sets", []):
            name = html.unescape(str(entry["set_name"])).strip()
            sets[name] = SetInfo(
                name=name, arc=html.unescape(str(arc["name"])), release_date=_date(entry.get("release_date")),
                order=len(sets), size=entry.get("size") if isinstance(entry.get("size"), int) else None,
                border=str(entry.get("border") or ""), notes=str(entry.get("notes") or ""),
                code=str(entry.get("code") or ""),
            )
    return sets


def read(corpus: Path) -> Exports:
    files = source_files(corpus)
    sets = read_set_info(files[0])
    printings: list[dict] = []
    for path in files[1:]:
        if path.suffix == ".yaml":
            data = _load_yaml(path)
            if not isinstance(data, dict) or "set" not in data or not isinstance(data.get("cards"), list):
                raise SourceError(f"{path}: not a set file (needs 'set:' and a 'cards:' list)")
            name = html.unescape(str(data["set"])).strip()
            if name not in sets:
                raise SourceError(f"{path}: set {name!r} is not in set_info.yaml")
            for position, entry in enumerate(data["cards"]):
                printings.append(dict(entry, _set=name, _position=position))
    oracle: list[dict] = []
    for path in files:
        if path.suffix == ".json":
            try:
                oracle.extend(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError) as exc:
                raise SourceError(f"{path}: cannot read ({exc})") from exc
    return Exports(sets, printings, oracle, files)
