"""What card text lets a unit do against the rules of the Attack Phase: "Your target Personality may assign even if he
is bowed" (``permissions``, ``assign``)."""
from __future__ import annotations

from typing import Literal

from ..registry import Primitive, primitive
from ..structures import Model, Ref
from ..vocab import UNTIL_WORDS, Until
from .cards import describe_ref
from .common import lasting_on_each

PERMISSIONS = {"assign_bowed": "it may assign even if bowed"}


class PermitArgs(Model):
    target: Ref = "self"
    what: Literal[tuple(PERMISSIONS)] = "assign_bowed"
    until: Until = Until.END_OF_TURN


@primitive
class Permit(Primitive):
    """A permission on a card for a time, overriding a rule that says it cannot ("He may assign even if bowed":
    ``permissions``); checked where the rule is (``Board.permitted``: a bowed unit's assignment, ``maneuvers-segment``)."""

    name, Args, cite = "permit", PermitArgs, "permissions"

    @classmethod
    def run(cls, g, ctx, args):
        return lasting_on_each(g, ctx, args.target, "permit", {"what": args.what}, args.until, cls.cite,
                               lambda card: f"{card.title}: {PERMISSIONS[args.what]}",
                               why=f"{ctx.why()}: {PERMISSIONS[args.what]}")

    @classmethod
    def describe(cls, args):
        return f"{describe_ref(args.target)}: {PERMISSIONS[args.what]}" + (
            "" if args.until == Until.END_OF_TURN else f" {UNTIL_WORDS[args.until]}")
