"""Moving cards between out-of-play areas: into a hand, onto or into a deck
(``areas-of-the-game``, ``discard-piles``); a card in play that goes there leaves play first."""
from __future__ import annotations

from typing import Literal

from .. import cardops
from ..registry import Primitive, primitive
from ..structures import Model, Ref
from ..vocab import StepKind, Zone
from ..zones import move
from .cards import describe_ref
from .common import cards_of


WHERE_WORDS = {"top": "on top of", "bottom": "at the bottom of", "shuffle": "shuffled into"}


def _leave(g, ctx, card, how: str) -> bool:
    """A card in play leaves play before it goes to a hand or deck (``entering-and-leaving``)."""
    if not card.in_play:
        return True
    return bool(cardops.leave_play(g, card, how, ctx.why(), ["entering-and-leaving"], ctx.player, ctx.source))


@primitive
class ToHand(Primitive):
    """Put a card into its owner's hand ("Put a target Terrain from your discard pile into your hand")."""

    name, cite = "to_hand", "discard-piles"

    class Args(Model):
        target: Ref = "self"

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for card in cards_of(g, ctx, args.target):
            if card.zone is Zone.HAND or card.type not in ("strategy", "follower", "item", "spell", "ring"):
                continue  # only Fate cards go to a hand
            if card.in_play and not _leave(g, ctx, card, "discarded"):
                continue
            move(g, card, Zone.HAND, face_up=False)
            g.record(StepKind.EFFECT, f"{card.title} is put into {card.owner.capitalize()}'s hand ({ctx.why()})", [cls.cite],
                     ctx.player, "resolve")
            done = True
        return done

    @classmethod
    def describe(cls, args):
        return f"put {describe_ref(args.target)} into its owner's hand"


@primitive
class ToDeck(Primitive):
    """Put a card on top of (or shuffle it into) its owner's deck of its kind."""

    name, cite = "to_deck", "discard-piles"

    class Args(Model):
        target: Ref = "self"
        where: Literal["top", "bottom", "shuffle"] = "top"

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for card in cards_of(g, ctx, args.target):
            if card.type in ("stronghold", "sensei"):
                continue
            if card.in_play and not _leave(g, ctx, card, "discarded"):
                continue
            deck = Zone.DYNASTY_DECK if card.type in ("personality", "holding", "region", "event", "celestial") \
                else Zone.FATE_DECK
            prov = g.province_of(card)
            move(g, card, deck, face_up=False, top=args.where != "bottom")
            words = WHERE_WORDS[args.where]
            g.record(StepKind.EFFECT, f"{card.title} is put {words} {card.owner}'s {deck.replace('_', ' ')} "
                                      f"({ctx.why()})", [cls.cite], ctx.player, "resolve")
            if prov is not None:
                cardops.refill_after(g, prov)  # a card that leaves a Province is replaced (provinces)
            done = True
        return done

    @classmethod
    def describe(cls, args):
        words = WHERE_WORDS[args.where]
        return f"put {describe_ref(args.target)} {words} its owner's deck"
