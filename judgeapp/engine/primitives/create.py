"""Creating cards (``created-cards``): a card that exists only in play, with the stats and
keywords the effect gives it; it enters play under its creator's control, at home or
attached to a Personality, and gets an id like any other card (its title, dashed)."""
from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from .. import cardops
from ..carddefs import CardDef, Number
from ..registry import Primitive, primitive
from ..state import Card
from ..references import amount
from ..structures import Amount, Model, Ref, SmallInt, Word
from ..vocab import Zone
from .cards import describe_amount, describe_ref
from .common import cards_of


class CreateArgs(Model):
    type: Literal["personality", "follower", "item", "holding"] = "personality"
    force: SmallInt | Amount = 0  # "with Force equal to this Shugenja's Chi": counted as it is created
    chi: SmallInt | Amount = 0
    ph: SmallInt | Amount = 0
    keywords: list[Word] = Field(default_factory=list, max_length=8)
    attach_to: Ref | None = None  # a Follower or Item is created attached to this Personality
    at: Literal["home", "here"] | None = None  # as the text says; else as the rules say (created-cards)
    text: Annotated[str, StringConstraints(max_length=1000)] = ""  # its printed text: an embedded ability


@primitive
class Create(Primitive):
    name, Args, cite = "create", CreateArgs, "created-cards"
    card_args = ("attach_to",)

    @classmethod
    def run(cls, g, ctx, args):
        # a stat the text gives as an amount is its printed value, counted as the card is created (created-cards)
        args = args.model_copy(update={k: amount(g, getattr(args, k), ctx) for k in ("force", "chi", "ph")
                                       if isinstance(getattr(args, k), Amount)})
        if args.type not in ("follower", "item"):
            return cls.create(g, ctx, args, None)
        hosts = [c for c in cards_of(g, ctx, args.attach_to) if c.in_play and c.type == "personality"] \
            if args.attach_to is not None else []
        # a created attachment needs its Personality (created-cards); "attach … to each of them": one each
        return any([cls.create(g, ctx, args, host) for host in hosts])

    @classmethod
    def create(cls, g, ctx, args, host) -> bool:
        title = " ".join(args.keywords + [args.type.capitalize()])
        card = Card(_new_id(g, title), _definition(title, args), ctx.player, Zone.REMOVED, controller=ctx.player,
                    created=True)
        g.cards[card.id] = card
        g.players[ctx.player].removed.append(card.id)  # outside the game until it enters play
        entered = cardops.enter_play(g, card, ctx.player, "created", ctx.why(), [cls.cite],
                                     location=host.location if host else _location(g, ctx.player, args.at),
                                     attach_to=host.id if host else None, by=ctx.player)
        if entered:
            ctx.targets.setdefault("created", []).append(card)
        return entered

    @classmethod
    def describe(cls, args):
        counted = [(k, w) for k, w in (("force", "Force"), ("chi", "Chi"), ("ph", "Personal Honor"))
                   if isinstance(getattr(args, k), Amount)]
        if counted:  # "a 2C/0PH … Personality with Force equal to …", as printed
            fixed = "/".join(f"{getattr(args, k)}{letter}" for k, letter in (("force", "F"), ("chi", "C"), ("ph", "PH"))
                             if k not in dict(counted))
            given = ", ".join(f"{w} equal to {describe_amount(getattr(args, k))}" for k, w in counted)
            return f"create a {fixed} {' • '.join(args.keywords)} {args.type.capitalize()} with {given}"
        stats = f"{args.force}F/{args.chi}C/{args.ph}PH " if args.type == "personality" else (
            f"{args.force:+d}F/{args.chi:+d}C " if args.type == "item" else f"{args.force}F " if args.force else "")
        where = f" attached to {describe_ref(args.attach_to)}" if args.attach_to is not None else (
            {"here": " at the current battlefield", "home": " at home"}.get(args.at or "", ""))
        text = f" with the printed text “{args.text.replace(chr(10), ' / ')}”" if args.text else ""
        return f"create a {stats}{' • '.join(args.keywords)} {args.type.capitalize()}{where}{text}".replace("  ", " ")


def _location(g, player: str, at: str | None) -> str:
    """Where a created card that does not attach enters play: the current battlefield if the text
    says so; else its creator's home, or during a battle the creator's current army (``created-cards``)."""
    in_battle = g.battlefield is not None and g.segment in ("engage", "combat")
    if at == "here" or (at is None and in_battle and (player in (g.attacker, g.defender)
                                                       or g.units(player, at=g.battlefield))):
        return g.battlefield if g.battlefield is not None else "home"
    return "home"


def _definition(title: str, args: CreateArgs) -> CardDef:
    """The created card's printed stats, keywords and text, as the effect gives them (``created-cards``);
    its text is read as its own, with no title to name it by ("this Personality")."""
    from ..abilities import read_text  # the reader needs every primitive registered first

    signed = args.type in ("follower", "item")
    return CardDef(title=title, type=args.type, force=Number(args.force, signed and args.type == "item"),
                   chi=Number(args.chi, signed and args.type == "item"), ph=Number(args.ph),
                   keywords=tuple(args.keywords), source="created", text=args.text,
                   stored=read_text(args.text, "", args.type) if args.text else None)


def _new_id(g, title: str) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "created"
    n, cid = 1, base
    while cid in g.cards:
        n += 1
        cid = f"{base}-{n}"
    return cid
