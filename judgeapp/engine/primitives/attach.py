"""Moving an attachment from one Personality to another ("Transfer your target Follower …"):
it stays in play (``move`` keeps tokens and state within play), and must be able to attach to the new
Personality (``attachments``)."""
from __future__ import annotations

from .. import triggers
from ..registry import Primitive, primitive
from ..structures import Model, Ref
from ..vocab import StepKind, Zone
from ..zones import move
from .cards import describe_ref
from .common import cards_of


class TransferArgs(Model):
    target: Ref = 1
    to: Ref = 2


@primitive
class Transfer(Primitive):
    name, Args, cite = "transfer", TransferArgs, "attachments"
    card_args = ("target", "to")

    @classmethod
    def run(cls, g, ctx, args):
        from ..rulebook import attach_limit

        hosts = [c for c in cards_of(g, ctx, args.to) if c.in_play and c.type == "personality"]
        if not hosts:
            return False
        host, done = hosts[0], False
        for card in cards_of(g, ctx, args.target):
            if not card.in_play or not card.attached_to or card.attached_to == host.id \
                    or card.type not in ("follower", "item", "spell"):
                continue
            problem = attach_limit(g, card, host)
            if problem:
                g.record(StepKind.EFFECT, f"{card.title} cannot be transferred to {host.title}: {problem[0]}",
                         [problem[1]], ctx.player, "resolve")
                continue
            was = g.cards[card.attached_to].title
            move(g, card, Zone.PLAY, attach_to=host.id, bowed=card.bowed, controller=card.controller)
            g.record(StepKind.EFFECT, f"{card.title} is transferred from {was} to {host.title} ({ctx.why()})",
                     [cls.cite], ctx.player, "resolve")
            triggers.after(g, triggers.Event("attaches", card, card.controller, ctx.player, ctx.source,
                                             {"to": host.id}))  # it attaches to its new Personality
            done = True
        return done

    @classmethod
    def describe(cls, args):
        return f"transfer {describe_ref(args.target)} to {describe_ref(args.to)}"
