"""Ban texts of the Oracle export read into (formats, effective date).

The texts are free prose: "Banned from Ivory and Ivory 2 tournaments effective
September 10th, 2014", sometimes without a year ("effective March 14th").  A missing
year is taken as the first one on or after the card's latest release, and flagged.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"], start=1)}
DATE = re.compile(r"effective\s+(?P<month>[A-Za-z]+)\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?(?:,?\s*(?P<year>\d{4}))?",
                  re.I)
# Names the ban texts use for formats; "Ivory 2" is the arc that was released as Twenty Festivals.
FORMAT_WORDS = [
    (re.compile(r"\bIvory 2\b", re.I), "twenty-festivals"),
    (re.compile(r"\bTwenty Festivals\b", re.I), "twenty-festivals"),
    (re.compile(r"\bIvory(?! 2)\b", re.I), "ivory"),
    (re.compile(r"\bEmperor\b", re.I), "emperor"),
    (re.compile(r"\bCelestial\b", re.I), "celestial"),
    (re.compile(r"\bModern\b", re.I), "modern"),
]


@dataclass(frozen=True)
class ParsedBan:
    formats: tuple[str, ...]
    effective: dt.date | None
    year_inferred: bool
    condition: str


def parse_ban(text: str, released: dt.date | None) -> ParsedBan:
    formats = []
    for pattern, slug in FORMAT_WORDS:
        if pattern.search(text) and slug not in formats:
            formats.append(slug)
    effective, inferred = None, False
    match = DATE.search(text)
    if match and match["month"].lower() in MONTHS:
        month, day = MONTHS[match["month"].lower()], int(match["day"])
        if match["year"]:
            effective = dt.date(int(match["year"]), month, day)
        elif released:
            year = released.year
            while dt.date(year, month, day) < released:
                year += 1
            effective, inferred = dt.date(year, month, day), True
    condition = ""
    unless = re.search(r"\bunless\b([^;]*)", text, re.I)
    if unless:
        condition = "unless" + unless.group(1).rstrip(" .")
    return ParsedBan(tuple(formats), effective, inferred, condition)
