"""Primitives that change a card's state or place: bow, straighten, destroy, discard,
dishonor, rehonor, move home, move to a battlefield, discard from hand, remove."""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, StrictBool

from .. import cardops
from ..references import amount, players, script_choice
from ..registry import Effect, Primitive, primitive
from ..structures import Amount, Filter, Model, Number, PlayerRef, Ref
from ..vocab import StepKind, Zone
from .common import TargetArgs, cards_of


def _each(g, ctx, args, fn) -> bool:
    done = False
    for card in cards_of(g, ctx, args.target):
        g.tick()
        done = bool(fn(card)) or done
    return done


@primitive
class Bow(Primitive):
    name, Args, cite = "bow", TargetArgs, "bowed-and-unbowed"

    @classmethod
    def run(cls, g, ctx, args):
        def one(card):
            if card.bowed:
                g.record(StepKind.EFFECT, f"{card.title} is already bowed: it does not bow ({ctx.why()})",
                         [cls.cite], ctx.player, "resolve")
                return False
            return cardops.bow(g, card, ctx.why(), [cls.cite], ctx.player, ctx.source)
        return _each(g, ctx, args, one)

    @classmethod
    def describe(cls, args):
        return f"bow {describe_ref(args.target)}"


@primitive
class Straighten(Primitive):
    name, Args, cite = "straighten", TargetArgs, "bowed-and-unbowed"

    @classmethod
    def run(cls, g, ctx, args):
        return _each(g, ctx, args, lambda c: cardops.straighten(g, c, ctx.why(), [cls.cite], ctx.player, ctx.source))

    @classmethod
    def describe(cls, args):
        return f"straighten {describe_ref(args.target)}"


@primitive
class Destroy(Primitive):
    name, Args, cite = "destroy", TargetArgs, "destroy"

    @classmethod
    def run(cls, g, ctx, args):
        # "Destroy the loser" names a consequence of losing the duel: he is destroyed "for losing" it (for)
        losing = {"cause": "losing_duel", "duel": ctx.duel} if args.target in ("loser", "losers") and ctx.duel else {}
        return _each(g, ctx, args, lambda c: cardops.leave_play(g, c, "destroyed", ctx.why(), [cls.cite], ctx.player,
                                                                ctx.source, **losing))

    @classmethod
    def describe(cls, args):
        return f"destroy {describe_ref(args.target)}"


@primitive
class Discard(Primitive):
    """Discard the named card from wherever it is: hand, a Province, or play (``discard``)."""

    name, Args, cite = "discard", TargetArgs, "discard"

    @classmethod
    def run(cls, g, ctx, args):
        def one(card):
            if card.zone is Zone.HAND:
                done = cardops.discard_from_hand(g, card, ctx.why(), [cls.cite], ctx.player, action=ctx.keywords)
            elif card.zone is Zone.PROVINCE:
                done = cardops.discard_from_province(g, card, ctx.why(), [cls.cite], ctx.player)
            else:
                done = bool(cardops.leave_play(g, card, "discarded", ctx.why(), [cls.cite], ctx.player, ctx.source))
            if done:
                ctx.discarded.append(card)
            return done
        return _each(g, ctx, args, one)

    @classmethod
    def describe(cls, args):
        return f"discard {describe_ref(args.target)}"


class DiscardCardsArgs(Model):
    player: PlayerRef = "you"
    count: Number = 1
    filter: Filter | None = None
    random: bool = False


@primitive
class DiscardCards(Primitive):
    """"Discard a card": a Fate card from the player's own hand, of the player's choice
    (``discard``); the action's ``discard:`` names it, else the engine picks and says which.
    "Discards a card at random": no player chooses; the script's ``discard:`` states which card it
    was, else the engine takes one and says so."""

    name, Args, cite = "discard_cards", DiscardCardsArgs, "discard"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        from ..references import matches

        done = False
        for who in players(g, args.player, ctx):
            n = amount(g, args.count, ctx)
            hand = [g.cards[c] for c in g.players[who].hand]
            if args.filter is not None:
                flt = args.filter.model_copy(update={"zone": "hand"})
                hand = [c for c in hand if matches(g, flt, c, ctx)]
            named = [c for c in (g.find(r, who) for r in ctx.discard_named) if c in hand] \
                if who == ctx.player or args.random else []
            picked = (named + [c for c in reversed(hand) if c not in named])[:n]
            if len(picked) < n:
                g.record(StepKind.EFFECT, f"{who.capitalize()} has {len(picked)} such card"
                         f"{'s' if len(picked) != 1 else ''} in hand to discard ({ctx.why()})", [cls.cite], who)
            for card in picked:
                if card not in named:
                    how = " at random" if args.random else ""
                    g.record(StepKind.CHOICE, f"{who.capitalize()} discards {card.title}{how} (no card named; the "
                                              "engine picks the last one in hand)", ["choices"], who)
                if cardops.discard_from_hand(g, card, ctx.why(), [cls.cite], ctx.player, action=ctx.keywords):
                    ctx.discarded.append(card)
                    done = True
        return done

    @classmethod
    def describe(cls, args):
        from .honor import _who

        what = "a card" if args.count == 1 else f"{args.count} cards"
        if args.filter is not None:
            what += f" ({describe_filter(args.filter)})"
        return f"{_who(args.player)} discard{'s' if args.player not in ('you', 'each') else ''} {what}" + (
            " at random" if args.random else "")


class _HonorState(Primitive):
    dishonor: bool

    @classmethod
    def run(cls, g, ctx, args):
        return _each(g, ctx, args, lambda c: cardops.set_honor_state(g, c, cls.dishonor, ctx.why(), [cls.cite],
                                                                     ctx.player, ctx.source))


@primitive
class Dishonor(_HonorState):
    name, Args, cite, dishonor = "dishonor", TargetArgs, "honorable-and-dishonorable", True

    @classmethod
    def describe(cls, args):
        return f"dishonor {describe_ref(args.target)}"


@primitive
class Rehonor(_HonorState):
    name, Args, cite, dishonor = "rehonor", TargetArgs, "rehonoring", False

    @classmethod
    def describe(cls, args):
        return f"rehonor {describe_ref(args.target)}"


class MoveHomeArgs(Model):
    target: Ref = "self"
    # "Bow him as he moves": effects that happen with the move, and only if it happens
    as_moving: list[Effect] = Field(default_factory=list, max_length=6)


def _move(g, ctx, args, where, cite: str) -> bool:
    """Each card's unit moves where ``where(card)`` says (``move``); the effects "as he moves"
    happen once, with the first unit that actually moves, and not at all if none does
    (``independence-of-effects``)."""
    during = _during(g, ctx, args)
    units = []

    def one(card) -> bool:
        host = g.host(card) or card
        if host in units:  # "move his unit": the unit moves once, with its Personality (unit)
            return False
        units.append(host)
        to = where(card)
        return to is not None and cardops.move_unit(g, card, to, ctx.why(), [cite], ctx.player, ctx.source,
                                                    during=during)
    return _each(g, ctx, args, one)


def _during(g, ctx, args):
    """The effects "as he moves", run by the first movement that happens and then no more."""
    from ..resolution import run_effects

    waiting = list(args.as_moving)

    def during():
        if waiting:
            now = waiting[:]
            waiting.clear()
            run_effects(g, ctx, [], now)
    return during


def _as_moving(args) -> str:
    from ..abilities import describe_effect

    return f" [as it moves: {'; '.join(describe_effect(e) for e in args.as_moving)}]" if args.as_moving else ""


@primitive
class MoveHome(Primitive):
    name, Args, cite = "move_home", MoveHomeArgs, "move"

    @classmethod
    def run(cls, g, ctx, args):
        return _move(g, ctx, args, lambda card: "home", cls.cite)

    @classmethod
    def describe(cls, args):
        return f"move {describe_ref(args.target)} home" + _as_moving(args)


@primitive
class Switch(Primitive):
    """"Switch their locations": two units each move to the other's location at once (``switch``)."""

    name, Args, cite = "switch", MoveHomeArgs, "switch"

    @classmethod
    def run(cls, g, ctx, args):
        hosts = list(dict.fromkeys(g.host(c) or c for c in cards_of(g, ctx, args.target)))
        if len(hosts) != 2:
            g.record(StepKind.EFFECT, f"Switching locations needs two units; there are {len(hosts)} ({ctx.why()})",
                     [cls.cite], ctx.player, "resolve")
            return False
        return cardops.switch_units(g, hosts[0], hosts[1], ctx.why(), [cls.cite], ctx.player, ctx.source,
                                    during=_during(g, ctx, args))

    @classmethod
    def describe(cls, args):
        return f"switch the locations of {describe_ref(args.target)}" + _as_moving(args).replace("it moves", "they move")


class Where(Model):
    """A location the player chooses as the unit moves ("an adjacent, unresolved battlefield where
    he would be opposed", "another location"): a battlefield of the attack other than his own
    (``battlefields``), or home too if ``home``."""

    unresolved: StrictBool = False  # its battle has not been fought yet
    adjacent: StrictBool = False  # next to the battlefield the unit is at
    opposed: StrictBool = False  # where he would be opposed (opposed)
    home: StrictBool = False


class MoveToArgs(MoveHomeArgs):
    # "here" is the current battlefield; "own_battlefield" / "own_location" where this card's unit is
    # ("to Kiyomichi's battlefield", "to The Shakash's location"); a Province's id; or a location chosen
    to: Union[Where, Annotated[str, Field(max_length=40)]] = "here"


PLACE_WORDS = {"here": "this battlefield", "own_battlefield": "this card's battlefield",
               "own_location": "this card's location"}


def destination(g, ctx, to: str) -> str | None:
    """Where a move goes now; None when there is no such battlefield (``battlefields``)."""
    if to == "here":
        return g.battlefield
    if to in ("own_battlefield", "own_location"):
        own = g.host(ctx.source) or ctx.source
        where = own.location if own is not None and own.in_play else None
        return None if to == "own_battlefield" and where == "home" else where
    return to


@primitive
class MoveTo(Primitive):
    name, Args, cite = "move_to", MoveToArgs, "move"

    @classmethod
    def run(cls, g, ctx, args):
        if isinstance(args.to, Where):
            return _move(g, ctx, args, lambda card: choose_location(g, ctx, card, args.to), cls.cite)
        to = destination(g, ctx, args.to)
        if to is None or (to != "home" and g.province(to) is None):
            g.record(StepKind.EFFECT, f"There is no battlefield {args.to} to move to ({ctx.why()})", ["battlefields"],
                     ctx.player)
            return False
        return _move(g, ctx, args, lambda card: to, cls.cite)

    @classmethod
    def describe(cls, args):
        return f"move {describe_ref(args.target)} to {describe_where(args.to)}" + _as_moving(args)


def describe_where(to) -> str:
    if not isinstance(to, Where):
        return PLACE_WORDS.get(to, to)
    kinds = ", ".join(w for w, on in (("adjacent", to.adjacent), ("unresolved", to.unresolved)) if on)
    out = f"{'an ' if kinds[:1] in ('a', 'u') else 'a '}{kinds + ' ' if kinds else ''}battlefield"
    if to.opposed:
        out += " where he would be opposed"
    return ("another location: home or " + out if to.home else out) + " (your choice)"


def choose_location(g, ctx, card, where: Where) -> str | None:
    """The location chosen for one moving unit: the script's ``choose:`` answer when it is one of
    the legal ones, else the first of them (``choices``); None when there is none."""
    host = g.host(card) or card
    options = [bf for bf in g.battlefields() if bf != host.location
               and not (where.unresolved and bf in g.fought)
               and not (where.adjacent and not g.adjacent(host.location, bf))
               and not (where.opposed and not g.would_be_opposed(host, bf))]
    if where.home and host.location != "home":
        options.append("home")
    if not options:
        g.record(StepKind.EFFECT, f"{host.title} has no {describe_where(where).removesuffix(' (your choice)')} to "
                                  f"move to ({ctx.why()})", ["battlefields"], ctx.player)
        return None
    return script_choice(g, ctx, options, lambda wanted, note: f"{ctx.player.capitalize()} chooses {wanted} for "
                                                              f"{host.title} ({note}; options: {', '.join(options)})")


@primitive
class Remove(Primitive):
    name, Args, cite = "remove", TargetArgs, "remove-from-the-game"

    @classmethod
    def run(cls, g, ctx, args):
        def one(card):
            if card.in_play:
                return bool(cardops.leave_play(g, card, "removed", ctx.why(), [cls.cite], ctx.player, ctx.source))
            from ..zones import move

            move(g, card, Zone.REMOVED)
            g.record(StepKind.EFFECT, f"{card.title} is removed from the game ({ctx.why()})", [cls.cite], ctx.player)
            return True
        return _each(g, ctx, args, one)

    @classmethod
    def describe(cls, args):
        return f"remove {describe_ref(args.target)} from the game"


def describe_ref(ref) -> str:
    """Plain words for a reference, for timelines and the card page's reading."""
    from ..structures import AllRef, TargetedRef, UnitOf

    if isinstance(ref, UnitOf) and isinstance(ref.unit_of, list):
        return f"the cards in the units of {describe_ref(ref.unit_of)}"
    if isinstance(ref, UnitOf):
        return f"the cards in {describe_ref(ref.unit_of)}'s unit"
    if ref in (None, "self"):
        return "this card"
    if ref == "host":
        return "this Personality"
    if ref in ("it", "subject"):
        return "that card"
    if ref == "its_personality":
        return "the Personality of that card's unit"
    if ref == "discarded":
        return "the discarded card"
    if ref == "found":
        return "the card found"
    if ref == "created":
        return "the created card"
    if ref == "looked":
        return "the cards looked at"
    if ref == "rest":
        return "the rest of the cards looked at"
    if ref == "unit":
        return "the cards in this unit"
    if ref == "focused":
        return "each card this card's player focused in its duel"
    if ref == "here":
        return "the current battlefield's Province"
    if ref == "province":
        return "this card's Province"
    if ref == "duelist_yours":
        return "your Personality in the duel"
    if ref == "duelist_other":
        return "the other Personality in the duel"
    if isinstance(ref, int):
        return f"target {ref}"
    if isinstance(ref, AllRef):
        return "each " + describe_filter(ref.all)
    if isinstance(ref, TargetedRef):
        return f"the {ref.targeted.capitalize()} this card's ability targeted"
    if isinstance(ref, list):
        return " and ".join(describe_ref(r) for r in ref)
    return str(ref)


# States that read as what a card would do or has done ("who has moved this turn").
PREDICATES = {"would_be_opposed": "would be opposed at this battlefield", "moved_this_turn": "has moved this turn",
              "moved_this_battle": "has moved this battle",
              "moved_or_entered_this_battle": "has moved or entered play this battle",
              "moved_to_battlefield_this_turn": "has moved to a battlefield this turn",
              "assigned_here": "assigned to this battlefield", "moved_home_from_here": "was moved home from this battlefield",
              "entered_play_this_turn": "entered play this turn", "bowed_this_turn": "bowed this turn",
              "produced_no_gold_this_turn": "has not produced Gold this turn"}


def describe_filter(f: Filter) -> str:
    words = []
    if f.side != "any":
        words.append({"your": "your", "enemy": "enemy", "other": "another player's",
                      "opponent": "an opponent's"}[f.side])
    words += [s.replace("_", " ") for s in f.state if not s.startswith("with") and s not in PREDICATES]
    if f.clan:
        words.append(f"{f.clan} Clan")
    words += f.keywords
    if f.family:
        words.append(f.family)
    if f.any_keyword:
        words.append(" or ".join(f.any_keyword))
    if f.without:
        words += [f"non-{w}" for w in f.without]
    if f.designator:
        words.append(f.designator.capitalize())
    if f.produces_gold:
        words.append("Gold-producing")
    either = " or ".join(describe_filter(s) for s in f.any_of)
    if f.type == ["unit"] and f.unit_keyword:
        words.append(f.unit_keyword)  # "a Cavalry unit" (unit-keywords)
    if f.type or not (f.keywords or f.any_keyword or f.clan or f.any_of):
        words.append(" or ".join(t.capitalize() for t in f.type) if f.type else "card")
        if either:
            words.append(f"({either})")
    elif either:
        words.append(either)
    if f.title:
        words = [f"“{f.title}”"]
    words += [s.replace("_", " ") for s in f.state if s.startswith("with")]
    if f.ability is not None:
        kinds = " or ".join({"melee_attack": "Melee Attack", "ranged_attack": "Ranged Attack"}[e] for e in f.ability.effects)
        words.append(f"with a {' '.join(f.ability.keywords + ([kinds] if kinds else []))} ability")
    if f.not_title:
        words.append(f"not named “{f.not_title}”")
    if f.attached:
        words.append(f"with an attached {' '.join(f.attached)}")
    if f.not_attached:
        words.append(f"without an attached {' '.join(f.not_attached)}")
    if f.at == "here":
        words.append("at this battlefield")
    elif f.at == "home":
        words.append("at home")
    elif f.at == "any" and not f.apart and f.elsewhere is None and f.same_location is None:  # those say where
        words.append("at any location")
    elif f.at == "battlefield":
        words.append("at a battlefield")
    elif f.at == "other_battlefield":
        words.append("at another battlefield")
    if f.zone in ("out_of_play", "in_and_out_of_play"):
        words.append(f.zone.replace("_", " "))
    elif f.zone != "play":
        area = ZONE_WORDS.get(f.zone, f.zone.replace("_", " "))
        words.append(f"in your {area}" if f.side == "your" else f"in a {area}")
    if f.opposing:
        words.append("opposing this card")
    if f.opposes is not None:
        words.append(f"opposing a {describe_filter(f.opposes)}")
    words += [f"who {PREDICATES[s]}" for s in f.state if s in PREDICATES]
    if f.army:
        words.append("in this card's army")
    if f.in_unit:
        words.append("in this unit")
    if f.in_unit_of is not None:
        words.append(f"in the unit of {describe_ref(f.in_unit_of)}")
    if f.unit_keyword and f.type != ["unit"]:
        words.append(f"in a {f.unit_keyword} unit")
    for t in f.stats:
        whose = "unit's total " if t.unit_total else ""
        words.append(f"with {whose}{stat_words(t.stat)} {t.op} {describe_amount(t.value)}")
    words += [f"with total {stat_words(t.stat)} {t.op} {describe_amount(t.value)} (the chosen cards together)"
              for t in f.together]
    if f.same_controller:
        words.append("controlled by the same player")
    if f.apart:
        words.append("at different locations")
    if f.elsewhere is not None:
        words.append(f"at a different location from target {f.elsewhere}")
    if f.same_location is not None:
        words.append(f"at the same location as {describe_ref(f.same_location)}")
    if f.duel_role is not None:
        words.append(f"that is the duel's {f.duel_role}")
    if f.distinct_clans:
        words.append("each with a different Clan Alignment")
    words += [f"with {describe_tokens(t)}" for t in f.tokens]
    if f.most is not None:
        words.append(f"with the {'highest' if f.most.highest else 'lowest'} {stat_words(f.most.stat)} of those")
    if f.no_abilities is not None:
        words.append("with no printed abilities" if f.no_abilities == "printed" else "without abilities")
    if f.another:
        words.insert(0, "another")
    if f.besides is not None:
        words.append(f"other than target {f.besides}")
    return " ".join(words)


def describe_tokens(test) -> str:
    """"a Poison token", "no Training tokens", "<= 2 Respect tokens" (a ``TokenTest``)."""
    if test.op == ">=" and test.value == 1:
        return f"a {test.name} token"
    if test.op == "=" and test.value == 0:
        return f"no {test.name} tokens"
    if isinstance(test.value, Amount) and test.op in (">", "<"):  # "more Obsession tokens than printed Chi"
        return f"{'more' if test.op == '>' else 'fewer'} {test.name} tokens than {describe_amount(test.value)}"
    return f"{test.op} {describe_amount(test.value)} {test.name} tokens"


ZONE_WORDS = {"discard": "discard pile", "discarded": "discard pile", "dead": "discard pile", "fate_deck": "Fate deck",
              "dynasty_deck": "Dynasty deck"}  # a dead or discarded card is in a discard pile (dead)


def stat_words(stat: str) -> str:
    return " ".join(w.capitalize() for w in stat.split("_"))


def describe_amount(value) -> str:
    """A number in words: 3, "his Personal Honor", "the number of your Samurai", "the Gold paid"."""
    if not isinstance(value, Amount):
        return str(value)
    if value.n is not None:
        out = str(value.n)
    elif value.stat is not None:
        whose = describe_ref(value.of if value.of is not None else "self")
        if value.or_of is not None:
            whose = f"{whose}'s or {describe_ref(value.or_of)}"  # one card's or the other's (your choice)
        out = f"{whose}'s {'printed ' if value.printed else ''}{stat_words(value.stat)}"
        if value.unit_total:
            out = f"the total {stat_words(value.stat)} of {whose}'s unit"
        if value.or_of is not None:
            out += " (you choose whose)"
    elif value.count is not None:
        out = f"the number of {describe_filter(value.count)}s"
    elif value.tokens is not None:
        out = f"the number of {value.tokens} tokens on {describe_ref(value.of if value.of is not None else 'self')}"
    elif value.paid:
        out = "the Gold paid"
    elif value.tokens_removed:
        out = "the number of tokens removed"
    elif value.did is not None:
        out = "the number of cards this bowed"
    elif value.starting_honor is not None:
        out = "your Starting Family Honor"
    else:
        out = "your Family Honor"
    if value.per != 1:
        out = f"{out} ÷ {value.per} (rounded down)"
    if value.most is not None:
        out = f"{out} (at most {value.most})"
    if value.times != 1:
        out = f"{value.times} × {out}"
    if value.half:
        out = f"half {out}, rounded {value.half}"
    if value.plus:
        out += f" plus {value.plus}" if value.plus > 0 else f" minus {-value.plus}"
    for bonus in value.plus_if:
        from ..abilities import describe_condition

        out += f", {'plus' if bonus.amount >= 0 else 'minus'} {abs(bonus.amount)} if {describe_condition(bonus.if_)}"
    if value.added is not None:
        out += f" plus {describe_amount(value.added)}"
    if value.whichever is not None:
        out += f", or {describe_amount(value.whichever.other)}, whichever is {value.whichever.pick}"
    return out


class PutIntoPlayArgs(Model):
    target: Ref = "self"
    at: Literal["home", "here"] = "home"


@primitive
class PutIntoPlay(Primitive):
    """Put a card into play without Recruiting or Equipping it ("Put this Terrain into play",
    ``terrain``): a Terrain goes to the current battlefield, other cards to their player's home."""

    name, Args, cite = "put_into_play", PutIntoPlayArgs, "entering-and-leaving"

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for card in cards_of(g, ctx, args.target):
            if card.in_play or card.type == "personality" or card.type in ("follower", "item", "spell"):
                continue  # Personalities are Recruited, attachments Equipped: not by this effect
            terrain = g.has_keyword(card, "Terrain")  # a Terrain is put into play at the current battlefield (terrain)
            where = g.battlefield if (args.at == "here" or terrain) and g.battlefield else "home"
            done = cardops.enter_play(g, card, ctx.player, "put", ctx.why(), ["entering-and-leaving"] + (
                ["terrain"] if terrain else []), location=where, by=ctx.player) or done
        return done

    @classmethod
    def describe(cls, args):
        return f"put {describe_ref(args.target)} into play" + (" at this battlefield" if args.at == "here" else "")
