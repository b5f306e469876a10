"""Units, armies, battlefields and movement: "straighten his unit", "a target Personality's
unit" (``unit``), "Bow his unit as he moves" (``move``, ``independence-of-effects``).

A unit is a Personality and the cards attached to him; things that affect a unit affect
every card in it, while targeting a unit targets its Personality (``unit``).
"""
from __future__ import annotations

from functools import lru_cache

from lark import Token, Tree

from ..cardtree import ATTACHMENTS, CARD_NAMED, NP, OPPOSED_HERE, Unreadable, _and, _sub, _tok, _toks
from ..abilities import Static, TriggerSpec, target_refs
from ..registry import REGISTRY, Effect
from ..structures import Amount, Condition, Filter, UnitOf

WORDS = {"adjacent": "ADJACENT", "unresolved": "UNRESOLVED", "different": "DIFFERENT", "where": "WHERE",
         "assigned": "ASSIGNED", "here": "HERE", "lowest": "LOWEST", "whose": "WHOSE", "total": "TOTAL",
         "switch": "SWITCH", "locations": "LOCATION", "assign": "ASSIGN", "assigns": "ASSIGN", "even": "EVEN"}  # "highest": the actions area's
# Errata in parentheses that say where a target may be ("one of your other units (at any location)").
PHRASES = {"( at any location )": ("ANYWHERE", "any"), "( at the current battlefield )": ("HERE", "here"),
           ", and another of your": ("ALSOANOTHER", "your"), "his or her unit": ("HISUNIT", "his"),
           ", who must be": ("WHOMUSTBE", "who"), "and opposed": ("ANDOPPOSED", "opposed"),
           "and himself": ("ANDHIMSELF", "himself"),
           "clan champion": ("KEYWORD", "Clan Champion")}  # a keyword of two words (keywords)

NP_KINDS = ("poss_unit", "their_units")
CLAUSE_KINDS = ("as_moves", "as_moves_lead", "either", "either_if", "stronger_each")
STATIC_KINDS = ("st_no_move_here", "st_no_move_unopposed", "st_not_moved_by", "st_untargetable_from_units")

# What "his unit" may belong to: a chosen target, this card, its Personality, the trigger's card, a duel's side.
UNIT_LEADERS = ("self", "host", "it", "winner", "loser")
MOVES = ("move_home", "move_to")
ATTACHMENT_KINDS = ("follower", "item", "spell", "attachment")
MOVING = MOVES + ("switch",)  # what "as he moves", "after they move" may follow
OPPOSED = "would_be_opposed"


class Readers:
    # ----- units ------------------------------------------------------------------------------------
    def np_his_unit(self, node: Tree) -> UnitOf:
        """"his unit" (the last card named, ``possessive-case``) or "this unit" (this card's)."""
        if _tok(node, "HISUNIT").value == "this":
            return UnitOf(unit_of="self")
        return self._unit_of(self.last if self.last is not None else "self")

    def np_poss_unit(self, node: Tree) -> UnitOf:
        """"a target Personality's unit", "the target's unit": every card of that card's unit."""
        if _tok(node, "TYPE").value != "unit":
            raise Unreadable("a possessive naming a card of another card is not read")
        owner = Tree("np_poss", node.children[:-1])  # the possessive before "unit"
        return self._unit_of(self.poss(owner))

    @staticmethod
    def _unit_of(ref) -> UnitOf:
        if not isinstance(ref, int) and ref not in UNIT_LEADERS:
            raise Unreadable("the unit of a card not in play is not read")
        return UnitOf(unit_of=ref)

    # ----- moving ---------------------------------------------------------------------------------
    def e_move_to_own(self, node: Tree) -> Effect:
        """"Move your target Shugenja at any location to Kiyomichi's battlefield": where this card's unit is."""
        place = "own_location" if _tok(node, "LOCATION") is not None else "own_battlefield"
        return Effect.model_validate({"move_to": {"target": self.np(_sub(node, *NP)), "to": place}})

    def e_move_home_and_self(self, node: Tree) -> Effect:
        """"Bow this Shugenja to move home a target attacking Personality and himself": both units go home;
        "himself" is the Personality the sentence named before, this card or the one it is attached to
        (``references``, ``move``)."""
        himself = self.person
        if himself not in ("self", "host"):
            raise Unreadable("'and himself' naming a Personality other than this card's is not read")
        ref = self.np(_sub(node, *NP))
        if not isinstance(ref, int):
            raise Unreadable("'move home … and himself' naming other than a target is not read")
        self.person = himself
        return Effect.model_validate({"move_home": {"target": [ref, himself]}})

    def e_move_to_chosen(self, node: Tree) -> Effect:
        """"Move a target Personality to an unresolved battlefield where he would be opposed", "to an
        adjacent battlefield", "to another location": the player chooses where (``battlefields``,
        ``choices``); "from the current battlefield" only if he is there."""
        ref = self.np(_sub(node, *NP))
        data: dict = {"move_to": {"target": ref, "to": self._where(node)}}
        if _tok(node, "HEREPLACE") is not None:
            data["if"] = {"card": ref, "is": ["in_battle"]}
        return Effect.model_validate(data)

    @staticmethod
    def _where(node: Tree) -> dict:
        """Which locations the player may choose from (``battlefields``)."""
        kinds = {t.type for k in node.children if isinstance(k, Tree) and k.data == "bf_kind" for t in k.children}
        opposed = _sub(node, "where_opposed")
        if opposed is not None and _tok(opposed, "STATE").value != "opposed":
            raise Unreadable("'where he would be unopposed' is not read")
        where = {"unresolved": "UNRESOLVED" in kinds, "adjacent": "ADJACENT" in kinds, "opposed": opposed is not None,
                 "home": _tok(node, "LOCATION") is not None}
        if not any(where.values()) and _tok(node, "ANOTHER") is None and not kinds:
            raise Unreadable("'to a battlefield' of any kind is not read")
        return where

    def read_st_untargetable_from_units(self, node: Tree, data: dict) -> list[Static]:
        """"Actions from cards in other players' units may not target Onchi": no action of a Personality or an
        attachment another player controls in play may target him; a Holding's, a Strategy's or the rulebook's
        still may, and a trait's targeting is no action's (``permissions``, ``unit``)."""
        if [t.value for t in _toks(node, "TYPE")] != ["card", "unit"] or _tok(node, "ACTION_WORD").value != "actions":
            raise Unreadable("actions from other than cards in units are not read")
        source = Filter(type=["personality", "attachment"], side="other")
        return [Static.model_validate({**data, "kind": "restrict", "what": "be_targeted", "from": source,
                                       "target": self.attacked(_sub(node, "attacked"))})]

    # ----- alternatives ------------------------------------------------------------------------------
    def clause_either(self, node: Tree, index: int) -> list[Effect]:
        """"Move him to an adjacent, unresolved battlefield or move him home", "Either move him … or
        destroy a Terrain": the player takes one of the two (``choices``)."""
        return self._either(node, index, None)

    def clause_either_if(self, node: Tree, index: int) -> list[Effect]:
        """"Move Kinto home or, if he would be opposed, to the current battlefield": the second only
        if the condition holds when it is chosen (``choices``)."""
        return self._either(node, index, self.cond_child(node))

    def _either(self, node: Tree, index: int, cond_node: Tree | None) -> list[Effect]:
        parts = [c for c in node.children if isinstance(c, Tree) and c is not cond_node]
        named = len(self.targets)
        first = self.act(parts[0], index)
        split = len(self.targets)
        second = self._destination(parts[-1], first) if parts[-1].data in ("to_here", "to_chosen") \
            else self.act(parts[-1], index)
        words = [_option_word(first), _option_word(second)]
        if words[0] == words[1]:
            raise Unreadable("two alternatives of the same kind are not read")
        if any(target_refs(e) & set(range(named + 1, split + 1)) for e in second):
            raise Unreadable("an alternative naming a card the other one targets is not read")
        self._own_targets(named, split, words)
        if cond_node is not None:
            cond = self.cond(cond_node)
            if not self._opposed_own_target(cond, split):
                second = [e.model_copy(update={"condition": _and(e.condition, cond)}) for e in second]
        return [Effect.model_validate({"choose": {"options": [
            {"word": w, "do": [e.model_dump() for e in do]} for w, do in zip(words, (first, second))]}})]

    def _own_targets(self, named: int, split: int, words: list[str]) -> None:
        """Each option's own targets ("Move your target Personality home or … move your target
        Personality at any location …") are chosen only for the option taken, which the player
        chooses before them and keeps (``choice-paradoxes``)."""
        for k in range(named, len(self.targets)):
            self.targets[k] = self.targets[k].model_copy(update={"option": words[k >= split]})

    def _opposed_own_target(self, cond: Condition, split: int) -> bool:
        """"… or, if he would be opposed, move your target Personality at any location to the current
        battlefield": he is the target that option names next, so the condition constrains whom it
        may target (``targeting-paradoxes``, ``opposed``)."""
        k = cond.card
        if not isinstance(k, int) or k <= split or cond != Condition.model_validate({"card": k, "is": [OPPOSED]}):
            return False
        spec = self.targets[k - 1]
        flt = spec.filter.model_copy(update={"state": [*spec.filter.state, OPPOSED]})
        self.targets[k - 1] = spec.model_copy(update={"filter": flt})
        return True

    def _destination(self, node: Tree, first: list[Effect]) -> list[Effect]:
        """"… home or to the current battlefield": the same card moves elsewhere."""
        if len(first) != 1 or first[0].name not in MOVES:
            raise Unreadable("'or to …' after something other than a move is not read")
        if node.data == "to_here":
            to: object = "here"
        else:
            to = self._where(node)
        return [Effect.model_validate({"move_to": {"target": first[0].args.target, "to": to}})]

    def s_after_moves(self, tree: Tree, i: int) -> None:
        """"After he moves, straighten him": the effect depends on the move just before it and follows
        it (``independence-of-effects``: effects linked by "after")."""
        sub = _sub(tree, *NP)
        mover = self._switched() if _tok(sub, "THEY") is not None else self.np(sub)
        if not self.effects or self.effects[-1].name not in MOVING or self.effects[-1].args.target != mover:
            raise Unreadable("'After he moves' with no move of him just before it is not read")
        effects = self.sentence_effects(tree)
        if not all(e.needs_previous for e in effects[1:]):  # "you may discard a card to make …" is one chain
            raise Unreadable("several effects after a move are not read")
        self.effects += [effects[0].model_copy(update={"needs_previous": True})] + effects[1:]

    # ----- where units may not move ------------------------------------------------------------------
    def read_st_no_move_here(self, node: Tree, data: dict) -> list[Static]:
        """"Personalities cannot move to or from this battlefield" (``move``, ``permissions``)."""
        return [Static.model_validate({**data, "kind": "restrict", "what": what})
                for what in ("moves_to_here", "moves_from_here")]

    def read_st_no_move_unopposed(self, node: Tree, data: dict) -> list[Static]:
        """"Your Personalities will not move to battlefields without enemy units", "Kyuji may only move
        to a battlefield if any enemy units are there": not where they would be unopposed (``opposed``)."""
        if _tok(node, "TYPE").value != "unit":
            raise Unreadable("'without enemy …' other than units is not read")
        return [Static.model_validate({**data, "kind": "restrict", "what": "moves_unopposed"})]

    def read_st_not_moved_by(self, node: Tree, data: dict) -> list[Static]:
        """"Card effects will not move this Personality": no effect from a card moves him; the rulebook's
        Cavalry and Favor abilities are not card effects and still may (``cavalry``, ``permissions``).
        "Actions cannot move this Personality": no action's effect, those abilities included; a trait's may."""
        if _tok(node, "ACTION_WORD") is not None:
            return [Static.model_validate({**data, "kind": "restrict", "what": "moves_by_actions"})]
        if _tok(node, "TYPE").value != "card":
            raise Unreadable("'… effects will not move' other than card effects is not read")
        return [Static.model_validate({**data, "kind": "restrict", "what": "moves_by_card_effects"})]

    def e_cannot_move(self, node: Tree) -> Effect:
        """"A target Personality at any location will not move this turn" (``permissions``)."""
        chosen = self.phrase(Tree("phrase", [c for c in node.children if isinstance(c, Tree)]))
        return Effect.model_validate({"restrict": {"target": chosen, "what": "moves"}})

    def c_would_be_there(self, node: Tree) -> Condition:
        """"if it would be opposed there": at the battlefield the sentence names, the current one."""
        return self.c_would_be(node)

    def c_there_are(self, node: Tree) -> Condition:
        """"if any enemy attacking units are there": such cards at the current battlefield, the one
        the sentence names (``army``)."""
        sub = _sub(node, *NP)
        if sub.data != "phrase":
            raise Unreadable("'if he is there' is not read")
        return Condition(exists=self.filter_of(sub).model_copy(update={"at": "here"}))

    def post_must_be_if(self, post: Tree, data: dict) -> None:
        """"your target Personality, who must be opposed if defending": at the current battlefield he is
        attacking or defending (``rules-of-location``, ``army``), so he is attacking or opposed (``opposed``)."""
        must, when = (t.value for t in _toks(post, "STATE"))
        if (must, when) != ("opposed", "defending") or data.get("at") not in (None, "here"):
            raise Unreadable("'who must be … if …' other than 'opposed if defending' at this battlefield is not read")
        data["any_of"] = [Filter(state=["attacking"]), Filter(state=["opposed"])]

    def post_in_your_home(self, post: Tree, data: dict) -> None:
        """"your target Personality in your home": yours, at home."""
        data["side"], data["at"] = "your", "home"

    def ev_ev_moves(self, node: Tree) -> dict:
        """"After this unit moves": its Personality moves (``move``, ``unit``)."""
        sub = _sub(node, *NP)
        if sub.data == "his_unit":
            if _tok(sub, "HISUNIT").value != "this":
                raise Unreadable("'after his unit moves' is not read")
            self.subject = "it"
            return {"event": "moves", "whose": "host" if self.kind in ATTACHMENTS else "self"}
        return {"event": "moves", **self._whose(node)}

    def s_may_declare_then(self, tree: Tree, i: int) -> None:
        """"You may target your Personality and move him home": the targeting and what follows are
        one choice, taken or not (``choices``); the targeting is optional (``good-faith-rule``)."""
        first = len(self.targets)
        self.declare(_sub(tree, "target"), optional=True)
        self.effects += [e.model_copy(update={"may": True}) for e in self.sentence_effects(tree)]
        self.targets[first:] = [t.model_copy(update={"optional": True}) for t in self.targets[first:]]

    def t_triggered_may_declare(self, tree: Tree) -> TriggerSpec:
        """"Before this battle resolves, you may target a Personality …, and move him here": a triggered trait
        whose effect is that one choice, taken or not as it resolves (``triggered-traits``, ``choices``)."""
        spec = self.trigger(tree.children[0])
        self.s_may_declare_then(tree, 0)
        return TriggerSpec.model_validate({**spec, "targets": self.targets, "do": self.effects})

    def c_kw_and_opposed(self, node: Tree) -> Condition:
        """"If this Shugenja is Earth and opposed": the card has the keyword and is opposed (``opposed``)."""
        card = self._card_cond(node)
        return Condition(all=[Condition(card=card, has_keyword=_tok(node, "KEYWORD").value),
                              Condition.model_validate({"card": card, "is": ["opposed"]})])

    def c_has_at_most(self, node: Tree) -> Condition:
        """"If Sunetsu has one or no Followers": at most that many of them attached to this Personality,
        the cards of his unit (``unit``)."""
        what = _tok(node, "TYPE").value
        if self.np(_sub(node, *NP)) != "self" or self.kind != "personality" or what not in ATTACHMENT_KINDS:
            raise Unreadable("'has one or no …' of a card other than this Personality's attachments is not read")
        return Condition.model_validate({"count": {"filter": {"type": [what], "in_unit": True}, "op": "<=",
                                                   "value": int(_tok(node, "NUMBER").value)}})

    def clause_stronger_each(self, node: Tree, index: int) -> list[Effect]:
        """"Ranged 3 Attack with +1 strength for each other Koan card in this unit": the printed strength
        and so much more for each card counted as the effect resolves (``ranged-attack``, ``fear``)."""
        act = next(c for c in node.children if isinstance(c, Tree) and c.data in ("ranged", "melee", "fear"))
        attack = self.act(act, index)[0]
        if not isinstance(attack.args.amount, int):
            raise Unreadable("'with +N strength for each …' on a strength that is not a number is not read")
        flt = self.filter_of(_sub(node, *NP))
        if flt.at is not None and ("Fortification" in flt.keywords or "holding" in flt.type):
            raise Unreadable("where a Holding is (a Fortification is attached to a Province) is not read")
        strength = Amount(count=flt, times=int(_tok(node, "SIGNED").value), plus=attack.args.amount)
        return [attack.model_copy(update={"args": attack.args.model_copy(update={"amount": strength})})]

    # ----- what a unit remembers of its moves ------------------------------------------------------
    def c_moved(self, node: Tree) -> Condition:
        """"If Nozomi moved this battle", "if this unit moved this turn" (``move``)."""
        return Condition.model_validate({"card": self._mover_named(node), "is": [f"moved_{_span(node)}"]})

    def c_not_moved_to_battlefield(self, node: Tree) -> Condition:
        """"If Kyuji has not moved to a battlefield this turn": no move of his ended at a battlefield."""
        if _span(node) != "this_turn":
            raise Unreadable("'has not moved to a battlefield' other than this turn is not read")
        return Condition.model_validate({"card": self._mover_named(node), "is_not": ["moved_to_battlefield_this_turn"]})

    def post_at_any_battlefield(self, post: Tree, data: dict) -> None:
        """"a target enemy Personality at any battlefield": at a battlefield, this one or another
        (``rules-of-location``)."""
        data["at"] = "battlefield"

    @staticmethod
    def post_at_other_battlefield(post: Tree, data: dict) -> None:
        """"your unbowed Personalities at another battlefield": at a battlefield other than the current one, where
        a card may be targeted as the text names its location (``rules-of-location``)."""
        data["at"] = "other_battlefield"

    def post_in_a_unit(self, post: Tree, data: dict) -> None:
        """"a target card in a unit": a Personality or a card attached to one (``unit``)."""
        if _tok(post, "TYPE").value != "unit":
            raise Unreadable("'in a …' naming something other than a unit is not read")
        if data["type"] in ([], ["card"]):
            data["type"] = ["personality", "attachment"]

    def post_with_most(self, post: Tree, data: dict) -> None:
        """"a target Personality with the highest Personal Honor at the current battlefield": of the
        cards the rest of the phrase names (``comparing-stats``)."""
        data["most"] = {"stat": self.statword(_sub(post, "statword")), "highest": _tok(post, "HIGHEST") is not None}

    def post_unit_force_number(self, post: Tree, data: dict) -> None:
        """"a target Personality whose unit's total Force is 7 or higher" (``unit-and-army-force``)."""
        bound = next(t for t in post.children if isinstance(t, Token) and t.type in ("ORMORE", "ORLESS"))
        data["stats"].append({"stat": "force", "op": bound.value, "value": int(_tok(post, "NUMBER").value),
                              "unit_total": self._unit_total(post, data)})

    def post_unit_force_than(self, post: Tree, data: dict) -> None:
        """"a target unit whose total Force is less than or equal to Irezu's Chi" (``unit-and-army-force``)."""
        unit_total = self._unit_total(post, data)
        self.post_stat_than_value(post, data)
        data["stats"][-1]["unit_total"] = unit_total

    def post_unit_force_vs_own(self, post: Tree, data: dict) -> None:
        """"a target enemy unit with equal or lower total Force": than this card's unit, the unit of the Personality
        it is or is attached to; both totals count bowed cards except in battle resolution (``unit-and-army-force``)."""
        unit_total = self._unit_total(post, data)
        data["stats"].append({"stat": "force", "op": "<=", "unit_total": unit_total,
                              "value": {"stat": "force", "of": "self", "unit_total": True}})

    def e_move_home_this_and(self, node: Tree) -> Effect:
        """"Move home this unit and a target enemy unit": both units go home together (``move``); "this unit" is this
        card's, which moves with its Personality (``unit``)."""
        if _tok(node, "HISUNIT").value != "this":
            raise Unreadable("'move home his unit and …' is not read")
        ref = self.np(_sub(node, *NP))
        if isinstance(ref, UnitOf):  # "a target enemy unit": its Personality is the target, and moves with his unit
            ref = ref.unit_of
        if not isinstance(ref, int):
            raise Unreadable("'move home this unit and …' naming other than a target is not read")
        return Effect.model_validate({"move_home": {"target": ["self", ref]}})

    def post_together_than(self, post: Tree, data: dict) -> None:
        """"one or more target enemy Followers with total Force less than or equal to Ayahi's Force": the
        chosen cards' sum is bounded (``targeting``); only an upper bound is read, which each card must
        also meet alone."""
        self.post_stat_than_value(post, data)
        self._together(data)

    def post_together_than_same(self, post: Tree, data: dict) -> None:
        """"one or more target enemy Followers with a total Force less than or equal to your Samurai's": the stat left
        off after the possessive is the one compared (``comparing-stats``), here of the Samurai targeted before."""
        stat = self.statword(_sub(post, "statword"))
        whose = Tree("np_poss", [c for c in post.children if isinstance(c, Tree) and c.data in ("det", "mods")]
                     + [_tok(post, "KEYWORDS")])
        self._compare(post, data, Amount(stat=stat, of=self.poss(whose)))
        self._together(data)

    @staticmethod
    def _together(data: dict) -> None:
        """The stat test just read bounds the chosen cards' sum, not each card's own stat."""
        bound = data["stats"].pop()
        if bound["op"] not in ("<", "<="):
            raise Unreadable("a lower bound on the targets' total is not read")
        data.setdefault("together", []).append(bound)

    def _unit_total(self, post: Tree, data: dict) -> bool:
        """"whose unit's total Force", or "whose total Force" of a unit: the total of the cards of the unit
        (``unit-and-army-force``); the total of anything else is not read."""
        if self.statword(_sub(post, "statword")) != "force":
            raise Unreadable("a total other than a unit's Force is not read")
        whose = _tok(post, "TYPES")
        if (whose.value if whose is not None else data["type"]) not in ("unit", ["unit"]):
            raise Unreadable("a total Force of something other than a unit is not read")
        return True

    @staticmethod
    def c_army_fewer(node: Tree) -> Condition:
        """"if your army has fewer units than the enemy army": your army is your units at the current battlefield,
        the enemy army those opposing it (``army``, ``enemy``); a unit is counted by its Personality (``unit``)."""
        if _tok(node, "TYPE").value not in ("unit", "personality"):
            raise Unreadable("an army's count of other than units or Personalities is not read")
        army = {"type": ["personality"], "at": "here"}
        return Condition.model_validate({"count": {"filter": {**army, "side": "your"}, "op": "<",
                                                   "value": {"count": {**army, "side": "enemy"}}}})

    def post_in_enemy_army(self, post: Tree, data: dict) -> None:
        """"the enemy army": the army opposing this card's, at its battlefield (``army``, ``opposing``)."""
        data["opposing"] = True

    def post_assigned_here(self, post: Tree, data: dict) -> None:
        """"your Personality at any location who assigned to this battlefield": he was assigned there
        in this Attack Phase (``assign``, a memory of the turn); "there" names this battlefield after it."""
        data["state"].append("assigned_here")
        self.__dict__["there"] = "here"

    def post_moved_home_from_here(self, post: Tree, data: dict) -> None:
        """"who was moved home from the current battlefield" this turn (``move``)."""
        data["state"].append("moved_home_from_here")
        self.__dict__["there"] = "here"

    def e_move_there(self, node: Tree) -> Effect:
        """"Move him there": to the battlefield named before in the ability."""
        ref = self.np(_sub(node, *NP))
        if self.__dict__.get("there") != "here":
            raise Unreadable("'there' naming no battlefield before it is not read")
        return Effect.model_validate({"move_to": {"target": ref, "to": "here"}})

    def post_moved_or_entered(self, post: Tree, data: dict) -> None:
        """"a target Personality that has moved or entered play this battle"."""
        if _span(post) != "this_battle":
            raise Unreadable("'has moved or entered play' other than this battle is not read")
        data["state"].append("moved_or_entered_this_battle")

    def _mover_named(self, node: Tree):
        sub = _sub(node, *NP)
        if sub.data not in CARD_NAMED + ("his_unit",):
            raise Unreadable("a condition on a card not named before is not read")
        return self.np(sub)

    # ----- "as he moves" ---------------------------------------------------------------------------
    def clause_as_moves(self, node: Tree, index: int):
        """"Bow his unit as he moves": the effect happens with the move before it (``finish_ability``)."""
        effects = self.clause(Tree("plain", [c for c in node.children if isinstance(c, Tree) and c.data != "mover"]),
                              index)
        return self._as_moving(index, effects, self._mover(node))

    def clause_as_moves_lead(self, node: Tree, index: int):
        """"As he moves, straighten his unit and you may straighten one of your other units": every
        effect of the sentence happens with the move before it."""
        mover = self._mover(node)
        effects = []
        for clause in _sub(node, "clauses").children:
            if isinstance(clause, Tree) and clause.data != "sep":
                effects += self.clause(clause, index + len(effects))
        return self._as_moving(index, effects, mover)

    def _mover(self, node: Tree):
        """Who "he" in "as he moves" is: the card named last (``references``); "they", the two switched."""
        if not self.designators:
            raise Unreadable("'as he moves' in a trait is not read")
        mover = _sub(node, "mover")
        if _tok(mover, "THEY") is not None:
            return self._switched()
        return self.np(Tree("pronoun", mover.children))

    # ----- switching two units' locations -----------------------------------------------------------
    def post_same_controller(self, post: Tree, data: dict) -> None:
        """"two Personalities controlled by the same player": one player controls all the cards chosen
        (``targeting``)."""
        data["same_controller"] = True

    def post_apart(self, post: Tree, data: dict) -> None:
        """"two Personalities at different locations": each chosen card at a location of its own, so at
        any location (``targeting``, ``rules-of-location``)."""
        data["apart"], data["at"] = True, "any"

    def post_elsewhere(self, post: Tree, data: dict) -> None:
        """"another of your Personalities at a different location": elsewhere than the card targeted
        just before (``rules-of-location``)."""
        if not self.targets:
            raise Unreadable("'at a different location' with no target before it is not read")
        data["elsewhere"], data["at"] = len(self.targets), "any"

    def s_target_also(self, tree: Tree, i: int) -> None:
        """"Target your Personality, and another of your Personalities at a different location": two
        targetings, the second one of your cards other than the first (``targeting``)."""
        first, second = (c for c in tree.children if isinstance(c, Tree) and c.data == "np_t")
        self.declare(Tree("target", [Token("TARGET", "target"), first]))
        n = len(self.targets)
        if self.targets[-1].count != 1:
            raise Unreadable("'and another of your …' after several targets is not read")
        flt, optional = self.filter_parts(second, [])
        self.new_target(flt.model_copy(update={"side": "your", "besides": n}), optional)
        self.__dict__["pair"] = [n, n + 1]

    def s_effects_then_target(self, tree: Tree, i: int) -> None:
        """"Bow two of your target unbowed Personalities and target an enemy Personality": the effects,
        then a target the next sentences name (``targeting``)."""
        self.effects += self.clause(tree.children[0], len(self.effects))
        self.declare(_sub(tree, "target"))

    def e_switch(self, node: Tree) -> Effect:
        """"Switch their locations": the two cards targeted last; "Switch his and Toranosuke's
        location": the card named last and this Personality (``switch``)."""
        if _tok(node, "THISCARDS") is not None:
            if self.kind != "personality" or not isinstance(self.last, int):
                raise Unreadable("'his and …'s location' naming other cards is not read")
            pair: object = [self.last, "self"]
        else:
            pair = self._pair()
        self.__dict__["switched"] = pair
        return Effect.model_validate({"switch": {"target": pair}})

    def _pair(self):
        """The two cards "their" names: one targeting of two, or the two targetings of the sentence before."""
        n = len(self.targets)
        if n and self.targets[-1].count == 2 and not (self.targets[-1].up_to or self.targets[-1].or_more):
            return n
        if self.__dict__.get("pair", [None])[-1] == n:
            return self.__dict__["pair"]
        raise Unreadable("'their' naming other than the two cards targeted last is not read")

    def _switched(self):
        if "switched" not in self.__dict__:
            raise Unreadable("'they' naming cards no switch moved is not read")
        return self.__dict__["switched"]

    def np_their_units(self, node: Tree) -> UnitOf:
        """"Straighten their units", "both their units": each unit of the two switched (``unit``)."""
        if _tok(node, "TYPE").value != "unit":
            raise Unreadable("'their …' naming cards other than units is not read")
        return UnitOf(unit_of=self._switched())

    def _as_moving(self, index: int, effects: list, mover):
        self.__dict__.setdefault("as_moving", []).append((index, len(effects), mover))
        return effects

    # ----- assigning ------------------------------------------------------------------------------------------
    def ev_ev_assigns(self, node: Tree) -> dict:
        """"After he assigns": his unit is assigned to attack or to defend, which is not a move (``assign``)."""
        return {"event": "assigns", **self._whose(node)}

    def e_may_assign_bowed(self, node: Tree) -> Effect:
        """"Your target Personality may assign even if he is bowed": a permission over the rule that a unit led by a
        bowed Personality may not be assigned (``permissions``, ``maneuvers-segment``), until the turn ends (the
        errata's "(this turn)")."""
        ref = self.np(_sub(node, *NP))
        if _tok(node, "STATE").value != "bowed" or self.np(Tree("pronoun", _sub(node, "mover").children)) != ref:
            raise Unreadable("'may assign even if' other than he is bowed is not read")
        return Effect.model_validate({"permit": {"target": ref, "what": "assign_bowed"}})

    # ----- additional actions ---------------------------------------------------------------------------------
    def e_additional_use(self, node: Tree) -> Effect:
        """"Take an additional action to use an ability on one of his Weapons", "… on a card in his unit": after
        this action the player has another opportunity, only to use an ability of one of those cards in play
        (``additional-action``). "One of", "a card" is which card the player uses then, not a target chosen now:
        every such card when the effect resolves. "A printed ability": not one an effect or trait gave the card."""
        if _tok(node, "ACARD") is not None:
            flt = Filter.model_validate(self.in_unit(_tok(node, "INUNIT").value))
        else:
            ref = self.np(_sub(node, *NP))
            if ref != len(self.targets):
                raise Unreadable("an additional action to use an ability of a card other than one of his is not read")
            flt = self.targets.pop().filter  # "one of his Weapons" is read as a choice now; it is made when used
        if flt.in_unit_of is None:
            raise Unreadable("an additional action to use an ability of a card other than one of his is not read")
        return Effect.model_validate({"additional_play": {"target": {"all": flt}, "use": True,
                                                          "printed": _tok(node, "PRINTED") is not None}})


def _option_word(effects: list[Effect]) -> str:
    """The word a script's ``choose:`` names an alternative by: "home", "battlefield", or its verb."""
    name = effects[0].name
    return {"move_home": "home", "move_to": "battlefield"}.get(name, name.replace("_", " "))


def _span(node: Tree) -> str:
    """"this turn" or "this battle"."""
    span = {"end_of_turn": "this_turn", "end_of_battle": "this_battle"}.get(_tok(node, "DUR").value)
    if span is None:
        raise Unreadable("a memory of moves other than this turn or this battle is not read")
    return span


def finish_ability(reader, condition):
    """The effects "as he moves" join the move before them; "If he would be opposed" naming a
    target who may be another player's is a test of the target.  An alternative whose options
    target cards of their own is the only one: what else the ability does may not name those cards, as it could not
    know whom the player chose."""
    for start, count, mover in reversed(reader.__dict__.get("as_moving", [])):
        _join_move(reader, start, count, mover)
    options = {k + 1 for k, t in enumerate(reader.targets) if t.option is not None}
    others = [e.model_dump() for e in reader.effects if e.name != "choose"] + [
        t.model_dump() for t in reader.targets if t.option is None] + [condition.model_dump() if condition else None]
    if options and (sum(e.name == "choose" for e in reader.effects) != 1 or options & _named(others)):
        raise Unreadable("other effects naming the cards an alternative's options target are not read")
    return _opposed_target(reader, condition)


def _named(data, key: str = "") -> set[int]:
    """The numbered targets a reading's data names: whole numbers under the names of card references (an effect's
    card arguments, a condition's or an amount's card, a filter's relation to a target)."""
    if isinstance(data, dict):
        return set().union(set(), *(_named(v, k) for k, v in data.items()))
    if isinstance(data, list):
        return set().union(set(), *(_named(v, key) for v in data))
    return {data} if key in _card_keys() and isinstance(data, int) and not isinstance(data, bool) else set()


@lru_cache(maxsize=1)
def _card_keys() -> frozenset[str]:
    """The names card references go by (the primitives are all registered by the time a card is read)."""
    return frozenset({"target", "card", "of", "or_of", "besides", "in_unit_of", "elsewhere", "unit_of"} | {
        name for primitive in REGISTRY.values() for name in primitive.card_args})


def _join_move(reader, start: int, count: int, mover) -> None:
    """Effects linked by "as" depend on the move and happen with it (``independence-of-effects``):
    they leave the list for the move's own, and a target they name is chosen with the move's."""
    at = next((i for i in range(start - 1, -1, -1) if reader.effects[i].name in MOVING), None)
    if at is None:
        raise Unreadable("'as he moves' with no move before it is not read")
    move = reader.effects[at]
    if move.args.target != mover:
        raise Unreadable("'as he moves' naming a card other than the one moved is not read")
    joined = list(move.args.as_moving) + reader.effects[start:start + count]
    reader.effects[at] = move.model_copy(update={"args": move.args.model_copy(update={"as_moving": joined})})
    del reader.effects[start:start + count]
    reader.targets[:] = [t.model_copy(update={"at": at if start <= t.at < start + count else
                                              t.at - count if t.at >= start + count else t.at})
                         for t in reader.targets]


def _opposed_target(reader, condition):
    """"If he would be opposed, move a target Personality at any location to this battlefield": he
    is the target named next, who may be another player's, so the test is of him from his own side
    (``opposed``): a target who would be opposed there, which Good Faith requires before the action
    is announced (``good-faith-rule``)."""
    if condition != OPPOSED_HERE or not reader.targets or reader.targets[0].filter.side == "your":
        return condition
    first = reader.effects[0]
    if first.name not in MOVES or first.args.target != 1:
        return condition
    spec = reader.targets[0]
    flt = spec.filter.model_copy(update={"state": [*spec.filter.state, OPPOSED]})
    reader.targets[0] = spec.model_copy(update={"filter": flt})
    return None
