"""Continuous traits (``continuous-traits``): stat changes and keywords for groups of cards,
the conditions they hold under, restrictions and permissions."""
from __future__ import annotations

from lark import Token, Tree

from ..abilities import Static, TriggerSpec
from ..cardtree import ATTACKS, NP, STATICS, Unreadable, _and, _not, _singular, _sub, _tok, _toks
from ..structures import ActionTest, AllRef, Condition, Filter
from ..vocab import CLANS

WORDS = {"opposes": "OPPOSES", "oppose": "OPPOSES", "targeted": "TARGET", "rulebook": "RULEBOOK", "join": "JOIN",
         "who": "WHO", "except": "EXCEPT", "count": "COUNT", "towards": "TOWARDS",
         "considered": "CONSIDERED", "checks": "CHECKS", "bowing": "BOWING", "taken": "TAKEN", "bring": "BRING",
         "resolving": "RESOLVING", "increased": "INCREASE"}
PHRASES = {"or above": ("ORMORE", ">="), "out of play": ("OUTOFPLAY", "out_of_play"),
           "in and out of play": ("INOUTPLAY", "in_and_out_of_play"),
           "enlightenment victory": ("ENLIGHTENMENT", "enlightenment"), "need not": ("NEEDNOT", "not"),
           "need not to": ("NEEDNOT", "not"), "the combat segment": ("COMBATSEGMENT", "combat"),
           "once per battle": ("ONCEPERBATTLE", "battle"), "per battle": ("PERBATTLE", "battle")}
STATIC_KINDS = {"st_attack_untargetable", "st_untargetable", "st_rulebook_target", "st_join_clan", "st_join_controls",
                "st_join", "st_enter", "st_provinces", "st_this_province",
                "st_no_clan", "st_no_clan_one", "st_state_no_clan", "st_others_attack", "st_others_attack_strength",
                "st_must_be", "st_attach_never_either", "st_no_enlightenment",
                "st_lobby_bonus", "st_lobby_bonus_times", "st_lobby_as", "st_lobby_no_bow", "st_stat_alt",
                "st_stat_each_his", "st_restrict_unless", "st_restrict_either", "st_no_honor_change",
                "st_no_actions", "st_no_play", "st_no_bring", "st_stat_combat", "st_keyword_self_and_his",
                "st_attach_one", "st_stat_each_yours",
                "st_ability_keywords", "st_ability_keywords_own", "st_extra_uses", "st_extra_use_actions",
                "st_play_limit", "st_attack_from", "st_this_action_keywords", "st_attack_from_unit",
                "st_stat_if_he", "st_others_cannot_bow", "st_rulebook_bonus", "st_rulebook_as",
                "st_ability_designators", "st_attach_free"}
# The player abilities a trait may name as "the rulebook <keywords> <designator> action" (rulebook-favor-battle).
RULEBOOK_ACTIONS = {("Favor", "Political", "battle"): "favor_battle"}


class Readers:
    """Readers of the statics area (a mixin of ``SentenceReader``)."""

    # ----- trait sentences ------------------------------------------------------------------------
    def t_continuous_while_state(self, tree) -> list[Static]:
        """"While opposed, this Personality has +1PH and his Followers have +1F": both traits hold while the
        card named first, this card or its Personality, is in that state (``continuous-traits``)."""
        statics = [s for node in tree.children if isinstance(node, Tree) and node.data in STATICS
                   for s in self.static(node)]
        first = statics[0].target
        if first not in ("self", "host"):
            raise Unreadable("'While …,' before a group's trait is not read")
        cond = Condition.model_validate({"card": first, "is": [_tok(tree, "STATE").value]})
        return [s.model_copy(update={"while_": _and(s.while_, cond)}) for s in statics]

    def subject_his_group(self, node):
        """"his Followers" on an attachment: the cards of that kind in its Personality's unit, as
        "Seiken's Followers" on Seiken (``possessive-case``, ``unit``)."""
        if self.kind not in ("follower", "item", "spell"):
            raise Unreadable("'his …' as a trait's subject on a card other than an attachment is not read")
        mods = _sub(node, "mods")
        flt = self.group_filter(Tree("any_group", [*([mods] if mods is not None else []), _tok(node, "TYPE")]))
        return AllRef(all=flt.model_copy(update={"in_unit": True, "another": True}))

    # ----- conditions ---------------------------------------------------------------------------
    def c_others_acting(self, node):
        """"while other players' actions are resolving": an action of another player's, from the start of the
        resolution of its effects to their end (``action-sequence`` D; acting)."""
        return Condition(resolving=ActionTest(by="other"))

    def c_yours_acting(self, node):
        """"while actions on your Kihos and Spells are resolving": an action from your card with the keyword or of
        the type, from the start of the resolution of its effects to their end (``action-sequence`` D, acting)."""
        word = _singular(Tree("mod", [_tok(node, "KEYWORD")])).children[0].value
        source = Filter(side="your", any_of=[Filter(keywords=[word]), Filter(type=[_tok(node, "TYPE").value])])
        return Condition(resolving=ActionTest(source=source))

    def c_other_controls(self, node):
        """"while another player controls an Ashalan card": such a card in play, not yours (``control``)."""
        sub = _sub(node, *NP)
        if sub.data not in ("phrase", "bare"):
            raise Unreadable("another player's control of a named card is not read")
        return Condition(exists=self.filter_of(sub).model_copy(update={"side": "other"}))

    def c_defender_clan(self, node):
        """"if the Defender is Spider Clan": the player defending in this attack has that Clan Alignment."""
        return Condition(defender_clan=_tok(node, "CLAN").value)

    def c_in_army_with(self, node):
        """"while in an army with a Crab Clan Personality": another such card on this card's side at its
        battlefield (``army``)."""
        sub = _sub(node, *NP)
        if sub.data not in ("phrase", "bare"):
            raise Unreadable("being in an army with one named card is not read")
        return Condition(exists=self.filter_of(sub).model_copy(update={"army": True, "another": True}))

    def c_attached_to(self, node):
        """"This Follower has +2F while attached to a Ratling": the Personality it is attached to is one
        (``attachments``)."""
        if getattr(self, "trait_subject", None) != "self" or self.kind not in ("follower", "item", "spell"):
            raise Unreadable("'while attached to …' on a card other than this attachment is not read")
        flt = self.filter_of(_sub(node, *NP))
        return Condition.model_validate({"card": "host", "fits": flt.model_dump(exclude_defaults=True)})

    def c_card_has_type(self, node):
        """"while he has an attachment", "while she has a Spell": one attached to him (``attachments``)."""
        return Condition.model_validate({"card": self._card_cond(node),
                                         "has_attached": [_tok(node, "TYPE").value.capitalize()]})

    def c_opposing(self, node):
        """"Atsuto has Resilient while opposing a dishonorable Personality": the trait's card, or each
        card of its group, is at a battlefield on the other side from such a card (``opposing``)."""
        subject = getattr(self, "trait_subject", None)
        if subject is None:
            raise Unreadable("'opposing …' with no card before it is not read")
        return self._opposes(subject, node)

    def c_card_opposes(self, node):
        return self._opposes(self._card_cond(node), node)

    def c_has_or_opposes(self, node):
        """"Kuraou has +1F/+1C while he has a Spear or opposes a Crab Clan Personality": met while either
        holds of him (``conjunctions``, ``opposing``)."""
        card, word = self._card_cond(node), _sub(node, "mod").children[0]
        if word.type != "KEYWORD":
            raise Unreadable("an attachment named by other than its keyword is not read")
        has = Condition.model_validate({"card": card, "has_attached": [word.value]})
        return Condition(any=[has, self._opposes(card, node)])

    def _opposes(self, card, node) -> Condition:
        nps = [c for c in node.children if hasattr(c, "data") and c.data in NP]
        sub = nps[-1]
        if sub.data in ("self_ref", "this_type", "this_kw") and self.np(sub) == "self":
            # "while opposing this Item": on the other side at its battlefield from the card (from an
            # attachment's Personality, whose unit it is in: ``opposing``, ``unit``)
            return Condition.model_validate({"card": card, "fits": {"opposing": True}})
        if sub.data not in ("phrase", "bare"):
            raise Unreadable("opposing one named card is not read")
        return Condition.model_validate({"card": card, "fits": Filter(opposes=self.filter_of(sub)).model_dump(
            exclude_defaults=True)})

    def post_opposing_him(self, post, data):
        """"Yurei has +1F for each Personality with 0 Personal Honor opposing him": him, the trait's card, must
        be this card or its Personality, from whom the engine reckons opposing (``opposing``)."""
        if getattr(self, "trait_subject", None) not in ("self", "host"):
            raise Unreadable("'opposing him' naming a card other than this one or its Personality is not read")
        data["opposing"] = True

    def read_st_keyword_self_and_his(self, node, data) -> list[Static]:
        """"Mabasu and his Spirit Followers have Cavalry": the keywords for the card, and for each such card
        in its unit, as "Mabasu's Spirit Followers" names them (``keywords``, ``possessive-case``)."""
        group = Tree("own_group", [*_toks(node, "TYPE"), *(c for c in node.children if isinstance(c, Tree) and c.data == "mods")])
        words = self.kwlist(_sub(node, "kwlist"))
        return [Static.model_validate({**data, "kind": "keyword", "keywords": words}),
                Static.model_validate({**data, "kind": "keyword", "keywords": words,
                                       "target": AllRef(all=self.group_filter(group))})]

    def read_st_attach_one(self, node, data) -> list[Static]:
        """"Daitsu will only attach one Weapon": he cannot attach a Weapon while he has one attached; his
        own limit, below the two a Kensai may have (``weapon``, ``kensai``, ``attachments``)."""
        if _tok(node, "NUMBER").value != 1 or data["target"] != "self" or self.kind != "personality":
            raise Unreadable("a limit on attachments other than a Personality's one of a kind is not read")
        word = _singular(Tree("mod", [_tok(node, "KEYWORD")])).children[0].value
        return [Static.model_validate({**data, "kind": "attach_never", "to": Filter(keywords=[word]),
                                       "while": Condition.model_validate({"card": "self", "has_attached": [word]})})]

    def read_st_stat_each_yours(self, node, data) -> list[Static]:
        """"Kuniken has +1F for each of your Port Holdings, up to three Ports": a change counted over your cards
        of that kind when it applies; "up to three Ports" counts no more than three of them (``continuous-traits``)."""
        stat, n = _tok(node, "STATCHANGE").value
        if n == "X" or stat == "family_honor":
            raise Unreadable("that continuous stat change is not read")
        mods = [c for c in node.children if isinstance(c, Tree) and c.data == "mods"]
        flt = self.group_filter(Tree("your_group", [*mods, _tok(node, "TYPE")]))
        amount = {"count": flt.model_dump(exclude_defaults=True), "times": n}
        cap = _sub(node, "count_cap")
        if cap is not None:
            named = [_singular(m).children[0].value for m in _sub(cap, "mods").children if isinstance(m, Tree)]
            if named != flt.keywords:
                raise Unreadable("'up to' naming other cards than those counted is not read")
            amount["most"] = int(_tok(cap, "NUMBER").value)
        return [Static.model_validate({**data, "kind": "stat", "stat": stat, "amount": amount})]

    def read_st_ability_keywords(self, node, data) -> list[Static]:
        """"Your Stronghold's abilities have Tireless": the abilities of your card of that type have the
        keywords, as if printed on them (``keyword-inheritance``, ``tireless``)."""
        group = AllRef(all=Filter(type=[_tok(node, "TYPES").value], side="your"))
        return [Static.model_validate({**data, "target": group, "kind": "ability_keyword",
                                       "keywords": self.kwlist(_sub(node, "kwlist"))})]

    def read_st_ability_keywords_own(self, node, data) -> list[Static]:
        """"Abilities on Fujigawa's Spells have Unstoppable": on the cards of that type in his unit, as
        "Fujigawa's Spells" names them (``keyword-inheritance``, ``possessive-case``)."""
        group = AllRef(all=self.group_filter(Tree("own_group", [_tok(node, "TYPE")])))
        return [Static.model_validate({**data, "target": group, "kind": "ability_keyword",
                                       "keywords": self.kwlist(_sub(node, "kwlist"))})]

    def read_st_this_action_keywords(self, node, data) -> list[Static]:
        """"This action has Home while this Shugenja is Water": the keywords for the abilities on this card, its
        one action, as if printed on it while the condition holds (``keyword-inheritance``, ``home-keyword``,
        ``absent``); only a Spell's or Strategy's trait reads so, each card with one action."""
        if self.kind not in ("spell", "strategy"):
            raise Unreadable("'this action' on a card that may have several actions is not read")
        words = _sub(node, "kwlist")  # "Home" is its own token ("move home"): the keyword here
        return [Static.model_validate({**data, "target": "self", "kind": "ability_keyword",
                                       "keywords": self.kwlist(words) if words is not None else ["Home"]})]

    # ----- restrictions and permissions ---------------------------------------------------------------
    def read_st_attack_untargetable(self, node, data) -> list[Static]:
        """"Melee and Ranged Attacks may not target Kazuki": those effects cannot choose him as their
        target; other targeting is not affected (``targeting``, ``ranged-attack``, ``melee-attack``)."""
        return [Static.model_validate({**data, "kind": "restrict", "what": "be_targeted", "target": self.attacked(
            _sub(node, "attacked", "attacked_group", "attacked_army")), "keywords": self._kinds(node)})]

    def read_st_untargetable(self, node, data) -> list[Static]:
        """"Your Political actions may not target Umehiko", "Favor and Lobby actions cannot target Rutaro":
        actions with one of those keywords (the action's own, ``keyword-inheritance``) cannot target the
        card; "your"/"other players'" narrow it to whose actions they are (``targeting``)."""
        first = node.children[0]
        by = None
        if isinstance(first, Token) and first.type in ("YOUR", "YOU"):
            by = "you"
        elif isinstance(first, Token) and first.type == "OTHER":
            by = "other"
        return [Static.model_validate({**data, "kind": "restrict", "what": "be_targeted", "by": by, "target": self.attacked(
            _sub(node, "attacked", "attacked_group", "attacked_army")), "keywords": [t.value for t in _toks(_sub(
                node, "act_kinds"), "KEYWORD")]})]

    def read_st_rulebook_target(self, node, data) -> list[Static]:
        """"You may target defending Personalities with the rulebook Favor Political Battle action": a
        permission for its player, widening only the word it names ("attacking"); the action's other
        words ("enemy") still hold (``permissions``, ``rulebook-favor-battle``)."""
        what = RULEBOOK_ACTIONS.get(tuple(t.value for t in _toks(node, "KEYWORD")) + ("battle",))
        if what is None:
            raise Unreadable("a permission for that rulebook action is not read")
        group = Tree("any_group", [_sub(node, "mods"), _tok(node, "TYPE")])
        return [Static.model_validate({**data, "kind": "permit", "what": what, "to": self.group_filter(group)})]

    # ----- joining a player ------------------------------------------------------------------------
    def read_st_join_clan(self, node, data) -> list[Static]:
        """"Will not join a Phoenix Clan player": it cannot come under the control of a player with that
        Clan Alignment (``join``, ``clan-alignment``)."""
        return self._join(data, "join", Condition(clan=_tok(node, "CLAN").value))

    def read_st_join_controls(self, node, data) -> list[Static]:
        """"Asp Skirmisher will not join a player who controls a Human Personality" (``join``)."""
        return self._join(data, "join", self.c_controls(node))

    def read_st_join(self, node, data) -> list[Static]:
        """"Zenathaar will not join you if you control any Shadowlands Personalities" (``join``)."""
        return self._join(data, "join", None)

    def read_st_enter(self, node, data) -> list[Static]:
        """"Otani will not enter play if your Family Honor is 0 or above": "you" is the player who would
        bring him into play (``entering-and-leaving``, ``continuous-traits``)."""
        return self._join(data, "enter_play", None)

    @staticmethod
    def _join(data: dict, what: str, cond: Condition | None) -> list[Static]:
        if data["target"] != "self":
            raise Unreadable("another card that will not join a player is not read")
        if cond is not None:
            data = {**data, "while": cond}
        if data.get("while") is None:
            raise Unreadable("'will not join you' with no condition is not read")
        return [Static.model_validate({**data, "kind": "restrict", "what": what})]

    # ----- Provinces --------------------------------------------------------------------------------
    def read_st_provinces(self, node, data) -> list[Static]:
        """"Your Provinces have +1 strength", "Provinces have -1 strength", "Your Provinces with one or
        more Fortifications attached have +1 strength": a change to the Province Strength of each
        (``continuous-traits``, ``province``)."""
        flt: dict = {"type": ["province"]}
        if _tok(node, "YOUR") is not None:
            flt["side"] = "your"
        if _tok(node, "KEYWORD") is not None:
            if _tok(node, "NUMBER").value != 1:
                raise Unreadable("Provinces with a number of attachments other than one or more is not read")
            flt["attached"] = [_singular(Tree("mod", [_tok(node, "KEYWORD")])).children[0].value]
        return self._province_strength(data, AllRef(all=Filter.model_validate(flt)), node)

    def read_st_this_province(self, node, data) -> list[Static]:
        """"This Province has +2 strength" on a Fortification (the Province it is attached to) or a Terrain
        (the current battlefield's, ``terrain``, ``fortification``)."""
        if self.kind not in ("holding", "strategy"):
            raise Unreadable("'this Province' on a card other than a Fortification or Terrain is not read")
        return self._province_strength(data, "province", node)

    @staticmethod
    def _province_strength(data: dict, target, node) -> list[Static]:
        return [Static.model_validate({**data, "target": target, "kind": "stat", "stat": "province_strength",
                                       "amount": int(_tok(node, "SIGNED").value)})]

    # ----- Clan Alignments --------------------------------------------------------------------------
    def read_st_no_clan(self, node, data) -> list[Static]:
        """"Cannot gain a Clan Alignment (except Phoenix Clan)": no Clan keyword may be given to it; its
        printed one stays (``clan-alignment``, ``keywords``)."""
        only = _tok(node, "CLAN")
        return [Static.model_validate({**data, "kind": "cannot_gain", "keywords": ["Clan Alignment"],
                                       "what": f"{only.value} Clan" if only is not None else None})]

    def read_st_no_clan_one(self, node, data) -> list[Static]:
        """'Will not gain the "Phoenix Clan" Clan Alignment': that Clan keyword (``clan-alignment``); the
        quoted words are embedded text, read apart (``embedded-text``)."""
        named = self.embedded[_tok(node, "EMBEDDED").value]
        clan = named.removesuffix(" Clan")
        if clan not in CLANS or clan == named:
            raise Unreadable(f"'{named}' is not a Clan Alignment")
        return [Static.model_validate({**data, "kind": "cannot_gain", "keywords": [named]})]

    def read_st_state_no_clan(self, node, data) -> list[Static]:
        """"Seiken will not be dishonored or gain a Clan Alignment": two restrictions of one trait."""
        state = _tok(node, "STATE").value
        if state != "dishonorable":
            raise Unreadable(f"'will not be {state}' is not read")
        return [Static.model_validate({**data, "kind": "restrict", "what": "dishonored"}),
                *self.read_st_no_clan(Tree("st", []), data)]

    # ----- other players' attacks ----------------------------------------------------------------------
    def read_st_others_attack(self, node, data) -> list[Static]:
        """"Other players' Ranged Attacks have -1 strength": every other player's (``ranged-attack``)."""
        return [Static.model_validate({**data, "kind": "own_attack_strength", "by": "other", "keywords": self._kinds(
            node), "amount": int(_tok(node, "SIGNED").value)})]

    def read_st_others_attack_strength(self, node, data) -> list[Static]:
        """"Other players' Fear effects … targeting this Follower have -1 strength" (``fear``)."""
        return [Static.model_validate({**data, "kind": "attack_strength", "by": "other", "keywords": self._kinds(node),
                                       "target": self.attacked(_sub(node, "attacked", "attacked_group",
                                                                    "attacked_army")),
                                       "amount": int(_tok(node, "SIGNED").value)})]

    def read_st_attack_from(self, node, data) -> list[Static]:
        """"Melee Attacks … from Cat Followers in this army have +1 strength": the attacks of the actions of
        those cards (``melee-attack``, ``fear``)."""
        group = next(c for c in node.children if isinstance(c, Tree) and c.data != "attack_kinds")
        source = self.group_filter(group)
        return [Static.model_validate({**data, "kind": "own_attack_strength", "keywords": self._kinds(node),
                                       "target": AllRef(all=source), "amount": int(_tok(node, "SIGNED").value)})]

    def read_st_attack_from_unit(self, node, data) -> list[Static]:
        """"Ranged Attacks from actions in this unit have +1 strength": the attacks of the actions of the cards in
        the unit of the trait's card, the card itself among them (``unit``, ``ranged-attack``); "If this Shugenja is
        Fire, …": only while the condition holds, as "While …," (``continuous-traits``)."""
        lead = _sub(node, "lead")
        if lead is not None:
            data["while"] = self.cond(lead.children[1])
        return [Static.model_validate({**data, "kind": "own_attack_strength", "keywords": self._kinds(node),
                                       "target": AllRef(all=Filter(in_unit=True)),
                                       "amount": int(_tok(node, "SIGNED").value)})]

    @staticmethod
    def _kinds(node) -> list[str]:
        kinds = [ATTACKS[a.children[0].type] for a in _sub(node, "attack_kinds").children if isinstance(a, Tree)]
        return list(dict.fromkeys(kinds))

    # ----- what attaches to a Personality --------------------------------------------------------------
    def read_st_must_be(self, node, data) -> list[Static]:
        """"Kumoru's Followers must be Ninja", "Sunetsu's Items must be Armor or Weapons", "Hikayo's Weapons
        must be Heavy Weapons": such a card without the words cannot attach to him (``attachments``); one
        restriction for each word required, or one for the alternatives of "or"."""
        if self.kind != "personality":
            raise Unreadable("'…'s attachments must be …' on a card other than a Personality is not read")
        groups = [c for c in node.children if isinstance(c, Tree) and c.data == "mods"]
        kind = _tok(node, "TYPE")
        base: dict = {"type": [kind.value]} if kind is not None else {"keywords": self._plural_words(groups[0])}
        need = self._plural_words(groups[-1])
        if set(base.get("type", [])) - {"follower", "item", "spell", "attachment"} or len(groups[0 if kind else 1:]) != 1:
            raise Unreadable("that restriction on attachments is not read")
        need = [w for w in need if w not in base.get("keywords", [])]
        if _tok(groups[-1], "OR") is not None:
            missing = [{**base, "without": need}]
        else:
            missing = [{**base, "without": [w]} for w in need]
        return [Static.model_validate({**data, "kind": "attach_never", "to": m}) for m in missing]

    def read_st_attach_never_either(self, node, data) -> list[Static]:
        """"Cannot attach Armor or Followers": neither an Armor nor a Follower attaches to him (``attachments``)."""
        armor = _singular(Tree("mod", [_tok(node, "KEYWORD")])).children[0].value
        return [Static.model_validate({**data, "kind": "attach_never", "to": {"keywords": [armor]}}),
                Static.model_validate({**data, "kind": "attach_never", "to": {"type": [_tok(node, "TYPE").value]}})]

    @staticmethod
    def _plural_words(mods: Tree) -> list[str]:
        """The keywords of "Heavy Weapons", "Armor or Weapons": the plural head made singular (keywords)."""
        words = [m for m in mods.children if isinstance(m, Tree)]
        if any(m.children[0].type != "KEYWORD" for m in words):
            raise Unreadable("a state or Clan in what an attachment must be is not read")
        if _tok(mods, "OR") is not None:
            return [_singular(m).children[0].value for m in words]
        return [m.children[0].value for m in words[:-1]] + [_singular(words[-1]).children[0].value]

    def read_st_no_enlightenment(self, node, data) -> list[Static]:
        """"Does not count towards an Enlightenment Victory": this Ring's element is not among its
        player's for that victory (``enlightenment-victory``)."""
        if data["target"] != "self" or self.kind != "ring":
            raise Unreadable("another card that does not count towards an Enlightenment Victory is not read")
        return [Static.model_validate({**data, "kind": "no_enlightenment"})]

    # ----- Lobby --------------------------------------------------------------------------------------
    def read_st_lobby_bonus(self, node, data) -> list[Static]:
        """"You have a +3 Lobby Bonus"; "You are considered to have +5 Family Honor when Lobbying checks
        Honor" is the same thing in the CR's words (``lobby-bonus``)."""
        self._lobby_word(node, "Lobby", "Lobbying")
        return [Static.model_validate({**data, "kind": "lobby_bonus", "amount": int(_tok(node, "SIGNED").value)})]

    def read_st_lobby_bonus_times(self, node, data) -> list[Static]:
        """"You have a Lobby Bonus of three times Kozan's Personal Honor" (``lobby-bonus``)."""
        self._lobby_word(node, "Lobby")
        value = self.value(Tree("stat_of", [_sub(node, "np_poss"), _sub(node, "statword")]))
        return [Static.model_validate({**data, "kind": "lobby_bonus", "amount": value.model_copy(update={
            "times": _tok(node, "NUMBER").value})})]

    def read_st_lobby_as(self, node, data) -> list[Static]:
        """"Dainagon may Lobby as an Open action": a Lobby that bows him may be taken as an Open action,
        by a player whose turn it is not (``open-actions``, ``permissions``)."""
        words = [t.value for t in _toks(node, "KEYWORD")]
        if words != ["Lobby", "Open"]:
            raise Unreadable("that permission to take an action as another kind is not read")
        kind = _tok(node, "TYPE")
        target = self._this(kind.value) if kind is not None else "self"
        return [Static.model_validate({**data, "target": target, "kind": "permit", "what": "lobby_open"})]

    def read_st_lobby_no_bow(self, node, data) -> list[Static]:
        """"Kozan need not bow to Lobby", "Teshan Lobbies without bowing": the Lobby takes the Imperial
        Favor without bowing him (``lobby``, ``permissions``)."""
        self._lobby_word(node, "Lobby", "Lobbies")
        return [Static.model_validate({**data, "kind": "permit", "what": "lobby_without_bowing"})]

    @staticmethod
    def _lobby_word(node, *words: str) -> None:
        if _tok(node, "KEYWORD").value not in words:
            raise Unreadable(f"'{_tok(node, 'KEYWORD').value}' is not the Lobby action")

    # ----- stat changes -------------------------------------------------------------------------------
    def read_st_stat_alt(self, node, data) -> list[Static]:
        """"This Shugenja has +1F, or +2F if he is Water": the second change while the condition holds,
        else the first (``continuous-traits``)."""
        first, second = [c for c in node.children if isinstance(c, Tree) and c.data == "changes"]
        cond = self.cond(self.cond_child(node))
        return [*self._stat_changes(first, {**data, "while": _and(data.get("while"), _not(cond))}),
                *self._stat_changes(second, {**data, "while": _and(data.get("while"), cond)})]

    def read_st_stat_each_his(self, node, data) -> list[Static]:
        """"Hikarou has +1F for each of his Fire Spells": the number of such cards attached to him
        (``possessive-case``, ``for-each``)."""
        if data["target"] not in ("self", "host"):
            raise Unreadable("'for each of his …' on a group of cards is not read")
        what = _sub(node, "his_what")
        mods, kind = _sub(what, "mods"), _tok(what, "TYPE")
        words = (self._plural_words(mods) if kind is None else [m.children[0].value for m in mods.children
                                                                 if isinstance(m, Tree)]) if mods is not None else []
        count = Filter.model_validate({"type": [kind.value] if kind is not None else [], "keywords": words,
                                       "in_unit": True, "another": True})
        return self._stat_changes(node, {**data, "per": count})

    def read_st_stat_if_he(self, node, data) -> list[Static]:
        """"This Personality, if he is a Shugenja, has +1C while …": the change holds while both the inserted
        condition and the "while" do (``continuous-traits``)."""
        self.last = data["target"]  # "he": the card the trait names first
        cond = self.cond(node.children[3])  # subject COMMA IF cond
        return self._stat_changes(_sub(node, "changes"), {**data, "while": _and(data.get("while"), cond)})

    def _stat_changes(self, node, data: dict) -> list[Static]:
        """A stat change for each of "+1F/+1C" (``bonuses-and-penalties``); ``per``: for each such card."""
        per = data.pop("per", None)
        out = []
        for tok in _toks(node, "STATCHANGE"):
            stat, n = tok.value
            if n == "X" or stat == "family_honor":
                raise Unreadable("that continuous stat change is not read")
            amount = n if per is None else {"count": per.model_dump(exclude_defaults=True), "times": n}
            out.append(Static.model_validate({**data, "kind": "stat", "stat": stat, "amount": amount}))
        return out

    # ----- restrictions -------------------------------------------------------------------------------
    def read_st_restrict_unless(self, node, data) -> list[Static]:
        """"This Personality cannot attack unless he is a Shugenja" (``continuous-traits``)."""
        cond = _not(self.cond(self.cond_child(node)))
        return [Static.model_validate({**data, "kind": "restrict", "what": self.restriction(node),
                                       "while": _and(data.get("while"), cond)})]

    def read_st_restrict_either(self, node, data) -> list[Static]:
        """"Katata cannot attack or defend", "Will not attach cards or issue challenges": a restriction each."""
        return [self.restriction_static(r, data) for r in node.children if isinstance(r, Tree) and r.data.startswith("r_")]

    def read_st_others_cannot_bow(self, node, data) -> list[Static]:
        """"… other players' cards will not bow him": no effect of another player's bows him, while the trait's
        condition holds; his own player's effects still may (``permissions``, ``bowed-and-unbowed``)."""
        if _tok(node, "TYPE").value != "card" or self.last not in ("self", "host"):
            raise Unreadable("that restriction on bowing is not read")
        return [Static.model_validate({**data, "target": self.last, "kind": "restrict", "what": "bows", "by": "other"})]

    # ----- Honor gains and losses ---------------------------------------------------------------------
    def read_st_no_honor_change(self, node, data) -> list[Static]:
        """"You do not lose Honor from your cards", "You cannot gain Honor from Holdings": none of such a loss or
        gain of yours caused by those cards happens, and a change of zero is neither a gain nor a loss
        (``honor-gains-and-losses``). "your Shadowlands Followers and Human Shadowlands Personalities": the
        possessive covers both nouns."""
        what = "no_gains" if _tok(node, "GAIN") is not None else "no_losses"
        out, side = [], "any"
        for sub in (c for c in node.children if isinstance(c, Tree) and c.data in NP):
            if sub.data not in ("phrase", "bare"):
                raise Unreadable("Honor changes from one named card are not read")
            flt = self.filter_of(sub)
            side = side if flt.side == "any" else flt.side
            out.append(Static.model_validate({**data, "kind": "honor_change", "what": what, "player": "you",
                                              "to": flt.model_copy(update={"side": side})}))
        return out

    # ----- what a player may not do -------------------------------------------------------------------
    def read_st_no_actions(self, node, data) -> list[Static]:
        """"You may not take Political Actions" (its player), "Favor actions may not be taken" (everyone):
        actions with that keyword, card abilities and player abilities alike (``permissions``)."""
        by = "you" if _tok(node, "YOU") is not None else None
        return [Static.model_validate({**data, "kind": "restrict", "what": "take_actions", "by": by,
                                       "keywords": [t.value for t in _toks(_sub(node, "act_kinds"), "KEYWORD")]})]

    def read_st_no_play(self, node, data) -> list[Static]:
        """"You may not play other Allegiance cards": no using such a card from the hand or putting it into
        play (``play``, ``permissions``)."""
        return [Static.model_validate({**data, "kind": "restrict", "what": "play", "by": "you",
                                       "to": self._players_cards(node)})]

    def read_st_no_bring(self, node, data) -> list[Static]:
        """"You may not bring Shadowlands cards into play": not by Recruit, Equip or other effects (``permissions``)."""
        return [Static.model_validate({**data, "kind": "restrict", "what": "bring_into_play", "by": "you",
                                       "to": self._players_cards(node)})]

    def _players_cards(self, node) -> Filter:
        sub = _sub(node, *NP)
        if sub.data not in ("phrase", "bare"):
            raise Unreadable("a restriction on one named card is not read")
        flt = self.filter_of(sub)
        if not flt.type and flt.keywords:  # "other Allegiance cards" reads the plural keyword whole
            flt = flt.model_copy(update={"keywords": flt.keywords[:-1] + [_singular(Tree("mod", [Token(
                "KEYWORD", flt.keywords[-1])])).children[0].value]})
        return flt

    def read_st_stat_combat(self, node, data) -> list[Static]:
        """"This Shugenja has +3F during the Combat Segment": only while a battle's Combat Segment goes on
        (``combat-segment``)."""
        return self._stat_changes(_sub(node, "changes"), {**data, "while": _and(data.get("while"),
                                                                                Condition(phase="combat"))})

    # ----- "if … is ever …" ---------------------------------------------------------------------------
    def t_ever_state(self, tree) -> TriggerSpec:
        """"If this Personality is ever attacking, destroy this Follower": the effects happen each time the state
        begins to hold, not while it holds (``indefinite-conditional-effects``)."""
        node = _sub(tree, "ever_is", "ever_in_army_with")
        if node.data == "ever_is":
            cond = self.c_card_is(node)
        else:
            first, other = [c for c in node.children if isinstance(c, Tree)]
            if self.np(first) != "self":
                raise Unreadable("another card being in an army with … is not read")
            cond = self.c_in_army_with(Tree("in_army_with", [other]))
        effects = self.sentence_effects(tree)
        return TriggerSpec.model_validate({"when": "after", "event": "becomes", "condition": cond,
                                           "targets": self.targets, "do": effects})

    # ----- how often an ability may be used ---------------------------------------------------------
    def read_st_extra_uses(self, node, data) -> list[Static]:
        """"You may use your Stronghold's abilities twice per turn" (two uses in all, however many such traits),
        "… this Holding's printed ability one additional time per turn for each of your Markets in play" (one more
        use for each, counted when it is used): while the trait holds (``restrictions-on-number-of-times``)."""
        whose = _sub(node, "uses_whose")
        target = "self" if _tok(whose, "THIS") is not None else AllRef(
            all=Filter(type=[_tok(whose, "TYPES").value], side="your"))
        more = _sub(node, "uses_more").children[0]
        each = _sub(node, "uses_each")
        if more.type == "NUMBER" and (each is not None or str(more.value) != "2"):
            raise Unreadable("a number of uses per turn other than 'twice' is not read")
        data = {**data, "kind": "extra_use", "target": target, "what": "printed" if _tok(node, "PRINTED") else None}
        if more.type == "NUMBER":
            return [Static.model_validate({**data, "minimum": 2})]
        if each is None:
            return [Static.model_validate({**data, "amount": 1})]
        mods = [m.children[0] for m in _sub(each, "mods").children if isinstance(m, Tree)]
        if any(t.type != "KEYWORD" for t in mods):
            raise Unreadable("counting cards named other than by their keywords is not read")
        keywords = [_singular(Tree("mod", [t])).children[0].value for t in mods]
        return [Static.model_validate({**data, "amount": {"count": {"keywords": keywords, "side": "your"}}})]

    def read_st_extra_use_actions(self, node, data) -> list[Static]:
        """"You may take Favor Battle actions one additional time per turn": each of your abilities with those
        keywords, the rulebook's among them, may be used once more when taken as a Battle action
        (``restrictions-on-number-of-times``, ``player-abilities-and-traits``)."""
        if data["target"] != "self":
            raise Unreadable("more uses of actions for a group of cards is not read")
        return [Static.model_validate({**data, "kind": "extra_use", "amount": 1, "designators": ["battle"],
                                       "keywords": [t.value for t in _toks(_sub(node, "act_kinds"), "KEYWORD")]})]

    def read_st_play_limit(self, node, data) -> list[Static]:
        """"You may only play one Escalating Violence per battle": a card of this title may not be played once its
        player has played that many this turn or battle, those played before counting
        (``restrictions-on-number-of-times``); the card's own trait, so it works from the hand
        (``continuous-traits``)."""
        if data["target"] != "self" or data.get("while") is not None:
            raise Unreadable("a limit on playing other cards is not read")
        return [Static.model_validate({**data, "kind": "play_limit", "amount": int(_tok(node, "NUMBER").value),
                                       "what": _sub(node, "play_per").children[0].value})]

    def s_once_per_effects(self, tree: Tree, index: int) -> None:
        """"Limited: Once per game, put …", "Battle: Once per battle, move home …": the ability may be used once in
        that time, besides once per turn; the phrase is about the ability, so it holds at all times
        (``restrictions-on-number-of-times``, ``order-of-effects`` exception 2)."""
        if index != 0 or not self.designators:
            raise Unreadable("'once per …' other than at the start of an ability is not read")
        self.once_per = _sub(tree, "once_limit").children[0].value
        self.effects += self.sentence_effects(tree)

    # ----- Tactical Advantage changed by a card -------------------------------------------------------------
    @staticmethod
    def _rulebook_ability(node) -> str:
        """The player ability a trait names by its keywords: "the rulebook Tactical Advantage action"
        (``tactical-advantage``), "Mizuki's Reserve may be used as Absent …", Reserve being an Absent action
        already (``reserve``)."""
        words = tuple(t.value for t in _toks(node, "KEYWORD"))
        if words == ("Tactical", "Advantage"):
            return "tactical_advantage"
        if words in (("Reserve",), ("Reserve", "Absent")):
            return "reserve"
        raise Unreadable("a change to that rulebook ability is not read")

    def read_st_rulebook_bonus(self, node, data) -> list[Static]:
        """"Kano's Force bonuses from the rulebook Tactical Advantage action are increased by 2": the Force
        bonus his Tactical Advantage gives him is the Focus Value of the discarded card plus 2; "… if he has a
        Tessen": while he does (``tactical-advantage``, ``bonuses-and-penalties``)."""
        return [Static.model_validate({**data, "kind": "rulebook_bonus", "what": self._rulebook_ability(node),
                                       "stat": "force", "amount": int(_tok(node, "NUMBER").value)})]

    def read_st_rulebook_as(self, node, data) -> list[Static]:
        """"Ayumu's rulebook Tactical Advantage ability is a Battle/Open action for Ayumu", an Item's "You may use
        this Personality's Tactical Advantage ability as an Engage", "Mizuki's Reserve may be used as Absent
        Battle/Engage": that player ability may also be taken in that kind of action round for this card
        (``permissions``, ``tactical-advantage``, ``reserve``)."""
        words = [w.children[0].value.lower() for w in _sub(node, "desig_words").children if isinstance(w, Tree)]
        if any(w not in ("battle", "open", "engage") for w in words):
            raise Unreadable("that player ability as that kind of action is not read")
        kind = _tok(node, "TYPES")
        target = self._this(kind.value) if kind is not None else "self"
        return [Static.model_validate({**data, "target": target, "kind": "permit", "what": self._rulebook_ability(node),
                                       "designators": words})]

    def read_st_ability_designators(self, node, data) -> list[Static]:
        """"This card's ability is Battle/Open if you are a Unicorn Clan player", "While you control a Courtier, The
        Sorrow's printed ability is Battle/Limited": the card's ability may be taken with either designator while
        the condition holds (``abilities``: a dual designator, ``permissions``)."""
        kind = _tok(node, "TYPES")
        if kind is not None and kind.value not in (self.kind, "card"):
            raise Unreadable("the ability of a card other than this one is not read")
        words = [w.children[0].value.lower() for w in _sub(node, "desig_words").children if isinstance(w, Tree)]
        if any(w not in ("battle", "open", "engage", "limited") for w in words):
            raise Unreadable("an ability with that designator is not read")
        return [Static.model_validate({**data, "kind": "permit", "what": "designators", "designators": words})]

    def read_st_attach_free(self, node, data) -> list[Static]:
        """"Attaches to Kataoka ignoring costs": Equipped to the Personality of that title, its Gold Cost is no longer a
        cost of the Equip (``ignore``, ``equip``); the one word after "to" is his title, as "Equips to Akodo Kano"
        names Akodo Kano (``references``)."""
        sub = _sub(node, *NP)
        head = _sub(sub, "keyworded") if sub.data == "bare" and len(sub.children) == 1 else None
        words = [m.children[0] for m in _sub(head, "mods").children if isinstance(m, Tree)] if head is not None else []
        if not words or any(t.type != "KEYWORD" for t in words):
            raise Unreadable("attaching free to that card is not read")
        return [Static.model_validate({**data, "kind": "cost", "stat": "gold_cost", "amount": -1000,
                                       "what": "equip", "to": Filter(title=" ".join(t.value for t in words))})]
