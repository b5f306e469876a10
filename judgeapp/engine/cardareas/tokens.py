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

from lark import Token, Tree

from ..abilities import Static, read_text
from ..cardtree import AMOUNTS, CREATED, NP, VALUES, Unreadable, _det_words, _lasting, _not, _sub, _tok, _toks, _unread
from ..registry import Effect
from ..structures import AllRef, Amount, Condition, Filter, HappenedTest
from ..tokenkinds import LETTERS


VALUE_KINDS = ("token_count", "tokens_removed", "plus_tokens")
AMOUNT_KINDS = ("per_token_amount",)
STATIC_KINDS = ("st_ability", "st_player_ability", "st_stat_per_token")
CLAUSE_KINDS = ("stronger_per_token", "if_also", "token_toggle")
WORDS = {"keyword": "KWWORD", "keywords": "KWWORD", "who": "WHO", "given": "GIVEN"}
PHRASES = {"the ability": ("THEABILITY", "ability"), "and the ability": ("ANDABILITY", "ability"),
           "and the permanent ability": ("ANDABILITY", "permanent"), "the trait": ("THETRAIT", "trait"),
           "the traits": ("THETRAIT", "trait"), "zero or more": ("ZEROORMORE", "any"),
           "as many": ("ASMANY", "many"), "per turn": ("PERTURN", "turn"),
           ", and if": ("ANDIF", "if"),  # "…, and if he has two, …": a clause with its own condition (duels' "and, if")
           ", and no": ("ANDNO", "no"),  # "with Force less than … this Item's, and no attachments": one more qualifier
           "pemanently": ("DUR", "permanent")}  # so misprinted on Tsuruchi Kaito


class Readers:
    def e_give_named_tokens(self, node):
        """"Give a target Personality and Jin-e each a -1F/-1C Poison token": each card named gets them."""
        tokens = _sub(node, "named_tokens")
        refs = [self.np(ref) for ref in node.children if isinstance(ref, Tree) and ref.data in NP]
        number = _tok(tokens, "NUMBER")
        if number is not None and any(isinstance(r, int) and self.targets[r - 1].count > 1 for r in refs):
            return [self.shared_tokens(refs, tokens, int(number.value))]
        return [self.named_tokens(ref, tokens) for ref in refs]

    def shared_tokens(self, refs: list, node: Tree, count: int) -> Effect:
        """"Give three +1GP Wealth tokens to one to three target Holdings": three in all, shared out among the
        targets, at least one each (``token``)."""
        if len(refs) != 1 or count < self.targets[refs[0] - 1].count:
            raise Unreadable("fewer tokens than targets to share them among are not read")
        return Effect.model_validate({"share_tokens": {"target": refs[0], "name": _tok(node, "KEYWORD").value,
                                                       "total": count, "stats": _token_stats(_sub(node, "changes"))}})

    def named_tokens(self, ref, node: Tree) -> Effect:
        """"two +1F Fire tokens": that many tokens of one kind, each with the printed changes (``token``)."""
        number = _tok(node, "NUMBER")
        effect = Effect.model_validate({"tokens": {"target": ref, "name": _tok(node, "KEYWORD").value,
                                                   "count": int(number.value) if number is not None else 1,
                                                   "stats": _token_stats(_sub(node, "changes"))}})
        self.given_token = effect  # "Remove it after your next turn begins": the token given
        return effect

    # ----- how many tokens a card has --------------------------------------------------------
    def post_with_token(self, post, data: dict) -> None:
        data.setdefault("tokens", []).append({"name": _tok(post, "KEYWORD").value})

    def post_without_token(self, post, data: dict) -> None:
        data.setdefault("tokens", []).append({"name": _tok(post, "KEYWORD").value, "op": "=", "value": 0})

    def c_card_has_token(self, node):
        return self._token_cond(node, ">=", 1)

    def c_card_no_token(self, node):
        return self._token_cond(node, "=", 0)

    def c_card_has_named_tokens(self, node):
        """"… and if he has two": two or more of the tokens the condition before named, as "if he has a Sincerity
        token" is one or more (``token``)."""
        name = getattr(self, "named_token", None)
        if name is None:
            raise Unreadable("'if he has two' with no token named before it is not read")
        return Condition.model_validate({"card": self._card_cond(node), "tokens": {
            "name": name, "op": ">=", "value": int(_tok(node, "NUMBER").value)}})

    def clause_if_also(self, node: Tree, index: int) -> list[Effect]:
        """"…, and if he has two, also permanently give him Naval": that clause's own condition (duels'
        ``if_clause``), and its duration (``duration-of-effects``)."""
        effects = self.clause_if_clause(node, index)
        dur = _tok(node, "DUR")
        return effects if dur is None else [_lasting(e, dur.value) for e in effects]

    def clause_token_toggle(self, node: Tree, index: int) -> list[Effect]:
        """"Give Shabura a -2F/+3C Change token if she does not have one, or remove one if she does": one card, and
        "one" a token of the name just given; whether it has one is looked at once, as the effect resolves, not again
        after the token is given (``token``)."""
        card, *others = [c for c in node.children if isinstance(c, Tree) and c.data in NP]
        ref = self.np(card)
        if any(self.np(o) != ref for o in others) or any(int(n.value) != 1 for n in _toks(node, "NUMBER")):
            raise Unreadable("'if she does not have one, or remove one if she does' about another card is not read")
        give = self.named_tokens(ref, _sub(node, "named_tokens")).args
        if give.count != 1:
            raise Unreadable("more than one token given or removed in turn is not read")
        return [Effect.model_validate({"toggle_token": {"target": ref, "name": give.name, "stats": give.stats}})]

    def s_after_each_this_turn(self, tree: Tree, i: int) -> None:
        """"After the target attacks this turn, draw a card": not "the next time" (a delayed effect, once) but each
        time this turn (``indefinite-conditional-effects``): the effects wait for every such occurrence of the chosen
        card until the turn ends."""
        during = _tok(_sub(tree, "during"), "DUR")
        if during.value != "end_of_turn":
            raise Unreadable("'after … does so' for a period other than this turn is not read")
        self.after_card_event(tree, during, each=True)

    def e_player_discards(self, node):
        """"A target player discards a card", "his controller discards a card": a card of his own hand, of his choice
        (``discard``)."""
        player = self.who(node)
        self.discarded = True
        self.last = "discarded"
        return Effect.model_validate({"discard_cards": {"player": player}})

    def c_card_tokens_le(self, node):
        return self._token_cond(node, "<=", int(_tok(node, "NUMBER").value))

    def c_card_tokens_over_printed(self, node):
        """"If he has more Obsession tokens than printed Chi": his tokens of that name against his own printed stat,
        read when the condition is checked (``token``; printed values, ``printed``)."""
        cond = self._token_cond(node, ">", 0)
        return cond.model_copy(update={"tokens": cond.tokens.model_copy(update={"value": Amount(
            stat=self.statword(_sub(node, "statword")), of=cond.card, printed=True)})})

    def c_unit_personality_tokens_over_printed(self, node):
        """"If its unit's Personality has more Madness tokens than printed Personal Honor": the Personality of the unit
        of the card the trigger is about — that card, or the Personality it is attached to (``unit``, ``token``)."""
        if self.last != "it" or _tok(node, "TYPES").value != "unit" or _tok(node, "TYPE").value != "personality":
            raise Unreadable("'its unit's …' naming a card other than the one the trigger is about is not read")
        name = _tok(node, "KEYWORD").value
        return Condition.model_validate({"card": "its_personality", "tokens": {
            "name": name, "op": ">", "value": Amount(stat=self.statword(_sub(node, "statword")), of="its_personality",
                                                     printed=True)}})

    def ev_ev_action_from_opposing(self, node):
        """"After an action from a card opposing Adachi resolves": an action whose card is, as it resolves, at this
        card's battlefield on the other side (``opposing``, ``action``); a Strategy played from hand is no such card."""
        if _sub(node, *NP).data != "self_ref":
            raise Unreadable("'a card opposing' a card other than this one is not read")
        self.last = "it"
        return {"event": "action_resolves", "subject": {"opposing": True}}

    def _token_cond(self, node, op: str, value: int) -> Condition:
        """"If he has a Poison token": the card named before has tokens of that name (``token``); "one" after it is
        such a token ("… give him or her one")."""
        self.named_token = _tok(node, "KEYWORD").value
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

    def value_plus_tokens(self, node) -> Amount:
        """"the number of Rings you control plus Fire tokens on Fusawa": the first count and the card's tokens of that
        name, both counted when the effect applies (``token``)."""
        first = self.value(node.children[0])
        if first.added is not None:
            raise Unreadable("three counts added together are not read")
        return first.model_copy(update={"added": Amount(tokens=_tok(node, "KEYWORD").value,
                                                        of=self._card_cond(node))})

    # ----- tokens counted as the effect applies ---------------------------------------------------
    def per_token(self, node: Tree) -> Amount:
        """"for each of his Sincerity tokens", "for each Sincerity token he has", "… on it": the tokens of that
        name on the card when the effect applies; "…, up to two tokens": no more of them counted (``token``)."""
        if _sub(node, *NP) is not None:
            owner = self.np(_sub(node, *NP))
        elif _tok(node, "THISCARDS") is not None:
            owner = "self"
        else:
            owner = self._pronoun_owner()
        cap = _sub(node, "token_cap")
        return Amount(tokens=_tok(node, "KEYWORD").value, of=owner,
                      most=int(_tok(cap, "NUMBER").value) if cap is not None else None)

    def _pronoun_owner(self):
        """"his Sincerity tokens", "each Sincerity token she has": the card named before."""
        if self.last is None:
            raise Unreadable("'his … tokens' with no card named before it")
        return self.last

    def amount_per_token_amount(self, node) -> Amount:
        """"lose 1 Honor for each of Narami's Sincerity tokens"."""
        return self.per_token(_sub(node, "per_token")).model_copy(update={"times": int(_tok(node, "NUMBER").value)})

    def e_give_tokens_per(self, node):
        """"Give him a +1F token for each of his Sincerity tokens", "give her one Arrow token for each Sincerity
        token he has": as many tokens as counted, each with its printed changes (``token``)."""
        return self._counted_tokens(node, lambda: self.per_token(_sub(node, "per_token")))

    def e_give_tokens_front(self, node):
        """"For each of its Sincerity tokens, give it a +1GP Wealth token": the same, the count written first."""
        return self._counted_tokens(
            node, lambda: Amount(tokens=_tok(node, "KEYWORD").value, of=self._pronoun_owner()))

    def e_give_tokens_front_kw(self, node):
        """"For each of his Sincerity tokens, give him a +1F token and Naval": the tokens for each, and the keywords
        (given once however often: a card has a keyword or not, ``keywords``) if there is one token to count."""
        tokens = self.e_give_tokens_front(node)
        owner = tokens[0].args.count.of
        given = Effect.model_validate({"keyword": {"target": self.np(_sub(node, *NP)),
                                                   "add": self.kwlist(_sub(node, "kwlist"))}})
        when = Condition.model_validate({"card": owner, "tokens": {
            "name": _tok(node, "KEYWORD").value, "op": ">=", "value": 1}})
        return [*tokens, given.model_copy(update={"condition": when})]

    def e_give_tokens_equal(self, node):
        """"Give him a number of +1F tokens equal to the number of his Sincerity tokens", "… a number of Favor
        tokens equal to this Personality's Personal Honor" (``token``)."""
        return self._counted_tokens(node, lambda: self.value(_sub(node, *VALUES)))

    def e_give_tokens_times(self, node):
        """"Give him twice as many Madness tokens as he has Sincerity tokens": the tokens he has of the second name
        as the effect applies, times the number (``token``)."""
        ref = self.np(_sub(node, *NP))
        given, counted = _toks(node, "KEYWORD")
        return Effect.model_validate({"tokens": {"target": ref, "name": given.value, "count": Amount(
            tokens=counted.value, of=self._pronoun_owner(), times=int(_tok(node, "NUMBER").value))}})

    def _counted_tokens(self, node: Tree, counted) -> list[Effect]:
        """The tokens as written ("a +1F token", "one Arrow token"), their count then multiplied by the amount
        counted (a stat token's count is its total change: its printed change times the amount). The amount is
        read after the card given them, which "his" in it may name ("give him … for each of his … tokens")."""
        named = _sub(node, "named_tokens")
        given = self.named_tokens(self.np(_sub(node, *NP)), named) if named is not None else self.e_give_tokens(node)
        given = given if isinstance(given, list) else [given]
        count = counted()
        if (count.plus or count.plus_if) and any(e.args.count != 1 for e in given):
            raise Unreadable("several tokens, or a token worth more than 1, for a count plus a number is not read")
        return [e.model_copy(update={"args": e.args.model_copy(update={
            "count": count.model_copy(update={"times": count.times * e.args.count})})}) for e in given]

    def e_produce_gold_per(self, node):
        """"Produce 1 Gold for each Sincerity token on it": Gold for the tokens on the card as the effect applies
        (``paying-gold-costs``, ``token``)."""
        return Effect.model_validate({"produce_gold": {"amount": self.amount_per_token_amount(node)}})

    def e_draw_per_token(self, node):
        """"Draw cards equal to the number of his Sincerity tokens, up to three tokens" (``draw``, ``token``)."""
        if _tok(node, "TYPE").value != "card":
            raise Unreadable("drawing cards of one type is not read")
        return Effect.model_validate({"draw": {"player": self.who(node), "amount": self.per_token(node)}})

    # ----- embedded abilities -----------------------------------------------------------------
    def embedded_ability(self, node, title: str, kind: str) -> str:
        """The quoted text, read as one ability printed on a card of that kind and title (its own
        "this Personality", ``embedded-text``); unread if the reader cannot read it whole."""
        text, reading = self.embedded_text(_tok(node, "EMBEDDED"), title, kind)
        if len(reading.abilities) != 1 or reading.triggers or reading.statics or reading.produce:
            raise Unreadable("embedded text other than one ability is not read")
        return text

    def embedded_text(self, mark, title: str, kind: str):
        """The quoted text of the word «N», and its reading as printed on such a card."""
        text = self.embedded[mark.value]
        reading = read_text(text, title, kind)
        if reading.unparsed:
            raise Unreadable(f"the embedded text is not read ({reading.unparsed[0].reason})")
        return text, reading

    def _grant(self, ref, node, until: str | None = None) -> Effect:
        """The ability, read as printed on the card that gets it: this card, or one chosen (its kind)."""
        if ref == "self":
            title, kind = self.names[0] if self.names else "", self.kind
        elif ref == "host":
            title, kind = "", "personality"
        elif isinstance(ref, int) and len(self.targets[ref - 1].filter.type) == 1:
            title, kind = "", self.targets[ref - 1].filter.type[0]
        elif ref == "it" and getattr(self, "it_type", None):  # the card a trigger is about, of one kind
            title, kind = "", self.it_type
        else:
            raise Unreadable("an ability given to a card of no one kind is not read")
        args = {"target": ref, "text": self.embedded_ability(node, title, kind)}
        if until is not None:
            args["until"] = until
        return Effect.model_validate({"grant": args})

    def e_give_ability(self, node):
        return self._grant(self.np(_sub(node, *NP)), node)

    def e_give_keyword_ability(self, node):
        """"Permanently give him Conqueror and the ability, "…"", "… him Nonhuman, +2F, and the ability, "…"": all of
        them, for the same time."""
        ref = self.np(_sub(node, *NP))
        changes, kwlist = _sub(node, "changes"), _sub(node, "kwlist")
        keywords = self.kwlist(kwlist) if kwlist is not None else [_tok(node, "KEYWORD").value]
        return [Effect.model_validate({"keyword": {"target": ref, "add": keywords}}),
                *(self._changes(ref, changes) if changes is not None else []), self._grant(ref, node)]

    def e_give_tokens_ability(self, node):
        """"Give Jairyu a +1F/+1C token and the permanent ability, "…"": tokens stay while the card is
        in play (``token``); the ability lasts the turn unless it is "permanent"."""
        named = _sub(node, "named_tokens")
        tokens = self.e_give_tokens(node) if named is None else [self.named_tokens(self.np(_sub(node, *NP)), named)]
        ref = tokens[0].args.target
        permanent = _tok(node, "ANDABILITY").value == "permanent"
        return tokens + [self._grant(ref, node, "permanent" if permanent else None)]

    def e_create_stat_equal(self, node):
        """"Create a 2C/0PH … Personality with Force equal to this Shugenja's Chi, plus 1 if he is Air": the stat the
        statline leaves out, counted as the card is created (``created-cards``)."""
        data = self._created(node)
        stat = self.statword(_sub(node, "statword"))
        printed = {tok.value[0] for tok in _toks(_sub(node, "statline"), "STATLINE")}
        if data["type"] != "personality" or stat not in ("force", "chi", "personal_honor") or stat in printed:
            raise Unreadable("a created card's stat given twice, or of a card other than a Personality, is not read")
        data["ph" if stat == "personal_honor" else stat] = self.amount(_sub(node, *AMOUNTS))
        self.last = CREATED
        return Effect.model_validate({"create": data})

    def e_create_with_text(self, node):
        """"Create a 4F/2C/0PH Badger … Personality with the ability, "…"" (or "with the trait, "…" and the
        ability, "…""): the created card's printed text is the embedded text (``created-cards``)."""
        data = self._created(node)
        marks = _toks(_sub(node, "embedded"), "EMBEDDED") + _toks(node, "EMBEDDED")
        kinds = ["ability" if _tok(_sub(node, "embedded"), "THEABILITY") else "trait"] + ["ability"] * (len(marks) - 1)
        texts = []
        for mark, what in zip(marks, kinds):
            text, reading = self.embedded_text(mark, "", data["type"])
            if (len(reading.abilities) == 1) != (what == "ability"):
                raise Unreadable(f"embedded text that is not the {what} it is called is not read")
            texts.append(text)
        data["text"] = "\n".join(texts)
        self.last = CREATED
        return Effect.model_validate({"create": data})

    # ----- created cards: where, how many --------------------------------------------------------
    def e_create_at(self, node):
        """"Create a … Personality at the current battlefield" (or "there", "in your home")."""
        data = self._created(node)
        data["at"] = "home" if _sub(node, "created_at").children[0].type in ("ATHOME", "IN") else "here"
        self.last = CREATED
        return Effect.model_validate({"create": data})

    def e_create_with_clan(self, node):
        """"Create a 0F/2C/0PH Ninja Scorpion Clan Personality": the Clan is a keyword of its own, as if a bullet
        stood before it ("Lion Clan • Ancestor"), so the card is of that Clan (``created-cards``, ``keywords``)."""
        data = self._created(node)
        data["keywords"].append(f"{_tok(node, 'CLAN').value} Clan")
        self.last = CREATED
        return Effect.model_validate({"create": data})

    def e_create_many(self, node):
        """"create two 2F/2C/2PH Nonhuman • Ratling Personalities": each one a created card (``created-cards``)."""
        effect = self.e_create_at(node) if _sub(node, "created_at") is not None else self.e_create(node)
        return [effect] * int(_tok(node, "NUMBER").value)

    def e_create_many_attached(self, node):
        """"Create two 1F Followers attach them to Kikumura": each one created attached (``created-cards``)."""
        return [self.e_create_attached(node)] * int(_tok(node, "NUMBER").value)

    def e_create_untyped_attached(self, node):
        """"Create a 1F Ashigaru and attach it to your target Personality": the type is not printed, but the card
        attaches to a Personality as it is created and has a Force, not a Force bonus, so it is a Follower (an Item's
        Force is a bonus, "+2F"; a Personality does not attach) (``created-cards``, ``follower``)."""
        if any(tok.value[0] != "force" for tok in _toks(_sub(node, "statline"), "STATLINE")):
            raise Unreadable("a created card with no type and a stat other than Force is not read")
        return self.e_create_attached(Tree(node.data, [*node.children, Token("TYPE", "follower")]))

    def e_create_item(self, node):
        """A created Item's printed bonuses ("+2F/+1C"), attached as it is created; "it" after it is the
        Item (``created-cards``, ``item``)."""
        data = self._created(node)
        if data["type"] != "item":
            raise Unreadable("only Items are created with bonuses")
        for change in _toks(_sub(node, "changes"), "STATCHANGE"):
            stat, value = change.value
            if value == "X" or stat not in ("force", "chi"):
                raise Unreadable("a created Item with that bonus is not read")
            data[stat] = value
        data["attach_to"] = self.np(_sub(node, *NP))
        self.last = CREATED
        return Effect.model_validate({"create": data})

    def ev_ev_this_battle(self, node):
        """"after this battle ends": the current battle's end (``delayed-effects``)."""
        if _tok(node, "DUR").value != "end_of_battle":
            raise Unreadable("that timing point is not read")
        return {"event": "battle_begins" if _tok(node, "EDGE").value == "begins" else "battle_ends"}

    def read_st_ability(self, node, data: dict) -> list[Static]:
        """"Your Nonhuman Spirits have the ability, "…"": each such card has it while this card is in play,
        read as printed on it (``continuous-traits``, ``embedded-text``)."""
        target = data["target"]
        if target == "self":
            text = self.embedded_ability(node, self.names[0] if self.names else "", self.kind)
        elif isinstance(target, AllRef) and len(target.all.type) == 1:
            text = self.embedded_ability(node, "", target.all.type[0])
        else:  # "Your Nonhuman Spirits": Personalities or Followers, so only if it reads the same on either
            text = self.embedded_ability(node, "", "personality")
            if read_text(text, "", "personality").abilities != read_text(text, "", "follower").abilities:
                raise Unreadable("an ability that reads differently on the kinds of card given it is not read")
        return [Static.model_validate({**data, "kind": "ability", "embedded": text})]

    def read_st_player_ability(self, node, data: dict) -> list[Static]:
        """"You have the ability, "…"": a player's own ability while this card is in play, read with no card
        of its own (``player-abilities-and-traits``)."""
        if _tok(node, "KEYWORD") is not None and _tok(node, "KEYWORD").value != "Defender":
            raise Unreadable("those players' ability is not read")
        players = (["you"] if _tok(node, "YOU") else ["attacker", "defender"] if _tok(node, "THEATTACKER")
                   else ["each"])
        text = self.embedded_ability(node, "", "")
        if read_text(text, "", "").abilities[0].bow:
            raise Unreadable("a player's ability with a bowing cost is not read")
        return [Static.model_validate({**data, "kind": "player_ability", "players": players, "embedded": text})]

    def e_melee_or_ranged(self, node):
        """"Melee or Ranged Attack equal to …": a Melee Attack or a Ranged Attack of that strength, as the player
        chooses; each names its own target, so the kind is chosen first, as the action is announced, and kept
        (``choices``, ``choice-paradoxes``). Neither target is "the target" of what follows: which one is not known."""
        named = len(self.targets)
        melee, ranged = self._attack("melee_attack", node), self._attack("ranged_attack", node)
        self.targets[named:] = [t.model_copy(update={"option": word}) for t, word in
                                zip(self.targets[named:], ("Melee", "Ranged"))]
        self.last = None
        return Effect.model_validate({"choose": {"options": [{"word": "Melee", "do": [melee.model_dump()]},
                                                             {"word": "Ranged", "do": [ranged.model_dump()]}]}})

    def c_army_state(self, node):
        """"If your current army is opposed": an army is opposed when the enemy army has a unit (``opposed``), so
        when one of your cards at the current battlefield is; no battle, no army, so not opposed."""
        state = _tok(node, "STATE").value
        if state not in ("opposed", "unopposed"):
            raise Unreadable(f"'your army is {state}' is not read")
        return Condition(exists=Filter(side="your", at="here", state=[state]))

    def c_not_given_tokens(self, node):
        """"If you have not given any Madness tokens this turn": none of your effects put a token of that name on a
        card this turn, as the game remembers it (``token``)."""
        if _tok(node, "DUR").value != "end_of_turn":
            raise Unreadable("tokens given in a period other than this turn are not read")
        return _not(Condition(happened=HappenedTest(event="tokens_given", by="you", token=_tok(node, "KEYWORD").value)))

    def e_remove_some_tokens(self, node):
        """"Destroy one or two of a target Personality's tokens": any kinds, as the player chooses (``token``)."""
        least, most = (int(n.value) for n in _toks(node, "NUMBER"))
        if not 1 <= least < most:
            raise Unreadable("those numbers of tokens are not read")
        card = self.poss(_sub(node, "np_poss"))
        self.last, self.tokens_chosen = card, True
        return Effect.model_validate({"remove_some_tokens": {"target": card, "least": least, "most": most}})

    def e_give_stat_tokens_as_many(self, node):
        """"Give him as many +1F tokens as the number of tokens this destroyed": one +1F token for each (``token``)."""
        stat, n = _tok(node, "STATCHANGE").value
        if n not in (1, -1):
            raise Unreadable("as many tokens of that change are not read")
        count = self.value(_sub(node, *VALUES))
        if n < 0:
            count = count.model_copy(update={"times": -count.times})
        return Effect.model_validate({"tokens": {"target": self.np(_sub(node, *NP)), "name": stat, "count": count}})

    # ----- removing tokens ------------------------------------------------------------------------
    def e_remove_token(self, node):
        """"Remove a Madness token from Tenburo": one fewer, if he has one; "X to Y" needs it (``token``)."""
        kind, card = [c for c in node.children if isinstance(c, Tree) and c.data in NP]
        return Effect.model_validate({"tokens": {"target": self.np(card), "name": _token_name(kind, "A"),
                                                 "count": -1}})

    def e_remove_tokens_or_fewer(self, node):
        """"Discard two Rock tokens from this Shugenja, or one if he is Earth, to straighten this Spell": the number
        that applies as it resolves (the condition looked at then); a card with fewer of them cannot discard that many,
        so nothing is discarded and what depends on it ("to") does not happen (``token``, ``independence-of-effects``)."""
        kind, card = [c for c in node.children if isinstance(c, Tree) and c.data in NP]
        name = _token_name(kind, "NUMBER")
        usual = int(_tok(_sub(kind, "det"), "NUMBER").value)
        fewer = int(_tok(node, "NUMBER").value)
        ref = self.np(card)
        cond = self.cond(self.cond_child(node))
        if not 0 < fewer < usual:
            raise Unreadable("'N tokens, or M if …' with M not fewer than N is not read")

        def has(n: int) -> Condition:
            return Condition.model_validate({"card": ref, "tokens": {"name": name, "op": ">=", "value": n}})
        count = Amount(n=usual, times=-1, plus_if=[{"amount": usual - fewer, "if": cond}])  # taken away
        enough = Condition(any=[Condition(all=[_not(cond), has(usual)]), Condition(all=[cond, has(fewer)])])
        return Effect.model_validate({"tokens": {"target": ref, "name": name, "count": count.model_dump()},
                                      "if": enough.model_dump(by_alias=True, exclude_defaults=True)})

    def e_transfer_token(self, node):
        """"Transfer a Masterwork token from this Holding to a target Armor or Weapon": one token, as it is, from
        one card to the other (``token``)."""
        kind, source, target = [c for c in node.children if isinstance(c, Tree) and c.data in NP]
        return Effect.model_validate({"transfer_token": {"source": self.np(source), "target": self.np(target),
                                                         "name": _token_name(kind, "A")}})

    def e_remove_own_token(self, node):
        """"Remove one of Tameko's Fire tokens"."""
        self.last = "self"
        return Effect.model_validate({"tokens": {"target": "self", "name": _tok(node, "KEYWORD").value,
                                                 "count": -int(_tok(node, "NUMBER").value)}})

    def e_remove_all_tokens(self, node):
        """"Destroy all Madness tokens": every one, on every card in play; "Destroy a Madness token": one, from a card
        in play the player chooses as it resolves (no card is targeted) (``token``)."""
        kind = _sub(node, *NP)
        if _det_words([d for d in kind.children if isinstance(d, Tree) and d.data == "det"]) == ["A"]:
            return Effect.model_validate({"remove_any_token": {"name": _token_name(kind, "A")}})
        name = _token_name(kind, "ALL")
        return Effect.model_validate({"tokens": {"target": AllRef(all=Filter(tokens=[{"name": name}])), "name": name,
                                                 "every": True}})

    def e_remove_that_token(self, node):
        """"Give a target Personality a +1F Sake token. Remove it after your next turn begins.": that token."""
        given = getattr(self, "given_token", None)
        if given is None:
            raise Unreadable("'remove it' with no token given before it is not read")
        return given.model_copy(update={"args": given.args.model_copy(update={"count": -given.args.count})})

    # ----- tokens up to a number; any number of tokens, chosen ----------------------------------------
    def e_give_tokens_until(self, node):
        """"Give Mitsu +1F Fire tokens until he has exactly five": as many as he lacks of five tokens of that name
        (whatever their changes), none if he has them already (``token``)."""
        ref = self.np(_sub(node, *NP))
        if ref not in ("self", 1):
            raise Unreadable("tokens until one of several cards has a number of them are not read")
        changes = _sub(node, "changes")
        return Effect.model_validate({"tokens": {
            "target": ref, "name": _tok(node, "KEYWORD").value, "until_has": int(_tok(node, "NUMBER").value),
            "stats": _token_stats(changes) if changes is not None else {}}})

    def e_remove_chosen_tokens(self, node):
        """"Destroy zero or more Fire tokens on Mitsu": as many as the player chooses as it resolves (``token``)."""
        self.tokens_chosen = True
        return Effect.model_validate({"remove_chosen_tokens": {"target": self.np(_sub(node, *NP)),
                                                               "name": _tok(node, "KEYWORD").value}})

    def value_tokens_removed(self, node) -> Amount:
        """"the number of tokens destroyed", "twice the amount discarded": the tokens an earlier "zero or more" (or
        "one or two") of this ability removed (``token``)."""
        state = _tok(node, "STATE")
        if not getattr(self, "tokens_chosen", False) or (state is not None and state.value != "discarded"):
            raise Unreadable("'the number of tokens destroyed' with no tokens chosen before it is not read")
        times = _tok(node, "NUMBER")
        return Amount(tokens_removed=True, times=int(times.value) if times is not None else 1)

    def e_give_token_named_before(self, node):
        """"If this Personality does not have a Madness token, give him or her one": tokens of the name the condition
        before it named (``token``)."""
        name = getattr(self, "named_token", None)
        if name is None:
            raise Unreadable("'give him one' with no token named before it is not read")
        return Effect.model_validate({"tokens": {"target": self.np(_sub(node, *NP)), "name": name,
                                                 "count": int(_tok(node, "NUMBER").value)}})

    def s_uses_per_turn(self, tree: Tree, index: int) -> None:
        """"You may use this action three times per turn": the ability may be used that many times each turn, not
        once (``restrictions-on-number-of-times``); it says nothing of the effects, so it must follow them."""
        if not self.effects:
            raise Unreadable("'you may use this action … times' before its effects is not read")
        self.uses = int(_tok(tree, "NUMBER").value)

    def s_give_last_keyword(self, tree: Tree, index: int) -> None:
        """"Permanently give your target Samurai Shadowlands.": the keywords before the last name the card (a target
        Samurai), the last is the keyword it gets (``keywords``, ``duration-of-effects``); "Give your target Monk or
        Shugenja Air, Earth, Fire, or Water.": one of the last and those after it, the player's choice (``choices``)."""
        mods = _sub(tree, "mods").children
        given = [mods[-1].children[0]] + _toks(tree, "KEYWORD")
        if len(mods) < 2 or given[0].type != "KEYWORD" or not isinstance(mods[-2], Tree):
            raise Unreadable("a keyword given to a card named by that keyword alone is not read")
        dets = [c for c in tree.children if isinstance(c, Tree) and c.data == "det"]
        ref = self.np(Tree("phrase", dets + [Tree("keyworded", [Tree("mods", mods[:-1])])]))
        duration = _tok(tree, "DUR")
        options = [(word.value, [Effect.model_validate({"keyword": {"target": ref, "add": [word.value]}})])
                   for word in given]
        if duration is not None:
            options = [(word, [_lasting(e, duration.value) for e in effects]) for word, effects in options]
        self.effects.append(options[0][1][0] if len(options) == 1 else self._choice(options))

    def e_give_or_remove_keyword(self, node):
        """"Give Resilient to, or remove Resilient from, a target Personality": the card gains the keyword or loses it
        for the turn, the player's choice as the effect resolves (``choices``, ``duration-of-effects``)."""
        given, taken = self.kwlist(_sub(node, "kwlist")), _tok(node, "KEYWORD").value
        if given != [taken]:
            raise Unreadable("one keyword given or another taken away is not read")
        ref = self.np(_sub(node, *NP))
        return self._choice([(verb, [Effect.model_validate({"keyword": {"target": ref, side: [taken]}})])
                             for verb, side in (("give", "add"), ("remove", "lose"))])

    def post_state_enemy(self, post, data: dict) -> None:
        """"a target unbowed enemy Personality": an enemy card in that state, the words in the other order."""
        data["state"].append(_tok(post, "STATE").value)
        data["side"] = "enemy"

    # ----- cards without abilities ---------------------------------------------------------------
    def post_no_abilities(self, post, data: dict) -> None:
        """"without abilities", "with no abilities": none printed or given; "with no printed abilities": none
        printed (``abilities``); "… and no Training tokens" too."""
        data["no_abilities"] = "printed" if _tok(post, "PRINTED") is not None else "any"
        if _tok(post, "TOKEN") is not None:
            self.post_without_token(post, data)

    def c_card_no_abilities(self, node):
        """"If he has no abilities": none printed or given now (``abilities``)."""
        return Condition.model_validate({"card": self._card_cond(node), "fits": {"no_abilities": "any"}})

    def c_stat_or_no_abilities(self, node):
        """"If he has 0 Force or no abilities"."""
        return Condition(any=[self.c_card_stat_is(node), self.c_card_no_abilities(node)])

    def c_stat_and_no_abilities(self, node):
        """"if it now has 0 Force and no abilities"."""
        return Condition(all=[self.c_card_stat_is(node), self.c_card_no_abilities(node)])

    def post_stat_is(self, post, data: dict) -> None:
        """"with 0 Personal Honor": that stat now is exactly the number (as "with 2 or less …" compares it)."""
        data.setdefault("stats", []).append({"stat": self.statword(_sub(post, "statword")), "op": "=",
                                             "value": int(_tok(post, "NUMBER").value)})

    # ----- copies ----------------------------------------------------------------------------
    def e_copy_keyword(self, node):
        """"Myuken copies one keyword from your target Personality": one keyword the target has, chosen
        as it resolves, for the turn (``copy``, ``duration-of-effects``)."""
        if _tok(node, "NUMBER").value != 1:
            raise Unreadable("copying more than one keyword is not read")
        copier, source = [c for c in node.children if isinstance(c, Tree) and c.data in NP]
        return Effect.model_validate({"copy_keyword": {"target": self.np(copier), "source": self.np(source)}})

    # ----- strength and stats by tokens -------------------------------------------------------------
    def clause_stronger_per_token(self, node: Tree, index: int) -> list[Effect]:
        """"Fear 3 with +1 strength for each of Atsushi's Infamy tokens": the printed strength plus that
        many for each such token on him when it resolves (``fear``, ``token``)."""
        act = _sub(node, "ranged", "melee", "fear")
        if act is None:
            raise Unreadable("'with +N strength for each …' on something other than an Attack or Fear is not read")
        effect = self.act(act, index)[0]
        if not isinstance(effect.args.amount, int):
            raise Unreadable("'with +N strength' on a strength that is not a number is not read")
        amount = Amount(tokens=_tok(node, "KEYWORD").value, of="self", times=int(_tok(node, "SIGNED").value),
                        plus=effect.args.amount)
        return [effect.model_copy(update={"args": effect.args.model_copy(update={"amount": amount})})]

    def read_st_stat_per_token(self, node, data: dict) -> list[Static]:
        """"Ogata has +1F for each opposing Madness token": the tokens of that name on every such card,
        counted while the trait applies (``continuous-traits``, ``token``)."""
        stat, n = _tok(node, "STATCHANGE").value
        if n == "X" or stat not in ("force", "chi", "personal_honor"):
            raise Unreadable("that change for each token is not read")
        cards = _sub(node, *NP)
        flt = self.filter_of(cards) if cards.data == "phrase" else _unread("tokens on one card")
        if len(flt.keywords) != 1 or flt.type:
            raise Unreadable("those tokens are not read")
        holders = AllRef(all=flt.model_copy(update={"keywords": [], "type": ["card"]}))
        return [Static.model_validate({**data, "kind": "stat", "stat": stat,
                                       "amount": Amount(tokens=flt.keywords[0], of=holders, times=n)})]

def _token_stats(changes: Tree) -> dict[str, int]:
    """A named token's printed changes ("-1F/-1C" of a Poison token), each stat once (``token``)."""
    stats: dict[str, int] = {}
    for change in _toks(changes, "STATCHANGE"):
        stat, value = change.value
        if value == "X" or stat not in LETTERS or stat in stats:
            raise Unreadable("a token with that stat change is not read")
        stats[stat] = value
    return stats


def _token_name(np: Tree, det: str) -> str:
    """The name in "a Madness token" ("all Madness tokens"), read as a noun phrase: one article, one keyword."""
    dets = [t.type for d in np.children if isinstance(d, Tree) and d.data == "det" for t in d.children]
    head = _sub(np, "keyworded")
    mods = [m.children[0] for m in _sub(head, "mods").children if isinstance(m, Tree)] if head is not None else []
    if np.data != "phrase" or dets != [det] or len(mods) != 1 or mods[0].type != "KEYWORD" or len(np.children) != 2:
        raise Unreadable("those tokens are not read")
    return mods[0].value
