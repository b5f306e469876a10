"""Effects of the actions area: using an ability more times in a turn ("You may use its abilities a
second time this turn", ``restrictions-on-number-of-times``, ``card-memory-rule``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field, StrictBool

from ..references import amount, card_context, players
from ..registry import Primitive, primitive
from ..state import Ongoing
from ..structures import Model, PlayerRef, Ref
from ..vocab import UNTIL_WORDS, StepKind, Until, Zone
from .cards import describe_ref
from .common import TargetArgs, cards_of, lasting_on_each, names

if TYPE_CHECKING:
    from ..abilities import Static  # the model is completed once it exists (abilities.py)


class ExtraUsesArgs(Model):
    target: Ref = "self"
    second: StrictBool = False  # "a second time": two uses in all, however many such effects
    more: int = Field(0, ge=0, le=5)  # "an additional time": one more use each
    printed: StrictBool = False  # "its printed abilities" only
    until: Until = Until.END_OF_TURN


@primitive
class ExtraUses(Primitive):
    """A card's abilities may be used more times this turn: "a second time" allows two uses in all,
    even with several such effects; "an additional time" one more each (``restrictions-on-number-of-times``)."""

    name, Args, cite = "extra_uses", ExtraUsesArgs, "restrictions-on-number-of-times"

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for card in cards_of(g, ctx, args.target):
            g.ongoing.append(Ongoing("extra_use", card.id, {"second": args.second, "more": args.more,
                                                            "printed": args.printed}, args.until, ctx.why(),
                                     ctx.player))
            g.record(StepKind.EFFECT, f"{card.title}'s {'printed ' if args.printed else ''}abilities may be used "
                                      f"{cls.times(args)} {UNTIL_WORDS[args.until]} ({ctx.why()})", [cls.cite],
                     ctx.player, "resolve")
            done = True
        return done

    @staticmethod
    def times(args) -> str:
        return "a second time" if args.second else f"{args.more} additional time{'s' if args.more > 1 else ''}"

    @classmethod
    def describe(cls, args):
        until = "" if args.until == Until.END_OF_TURN else f" {UNTIL_WORDS[args.until]}"
        return (f"{describe_ref(args.target)}'s {'printed ' if args.printed else ''}abilities may be used "
                f"{cls.times(args)}{until}")


def spend(card, ability, uses: dict, key) -> None:
    """One use of the ability: this turn's and, for "once per game", this game's (``card-memory-rule``)."""
    uses[key] = uses.get(key, 0) + 1
    if ability.once_per:
        card.spent.setdefault(ability.once_per, set()).add(ability.n)


def period_spent(card, ability, this_turn: int) -> bool:
    """"Once per game, …" used this game before this turn: no more uses; an additional use this turn allows another
    only if the first was taken this turn (``restrictions-on-number-of-times``, ``additional-use``)."""
    return bool(ability.once_per) and ability.n in card.spent.get(ability.once_per, ()) and not this_turn


def actions_extra(g, by: str, keywords: set, designators) -> int:
    """The additional uses traits give ``by``'s actions of a kind ("You may take Favor Battle actions one additional
    time per turn"), for the rulebook's actions (``restrictions-on-number-of-times``)."""
    return sum(st.amount for src, st in g.statics() if st.kind == "extra_use" and st.keywords
               and _kind_covered(src, st, by, keywords, designators))


def _kind_covered(src, st, by: str, keywords: set, designators) -> bool:
    """The trait's player takes the action, which has its keywords and one of its designators (lower-case)."""
    return src.controller == by and {k.lower() for k in st.keywords} <= keywords \
        and any(d in designators for d in st.designators)


def uses_allowed(g, card, ability) -> int:
    """How many times this turn the ability may be used: once or as its text says ("three times per turn"), two in
    all after "a second time" or while a trait says "twice per turn", however often that is given, one more for
    each "an additional time", from an effect or a trait (``restrictions-on-number-of-times``)."""
    from ..granted import GRANTED_FROM

    extra = [o.data for o in g.ongoing if o.kind == "extra_use" and o.target == card.id
             and not (o.data.get("printed") and ability.n >= GRANTED_FROM)]
    traits = [(src, st) for src, st in g.statics() if st.kind == "extra_use" and (
        _kind_covered(src, st, card.controller, {k.lower() for k in ability.keywords}, ability.designators)
        if st.keywords else g.static_applies(src, st, card) and not (st.what == "printed" and ability.n >= GRANTED_FROM))]
    allowed = ability.uses + sum(d.get("more", 0) for d in extra) + sum(
        amount(g, st.amount, card_context(g, src)) for src, st in traits)
    second = any(d.get("second") for d in extra) or any(st.minimum for _, st in traits)
    return max(allowed, 2) if second else allowed


@primitive
class TurnFaceUp(Primitive):
    """"Turn a target card in another player's Province face-up": a face-down card in a Province becomes
    face-up (``provinces``: cards in Provinces may be face-up or face-down); a card already face-up stays so."""

    name, Args, cite = "turn_face_up", TargetArgs, "provinces"

    @classmethod
    def run(cls, g, ctx, args):
        turned = [c for c in cards_of(g, ctx, args.target) if c.zone is Zone.PROVINCE and not c.face_up]
        for card in turned:
            card.face_up = True
            prov = g.province_of(card)
            prov.face_up = all(g.cards[cid].face_up for cid in prov.cards)
            g.timeline.note({"card": card.id, "face_up": [False, True]})
        if turned:
            g.record(StepKind.EFFECT, f"{names(turned)} turned face up ({ctx.why()})", [cls.cite], ctx.player,
                     "resolve")
        return bool(turned)

    @classmethod
    def describe(cls, args):
        return f"turn {describe_ref(args.target)} face-up"


class ShowRandomArgs(Model):
    player: PlayerRef = "you"


@primitive
class ShowRandom(Primitive):
    """"A target player shows a random card in his hand": the face of a card no player chooses is displayed to
    the other players, then it is face-down again (``show``); the script's ``choose:`` states which card it
    was (its title), else the engine takes the last one in hand and says so. An empty hand shows nothing."""

    name, Args, cite = "show_random", ShowRandomArgs, "show"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for who in players(g, args.player, ctx):
            hand = [g.cards[c] for c in g.players[who].hand]
            if not hand:
                continue
            named = [c for c in hand if ctx.choices and c.title.lower() == str(ctx.choices[0]).lower()]
            card = named[0] if named else hand[-1]
            if named:
                ctx.choices.pop(0)
            how = "" if named else " (the script names no card; the engine takes the last one in hand)"
            g.record(StepKind.EFFECT, f"{who.capitalize()} shows {card.title}, a random card in hand{how} "
                                      f"({ctx.why()})", [cls.cite], who)
            done = True
        return done

    @classmethod
    def describe(cls, args):
        from .honor import _who

        return f"{_who(args.player)} show{'s' if args.player not in ('you', 'each') else ''} a random card in hand"


class GivenTraitsArgs(Model):
    traits: list[Static] = Field(min_length=1, max_length=4)
    # the cards given the traits ("A target Personality has -2F while attacking this turn"); None: a generic effect
    # on whatever cards the traits name ("Your Personalities have +1F while …"), for the player who took the action
    target: Ref | None = None
    until: Until = Until.END_OF_TURN


@primitive
class GivenTraits(Primitive):
    """An ongoing effect that works as a continuous trait for its duration: "Until your next turn begins, your
    Personalities have +1F while …", "A target Personality has -2F while attacking this turn" (``duration-of-effects``:
    ongoing effects include giving a card a trait; ``continuous-traits``: it applies at each moment its conditions
    hold). A generic one covers every card it describes for as long as it lasts, one entering play later included
    (``card-memory-rule``: "generic effects"), and does not end when the card whose action set it up leaves play;
    one given to a card ends when that card leaves play (``Board.statics``)."""

    name, Args, cite = "given_traits", GivenTraitsArgs, "duration-of-effects"

    @classmethod
    def run(cls, g, ctx, args):
        said = "; ".join(st.describe() for st in args.traits)
        if args.target is None:
            if ctx.source is None:
                return False
            g.ongoing.append(Ongoing("traits", ctx.player, {"holder": ctx.source.id, "traits": list(args.traits)},
                                     args.until, ctx.why(), ctx.player))
            g.version += 1
            g.record(StepKind.EFFECT, f"{said} {UNTIL_WORDS[args.until]} ({ctx.why()})", [cls.cite, "continuous-traits"],
                     ctx.player, "resolve")
            return True
        return lasting_on_each(g, ctx, args.target, "traits", {"traits": list(args.traits)}, args.until, cls.cite,
                               lambda card: f"{card.title} is given the trait “{said}”")

    @classmethod
    def describe(cls, args):
        said = "; ".join(st.describe() for st in args.traits)
        until = "" if args.until == Until.END_OF_TURN else f" {UNTIL_WORDS[args.until]}"
        if args.target is None:
            return said + until
        return f"{describe_ref(args.target)} is given the trait “{said}”{until}"
