"""The decks area of the card reader: cards in hands, decks, discard piles and Provinces;
Events and Rings; triggered traits and delayed effects.

Rings (``ring``): a Ring is put into play from its owner's hand when its condition is met
("Play if you have two or fewer Rings in play"), and its text may let the player discard
it from hand to use its ability without cost.
"""
from __future__ import annotations

from lark import Tree

from ..abilities import Static
from ..cardtree import Unreadable, _tok
from ..registry import Effect
from ..structures import Condition

WORDS = {"use": "USE"}
STATIC_KINDS = {"st_use_from_hand"}


class Readers:
    # ----- Rings ---------------------------------------------------------------------------
    def read_st_use_from_hand(self, node: Tree, data: dict) -> list[Static]:
        """"You may discard this Ring from your hand to use its Void ability without cost": the
        Ring's ability (the one with that keyword, if named) used from hand, its costs unpaid; the
        Ring waits in a resolution area and is discarded afterwards (``ring``)."""
        if _tok(node, "TYPE").value != "ring" or self.kind != "ring":
            raise Unreadable("discarding a card other than a Ring from hand to use its ability is not read")
        word = _tok(node, "KEYWORD")
        return [Static.model_validate({**data, "kind": "use_from_hand",
                                       "keywords": [word.value] if word is not None else []})]

    def s_play_if(self, tree: Tree, i: int) -> Condition:
        """"Limited: Play if you have two or fewer Rings in play": the action puts this Ring into
        play from hand; the "if" is its condition for entering play, so it must hold to take the
        action at all (``ring``, ``good-faith-rule``)."""
        if self.kind != "ring" or i != 0:
            raise Unreadable("'Play if …' on a card other than a Ring is not read")
        self.effects.append(Effect.model_validate({"put_into_play": {"target": "self"}}))
        return self.cond(next(c for c in tree.children if isinstance(c, Tree) and c.data != "end"))

    # ----- triggers ------------------------------------------------------------------------
    def ev_ev_you_destroy(self, node):
        """"After you destroy an enemy card during battle": a card destroyed by your effect or by
        your army winning a battle resolution (``battle-resolution``: the winner destroys the losing
        army), while a battle is going on."""
        return {"event": "destroyed", "by": "you", **self._whose(node), "condition": Condition(phase="battle")}

    # ----- hands ---------------------------------------------------------------------------
    def e_discard_hand(self, node):
        """"Discard your hand": every card in it (``discard``)."""
        return Effect.model_validate({"discard_hand": {}})

    # ----- conditions ------------------------------------------------------------------------
    def c_have_le(self, node):
        return self.count_controlled(node, "<=")

    def c_have_ge(self, node):
        return self.count_controlled(node, ">=")
