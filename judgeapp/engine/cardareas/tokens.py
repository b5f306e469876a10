"""Tokens, created cards, granted abilities and copies.

- Named tokens with stat changes ("Give Noritada two +1F Fire tokens", "a -1F/-1C Poison
  token"): one kind of token with both a name and its printed bonus (``token``, ``tokenkinds``).
"""
from __future__ import annotations

from lark import Tree

from ..cardtree import NP, Unreadable, _sub, _tok, _toks
from ..registry import Effect
from ..structures import Amount, Condition
from ..tokenkinds import LETTERS


VALUE_KINDS = ("token_count",)


class Readers:
    def e_give_named_tokens(self, node):
        """"Give a target Personality and Jin-e each a -1F/-1C Poison token": each card named gets them."""
        tokens = _sub(node, "named_tokens")
        return [self.named_tokens(self.np(ref), tokens)
                for ref in node.children if isinstance(ref, Tree) and ref.data in NP]

    def named_tokens(self, ref, node: Tree) -> Effect:
        """"two +1F Fire tokens": that many tokens of one kind, each with the printed changes (``token``)."""
        number = _tok(node, "NUMBER")
        stats: dict[str, int] = {}
        for change in _toks(_sub(node, "changes"), "STATCHANGE"):
            stat, value = change.value
            if value == "X" or stat not in LETTERS or stat in stats:
                raise Unreadable("a token with that stat change is not read")
            stats[stat] = value
        return Effect.model_validate({"tokens": {"target": ref, "name": _tok(node, "KEYWORD").value,
                                                 "count": int(number.value) if number is not None else 1,
                                                 "stats": stats}})

    # ----- how many tokens a card has --------------------------------------------------------
    def post_with_token(self, post, data: dict) -> None:
        data.setdefault("tokens", []).append({"name": _tok(post, "KEYWORD").value})

    def post_without_token(self, post, data: dict) -> None:
        data.setdefault("tokens", []).append({"name": _tok(post, "KEYWORD").value, "op": "=", "value": 0})

    def c_card_has_token(self, node):
        return self._token_cond(node, ">=", 1)

    def c_card_no_token(self, node):
        return self._token_cond(node, "=", 0)

    def c_card_tokens_le(self, node):
        return self._token_cond(node, "<=", int(_tok(node, "NUMBER").value))

    def _token_cond(self, node, op: str, value: int) -> Condition:
        """"If he has a Poison token": the card named before has tokens of that name (``token``)."""
        return Condition.model_validate({"card": self._card_cond(node), "tokens": {
            "name": _tok(node, "KEYWORD").value, "op": op, "value": value}})

    def value_token_count(self, node) -> Amount:
        """"the number of Tameko's Fire tokens": counted when the effect applies (``token``)."""
        name = _tok(node, "KEYWORD").value
        if _sub(node, *NP) is not None:
            return Amount(tokens=name, of=self._card_cond(node))
        if (_tok(node, "HIS") or _tok(node, "ITS")) is not None and self.last is None:
            raise Unreadable("'his … tokens' with no card named before it")
        owner = Tree("np_poss", [t for t in node.children[1:] if t.type not in ("KEYWORD", "TOKEN")])
        return Amount(tokens=name, of=self.poss(owner))
