"""Primitives for Gold: producing Gold as an effect (``paying-gold-costs``); Equip as an effect (``equip``)."""
from __future__ import annotations

from pydantic import Field

from .. import cardops
from ..references import amount, matches, players
from ..registry import Primitive, primitive
from ..state import GoldUnit
from ..structures import Amount, Filter, Model, Number, Ref
from ..textstatics import gold_cost
from ..vocab import StepKind, Zone
from .cards import describe_amount, describe_filter, describe_ref
from .common import cards_of, entry_fails, names, pay_for_card
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
        return f"produce {describe_amount(args.amount)} Gold"


class EquipArgs(Model):
    card: Ref | None = None  # "a target Spell in your hand", "a target Weapon in your discard pile"
    attachment: Filter = Field(default_factory=lambda: Filter(type=["follower", "item", "spell"]))  # "a Follower"
    to: Ref = 1
    less: Number = 0  # "paying 2 less Gold", "paying 3 less Gold if he is a Kensai and opposed"


@primitive
class Equip(Primitive):
    """"Equip a Follower to Chiboshi": the Equip procedure as an effect (``equip``). The card is the one targeted
    ("a target Spell in your hand", "… in your discard pile"), or comes from the player's hand (the script's
    ``choose:`` answer names it); its Gold Cost, as traits change it and less what
    the text takes off, is checked against the Gold paid for the action, which pays for both (``paying-gold-costs``);
    an action that gave no chance to pay Gold pays that cost now, or the attachment fails. The card must be able to
    attach to the Personality (``attachments``) and to enter play (``unique``, ``loyal``)."""

    name, Args, cite = "equip", EquipArgs, "equip"
    card_args = ("to",)

    @classmethod
    def run(cls, g, ctx, args):
        hosts = [c for c in cards_of(g, ctx, args.to) if c.in_play and c.type == "personality"]
        card = _from_hand(g, ctx, args.attachment) if args.card is None else next(
            (c for c in cards_of(g, ctx, args.card) if c.zone in (Zone.HAND, Zone.DISCARD) and c.owner == ctx.player),
            None)
        if not hosts or card is None:
            g.record(StepKind.EFFECT, f"{ctx.why()}: {'no Personality to Equip to' if not hosts else 'no such card in hand'}"
                                      " — nothing is Equipped", [cls.cite], ctx.player, "resolve")
            return False
        host = hosts[0]
        problem = _cannot_attach(g, card, host, ctx.player)
        if problem is not None:
            return entry_fails(g, ctx, card, "Equip", *problem)
        if not pay_for_card(g, ctx, card, max(gold_cost(g, card, ctx.player, host) - amount(g, args.less, ctx), 0),
                            "Equip"):
            return False
        entered = cardops.enter_play(g, card, ctx.player, "equipped", ctx.why(), [cls.cite, "attachments"],
                                     attach_to=host.id, by=ctx.player,
                                     from_zone="hand" if card.zone is Zone.HAND else "discard")
        if entered and args.card is None:
            ctx.found = [card]  # "You may take an additional action from the Spell": the card Equipped
        return entered

    @classmethod
    def describe(cls, args):
        what = f"{describe_filter(args.attachment)} from your hand" if args.card is None else describe_ref(args.card)
        out = f"Equip {what} to {describe_ref(args.to)}"
        if isinstance(args.less, Amount) and args.less.n == 0 and len(args.less.plus_if) == 1:
            from ..abilities import describe_condition

            bonus = args.less.plus_if[0]
            return f"{out}, paying {bonus.amount} less Gold if {describe_condition(bonus.if_)}"
        return f"{out}, paying {describe_amount(args.less)} less Gold" if args.less else out


def _from_hand(g, ctx, flt: Filter):
    """The card of that kind the script's ``choose:`` answer names in the player's hand, else the first one
    there (``choices``); None if there is none."""
    hand = [g.cards[c] for c in g.players[ctx.player].hand]
    hand = [c for c in hand if matches(g, flt.model_copy(update={"zone": "hand", "side": "any"}), c, ctx)]
    wanted = g.find(str(ctx.choices[0]), ctx.player, prefer=Zone.HAND) if ctx.choices else None
    if wanted in hand:
        ctx.choices.pop(0)
        return wanted
    if hand:
        g.record(StepKind.CHOICE, f"{ctx.player.capitalize()} Equips {hand[0].title} (the script names none of "
                                  f"{names(hand)}; the engine takes the first)", ["choices"], ctx.player)
    return hand[0] if hand else None


def _cannot_attach(g, card, host, by: str) -> tuple[str, str] | None:
    """Why the card cannot be Equipped to that Personality now (``attachments``, ``unique``, ``loyal``), or None."""
    from ..actions import Refused
    from ..rulebook import attach_limit, entry_checks

    if host.controller != by:
        return f"{host.title} is not {by}'s Personality", "equip"
    try:
        entry_checks(g, card, by, "equip")
    except Refused as refused:
        return refused.text, refused.section
    return attach_limit(g, card, host)
