"""What the words of an effect point at, now: cards (``Ref``, ``Filter``), players,
numbers (``Amount``) and conditions, read from the point of view of the effect's
``Context`` (who is acting, with which card, on which chosen targets).

The rules of reference are the CR's Special Wording Rules: "this card"/"this
Personality" (``references``), "your"/"his" (``possessive-case``, ``perspective``),
"another" (``another``), "enemy" (``enemy``), "opposing" (``opposing``).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from .state import Card
from .structures import AllRef, Amount, Condition, Filter, StatTest, TargetedRef, UnitOf
from .tokenkinds import count as count_tokens
from .vocab import OUT_OF_PLAY, StepKind, Zone

STATE_ZONES = {"play": Zone.PLAY, "hand": Zone.HAND, "discard": Zone.DISCARD, "dead": Zone.DEAD,
               "province": Zone.PROVINCE, "fate_deck": Zone.FATE_DECK, "dynasty_deck": Zone.DYNASTY_DECK,
               "resolution": Zone.RESOLUTION}


ZONE_NAMES = {zone: name for name, zone in STATE_ZONES.items()}
STATE_ZONES["discarded"] = Zone.DISCARD  # a card in a discard pile that is not dead (dead)
# "Your Followers out of play", "in and out of play": every area but play, or every area (in-play-and-out-of-play)
ZONE_GROUPS = {"out_of_play": OUT_OF_PLAY, "in_and_out_of_play": frozenset(Zone)}


def in_zone(card: Card, name: str) -> bool:
    """Whether a card is in a named area: a discard pile holds its dead Personalities too (dead);
    "out of play" is every area but play (in-play-and-out-of-play)."""
    group = ZONE_GROUPS.get(name)
    if group is not None:
        return card.zone in group
    if name == "discard":
        return card.zone in (Zone.DISCARD, Zone.DEAD)
    return card.zone is STATE_ZONES[name]
DUELISTS = ("duelist_yours", "duelist_other")  # the Personalities of the duel, from the effect's player's side


@dataclass
class Context:
    """One action's or trait's point of view while its costs and effects are carried out."""

    player: str
    source: Card | None = None
    label: str = "effect"
    targets: dict = field(default_factory=dict)  # 1-based target number -> chosen cards or players;
    # "created" -> the cards this action or trait created ("remove him from the game after the battle ends")
    subject: Card | None = None  # the card a trigger is about ("it", "that Personality")
    subject_player: str | None = None
    paid: int = 0
    tokens_removed: int = 0  # how many tokens this action's "zero or more" removed ("the number of tokens destroyed")
    discarded: list = field(default_factory=list)  # cards this action or trait discarded ("the discarded card")
    discard_named: list = field(default_factory=list)  # the script's ``discard:`` answer
    find_named: list = field(default_factory=list)  # the script's ``find:`` answer to a search (lower-case titles or ids)
    found: list = field(default_factory=list)  # the cards a search found ("Show it and put it in your hand")
    vacated: list = field(default_factory=list)  # Provinces emptied for this action's own refill (provinces)
    looked: list = field(default_factory=list)  # the cards this action looks at in a deck (look)
    choices: list = field(default_factory=list)  # the script's answers to "or" choices, in order
    alternative: str | None = None  # the option of an "or" whose options name their own targets (choice-paradoxes)
    happened: bool = True  # whether the last effect actually happened ("X to Y", independence-of-effects)
    duel: dict | None = None  # the duel whose consequences are applying: winner, losers, challenger, challenged
    duel_script: dict | None = None  # the script's answers to a duel's choices (focus, strike, refuse)
    interrupted: object = None  # the action an Interrupt was played to
    brings: object = None  # the card a Recruit or Equip brings into play (its Interrupts' "After you Recruit …")
    equip_to: Card | None = None  # the Personality an attachment is being Equipped to, before it attaches (equip)
    keywords: frozenset = frozenset()  # the action's own keywords (Kiho, Courage, …)
    round: str | None = None
    strength: dict = field(default_factory=dict)  # Fear/Ranged/Melee strength changes from Interrupts (courage)
    boosts: list = field(default_factory=list)  # (kinds, change) for one of the action's attacks of those kinds
    widened: dict = field(default_factory=dict)  # attack kind -> card types it may also target ("may target Items")
    rehonors: bool = False  # the action or trait rehonors as one of its own effects (rehonoring)
    negated: bool = False  # an Interrupt negated this action: its effects do not resolve (negate)
    negated_kinds: frozenset = frozenset()  # effects of these primitives were negated ("the action's Fear effects")
    designator: str | None = None  # an action's designator this round (battle, open, …): "the Battle action"
    ability: object = None  # the card ability an action is taken from: its effects ("a Ranged Attack action")
    action: object = None  # the action these effects belong to when not this context's own (a duel's outcome)
    limits: list = field(default_factory=list)  # Interrupts' limits on this action's effects (acting.Limit)
    did: list = field(default_factory=list)  # what these effects did: the occurrences, in order (acting)
    honor: list = field(default_factory=list)  # Interrupts' changes to this action's Honor gains and losses (acting)
    occurrence: object = None  # the event a triggered trait answers ("Before …, negate the destruction")
    applying: str | None = None  # the primitive of the effect resolving now ("the action's Fear effects", acting)
    of_action: bool = False  # a delayed effect an action set up: still that action's effect (delayed-effects)

    def why(self) -> str:
        return f"{self.source.title}'s {self.label}" if self.source else self.label

    @property
    def host(self) -> Card | None:
        return self.source


def card_context(g, src: Card) -> Context:
    return Context(player=src.controller, source=src, label="trait")


# ----- cards -------------------------------------------------------------------------------
def resolve(g, ref, ctx: Context) -> list[Card] | None:
    """The cards a reference names now; None when a numbered target was never chosen."""
    if ref is None or ref == "self":
        return [ctx.source] if ctx.source else []
    if ref == "host":
        host = g.host(ctx.source) or ctx.equip_to
        return [host] if host else []
    if ref in ("it", "subject"):
        return [ctx.subject] if ctx.subject else []
    if ref == "its_personality":  # "its unit's Personality": that card, or the Personality it is attached to (unit)
        person = ctx.subject if ctx.subject is None or ctx.subject.type == "personality" else g.host(ctx.subject)
        return [person] if person else []
    if ref == "discarded":
        return list(ctx.discarded)
    if ref == "found":
        return list(ctx.found)
    if ref == "created":  # kept with the chosen targets, so a delayed effect keeps them (created-cards)
        return list(ctx.targets.get("created") or [])
    if ref == "looked":  # "Look at the top three cards of your Fate deck": those cards (look)
        return list(ctx.looked)
    if ref == "rest":  # "the remaining cards": those looked at and still in the deck, not the one taken
        return [c for c in ctx.looked if c not in ctx.found and c.zone in (Zone.FATE_DECK, Zone.DYNASTY_DECK)]
    if ref in ("winner", "loser", "losers", "challenger", "challenged"):
        duel = ctx.duel or {}
        if ref in ("loser", "losers"):
            return list(duel.get("losers") or [])
        return [duel[ref]] if duel.get(ref) is not None else []
    if ref in DUELISTS:  # "your Personality in this duel", "the other Personality" (facing)
        duel = ctx.duel or {}
        return [c for c in (duel.get("challenger"), duel.get("challenged"))
                if c is not None and (c.controller == ctx.player) == (ref == "duelist_yours")]
    if isinstance(ref, int):
        chosen = ctx.targets.get(ref)
        if chosen is None:
            return None
        return [c for c in chosen if isinstance(c, Card)]
    if isinstance(ref, AllRef):
        return select(g, ref.all, ctx)
    if isinstance(ref, UnitOf):  # "his unit": every card of it (unit)
        leaders = resolve(g, ref.unit_of, ctx)
        if leaders is None:
            return None
        return list(dict.fromkeys(c for leader in leaders for c in g.unit_of(leader)))
    if isinstance(ref, list):
        out = []
        for r in ref:
            got = resolve(g, r, ctx)
            if got is None:
                return None
            out += got
        return out
    card = g.find(ref, ctx.player)
    return [card] if card else []


def select(g, flt: Filter, ctx: Context) -> list[Card]:
    return [c for c in g.cards.values() if in_zone(c, flt.zone) and matches(g, flt, c, ctx)]


def matches(g, flt: Filter, card: Card, ctx: Context, anywhere: bool = False) -> bool:
    """Whether a card fits every word of a filter, from the context's point of view (``anywhere``:
    wherever the card is now, as for the card a cost is paid for)."""
    if not anywhere and not in_zone(card, flt.zone):
        return False
    if flt.type and not _type_ok(g, flt.type, card):
        return False
    if not _side_ok(g, flt.side, card, ctx):
        return False
    if flt.keywords or flt.any_keyword or flt.without or flt.clan:
        words = g.keywords(card)
        if any(k.lower() not in words for k in flt.keywords):
            return False
        if flt.any_keyword and not any(k.lower() in words for k in flt.any_keyword):
            return False
        if any(k.lower() in words for k in flt.without):
            return False
        if flt.clan and flt.clan.replace(" Clan", "") not in g.clans(card):
            return False
    if flt.title and not titled(card.title, flt.title):
        return False
    if flt.not_title and titled(card.title, flt.not_title):
        return False
    if flt.produces_gold and not produces_gold(card):
        return False
    if flt.designator and not any(flt.designator in a.designators for a in card.card.reading.abilities):
        return False  # "a Battle Strategy": one with a Battle action (battle-actions)
    if flt.another and ctx.source is not None and (card.id == ctx.source.id or card is g.host(ctx.source)):
        return False
    if flt.besides is not None and (g.host(card) or card) in (ctx.targets.get(flt.besides) or []):
        return False  # "one of your other units": not the one named before (another)
    if any(not has_state(g, card, s) for s in flt.state):
        return False
    if flt.at and card.zone is Zone.PLAY and not _at_ok(g, flt.at, card):
        return False
    if flt.opposing and not _opposing(g, card, ctx):
        return False
    if flt.opposes is not None and not _opposes(g, card, flt.opposes, ctx):
        return False
    if flt.army and not _same_army(g, card, ctx):
        return False
    if flt.family and (card.type != "personality" or flt.family not in re.findall(r"[\w'-]+", card.title)):
        return False  # a family name is a word of a Personality's title (family-name)
    if flt.in_unit and (ctx.source is None or card not in g.unit_of(ctx.source)):
        return False
    if flt.in_unit_of is not None and not any(card in g.unit_of(c) for c in resolve(g, flt.in_unit_of, ctx) or []
                                              if isinstance(c, Card)):
        return False
    if flt.any_of and not any(matches(g, f.model_copy(update={"zone": flt.zone}), card, ctx) for f in flt.any_of):
        return False
    if flt.elsewhere is not None and (g.host(card) or card).location in {
            (g.host(c) or c).location for c in ctx.targets.get(flt.elsewhere) or [] if isinstance(c, Card)}:
        return False  # "at a different location" than that target's (rules-of-location)
    if flt.same_location is not None and not _same_location(g, card, flt.same_location, ctx):
        return False
    if flt.duel_role is not None and card not in (resolve(g, flt.duel_role, ctx) or []):
        return False
    if flt.unit_keyword and not g.unit_has_keyword(g.host(card) or card, flt.unit_keyword):
        return False
    if flt.attached and not has_attached(g, card, flt.attached):
        return False
    if flt.not_attached and has_attached(g, card, flt.not_attached):
        return False
    for test in flt.stats:
        if not compare(_stat(g, card, test), test.op, amount(g, test.value, ctx)):
            return False
    if flt.distinct_clans and not g.clans(card):
        return False  # "each with a different Clan Alignment": an Unaligned card has none
    for test in flt.together:  # a card alone must fit a bound on the chosen cards' total (stats are at least 0)
        if not compare(g.stat(card, test.stat), test.op, amount(g, test.value, ctx)):
            return False
    for test in flt.tokens:
        if not compare(count_tokens(card.tokens, test.name), test.op, amount(g, test.value, ctx)):
            return False
    if flt.ability is not None:
        from .granted import has_ability

        if not has_ability(g, card, flt.ability):
            return False
    if flt.no_abilities is not None:
        from .granted import has_abilities

        if has_abilities(g, card, flt.no_abilities == "printed"):
            return False
    return flt.most is None or _most(g, flt, card, ctx)


def joint(flt: Filter) -> bool:
    """Whether the filter tests the cards chosen together, not only each one."""
    return bool(flt.apart or flt.same_controller or flt.distinct_clans or flt.together)


def together(g, flt: Filter, cards: list, ctx) -> bool:
    """"One or more target Followers with total Force less than or equal to Ayahi's Force": the sum
    of the chosen cards' stats meets each bound; "two Personalities controlled by the same player at
    different locations": each at its own location, one player controlling them all; "each with a
    different Clan Alignment": no two of them share one (``targeting``)."""
    if flt.apart and len({(g.host(c) or c).location for c in cards}) < len(cards):
        return False
    if flt.same_controller and len({c.controller for c in cards}) > 1:
        return False
    if flt.distinct_clans:
        clans = [g.clans(c) for c in cards if isinstance(c, Card)]
        if any(a & b for i, a in enumerate(clans) for b in clans[i + 1:]):
            return False
    return all(compare(sum(g.stat(c, t.stat) for c in cards), t.op, amount(g, t.value, ctx)) for t in flt.together)


def _stat(g, card: Card, test: StatTest) -> int:
    """The stat a filter compares: the card's own, or its unit's total Force, which counts bowed cards too
    except in battle resolution (``unit-and-army-force``)."""
    return unit_total(g, card) if test.unit_total else g.stat(card, test.stat)


def unit_total(g, card: Card) -> int:
    """The total Force of the card's unit (the unit of its host, for an attachment); bowed cards count
    except in battle resolution (``unit-and-army-force``)."""
    from .stats import unit_force

    return unit_force(g, g.host(card) or card, resolution=g.segment == "resolution")[0]


def _most(g, flt: Filter, card: Card, ctx: Context) -> bool:
    """"A target Personality with the highest Personal Honor at the current battlefield": of the
    cards the rest of the filter matches (the card among them), none has a higher (or lower) one."""
    rest = flt.model_copy(update={"most": None})
    values = [g.stat(c, flt.most.stat) for c in g.cards.values() if c.zone is card.zone and matches(g, rest, c, ctx)]
    return g.stat(card, flt.most.stat) == (max(values) if flt.most.highest else min(values))


def _type_ok(g, kinds, card: Card) -> bool:
    t = card.type
    for k in kinds:
        if k == "card" or k == t:
            return True
        if k == "unit" and t == "personality":
            return True
        if k == "attachment" and t in ("follower", "item", "spell"):
            return True
        if k == "terrain" and g.has_keyword(card, "Terrain"):
            return True
    return False


def _side_ok(g, side: str, card: Card, ctx: Context) -> bool:
    if side == "any":
        return True
    owner = card.controller if card.zone is Zone.PLAY else card.owner
    if side == "your":
        return owner == ctx.player
    if side == "enemy":
        return g.enemy_of(card, ctx.player)
    return owner != ctx.player  # "another player's", "an opponent's"


def _at_ok(g, at: str, card: Card) -> bool:
    host = g.host(card) or card
    if at == "any":
        return True
    if at == "home":
        return host.location == "home"
    if at == "battlefield":
        return host.location != "home"
    if at == "other_battlefield":  # "at another battlefield": one other than the current battlefield
        return host.location != "home" and host.location != g.battlefield
    return g.battlefield is not None and host.location == g.battlefield  # "at this battlefield"


def _same_army(g, card: Card, ctx: Context) -> bool:
    """In the army of the text's card (its Personality's, for an attachment): on the same side at the
    same battlefield (``army``); a card at home is in no army."""
    me = (g.host(ctx.source) or ctx.source) if ctx.source else None
    them = g.host(card) or card
    if me is None or me.zone is not Zone.PLAY or me.location == "home" or them.location != me.location:
        return False
    return g.side(me) is not None and g.side(me) == g.side(them)


def _opposing(g, card: Card, ctx: Context) -> bool:
    me = g.host(ctx.source) if ctx.source else None
    them = g.host(card) or card
    if me is None or me.location == "home" or them.location != me.location:
        return False
    return g.side(me) != g.side(them)


def _opposes(g, card: Card, other: Filter, ctx: Context) -> bool:
    """"Opposing" refers to cards at the same battlefield, on different sides (``opposing``)."""
    side = g.side(card)
    if side is None:
        return False
    where = (g.host(card) or card).location
    return any(g.side(o) not in (None, side) and (g.host(o) or o).location == where for o in select(g, other, ctx))


# What a card remembers of its movements (move, assign): how it came, this turn or this battle, to and from where.
MEMORY = {"moved_this_turn": {"how": ("moved",)}, "moved_this_battle": {"how": ("moved",), "span": "battle"},
          "moved_or_entered_this_battle": {"how": ("moved", "entered"), "span": "battle"},
          "moved_to_battlefield_this_turn": {"how": ("moved",), "to": "battlefield"},
          "assigned_here": {"how": ("assigned",), "to": "here"},
          "moved_home_from_here": {"how": ("moved",), "to": "home", "where_from": "here"},
          "entered_play_this_turn": {"how": ("entered",)}}


def _same_army(g, card: Card, ctx: Context) -> bool:
    """An army is the units on one side at a battlefield (``army``): the card's unit is on the side of
    the text's card's unit, at its battlefield."""
    me = g.host(ctx.source) if ctx.source else None
    side = g.side(me) if me is not None else None
    return side is not None and g.side(card) == side and (g.host(card) or card).location == me.location


def produces_gold(card: Card) -> bool:
    """"A Gold-producing Holding": one with a Gold-producing trait, or printed with a Gold Production; a Stronghold
    produces its Gold Production (``gold-producing-traits``, ``holding-gold-production``)."""
    reading = card.card.reading
    return card.type == "stronghold" or reading.produce is not None or bool(reading.produce_also) \
        or (card.type == "holding" and card.card.production is not None)


def titled(title: str, wanted: str) -> bool:
    """Whether a card of this title is the one the text names: "Doji Takato" is Doji Takato, the Manipulator —
    a subtitle, after its comma, is not part of the title (``card-subtitles``)."""
    have, want = title.lower().removeprefix("the "), wanted.lower().removeprefix("the ")
    return have == want or ("," not in want and have.split(",")[0].strip() == want)


def has_state(g, card: Card, state: str) -> bool:
    host = g.host(card) or card
    if state == "bowed":
        return card.bowed
    if state == "unbowed":
        return not card.bowed
    if state == "dishonorable":
        return card.dishonored
    if state == "honorable":
        return not card.dishonored
    if state == "attacking":
        return g.side(card) == "attacking"
    if state == "defending":
        return g.side(card) == "defending"
    if state == "opposed":
        return g.opposed(card)
    if state == "would_be_opposed":
        return g.would_be_opposed(card)
    if state in MEMORY:
        return g.arrived(card, **MEMORY[state])
    if state == "bowed_this_turn":
        return g.did(card, "bows")
    if state == "produced_no_gold_this_turn":  # "that has not produced Gold this turn" (gold-producing-traits)
        return not g.did(card, "produces_gold")
    if state == "unopposed":
        return g.side(card) is not None and not g.opposed(card)
    if state in ("with_followers", "without_followers"):
        has = any(g.cards[a].type == "follower" for a in host.attachments)
        return has == (state == "with_followers")
    if state in ("with_attachments", "without_attachments"):
        return bool(host.attachments) == (state == "with_attachments")
    if state in ("dead", "discarded"):  # the two states of a Personality in a discard pile (dead)
        return card.zone is (Zone.DEAD if state == "dead" else Zone.DISCARD)
    if state == "in_play":  # "if it is still in play"
        return card.zone is Zone.PLAY
    if state == "destroyed":  # "if this destroyed a card": it was in play and is now in a discard pile or dead
        return card.zone in (Zone.DISCARD, Zone.DEAD)
    if state == "face_up":
        return card.face_up
    if state == "face_down":
        return not card.face_up
    if state == "at_home":
        return host.location == "home"
    if state == "in_battle":
        return g.battlefield is not None and host.location == g.battlefield
    if state == "unique":
        return g.has_keyword(card, "Unique")
    if state == "experienced":
        return card.card.xp > 0
    if state == "unaligned":  # without a Clan Alignment: not a keyword of its own (``unaligned``)
        return not g.clans(card)
    return False


def has_attached(g, card: Card, words: list[str], least: int = 1) -> bool:
    """Whether a Personality has an attachment (at least ``least`` of them: "has two Weapons") with every one
    of these words (its keywords or its card type: "with a Weapon", "has a Fire Spell")."""
    host = g.host(card) or card
    want = {w.lower() for w in words} - {"attachment"}  # "has an attachment": any card attached to him
    return sum(want <= g.keywords(g.cards[aid]) | {g.cards[aid].type} for aid in host.attachments) >= least


def compare(a: int, op: str, b: int) -> bool:
    return {"<": a < b, "<=": a <= b, "=": a == b, ">=": a >= b, ">": a > b}[op]


def matches_target(g, src: Card, target, card: Card) -> bool:
    """Whether a continuous trait's target (``self``, ``host``, ``unit`` or a filter) covers a card."""
    ctx = card_context(g, src)
    if target in (None, "self"):
        return card.id == src.id
    if target == "host":
        return card is g.host(src) and card.id != src.id
    if target == "unit":
        return card in g.unit_of(src)
    if target == "focused":  # "Shinichi's focused cards": his player's, in a duel he is in (``duel`` step 2)
        return card.zone is Zone.FOCUS and any(src in (d["challenger"], d["challenged"])
                                               and card.id in d["focused"].get(src.controller, ()) for d in g.dueling)
    if isinstance(target, AllRef):
        return matches(g, target.all, card, ctx)
    if isinstance(target, TargetedRef):
        return any(card.id in ids for ids in src.targeted.values()) and _type_ok(g, [target.targeted], card)
    if isinstance(target, Filter):
        return matches(g, target, card, ctx)
    return False


# ----- players -----------------------------------------------------------------------------
def players(g, ref, ctx: Context) -> list[str]:
    """The players an effect names: ``you``, ``opponent``, ``each``, a chosen target, a name."""
    if ref in (None, "you", "self"):
        return [ctx.player]
    if ref == "each":
        return g.in_turn_order()
    if ref == "opponent":
        return [g.opponent(ctx.player)]
    if ref == "other":
        return [p for p in g.in_turn_order() if p != ctx.player]
    if ref == "active":
        return [g.active]
    if ref == "favor":
        # "The player with the Imperial Favor discards it and loses 2 Honor": one player, the holder when the text
        # first names him, still "the player" once he has discarded it (imperial-favor, references)
        if "favor" not in ctx.targets and g.favor is not None:
            ctx.targets["favor"] = [g.favor]
        return list(ctx.targets.get("favor", []))
    if ref in ("attacker", "defender"):
        who = g.attacker if ref == "attacker" else g.defender
        return [who] if who else []
    if ref == "controller" and ctx.subject is not None:
        # "After a dishonorable Personality is destroyed, his controller loses 1 Honor": a card that has left play is
        # its controller as it was before it left (``references``), the occurrence's player
        return [ctx.subject.controller if ctx.subject.in_play or ctx.subject_player is None else ctx.subject_player]
    if ref in ("winner_controller", "loser_controller"):
        return list(dict.fromkeys(c.controller for c in resolve(g, ref.split("_")[0], ctx) or []))
    if isinstance(ref, int):
        chosen = ctx.targets.get(ref) or []
        return [c if isinstance(c, str) else c.controller for c in chosen]
    if isinstance(ref, str) and ref in g.players:
        return [ref]
    return []


# ----- numbers -----------------------------------------------------------------------------
def amount(g, value, ctx) -> int:
    """An effect's number now: a literal, or "equal to …", "for each …", "the Gold paid"."""
    if isinstance(value, int) or value is None:
        return value or 0
    if not isinstance(ctx, Context):
        ctx = card_context(g, ctx)
    a: Amount = value
    if a.stat is not None:
        ref = a.of if a.of is not None else "self"
        cards = resolve(g, _whose_stat(g, a, ref, ctx) if a.or_of is not None else ref, ctx) or []
        if a.printed:
            from .stats import printed

            n = sum(printed(c, a.stat) for c in cards)
        elif a.unit_total:
            n = sum(unit_total(g, c) for c in cards)
        else:
            n = sum(g.stat(c, a.stat) for c in cards)
    elif a.count is not None:
        n = len(select(g, a.count, ctx))
    elif a.tokens is not None:
        n = sum(count_tokens(c.tokens, a.tokens) for c in resolve(g, a.of if a.of is not None else "self", ctx) or [])
    elif a.paid:
        n = ctx.paid
    elif a.tokens_removed:
        n = ctx.tokens_removed
    elif a.did is not None:
        from .acting import count_done

        n = count_done(g, a.did, ctx)
    elif a.n is not None:
        n = a.n
    elif a.starting_honor is not None:
        from .stats import starting_honor

        who = players(g, a.starting_honor, ctx)
        n = starting_honor(g, who[0]) if who else 0
    else:
        who = players(g, a.honor_of, ctx)
        n = g.players[who[0]].honor if who else 0
    n = n // a.per
    if a.most is not None:
        n = min(n, a.most)
    if a.half:
        n = math.floor(n / 2) if a.half == "down" else math.ceil(n / 2)
    n = n * a.times + a.plus + sum(b.amount for b in a.plus_if if holds(g, b.if_, ctx)) + amount(g, a.added, ctx)
    if a.whichever is not None:  # "…, whichever is higher": both counted now, the higher (lower) one
        other = amount(g, a.whichever.other, ctx)
        n = max(n, other) if a.whichever.pick == "higher" else min(n, other)
    return n


def script_choice(g, ctx, options: list[str], say, key=str, by: str | None = None) -> str:
    """One of several options the acting player (or the player ``by`` the text names) picks as the effect
    resolves: the script's ``choose:`` answer when it names one of them, else the first, said so (``choices``).
    ``say(choice, note)`` words the step."""
    wanted = key(ctx.choices[0]) if ctx.choices else None
    if wanted in options:
        ctx.choices.pop(0)
        note = "as the script chooses"
    else:
        wanted, note = options[0], "the script names none of them; the engine takes the first"
    g.record(StepKind.CHOICE, say(wanted, note), ["choices"], by or ctx.player)
    return wanted


def _whose_stat(g, a: Amount, ref, ctx: Context):
    """"Equal to this Shugenja's or the Samurai's Chi": the player chooses whose stat counts when the
    effect applies (``choices``): the card the script's ``choose:`` answer names (title or id), else the
    first one printed.  A card that is not there (an optional target not chosen) leaves the other."""
    options = [(r, found[0]) for r in (ref, a.or_of) for found in [resolve(g, r, ctx) or []] if found]
    if len(options) < 2 or options[0][1] is options[1][1]:
        return options[0][0] if options else ref
    by_card = {card.id: (r, card) for r, card in options}
    stat = " ".join(w.capitalize() for w in a.stat.split("_"))
    offered = ", ".join(f"{c.title}'s {stat} {g.stat(c, a.stat)}" for _, c in options)
    chosen = script_choice(g, ctx, list(by_card), lambda cid, note: (
        f"{ctx.player.capitalize()} chooses {by_card[cid][1].title}'s {stat} ({note}; options: {offered})"),
        key=lambda answer: next((c.id for _, c in options if str(answer).lower() in (c.title.lower(), c.id.lower())),
                                None))
    return by_card[chosen][0]


# ----- conditions --------------------------------------------------------------------------
def holds(g, cond: Condition | None, ctx) -> bool:
    """Whether every part of an "If …" is true now (``conjunctions``: "or" is met by both)."""
    if cond is None:
        return True
    if not isinstance(ctx, Context):
        ctx = card_context(g, ctx)
    me = g.active if cond.of_player == "active" else ctx.player
    if cond.you_are is not None:
        ok = {"attacker": g.attacking and g.attacker == me, "defender": g.attacking and g.defender == me,
              "active": g.active == me, "not_active": g.active != me,
              "in_battle": g.battlefield is not None and bool(g.units(me, g.battlefield))}[cond.you_are]
        if not ok:
            return False
    if cond.controls is not None and not any(c.controller == me for c in select(g, cond.controls, ctx)):
        return False
    if cond.controls_none is not None and any(c.controller == me for c in select(g, cond.controls_none, ctx)):
        return False
    if cond.exists is not None and not select(g, cond.exists, ctx):
        return False
    if cond.happened is not None:
        from .memory import count

        if count(g, cond.happened, ctx) < cond.happened.times:
            return False
    if cond.battlefield_destroyed is not None:
        prov = g.province(g.battlefield)
        if prov is None or prov.destroyed != cond.battlefield_destroyed:
            return False
    if cond.count is not None and not compare(len(select(g, cond.count.filter, ctx)), cond.count.op,
                                              amount(g, cond.count.value, ctx)):
        return False
    if cond.card is not None or cond.is_ or cond.is_not or cond.has_keyword or cond.has_attached or cond.stat \
            or cond.fits or cond.tokens or cond.attached_to or cond.this_turn \
            or cond.dueling or cond.duel_role or cond.lower_duel_stat:
        cards = resolve(g, cond.card if cond.card is not None else "self", ctx) or []
        if not cards:
            return False
        for c in cards:
            if any(not has_state(g, c, s) for s in cond.is_) or any(has_state(g, c, s) for s in cond.is_not):
                return False
            if cond.has_keyword and not g.has_keyword(c, cond.has_keyword):
                return False
            if cond.has_attached and not has_attached(g, c, cond.has_attached, cond.attached_count or 1):
                return False
            if cond.attached_to is not None and not (c.attached_to in g.cards and matches(
                    g, cond.attached_to, g.cards[c.attached_to], ctx)):
                return False
            if cond.fits is not None and not matches(g, cond.fits.model_copy(update={"zone": ZONE_NAMES.get(
                    c.zone, "play")}), c, ctx):
                return False
            if cond.stat is not None and not compare(g.stat(c, cond.stat.stat), cond.stat.op,
                                                     amount(g, cond.stat.value, ctx)):
                return False
            if cond.tokens is not None and not compare(count_tokens(c.tokens, cond.tokens.name), cond.tokens.op,
                                                       amount(g, cond.tokens.value, ctx)):
                return False
            if cond.this_turn and not dueled(g, c, cond.this_turn):
                return False
            if cond.dueling is not None and not any(matches(g, cond.dueling, other, ctx) for other in facing(g, c)):
                return False
            if cond.duel_role and (ctx.duel or {}).get(cond.duel_role) is not c:  # "the winner": None in a tie
                return False
            if cond.lower_duel_stat and not lower_duel_stat(g, c):
                return False
    if cond.honor is not None and not compare(g.players[me].honor, cond.honor.op, amount(g, cond.honor.value, ctx)):
        return False
    if cond.honor_vs_others is not None and not all(
            compare(g.players[me].honor, cond.honor_vs_others, g.players[p].honor) for p in g.live() if p != me):
        return False
    if cond.hand is not None and not compare(len(g.players[me].hand), cond.hand.op, amount(g, cond.hand.value, ctx)):
        return False
    if cond.hand_size is not None and not compare(g.hand_size(me), cond.hand_size.op,
                                                  amount(g, cond.hand_size.value, ctx)):
        return False  # a stat of the player (``maximum-hand-size``)
    if cond.action_brings is not None:
        action = ctx.interrupted
        if (action is not None and action.brings is not None and action.brings is ctx.source) != cond.action_brings:
            return False
    if cond.action_by is not None:
        action = ctx.interrupted
        if action is None or (action.player == me) != (cond.action_by == "you"):
            return False
    if cond.action is not None:
        from .acting import fits

        if not fits(g, cond.action, ctx):
            return False
    if cond.resolving is not None:
        from .acting import resolving_now

        if not resolving_now(g, cond.resolving, ctx):
            return False
    if cond.most_cards is not None:
        mine = len(g.players[me].hand)
        most = all(mine > len(g.players[p].hand) for p in g.live() if p != me)
        if most != cond.most_cards:
            return False
    if cond.fewest_cards is not None:  # counted without the card being played from hand: it leaves for a
        # resolution area as the action is announced (action-sequence; "after playing this Strategy")
        mine = len([c for c in g.players[me].hand if ctx.source is None or c != ctx.source.id])
        fewest = all(mine < len(g.players[p].hand) for p in g.live() if p != me)
        if fewest != cond.fewest_cards:
            return False
    if cond.clan is not None and cond.clan.replace(" Clan", "") not in g.players[me].clans:
        return False
    if cond.only_clan is not None and set(g.players[me].clans) != {cond.only_clan.replace(" Clan", "")}:
        return False
    if cond.other_clan is not None and not any(cond.other_clan.replace(" Clan", "") in g.players[p].clans
                                                for p in g.live() if p != me):
        return False
    if cond.defender_clan is not None and not (g.attacking and g.defender is not None and cond.defender_clan.replace(
            " Clan", "") in g.players[g.defender].clans):
        return False  # the Defender is the player defending in this attack; none outside one (battle)
    if cond.favor is not None and (g.favor == me) != cond.favor:
        return False
    if cond.first_turn is not None and (g.turn <= len(g.order)) != cond.first_turn:
        return False
    if cond.fewer_provinces is not None:
        left = {p: sum(not pr.destroyed for pr in g.players[p].provinces) for p in g.live()}
        fewer = all(left[me] < n for p, n in left.items() if p != me)
        if fewer != cond.fewer_provinces:
            return False
    if cond.went_first is not None and (g.first_player == me) != cond.went_first:
        return False  # the first player listed in the position took the first turn
    if cond.phase == "combat":
        if not (g.battlefield and g.segment == "combat"):
            return False
    elif cond.phase is not None:
        now = "battle" if g.battlefield and g.segment in ("engage", "combat", "resolution") else g.phase
        if cond.phase != now and not (cond.phase == "attack" and g.phase == "attack"):
            return False
    if cond.challenges_issued is not None:
        issued = sum(d.get("turn") == g.turn and g.cards[d["challenger"]].controller == me for d in g.duels)
        if not compare(issued, cond.challenges_issued.op, amount(g, cond.challenges_issued.value, ctx)):
            return False
    if cond.duels_won is not None:  # the duels of this turn as the game recorded them, a tie won by no one (duel)
        won = sum(d.get("turn") == g.turn and d.get("winner") is not None and g.cards[d["winner"]].controller == me
                  for d in g.duels)
        if not compare(won, cond.duels_won.op, amount(g, cond.duels_won.value, ctx)):
            return False
    if cond.duel is not None and not _duel_result(ctx, cond.duel, cond.won_by):
        return False
    if cond.last_focused and not _last_focused(ctx):
        return False
    if cond.any is not None and not any(holds(g, c, ctx) for c in cond.any):
        return False
    if cond.all is not None and not all(holds(g, c, ctx) for c in cond.all):
        return False
    if cond.not_ is not None and holds(g, cond.not_, ctx):
        return False
    return True


def _same_location(g, card: Card, ref, ctx: Context) -> bool:
    """"At the same location as your Personality in this duel": where that card is now, an attachment where its
    host is, each player's home a location of its own (``rules-of-location``); none when that card is not in play."""
    def place(c: Card):
        c = g.host(c) or c
        return (c.location, c.controller if c.location == "home" else None)

    return place(card) in {place(c) for c in resolve(g, ref, ctx) or [] if isinstance(c, Card) and c.zone is Zone.PLAY}


def _duel_result(ctx: Context, result: str, won_by: int | None = None) -> bool:
    """"If you win this duel": a Personality you control won (or lost) the duel whose consequences
    apply; in a tie both lose (``duel``).  "If he refuses": the challenge was refused (``refuse``).  "If you
    won the duel by three or more": his total (Focus Values plus duel stat) is that much higher than the other's
    (``duel`` step 5)."""
    duel = ctx.duel or {}
    if result == "refused":
        return bool(duel.get("refused"))
    cards = [duel.get("winner")] if result == "won" else list(duel.get("losers") or [])
    if won_by is not None and cards[0] is not None:
        totals = duel.get("totals") or {}
        other = next((c for c in (duel.get("challenger"), duel.get("challenged")) if c is not cards[0]), None)
        if other is None or totals.get(cards[0].id, 0) - totals.get(other.id, 0) < won_by:
            return False
    return any(c is not None and c.controller == ctx.player for c in cards)


def _last_focused(ctx: Context) -> bool:
    """"If it was the last card you focused in the duel": the card the text is on is the last one its player
    focused in the duel the Focus Effect is part of (``focus-focus-effect``, ``duel`` step 2)."""
    focused = ((ctx.duel or {}).get("focused") or {}).get(ctx.player) or []
    return ctx.source is not None and bool(focused) and focused[-1] == ctx.source.id


def lower_duel_stat(g, card: Card) -> bool:
    """Whether the card is in a duel in progress with a lower duel stat than the Personality facing it (``duel-stat``:
    the duel's stat, unless his own trait overrides it)."""
    from .duel import duel_stat

    for duel in g.dueling:
        pair = (duel["challenger"], duel["challenged"])
        if card in pair:
            other = pair[1] if card is pair[0] else pair[0]
            return duel_stat(g, card, duel["stat"])[0] < duel_stat(g, other, duel["stat"])[0]
    return False


def dueled(g, card: Card, what: str) -> bool:
    """Whether the card has won a duel, or issued a challenge, this turn (``duel``, ``challenge``: the
    challenges of this turn as the game recorded them, refused ones included)."""
    role = "winner" if what == "won" else "challenger"
    return any(d.get("turn") == g.turn and d.get(role) == card.id for d in g.duels)


def facing(g, card: Card) -> list[Card]:
    """The Personalities facing this one in a duel in progress (``facing``)."""
    out = []
    for duel in g.dueling:
        pair = (duel["challenger"], duel["challenged"])
        if card in pair:
            out += [c for c in pair if c is not card]
    return out
