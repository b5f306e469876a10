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

OPS = {"lt": "<", "gt": ">", "le": "<=", "ge": ">=", "eq": "="}

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

    # ----- comparing stats (``comparing-stats``) -----------------------------------------------------
    def _compare(self, post: Tree, data: dict, value) -> None:
        """One stat test on the filter: "with lower Force than his" (the stat named once is the
        stat of both cards)."""
        op = OPS[_sub(post, *OPS).data]
        data["stats"].append({"stat": self.statword(_sub(post, "statword")), "op": op, "value": value})

    def _compared_card(self):
        """The card a comparison with no card named is against: the card last referred to, else the
        card the action is on (``comparing-stats``).  A Spell has no stats (``absent-stats``), so on a
        Spell that names its Shugenja ("Bow this Shugenja and destroy this Spell to destroy a target
        Personality with equal or lower Chi") the Shugenja is the one with a stat to compare."""
        ref = self.last if isinstance(self.last, int) or self.last in ("self", "host") else "self"
        if ref == "self" and self.kind == "spell":
            if self.person != "host":
                raise Unreadable("a Spell comparing its own stats is not read")
            return "host"
        return ref

    def post_stat_than_last(self, post, data):
        """"a target enemy Personality with lower Force": lower than the card last referred to."""
        stat = self.statword(_sub(post, "statword"))
        self._compare(post, data, Amount(stat=stat, of=self._compared_card()))

    def post_stat_than_value(self, post, data):
        """"with lower Personal Honor than Soeka's Chi", "with Force less than or equal to Yayoi's Chi"."""
        self._compare(post, data, self.value(_sub(post, *VALUES)))

    def post_stat_than_poss(self, post, data):
        """"with lower Force than his", "with Force equal to or lower than this Personality's"."""
        stat = self.statword(_sub(post, "statword"))
        self._compare(post, data, Amount(stat=stat, of=self.poss(_sub(post, "than_poss"))))

    def post_stat_than_card(self, post, data):
        """"with lower Personal Honor than this Personality", "with lower Force than Renyu"."""
        stat = self.statword(_sub(post, "statword"))
        self._compare(post, data, Amount(stat=stat, of=self.np(_sub(post, *NP))))

    def post_qualifier_and(self, post, data):
        """"without attachments and with equal or lower Chi": every qualifier holds (``conjunctions``)."""
