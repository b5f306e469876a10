"""Tokens, created cards, granted abilities and copies.

- Named tokens with stat changes ("Give Noritada two +1F Fire tokens", "a -1F/-1C Poison
  token"): one kind of token with both a name and its printed bonus (``token``, ``tokenkinds``).
- How many tokens a card has, in filters, conditions and amounts ("with a Poison token").
- Created attachments ("Create and attach a 1F Ronin Follower to each of them").
- Embedded abilities (``embedded-text``): the quoted text of a unit (``cardtext.embed``) is read
  apart, as printed on the card that gets it, and given to it ("Permanently give your target
  Personality the ability, "…"", a created card "with the ability, "…"").
"""
from __future__ import annotations

from lark import Tree

from ..abilities import read_text
from ..cardtree import CREATED, NP, Unreadable, _sub, _tok, _toks
from ..registry import Effect
from ..structures import Amount, Condition
from ..tokenkinds import LETTERS


VALUE_KINDS = ("token_count",)
WORDS = {}
PHRASES = {"the ability": ("THEABILITY", "ability"), "and the ability": ("ANDABILITY", "ability"),
           "and the permanent ability": ("ANDABILITY", "permanent")}


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

    # ----- embedded abilities -----------------------------------------------------------------
    def embedded_ability(self, node, title: str, kind: str) -> str:
        """The quoted text, read as one ability printed on a card of that kind and title (its own
        "this Personality", ``embedded-text``); unread if the reader cannot read it whole."""
        text = self.embedded[_tok(node, "EMBEDDED").value]
        reading = read_text(text, title, kind)
        if reading.unparsed:
            raise Unreadable(f"the embedded ability is not read ({reading.unparsed[0].reason})")
        if len(reading.abilities) != 1 or reading.triggers or reading.statics or reading.produce:
            raise Unreadable("embedded text other than one ability is not read")
        return text

    def _grant(self, ref, node, until: str | None = None) -> Effect:
        """The ability, read as printed on the card that gets it: this card, or one chosen (its kind)."""
        if ref == "self":
            title, kind = self.names[0] if self.names else "", self.kind
        elif ref == "host":
            title, kind = "", "personality"
        elif isinstance(ref, int) and len(self.targets[ref - 1].filter.type) == 1:
            title, kind = "", self.targets[ref - 1].filter.type[0]
        else:
            raise Unreadable("an ability given to a card of no one kind is not read")
        args = {"target": ref, "text": self.embedded_ability(node, title, kind)}
        if until is not None:
            args["until"] = until
        return Effect.model_validate({"grant": args})

    def e_give_ability(self, node):
        return self._grant(self.np(_sub(node, *NP)), node)

    def e_give_keyword_ability(self, node):
        """"Permanently give him Conqueror and the ability, "…"": both, for the same time."""
        ref = self.np(_sub(node, *NP))
        return [Effect.model_validate({"keyword": {"target": ref, "add": self.kwlist(_sub(node, "kwlist"))}}),
                self._grant(ref, node)]

    def e_give_tokens_ability(self, node):
        """"Give Jairyu a +1F/+1C token and the permanent ability, "…"": tokens stay while the card is
        in play (``token``); the ability lasts the turn unless it is "permanent"."""
        named = _sub(node, "named_tokens")
        tokens = self.e_give_tokens(node) if named is None else [self.named_tokens(self.np(_sub(node, *NP)), named)]
        ref = tokens[0].args.target
        permanent = _tok(node, "ANDABILITY").value == "permanent"
        return tokens + [self._grant(ref, node, "permanent" if permanent else None)]

    def e_create_with_ability(self, node):
        """"Create a 4F/2C/0PH Badger … Personality with the ability, "…"": the created card's printed
        text is the embedded ability (``created-cards``)."""
        data = self._created(node)
        data["text"] = self.embedded_ability(node, "", data["type"])
        self.last = CREATED
        return Effect.model_validate({"create": data})
