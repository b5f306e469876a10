"""The words card text is made of, as data: which cards (``Filter``), how many (``Amount``),
"if" (``Condition``), and references to cards and players (``Ref``, ``PlayerRef``).

These are pydantic models so that a position's stated effects, the card-text reader's
output and the effect registry's argument schemas are one vocabulary, validated in one
way (unknown keys refused, every string bounded), and serialisable as JSON (the reader's
output is cached as JSON per card import; the OpenAPI schema is generated from them).
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StringConstraints, model_validator

Word = Annotated[str, StringConstraints(min_length=1, max_length=60, strip_whitespace=True)]
Title = Annotated[str, StringConstraints(min_length=1, max_length=150, strip_whitespace=True)]
SmallInt = Annotated[StrictInt, Field(ge=-1000, le=1000)]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


CardKind = Literal["personality", "follower", "item", "spell", "holding", "strategy", "event", "ring", "region",
                   "celestial", "stronghold", "sensei", "terrain", "attachment", "card", "unit", "province", "player"]
Side = Literal["your", "enemy", "any", "other", "opponent"]
State = Literal["bowed", "unbowed", "dishonorable", "honorable", "attacking", "defending", "opposed", "unopposed",
                "with_followers", "without_followers", "with_attachments", "without_attachments", "face_up",
                "face_down", "at_home", "in_battle", "unique", "experienced", "destroyed", "would_be_opposed", "dead",
                "discarded", "moved_this_turn", "moved_this_battle", "moved_or_entered_this_battle",
                "moved_to_battlefield_this_turn", "assigned_here", "moved_home_from_here", "in_play",
                "unaligned", "entered_play_this_turn", "bowed_this_turn", "produced_no_gold_this_turn"]
StatName = Literal["force", "chi", "personal_honor", "honor_requirement", "gold_cost", "focus", "province_strength",
                   "gold_production"]
Place = Literal["here", "home", "battlefield", "other_battlefield", "any"]  # other_battlefield: not the current one
# "discard" is a whole discard pile, dead Personalities included; "discarded" and "dead" its two states (dead);
# "out_of_play" every area but play, "in_and_out_of_play" every area (in-play-and-out-of-play)
ZoneName = Literal["play", "hand", "discard", "discarded", "dead", "province", "fate_deck", "dynasty_deck", "resolution",
                   "out_of_play", "in_and_out_of_play"]
Compare = Literal["<", "<=", "=", ">=", ">"]


class StatTest(Model):
    """"with 3 or lower Force": ``{stat: force, op: "<=", value: 3}``; value may be an Amount."""

    stat: StatName
    op: Compare
    value: "Number"
    # "whose unit's total Force is 7 or higher": the total Force of the card's unit, not its own (unit-and-army-force)
    unit_total: StrictBool = False

    @model_validator(mode="after")
    def _unit_force(self):
        if self.unit_total and self.stat != "force":
            raise ValueError("a unit's total is of its Force only (unit-and-army-force)")
        return self


class Most(Model):
    """"with the highest Personal Honor at the current battlefield": a card whose stat is the highest
    (or lowest) of those of the cards the rest of its filter matches; cards tied for it each have it."""

    stat: StatName
    highest: StrictBool = True


class AbilityTest(Model):
    """"a Personality with a Political ability", "a card with a Melee or Ranged Attack ability": one of the card's
    abilities has every keyword and, if effects are named, one of those effects (``abilities``)."""

    keywords: list[Word] = Field(default_factory=list, max_length=2)
    effects: list[Literal["melee_attack", "ranged_attack"]] = Field(default_factory=list, max_length=2)


class Filter(Model):
    """Which cards: every field given must hold ("your unbowed Samurai at this battlefield")."""

    type: list[CardKind] = Field(default_factory=list, max_length=8)
    side: Side = "any"
    keywords: list[Word] = Field(default_factory=list, max_length=8)  # has every one
    any_keyword: list[Word] = Field(default_factory=list, max_length=8)  # has at least one
    without: list[Word] = Field(default_factory=list, max_length=8)  # has none ("non-Samurai")
    clan: Word | None = None
    state: list[State] = Field(default_factory=list, max_length=8)
    at: Place | None = None
    zone: ZoneName = "play"
    another: StrictBool = False  # not the card the text is on (nor its Personality)
    besides: StrictInt | None = None  # not this chosen target, nor a card of its unit ("your other units")
    title: Title | None = None
    ability: AbilityTest | None = None  # "with a Political ability" (abilities)
    not_title: Title | None = None  # "a target Personality not named Yasuki Tono": any card but one with that title
    stats: list[StatTest] = Field(default_factory=list, max_length=4)
    opposing: StrictBool = False  # at this battlefield, on the other side from the text's card
    in_unit: StrictBool = False  # in the text's card's unit
    # in the unit of this chosen target ("one of his Weapons"), or of that Personality in the duel ("one of his
    # Followers", he being your Personality in this duel; "a card in the loser's unit")
    in_unit_of: StrictInt | Literal["duelist_yours", "duelist_other", "winner", "loser"] | None = None
    unit_keyword: Word | None = None  # "in a Cavalry unit": every card of its unit has it (unit-keywords)
    attached: list[Word] = Field(default_factory=list, max_length=4)  # "with a Weapon": an attachment with these
    not_attached: list[Word] = Field(default_factory=list, max_length=4)  # "without a Weapon"
    designator: Literal["battle", "open", "limited", "engage", "dynasty"] | None = None  # "a Battle Strategy"
    any_of: list["Filter"] = Field(default_factory=list, max_length=4)  # fits one of these ("Followers or Weapons")
    opposes: "Filter | None" = None  # at a battlefield, on the other side from such a card ("opposing a Shugenja")
    family: Word | None = None  # a Personality with this family name in his title ("Moshi Personalities")
    army: StrictBool = False  # in the text's card's army, its side at its battlefield: "in this army", "in Toturi's army"
    tokens: list["TokenTest"] = Field(default_factory=list, max_length=2)  # "with a Poison token" (token)
    most: Most | None = None  # "with the highest Personal Honor": among the cards the rest of the filter matches
    # "without abilities" (any: printed or given), "with no printed abilities" (printed) (abilities)
    no_abilities: Literal["any", "printed"] | None = None
    # "one or more target Followers with total Force less than or equal to Ayahi's Force": the cards chosen
    # together, each one at most that much on its own (targeting)
    together: list[StatTest] = Field(default_factory=list, max_length=2)
    # "two Personalities controlled by the same player at different locations": the cards chosen together
    apart: StrictBool = False  # each at a location none of the others is at
    same_controller: StrictBool = False  # all controlled by one player
    elsewhere: StrictInt | None = None  # "another of your Personalities at a different location" than this target
    # "your Yojimbo at the same location as your Personality in this duel": where that target or duelist is
    same_location: StrictInt | Literal["duelist_yours", "duelist_other"] | None = None
    # "one or two target enemy Personalities, each with a different Clan Alignment": each chosen card has one and
    # no two share one (targeting)
    distinct_clans: StrictBool = False
    # "Gold-producing Holdings": with a Gold-producing trait, or a Stronghold's Gold Production (gold-producing-traits)
    produces_gold: StrictBool = False
    # "Fear … that targets the loser": only the duel's winner or loser, once the duel has resolved (duel)
    duel_role: Literal["winner", "loser"] | None = None

    @model_validator(mode="before")
    @classmethod
    def _pile_states(cls, data):
        """"a dead Personality", "your discarded Personality": states only cards in a discard pile have
        (dead), so such a card is looked for there, not in play."""
        if isinstance(data, dict) and data.get("zone", "play") == "play":
            for state in ("dead", "discarded"):
                if state in (data.get("state") or []):
                    data = {**data, "zone": state}
        return data


class TargetedRef(Model):
    """"The Personality this ability targeted": the cards of that kind the card's own ability targeted
    when it was last used (card memory)."""

    targeted: CardKind


class AllRef(Model):
    """Every card matching at the time the effect applies ("your Samurai each get +1F")."""

    all: Filter


CardId = Annotated[str, StringConstraints(min_length=1, max_length=150)]


class UnitOf(Model):
    """Every card of a card's unit ("straighten his unit"): things that affect a unit affect
    all the cards in it (``unit``)."""

    unit_of: Union[StrictInt, CardId, list[Union[StrictInt, CardId]]]  # "their units": each one's


# A card: an index of the ability's targets (1-based), ``self`` (the card the text is on),
# ``host`` (the Personality an attachment is on), ``it`` (the card the trigger is about),
# an id or title, a list of these, every card matching a filter, or every card of a unit.
Ref = Union[StrictInt, CardId, list[Union[StrictInt, CardId]], AllRef, UnitOf]
PlayerRef = Union[Literal["you", "opponent", "each", "active", "attacker", "defender", "controller", "owner",
                          "other"], StrictInt, Annotated[str, StringConstraints(min_length=1, max_length=31)]]


class BonusIf(Model):
    """"…, plus 2 if he is a Tactician": added to an amount when the condition holds."""

    amount: SmallInt
    if_: "Condition" = Field(alias="if")


class Amount(Model):
    """A number computed when the effect applies: "equal to his Chi", "for each Samurai",
    "the Gold you paid", "half ... rounded down"."""

    stat: StatName | None = None
    of: Ref | None = None
    # "this Shugenja's or the Samurai's Chi": the stat of ``of`` or of this card, as the player chooses (choices)
    or_of: Ref | None = None
    printed: StrictBool = False
    unit_total: StrictBool = False  # with stat force: the total Force of the unit of ``of`` ("this unit's total Force")
    count: Filter | None = None
    paid: StrictBool = False
    honor_of: PlayerRef | None = None
    starting_honor: PlayerRef | None = None  # "your Starting Family Honor" (starting-family-honor)
    tokens: Word | None = None  # "the number of Tameko's Fire tokens": tokens of this name on ``of`` (token)
    times: SmallInt = 1
    plus: SmallInt = 0
    half: Literal["down", "up"] | None = None
    per: Annotated[StrictInt, Field(ge=1, le=100)] = 1  # "for every 10 points of Family Honor": divided, rounded down
    most: Annotated[StrictInt, Field(ge=0, le=100)] | None = None  # "…, up to two tokens": at most this many counted
    plus_if: list[BonusIf] = Field(default_factory=list, max_length=4)  # "…, plus 1 if he is Fire"
    n: SmallInt | None = None  # a printed number ("Fear 4, with +1 strength if …")
    tokens_removed: StrictBool = False  # "the number of tokens destroyed": removed by this effect's "zero or more" (token)
    did: Literal["bows"] | None = None  # "the number this bowed": the cards this action's effects bowed so far
    provinces_destroyed: PlayerRef | None = None  # "for each of your Provinces that have been destroyed this game"
    added: "Amount | None" = None  # "the number of Rings you control plus Fire tokens on Fusawa": a second count added
    whichever: "Whichever | None" = None  # "its Focus Value or this Shugenja's Chi, whichever is higher"

    def negated(self) -> "Amount":
        """The same amount taken away ("a Force penalty equal to his Chi, plus 1 if …"): every part
        changes sign, and halving still rounds the positive amount (``bonuses-and-penalties``)."""
        return self.model_copy(update={"times": -self.times, "plus": -self.plus, "plus_if": [
            b.model_copy(update={"amount": -b.amount}) for b in self.plus_if],
            "added": self.added.negated() if self.added is not None else None,
            "whichever": self.whichever.negated() if self.whichever is not None else None})

    @model_validator(mode="after")
    def _one_source(self):
        given = [self.stat is not None, self.count is not None, self.paid, self.honor_of is not None,
                 self.tokens is not None, self.n is not None, self.tokens_removed, self.did is not None,
                 self.starting_honor is not None, self.provinces_destroyed is not None]
        if sum(given) != 1:
            raise ValueError("an amount is one of: {stat: force, of: 1}, {count: {...}}, {paid: true}, "
                             "{honor_of: you}, {tokens: Fire, of: self}, {n: 4}, {tokens_removed: true}, {did: bows}, "
                             "{starting_honor: you} "
                             "(with plus_if)")
        if self.or_of is not None and self.stat is None:
            raise ValueError("or_of is another card's stat: only with stat")
        return self


Number = Union[SmallInt, Amount]


class Whichever(Model):
    """"…, whichever is higher": the amount is the higher (lower) of the two numbers, each counted when the
    effect applies."""

    other: Number
    pick: Literal["higher", "lower"]

    def negated(self) -> "Whichever":
        """Taken away, the higher of two amounts is the lower of their negatives."""
        other = -self.other if isinstance(self.other, int) else self.other.negated()
        return Whichever(other=other, pick="lower" if self.pick == "higher" else "higher")


class HonorTest(Model):
    op: Compare
    value: Number


class ActionTest(Model):
    """An Interrupt's test of the action it interrupts ("the Battle action", "if it moved your
    Personality to a battlefield"): its kind, and what its effects did (``interrupt-actions``)."""

    designators: list[Literal["battle", "engage", "open", "limited", "dynasty"]] = Field(default_factory=list,
                                                                                          max_length=5)  # one of these
    keywords: list[Word] = Field(default_factory=list, max_length=4)  # it has each ("Political", "Fire")
    source: Filter | None = None  # it is from such a card ("from a Strategy", "an Event's effects")
    has: list[Literal["fear", "ranged_attack", "melee_attack", "duel"]] = Field(default_factory=list,
                                                                                 max_length=3)  # an effect of one of these
    did: Literal["moves", "recruited", "destroyed", "bows"] | None = None  # its effects did this …
    card: Ref | None = None  # … to this card
    fits: Filter | None = None  # … or to a card like this (as it is now)
    to: Literal["battlefield", "home"] | None = None  # moved it there
    in_battle: StrictBool = False  # did it during a battle
    this: StrictBool = False  # "this action": the one whose text it is, not the one it interrupts
    by: Literal["you", "other"] | None = None  # whose action it is ("other players' actions")


class TokenTest(Model):
    """How many tokens of a name a card has: "a Poison token" (``>= 1``), "no Training tokens"
    (``= 0``), "two or fewer Respect tokens" (``<= 2``) (``token``)."""

    name: Word
    op: Compare = ">="
    value: Number = 1


class CountTest(Model):
    """"if you have two or fewer Rings in play": how many cards match the filter, compared."""

    filter: Filter
    op: Compare
    value: Number


class HappenedTest(Model):
    """Something that happened earlier this turn or in this battle ("if any enemy units were ever at
    its battlefield", "a battle in which you destroyed a Terrain"): at least ``times`` noted
    occurrences with every field given."""

    event: Word | None = None  # an event name (destroyed, enters_play, …); None: a unit was there at all
    during: Literal["turn", "battle"] = "turn"
    by: Literal["you"] | None = None
    at: Literal["here"] | None = None  # at the current battlefield
    side: Literal["enemy"] | None = None  # a card on the other side of the battle from you
    cause: Literal["resolution"] | None = None  # by battle resolution
    filter: Filter | None = None
    own: StrictBool = False  # to the text's own card ("if you Equipped this Item during this battle")
    token: Word | None = None  # tokens of this name given ("if you have not given any Madness tokens this turn")
    keywords: list[Word] = Field(default_factory=list, max_length=4)  # an action with each ("a Kharmic action")
    times: Annotated[StrictInt, Field(ge=1, le=20)] = 1


class Condition(Model):
    """An "If …" (``good-faith-rule``: a leading "If" must hold to announce the action)."""

    you_are: Literal["attacker", "defender", "active", "not_active", "in_battle"] | None = None
    controls: Filter | None = None
    controls_none: Filter | None = None
    exists: Filter | None = None  # some card matches, whoever controls it ("if he would be opposed")
    card: Ref | None = None
    is_: list[State] = Field(default_factory=list, alias="is", max_length=6)
    is_not: list[State] = Field(default_factory=list, max_length=6)
    has_keyword: Word | None = None  # of ``card``
    printed_keyword: Word | None = None  # of ``card``, printed on it ("Unless they have the printed Tactician keyword")
    has_attached: list[Word] = Field(default_factory=list, max_length=4)  # ``card`` has an attachment with these
    attached_count: int | None = Field(default=None, ge=2, le=4)  # … at least this many such attachments ("two Weapons")
    attached_to: Filter | None = None  # ``card`` is attached to a card of these ("if it is attached to a Commander")
    stat: StatTest | None = None  # of ``card``: "if his Force is now 0"
    tokens: TokenTest | None = None  # of ``card``: "if he has a Poison token"
    fits: Filter | None = None  # ``card`` is one of these, wherever it is now ("if this destroyed a Follower")
    count: CountTest | None = None  # the number of cards matching a filter ("two or more Rings you control")
    happened: HappenedTest | None = None  # something earlier this turn or battle (memory)
    battlefield_destroyed: StrictBool | None = None  # the current battlefield's Province is destroyed
    # a battle is at the Province the card is attached to ("during battles at this Province" on a Fortification)
    battle_here: StrictBool | None = None
    hand: HonorTest | None = None  # the number of cards in your hand: "if you now have 6 or more cards in your hand"
    hand_size: HonorTest | None = None  # your maximum hand size: "if your maximum hand size is 10 or more"
    most_cards: StrictBool | None = None  # more cards in your hand than each other player
    fewest_cards: StrictBool | None = None  # fewer cards in your hand than each other player
    action_brings: StrictBool | None = None  # an Interrupt's: the action brings this card into play
    action_by: Literal["you", "other"] | None = None  # an Interrupt's: whose action it interrupts ("if the action is yours")
    action: ActionTest | None = None  # an Interrupt's: what the action is and what it did (acting)
    resolving: ActionTest | None = None  # such an action's effects are resolving now ("while other players' actions are resolving")
    honor: HonorTest | None = None
    # "if the active player has 11 or more Family Honor": the player every test about "you" is about instead
    of_player: Literal["active"] | None = None
    honor_vs_others: Literal[">", ">=", "<="] | None = None  # your Family Honor against each other player's (ties hold for >=, <=)
    clan: Word | None = None  # "if you are a Crane Clan player"
    other_clan: Word | None = None  # "if another player is Scorpion Clan": some other player has that Clan Alignment
    only_clan: Word | None = None  # "if Spider Clan is your only Clan Alignment": the player has that one and no other
    defender_clan: Word | None = None  # "if the Defender is Spider Clan": the defending player has that Clan Alignment
    favor: StrictBool | None = None
    first_turn: StrictBool | None = None
    fewer_provinces: StrictBool | None = None  # you have fewer Provinces than each other player (Compassion)
    went_first: StrictBool | None = None  # you took the game's first turn (Courtesy: "not if you went first")
    phase: Literal["action", "attack", "dynasty", "battle", "combat"] | None = None  # combat: the Combat Segment
    # "if you win this duel": your Personality won (lost) the duel; "if he refuses": the challenge was refused
    duel: Literal["won", "lost", "refused"] | None = None
    won_by: SmallInt | None = None  # with duel "won": "you won the duel by three or more", the totals' difference
    last_focused: StrictBool = False  # the text's card is the last card its player focused in this duel
    # ``card`` has won a duel ("if he won a duel this turn") or issued a challenge ("has challenged a Personality") this turn
    this_turn: Literal["won", "challenged"] | None = None
    duel_role: Literal["challenger", "challenged", "winner"] | None = None  # ``card`` is that Personality of the duel
    challenges_issued: HonorTest | None = None  # how many challenges your Personalities issued this turn
    duels_won: HonorTest | None = None  # how many duels your Personalities won this turn
    dueling: Filter | None = None  # ``card`` is in a duel in progress facing such a Personality ("while dueling …")
    lower_duel_stat: StrictBool = False  # ``card`` is in a duel in progress with a lower duel stat than the other
    any: list["Condition"] | None = None
    all: list["Condition"] | None = None
    not_: "Condition | None" = Field(default=None, alias="not")


StatTest.model_rebuild()
Filter.model_rebuild()
Condition.model_rebuild()
BonusIf.model_rebuild()
Amount.model_rebuild()
