"""The card query language's fields: one table for the parser, the help page and errors.

Each field says how it is indexed (``kind``), the names a user may type for it, and
examples; nothing else in the project lists fields.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import legality


@dataclass(frozen=True)
class Field:
    name: str  # the index field
    aliases: tuple[str, ...]
    kind: str  # "name", "text", "keyword", "number", "flag"
    help: str
    examples: tuple[str, ...]
    values: tuple[str, ...] = ()  # the only accepted values, when the set is closed
    label: str = ""  # the stat's name on the card, for numbers

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


FORMAT_SLUGS = tuple(arc.slug for arc in legality.ARCS)
IS_VALUES = ("unique", "experienced", "inexperienced", "soul", "extra")

FIELDS: tuple[Field, ...] = (
    Field("name", (), "name", "Words of the title, level included; the default for bare words. `*` is a wildcard.",
          ("kisada", '"hida kisada"', "name:akodo*")),
    Field("type", ("t",), "keyword", "Card type.", ("t:personality", "type:holding", "t:stronghold")),
    Field("clan", ("c",), "keyword", "Clan, as printed; quote names of several words.",
          ("c:crab", 'c:"brotherhood of shinsei"', "c:unaligned")),
    Field("keyword", ("kw",), "keyword", "A whole keyword (traits like Samurai, Cavalry, Unique, Soul of X).",
          ("kw:cavalry", "kw:samurai", 'kw:"crab clan"')),
    Field("text", ("o",), "text", "Words of the card text as it reads now, stemmed (destroy finds destroyed).",
          ("o:ranged", 'o:"target personality"', "o:destroy")),
    Field("deck", (), "keyword", "Dynasty, Fate, Pre-Game or Other.", ("deck:fate", "deck:pre-game"),
          ("dynasty", "fate", "pre-game", "other")),
    Field("set", ("s", "e"), "keyword", "A set the card was printed in (any printing): its name, the start of "
                                       "it, or its code; the results say which sets matched.",
          ('set:"ivory edition"', "set:ivory", "set:the-coming-storm", "set:GE")),
    Field("rarity", ("r",), "keyword", "A rarity the card was printed at (any printing).",
          ("r:rare", "r:fixed", "r:promo"), ("common", "uncommon", "rare", "fixed", "promo", "premium")),
    Field("legal", ("format",), "keyword", "In the format's card pool and not banned there.",
          ("legal:ivory", "legal:emperor", "legal:modern"), FORMAT_SLUGS),
    Field("banned", (), "keyword", "Banned in the format (`any`: any ban; `unspecified`: a ban naming no format).",
          ("banned:ivory", "banned:any"), (*FORMAT_SLUGS, "any", "unspecified")),
    Field("is", (), "flag", "unique, experienced (any Experienced level), inexperienced, soul (a Soul of X card), "
                            "extra (a card in no deck: bios, deck backers, tokens, rules cards; hidden unless "
                            "asked for).",
          ("is:unique", "is:experienced", "-is:unique", "is:extra"), IS_VALUES),
    Field("force", ("f", "pow"), "number", "Force (Items and Followers: the bonus they give).",
          ("f>=4", "force=0", "f:+2"), label="Force"),
    Field("chi", (), "number", "Chi.", ("chi>=3", "chi:0"), label="Chi"),
    Field("hr", ("honor",), "number", "Honor Requirement (cards with `-` have none and never match).",
          ("hr<=2", "hr>5"), label="Honor Requirement"),
    Field("ph", (), "number", "Personal Honor.", ("ph>=3", "ph=0"), label="Personal Honor"),
    Field("cost", ("gc",), "number", "Gold Cost (`*` costs never match).", ("cost<=3", "gc=0"), label="Gold Cost"),
    Field("focus", ("fv",), "number", "Focus Value.", ("focus=4", "focus>=3"), label="Focus"),
    Field("strength", ("ps",), "number", "Province Strength of Strongholds (modifiers on Senseis).",
          ("strength>=8",), label="Province Strength"),
    Field("gp", ("production",), "number", "Gold Production.", ("gp>=5",), label="Gold Production"),
    Field("sh", ("starting",), "number", "Starting Family Honor.", ("sh>=7",), label="Starting Family Honor"),
)
BY_NAME = {name: f for f in FIELDS for name in f.names}
ORDERS = {"title": "title", "name": "title", "cost": "cost", "force": "force", "chi": "chi", "ph": "ph",
          "focus": "focus", "hr": "hr"}
DIRECTIONS = ("asc", "desc")
STAT_OF_FIELD = {"force": "force", "chi": "chi", "hr": "honor_requirement", "ph": "personal_honor",
                 "cost": "gold_cost", "focus": "focus", "strength": "province_strength", "gp": "gold_production",
                 "sh": "starting_honor"}


def valid_fields_text() -> str:
    names = [f"{f.name}:" + (f" ({', '.join(a + ':' for a in f.aliases)})" if f.aliases else "") for f in FIELDS]
    return "; ".join(names) + "; order:" + "|".join(dict.fromkeys(ORDERS.values())) + "; dir:asc|desc"
