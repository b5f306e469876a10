"""Primitives for Gold: producing Gold as an effect (``paying-gold-costs``)."""
from __future__ import annotations

from ..references import amount, players
from ..registry import Primitive, primitive
from ..state import GoldUnit
from ..vocab import StepKind
from .honor import PlayerAmount


@primitive
class ProduceGold(Primitive):
    """"Produce 15 Gold" as an effect: the Gold goes to the player's Gold pool, to pay costs later in the
    phase; unspent, it disappears at the end of the phase (``paying-gold-costs``)."""

    name, Args, cite = "produce_gold", PlayerAmount, "paying-gold-costs"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for who in players(g, args.player, ctx):
            n = amount(g, args.amount, ctx)
            if n <= 0:
                continue
            g.add_gold(who, GoldUnit(n, None, ctx.source.title if ctx.source is not None else ctx.why()))
            g.record(StepKind.EFFECT, f"{who.capitalize()} produces {n} Gold into the Gold pool ({ctx.why()}); "
                                      f"{g.players[who].gold_total()} Gold in the pool", [cls.cite], ctx.player)
            done = True
        return done

    @classmethod
    def describe(cls, args):
        from .cards import describe_amount

        return f"produce {describe_amount(args.amount)} Gold"
