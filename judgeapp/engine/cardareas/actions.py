"""Action abilities: the verbs that change a card's stats ("Reduce the Force of …", "Raise …
to equal …", "Set his Force equal to …"), the qualifiers of their targets and their amounts.

The stat verbs follow ``bonuses-and-penalties`` (a reduction is a penalty) and
``setting-stats-to-values`` (set, raise and lower give the smallest bonus or penalty that
reaches the value; raise only ever a bonus, lower only ever a penalty).
"""
from __future__ import annotations

from lark import Token, Tree

from ..abilities import Static, TargetSpec
from ..cardtree import ABSENCES, AMOUNTS, NP, STATICS, VALUES, Unreadable, _and, _det_words, _name_words, _not, _sub, _tok
from ..registry import Effect
from ..structures import AbilityTest, ActionTest, AllRef, Amount, BonusIf, Condition, Filter, StatTest, TargetedRef

ATTACK_EFFECTS = ("ranged_attack", "melee_attack", "fear")
RIDERS = ("may_target_with", "may_target_kinds", "may_target_but_not", "cannot_target", "destroys_after",
          "must_target_may_have")
OPS = {"lt": "<", "gt": ">", "le": "<=", "ge": ">=", "eq": "="}

WORDS = {"highest": "HIGHEST", "raise": "RAISE", "set": "SET", "minus": "MINUS", "but": "BUT", "transfer": "TRANSFER",
         "shows": "SHOW", "named": "NAMED", "resolved": "RESOLVED"}
NP_KINDS = {"one_of_own", "either_target", "own_title", "own_name_keyword", "his_kinds"}
CLAUSE_KINDS = {"stronger_ifs", "strength_instead"}
VALUE_KINDS = {"minus", "plus_if", "minus_if", "number_plus", "stat_of_either", "stat_plus_stat", "number_this_did",
               "whichever_printed"}

PHRASES = {"this province's": ("HEREPROVINCES", "here"), "the current province's": ("HEREPROVINCES", "here"),
           "a second time": ("SECONDTIME", "second"), "an additional time": ("ADDTIME", "additional"),
           "one additional time": ("ADDTIME", "additional"),
           # a lasting effect that ends when its player's next turn begins (duration-of-effects)
           "until your next turn begins": ("DUR", "your_next_turn"),
           # "all other players' Holdings": the other players' cards, a plural naming each of them
           "all other players'": ("OTHERPLAYERS", "other"),
           "the active player": ("THEACTIVEPLAYER", "active")}
STATIC_KINDS = {"st_no_ability_use"}
STAT_EFFECTS = ("force", "chi", "personal_honor", "province_strength", "gold_production")


def _change_word(change) -> str:
    """("force", 2) → "+2F": a stat change as printed, the word a script chooses it by."""
    stat, n = change
    return f"{n:+d}" + {"force": "F", "chi": "C", "personal_honor": "PH", "gold_production": "GP"}.get(stat, stat)


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
        return Effect.model_validate({stat: {"target": ref, "amount": self.value(_sub(node, *VALUES)).negated()}})

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

    def post_with_ability(self, post, data):
        """"with a Political ability": one of its abilities has that keyword (``abilities``)."""
        words = [m.children[0] for m in _sub(post, "mods").children if isinstance(m, Tree)]
        if any(w.type != "KEYWORD" for w in words):
            raise Unreadable("an ability named by other than its keywords is not read")
        data["ability"] = AbilityTest(keywords=[w.value for w in words])

    def post_with_attack_ability(self, post, data):
        """"with a Melee or Ranged Attack ability": one of its abilities makes either Attack (``abilities``)."""
        data["ability"] = AbilityTest(effects=["melee_attack", "ranged_attack"])

    def c_card_has_none(self, node):
        """"if it has no attachments", "if he has no Followers": the card is in that state (``attachments``)."""
        what = _tok(node, "TYPE").value
        if what not in ("attachment", "follower"):
            raise Unreadable(f"'has no {what}s' is not read")
        return Condition.model_validate({"card": self._card_cond(node), "is": [f"without_{what}s"]})

    def c_active_honor_ge(self, node):
        """"If the active player has 11 or more Family Honor": the player whose turn it is (``turns-and-turn-order``);
        "he" after it is that player."""
        self.last = "active"
        return Condition.model_validate({"of_player": "active",
                                         "honor": {"op": ">=", "value": int(_tok(node, "NUMBER").value)}})

    def post_that_is_any(self, post, data):
        """"that is Dragon Clan, Gaijin, Shadowlands, or has no attachments": a card that fits one of them
        (``conjunctions``: "or" is met by any one)."""
        if data.get("any_of"):
            raise Unreadable("two lists of alternatives on one card are not read")
        data["any_of"] = [self._that_kind(k) for k in post.children if isinstance(k, Tree)]

    @staticmethod
    def _that_kind(kind: Tree) -> Filter:
        tok = kind.children[-1] if _tok(kind, "NO") is not None else kind.children[0]
        if tok.type == "CLAN":
            return Filter(clan=tok.value)
        if tok.type == "STATE":
            return Filter(state=[tok.value])
        if tok.type == "TYPE":
            if tok.value not in ("attachment", "follower"):
                raise Unreadable(f"'has no {tok.value}s' is not read")
            return Filter(state=[f"without_{tok.value}s"])
        if tok.value in ABSENCES:  # "Human": without Nonhuman (CR Human)
            return Filter(without=[ABSENCES[tok.value]])
        return Filter(keywords=[tok.value])

    def post_not_named(self, post, data):
        """"not named Yasuki Tono": a card whose title is not that one (``references``: a card named by its
        title is any card with that title)."""
        data["not_title"] = self.names[0] if _tok(post, "THISCARD") is not None \
            else " ".join(t.value for t in post.children if t.type == "KEYWORD")

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

    # ----- amounts -------------------------------------------------------------------------------
    def _inner(self, node: Tree) -> Amount:
        return self.value(next(c for c in node.children if isinstance(c, Tree) and c.data in VALUES))

    def _number(self, node: Tree) -> int:
        tok = next(t for t in node.children if isinstance(t, Token) and t.type in ("NUMBER", "SIGNED"))
        return int(tok.value)

    def value_minus(self, node):
        """"Zaiburo's Force minus 1"."""
        inner = self._inner(node)
        return inner.model_copy(update={"plus": inner.plus - self._number(node)})

    def value_number_plus(self, node):
        """"2 plus the number of other Personalities in this army"."""
        inner = self._inner(node)
        return inner.model_copy(update={"plus": inner.plus + self._number(node)})

    def value_number_this_did(self, node):
        """"Fear equal to the number this bowed": how many cards the action's effects before it bowed (each
        once), counted when the Fear applies (``action-sequence``)."""
        if _tok(node, "STATE").value != "bowed" or not self.effects:
            raise Unreadable("'the number this …' other than bowed, or with no effect before it, is not read")
        return Amount(did="bows")

    def value_whichever_printed(self, node):
        """"Equal to his printed Personal Honor or 2, whichever is lower": the card's printed stat against the other
        number, both counted when the effect applies (the duels area's ``value_whichever``, of the printed stat)."""
        amount = self.value_whichever(node)
        return amount.model_copy(update={"printed": True})

    def value_plus_if(self, node):
        """"his Personal Honor, plus 2 if he is a Tactician": the condition is checked when the amount
        is (a condition carries only to the part it follows, ``conjunctions``)."""
        return self._bonus_if(node, self._number(node))

    def value_minus_if(self, node):
        """"his Personal Honor, minus 1 if he is unopposed"."""
        return self._bonus_if(node, -self._number(node))

    def value_stat_plus_stat(self, node):
        """"your Personality's Chi plus Personal Honor": the two current stats of the one card added."""
        first, second = (self.statword(s) for s in node.children if isinstance(s, Tree) and s.data == "statword")
        if first == second:
            raise Unreadable("a stat plus the same stat is not read")
        whose = self.poss(_sub(node, "np_poss"))
        return Amount(stat=first, of=whose, added=Amount(stat=second, of=whose))

    def _bonus_if(self, node: Tree, n: int) -> Amount:
        inner = self._inner(node)
        bonus = BonusIf.model_validate({"amount": n, "if": self.cond(self.cond_child(node))})
        return inner.model_copy(update={"plus_if": inner.plus_if + [bonus]})

    # ----- one card's stat or another's: "this Shugenja's or the Samurai's Chi" ----------------------------
    def _targeted_as(self, node: Tree) -> int:
        """"the Samurai": the card targeted before as one (``targeting``: only "target" makes a new one)."""
        word = [t for t in node.children if isinstance(t, Token) and t.type in ("KEYWORDS", "KEYWORD")][-1].value
        earlier = self._earlier_target(Filter(keywords=[word]))
        if earlier is None:
            raise Unreadable(f"'the {word}' with no {word} targeted before is not read")
        return earlier

    def value_stat_of_either(self, node):
        """"Fear equal to this Shugenja's or the Samurai's Chi", "a Force penalty equal to the Chi of this
        Shugenja or the Samurai": the stat of one card or of the other, as the player chooses when the
        effect applies (``choices``)."""
        stats = {self.statword(s) for s in node.children if isinstance(s, Tree) and s.data == "statword"}
        if len(stats) != 1:
            raise Unreadable("one card's stat or another stat of another card is not read")
        poss = _sub(node, "np_poss")
        first = self.poss(poss) if poss is not None else self.np(_sub(node, *NP))
        return Amount(stat=stats.pop(), of=first, or_of=self._targeted_as(node))

    def post_stat_than_either(self, post, data):
        """"with Force less than this Shugenja's or the Samurai's Chi": less than one card's or the other's
        (an "or" is met by both, ``conjunctions``).  Only "less than": a card not there (an optional
        target not chosen) counts 0, which no stat is below (stats are at least 0)."""
        if data.get("any_of"):
            raise Unreadable("two 'or' qualifiers on one card are not read")
        op = OPS[_sub(post, *OPS).data]
        if op != "<":
            raise Unreadable("comparing with one card's stat or another's other than 'less than' is not read")
        stat, other = [self.statword(s) for s in post.children if isinstance(s, Tree) and s.data == "statword"]
        cards = (self._this_kw(_tok(post, "KEYWORDS").value), self._targeted_as(post))
        data["any_of"] = [Filter(stats=[StatTest(stat=stat, op=op, value=Amount(stat=other, of=c))]) for c in cards]

    # ----- an Attack's own targeting and result (``ranged-attack``, ``melee-attack``, ``fear``) -----------
    def e_attack_rider(self, node):
        """"Fear 3 that may target a Personality with Followers", "Ranged 4 Attack that may target Items
        but not Personalities", "Fear 4 that destroys Shugenja after it bows them": the Attack's
        targeting or result as the card changes it."""
        effects = self.act(node.children[0], self.index)
        if len(effects) != 1 or effects[0].name not in ATTACK_EFFECTS or not isinstance(effects[0].args.target, int):
            raise Unreadable("'that …' after something other than an Attack or Fear is not read")
        effect, n = effects[0], effects[0].args.target
        rider = _sub(node, *RIDERS)
        spec, effect = getattr(self, "rider_" + rider.data)(rider, self.targets[n - 1], effect)
        self.targets[n - 1] = spec
        return effect

    def _kind_filter(self, node: Tree) -> Filter:
        """"a dishonorable Personality", "Shadowlands cards", "Shugenja": the cards a rider names (its
        first card type; "a Personality with Followers" is a Personality)."""
        mods = _sub(node, "mods")
        types = [t for t in node.children if isinstance(t, Token) and t.type == "TYPE"]
        loose = [m for m in node.children if isinstance(m, Tree) and m.data == "mod"]
        if loose:
            mods = Tree("mods", loose)
        head = Tree("typed" if types else "keyworded", ([mods] if mods is not None else []) + types[:1])
        return self.filter_parts(Tree("kind", [head]), [])[0]

    def rider_may_target_with(self, rider, spec, effect):
        """"… that may target a (dishonorable) Personality with Followers"."""
        kinds = [t.value for t in rider.children if isinstance(t, Token) and t.type == "TYPE"]
        if kinds != ["personality", "follower"]:
            raise Unreadable("'that may target a … with …' other than a Personality with Followers is not read")
        return spec.model_copy(update={"followers_ok": self._kind_filter(rider)}), effect

    def rider_may_target_kinds(self, rider, spec, effect):
        """"… that may target Items and Spells": those kinds of card too, in the enemy army."""
        added = [t.value for t in _sub(rider, "kinds").children if isinstance(t, Token) and t.type == "TYPE"]
        if set(added) - {"item", "spell", "holding"}:
            raise Unreadable("'that may target' other kinds of card is not read")
        flt = spec.filter.model_copy(update={"type": list(dict.fromkeys(spec.filter.type + added))})
        return spec.model_copy(update={"filter": flt}), effect

    def rider_may_target_but_not(self, rider, spec, effect):
        """"… that may target Items but not Personalities"."""
        spec, effect = self.rider_may_target_kinds(rider, spec, effect)
        dropped = [t.value for t in rider.children if isinstance(t, Token) and t.type == "TYPE"][-1]
        flt = spec.filter.model_copy(update={"type": [t for t in spec.filter.type if t != dropped]})
        return spec.model_copy(update={"filter": flt}), effect

    def rider_cannot_target(self, rider, spec, effect):
        """"Fear 4 that cannot target a Cavalry card": cards without the keyword."""
        flt = self._kind_filter(rider)
        if flt.type != ["card"] or flt.state or flt.clan or flt.any_keyword or not flt.keywords:
            raise Unreadable("'that cannot target' other than cards with a keyword is not read")
        return spec.model_copy(update={"filter": spec.filter.model_copy(update={
            "without": spec.filter.without + flt.keywords})}), effect

    def rider_must_target_may_have(self, rider, spec, effect):
        """"Fear … that must target a dishonorable or Shadowlands Personality, who may have Followers": only
        an enemy Personality of those kinds, with or without Followers (``fear``)."""
        first, then = (t.value for t in rider.children if isinstance(t, Token) and t.type == "TYPE")
        if (first, then) != ("personality", "follower"):
            raise Unreadable("'that must target a …, who may have …' other than a Personality with Followers is not read")
        kind = self._kind_filter(rider)
        flt = kind.model_copy(update={"side": spec.filter.side})
        return spec.model_copy(update={"filter": flt, "followers_ok": kind}), effect

    def rider_destroys_after(self, rider, spec, effect):
        """"Fear 2 that destroys Followers after it bows them": a card of those kinds that this Fear
        bows is then destroyed (each kind named is enough, ``conjunctions``)."""
        if effect.name != "fear":
            raise Unreadable("'that destroys … after it bows them' on an Attack is not read")
        kinds = [self._kind_filter(k) for k in rider.children if isinstance(k, Tree) and k.data == "kind_phrase"]
        return spec, effect.model_copy(update={"args": effect.args.model_copy(update={"destroys": kinds})})

    # ----- choices between effects (``choices``) ------------------------------------------------------
    def _choice(self, options: list[tuple[str, list[Effect]]]) -> Effect:
        words = [w for w, _ in options]
        if len(set(words)) != len(words):
            raise Unreadable("a choice between two effects of one kind is not read")
        return Effect.model_validate({"choose": {"options": [
            {"word": w, "do": [e.model_dump() for e in do]} for w, do in options]}})

    def e_bow_or_straighten(self, node):
        """"Bow or straighten a target Sensei": one target, then the player's choice of effect."""
        ref = self.np(_sub(node, *NP))
        return self._choice([(verb, [Effect.model_validate({verb: {"target": ref}})])
                             for verb in ("bow", "straighten")])

    def e_stat_give_choice(self, node):
        """"Give a target Follower or Personality +2F or -2F"."""
        ref = self.np(_sub(node, *NP))
        options = []
        for changes in (c for c in node.children if isinstance(c, Tree) and c.data == "changes"):
            effects = self._changes(ref, changes)
            options.append((" ".join(_change_word(t.value) for t in changes.children if isinstance(t, Token)
                                     and t.type == "STATCHANGE"), effects))
        return self._choice(options)

    def e_keyword_choice(self, node):
        """"Give Karachu Cavalry, Conqueror, or Naval": one of the keywords, the player's choice."""
        ref = self.np(_sub(node, *NP))
        return self._choice([(t.value, [Effect.model_validate({"keyword": {"target": ref, "add": [t.value]}})])
                             for t in node.children if isinstance(t, Token) and t.type == "KEYWORD"])

    def e_transfer(self, node):
        """"Transfer this Spell to your target Air Shugenja": the attachment moves to the other
        Personality, its restrictions on attaching met, no cost paid (``transfer``)."""
        what, to = (self.np(n) for n in node.children if isinstance(n, Tree))
        if isinstance(to, int) and self.targets[to - 1].filter.type not in ([], ["personality"]):
            raise Unreadable("transferring to a card other than a Personality is not read")
        return Effect.model_validate({"transfer": {"target": what, "to": to}})

    def e_stat_and_keyword(self, node):
        """"Give them each +1F and Conqueror", "Give this Shugenja +2F and Conqueror"."""
        ref = self.np(_sub(node, *NP))
        gains = _sub(node, "gains")
        return self._changes(ref, gains) + [
            Effect.model_validate({"keyword": {"target": ref, "add": self.kwlist(_sub(gains, "kwlist"))}})]

    def subject_targeted_group(self, group):
        """"The Personality this ability targeted has +2F": the card of that kind its ability last
        targeted (``card-memory-rule``); "this ability" is the card's own."""
        return TargetedRef(targeted=_tok(group, "TYPE").value)

    # ----- conditions on a card ------------------------------------------------------------------
    def c_card_attached_to(self, node):
        """"if it is attached to a Commander": the card's Personality is such a card (``possessive-case``)."""
        mods = _sub(node, "mods")
        head = Tree("typed" if _tok(node, "TYPE") else "keyworded",
                    ([mods] if mods is not None else []) + ([_tok(node, "TYPE")] if _tok(node, "TYPE") else []))
        flt, _ = self.filter_parts(Tree("bare", [head]), [])
        return Condition.model_validate({"card": self._card_cond(node), "attached_to": flt.model_dump(
            exclude_defaults=True)})

    def c_card_in_play(self, node):
        """"Bow the target if it is still in play", "If this card is in play"; a card named by its title ("plus 1 if
        Shiba Iaimiko is in play") is any card with that title, whoever controls it (``references``,
        ``in-play-and-out-of-play``)."""
        phrase = _sub(node, *NP)
        title = phrase.children[0].value if phrase.data == "titled" else _name_words(phrase)
        if title and not _tok(node, "STILL"):
            return Condition(exists=Filter(title=title))
        return Condition.model_validate({"card": self._card_cond(node), "is": ["in_play"]})

    def c_card_is_kinds(self, node):
        """"if it is a One-Handed Weapon": the card has every one of these keywords."""
        return Condition(all=[self._is_kind(self._card_cond(node), k.children[0])
                              for k in node.children if isinstance(k, Tree) and k.data == "kind_word"])

    def _is_kind(self, card, tok: Token) -> Condition:
        """A card is Shadowlands, Crab Clan, bowed, or Human (no Nonhuman, ``human``)."""
        if tok.type == "STATE":
            return Condition.model_validate({"card": card, "is": [tok.value]})
        word = f"{tok.value} Clan" if tok.type == "CLAN" else tok.value
        if word in ABSENCES:
            return Condition.model_validate({"not": {"card": card, "has_keyword": ABSENCES[word]}})
        return Condition.model_validate({"card": card, "has_keyword": word})

    def c_card_is_any(self, node):
        """"If the target is Lion Clan or Unaligned", "unless he is Dragon Clan or a Magistrate": the card is
        one of them (an "or" is met by either, ``conjunctions``)."""
        parts = [node] + [c for c in node.children if isinstance(c, Tree) and c.data == "or_kw"]
        words = [w for part in parts for w in part.children
                 if isinstance(w, Token) and w.type in ("KEYWORD", "CLAN", "STATE")]
        card = self._card_cond(node)
        return Condition(any=[self._is_kind(card, word) for word in words])

    # ----- armies (``army``) ------------------------------------------------------------------------------
    def post_in_this_army(self, post, data):
        """"in this army": the army of this card (of its Personality, on an attachment)."""
        data["army"] = True

    def post_in_your_army(self, post, data):
        """"in your army": your army at the current battlefield (``army``)."""
        data["side"], data["at"] = "your", "here"

    # ----- Provinces (``provinces``) ----------------------------------------------------------------------
    def e_province_chosen_give(self, node):
        """"Give a Province +3 strength": any player's Province, the player's choice (``choices``)."""
        self.targets.append(TargetSpec(province=True, filter=Filter(), at=self.index))
        return Effect.model_validate({"province_strength": {"target": len(self.targets),
                                                           "amount": int(_tok(node, "SIGNED").value)}})

    def e_province_raise_or_lower(self, node):
        """"Raise or lower this Province's strength by Etsuki's Personal Honor": a bonus or a penalty of
        that amount, the player's choice (``choices``, ``bonuses-and-penalties``)."""
        value = self.value(_sub(node, *VALUES))
        return self._choice([(word, [Effect.model_validate({"province_strength": {"target": "here", "amount": n}})])
                             for word, n in (("raise", value), ("lower", value.negated()))])

    # ----- "one of Kenjiro's Followers or Weapons" (``possessive-case``) -------------------------------------
    def np_one_of_own(self, node):
        """"You may bow one of Kenjiro's Followers or Weapons to straighten him", "one of his Weapons" (his:
        this card, its Personality or a target): one card of his unit of those kinds, the player's choice
        (attached cards are a Personality's, ``possessive-case``)."""
        if int(_tok(node, "NUMBER").value) != 1:
            raise Unreadable("choosing a number of a card's attachments is not read")
        whose = self.last if _tok(node, "HIS") is not None else "self"
        duelist = whose in ("duelist_yours", "duelist_other")  # "your Personality in this duel …, one of his Followers"
        if whose == "self" and self.kind != "personality" or not (whose in ("self", "host") or isinstance(whose, int)
                                                                  or duelist):
            raise Unreadable("a possessive of a card other than a Personality is not read")
        if isinstance(whose, int) and self.targets[whose - 1].attack:
            raise Unreadable("'his' after an Attack or Fear (its target, or the card it names?) is not read")
        kinds = [self._kind_filter(k) for k in node.children if isinstance(k, Tree) and k.data == "kind_phrase"]
        flt = kinds[0] if len(kinds) == 1 else Filter(any_of=kinds)
        unit = {"in_unit_of": whose} if isinstance(whose, int) or duelist else {"in_unit": True, "another": True}
        n = self.new_target(flt.model_copy(update=unit))
        self.last = self.person = whose  # "… to straighten him": the Personality whose card it is
        return n

    def np_his_kinds(self, node):
        """"Straighten your target Personality, and straighten his Weapons": every card of those kinds in his unit
        when the effect applies (attached cards are a Personality's, ``possessive-case``, ``unit``)."""
        whose = self.last
        if not isinstance(whose, int) or self.targets[whose - 1].attack \
                or self.targets[whose - 1].filter.type != ["personality"]:
            raise Unreadable("'his …' of a card other than a target Personality is not read")
        flt = self._kind_filter(Tree("kind_phrase", [_sub(node, "mods")]))
        return AllRef(all=flt.model_copy(update={"in_unit_of": whose}))

    def e_give_keyword_with_followers(self, node):
        """"Give the target and each of his Followers Cavalry": the chosen Personality and every Follower in
        his unit when the effect applies (``unit``: a Personality's Followers are the rest of his unit)."""
        ref = self.np(_sub(node, *NP))
        if _tok(node, "TYPE").value != "follower" or not isinstance(ref, int) \
                or self.targets[ref - 1].filter.type != ["personality"]:
            raise Unreadable("'… and each of his …' other than a target Personality's Followers is not read")
        unit = AllRef(all=Filter(type=["personality", "follower"], in_unit_of=ref))
        return Effect.model_validate({"keyword": {"target": unit, "add": self.kwlist(_sub(node, "kwlist"))}})

    def _own_name(self, node: Tree, kind: str, update: dict) -> int:
        """A new target of the kind, whose filter also names the card's own name (as ``update`` says)."""
        dets = [c for c in node.children if isinstance(c, Tree) and c.data == "det"]
        ref = self.np(Tree("phrase", dets + [Tree("typed", [Token("TYPE", kind)])]))
        if not isinstance(ref, int) or ref != len(self.targets) or self.targets[ref - 1].player:
            raise Unreadable("the card's own name without 'target' is not read")
        spec = self.targets[ref - 1]
        self.targets[ref - 1] = spec.model_copy(update={"filter": spec.filter.model_copy(update=update)})
        return ref

    def np_own_title(self, node):
        """"Destroy this Item. Give a target Ashalan Blade +3F/+3C": after "a target" the card's title names
        any card with that title, this one too (``targeting``: only "target" makes a new target; alone,
        the title is the card itself, ``references``)."""
        return self._own_name(node, "card", {"title": self.names[0]})

    def np_own_name_keyword(self, node):
        """"Bow a target Fallen card" on the Strategy Fallen: a card type after the name makes it a word
        describing cards, the keyword of that name (``keywords``); a title of more than one word is not."""
        name = self.names[0]
        if " " in name:
            raise Unreadable("a card's own name of several words before a card type is not read")
        return self._own_name(node, _tok(node, "TYPE").value, {"keywords": [name]})

    def e_give_distinct_clans(self, node):
        """"Give two or more target opposed Personalities, each with a different Clan Alignment, +2F": the
        cards chosen together have no Clan Alignment in common (``targeting``), and each gets the change."""
        ref = self.np(_sub(node, *NP))
        if not isinstance(ref, int) or ref != len(self.targets) or not (
                self.targets[ref - 1].count > 1 or self.targets[ref - 1].or_more or self.targets[ref - 1].up_to):
            raise Unreadable("'each with a different Clan Alignment' after other than several new targets is not read")
        spec = self.targets[ref - 1]
        self.targets[ref - 1] = spec.model_copy(update={"filter": spec.filter.model_copy(update={
            "distinct_clans": True})})
        return self._changes(ref, _sub(node, "changes"))

    def post_either_post(self, post, data):
        """"a target enemy card with Shadowlands or without attachments": a card with either qualifier
        (an "or" is met by both, ``conjunctions``)."""
        if data.get("any_of"):
            raise Unreadable("two 'or' qualifiers on one card are not read")
        data["any_of"] = [self.filter_parts(Tree("bare", [Tree("keyworded", []), side]), [])[0]
                          for side in post.children if isinstance(side, Tree)]

    def post_with_keyword(self, post, data):
        """"a target enemy card with Shadowlands": a card that has the keyword (``keywords``)."""
        word = _tok(post, "KEYWORD").value
        if word in ABSENCES:
            data.setdefault("without", []).append(ABSENCES[word])
        else:
            data["keywords"].append(word)

    def np_either_target(self, node):
        """"Bow a target attachment or a target dishonorable Personality": one target that is either
        (a modifier of the first does not carry to "a …" after the "or", ``conjunctions``)."""
        cut = next(i for i, c in enumerate(node.children) if isinstance(c, Token) and c.type == "ORTARGET")
        sides = []
        for part in (node.children[:cut], node.children[cut + 1:]):
            dets = [c for c in part if isinstance(c, Tree) and c.data == "det"]
            words = [t.type for d in dets for t in d.children if isinstance(t, Token)]
            if words not in (["A", "TARGET"], ["A", "TARGET", "ENEMY"]):
                raise Unreadable("'… or a target …' with other determiners is not read")
            sides.append(self.filter_parts(Tree("phrase", part), words)[0])
        return self.new_target(Filter(any_of=sides))

    def clause_stronger_ifs(self, node, index):
        """"Fear 4, with +1 strength if the target is Shadowlands, and +1 strength if you have
        Compassion": each change counts when its own condition holds (``fear``, ``conjunctions``)."""
        act = next(c for c in node.children if isinstance(c, Tree) and c.data != "strength_if")
        effects = self.act(act, index)
        if len(effects) != 1 or effects[0].name not in ATTACK_EFFECTS:
            raise Unreadable("'with +N strength if …' on something other than an Attack or Fear is not read")
        base = effects[0].args.amount
        value = Amount(n=base) if isinstance(base, int) else base
        for part in (c for c in node.children if isinstance(c, Tree) and c.data == "strength_if"):
            bonus = BonusIf.model_validate({"amount": int(_tok(part, "SIGNED").value),
                                            "if": self.cond(self.cond_child(part))})
            value = value.model_copy(update={"plus_if": value.plus_if + [bonus]})
        return [effects[0].model_copy(update={"args": effects[0].args.model_copy(update={"amount": value})})]

    def clause_strength_instead(self, node, index):
        """"Fear 3, or 5 if the target is Shadowlands, that may target a Personality with Followers": the
        same Attack or Fear, with the other strength when the condition holds, else the printed one
        (``fear``, ``ranged-attack``, ``melee-attack``).  "Fear equal to Nozomi's Force, or 2 if she is
        Naval": "she" may be the Fear's target or Nozomi, so a pronoun there is not read (``pronouns``)."""
        effects = self.act(next(c for c in node.children if isinstance(c, Tree)), index)
        if len(effects) != 1 or effects[0].name not in ATTACK_EFFECTS:
            raise Unreadable("'…, or N if …' after something other than an Attack or Fear is not read")
        attack, n = effects[0], effects[0].args.target
        if any(sub.data == "pronoun" and _tok(sub, "HE") is not None for sub in self.cond_child(node).iter_subtrees()):
            raise Unreadable("a pronoun after an Attack or Fear (its target, or the card it names?) is not read")
        cond = self.cond(self.cond_child(node))
        rider = _sub(node, *RIDERS)
        if rider is not None:
            self.targets[n - 1], attack = getattr(self, "rider_" + rider.data)(rider, self.targets[n - 1], attack)
        other = attack.model_copy(update={"args": attack.args.model_copy(update={"amount": int(_tok(node, "NUMBER").value)})})
        return [attack.model_copy(update={"condition": _and(attack.condition, _not(cond))}),
                other.model_copy(update={"condition": _and(attack.condition, cond)})]

    def c_card_stat_than_self(self, node):
        """"Give a target enemy Personality -2F. If he has lower Personal Honor, give Saeki +1F": lower than
        the Personality the text is on, the one card besides him it names (``comparing-stats``)."""
        card = self._card_cond(node)
        if self.kind != "personality" or card in ("self", "host"):
            raise Unreadable("'if he has lower …' naming no other card than his own is not read")
        stat = self.statword(_sub(node, "statword"))
        op = "<" if _tok(node, "LOWER") is not None else ">"
        return Condition.model_validate({"card": card, "stat": {"stat": stat, "op": op,
                                                                "value": {"stat": stat, "of": "self"}}})

    def c_this_destroyed_such(self, node):
        """"Straighten Iaitsu if this destroyed a card without abilities": the Attack's target is now
        destroyed and is such a card (``ranged-attack``)."""
        posts = [c for c in node.children if isinstance(c, Tree)]
        flt, _ = self.filter_parts(Tree("bare", [Tree("typed", [Token("TYPE", "card")]), *posts]), [])
        done = self._attack_result(Tree("cond", []), "destroyed")
        return done.model_copy(update={"fits": flt})

    # ----- using abilities again (``restrictions-on-number-of-times``) -------------------------------------
    def e_extra_uses(self, node):
        """"You may use its abilities a second time this turn", "Another target Personality's printed
        abilities may be used an additional time this turn"."""
        return self._extra_uses(self.poss(_sub(node, "np_poss")), node)

    def e_extra_uses_on(self, node):
        """"abilities on the target may be used a second time this turn"."""
        return self._extra_uses(self.np(_sub(node, *NP)), node)

    def _extra_uses(self, ref, node) -> Effect:
        second = _sub(node, "second_time") is not None
        return Effect.model_validate({"extra_uses": {"target": ref, "second": second, "more": 0 if second else 1,
                                                     "printed": _tok(node, "PRINTED") is not None}})

    def e_stat_bonuses(self, node):
        """"Give your target Personality Force and Chi bonuses equal to his Personal Honor": a bonus of
        that amount to each stat (``bonuses-and-penalties``)."""
        ref = self.phrase(Tree("phrase", [c for c in node.children if isinstance(c, Tree) and c.data in (
            "det", "typed", "keyworded")]))
        value = self.amount(_sub(node, *AMOUNTS))
        return [Effect.model_validate({self.statword(w): {"target": ref, "amount": value}})
                for w in node.children if isinstance(w, Tree) and w.data == "statword"]

    # ----- Family Honor against the other players' (``family-honor``) ----------------------------------------
    def c_honor_not_beaten(self, node):
        """"If no other player has more (higher) Family Honor than you": a tie still holds; "lower" ("less")
        the other way round (``family-honor``)."""
        word = _sub(node, "honor_than").children[0].type
        return Condition(honor_vs_others=">=" if word in ("HIGHER", "MORE") else "<=")

    def c_honor_not_below(self, node):
        """"If you have the highest Family Honor": a tie for the highest is still the highest."""
        return Condition(honor_vs_others=">=")

    def c_honor_above(self, node):
        """"if your Family Honor is higher than any other player's": higher than each of theirs."""
        return Condition(honor_vs_others=">")

    # ----- "After this bows the target, …" (``fear``, ``ranged-attack``, ``independence-of-effects``) -------------
    def s_after_attack_did(self, tree: Tree, i: int) -> None:
        """"Fear 2. After this bows the target, give this Personality +1F", "Ranged 1 Attack. After this destroys
        a card, draw a card": the effects follow the Fear (Attack) just before and happen only if its effects bowed
        (destroyed) its target; "it" is that target (``fear``, ``ranged-attack``; effects linked by "after",
        ``independence-of-effects``)."""
        bows = _sub(tree, "did_bow") is not None
        attack = self._last_attack(("fear",) if bows else ("ranged_attack", "melee_attack"), "After this bows (destroys) …")
        did = Condition(action=ActionTest(this=True, did="bows" if bows else "destroyed", card=attack.args.target))
        self.last = attack.args.target
        self.effects += [e.model_copy(update={"condition": _and(did, e.condition)}) for e in self.sentence_effects(tree)]

    def _last_attack(self, kinds: tuple[str, ...], words: str) -> Effect:
        """The Fear (Attack) just before, the one "this" names (``fear``, ``ranged-attack``, ``melee-attack``)."""
        attack = self.effects[-1] if self.effects else None
        if attack is None or attack.name not in kinds or not isinstance(attack.args.target, int):
            raise Unreadable(f"'{words}' with no such Attack or Fear just before it is not read")
        return attack

    def s_destroy_what_this_bowed(self, tree: Tree, i: int) -> None:
        """"Fear 3 that may target Spells. Destroy any Spells this bowed.": the Fear bows only its target, so
        the target is destroyed if the Fear's action bowed it and it is such a card (``fear``)."""
        if _tok(tree, "STATE").value != "bowed":
            raise Unreadable("'Destroy any … this …' other than bowed is not read")
        n = self._last_attack(("fear",), "Destroy any … this bowed").args.target
        sub = _sub(tree, *NP)
        if sub.data not in ("phrase", "bare") or _det_words([c for c in sub.children if isinstance(c, Tree)
                                                              and c.data == "det"]) != ["ANY"]:
            raise Unreadable("'Destroy … this bowed' other than 'any …' is not read")
        kind = self.filter_of(sub)
        did = Condition(action=ActionTest(this=True, did="bows", card=n))
        self.effects.append(Effect.model_validate({"destroy": {"target": n}, "if": {"all": [
            did.model_dump(by_alias=True, exclude_defaults=True),
            {"card": n, "fits": kind.model_dump(exclude_defaults=True)}]}}))

    def c_this_did_not_destroy(self, node):
        """"Melee 3 Attack. If this does not destroy a Personality, straighten Minoko": the Attack's action
        destroyed no such card (``melee-attack``, ``ranged-attack``)."""
        self._last_attack(("ranged_attack", "melee_attack"), "if this does not destroy")
        flt = self.filter_of(_sub(node, *NP))
        return _not(Condition(action=ActionTest(this=True, did="destroyed", fits=flt)))

    def c_card_stat_le(self, node):
        """"destroy it if it has 2 or lower Force": the card's current stat (``force``)."""
        return self._card_stat(node, "<=")

    def c_card_stat_ge(self, node):
        """"if he has 3 or more Personal Honor"."""
        return self._card_stat(node, ">=")

    def _card_stat(self, node, op: str) -> Condition:
        return Condition.model_validate({"card": self._card_cond(node), "stat": {
            "stat": self.statword(_sub(node, "statword")), "op": op, "value": int(_tok(node, "NUMBER").value)}})

    def post_in_others_province(self, post, data):
        """"a target card in another player's Province": a card there, face-up or face-down (``provinces``:
        cards in Provinces may be either); a narrower type ("Personality") must be known, so face-up."""
        data["zone"] = "province"
        data["side"] = "other"
        if any(kind != "card" for kind in data.get("type", [])):
            data["state"].append("face_up")

    def e_turn_face_up(self, node):
        """"Turn a target card in another player's Province face-up" (``provinces``)."""
        if _tok(node, "STATE").value != "face_up":
            raise Unreadable("turning a card other than face-up is not read")
        ref = self.np(_sub(node, *NP))
        if not isinstance(ref, int) or self.targets[ref - 1].filter.zone != "province":
            raise Unreadable("turning face-up a card not targeted in a Province is not read")
        return Effect.model_validate({"turn_face_up": {"target": ref}})

    def e_show_random(self, node):
        """"A target player shows a random card in his hand": he displays it to the other players, then it is
        face-down again (``show``); no player chooses it."""
        if _tok(node, "TYPE").value != "card":
            raise Unreadable("showing a random card of one type is not read")
        return Effect.model_validate({"show_random": {"player": self.who(node)}})

    # ----- ongoing effects that work as continuous traits (``duration-of-effects``, ``continuous-traits``) ---------
    def s_continuous(self, tree: Tree, i: int) -> None:
        """"Your Cavalry Personalities have +1F while attacking and opposed (this turn)", "Until your next turn
        begins, your Personalities have …", "A target Personality has -2F while attacking this turn": in an ability,
        a continuous trait, read as a card's is, that the action's effect gives for its duration (the turn unless
        printed otherwise, ``duration-of-effects``) — to the target it names, or as a generic effect on the cards it
        describes (``given_traits``)."""
        self.given_to = "generic"
        try:
            traits = self.static(next(c for c in tree.children if isinstance(c, Tree) and c.data in STATICS))
        finally:
            given, self.given_to = self.given_to, None
        dur = _tok(tree, "DUR")
        self.effects.append(Effect.model_validate({"given_traits": {
            "traits": [st.model_dump(by_alias=True, exclude_defaults=True) for st in traits],
            "target": None if given == "generic" else given, "until": dur.value if dur else "end_of_turn"}}))

    s_continuous_for = s_continuous

    def t_continuous_for(self, tree: Tree):
        """A trait does not last "this turn": that is an ability's effect (``s_continuous``)."""
        raise Unreadable("a continuous trait lasting a time is not a trait")

    def read_st_no_ability_use(self, node, data) -> list[Static]:
        """"Players may not use abilities on Personalities": no player uses the abilities on such a card, as "its
        abilities may not be used" (``permissions``)."""
        group = AllRef(all=self.group_filter(next(c for c in node.children if isinstance(c, Tree))))
        return [Static.model_validate({**data, "target": group, "kind": "restrict", "what": "actions"})]

    def subject_target_subject(self, node: Tree):
        """"A target Personality has …" in an ability: the target is chosen now and given the trait, so "he"
        and "this" in it are that card (``s_continuous``); a trait itself names no target."""
        if getattr(self, "given_to", None) != "generic":
            raise Unreadable("a target named by a trait is not read")
        self.given_to = self.np(Tree("phrase", [Tree("det", [node.children[0]]), Tree("det", [node.children[1]]),
                                                node.children[2]]))
        return "self"
