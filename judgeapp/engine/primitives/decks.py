"""Primitives of the decks area: a player's hand, decks, discard pile and Provinces
(``areas-of-the-game``, ``discard``, ``draw``, ``provinces``)."""
from __future__ import annotations

from .. import cardops
from ..references import players
from ..registry import Primitive, primitive
from ..structures import Model, PlayerRef


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
