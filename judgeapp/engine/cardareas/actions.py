"""Action abilities: the verbs that change a card's stats ("Reduce the Force of …", "Raise …
to equal …", "Set his Force equal to …"), the qualifiers of their targets and their amounts.

The stat verbs follow ``bonuses-and-penalties`` (a reduction is a penalty) and
``setting-stats-to-values`` (set, raise and lower give the smallest bonus or penalty that
reaches the value; raise only ever a bonus, lower only ever a penalty).
"""
from __future__ import annotations

from lark import Tree

from ..cardtree import NP, VALUES, Unreadable, _sub, _tok
from ..registry import Effect
from ..structures import Amount

WORDS = {"raise": "RAISE", "set": "SET"}

STAT_EFFECTS = ("force", "chi", "personal_honor", "province_strength", "gold_production")


def negated(value):
    """The penalty of an amount: "reduce … by his Chi" is a Force penalty of his Chi."""
    if isinstance(value, int):
        return -value
    if value.half is not None:
        raise Unreadable("reducing by half an amount is not read")
    return value.model_copy(update={"times": -value.times, "plus": -value.plus})


class Readers:
    def _stat_subject(self, node: Tree):
        """The card whose stat changes: "the Force of <np>" or "<np's> Force"."""
        poss = _sub(node, "np_poss")
        return self.poss(poss) if poss is not None else self.np(_sub(node, *NP))

    def _stat_name(self, node: Tree) -> str:
        stat = self.statword(_sub(node, "statword"))
        if stat not in STAT_EFFECTS:
            raise Unreadable(f"changing a card's {stat.replace('_', ' ')} is not read")
        return stat

    def e_reduce_stat(self, node):
        """"Reduce the Force of a target enemy Follower by this Personality's Chi": a Force
        penalty of that amount (``bonuses-and-penalties``; a reduction is never a bonus)."""
        stat, ref = self._stat_name(node), self._stat_subject(node)
        return Effect.model_validate({stat: {"target": ref, "amount": negated(self.value(_sub(node, *VALUES)))}})

    def e_lower_stat_to(self, node):
        """"Reduce the Force of a target enemy Personality or Follower to 0": lowered to the value,
        only ever a penalty (``setting-stats-to-values``)."""
        stat, ref = self._stat_name(node), self._stat_subject(node)
        return Effect.model_validate({stat: {"target": ref, "lower": int(_tok(node, "NUMBER").value)}})

    def e_raise_stat_to(self, node):
        """"Raise this Shugenja's Force to equal his Chi": only ever a bonus (``setting-stats-to-values``)."""
        stat, ref = self._stat_name(node), self._stat_subject(node)
        return Effect.model_validate({stat: {"target": ref, "raise": self.value(_sub(node, *VALUES))}})

    def e_set_stat_to(self, node):
        """"Set his Force equal to his own Chi": the smallest bonus or penalty that reaches the
        value (``setting-stats-to-values``)."""
        stat, ref = self._stat_name(node), self._stat_subject(node)
        return Effect.model_validate({stat: {"target": ref, "set": self.value(_sub(node, *VALUES))}})
