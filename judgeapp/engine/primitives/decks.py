"""Primitives of the decks area: a player's hand, decks, discard pile and Provinces
(``areas-of-the-game``, ``discard``, ``draw``, ``provinces``)."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from .. import cardops
from ..references import players
from ..registry import Primitive, primitive
from ..structures import Filter, Model, PlayerRef, Ref
from ..vocab import StepKind, Zone
from ..zones import move
from .cards import describe_filter, describe_ref
from .common import TargetArgs, cards_of

DYNASTY_TYPES = frozenset({"personality", "holding", "region", "event", "celestial"})


class PlayerArgs(Model):
    player: PlayerRef = "you"


@primitive
class DiscardHand(Primitive):
    """"Discard your hand": every card in the player's hand, one after another (``discard``)."""

    name, Args, cite = "discard_hand", PlayerArgs, "discard"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for who in players(g, args.player, ctx):
            for cid in list(g.players[who].hand):
                g.tick()
                done = cardops.discard_from_hand(g, g.cards[cid], ctx.why(), [cls.cite], ctx.player) or done
        return done

    @classmethod
    def describe(cls, args):
        return "discard your hand" if args.player == "you" else f"{args.player} discards his hand"


@primitive
class BecomeDead(Primitive):
    """"A target Personality in a discard pile becomes honorably dead": he is dead, and honorable
    (``dead``: a dead Personality is honorably or dishonorably dead)."""

    name, Args, cite = "become_dead", TargetArgs, "dead"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for card in cards_of(g, ctx, args.target):
            if card.type != "personality" or card.zone not in (Zone.DISCARD, Zone.DEAD):
                continue
            if card.zone is Zone.DISCARD:
                move(g, card, Zone.DEAD)
            g.set_dishonored(card, False)
            g.record(StepKind.EFFECT, f"{card.title} becomes honorably dead ({ctx.why()})", [cls.cite], ctx.player,
                     "resolve")
            done = True
        return done

    @classmethod
    def describe(cls, args):
        return f"{describe_ref(args.target)} becomes honorably dead"


@primitive
class Vacate(Primitive):
    """Discard a card from a Province that this action refills itself ("Refill the Province with …"):
    the Province stays empty for that effect (``provinces``: refilled from the deck "unless something
    else has refilled it"); if nothing has refilled it once the action resolves, the deck does."""

    name, Args, cite = "vacate", TargetArgs, "discard"

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for card in cards_of(g, ctx, args.target):
            prov = g.province_of(card)
            if prov is None or not cardops.discard_from_province(g, card, ctx.why(), [cls.cite], ctx.player,
                                                                refill=False):
                continue
            ctx.discarded.append(card)
            ctx.vacated.append(prov.id)
            _refill_later(g, ctx, prov.id)
            done = True
        return done

    @classmethod
    def describe(cls, args):
        return f"discard {describe_ref(args.target)}, leaving its Province to be refilled by this action"


def _refill_later(g, ctx, province: str) -> None:
    """The Province refills from the deck after the action if its own refill did not happen (``provinces``)."""
    from ..abilities import TriggerSpec
    from ..state import Delayed

    spec = TriggerSpec(when="after", event="action_resolves", do=[{"refill": {"province": province}}],
                       text=f"After the action resolves: refill {province} if it is empty")
    g.delayed.append(Delayed(spec, ctx.player, ctx.why(), {}, ctx.source.id if ctx.source else None))


class RefillArgs(Model):
    province: str = Field("vacated", max_length=40)  # a Province id, or "vacated": the one this action emptied
    card: Ref | None = None  # the card the Province is refilled with; None: the top card of its owner's deck
    face_up: bool = False


@primitive
class Refill(Primitive):
    """Refill an empty Province (``provinces``): with a named Dynasty card (face down unless the text
    says face-up), or else from the top of its owner's Dynasty deck."""

    name, Args, cite = "refill", RefillArgs, "provinces"
    card_args = ("card",)

    @classmethod
    def run(cls, g, ctx, args):
        ids = ctx.vacated[-1:] if args.province == "vacated" else [args.province]
        prov = g.province(ids[0]) if ids else None
        if prov is None or prov.cards or prov.unknown or prov.destroyed:
            return False
        cards = [c for c in cards_of(g, ctx, args.card) if c.type in DYNASTY_TYPES] if args.card is not None else []
        if not cards:
            cardops.refill_after(g, prov, args.face_up)
            return bool(prov.cards or prov.unknown)
        card = cards[0]
        move(g, card, Zone.PROVINCE, province=prov, face_up=args.face_up)
        g.record(StepKind.EFFECT, f"{prov.id} is refilled with {card.title}, face {'up' if args.face_up else 'down'} "
                                  f"({ctx.why()})", [cls.cite], ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        what = f"with {describe_ref(args.card)}" if args.card is not None else "from the deck"
        where = "the Province" if args.province == "vacated" else args.province
        return f"refill {where} {what}" + (" face-up" if args.face_up else "")


@primitive
class RevealProvinces(Primitive):
    """"Turn all cards in your Provinces face-up" (``provinces``)."""

    name, Args, cite = "reveal_provinces", PlayerArgs, "provinces"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for who in players(g, args.player, ctx):
            turned = []
            for prov in g.players[who].provinces:
                if prov.destroyed or (prov.face_up and all(g.cards[c].face_up for c in prov.cards)):
                    continue
                prov.face_up = True
                for cid in prov.cards:
                    g.cards[cid].face_up = True
                g.timeline.note({"province": prov.id, "face_up": [False, True]})
                turned.append(prov.id)
            if turned:
                g.record(StepKind.EFFECT, f"{who.capitalize()} turns the cards in {', '.join(turned)} face up "
                                          f"({ctx.why()})", [cls.cite], ctx.player, "resolve")
                done = True
        return done

    @classmethod
    def describe(cls, args):
        return "turn all cards in your Provinces face-up"


class AdditionalPlayArgs(Model):
    player: PlayerRef = "you"
    target: Ref | None = None  # the card to play ("it": the card a search found)
    filter: Filter | None = None  # or a card of this kind from hand ("to play a Terrain")
    kind: Literal["battle", "open"] | None = None  # "an additional Battle action"


@primitive
class AdditionalPlay(Primitive):
    """"Take an additional action to play it": after this action the same player has another
    opportunity, only to play that card (``additional-action``); a card in a deck played this way
    enters a resolution area as from the hand (``search``). Nothing to play, no additional action."""

    name, Args, cite = "additional_play", AdditionalPlayArgs, "additional-action"
    card_args = ("target",)

    @classmethod
    def run(cls, g, ctx, args):
        cards = cards_of(g, ctx, args.target) if args.target is not None else None
        if cards is not None and not cards:
            g.record(StepKind.EFFECT, f"There is no card to play, so no additional action ({ctx.why()})", [cls.cite],
                     ctx.player, "resolve")
            return False
        for who in players(g, args.player, ctx):
            g.extra_actions[who] = g.extra_actions.get(who, 0) + 1
            g.extra_play[who] = {"cards": [c.id for c in cards] if cards is not None else None,
                                 "filter": args.filter or Filter(), "kind": args.kind}
            what = ", ".join(c.title for c in cards) if cards is not None else f"a {describe_filter(args.filter or Filter())}"
            kind = f"{args.kind.capitalize()} " if args.kind else ""
            g.record(StepKind.EFFECT, f"{who.capitalize()} will take an additional {kind}action to play {what} "
                                      f"({ctx.why()})", [cls.cite], ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        kind = f"{args.kind.capitalize()} " if args.kind else ""
        what = describe_ref(args.target) if args.target is not None else f"a {describe_filter(args.filter or Filter())}"
        return f"take an additional {kind}action to play {what}"
