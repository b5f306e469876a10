"""Traits of card text: triggered traits, continuous traits, Gold production, Invest and
Discipline (``t_sentence`` of the grammar) read into the engine's trait structures.

A mixin of ``SentenceReader``: the methods use its noun phrases and conditions.
"""
from __future__ import annotations

from lark import Token, Tree

from .abilities import GoldFor, Produce, Static, TriggerSpec
from .cardtree import (AMOUNTS, ATTACKS, NP, STATICS, Unreadable, _and, _name_words, _singular, _sub, _tok, _toks,
                       _unread)
from .structures import AllRef, Condition, Filter
from .vocab import ELEMENTS, FAMILIES

# Keywords that qualify another in a group named by keywords alone ("Your other Earth Shugenja", "Your
# Peasant Weapons"); other capitalised words before the last may be a title ("Your Iron Mines").
GROUP_ADJECTIVES = frozenset(ELEMENTS) | {"Thunder", "Peasant", "Nonhuman", "Undead"}


class TraitReaders:
    # ----- traits -------------------------------------------------------------------------
    def t_triggered(self, tree: Tree) -> TriggerSpec:
        spec = self.trigger(tree.children[0])
        lead = _sub(tree, "lead")
        if lead is not None:  # "After …, if <condition>, …": the trait resolves only if it holds
            spec["condition"] = self.cond(lead.children[1])
        if _sub(tree, "target") is not None:  # "After …, target one or two of your Personalities."
            self.declare(_sub(tree, "target"))
        else:
            self.effects = self.sentence_effects(tree)
        if getattr(self, "more", None):  # the sentences referring back to this one (traits)
            condition, _, _ = self.read_body(self.more)
            if condition is not None:  # "If he …, …" after a first sentence with no effects: that sentence's
                self.effects = [e.model_copy(update={"condition": _and(e.condition, condition)})
                                for e in self.effects]
        if not self.effects:
            raise Unreadable("the trait names targets but no effect")
        return TriggerSpec.model_validate({**spec, "targets": self.targets, "do": self.effects})

    def t_imperative(self, tree: Tree):
        raise Unreadable("an effect with no trigger and no designator is not a trait the engine can apply")

    def t_continuous(self, tree: Tree) -> list[Static]:
        return self.static(tree.children[0])

    def t_continuous_while(self, tree: Tree) -> list[Static]:
        cond = self.cond(tree.children[1])
        return [s.model_copy(update={"while_": _and(s.while_, cond)}) for s in self.static(_sub(tree, *STATICS))]

    def t_produce(self, tree: Tree) -> Produce:
        node = tree.children[0]
        nums = [int(t.value) for t in _toks(node, "NUMBER")]
        data: dict = {"amount": nums[0]}
        if node.data == "produce_alt":
            data["alt"], data["alt_if"] = nums[1], self.cond(_sub(node, "cond_one", "cond_and", "cond_or")
                                                            or node.children[-2])
        elif node.data == "produce_only":
            what = _sub(_sub(node, "only"), "only_what")
            if _tok(what, "KEYWORD") is not None:
                raise Unreadable("Gold only for cards with a keyword is not read")
            data["only"] = GoldFor(card=Filter(type=[_tok(what, "TYPE").value]))
        elif node.data == "produce_more":
            data["effects"] = self.sentence_effects(Tree("more", [c for c in node.children if isinstance(c, Tree)]))
            if self.targets:
                raise Unreadable("further effects of Gold production that choose targets are not read")
        return Produce.model_validate(data)

    def t_invest(self, tree: Tree):
        gold = _tok(tree, "GOLDICON").value
        if gold == "X":
            raise Unreadable("an Invest cost of X Gold is not read")
        effects = self.sentence_effects(tree)
        if self.kind == "strategy" and any(_names_self(e.model_dump()) for e in effects):
            # "the Personality", "the target": the action's target, which the Invest trait read alone cannot name
            raise Unreadable("a Strategy's Invest effect on the card its action chose is not read")
        return ("invest", int(gold), (effects, list(self.targets)))

    def t_invest_cost(self, tree: Tree):
        raise Unreadable("an Invest cost without its effect")

    def t_discipline(self, tree: Tree):
        return ("discipline", int(_tok(tree, "GOLDICON").value), None)

    def t_discipline_if(self, tree: Tree):
        """"If you are a Crab Clan player, this Strategy has Discipline [1 Gold]" (``discipline``)."""
        return ("discipline", int(_tok(tree, "GOLDICON").value), self.cond(_sub(tree, "lead").children[1]))

    # ----- triggers ----------------------------------------------------------------------------
    def trigger(self, node: Tree) -> dict:
        when = {"t_after": "after", "t_before": "before", "t_when": "when"}[node.data]
        ev = _sub(node, "event") or next(c for c in node.children if isinstance(c, Tree))
        fn = getattr(self, "ev_" + ev.data, None)
        if fn is None:
            raise Unreadable(f"no reading for the trigger {ev.data}")
        spec = fn(ev)
        if spec.pop("_when_only", False) and when != "before":
            raise Unreadable("'would' belongs to a before-trigger")
        spec["when"] = "before" if spec.pop("_before", False) else when
        first = _tok(node, "FIRSTTIME")
        if first is not None:  # "the first time each turn": a usage limit on the trait (triggered-traits)
            spec["once_per"] = first.value
        self.subject = "it"
        return spec

    def _whose(self, node) -> dict:
        sub = _sub(node, *NP)
        if sub.data in ("self_ref", "this_type", "this_kw"):
            ref = self.np(sub)
            if ref == "host":
                return {"whose": "host"}
            return {"whose": "self"}
        flt = self.filter_of(sub)
        self.last = "it"
        whose = {"your": "your", "enemy": "enemy", "other": "other"}.get(flt.side, "any")
        return {"whose": whose, "subject": flt.model_copy(update={"side": "any"}).model_dump(
            exclude_defaults=True)}

    def ev_ev_enters(self, node):
        spec = {"event": "enters_play", **self._whose(node)}
        if _tok(node, "FROMHAND") is not None:
            spec["from_zone"] = "hand"
        return spec

    def ev_ev_recruited(self, node):
        return self._by_you({"event": "recruited", **self._whose(node)})

    @staticmethod
    def _by_you(spec: dict) -> dict:
        """"After you Recruit a Personality": a card you brought in, so one you control."""
        if spec.get("whose") not in ("self", "host"):
            spec["whose"] = "your"
        return spec

    def ev_ev_recruited_battle(self, node):
        return self._by_you({"event": "recruited", **self._whose(node), "condition": Condition(phase="battle")})

    def ev_ev_equipped(self, node):
        return self._by_you({"event": "equipped", **self._whose(node)})

    def ev_ev_destroyed(self, node):
        return {"event": "destroyed", **self._whose(node)}

    def ev_ev_would_destroyed(self, node):
        return {"event": "destroyed", "_before": True, **self._whose(node)}

    def ev_ev_state(self, node):
        state = _tok(node, "STATE").value
        event = {"bowed": "bows", "dishonorable": "dishonored"}.get(state)
        if event is None:
            raise Unreadable(f"no event for 'is {state}'")
        return {"event": event, **self._whose(node)}

    def ev_ev_attacks(self, node):
        return {"event": "attacks", **self._whose(node)}

    def ev_ev_phase(self, node):
        edge = _not_next_end(node)
        owner = _sub(node, "owner_w")
        whose = "your" if owner is not None and _tok(owner, "YOUR") is not None else "any"
        return {"event": "phase_begins" if edge == "begins" else "phase_ends", "phase": _tok(node, "PHASE").value,
                "whose": whose}

    def ev_ev_turn(self, node):
        edge = _not_next_end(node)
        owner = _sub(node, "owner_w")
        whose = "your" if owner is not None and _tok(owner, "YOUR") is not None else "any"
        return {"event": "turn_begins" if edge == "begins" else "turn_ends", "whose": whose}

    def ev_ev_battle(self, node):
        edge = _tok(node, "EDGE").value
        return {"event": "battle_begins" if edge == "begins" else "battle_ends"}

    def ev_ev_resolves(self, node):
        return {"event": "battle_resolves"}

    def ev_ev_action_resolves(self, node):
        """"after it resolves": the next action to finish resolving — the one this effect comes
        from, or the one its Interrupt was played to (``interrupt-actions``)."""
        return {"event": "action_resolves"}

    def ev_ev_turn_ends(self, node):
        return {"event": "turn_ends", "whose": "any"}

    def ev_ev_honor_gained(self, node):
        return {"event": "honor_gained", "whose": self._player_whose(node)}

    def ev_ev_honor_lost(self, node):
        return {"event": "honor_lost", "whose": self._player_whose(node)}

    def _player_whose(self, node) -> str:
        who = _sub(node, "who").children[0]
        if isinstance(who, Token) and who.type == "YOU":
            return "your"
        if isinstance(who, Token) and who.type in ("YOUROPPONENT", "EACHOTHERPLAYER"):
            return "other"
        raise Unreadable("an Honor trigger on that player is not read")

    # ----- continuous traits -----------------------------------------------------------------
    def static(self, node: Tree) -> list[Static]:
        target = self.static_target(_sub(node, "subject"))
        self.trait_subject = target if target in ("self", "host") else "it"  # whom "while opposing …" is about
        if isinstance(target, AllRef):
            self.last = "it"  # "they": each card of the group in turn (board.static_applies)
        cond = _sub(node, "while_if", "while_battle", "while_state")
        data: dict = {"target": target}
        if cond is not None and cond.data == "while_state":  # "while attacking", "while attacking and opposed"
            states = [t.value for t in _toks(cond, "STATE")] + (["opposed"] if _tok(cond, "ANDOPPOSED") else [])
            if isinstance(target, AllRef):  # "Your Ancestors have -1F while attacking": each one while it is
                data["target"] = AllRef(all=target.all.model_copy(update={"state": [*target.all.state, *states]}))
            else:
                data["while"] = Condition.model_validate({"card": target, "is": states})
        elif cond is not None:
            data["while"] = (Condition(phase="battle") if cond.data == "while_battle"
                             else self.cond(cond.children[1]))
        tail = _sub(node, "tail_if", "tail_unless")
        if tail is not None:
            c = self.cond(tail.children[1])
            data["while"] = Condition.model_validate({"not": c.model_dump(by_alias=True, exclude_defaults=True)}) \
                if tail.data == "tail_unless" else c
        kind = node.data
        hook = getattr(self, "read_" + kind, None)  # an area's own continuous trait (cardareas)
        if hook is not None:
            return hook(node, data)
        if kind == "st_copies":
            return [Static.model_validate({**data, "kind": "copies", "amount": int(_tok(node, "NUMBER").value)})]
        if kind == "st_stat_each":  # "+1F for each Ring you control", "+1F/+1C for each …": each change
            changes = [tok.value for tok in _toks(node, "STATCHANGE")]
            if any(n == "X" or stat == "family_honor" for stat, n in changes):
                raise Unreadable("that continuous stat change is not read")
            flt = self.filter_of(_sub(node, *NP)) if _sub(node, "phrase", "bare") is not None else _unread(
                "'for each' naming one card")
            return [Static.model_validate({**data, "kind": "stat", "stat": stat, "amount": {"count": flt.model_dump(
                exclude_defaults=True), "times": n}}) for stat, n in changes]
        if kind == "st_stat":
            out = []
            for tok in _toks(_sub(node, "changes"), "STATCHANGE"):
                stat, n = tok.value
                if n == "X" or stat == "family_honor":
                    raise Unreadable("that continuous stat change is not read")
                out.append(Static.model_validate({**data, "kind": "stat", "stat": stat, "amount": n}))
            return out
        if kind in ("st_bonus", "st_penalty"):
            value = self.amount(_sub(node, *AMOUNTS))
            if isinstance(target, AllRef) and not isinstance(value, int):
                raise Unreadable("an amount that differs for each card of a group is not read")
            if kind == "st_penalty":
                value = -value if isinstance(value, int) else value.negated()
            return [Static.model_validate({**data, "kind": "stat", "stat": self.statword(_sub(node, "statword")),
                                           "amount": value})]
        if kind == "st_keyword":
            return [Static.model_validate({**data, "kind": "keyword", "keywords": self.kwlist(_sub(node, "kwlist"))})]
        if kind == "st_restrict":
            return [self.restriction_static(next(c for c in node.children if isinstance(c, Tree)
                                                 and c.data.startswith("r_")), data)]
        if kind in ("st_attach_only", "st_attach_never"):
            return [Static.model_validate({**data, "kind": kind[3:], "to": self.filter_of(_sub(node, *NP))})]
        if kind.startswith("st_cost") and not (target == "self" or isinstance(target, AllRef)):
            raise Unreadable("a cost change for that card is not read")
        if kind in ("st_cost_less", "st_cost_more"):
            n = int(_tok(node, "NUMBER").value)
            return [Static.model_validate({**data, "kind": "cost", "stat": "gold_cost",
                                           "amount": -n if kind == "st_cost_less" else n})]
        if kind == "st_cost_ignore":
            if _tok(node, "STAT").value == "honor_requirement" and target == "self":  # (honor-requirement)
                return [Static.model_validate({**data, "kind": "ignore_hr"})]
            if _tok(node, "STAT").value != "gold_cost":
                raise Unreadable("ignoring a stat other than Gold Cost or Honor Requirement is not read")
            return [Static.model_validate({**data, "kind": "cost", "stat": "gold_cost", "amount": -1000})]
        if kind in ("st_attack_immune", "st_attack_strength", "st_own_attack"):
            kinds = []
            for a in _sub(node, "attack_kinds").children:
                if isinstance(a, Tree):
                    kinds.append(ATTACKS[a.children[0].type])
            data["keywords"] = list(dict.fromkeys(kinds))
            if kind == "st_own_attack":
                return [Static.model_validate({**data, "kind": "own_attack_strength",
                                               "amount": int(_tok(node, "SIGNED").value)})]
            data["target"] = self.attacked(_sub(node, "attacked", "attacked_group", "attacked_army"))
            if kind == "st_attack_immune":
                return [Static.model_validate({**data, "kind": "attack_immune"})]
            return [Static.model_validate({**data, "kind": "attack_strength", "amount": int(_tok(node, "SIGNED").value)})]
        if kind in ("st_equip_less", "st_equip_more"):
            sub = _sub(node, *NP)
            if sub.data not in ("phrase", "bare"):
                raise Unreadable("a cost change for equipping to one named card is not read")
            n = int(_tok(node, "NUMBER").value)
            name = _name_words(sub)  # "Equips to Akodo Kano": a Personality named by his title (references)
            to = Filter(title=name) if name else self.filter_of(sub)
            return [Static.model_validate({**data, "kind": "cost", "stat": "gold_cost", "to": to,
                                           "amount": -n if kind == "st_equip_less" else n})]
        if kind == "st_cannot_gain":
            words = [_tok(item, "KEYWORD").value for item in node.children if isinstance(item, Tree)
                     and item.data == "gain_item"]
            return [Static.model_validate({**data, "kind": "cannot_gain", "keywords": words})]
        if kind == "st_enters_state":  # "This Holding enters play unbowed" overrides Holdings entering bowed (recruit)
            state = _tok(node, "STATE").value
            if state not in ("bowed", "unbowed") or target != "self" or (state == "bowed" and "while" in data):
                raise Unreadable("only a card entering play bowed or unbowed itself is read")
            return [Static.model_validate({**data, "kind": f"enters_{state}"})]
        if kind == "st_no_abilities":
            # "Your Stronghold has no abilities": its actions cannot be used; its traits stay (abilities, traits)
            return [Static.model_validate({**data, "kind": "restrict", "what": "actions"})]
        if kind == "st_hand":
            return [Static.model_validate({**data, "kind": "hand_size", "amount": int(_tok(node, "SIGNED").value)})]
        raise Unreadable(f"no reading for the continuous trait {kind}")

    def static_target(self, node: Tree | None):
        if node is None:
            return "self"
        first = node.children[0]
        if isinstance(first, Token) and first.type == "THISCARD":
            return "self"
        if isinstance(first, Token) and first.type == "THIS":
            if node.children[1].type == "TYPE":
                return self._this(node.children[1].value)
            return self._this_kw(node.children[1].value)
        if isinstance(first, Token) and first.type == "HE":  # "While this Shugenja is Fire, he has +1F"
            if self.person not in ("self", "host"):
                raise Unreadable("'he' naming a card other than this one or its Personality is not read")
            return self.person
        hook = getattr(self, "subject_" + first.data, None)  # an area's own subject (cardareas)
        if hook is not None:
            return hook(first)
        return AllRef(all=self.group_filter(first))

    def group_filter(self, group: Tree) -> Filter:
        """"Your other Earth Shugenja", "Personalities without Followers": the group a continuous
        trait names, read as any noun phrase is (``filter_parts``: keywords, "non-", "or", qualifiers)."""
        mods = _sub(group, "mods") or Tree("mods", [m for m in group.children if isinstance(m, Tree) and m.data == "mod"])
        if group.data == "any_group_either":  # "Fudo and Fallen Personalities": keywords the grammar kept as tokens
            mods = Tree("mods", [Tree("mod", [t]) for t in _toks(group, "KEYWORD")])
        if group.data.endswith("_group_either"):  # "Saeki's Ashigaru and Ronin Followers": those with either word
            mods = Tree("mods", [mods.children[0], Token("OR", "or"), *mods.children[1:]])
        types = _toks(group, "TYPE")
        if not types:
            words = [m.children[0] for m in mods.children if isinstance(m, Tree)]
            if len(words) > 1 and all(t.type == "KEYWORD" for t in words) and (
                    group.data == "any_group" or any(t.value not in GROUP_ADJECTIVES for t in words[:-1])):
                raise Unreadable("two or more capitalised words naming a group may be a card's title")
            mods = Tree("mods", mods.children[:-1] + [_singular(mods.children[-1])])
        posts = [c for c in group.children if isinstance(c, Tree) and c.data not in ("mod", "mods", "zone_q")]
        army = [p for p in posts if p.data == "in_own_army"]  # "in Ikako's army": his side at his battlefield
        posts = [p for p in posts if p not in army]
        family = [m for m in mods.children if isinstance(m, Tree) and m.children[0].value in FAMILIES] \
            if [t.value for t in types] == ["personality"] else []  # "Your other Moshi Personalities" (family-name)
        mods = Tree("mods", [m for m in mods.children if m not in family])
        head = Tree("typed" if types else "keyworded", [mods, *types])
        words = {"your_group": ["YOUR"], "your_group_other": ["YOUR", "OTHER"], "any_group_other": ["OTHER"]}
        flt, _ = self.filter_parts(Tree("bare", [head, *posts]), words.get(group.data, []))
        if army:
            flt = flt.model_copy(update={"army": True})
        if family:
            if len(family) > 1:
                raise Unreadable("a group named by two family names is not read")
            flt = flt.model_copy(update={"family": family[0].children[0].value})
        zone = _sub(group, "zone_q")
        if zone is not None:  # "Your Honor cards out of play": the trait reaches them there (in-play-and-out-of-play)
            flt = flt.model_copy(update={"zone": zone.children[0].value})
        if group.data.startswith("own_group"):  # "Seiken's Nonhuman Followers": those in his unit (possessive-case)
            if self.kind != "personality" or "personality" in flt.type:
                raise Unreadable("that possessive is not read")
            flt = flt.model_copy(update={"in_unit": True, "another": True})
        return flt

    def attacked(self, node: Tree):
        if node.data == "attacked_group":  # "targeting your Crab Clan Personalities in Kisada's army"
            return AllRef(all=self.group_filter(node.children[0]))
        if node.data == "attacked_army":  # "targeting cards in Toturi's army" (army)
            return AllRef(all=Filter(type=[_tok(node, "TYPE").value], army=True))
        first = node.children[0]
        if first.type == "THISCARD" or (first.type == "THIS" and node.children[1].type == "KEYWORD"):
            return "self"
        if first.type == "THIS":
            return self._this(node.children[1].value)
        return "unit"  # "cards in this unit"

    def attach_filter(self, r: Tree) -> Filter:
        sub = _sub(r, *NP)
        if sub.data in ("phrase", "bare"):
            return self.filter_of(sub)
        raise Unreadable("an attachment restriction naming one card is not read")

    def restriction_static(self, r: Tree, data: dict) -> Static:
        """One thing a card "cannot" do: what attaches to it ("Will not attach cards"), or a restriction the
        rules check ("cannot attack"), for actions of those keywords only if it names them ("cannot be
        challenged from Iaijutsu actions", ``permissions``)."""
        if r.data == "r_attach":
            return Static.model_validate({**data, "kind": "attach_never", "to": self.attach_filter(r)})
        kinds = _sub(r, "act_kinds")
        keywords = [t.value for t in _toks(kinds, "KEYWORD")] if kinds is not None else []
        return Static.model_validate({**data, "kind": "restrict", "what": self.restriction(Tree("st", [r])),
                                      "keywords": keywords})

    def restriction(self, node: Tree) -> str:
        r = _sub(node, "r_attack", "r_targeted", "r_state", "r_destroyed", "r_moved", "r_straighten", "r_defend",
                 "r_gain_honor", "r_attach", "r_challenges", "r_refusals", "r_be_challenged")
        kind = r.data
        if kind == "r_state":
            state = _tok(r, "STATE").value
            names = {"bowed": "bows", "dishonorable": "dishonored"}
            if state not in names:
                raise Unreadable(f"'cannot be {state}' is not read")
            return names[state]
        if kind == "r_attach":
            raise Unreadable("a restriction on what attaches is not read yet")
        if kind == "r_gain_honor":
            raise Unreadable("a restriction on gaining Honor is not read")
        return {"r_attack": "attacks", "r_targeted": "be_targeted", "r_destroyed": "destroyed", "r_moved": "moves",
                "r_straighten": "straightens", "r_defend": "defends", "r_challenges": "challenges",
                "r_refusals": "refusals", "r_be_challenged": "be_challenged"}[kind]


def _names_self(data) -> bool:
    """Whether an effect's data names "this card" anywhere (its targets, its conditions)."""
    if isinstance(data, dict):
        return any(_names_self(v) for v in data.values())
    if isinstance(data, list):
        return any(_names_self(v) for v in data)
    return data == "self"


def _not_next_end(node: Tree) -> str:
    """"begins"/"ends"; "your next turn ends" is refused: during your own turn it is not the end of this
    one, which the engine's timing points cannot tell apart (``delayed-effects``)."""
    edge = _tok(node, "EDGE").value
    if edge == "ends" and _tok(node, "NEXT") is not None:
        raise Unreadable("'your next … ends' (not the current one) is not read")
    return edge
