"""The engine's fixed vocabularies, each in one place: zones, reason codes, points of the
turn, action rounds, step kinds, durations.

Each is a ``StrEnum`` so a value compares equal to the string the position format and
the timeline use (``Reason.PRESENCE == "presence"``), and a typo is an ``AttributeError``
at import time instead of a silently wrong answer.
"""
from __future__ import annotations

from enum import StrEnum


class Zone(StrEnum):
    """Where a card is (``areas-of-the-game``): in play, or one out-of-play area."""

    PLAY = "play"
    HAND = "hand"
    FATE_DECK = "fate_deck"
    DYNASTY_DECK = "dynasty_deck"
    PROVINCE = "province"
    DISCARD = "discard"
    DEAD = "dead"
    REMOVED = "removed"
    FOCUS = "focus"
    RESOLUTION = "resolution"


OUT_OF_PLAY = frozenset(z for z in Zone if z is not Zone.PLAY)


class Reason(StrEnum):
    """Why a scripted step was refused (POSITION-FORMAT.md, reason codes)."""

    WRONG_ROUND = "wrong-round"
    NOT_ACTIVE_PLAYER = "not-active-player"
    BOWED = "bowed"
    PRESENCE = "presence"
    LOCATION = "location"
    NO_TARGET = "no-target"
    USED = "used"
    COST = "cost"
    HONOR_REQUIREMENT = "honor-requirement"
    NO_SECOND_BATTLE = "no-second-battle"
    UNKNOWN_CARD = "unknown-card"
    NOT_IN_HAND = "not-in-hand"
    RESTRICTED = "restricted"
    CONDITION = "condition"
    NO_CHOICE = "no-choice"
    UNIQUE = "unique"
    DUEL_ORDER = "duel-order"
    NOT_IN_PLAY = "not-in-play"
    BUDGET = "budget"


class Point(StrEnum):
    """Points of the turn a request or ``advance:`` can name, in the order they come."""

    ACTION = "action"
    DECLARATION = "attack/declaration"
    MANEUVERS = "attack/maneuvers"
    FIGHT = "attack/fight"
    ENGAGE = "attack/engage"
    COMBAT = "attack/combat"
    RESOLUTION = "attack/resolution"
    END_OF_BATTLE = "end_of_battle"
    DYNASTY = "dynasty"
    END = "end"
    END_OF_TURN = "end_of_turn"
    NEXT_TURN = "next_turn"


POINT_ORDER = {p: i for i, p in enumerate(Point)}
# Where a position may start (``at:``): the beginning of a phase or segment.
START_POINTS = (Point.ACTION, Point.DECLARATION, Point.MANEUVERS, Point.ENGAGE, Point.COMBAT, Point.RESOLUTION,
                Point.DYNASTY, Point.END)
ADVANCE_POINTS = tuple(p for p in Point if p is not Point.FIGHT)


class Round(StrEnum):
    """Action rounds (``action-rounds``); an Interrupt step is its own kind of round."""

    ACTION = "action"
    ENGAGE = "engage"
    COMBAT = "combat"
    DYNASTY = "dynasty"
    INTERRUPT = "interrupt"


class Designator(StrEnum):
    """Ability designators (``abilities``) and the rounds where each can be taken."""

    LIMITED = "limited"
    OPEN = "open"
    ENGAGE = "engage"
    BATTLE = "battle"
    DYNASTY = "dynasty"
    INTERRUPT = "interrupt"


DESIGNATOR_ROUND = {Designator.LIMITED: Round.ACTION, Designator.OPEN: Round.ACTION, Designator.ENGAGE: Round.ENGAGE,
                    Designator.BATTLE: Round.COMBAT, Designator.DYNASTY: Round.DYNASTY,
                    Designator.INTERRUPT: Round.INTERRUPT}
DESIGNATOR_SECTION = {Designator.LIMITED: "limited-actions", Designator.OPEN: "open-actions",
                      Designator.ENGAGE: "engage-actions", Designator.BATTLE: "battle-actions",
                      Designator.DYNASTY: "dynasty-actions", Designator.INTERRUPT: "interrupt-actions"}
# One table for each round: its name in the timeline, the section that defines it, its request point.
ROUNDS = {
    Round.ACTION: ("Action Phase", "action-rounds", Point.ACTION),
    Round.ENGAGE: ("Engage Segment", "engage-segment", Point.ENGAGE),
    Round.COMBAT: ("Combat Segment", "combat-segment", Point.COMBAT),
    Round.DYNASTY: ("Dynasty Phase", "dynasty-phase", Point.DYNASTY),
}


class StepKind(StrEnum):
    """Kinds of timeline steps (POSITION-FORMAT.md, "The timeline")."""

    RULE = "rule"
    ACTION = "action"
    COST = "cost"
    INTERRUPT = "interrupt"
    EFFECT = "effect"
    TRIGGER = "trigger"
    CHOICE = "choice"
    PASS = "pass"
    REJECTED = "rejected"
    VICTORY = "victory"


class Until(StrEnum):
    """Durations of ongoing effects (``duration-of-effects``); end of turn is the default."""

    END_OF_TURN = "end_of_turn"
    END_OF_BATTLE = "end_of_battle"
    END_OF_PHASE = "end_of_phase"
    END_OF_DUEL = "end_of_duel"
    END_OF_ACTION = "end_of_action"  # "until after the action resolves": the action an Interrupt answers
    PERMANENT = "permanent"
    YOUR_NEXT_TURN = "your_next_turn"  # until the next turn of the effect's player begins


UNTIL_WORDS = {Until.END_OF_TURN: "until the end of the turn", Until.END_OF_BATTLE: "until the end of the battle",
               Until.END_OF_PHASE: "until the end of the phase", Until.END_OF_DUEL: "until the end of the duel",
               Until.END_OF_ACTION: "until after the action resolves",
               Until.PERMANENT: "permanently", Until.YOUR_NEXT_TURN: "until your next turn begins"}


class Timing(StrEnum):
    """The three moments of a trigger (``triggers``, ``when-triggers``)."""

    BEFORE = "before"
    WHEN = "when"
    AFTER = "after"


ELEMENTS = ("Air", "Earth", "Fire", "Water", "Void")
# Clan Alignments (``clan-alignment``): the nine of Ivory Edition, then the Minor Clans and the
# few others older cards carry. "Unaligned" is the absence of one, not a clan; "Ninja" and
# "All Clans" (a Sensei's restriction) are not Clan Alignments either.
CLANS = frozenset({"Crab", "Crane", "Dragon", "Lion", "Mantis", "Phoenix", "Scorpion", "Spider", "Unicorn",
                   "Badger", "Bat", "Boar", "Dragonfly", "Fox", "Hare", "Monkey", "Oriole", "Ox", "Sparrow",
                   "Tortoise", "Wasp", "Naga", "Toturi's Army"})
# Family names (``family-name``, the CR's Appendix A): a Personality whose title has one of these words
# has that family name ("Your other Moshi Personalities").
FAMILIES = frozenset({"Hida", "Hiruma", "Kaiu", "Kuni", "Toritaka", "Yasuki", "Asahina", "Daidoji", "Doji", "Kakita",
                      "Kitsuki", "Mirumoto", "Tamori", "Togashi", "Akodo", "Ikoma", "Kitsu", "Matsu", "Kitsune",
                      "Moshi", "Tsuruchi", "Yoritomo", "Agasha", "Asako", "Isawa", "Shiba", "Bayushi", "Shosuro",
                      "Soshi", "Yogo", "Daigotsu", "Goju", "Ninube", "Susumu", "Chuda", "Hantei", "Ichiro", "Iweko",
                      "Komori", "Miya", "Otomo", "Seppun", "Suzume", "Tonbo", "Toturi", "Tsi", "Ujina", "Usagi",
                      "Yotsu", "Ide", "Iuchi", "Moto", "Shinjo", "Utaku"})
CARD_TYPES = ("personality", "holding", "region", "event", "celestial", "wind", "stronghold", "sensei", "strategy",
              "follower", "item", "spell", "ring", "terrain", "other")
ATTACHMENT_TYPES = frozenset({"follower", "item", "spell"})
FATE_TYPES = frozenset({"strategy", "follower", "item", "spell", "ring"})
