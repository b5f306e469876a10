"""Interrupts: what an Interrupt does to the action it interrupts ("The action cannot move
Personalities", "Negate Iairimi's movement from the action").

An Interrupt "may modify the effects of the action it interrupts – including preventing
some or all of these effects", and "the action" in an Interrupt is the action being
interrupted (``interrupt-actions``); the engine's record of that action is ``acting``.
"""
from __future__ import annotations

from lark import Tree

from ..cardtree import AMOUNTS, ATTACKS, DESIGNATORS, NP, VALUES, Unreadable, _and, _det_words, _not, _sub, _tok, _toks
from ..abilities import Static, TriggerSpec
from ..registry import Effect
from ..structures import ActionTest, AllRef, Amount, Condition, Filter

WORDS = {"movement": "MOVEMENT", "recruited": "RECRUITED", "loss": "LOSS", "losses": "LOSS",
         "straightening": "STRAIGHTENING", "destruction": "DESTRUCTION", "dishonoring": "DISHONORING",
         "resolution": "RESOLUTION", "rehonored": "REHONORED", "decrease": "REDUCE"}
# "this caster": the Personality a Spell is attached to, who casts it (``spell``); "Geisha House" is one keyword
# (the printed keyword of House of the Red Lotus and the other Geisha Houses), not Geisha and House
PHRASES = {"caster's": ("TYPES", "personality"), "caster": ("TYPE", "personality"),
           "fear effect": ("FEARWORD", "fear"),
           "the action phase": ("PHASE", "action"), "personalities'": ("TYPES", "personality"),
           "each game": ("EACHGAME", "game"), "the first time each phase": ("FIRSTTIME", "phase"),
           "geisha house": ("KEYWORD", "Geisha House"), "geisha houses": ("KEYWORD", "Geisha House"),
           "or below": ("ORLESS", "<="), "proclaim action's": ("PROCLAIMACTIONS", "proclaim"),
           "until after the action resolves": ("DUR", "end_of_action")}  # "if your Family Honor is 0 or below": as "0 or lower"  # not "the action" of an Interrupt followed by "phase"
DOES = {"RECRUIT": "recruited", "EQUIP": "equipped", "DESTROY": "destroyed", "MOVE": "moves", "BOW": "bows",
        "TARGET": "targeted", "REHONOR": "rehonored", "REHONORED": "rehonored"}
BATTLE_ACTION = Condition(action=ActionTest(designators=["battle"]))
DOERS = {"the_doer": None, "the_battle_doer": BATTLE_ACTION,  # "the Battle action", "your Battle action"
         "your_battle_doer": Condition(all=[Condition(action_by="you"), BATTLE_ACTION]), "fear_doer": None,
         "your_doer": Condition(action_by="you"),
         "doer_on": None}
CLAUSE_KINDS = {"after_it_bows"}
STATIC_KINDS = {"st_negate_bonuses"}
VALUE_KINDS = ("tokens_in_play",)
LETTERS = {"force": "F", "chi": "C", "personal_honor": "PH", "gold_production": "GP"}
RULEBOOK = frozenset({"Lobby", "Recruit", "Equip", "Cycle", "Cavalry", "Reserve"})  # player abilities, not keywords


class Readers:
    def _interrupt_only(self) -> None:
        if "interrupt" not in self.designators:
            raise Unreadable("'the action' outside an Interrupt is not read")

    def _action_kinds(self, node: Tree) -> list[str]:
        """"The Battle action": the interrupted action must be a Battle action."""
        self._interrupt_only()
        the = _sub(node, "the_action", "the_battle_action")
        return ["battle"] if the.data == "the_battle_action" else []

    def _moved(self, node: Tree):
        """The cards whose movement is meant: a chosen or named card, or (a bare plural,
        "Personalities") any card of that kind when it would move."""
        sub = _sub(node, *NP)
        if sub.data in ("phrase", "bare"):
            dets = [c for c in sub.children if isinstance(c, Tree) and c.data == "det"]
            if not {"TARGET", "A", "NUMBER", "UPTO"} & set(_det_words(dets)):
                return AllRef(all=self.filter_of(sub))
        return self.np(sub)

    def e_action_cannot_move(self, node):
        """"The action cannot move Personalities", "The action will not move your target
        Personality" (``interrupt-actions``, ``move``)."""
        kinds = self._action_kinds(node)
        return Effect.model_validate({"limit_action": {"prevents": ["moves"], "target": self._moved(node),
                                                       "designators": kinds}})

    def e_negate_movement(self, node):
        """"Negate this Personality's movement from the action", "… from it" (``negate``,
        ``interrupt-actions``)."""
        self._interrupt_only()
        ref = self.poss(_sub(node, "np_poss"))
        return Effect.model_validate({"limit_action": {"prevents": ["moves"], "target": ref, "negate": True}})

    def e_negate_any_movement(self, node):
        """"Negate any movement from the action's effects": of every card (``negate``)."""
        self._interrupt_only()
        return Effect.model_validate({"limit_action": {"prevents": ["moves"], "target": AllRef(all=Filter()),
                                                       "negate": True}})

    # ----- after the action resolves, if it did something -----------------------------------------
    def s_after_action_if(self, tree: Tree, i: int) -> None:
        """"After the action resolves, if …, then …": the effects wait for the interrupted action to
        resolve, and the "if" is checked then (``interrupt-actions``, ``delayed-effects``)."""
        ev = next(c for c in tree.children if isinstance(c, Tree) and c.data.startswith("ev_"))
        if ev.data != "ev_action_resolves":
            raise Unreadable("'After …, if …' on something other than the action resolving is not read")
        self._after_action(tree, None)

    def s_after_battle_action_if(self, tree: Tree, i: int) -> None:
        """"After the Battle action resolves, if …": only if the interrupted action is a Battle action."""
        self._after_action(tree, Condition(action=ActionTest(designators=["battle"])))

    def s_after_your_action_if(self, tree: Tree, i: int) -> None:
        """"After your action resolves, if …": only if the interrupted action is yours."""
        self._after_action(tree, Condition(action_by="you"))

    def _after_action(self, tree: Tree, kind: Condition | None) -> None:
        self._interrupt_only()
        self.of_action = True  # "it" in the condition is the action (interrupt-actions)
        try:
            cond = self._action_cond(self.cond_child(tree))
        finally:
            self.of_action = False
        before = len(self.targets)
        effects = self.sentence_effects(tree)
        self.effects.append(Effect.model_validate({"delayed": {"after": "the action resolves", **self._waiting_targets(
            before), "if": _and(kind, cond), "do": [e.model_dump() for e in effects]}}))

    def c_action_bowed_or_destroyed(self, node):
        """"… and bowed or destroyed any enemy cards": the action's effects did one or the other to such a card
        ("it" carried from "it was Fire", ``conjunctions``)."""
        if _tok(node, "STATE").value != "bowed":
            raise Unreadable("'… or destroyed' after a state other than bowed is not read")
        return Condition(any=[self._action_did(node, "bows"), self._action_did(node, "destroyed")])

    def _action_cond(self, node: Tree) -> Condition:
        """"if it was Fire and bowed or destroyed any enemy cards": "it" is the action, whose keyword that is
        (``interrupt-actions``); any other condition is read as ever."""
        first = node.children[0] if node.data == "cond_and" else node
        named = _sub(first, *NP) if first.data == "card_has" else None
        if named is None or named.data != "pronoun" or _tok(named, "IT") is None:
            return self.cond(node)
        kind = Condition(action=self._named_kind(_tok(first, "KEYWORD").value))
        return kind if first is node else _and(kind, self.cond(node.children[-1]))

    def c_action_moved_there(self, node):
        """"if it moved your Personality to a battlefield" (``move``)."""
        return self._action_did(node, "moves", to="battlefield")

    def c_action_recruited_in_battle(self, node):
        """"if it Recruited your Personality during a battle" (``recruit``)."""
        return self._action_did(node, "recruited", in_battle=True)

    def _action_did(self, node: Tree, did: str, **more) -> Condition:
        """What the interrupted action's effects did to a card: a card named before ("him"), or any
        card like the one described ("your Personality"), as it is now."""
        if not getattr(self, "of_action", False):
            raise Unreadable("'it' naming an action is read only after 'After the action resolves'")
        sub = _sub(node, *NP)
        if sub.data in ("phrase", "bare"):
            dets = [c for c in sub.children if isinstance(c, Tree) and c.data == "det"]
            if "TARGET" in _det_words(dets):
                raise Unreadable("a target chosen in the condition is not read")
            more["fits"] = self.filter_of(sub)
        else:
            more["card"] = self.np(sub)
        return Condition(action=ActionTest(did=did, **more))

    # ----- the action's attacks ---------------------------------------------------------------------
    def _attacks(self, node: Tree) -> list[str]:
        """The kinds of attack effect named ("Melee or Ranged Attacks"): the interrupted action's."""
        self._interrupt_only()
        group = _sub(node, "attack_kinds", "attack_any", "attack_or")
        return list(dict.fromkeys(ATTACKS[a.children[0].type] for a in group.children if isinstance(a, Tree)))

    def _strength(self, kinds: list[str], amount: int, each: bool) -> Effect:
        return Effect.model_validate({"attack_strength": {"attacks": kinds, "amount": amount, "each": each}})

    def _strength_or(self, node: Tree, each: bool) -> Effect:
        """"+2 or -2 strength": the Interrupt's player chooses (``choices``)."""
        kinds = self._attacks(node)
        return Effect.model_validate({"choose": {"options": [
            {"word": f"{n:+d}", "do": [self._strength(kinds, n, each).model_dump()]}
            for n in (int(t.value) for t in _toks(node, "SIGNED"))]}})

    def e_action_attacks_strength(self, node):
        """"Give the action's Ranged Attacks +2 strength": each of them (``interrupt-actions``)."""
        return self._strength(self._attacks(node), int(_tok(node, "SIGNED").value), True)

    def e_action_attacks_increase(self, node):
        """"Increase the strength of the action's Fear effects by the number of Clout tokens in play":
        counted when the Interrupt resolves (``interrupt-actions``)."""
        amount = self.value(_sub(node, *VALUES))
        return Effect.model_validate({"attack_strength": {"attacks": self._attacks(node), "amount": amount,
                                                          "each": True}})

    @staticmethod
    def value_tokens_in_play(node) -> Amount:
        """"the number of Clout tokens in play": on every card in play (``token``)."""
        return Amount(tokens=_tok(node, "KEYWORD").value, of=AllRef(all=Filter()))

    def e_action_attacks_strength_or(self, node):
        return self._strength_or(node, True)

    def e_one_attack_strength(self, node):
        """"Give a Ranged Attack +1 strength", "Give one of the action's Fear effects +1 strength":
        one attack effect of the interrupted action (``interrupt-actions``)."""
        number = _tok(node, "NUMBER")
        if number is not None and number.value != 1:
            raise Unreadable("changing several of the action's attacks is not read")
        return self._strength(self._attacks(node), int(_tok(node, "SIGNED").value), False)

    def e_one_attack_strength_or(self, node):
        return self._strength_or(node, False)

    def e_one_attack_strength_if(self, node):
        """"Give a Fear effect, Melee Attack, or Ranged Attack -2 strength, or -3 if this Shugenja is
        Earth": the second change when the condition holds, else the first."""
        kinds = self._attacks(node)
        first, second = (int(t.value) for t in _toks(node, "SIGNED"))
        cond = self.cond(self.cond_child(node))
        return [self._strength(kinds, first, False).model_copy(update={"condition": _not(cond)}),
                self._strength(kinds, second, False).model_copy(update={"condition": cond})]

    # ----- what the action is --------------------------------------------------------------------------
    def _kind_test(self, node: Tree) -> ActionTest:
        """"Political", "a Favor action", "a Ranged Attack action" (one with a Ranged Attack effect,
        ``ranged-attack``), "from a Strategy", "on another player's Holding"."""
        self._interrupt_only()
        kind = _sub(node, "action_kind", "action_from")
        if kind.data == "action_from":
            return ActionTest(source=self._action_source(_sub(kind, *NP)))
        attack = _tok(kind, "RANGEDWORD") or _tok(kind, "MELEEWORD")
        if attack is not None:
            return ActionTest(has=[ATTACKS[attack.type]])
        return self._named_kind((_tok(kind, "KEYWORD") or _tok(kind, "BATTLE")).value)

    @staticmethod
    def _named_kind(word: str) -> ActionTest:
        """A designator ("the Battle action") or a keyword of the action ("Political", "Favor", "Earth")."""
        if word in RULEBOOK:
            raise Unreadable(f"'the action is {word}' (a rulebook action) is not read")
        if word.lower() in DESIGNATORS:
            return ActionTest(designators=[word.lower()])
        return ActionTest(keywords=[word])

    def _described(self, sub: Tree):
        """A card described, not chosen ("a Strategy"): a filter."""
        if sub.data not in ("phrase", "bare"):
            raise Unreadable("an action from one named card is not read")
        dets = [c for c in sub.children if isinstance(c, Tree) and c.data == "det"]
        if "TARGET" in _det_words(dets):
            raise Unreadable("a target chosen in a description of the action is not read")
        return self.filter_of(sub)

    def _action_source(self, sub: Tree):
        """"from a Strategy": a card described; "from this Personality": the one Personality of this card's unit
        (the card itself, or the Personality it is attached to)."""
        if sub.data == "this_type" and _tok(sub, "TYPE").value == "personality":
            self.np(sub)
            return Filter(type=["personality"], in_unit=True)
        return self._described(sub)

    def c_action_is(self, node):
        """"If the action is Political", "If the action is from a Strategy" (``interrupt-actions``)."""
        return Condition(action=self._kind_test(node))

    def c_action_yours_and(self, node):
        return Condition(all=[Condition(action_by="you"), Condition(action=self._kind_test(node))])

    def c_action_others_and(self, node):
        return Condition(all=[Condition(action_by="other"), Condition(action=self._kind_test(node))])

    def c_action_has(self, node):
        """"If the action has a Melee or Ranged Attack": one of its effects is such an attack; "it" is
        then that attack ("give it +2 strength")."""
        self.attack_named = self._attacks(node)
        return Condition(action=ActionTest(has=self.attack_named))

    def e_attack_it_strength(self, node):
        """"… give it +2 strength": the attack named in the condition (one of the action's)."""
        kinds = getattr(self, "attack_named", None)
        if not kinds:
            raise Unreadable("'give it +N strength' with no attack named before it")
        return self._strength(kinds, int(_tok(node, "SIGNED").value), False)

    def e_negate_an_action(self, node):
        """"Negate an Engage action", "Negate an Engage action from a Strategy": the interrupted
        action, if it is one (``negate-an-action``, ``interrupt-actions``)."""
        self._interrupt_only()
        word = _sub(node, "desig")
        test = self._named_kind(word.children[0].value) if word is not None else ActionTest()
        kinds, test = test.designators, test.model_copy(update={"designators": []})
        sub = _sub(node, *NP)
        if sub is not None:
            test = test.model_copy(update={"source": self._described(sub)})
        effect = Effect.model_validate({"negate_action": {"designators": kinds}})
        self.action_named = effect if test == ActionTest() else \
            effect.model_copy(update={"condition": Condition(action=test)})
        return self.action_named

    def e_its_player_discards_favor(self, node):
        """"Negate the effects of a Favor action, its player discards the Imperial Favor": "its" is the action just
        negated, so the Favor is discarded only if the action is of that kind; a Favor action's player controls the
        Favor (``good-faith-rule``), and an effect discarding it needs no control of it (``imperial-favor``)."""
        negated = getattr(self, "action_named", None)
        if negated is None:
            raise Unreadable("'its player' with no action named before it is not read")
        kinds = negated.args.designators
        cond = _and(negated.condition, Condition(action=ActionTest(designators=kinds)) if kinds else None)
        return Effect.model_validate({"discard_favor": {}}).model_copy(update={"condition": cond})

    def e_negate_card_action(self, node):
        """"Negate an Event's effects": the interrupted action, if it is from an Event."""
        self._interrupt_only()
        kind = _tok(node, "TYPES").value
        return Effect.model_validate({"negate_action": {}, "if": {"action": {"source": {"type": [kind]}}}})

    def s_then_after_resolves(self, tree: Tree, i: int) -> None:
        """"If the action is yours or you are Lion Clan, after it resolves, straighten Kinshikirai": the
        effects wait for the interrupted action to resolve (``interrupt-actions``, ``delayed-effects``)."""
        self._interrupt_only()
        ev = next(c for c in tree.children if isinstance(c, Tree) and c.data.startswith("ev_"))
        if ev.data != "ev_action_resolves":
            raise Unreadable("'If …, after …' on something other than the action resolving is not read")
        before = len(self.targets)
        effects = self.sentence_effects(tree)
        self.effects.append(Effect.model_validate({"delayed": {"after": "the action resolves", **self._waiting_targets(
            before), "do": [e.model_dump() for e in effects]}}))

    def _waiting_targets(self, before: int) -> dict:
        """The targets named in effects that wait for the interrupted action: chosen when they happen, not as
        the Interrupt resolves (``good-faith-rule``, ``action-sequence`` D), so they leave the Interrupt's own
        targets and are numbered after them.  Read only when nothing follows the waiting effects, so no later
        target or pronoun can take their numbers (``finish_ability``)."""
        if len(self.targets) == before:
            return {}
        start = len(self.effects)
        own = [t.model_copy(update={"at": t.at - start}).model_dump(exclude_defaults=True) for t in self.targets[before:]]
        del self.targets[before:]
        self.waits_with_targets = (before, start + 1)
        return {"targets": own, "first_target": before + 1}

    # ----- the action's Honor gains and losses --------------------------------------------------------
    def _honor(self, node: Tree, **args) -> Effect:
        """The interrupted action's Honor gains and/or losses, changed as they happen
        (``honor-gains-and-losses``); "from an action", "from the action": the interrupted one."""
        self._interrupt_only()
        kinds = _sub(node, "honor_kinds") or _sub(_sub(node, "honor_changes"), "honor_kinds")
        gain, loss = _tok(kinds, "GAIN") is not None, _tok(kinds, "LOSS") is not None
        battle = self._from_battle_action(node)
        kind = "both" if gain and loss else "gains" if gain else "losses"
        return Effect.model_validate({"action_honor": {"kind": kind, "designators": ["battle"] if battle else [],
                                                       **args}})

    @staticmethod
    def _from_battle_action(node: Tree) -> bool:
        """"from the Battle action", "from a Battle action": only if the interrupted one is a Battle action."""
        where = _sub(node, "honor_action")
        return where is not None and (_tok(where, "THEBATTLE") or _tok(where, "BATTLE")) is not None

    def e_action_honor_less(self, node):
        return self._honor(node, by=self.amount(_sub(node, *AMOUNTS)))

    def e_action_honor_less_half(self, node):
        """"by half this Shugenja's Chi, rounded down"."""
        return self._honor(node, by=self.value(_sub(node, *VALUES)).model_copy(update={"half": "down"}))

    def e_action_honor_more(self, node):
        return self._honor(node, increase=True, by=int(_tok(node, "NUMBER").value))

    def e_action_honor_to(self, node):
        return self._honor(node, at_most=int(_tok(node, "NUMBER").value))

    def e_one_action_honor_to(self, node):
        """"reduce one of the Honor gains or losses from the action to 0": the first one it makes."""
        one, to = (int(t.value) for t in _toks(node, "NUMBER"))
        if one != 1:
            raise Unreadable("changing several of the action's Honor gains or losses is not read")
        return self._honor(node, at_most=to, once=True)

    def e_others_honor_to(self, node):
        """"Choose an Honor gain or loss from another player's action and reduce it to 2": one of them,
        if the interrupted action is another player's."""
        effect = self._honor(node, at_most=int(_tok(node, "NUMBER").value), once=True)
        return effect.model_copy(update={"condition": Condition(action_by="other")})

    def _proclaim_gain(self, increase: bool, by: int) -> Effect:
        """The Proclaim Honor gain of the interrupted action: Proclaiming gives the Proclaim keyword to the recruiting
        action, and its gain is that action's (``proclaim``); one gain, changed as it happens (``interrupt-actions``)."""
        self._interrupt_only()
        return Effect.model_validate({"action_honor": {"kind": "gains", "increase": increase, "by": by, "once": True},
                                      "if": {"action": {"keywords": ["Proclaim"]}}})

    def e_proclaim_gain_less(self, node):
        """"Reduce a Proclaim action's Honor gain by 1"."""
        return self._proclaim_gain(False, int(_tok(node, "NUMBER").value))

    def e_proclaim_gain_either(self, node):
        """"increase or decrease a Proclaim Honor gain by 1": the Interrupt's player chooses (``choices``)."""
        by = int(_tok(node, "NUMBER").value)
        return Effect.model_validate({"choose": {"options": [
            {"word": word, "do": [self._proclaim_gain(word == "increase", by).model_dump()]}
            for word in (_tok(node, "INCREASE").value, _tok(node, "REDUCE").value)]}})

    def c_it_is_phase(self, node):
        """"If it is the Action Phase"."""
        sub = _sub(node, *NP)
        if sub.data != "pronoun" or _tok(sub, "IT") is None:
            raise Unreadable("'… is the … Phase' of a card is not read")
        return Condition(phase=_tok(node, "PHASE").value)

    # ----- after the action does something ------------------------------------------------------------
    def s_after_each_action_does(self, tree: Tree, i: int) -> None:
        """"After each time your action targets an enemy Follower or Personality, give it -2F until after the action
        resolves": every such occurrence from the interrupted action's effects, not the first only."""
        self.s_after_action_does(tree, i, each=True)

    def s_after_action_does(self, tree: Tree, i: int, each: bool = False) -> None:
        """"After the action Recruits an Ashigaru Personality, create …", "After the action Equips a Spell
        to Tameko, …", "After your Battle action Recruits your Personality, …", "After a Personality is rehonored
        for the action's effects, …": the effects wait for that
        occurrence from the interrupted action's effects (``interrupt-actions``, ``delayed-effects``)."""
        self._interrupt_only()
        does = _sub(tree, "action_does")
        event = DOES[_sub(does, "doer_verb", "done_verb").children[0].type]
        sub = _sub(does, *NP)
        doer = _sub(does, *DOERS) or Tree("the_doer", [])  # "… is rehonored for the action's effects"
        data: dict = {"occurrence": event, **({"each": True} if each else {})}
        if doer.data == "fear_doer":  # "After any Fear effect from the action bows a card": each time one does
            data.update(effect="fear", each=True)
        if sub is None:  # "… a card"
            self.last = "it"
        elif sub.data in ("self_ref", "this_type", "this_kw"):
            data["whose"] = self.np(sub)
        else:
            data["subject"] = self._described(sub)
            if data["subject"].type == ["card"]:  # "your cards": any of them
                data["subject"] = data["subject"].model_copy(update={"type": []})
            self.last = "it"  # "dishonor him": the card the action did it to
            if data["subject"].zone != "play":
                self._brought_from(data, event)
        if _tok(does, "ATABATTLEFIELD") is not None:  # "… this Follower at a battlefield"
            data["subject"] = data.get("subject", Filter()).model_copy(update={"at": "battlefield"})
        conds = [DOERS[doer.data] if doer.data != "doer_on" else self._on_either(doer)]
        if _tok(does, "THISCARD") is not None:  # "… a Spell to Tameko": attached to him, so in his unit
            conds.append(Condition.model_validate({"card": "it", "fits": {"in_unit": True}}))
        if _tok(does, "HOME") is not None:
            conds.append(Condition.model_validate({"card": "it", "is": ["at_home"]}))
        before = len(self.targets)
        self.subject = "it"
        self.waiting_in_action = True  # "its remaining effects": the action's, from that occurrence on
        try:
            effects = self.sentence_effects(tree)
        finally:
            self.waiting_in_action = False
        cond = None
        for c in conds:
            cond = _and(cond, c)
        self.effects.append(Effect.model_validate({"after_action": {**data, **self._waiting_targets(before), "do": [
            e.model_copy(update={"condition": _and(e.condition, cond)}).model_dump() for e in effects]}}))

    @staticmethod
    def _on_either(doer: Tree) -> Condition:
        """"an action on a Kiho, Shugenja, or Spell": the interrupted action is from a card with one of
        those keywords or of one of those types (``interrupt-actions``)."""
        kinds = [k.children[0] for k in doer.children if isinstance(k, Tree)]
        return Condition(any=[Condition(action=ActionTest(source=Filter(keywords=[k.value]) if k.type == "KEYWORD"
                                                          else Filter(type=[k.value]))) for k in kinds])

    def _brought_from(self, data: dict, event: str) -> None:
        """"After the action Recruits a Ninja or Scout from a Province, refill it face-up", "After the
        action Equips a Spell from your hand": where the card was before it entered play. A Province
        named so is "it", which refills only after the triggers of the card entering play
        (``provinces``)."""
        zone = data["subject"].zone
        if (zone, event) not in (("province", "recruited"), ("hand", "equipped")):
            raise Unreadable(f"a card the action brings from the {zone} that way is not read")
        state = [s for s in data["subject"].state if s != "face_up"]  # the card is in play now (recruit)
        data["subject"] = data["subject"].model_copy(update={"zone": "play", "state": state})
        data["from_zone"] = zone
        if zone == "province":
            self.province = "origin"

    # ----- negating what the action does ----------------------------------------------------------------
    def _limit(self, ref, what: list[str], **more) -> Effect:
        self._interrupt_only()
        return Effect.model_validate({"limit_action": {"prevents": what, "target": ref, "negate": True, **more}})

    def e_negate_destruction(self, node):
        """"Negate your target Personality's destruction from it" (``negate``, ``interrupt-actions``)."""
        return self._limit(self.poss(_sub(node, "np_poss")), ["destroyed"])

    def e_negate_action_changes(self, node):
        """"Negate all Force bonuses and penalties from the action": on any card (``negate``)."""
        stat = self._negated_stat(node)
        return self._limit(AllRef(all=Filter()), [f"{stat}_bonus", f"{stat}_penalty"])

    def e_negate_action_changes_on(self, node):
        """"Negate the action's Force penalties on all cards in this unit"."""
        stat = self._negated_stat(node)
        which = "bonus" if _tok(_sub(node, "bonus_word"), "BONUS") is not None else "penalty"
        return self._limit(self._moved(node), [f"{stat}_{which}"])

    def _negated_stat(self, node: Tree) -> str:
        stat = self.statword(_sub(node, "statword"))
        if stat != "force":
            raise Unreadable(f"negating the action's {stat} changes is not read")
        return stat

    def e_negate_movement_home(self, node):
        """"negate Personalities' movement home from its effects": of any such card, home only."""
        kind = _tok(node, "TYPES").value
        return self._limit(AllRef(all=Filter(type=[kind])), ["moves"], into="home")

    def e_negate_others_movement(self, node):
        """"Negate other players' dishonorable Personalities movement from the action"."""
        flt = self._described(_sub(node, *NP)).model_copy(update={"side": "other"})
        return self._limit(AllRef(all=flt), ["moves"])

    def c_this_action_did(self, node):
        """"if this action bowed a Yojimbo or Crab Clan Personality": what this Interrupt's own earlier
        effects did."""
        if _tok(node, "STATE").value != "bowed":
            raise Unreadable("'if this action …' other than bowed is not read")
        return Condition(action=ActionTest(this=True, did="bows", fits=self._described(_sub(node, *NP))))

    # ----- bonuses or penalties ---------------------------------------------------------------------------
    def e_negate_bonuses_or_penalties(self, node):
        """"Negate a target card's current Force bonuses or penalties": the player chooses which
        ("gain 2 Honor or give him +2F" is a choice, ``conjunctions``; ``negate``)."""
        ref, stat = self.poss(_sub(node, "np_poss")), self.statword(_sub(node, "statword"))
        return Effect.model_validate({"choose": {"options": [
            {"word": which, "do": [{"negate_modifiers": {"target": ref, "stat": stat, "which": which}}]}
            for which in ("bonuses", "penalties")]}})

    def e_negate_attack_targeting(self, node):
        """"Negate a Melee or Ranged Attack targeting your Follower": one of the action's attack
        effects against such a card (``negate``, ``interrupt-actions``)."""
        return self._limit(self._moved(node), self._attacks(node), once=True)

    # ----- before an occurrence, negate it ---------------------------------------------------------------
    def ev_ev_other_card_destroys(self, node):
        """"Before the first time this game another player's card destroys this Follower", "Before
        another player's card destroys this Personality during the Action Phase"."""
        ref = self.np(_sub(node, *NP))
        if ref not in ("self", "host"):
            raise Unreadable("another player's card destroying a card other than this one is not read")
        spec: dict = {"event": "destroyed", "whose": ref, "cause": "other_card"}
        if _tok(node, "PHASE") is not None:
            spec["condition"] = Condition(phase=_tok(node, "PHASE").value)
        return spec

    def e_negate_occurrence(self, node):
        """"negate the destruction", "negate the dishonoring": in a "Before …" trait, the occurrence it
        answers does not happen (``negate``)."""
        if self.subject != "it":
            raise Unreadable("'negate the destruction' outside a 'Before …' trait is not read")
        what = "destroyed" if _tok(node, "DESTRUCTION") is not None else \
            "dishonored" if _tok(node, "DISHONORING") is not None else "honor_gained"
        return Effect.model_validate({"negate_occurrence": {"what": what}})

    def _negated_destruction(self, node: Tree, **spec) -> TriggerSpec:
        ref = self.poss(_sub(node, "np_poss"))
        if ref not in ("self", "host"):
            raise Unreadable("negating another card's destruction is not read")
        return TriggerSpec.model_validate({"when": "before", "event": "destroyed", "whose": ref, **spec,
                                           "do": [{"negate_occurrence": {"what": "destroyed"}}]})

    def t_negate_first_destruction(self, tree):
        """"Negate Gyoken's first destruction each game from another player's card": before it, once
        (``negate``)."""
        once = "game" if _tok(tree, "EACHGAME") is not None else "turn"
        if _tok(tree, "TYPE").value != "card":
            raise Unreadable("a destruction from a kind of card is not read")
        return self._negated_destruction(tree, cause="other_card", once_per=once)

    def t_negate_resolution_destruction(self, tree):
        """"Negate Haikaro's destruction from battle resolution" (``battle-resolution``, ``negate``)."""
        return self._negated_destruction(tree, cause="resolution")

    def s_before_your_gain(self, tree: Tree, i: int) -> None:
        """"Before you gain Honor from a Battle action, negate the gain to draw a card": the effects
        happen before your next Honor gain from the interrupted action's effects, and may negate it
        (``interrupt-actions``, ``negate``)."""
        self._interrupt_only()
        self.subject = "it"  # "the gain": the occurrence this waits for
        before = len(self.targets)
        effects = self.sentence_effects(tree)
        if self._from_battle_action(tree):
            effects = [e.model_copy(update={"condition": _and(e.condition, BATTLE_ACTION)}) for e in effects]
        self.effects.append(Effect.model_validate({"after_action": {
            "timing": "before", "occurrence": "honor_gained", "whose": "your", **self._waiting_targets(before),
            "do": [e.model_dump() for e in effects]}}))

    def c_you_have_a(self, node):
        """"If you have a Fortification at the current battlefield": you control such a card."""
        return Condition(controls=self._described(_sub(node, *NP)))

    def e_negate_action_from_either(self, node):
        """"Negate an action from another Shugenja or Spell": from a card with that keyword or of that
        type ("another" carries through to both, ``conjunctions``; ``negate-an-action``)."""
        self._interrupt_only()
        dets = [c for c in node.children if isinstance(c, Tree) and c.data == "det"]
        words = _det_words(dets)
        if set(words) - {"ANOTHER", "A"}:
            raise Unreadable("that description of the action's card is not read")
        another = "ANOTHER" in words
        sources = [Filter(keywords=[_tok(node, "KEYWORD").value], another=another),
                   Filter(type=[_tok(node, "TYPE").value], another=another)]
        return Effect.model_validate({"negate_action": {}}).model_copy(update={"condition": Condition(
            any=[Condition(action=ActionTest(source=f)) for f in sources])})

    def e_negate_next_straightening(self, node):
        """"negate the next straightening of each card it bows": each time the interrupted action's
        effects bow a card, its next straightening this turn is prevented (``negate``, ``next``)."""
        self._interrupt_only()
        kind = _tok(node, "TYPE").value
        return Effect.model_validate({"after_action": {
            "occurrence": "bows", "each": True, "subject": {"type": [kind]} if kind != "card" else None,
            "do": [{"prevent": {"target": "it", "what": "straighten"}}]}})

    def clause_after_it_bows(self, node, index):
        """"Give a Fear effect +2 strength. Destroy any Follower after it bows them": each card of that
        kind the Fear effect given the strength bows (``interrupt-actions``, ``fear``)."""
        self._interrupt_only()
        named = next((e for e in reversed(self.effects) if e.name == "attack_strength"), None)
        if named is None or named.args.attacks != ["fear"] or named.args.each:
            raise Unreadable("'after it bows them' with no one Fear effect named before it")
        act = node.children[0]
        if act.data != "destroy" or _sub(act, *NP).data not in ("phrase", "bare"):
            raise Unreadable("'… after it bows them' other than destroying the cards it bows is not read")
        subject = self.filter_of(_sub(act, *NP))
        return [Effect.model_validate({"after_action": {
            "occurrence": "bows", "each": True, "effect": "fear", "subject": subject.model_dump(exclude_defaults=True),
            "do": [{"destroy": {"target": "it"}}]}})]

    def _destroys_bowed(self, node: Tree, effect: str | None) -> Effect:
        """Each card of that kind the interrupted action's effects bow is then destroyed; "its Fear effects": only
        those its Fear effects bow (``interrupt-actions``, ``fear``)."""
        self._interrupt_only()
        sub = _sub(node, *NP)
        if sub.data not in ("phrase", "bare"):
            raise Unreadable("destroying a named card the action bows is not read")
        subject = self.filter_of(sub)
        if subject.type == ["card"]:  # "any cards"
            subject = subject.model_copy(update={"type": []})
        return Effect.model_validate({"after_action": {
            "occurrence": "bows", "each": True, "effect": effect, "subject": subject.model_dump(exclude_defaults=True),
            "do": [{"destroy": {"target": "it"}}]}})

    def e_fear_destroys_bowed(self, node):
        """"its Fear effects destroy attachments after bowing them": a Fear effect bows its target, a Follower or a
        Personality without Followers (``fear``); a Follower is an attachment (``attachment``), so each Follower
        the action's Fear effects bow is then destroyed."""
        return self._destroys_bowed(node, "fear")

    def e_fear_may_target(self, node):
        """"The action's Fear effects have +1 strength, may target Items, and destroy attachments after they bow":
        each of the interrupted action's Fear effects, changed in each way named (``interrupt-actions``, ``fear``)."""
        self._interrupt_only()
        effects = []
        stronger = _sub(node, "fear_stronger")
        if stronger is not None:
            effects.append(self._strength(["fear"], int(_tok(stronger, "SIGNED").value), True))
        types = [t.value for t in _toks(node, "TYPE")]
        if set(types) - {"item", "spell"}:
            raise Unreadable("Fear effects that may target other kinds of card are not read")
        effects.append(Effect.model_validate({"attack_targets": {"attacks": ["fear"], "types": types}}))
        destroys = _sub(node, "fear_destroys")
        if destroys is not None:
            effects.append(self._destroys_bowed(destroys, "fear"))
        return effects

    def e_fear_action_destroys(self, node):
        """"The Fear action destroys any cards it bows": if the interrupted action has a Fear effect (a Fear
        action, ``fear``), each card its effects bow is then destroyed."""
        effect = self._destroys_bowed(node, None)
        return effect.model_copy(update={"condition": Condition(action=ActionTest(has=["fear"]))})

    def t_triggered_may_target(self, tree: Tree) -> TriggerSpec:
        """"After you Recruit this Holding, you may target and straighten a Duelist": a triggered trait whose target
        is optional and whose effect its controller may apply (``triggered-traits``; optional targeting need not be
        met, ``good-faith-rule``)."""
        if getattr(self, "more", None):
            raise Unreadable("sentences after a trait with an optional target are not read")
        spec = self.t_triggered(tree)
        if not spec.targets:
            raise Unreadable("'you may target and …' naming no new target is not read")
        return spec.model_copy(update={"targets": [t.model_copy(update={"optional": True}) for t in spec.targets],
                                       "effects": [e.model_copy(update={"may": True}) for e in spec.effects]})

    def e_give_token_or(self, node):
        """"give him a +1F or +1C token": one of the two, the player's choice (``choices``, ``token``)."""
        ref = self.np(_sub(node, *NP))
        options = []
        for change in _toks(node, "STATCHANGE"):
            stat, value = change.value
            if value == "X" or stat not in ("force", "chi", "personal_honor", "gold_production"):
                raise Unreadable("a token of that kind is not read")
            word = f"{value:+d}{LETTERS[stat]}"
            options.append({"word": word, "do": [{"tokens": {"target": ref, "name": stat, "count": value}}]})
        return Effect.model_validate({"choose": {"options": options}})

    def e_negate_movement_into_army(self, node):
        """"Negate the movement into an attacking army of a target Personality at any location": the
        interrupted action's effects do not move him to a battlefield on the attacking side (``negate``,
        ``army``)."""
        if _tok(node, "STATE").value != "attacking":
            raise Unreadable("movement into a defending army is not read")
        return self._limit(self.np(_sub(node, *NP)), ["moves"], into="attacking army")

    def e_show_random_of_other(self, node):
        """"show a random card in another player's hand": a card of his that no player chooses is displayed
        (``show``); "another player" is the opponent, as the reader takes it elsewhere (``who``)."""
        if _tok(node, "TYPE").value != "card":
            raise Unreadable("showing a random card of a kind is not read")
        return Effect.model_validate({"show_random": {"player": "opponent"}})

    def ev_ev_action_targets(self, node):
        """"a Political action targets this Personality", "another player's Battle action targets this Personality":
        this card (or its Personality) is targeted by the effects of such an action (``targeting``); "its" in the
        effects is then that action (``triggered-traits``)."""
        if self.designators:
            raise Unreadable("an action targeting a card is read only as a trait's trigger")
        ref = self.np(_sub(node, *NP))
        if ref not in ("self", "host"):
            raise Unreadable("an action targeting a card other than this one or its Personality is not read")
        doer = _sub(node, "an_action", "others_action")
        word = _sub(doer, "desig")
        test = self._named_kind(word.children[0].value) if word is not None else ActionTest()
        if doer.data == "others_action":
            test = test.model_copy(update={"by": "other"})
        self.waiting_in_action = True  # "negate its remaining effects": the action's, from its targeting on
        return {"event": "targeted", "whose": ref, "action": test}

    def e_negate_remaining(self, node):
        """"After the action targets your bowed Personality, negate its remaining effects": the
        interrupted action's effects from that point on do not resolve; those already carried out stay
        (``negate``, ``interrupt-actions``)."""
        if not getattr(self, "waiting_in_action", False):
            raise Unreadable("'negate its remaining effects' outside 'After the action …' is not read")
        return Effect.model_validate({"negate_remaining": {}})


    def read_st_negate_bonuses(self, node: Tree, data: dict) -> list[Static]:
        """"Negate this Personality's Force and Chi bonuses": a continuous prevention of an ongoing kind of
        effect suppresses each such bonus for as long as it lasts (``negate``); what is a bonus is the CR's
        (``bonuses-and-penalties``: an Item's modifier is not one), one Static per stat."""
        ref = self.poss(_sub(node, "np_poss"))
        if ref not in ("self", "host"):
            raise Unreadable("negating the bonuses of a card other than this one or its Personality is not read")
        stats = [self.statword(s) for s in node.children if isinstance(s, Tree) and s.data == "statword"]
        if any(stat not in ("force", "chi") for stat in stats):
            raise Unreadable("negating bonuses to a stat other than Force or Chi is not read")
        return [Static.model_validate({**data, "target": ref, "kind": "negate_bonuses", "stat": stat}) for stat in stats]

def finish_ability(reader, condition):
    """Effects that wait with targets of their own must be the ability's last, and no target may follow them:
    a later sentence would number its targets, or name by a pronoun, what only the waiting effects choose."""
    before, count = getattr(reader, "waits_with_targets", (len(reader.targets), len(reader.effects)))
    if (len(reader.targets), len(reader.effects)) != (before, count):
        raise Unreadable("effects or targets after waiting effects with targets of their own are not read")
    return condition
