"""Legality arcs: the exports' legality values mapped to the format slugs used everywhere.

One slug per arc.  Both spellings of Onyx map to ``onyx``; proxy and unreleased
printings belong to no format.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Arc:
    slug: str
    name: str
    values: tuple[str, ...]


ARCS: tuple[Arc, ...] = (
    Arc("ivory", "Ivory Edition (A Brother's Destiny)", ("A Brother's Destiny (Ivory Edition)",)),
    Arc("twenty-festivals", "Twenty Festivals (A Brother's Destiny)", ("A Brother's Destiny (Twenty Festivals)",)),
    Arc("emperor", "Emperor Edition (Age of Conquest)", ("Age of Conquest (Emperor)",)),
    Arc("celestial", "Celestial Edition (Destroyer War)", ("Destroyer War (Celestial)",)),
    Arc("samurai", "Samurai Edition (Race for the Throne)", ("Race for the Throne (Samurai)",)),
    Arc("lotus", "Lotus Edition (Age of Enlightenment)", ("Age of Enlightenment (Lotus)",)),
    Arc("diamond", "Diamond Edition (Rain of Blood)", ("Rain of Blood (Diamond)",)),
    Arc("gold", "Gold Edition (Four Winds)", ("Four Winds (Gold)",)),
    Arc("jade", "Jade Edition (Hidden Emperor)", ("Hidden Emperor (Jade)",)),
    Arc("imperial", "Imperial Edition (Clan Wars)", ("Clan Wars (Imperial)",)),
    Arc("onyx", "Onyx Edition (War of the Seals)", ("Onyx Edition", "War of the Seals (Onyx Edition)")),
    Arc("shattered-empire", "Shattered Empire", ("Shattered Empire",)),
    Arc("modern", "Modern", ("Modern",)),
    Arc("legacy", "Legacy", ("Legacy",)),
)
BY_SLUG = {arc.slug: arc for arc in ARCS}
SLUG_OF_VALUE = {value: arc.slug for arc in ARCS for value in arc.values}
NOT_LEGAL = {"Not Legal (Proxy)", "Unreleased"}


def slugs_of(values) -> list[str]:
    """Format slugs for a printing's legality values, each once, in ARCS order.

    Unknown values raise, so a new arc in the export is noticed rather than dropped.
    """
    found = set()
    for value in values or ():
        if value in NOT_LEGAL:
            continue
        if value not in SLUG_OF_VALUE:
            raise ValueError(f"unknown legality value {value!r}")
        found.add(SLUG_OF_VALUE[value])
    return [arc.slug for arc in ARCS if arc.slug in found]
