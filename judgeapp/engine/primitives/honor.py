"""Primitives for players: gaining and losing Honor, drawing cards, the Imperial Favor."""
from __future__ import annotations

from .. import cardops
from ..honor import change, rehonor_instead
from ..references import amount, players
from ..registry import Primitive, primitive
from ..state import Ongoing
from ..structures import Model, Number, PlayerRef, SmallInt
from ..vocab import UNTIL_WORDS, StepKind, Until


class PlayerAmount(Model):
    player: PlayerRef = "you"
    amount: Number = 1


def _who(player) -> str:
    if isinstance(player, int):
        return f"target {player}'s controller"
    if player in ("winner_controller", "loser_controller"):
        return f"the {player.split('_')[0]}'s controller"
    return {"you": "you", "each": "each player", "opponent": "your opponent", "other": "each other player",
            "controller": "its controller", "active": "the active player",
            "favor": "the player with the Imperial Favor"}.get(player, str(player))


class _Honor(Primitive):
    gain: bool
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for who in players(g, args.player, ctx):
            n = amount(g, args.amount, ctx)
            if cls.gain and n > 0 and not ctx.rehonors:
                involved = [c for c in [g.host(ctx.source)] + [t for ts in ctx.targets.values() for t in ts]
                            if c is not None and not isinstance(c, str) and c.type == "personality" and c.dishonored
                            and c.controller == who and c.in_play]
                if rehonor_instead(g, who, list(dict.fromkeys(involved)), n, ctx.why(), ["honor-gains-and-losses"]):
                    done = True
                    continue
            owner = ctx.source.controller if ctx.source is not None else ctx.player
            done = bool(change(g, who, n, cls.gain, ctx.why(), [cls.cite], actor=ctx.player, source_owner=owner,
                               source=ctx.source)) or done
        return done


@primitive
class GainHonor(_Honor):
    name, Args, cite, gain = "gain_honor", PlayerAmount, "honor-gains-and-losses", True

    @classmethod
    def describe(cls, args):
        return f"{_who(args.player)} gain{'s' if args.player not in ('you', 'each') else ''} {_n(args.amount)} Honor"


@primitive
class LoseHonor(_Honor):
    name, Args, cite, gain = "lose_honor", PlayerAmount, "honor-gains-and-losses", False

    @classmethod
    def describe(cls, args):
        return f"{_who(args.player)} lose{'s' if args.player not in ('you', 'each') else ''} {_n(args.amount)} Honor"


@primitive
class Draw(Primitive):
    name, Args, cite = "draw", PlayerAmount, "draw"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        done = 0
        for who in players(g, args.player, ctx):
            done += cardops.draw(g, who, amount(g, args.amount, ctx), [cls.cite], ctx.why())
        return done > 0

    @classmethod
    def describe(cls, args):
        n = _n(args.amount)
        return f"{_who(args.player)} draw{'s' if args.player not in ('you', 'each') else ''} " + (
            "a card" if n == "1" else f"{n} cards")


class FavorArgs(Model):
    player: PlayerRef = "you"


@primitive
class TakeFavor(Primitive):
    """A player takes the Imperial Favor (``imperial-favor``)."""

    name, Args, cite = "take_favor", FavorArgs, "imperial-favor"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        who = players(g, args.player, ctx)
        if not who:
            return False
        g.set_favor(who[0])
        g.record(StepKind.EFFECT, f"{who[0].capitalize()} takes the Imperial Favor ({ctx.why()})", [cls.cite],
                 ctx.player)
        return True

    @classmethod
    def describe(cls, args):
        return f"{_who(args.player)} take{'s' if args.player != 'you' else ''} the Imperial Favor"


@primitive
class DiscardFavor(Primitive):
    name, Args, cite = "discard_favor", FavorArgs, "imperial-favor"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        holder = players(g, "favor", ctx) if args.player == "favor" else []  # he stays "the player" (references)
        if g.favor is None:
            return False
        g.set_favor(None)
        g.record(StepKind.EFFECT, f"{holder[0].capitalize() + ' discards the' if holder else 'The'} Imperial Favor"
                                  f"{'' if holder else ' is discarded'} ({ctx.why()})", [cls.cite], ctx.player)
        return True

    @classmethod
    def describe(cls, args):
        return "the player with the Imperial Favor discards it" if args.player == "favor" else "discard the Imperial Favor"


def _n(value) -> str:
    from .cards import describe_amount

    return str(value) if isinstance(value, int) else f"X (X = {describe_amount(value)})"


class HonorModifierArgs(Model):
    player: PlayerRef = "you"
    gains: SmallInt = 0
    losses: SmallInt = 0
    until: Until = Until.END_OF_TURN


@primitive
class HonorModifier(Primitive):
    """Increase or reduce a player's Honor gains or losses for a time; the change is not
    itself a gain or loss and never turns one into the other (``honor-gains-and-losses``)."""

    name, Args, cite = "honor_modifier", HonorModifierArgs, "honor-gains-and-losses"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        for who in players(g, args.player, ctx):
            for what, by in (("gains", args.gains), ("losses", args.losses)):
                if by:
                    g.ongoing.append(Ongoing("honor_change", who, {"what": what, "by": by}, args.until, ctx.why(),
                                             ctx.player))
                    g.record(StepKind.EFFECT, f"{who.capitalize()}'s Honor {what} are {'increased' if by > 0 else 'reduced'}"
                                              f" by {abs(by)} {UNTIL_WORDS[args.until]} ({ctx.why()})", [cls.cite],
                             ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        parts = [f"Honor {what} {'+' if n > 0 else ''}{n}" for what, n in (("gains", args.gains),
                                                                            ("losses", args.losses)) if n]
        return f"{_who(args.player)}: " + ", ".join(parts)
