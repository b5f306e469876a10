"""What card text lets a unit do against the rules of the Attack Phase: "Your target Personality may assign even if he
is bowed" (``permissions``, ``assign``)."""
from __future__ import annotations

from typing import Literal

from ..registry import primitive
from ..structures import Model, Ref
from ..vocab import Until
from .grants import CardRule

PERMISSIONS = {"assign_bowed": "it may assign even if bowed"}


class PermitArgs(Model):
    target: Ref = "self"
    what: Literal[tuple(PERMISSIONS)] = "assign_bowed"
    until: Until = Until.END_OF_TURN


@primitive
class Permit(CardRule):
    """A permission on a card for a time, overriding a rule that says it cannot ("He may assign even if bowed":
    ``permissions``); checked where the rule is (``Board.permitted``: a bowed unit's assignment, ``maneuvers-segment``)."""

    name, Args, words = "permit", PermitArgs, PERMISSIONS
