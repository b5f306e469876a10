"""Deck formats as data: card pool, minimums, copy rules, and the rule each comes from.

Each edition's rules come from its own document where the corpus has one (Ivory CR,
the Emperor CR page, the Celestial and Diamond rulebooks); formats whose rulebook is
not in the corpus follow the nearest later document, as Cardinal Rule 3 has later
documents win (``ivory-cr/cardinal-rules``).  Plain data: the validator, the API and
the formats page all read this table.
"""
from __future__ import annotations

from dataclasses import dataclass, field

STARTING_HOLDINGS = ("Border Keep", "Bamboo Harvesters")


@dataclass(frozen=True)
class Cite:
    doc: str
    section: str  # the section's short id (anchor) in the rules lookup
    title: str

    @property
    def url(self) -> str:
        return f"/rules/{self.doc}/{self.section}/"

    def as_dict(self) -> dict:
        return {"doc": self.doc, "section": self.section, "title": self.title, "url": self.url}


IVORY_DECK = Cite("ivory-cr", "deck-construction-rules", "Deck construction rules")
IVORY_STRONGHOLD = Cite("ivory-cr", "stronghold", "Stronghold")
IVORY_SENSEI = Cite("ivory-cr", "sensei", "Sensei")
IVORY_PLAY_DECK = Cite("ivory-cr", "the-play-deck", "The play deck")
IVORY_SOUL = Cite("ivory-cr", "soul-of", "“Soul of …”")
IVORY_UNIQUE = Cite("ivory-cr", "unique", "Unique")
IVORY_DECKS = Cite("ivory-cr", "fate-and-dynasty-decks", "Fate and Dynasty decks")
EMPEROR_DECK = Cite("emperor-cr-player", "the-play-deck", "The play deck")
CELESTIAL_DECK = Cite("celestial-rulebook", "deck-construction", "Deck Construction")
CELESTIAL_HOLDINGS = Cite("celestial-rulebook", "starting-holdings", "Starting Holdings")
DIAMOND_SETUP = Cite("diamond-rulebook", "setup", "Setup")
DIAMOND_SOUL = Cite("diamond-rulebook", "soul-of-personalities", "“Soul of...” Personalities")
DIAMOND_SENSEI = Cite("diamond-rulebook", "card-types-in-detail-sensei", "Sensei")


@dataclass(frozen=True)
class Format:
    slug: str
    name: str
    pool: tuple[str, ...] | None  # legality arcs; None: any card
    rules: dict[str, Cite] = field(default_factory=dict)  # rule name -> where it is written
    dynasty_min: int = 40
    fate_min: int = 40
    copies: int = 3
    events_single: bool = False
    rings_single: bool = False  # Diamond: Elemental Rings, one copy each
    experienced_unique: bool = False  # Diamond: "Unique cards include all Experienced cards"
    soul_counts_with_original: bool = True
    note: str = ""

    def cite(self, rule: str) -> Cite:
        return self.rules[rule]

    def as_dict(self) -> dict:
        return {
            "slug": self.slug, "name": self.name, "pool": list(self.pool) if self.pool else "any card",
            "dynasty_min": self.dynasty_min, "fate_min": self.fate_min, "copies": self.copies,
            "unique_copies": 1, "events_single": self.events_single, "rings_single": self.rings_single,
            "experienced_unique": self.experienced_unique, "soul_counts_with_original": self.soul_counts_with_original,
            "starting_holdings_kept_out": list(STARTING_HOLDINGS), "note": self.note,
            "rules": {name: cite.as_dict() for name, cite in self.rules.items()},
        }


def _ivory_rules(**overrides) -> dict[str, Cite]:
    rules = {
        "pool": IVORY_DECK, "banned": IVORY_DECK, "minimum": IVORY_DECK, "copies": IVORY_DECK,
        "unique": IVORY_DECK, "experienced": IVORY_DECK, "soul": IVORY_SOUL, "stronghold": IVORY_PLAY_DECK,
        "sensei": IVORY_SENSEI, "sensei-clan": IVORY_SENSEI, "pre-game": IVORY_STRONGHOLD, "decks": IVORY_DECKS,
        "events": IVORY_DECK, "rings": IVORY_DECK,
    }
    rules.update(overrides)
    return rules


# The Twenty Festivals CR keeps the Ivory CR's section ids (rules lookup), so the
# Twenty Festivals format cites the same sections in its own edition's document.
TWENTY_FESTIVALS_RULES = {rule: Cite("twenty-festivals-cr", c.section, c.title) for rule, c in _ivory_rules().items()}
EMPEROR_RULES = _ivory_rules(pool=EMPEROR_DECK, minimum=EMPEROR_DECK, copies=EMPEROR_DECK, unique=EMPEROR_DECK,
                             experienced=EMPEROR_DECK, soul=EMPEROR_DECK, stronghold=EMPEROR_DECK,
                             **{"pre-game": EMPEROR_DECK})
CELESTIAL_RULES = _ivory_rules(pool=CELESTIAL_DECK, minimum=CELESTIAL_DECK, copies=CELESTIAL_DECK,
                               unique=CELESTIAL_DECK, experienced=CELESTIAL_DECK, events=CELESTIAL_DECK,
                               **{"pre-game": CELESTIAL_DECK})
DIAMOND_RULES = _ivory_rules(pool=DIAMOND_SETUP, minimum=DIAMOND_SETUP, copies=DIAMOND_SETUP, unique=DIAMOND_SETUP,
                             experienced=DIAMOND_SETUP, soul=DIAMOND_SOUL, events=DIAMOND_SETUP, rings=DIAMOND_SETUP,
                             sensei=DIAMOND_SENSEI, **{"sensei-clan": DIAMOND_SENSEI})

FORMATS: tuple[Format, ...] = (
    Format("ivory", "Ivory Extended 40/40", ("ivory",), _ivory_rules()),
    Format("twenty-festivals", "Twenty Festivals 40/40", ("twenty-festivals",), TWENTY_FESTIVALS_RULES,
           note="The Twenty Festivals CR's deck construction rules."),
    Format("emperor", "Emperor 40/40", ("emperor",), EMPEROR_RULES, soul_counts_with_original=False,
           note="A Soul of X card's original may be used as its proxy; they are not counted together."),
    Format("celestial", "Celestial 40/40", ("celestial",), CELESTIAL_RULES, events_single=True,
           soul_counts_with_original=False),
    Format("samurai", "Samurai 40/40", ("samurai",), CELESTIAL_RULES, events_single=True,
           note="No Samurai rulebook in the corpus: the Celestial rulebook's deck construction applies."),
    Format("lotus", "Lotus 40/40", ("lotus",), CELESTIAL_RULES, events_single=True,
           note="No Lotus rulebook in the corpus: the Celestial rulebook's deck construction applies."),
    Format("diamond", "Diamond 40/40", ("diamond",), DIAMOND_RULES, events_single=True, rings_single=True,
           experienced_unique=True),
    Format("gold", "Gold 40/40", ("gold",), DIAMOND_RULES, events_single=True,
           note="No Gold rulebook in the corpus: the Diamond rulebook's limits on Events apply."),
    Format("jade", "Jade 40/40", ("jade",), DIAMOND_RULES, events_single=True,
           note="No Jade rulebook in the corpus: the Diamond rulebook's limits on Events apply."),
    Format("imperial", "Imperial 40/40", ("imperial",), DIAMOND_RULES, events_single=True,
           note="No Imperial rulebook in the corpus: the Diamond rulebook's limits on Events apply."),
    Format("onyx", "Onyx 40/40", ("onyx",), _ivory_rules()),
    Format("shattered-empire", "Shattered Empire 40/40", ("shattered-empire",), _ivory_rules(),
           note="No Shattered Empire rulebook in the corpus: the Ivory CR's deck construction applies."),
    Format("modern", "Modern 40/40", ("modern",), _ivory_rules()),
    Format("legacy", "Legacy 40/40", ("legacy",), _ivory_rules(),
           note="No Legacy rulebook in the corpus: the Ivory CR's deck construction applies."),
    Format("open", "Open (any card)", None, _ivory_rules(),
           note="Any card ever printed; only the general Ivory CR deck construction rules."),
)
BY_SLUG = {f.slug: f for f in FORMATS}
