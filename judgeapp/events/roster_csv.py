"""A roster file (``name,email[,decklist]``) read into rows, every bad row named by its line.

The whole file is read and checked before anything is written: the caller imports
only a file without a single error, so a half-imported roster cannot happen.  A
decklist cell may span several lines (a quoted CSV field); a row is reported by the
line it starts on, as a spreadsheet shows it.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import validate_email

MAX_BYTES = 2_000_000
MAX_ROWS = 2_000
MAX_NAME = 150
HEADERS = (["name", "email"], ["name", "email", "decklist"])


class RosterFileError(ValueError):
    """The file as a whole is unusable (too big, not text)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


@dataclass
class Row:
    line: int
    name: str
    email: str
    decklist: str | None


@dataclass
class RowError:
    line: int
    message: str

    def as_dict(self) -> dict:
        return {"line": self.line, "message": self.message}


def decode(data: bytes | str) -> str:
    if isinstance(data, str):
        data = data.encode("utf-8", errors="surrogatepass")
    if len(data) > MAX_BYTES:
        raise RosterFileError("too-large", f"The file is {len(data):,} bytes; the limit is {MAX_BYTES:,}. "
                                           "Split the roster into several files.")
    if b"\0" in data:
        raise RosterFileError("not-text", "The file is not text (it contains NUL bytes). Save the roster as CSV.")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise RosterFileError("not-utf8", f"Line {line} is not UTF-8 text. Save the roster as CSV (UTF-8).")


def player_problems(name: str, email: str) -> list[str]:
    """What is wrong with a player's name and e-mail, in words for the organizer."""
    problems = []
    if not name:
        problems.append("the name is empty")
    elif len(name) > MAX_NAME:
        problems.append(f"the name has {len(name)} characters (at most {MAX_NAME})")
    try:
        validate_email(email)
    except ValidationError:
        problems.append(f"{email[:60]!r} is not an e-mail address" if email else "the e-mail is empty")
    return problems


def _check(line: int, cells: list[str], seen: dict[str, int], rows: list[Row], errors: list[RowError]) -> None:
    if len(cells) not in (2, 3):
        errors.append(RowError(line, f"line {line}: {len(cells)} columns; a row is name,email or "
                                     "name,email,decklist (quote a decklist that holds commas or line breaks)"))
        return
    name, email = cells[0].strip(), cells[1].strip().lower()
    decklist = cells[2] if len(cells) == 3 and cells[2].strip() else None
    problems = player_problems(name, email)
    if not problems and email in seen:
        problems.append(f"{email} is already on line {seen[email]}")
    seen.setdefault(email, line)
    if problems:
        errors.append(RowError(line, f"line {line}: " + "; ".join(problems)))
    else:
        rows.append(Row(line, name, email, decklist))


def read(data: bytes | str) -> tuple[list[Row], list[RowError]]:
    """Every row that is fine, and an error for every row that is not."""
    text = decode(data)
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    rows: list[Row] = []
    errors: list[RowError] = []
    seen: dict[str, int] = {}
    line, first = 1, True
    try:
        for cells in reader:
            start, line = line, reader.line_num + 1
            if not cells or not any(c.strip() for c in cells):
                continue
            if first and [c.strip().lower() for c in cells] in HEADERS:
                first = False
                continue
            first = False
            if len(rows) + len(errors) >= MAX_ROWS:
                errors.append(RowError(start, f"line {start}: more than {MAX_ROWS:,} players; split the file"))
                break
            _check(start, cells, seen, rows, errors)
    except csv.Error as exc:
        if "field limit" in str(exc):
            errors.append(RowError(line, f"line {line}: a cell is over {csv.field_size_limit():,} characters; "
                                         "a decklist is a few kilobytes (check the quotes on this row)"))
        else:
            errors.append(RowError(line, f"line {line}: not valid CSV ({exc}); check the quotes on this row"))
    if not rows and not errors:
        errors.append(RowError(1, "the file has no players: one row per player, name,email[,decklist]"))
    return rows, errors
