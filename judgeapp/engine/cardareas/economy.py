"""Economy: Gold production, costs, Honor Requirements, Honor gain and loss modifiers,
Invest and Discipline, permissions to Recruit, Equip and Proclaim, maximums and minimums
(``paying-gold-costs``, ``gold-producing-traits``, ``honor-requirement``,
``honor-gains-and-losses``, ``invest``, ``discipline``, ``minimums-and-maximums``).
"""
from __future__ import annotations

from lark import Token, Tree

from ..cardtree import NP, Unreadable, _sub
from ..structures import Condition


class Readers:
    # ----- conditions -------------------------------------------------------------------------
    def c_your_turn(self, node: Tree) -> Condition:
        """"if it is your turn": you are the active player (``turn-sequence``)."""
        self._it(node)
        return Condition(you_are="active")

    def c_not_your_turn(self, node: Tree) -> Condition:
        """"if it is not your turn", "if it is another player's turn": another player is active."""
        self._it(node)
        return Condition(you_are="not_active")

    @staticmethod
    def _it(node: Tree) -> None:
        sub = _sub(node, *NP)
        if sub.data != "pronoun" or not any(isinstance(t, Token) and t.type == "IT" for t in sub.children):
            raise Unreadable("'… is your turn' said of a card is not read")

    def c_and_favor(self, node: Tree) -> Condition:
        """"if you control a Courtier and the Imperial Favor": the player controls both (``conjunctions``)."""
        first = self.cond(node.children[0])
        if first.controls is None or first.model_dump(exclude_defaults=True).keys() != {"controls"}:
            raise Unreadable("'… and the Imperial Favor' after something other than 'you control …' is not read")
        return Condition(all=[first, Condition(favor=True)])
