"""The board's pieces: card instances, Provinces, players, and ongoing effects.

These are plain records.  Changing where a card is goes through ``zones.move`` only,
and every other change through the small setters in ``board``, which record the change
in the timeline where it happens.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .carddefs import CardDef
from .vocab import Until, Zone


@dataclass(eq=False)
class Card:
    id: str
    card: CardDef
    owner: str
    zone: Zone
    controller: str = ""
    location: str = "home"  # in play: home, or a battlefield (its Province's id)
    bowed: bool = False
    dishonored: bool = False
    face_up: bool = True
    attached_to: str | None = None  # a Personality's id, or a Province's id (Fortifications)
    attachments: list[str] = field(default_factory=list)
    tokens: dict = field(default_factory=dict)  # {"force": 2, "Corruption": 1}
    used: dict = field(default_factory=dict)  # ability number -> uses this turn (card memory)
    targeted: dict = field(default_factory=dict)  # ability number -> ids its last use targeted (card memory)
    spent: dict = field(default_factory=dict)  # "battle"/"game" -> ability numbers used then ("once per game", card memory)
    resilient_used: bool = False
    side: str | None = None  # at a battlefield: "attacking" or "defending" (allies in multiplayer)
    created: bool = False
    province_left: str | None = None  # the Province it last left ("refill the Province it entered play from")

    def __post_init__(self):
        self.controller = self.controller or self.owner

    @property
    def title(self) -> str:
        return self.card.title

    @property
    def type(self) -> str:
        return self.card.type

    @property
    def in_play(self) -> bool:
        return self.zone is Zone.PLAY


@dataclass
class Province:
    id: str
    owner: str
    strength: int | None  # None: the Stronghold's, with the Sensei's modifier
    cards: list[str] = field(default_factory=list)
    face_up: bool = False
    destroyed: bool = False
    unknown: bool = True  # holds a face-down card the position does not name

    @property
    def card(self) -> str | None:
        return self.cards[0] if self.cards else None


@dataclass
class GoldUnit:
    amount: int
    only: str | None = None  # a kind of cost this Gold may pay, e.g. "personality"
    source: str = ""


@dataclass
class Player:
    name: str
    honor: int
    clans: frozenset = frozenset()
    gold: list[GoldUnit] = field(default_factory=list)
    stronghold: str | None = None
    sensei: str | None = None
    provinces: list[Province] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    fate_deck: list[str] = field(default_factory=list)  # known cards on top, top first
    fate_count: int = 0  # unknown cards below them
    fate_below: list[str] = field(default_factory=list)  # known cards put on the bottom, under the unknown ones
    dynasty_deck: list[str] = field(default_factory=list)
    dynasty_count: int = 0
    dynasty_below: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    dead: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    proclaimed: bool = False
    lost: bool = False
    ignores_hr: bool = False  # lost Honor to another player's card or a rulebook loss (honor-requirement)
    used: dict = field(default_factory=dict)  # player ability -> uses this turn

    def gold_total(self) -> int:
        return sum(g.amount for g in self.gold)

    def fate_size(self) -> int:
        return len(self.fate_deck) + self.fate_count + len(self.fate_below)

    def dynasty_size(self) -> int:
        return len(self.dynasty_deck) + self.dynasty_count + len(self.dynasty_below)


@dataclass
class Modifier:
    """An ongoing stat effect: a bonus/penalty, set/raise/lower, or a minimum/maximum."""

    stat: str
    target: str  # a card id, a Province id or a player name
    op: str  # add, set, raise, lower, min, max, limited
    value: int
    until: Until = Until.END_OF_TURN
    source: str = ""
    order: int = 0
    bound: int | None = None  # "to a minimum/maximum of" (to-a-minimum-to-a-maximum)
    owner: str = ""  # the player whose effect it is: "until your next turn begins" is his turn


@dataclass
class Ongoing:
    """Any other ongoing effect: a prevention or substitution waiting for its occurrence,
    a keyword or trait given, a restriction, a change to Honor gains or losses."""

    kind: str  # prevent, instead, keyword, restrict, honor_change, negate_traits
    target: str  # a card id or a player name
    data: dict
    until: Until = Until.END_OF_TURN
    source: str = ""
    by: str = ""
    once: bool = False  # a single instance ("negate the next ..."), used up when it applies


@dataclass
class Delayed:
    """A delayed effect (``delayed-effects``) or, with ``repeat``, an indefinite conditional
    effect (``indefinite-conditional-effects``): effects waiting for a trigger."""

    spec: object  # a TriggerSpec: when, event, whose, phase, do
    owner: str
    source: str
    targets: dict = field(default_factory=dict)
    source_id: str | None = None
    repeat: bool = False
    until: Until = Until.END_OF_TURN
    action: object = None  # the action an Interrupt that set it up interrupted: "the action", "after it resolves"
    within: bool = False  # it waits for an occurrence from that action's own effects ("after the action Recruits …")
    effect: str | None = None  # … from its effects of this primitive only ("after any Fear effect …")
    choices: list = field(default_factory=list)  # the script's answers to its "or" choices, left from its action
    watch: tuple = ()  # card ids: only an occurrence about one of them triggers it ("the next time he attacks")
    lapses: bool = False  # "the next time this turn …": it ends with the turn if it has not happened
    first: int = 1  # the number of its own first target (``spec.targets``), after those it keeps
    of_action: bool = False  # an action set it up: its effects are that action's (delayed-effects)
    duel: dict | None = None  # it waits for an occurrence from this duel ("destroyed for losing it", for)
