"""Effects of card text: each grammar rule of an effect (``act``) read into registry effects.

A mixin of ``SentenceReader``: the methods use its noun phrases (``np``), amounts and
pronoun state.  A new effect is a grammar alternative (``-> name``) and an ``e_name``
method here returning one effect or a list.
"""
from __future__ import annotations

from lark import Token, Tree

from .abilities import TargetSpec
from .cardlexer import ClanName
from .cardtree import AMOUNTS, ATTACKS, CREATED, DESIGNATORS, NP, Unreadable, _name_words, _not, _sub, _tok, _toks
from .registry import Effect
from .structures import ActionTest, Amount, Condition, Filter


class EffectReaders:
    def _card_verb(self, name: str, node: Tree) -> Effect:
        return Effect.model_validate({name: {"target": self.np(_sub(node, *NP))}})

    def e_bow(self, node):
        return self._card_verb("bow", node)

    def e_straighten(self, node):
        return self._card_verb("straighten", node)

    def e_destroy(self, node):
        return self._card_verb("destroy", node)

    def e_discard(self, node):
        """"Discard a Kiho to …": an indefinite card with no place named is one from your hand, as "Discard a card"
        is (discard); cards in play are destroyed, not discarded."""
        phrase = _sub(node, *NP)
        parts = [c for c in phrase.children if isinstance(c, Tree)]
        if phrase.data == "phrase" and [c.data for c in parts] in (["det", "keyworded"], ["det", "typed"]) \
                and str(parts[0].children[0]).lower() in ("a", "an"):
            self.discarded = True
            self.last = "discarded"
            return Effect.model_validate({"discard_cards": {"count": 1, "filter": self.filter_of(phrase)}})
        return self._card_verb("discard", node)

    def e_dishonor(self, node):
        return self._card_verb("dishonor", node)

    def e_rehonor(self, node):
        return self._card_verb("rehonor", node)

    def e_move_home(self, node):
        return self._card_verb("move_home", node)

    def e_move_here(self, node):
        return Effect.model_validate({"move_to": {"target": self.np(_sub(node, *NP)), "to": "here"}})

    def e_remove(self, node):
        return self._card_verb("remove", node)

    def e_put_into_play(self, node):
        return Effect.model_validate({"put_into_play": {"target": self.np(_sub(node, *NP))}})

    def e_put_into_play_here(self, node):
        return Effect.model_validate({"put_into_play": {"target": self.np(_sub(node, *NP)), "at": "here"}})

    def e_return_to_hand(self, node):
        return Effect.model_validate({"to_hand": {"target": self.np(_sub(node, *NP))}})

    def e_put_on_deck(self, node):
        return Effect.model_validate({"to_deck": {"target": self.np(_sub(node, *NP)), "where": "top"}})

    def e_shuffle_into_deck(self, node):
        return Effect.model_validate({"to_deck": {"target": self.np(_sub(node, *NP)), "where": "shuffle"}})

    def e_discard_card(self, node):
        self.discarded = True
        self.last = "discarded"
        return Effect.model_validate({"discard_cards": {"count": 1}})

    def e_discard_cards(self, node):
        self.discarded = True
        self.last = "discarded"
        if _tok(node, "TYPE").value != "card":
            raise Unreadable("discarding a number of cards of one type is not read")
        return Effect.model_validate({"discard_cards": {"count": int(_tok(node, "NUMBER").value)}})

    def e_stat_gets(self, node):
        return self._changes(self.np(_sub(node, *NP)), _sub(node, "changes"))

    def e_stat_give(self, node):
        return self._changes(self.np(_sub(node, *NP)), _sub(node, "changes"))

    def _changes(self, ref, node: Tree) -> list[Effect]:
        out = []
        for tok in _toks(node, "STATCHANGE"):
            stat, n = tok.value
            if n == "X":
                raise Unreadable("a change of X with no X defined")
            if stat in ("honor_requirement", "family_honor"):
                raise Unreadable(f"a {stat.replace('_', ' ')} change on a card is not read")
            out.append(Effect.model_validate({stat: {"target": ref, "amount": n}}))
        return out

    def e_stat_give_alt(self, node):
        ref = self.np(_sub(node, *NP))
        first, second = [c for c in node.children if isinstance(c, Tree) and c.data == "changes"]
        cond = self.cond(self.cond_child(node))
        return ([e.model_copy(update={"condition": _not(cond)}) for e in self._changes(ref, first)]
                + [e.model_copy(update={"condition": cond}) for e in self._changes(ref, second)])

    def e_stat_give_each(self, node):
        ref_node, each_node = [c for c in node.children if isinstance(c, Tree) and c.data in NP]
        ref = self.np(ref_node)
        stat, n = _tok(node, "STATCHANGE").value
        if n == "X" or stat not in ("force", "chi", "personal_honor"):
            raise Unreadable("that change for each card is not read")
        if each_node.data not in ("phrase", "bare"):
            raise Unreadable("'for each' naming one card is not read")
        return Effect.model_validate({stat: {"target": ref, "amount": Amount(count=self.filter_of(each_node), times=n)}})

    def e_stat_bonus(self, node):
        ref = self.np(_sub(node, *NP))
        stat = self.statword(_sub(node, "statword"))
        sign = -1 if _tok(_sub(node, "bonus_word"), "PENALTY") is not None else 1
        value = self.amount(_sub(node, *AMOUNTS))
        if sign < 0:
            value = -value if isinstance(value, int) else value.negated()
        return Effect.model_validate({stat: {"target": ref, "amount": value}})

    def e_missing(self, node):
        raise Unreadable("a bonus or penalty with no amount")

    def e_give_keyword(self, node):
        ref = self.np(_sub(node, *NP))
        return Effect.model_validate({"keyword": {"target": ref, "add": self.kwlist(_sub(node, "kwlist"))}})

    e_give_keyword_s = e_give_keyword

    def e_give_tokens(self, node):
        ref = self.np(_sub(node, *NP))
        tok = _sub(node, "stat_token", "kw_token")
        count = _tok(tok, "NUMBER")
        n = int(count.value) if count is not None else 1
        if tok.data == "kw_token":
            return Effect.model_validate({"tokens": {"target": ref, "name": _tok(tok, "KEYWORD").value, "count": n}})
        out = []
        for change in _toks(_sub(tok, "changes"), "STATCHANGE"):
            stat, value = change.value
            if value == "X" or stat not in ("force", "chi", "personal_honor", "gold_production"):
                raise Unreadable("a token of that kind is not read")
            out.append(Effect.model_validate({"tokens": {"target": ref, "name": stat, "count": n * value}}))
        return out

    def e_gain_honor(self, node):
        return Effect.model_validate({"gain_honor": {"player": self.who(node), "amount": self.amount(
            _sub(node, *AMOUNTS))}})

    def e_lose_honor(self, node):
        return Effect.model_validate({"lose_honor": {"player": self.who(node), "amount": self.amount(
            _sub(node, *AMOUNTS))}})

    def e_gain_or_lose(self, node):
        who, n = self.who(node), self.amount(_sub(node, *AMOUNTS))
        return Effect.model_validate({"choose": {"options": [
            {"word": "gain", "do": [{"gain_honor": {"player": who, "amount": n}}]},
            {"word": "lose", "do": [{"lose_honor": {"player": who, "amount": n}}]}]}})

    def e_draw_one(self, node):
        return Effect.model_validate({"draw": {"player": self.who(node), "amount": 1}})

    def e_draw_n(self, node):
        if _tok(node, "TYPE").value != "card":
            raise Unreadable("drawing cards of one type is not read")
        return Effect.model_validate({"draw": {"player": self.who(node), "amount": int(_tok(node, "NUMBER").value)}})

    def _attack(self, name: str, node: Tree) -> Effect:
        amount_node = _sub(node, *AMOUNTS)
        self.attack_amount = True  # "…, +1 if the target is Shadowlands": the Attack's own target, chosen next
        try:
            value = self.amount(amount_node) if amount_node is not None else int(_tok(node, "NUMBER").value)
        finally:
            self.attack_amount = False
        self.targets.append(TargetSpec(filter=Filter(type=["personality", "follower"], side="enemy"), at=self.index,
                                       attack=name.split("_")[0]))
        self.last = len(self.targets)
        return Effect.model_validate({name: {"target": self.last, "amount": value}})

    def e_ranged(self, node):
        return self._attack("ranged_attack", node)

    def e_melee(self, node):
        return self._attack("melee_attack", node)

    def e_fear(self, node):
        return self._attack("fear", node)

    def e_create(self, node):
        data = self._created(node)
        self.last = CREATED
        return Effect.model_validate({"create": data})

    def e_create_attached(self, node):
        data = self._created(node)
        if data["type"] not in ("follower", "item"):
            raise Unreadable("only Followers and Items are created attached")
        data["attach_to"] = self.np(_sub(node, *NP))
        return Effect.model_validate({"create": data})

    def _created(self, node) -> dict:
        kind = _tok(node, "TYPE").value
        if kind not in ("personality", "follower", "item", "holding"):
            raise Unreadable(f"creating a {kind} is not read")
        self.created_kind = kind
        # keywords are separated only by bullets: "Ivory Champion" is one (keywords); "Lion Clan • Ancestor" the
        # Clan keyword ("Lion Clan"), while a bare "Badger" is a keyword of its own; "a 0F Follower": none
        names = _sub(node, "kwbullets")
        data: dict = {"type": kind, "keywords": [
            " ".join(f"{t.value} Clan" if isinstance(t.value, ClanName) else t.value for t in name.children)
            for name in (names.children if names is not None else []) if isinstance(name, Tree)]}
        line = _sub(node, "statline")
        for tok in _toks(line, "STATLINE") if line is not None else []:
            stat, n = tok.value
            data[{"force": "force", "chi": "chi", "personal_honor": "ph"}[stat]] = n
        return data

    def e_no_abilities(self, node):
        return Effect.model_validate({"restrict": {"target": self.poss(_sub(node, "np_poss")), "what": "actions"}})

    def e_straighten_or_bow(self, node):
        ref = self.np(_sub(node, *NP))
        return Effect.model_validate({"choose": {"options": [
            {"word": "straighten", "do": [{"straighten": {"target": ref}}]},
            {"word": "bow", "do": [{"bow": {"target": ref}}]}]}})

    def e_stat_bonus_choice(self, node):
        ref = self.np(_sub(node, *NP))
        stats = [self.statword(c) for c in node.children if isinstance(c, Tree) and c.data == "statword"]
        value = self.amount(_sub(node, *AMOUNTS))
        if _tok(_sub(node, "bonus_word"), "PENALTY") is not None:
            value = -value if isinstance(value, int) else value.negated()
        return Effect.model_validate({"choose": {"options": [
            {"word": stat, "do": [{stat: {"target": ref, "amount": value}}]} for stat in stats]}})

    def e_take_favor(self, node):
        return Effect.model_validate({"take_favor": {}})

    def e_discard_favor(self, node):
        return Effect.model_validate({"discard_favor": {}})

    def e_negate_action(self, node):
        return Effect.model_validate({"negate_action": {}})

    def e_negate_action_of(self, node):
        """"Negate the effects of a Battle or Engage action"; "… of a Favor action": an action with that keyword
        (``negate-an-action``). ``action_named``: the action "its" refers to next ("its player")."""
        words = [str(d.children[0].value) for d in node.children if isinstance(d, Tree) and d.data == "desig"]
        kinds = [w.lower() for w in words if w.lower() in DESIGNATORS]
        keywords = [w for w in words if w.lower() not in DESIGNATORS]
        if keywords and len(words) > 1:
            raise Unreadable("an action of one of several kinds, keywords among them, is not read")
        effect = Effect.model_validate({"negate_action": {"designators": kinds}})
        if keywords:
            effect = effect.model_copy(update={"condition": Condition(action=ActionTest(keywords=keywords))})
        self.action_named = effect
        return effect

    def e_province_choice(self, node):
        a, b = (int(t.value) for t in _toks(node, "SIGNED"))
        return Effect.model_validate({"choose": {"options": [
            {"word": f"{a:+d}", "do": [{"province_strength": {"target": "here", "amount": a}}]},
            {"word": f"{b:+d}", "do": [{"province_strength": {"target": "here", "amount": b}}]}]}})

    def e_province_give(self, node):
        return Effect.model_validate({"province_strength": {"target": "here", "amount": int(_tok(node, "SIGNED").value)}})

    def e_negate_action_kinds(self, node):
        kinds = [ATTACKS[a.children[0].type] for a in _sub(node, "attack_kinds").children if isinstance(a, Tree)]
        return Effect.model_validate({"negate_action": {"only": list(dict.fromkeys(kinds))}})

    def e_negate_traits(self, node):
        return Effect.model_validate({"negate": {"target": self.poss(_sub(node, "np_poss"))}})

    def _negate_mods(self, node, which: str, ref) -> Effect:
        stat_node = _sub(node, "statword")
        stat = self.statword(stat_node) if stat_node is not None else "force"
        return Effect.model_validate({"negate_modifiers": {"target": ref, "stat": stat, "which": which}})

    def e_negate_penalties(self, node):
        return self._negate_mods(node, "penalties", self.poss(_sub(node, "np_poss")))

    def e_negate_bonuses(self, node):
        return self._negate_mods(node, "bonuses", self.poss(_sub(node, "np_poss")))

    def e_negate_penalties_on(self, node):
        return self._negate_mods(node, "penalties", self.np(_sub(node, *NP)))

    def e_negate_bonuses_on(self, node):
        return self._negate_mods(node, "bonuses", self.np(_sub(node, *NP)))

    def e_passive_state(self, node):
        state = _tok(node, "STATE").value
        verb = {"bowed": "bow", "dishonorable": "dishonor"}.get(state)
        if verb is None:
            raise Unreadable(f"'is {state}' is not an effect")
        return self._card_verb(verb, node)

    def e_challenge(self, node):
        nps = [c for c in node.children if isinstance(c, Tree)]
        challenger = self.np(nps[0])
        challenged = self.np(nps[1])
        self.duel_at = len(self.effects)
        return Effect.model_validate({"duel": {"challenger": challenger, "challenged": challenged}})

    def e_additional_action(self, node):
        return Effect.model_validate({"additional_action": {}})

    # ----- searching and showing ----------------------------------------------------------------
    def e_search(self, node):
        """"Search your discard pile, then Fate deck, for a Ring": the areas in the order given
        (``search``); "it" after it is the card found."""
        areas = _areas(node)
        flt = self.searched(_sub(node, *NP))
        self.last = "found"
        return Effect.model_validate({"search": {"areas": areas, "filter": flt}})

    def e_search_any(self, node):
        """"Search your Fate deck for a card": any card of it."""
        areas = _areas(node)
        self.last = "found"
        return Effect.model_validate({"search": {"areas": areas}})

    def searched(self, node: Tree) -> Filter:
        """What a search looks for: a kind of card ("a non-Unique Battle Strategy") or a title."""
        if node.data == "titled":
            return Filter(title=node.children[0].value)
        if node.data == "own_title" and all(_tok(d, "TARGET") is None for d in node.children if isinstance(d, Tree)):
            # "Search your deck for a Stockpiled Weapon", "… for another Enslaved Djinn": the card's own title after
            # "a" names any card with that title (``references``); the searched areas never hold this card itself
            return Filter(title=self.names[0])
        name = _name_words(node) or (_one_name(node) if node.data in ("bare", "phrase") else None)
        if name:
            return Filter(title=name)
        if node.data not in ("phrase", "bare"):
            raise Unreadable("a search for a card named before is not read")
        flt = self.filter_of(node)
        if flt.side != "any" or flt.another:
            raise Unreadable("a search for another player's card is not read")
        return _designated(flt)

    def e_show(self, node):
        ref = self.np(_sub(node, *NP))
        if ref != "found":
            raise Unreadable("showing a card other than the one searched for is not read")
        return Effect.model_validate({"show": {"target": ref}})


SEARCH_AREAS = {"FATEDECK": "fate_deck", "DYNASTYDECK": "dynasty_deck", "DECK": "fate_deck", "DISCARDPILE": "discard",
                "HAND": "hand"}
DESIGNATOR_WORDS = {"Battle": "battle", "Open": "open", "Limited": "limited", "Engage": "engage"}


def _areas(node: Tree) -> list[str]:
    areas = [_area(a) for a in _sub(node, "search_areas").children if isinstance(a, Tree)]
    if len(set(areas)) != len(areas):
        raise Unreadable("a search naming one area twice is not read")
    return areas


def _area(node: Tree) -> str:
    """"Fate deck", "your deck" (the Fate deck: its cards go to a hand), "Dynasty discard pile"."""
    kinds = [t for t in node.children if isinstance(t, Token)]
    if kinds[0].type == "KEYWORD":
        if kinds[0].value == "Dynasty" and kinds[1].type == "DECK":
            return "dynasty_deck"
        if kinds[0].value not in ("Fate", "Dynasty"):
            raise Unreadable(f"searching a '{kinds[0].value}' pile is not read")
        return SEARCH_AREAS[kinds[1].type]
    return SEARCH_AREAS[kinds[0].type]


def _designated(flt: Filter) -> Filter:
    """"a Battle Strategy" is a Strategy with a Battle action (``battle-actions``), not a keyword."""
    found = [k for k in flt.keywords if k in DESIGNATOR_WORDS]
    if not found:
        return flt
    if len(found) > 1 or flt.type != ["strategy"]:
        raise Unreadable("a designator naming a card other than a Strategy is not read")
    return flt.model_copy(update={"keywords": [k for k in flt.keywords if k not in DESIGNATOR_WORDS],
                                  "designator": DESIGNATOR_WORDS[found[0]]})


def _one_name(node: Tree) -> str | None:
    """"for Zaiko", "for a Young Battlecat": capitalised words and no card type name a title — one word
    with no article, or several; "for a Terrain" is a keyword."""
    head = _sub(node, "keyworded")
    if head is None or any(isinstance(c, Tree) and c.data not in ("det", "keyworded") for c in node.children):
        return None
    mods = [m.children[0] for m in _sub(head, "mods").children if isinstance(m, Tree)]
    if not mods or any(t.type not in ("KEYWORD", "CLAN") for t in mods) or _tok(_sub(head, "mods"), "OR") is not None:
        return None  # "for a Market or Port": either keyword, not a title
    if len(mods) == 1 and _sub(node, "det") is not None:
        return None
    return " ".join(str(t.value) for t in mods)
