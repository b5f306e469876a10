"""Granted abilities (``embedded-text``): a card gains embedded text as an ability of its own,
for a time, and uses it like a printed one (``granted``)."""
from __future__ import annotations

from typing import Annotated

from pydantic import StringConstraints

from ..registry import Primitive, primitive
from ..state import Ongoing
from ..structures import Model, Ref
from ..vocab import UNTIL_WORDS, StepKind, Until
from .cards import describe_ref
from .common import cards_of

Embedded = Annotated[str, StringConstraints(min_length=1, max_length=1000, strip_whitespace=True)]


class GrantArgs(Model):
    target: Ref = "self"
    text: Embedded  # the ability as printed between the quotation marks
    until: Until = Until.END_OF_TURN


@primitive
class Grant(Primitive):
    """"Permanently give your target Personality the ability, "Battle: Fear 2."": the card has
    that ability while the effect lasts, and leaves it behind if it leaves play (``embedded-text``,
    ``duration-of-effects``)."""

    name, Args, cite = "grant", GrantArgs, "embedded-text"

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for card in cards_of(g, ctx, args.target):
            if not card.in_play:
                continue
            g.ongoing.append(Ongoing("grant", card.id, {"text": args.text}, args.until, ctx.why(), ctx.player))
            g.version += 1
            g.record(StepKind.EFFECT, f"{card.title} gains the ability “{args.text}” {UNTIL_WORDS[args.until]} "
                                      f"({ctx.why()})", [cls.cite], ctx.player, "resolve")
            done = True
        return done

    @classmethod
    def describe(cls, args):
        until = "" if args.until == Until.END_OF_TURN else f" {UNTIL_WORDS[args.until]}"
        return f"{describe_ref(args.target)} gains the ability “{args.text}”{until}"
