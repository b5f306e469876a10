"""The decks area of the card reader: cards in hands, decks, discard piles and Provinces;
Events and Rings; triggered traits and delayed effects.

Rings (``ring``): a Ring is put into play from its owner's hand when its condition is met
("Play if you have two or fewer Rings in play"), and its text may let the player discard
it from hand to use its ability without cost.
"""
from __future__ import annotations

from lark import Token, Tree

from ..abilities import Static, TriggerSpec
from ..cardtraits import _names_self
from ..cardtree import AMOUNTS, NP, VALUES, Unreadable, _and, _point_words, _sub, _tok
from ..registry import Effect
from ..structures import ActionTest, Condition
from ..vocab import FATE_TYPES

WORDS = {"time": "TIME", "use": "USE", "were": "IS", "which": "WHICH", "played": "PLAYED", "resolution": "RESOLUTION",
         "dead": "STATE", "discarded": "STATE", "honorably": "HONORABLY", "refill": "REFILL", "back": "BACK",
         "order": "ORDER", "remaining": "REMAINING", "rest": "REST", "rearrange": "REARRANGE", "random": "RANDOM",
         "commit": "COMMIT", "commits": "COMMIT", "seppuku": "SEPPUKU", "whichever": "WHICHEVER",
         "discarding": "DISCARDING", "currently": "CURRENTLY"}
PHRASES = {"at the bottom of": ("ATBOTTOM", "bottom"), "on the bottom of": ("ATBOTTOM", "bottom"),
           "at the bottom": ("ATBOTTOM", "bottom"), "on the bottom": ("ATBOTTOM", "bottom")}
STATIC_KINDS = {"st_use_from_hand", "st_equip_from_discard"}
NP_KINDS = {"its_type"}
# the phase an action with this designator is taken in ("before this phase ends", the-turn-sequence)
DESIGNATOR_PHASE = {"limited": "action", "open": "action", "battle": "attack", "engage": "attack",
                    "dynasty": "dynasty"}


def _deck(node: Tree) -> str:
    """"your Fate deck", "your deck" (a Fate card's deck), "your Dynasty deck"."""
    deck = _sub(_sub(node, "of_deck") or node, "a_deck")
    return "dynasty_deck" if deck is not None and _tok(deck, "DYNASTYDECK") is not None else "fate_deck"


# "the next time he attacks / is destroyed / bows …": the event, and a condition on it
NEXT_EVENTS = {"ev_attacks": ("attacks", None), "ev_attacks_you": ("attacks", Condition(you_are="defender")),
               "ev_destroyed": ("destroyed", None), "ev_destroyed_battle": ("destroyed", Condition(phase="battle")),
               "ev_bows": ("bows", None), "ev_assigns": ("assigns", None)}


class Readers:
    # ----- Rings ---------------------------------------------------------------------------
    def read_st_use_from_hand(self, node: Tree, data: dict) -> list[Static]:
        """"You may discard this Ring from your hand to use its Void ability without cost": the
        Ring's ability (the one with that keyword, if named) used from hand, its costs unpaid; the
        Ring waits in a resolution area and is discarded afterwards (``ring``)."""
        if _tok(node, "TYPE").value != "ring" or self.kind != "ring":
            raise Unreadable("discarding a card other than a Ring from hand to use its ability is not read")
        word = _tok(node, "KEYWORD")
        return [Static.model_validate({**data, "kind": "use_from_hand",
                                       "keywords": [word.value] if word is not None else []})]

    # ----- Equipping from the discard pile ----------------------------------------------------
    def read_st_equip_from_discard(self, node: Tree, data: dict) -> list[Static]:
        """"You may Equip this Follower from your discard pile": the rulebook Equip may take this card
        from its owner's discard pile as well as from his hand (``permissions``, ``equip``); "… as a Battle
        action": from there, the Equip is an action of that kind instead of an Open one."""
        if _tok(node, "TYPE").value not in ("follower", "item", "spell") or _tok(node, "TYPE").value != self.kind:
            raise Unreadable("Equipping a card that is not this attachment from the discard pile is not read")
        desig = _sub(node, "desig_words")
        words = [w.children[0].value.lower() for w in desig.children if isinstance(w, Tree)] if desig else []
        if any(w not in ("battle", "open", "engage") for w in words):
            raise Unreadable("Equipping from the discard pile as that kind of action is not read")
        return [Static.model_validate({**data, "kind": "permit", "what": "equip_from_discard", "target": "self",
                                       "designators": words})]

    def t_ring_play(self, tree: Tree) -> TriggerSpec:
        """"Play after a battle resolves at your Province, if …": the Ring's condition for entering
        play, met while it is in its owner's hand; he may put it into play at once (``ring``,
        ``triggered-traits``: triggered from an area not in play)."""
        if self.kind != "ring":
            raise Unreadable("'Play after …' on a card other than a Ring is not read")
        spec = self.trigger(_sub(tree, "t_after", "t_before", "t_when"))
        if spec["when"] != "after":
            raise Unreadable("a Ring played before or when something happens is not read")
        cond = next((c for c in tree.children if isinstance(c, Tree) and c.data not in ("end", "t_after")), None)
        if cond is not None:
            spec["condition"] = _and(spec.get("condition"), self.cond(cond))
        play = Effect.model_validate({"put_into_play": {"target": "self"}, "may": True})
        return TriggerSpec.model_validate({**spec, "while_in": "hand", "do": [play]})

    def s_play_if(self, tree: Tree, i: int) -> Condition:
        """"Limited: Play if you have two or fewer Rings in play": the action puts this Ring into
        play from hand; the "if" is its condition for entering play, so it must hold to take the
        action at all (``ring``, ``good-faith-rule``)."""
        if self.kind != "ring" or i != 0:
            raise Unreadable("'Play if …' on a card other than a Ring is not read")
        self.effects.append(Effect.model_validate({"put_into_play": {"target": "self"}}))
        return self.cond(next(c for c in tree.children if isinstance(c, Tree) and c.data != "end"))

    # ----- triggers ------------------------------------------------------------------------
    def ev_ev_you_destroy(self, node):
        """"After you destroy an enemy card during battle": a card destroyed by your effect or by
        your army winning a battle resolution (``battle-resolution``: the winner destroys the losing
        army), while a battle is going on."""
        return {"event": "destroyed", "by": "you", **self._whose(node), "condition": Condition(phase="battle")}

    def ev_ev_you_discard_in_battle(self, node):
        """"After you discard (not focus) this Strategy during a battle": your effect or cost discards it
        from your hand or deck (a focused card is discarded from the focus pool, which is no such
        discard: ``discard``, ``focused-card``) while a battle is going on; the trait triggers from the discard
        pile the card has just entered (``triggered-traits``)."""
        spec = {"event": "discarded", **self._whose(node), "by": "you", "condition": Condition(phase="battle")}
        if spec["whose"] != "self":
            raise Unreadable("'you discard …' of a card other than this one is not read")
        return spec

    def ev_ev_you_discard_for_action(self, node):
        """"After you discard this Strategy for a Favor Political action", "… from a Courage action": the
        cost or an effect of an action with those keywords (a card's, or a player ability's such as the
        Favor's, Kharmic's or Courage's: ``rulebook-favor-limited``, ``kharmic``, ``courage``) discards it
        from your hand, the discards that know their action (``cardops.discard_from_hand``); the trait
        triggers from the discard pile (``triggered-traits``)."""
        spec = {"event": "discarded", **self._whose(node), "by": "you",
                "for_action": [t.value for t in node.children if isinstance(t, Token) and t.type == "KEYWORD"]}
        if spec["whose"] != "self":
            raise Unreadable("'you discard …' of a card other than this one is not read")
        return spec

    def ev_ev_own_destroyed(self, node):
        """"Before one of Sora's Weapons is destroyed": each time any card of that kind in this Personality's unit
        is (attached cards are his, ``possessive-case``; ``triggered-traits``)."""
        if self.kind != "personality" or int(_tok(node, "NUMBER").value) != 1:
            raise Unreadable("'one of …'s cards' of a card other than this Personality is not read")
        flt = self._kind_filter(_sub(node, "kind_phrase")).model_copy(update={"in_unit": True, "another": True})
        self.last = "it"
        return {"event": "destroyed", "whose": "any", "subject": flt.model_dump(exclude_defaults=True)}

    def ev_ev_resolves_yours(self, node):
        """"a battle resolves at your Province": you are the Defender, whose Provinces are the
        battlefields (``battlefields``); "it" after it is that Province."""
        self.last = "battlefield"
        return {"event": "battle_resolves", "condition": Condition(you_are="defender")}

    def ev_ev_resolves_which(self, node):
        """"a battle resolves in which you played a Terrain, destroyed a Terrain, and destroyed any
        cards or provinces during resolution": each thing you did in that battle (memory); the
        winner's resolution destroys the losing army and the Province (``battle-resolution``)."""
        deeds = [getattr(self, "deed_" + d.data)(d) for d in _sub(node, "deeds").children if isinstance(d, Tree)]
        return {"event": "battle_resolves", "condition": Condition(all=deeds) if len(deeds) > 1 else deeds[0]}

    def deed_did_play(self, node) -> Condition:
        return self._did("enters_play", node)

    def deed_did_destroy(self, node) -> Condition:
        return self._did("destroyed", node)

    def deed_did_destroy_at_resolution(self, node) -> Condition:
        if _tok(node, "TYPE").value != "card":
            raise Unreadable("destroying cards of one type during resolution is not read")
        return Condition.model_validate({"any": [
            {"happened": {"event": "destroyed", "by": "you", "cause": "resolution", "during": "battle"}},
            {"happened": {"event": "province_destroyed", "by": "you", "during": "battle"}}]})

    def _did(self, event: str, node) -> Condition:
        sub = _sub(node, *NP)
        if sub.data not in ("phrase", "bare"):
            raise Unreadable("something done to one named card in a battle is not read")
        flt = self.filter_of(sub)
        return Condition.model_validate({"happened": {"event": event, "by": "you", "during": "battle",
                                                      "filter": flt.model_dump(exclude_defaults=True)}})

    # ----- discard piles and Provinces -----------------------------------------------------
    def e_become_honorably_dead(self, node):
        """"A target Personality in a discard pile becomes honorably dead" (``dead``)."""
        if _tok(node, "STATE").value != "dead":
            raise Unreadable("'becomes honorably …' other than dead is not read")
        return Effect.model_validate({"become_dead": {"target": self.np(_sub(node, *NP))}})

    def post_in_any_discard(self, post, data: dict) -> None:
        data["zone"] = "discard"

    def post_in_fate_discard(self, post, data: dict) -> None:
        """"in your Fate discard pile": each deck has its own discard pile (``discard-piles``); the engine keeps
        one per player, so the Fate one is its Fate cards."""
        if _tok(post, "KEYWORD").value != "Fate":
            raise Unreadable("a discard pile other than the Fate one is not read")
        kinds = [t for t in data["type"] if t != "card"]
        if not set(kinds) <= FATE_TYPES:
            raise Unreadable("a Dynasty card in the Fate discard pile is not read")
        data.update(zone="discard", side="your", type=kinds or sorted(FATE_TYPES))

    def e_refill_with(self, node):
        """"Discard a face-up card from one of your Provinces. Refill the Province with your target
        discarded Personality": that Province is refilled with the card by this effect, not from the
        deck (``provinces``: "unless something else has refilled it"), so the discard before it
        leaves the Province empty for it."""
        emptied = next((i for i in range(len(self.effects) - 1, -1, -1) if self.effects[i].name == "discard"), None)
        if emptied is None or not self._from_province(self.effects[emptied]):
            raise Unreadable("'Refill the Province' with no card discarded from a Province before it is not read")
        self.effects[emptied] = Effect.model_validate({"vacate": {"target": self.effects[emptied].args.target}})
        return Effect.model_validate({"refill": {"card": self.np(_sub(node, *NP))}})

    def _from_province(self, effect: Effect) -> bool:
        ref = effect.args.target
        return isinstance(ref, int) and self.targets[ref - 1].filter.zone == "province"

    def ev_ev_recruited_from(self, node):
        """"After you Recruit this Holding from a Province": "it", "the Province" is that Province."""
        spec = self._by_you({"event": "recruited", **self._whose(node), "from_zone": "province"})
        self.province = "origin"
        return spec

    def ev_ev_enters_from(self, node):
        spec = {"event": "enters_play", **self._whose(node), "from_zone": "province"}
        self.province = "origin"
        return spec

    def e_refill_it(self, node):
        """"refill it face-up": the Province named before — the one the card came from, or the one an
        effect of this ability emptied (``provinces``)."""
        if _tok(node, "STATE").value != "face_up":
            raise Unreadable("refilling a Province other than face-up is not read")
        where = getattr(self, "province", None)
        if where is None:
            raise Unreadable("'refill it' with no Province named before it")
        return Effect.model_validate({"refill": {"province": where, "face_up": True}})

    def e_refill_here(self, node):
        """"Refill this Province face-up" on an Event: the Province it was used from, which it left for the
        resolution area when its action was announced (``event``, ``provinces``)."""
        if self.kind != "event" or _tok(node, "STATE").value != "face_up":
            raise Unreadable("'refill this Province' other than face-up on an Event is not read")
        return Effect.model_validate({"refill": {"province": "origin", "face_up": True}})

    def e_refill_entered_from(self, node):
        """"Refill the Province Jeiku entered play from face-up": the Province this Dynasty card left as it was
        Recruited; his Invest effects come before the rulebook refill (``invest``, ``provinces``)."""
        if self.kind not in ("personality", "holding") or _tok(node, "STATE").value != "face_up":
            raise Unreadable("'refill the Province … entered play from' other than face-up on a Dynasty card is not read")
        return Effect.model_validate({"refill": {"province": "origin", "face_up": True}})

    def e_into_province(self, node):
        """"Put your target discarded Personality into one of your Provinces, discarding any card currently there":
        face-down unless the text says face-up (``refill``)."""
        states = [t.value for t in node.children if isinstance(t, Token) and t.type == "STATE"]
        if any(s != "face_up" for s in states) or _tok(node, "TYPE").value != "card":
            raise Unreadable("putting a card into a Province other than face-up or face-down is not read")
        return Effect.model_validate({"into_province": {"target": self.np(_sub(node, *NP)), "face_up": bool(states)}})

    def e_favor_holder_discards(self, node):
        """"The player with the Imperial Favor discards it and loses 2 Honor": the holder discards the Favor, and the
        same player, named once, loses the Honor (``imperial-favor``, ``references``)."""
        effects = [Effect.model_validate({"discard_favor": {"player": "favor"}})]
        if (n := _sub(node, *AMOUNTS)) is not None:
            effects.append(Effect.model_validate({"lose_honor": {"player": "favor", "amount": self.amount(n)}}))
        return effects

    def e_put_on_bottom(self, node):
        return Effect.model_validate({"to_deck": {"target": self.np(_sub(node, *NP)), "where": "bottom"}})

    def e_turn_provinces_up(self, node):
        """"Turn all cards in your Provinces face-up" (``provinces``)."""
        if _tok(node, "TYPE").value != "card" or _tok(node, "STATE").value != "face_up":
            raise Unreadable("turning some cards of your Provinces is not read")
        return Effect.model_validate({"reveal_provinces": {}})

    # ----- additional actions ----------------------------------------------------------------
    def e_additional_play(self, node):
        """"take an additional action to play it": the player's next opportunity, after this action,
        is to play that card — the one just searched for, from the deck — or a card of that kind
        from hand ("to play a Terrain"); otherwise it is lost (``additional-action``)."""
        sub = _sub(node, *NP)
        kind = _tok(node, "AN_ADDITIONAL_KIND")
        data: dict = {"kind": kind.value} if kind is not None else {}
        if sub.data in ("phrase", "bare") and _sub(sub, "det") is not None:
            flt = self.filter_of(sub)
            if flt.zone != "play" or flt.side != "any" or flt.another:
                raise Unreadable("an additional action to play that card is not read")
            data["filter"] = flt.model_dump(exclude_defaults=True)
        else:
            ref = self.np(sub)
            if ref != "found":
                raise Unreadable("an additional action to play a card other than the one searched for is not read")
            data["target"] = ref
        return Effect.model_validate({"additional_play": data})

    def e_additional_actions(self, node):
        """"Take two additional Battle actions": the player acts that many times in a row after this action; an
        additional action's kind is the current round's unless printed (``additional-action``), so only the
        Combat Segment's kind, Battle, is read, and only on a Battle action."""
        if _tok(node, "BATTLE") is not None and tuple(self.designators) != ("battle",):
            raise Unreadable("additional Battle actions from an action of another kind are not read")
        return Effect.model_validate({"additional_action": {"times": int(_tok(node, "NUMBER").value)}})

    # ----- looking at the top of a deck --------------------------------------------------------
    def e_look_top(self, node):
        """"Look at the top three cards of your Fate deck": "them", "one of them" and "the rest" are
        these cards from now on (``look``)."""
        kind = _tok(node, "TYPE")
        if kind is not None and kind.value != "card":
            raise Unreadable("looking at cards of one type is not read")
        count = _tok(node, "NUMBER")
        self.last = "looked"
        return Effect.model_validate({"look": {"deck": _deck(node), "count": int(count.value) if count else 1}})

    def e_look_top_yours(self, node):
        """"Look at the top card of one of your decks": your Fate or Dynasty deck, your choice (``look``)."""
        self.last = "looked"
        return Effect.model_validate({"look": {"deck": "either"}})

    def e_look_top_any(self, node):
        """"Look at the top card of a deck": any player's Fate or Dynasty deck, your choice (``look``)."""
        self.last = "looked"
        return Effect.model_validate({"look": {"deck": "either", "whose": "any"}})

    def e_look_top_n(self, node):
        """"Look at a number of cards on the top of your Fate deck equal to his Chi" (``look``)."""
        if _tok(node, "TYPE").value != "card" or (_tok(node, "KEYWORD") is not None
                                                  and _tok(node, "KEYWORD").value not in ("Fate", "Dynasty")):
            raise Unreadable("looking at cards of one type is not read")
        count = self.value(_sub(node, *VALUES))
        self.last = "looked"
        return Effect.model_validate({"look": {"deck": _deck(node), "count": count}})

    def e_rest_to_bottom(self, node):
        """"Put the rest at the bottom of the deck in any order": the engine keeps their listed order (``look``)."""
        if self.last not in ("looked", "found"):
            raise Unreadable("'the rest' with no cards looked at before it")
        return Effect.model_validate({"to_deck": {"target": "rest", "where": "bottom"}})

    def _looked(self) -> None:
        if self.last not in ("looked", "found"):
            raise Unreadable("'one of them' with no cards looked at before it")
        self.last = "found"

    def e_pick_to_hand(self, node):
        self._looked()
        return Effect.model_validate({"pick_looked": {"to": "hand"}})

    def e_pick_to_bottom(self, node):
        self._looked()
        return Effect.model_validate({"pick_looked": {"to": "bottom"}})

    def e_pick_show(self, node):
        """"You may show one of them that is a Political Strategy": the card chosen is "it" (``show``)."""
        self._looked()
        kind = _sub(node, "that_is")
        data: dict = {"show": True}
        if kind is not None:
            data["filter"] = self.filter_of(Tree("bare", [Tree("typed", [c for c in kind.children
                                                                          if isinstance(c, Tree) or c.type == "TYPE"])]))
        return Effect.model_validate({"pick_looked": data})

    def e_arrange(self, node):
        if self.last not in ("looked", "found"):
            raise Unreadable("'put them back in any order' with no cards looked at before it")
        which = "looked" if _tok(node, "THEM") is not None or (_tok(node, "TYPE") is not None and _tok(
            node, "REMAINING") is None and self.last == "looked") else "rest"
        return Effect.model_validate({"arrange": {"target": which}})

    def e_shuffle_deck(self, node):
        return Effect.model_validate({"arrange": {"shuffle": True}})

    # ----- discarding the top card of a deck ------------------------------------------------------
    def e_discard_top(self, node):
        """"Discard the top card of a Fate deck": the card the player chooses the deck of ("a", "any": any
        player's; "another player's": one of the others') goes to its owner's discard pile; "the card",
        "the discarded card" is that card from now on (``discard``, ``fate-and-dynasty-decks``)."""
        where = _sub(node, "top_yours", "top_any", "top_other")
        poss = _sub(_sub(where, "of_deck"), "who_poss") if where.data == "top_yours" else None
        if poss is not None and _tok(poss, "YOUR") is None:
            raise Unreadable("discarding the top card of his or its deck is not read")
        self.discarded = True
        self.last = "discarded"
        whose = {"top_yours": "you", "top_any": "any", "top_other": "other"}[where.data]
        return Effect.model_validate({"discard_top": {"whose": whose, "deck": _deck(where)}})

    # ----- Recruit as an effect -----------------------------------------------------------------
    def e_recruit_effect(self, node):
        """"Recruit it" after a search of your Dynasty deck, "Recruit a target Holding in your Province, for 1
        less Gold": the Recruit procedure on that card (``recruit``)."""
        what = _sub(node, *NP)
        card = self.np(what)
        search = next((e for e in reversed(self.effects) if e.name == "search"), None) if card == "found" else None
        if card == "found" and (search is None or search.args.areas != ["dynasty_deck"]):
            raise Unreadable("Recruiting a card searched for elsewhere than in your Dynasty deck is not read")
        if card != "found" and not (isinstance(card, int) and self.targets[card - 1].filter.zone == "province"):
            raise Unreadable("Recruiting a card other than one searched for or a target in your Province is not read")
        less = _tok(node, "NUMBER")
        return Effect.model_validate({"recruit": {"target": card, "less": int(less.value) if less else 0}})

    # ----- delayed effects ---------------------------------------------------------------------
    def ev_ev_attacks_you(self, node):
        """"he attacks you": he is assigned or moved to attack one of your Provinces (you are the Defender)."""
        return {"event": "attacks", **self._whose(node), "condition": Condition(you_are="defender")}

    def ev_ev_destroyed_battle(self, node):
        return {"event": "destroyed", **self._whose(node), "condition": Condition(phase="battle")}

    def ev_ev_bows(self, node):
        return {"event": "bows", **self._whose(node)}

    def s_after_next(self, tree: Tree, i: int) -> None:
        """"After the next time this turn he attacks, his controller loses 2 Honor": a delayed effect
        waiting for that occurrence of the chosen card, once; "this turn" ends it with the turn
        (``delayed-effects``)."""
        self.after_card_event(tree, _tok(_sub(tree, "next_time"), "DUR"))

    def after_card_event(self, tree: Tree, this_turn, each: bool = False) -> None:
        """The sentence's effects, waiting for that occurrence of the chosen card: once, or with ``each`` every time
        it happens until the turn ends ("After the target attacks this turn, …", ``indefinite-conditional-effects``)."""
        ev = next(c for c in tree.children if isinstance(c, Tree) and c.data in NEXT_EVENTS)
        sub = _sub(ev, *NP)
        if sub.data in ("self_ref", "this_type", "this_kw"):
            raise Unreadable("'the next time this card …' is not read")
        card = self.np(sub)
        if not isinstance(card, int):
            raise Unreadable("'the next time' a card not chosen as a target does something is not read")
        event, cond = NEXT_EVENTS[ev.data]
        self.index = len(self.effects)
        do = self.sentence_effects(tree)
        if this_turn is not None and this_turn.value != "end_of_turn":
            raise Unreadable("'the next time' in a period other than this turn is not read")
        data = {"event": event, "card": card, "this_turn": this_turn is not None, "do": [e.model_dump() for e in do]}
        if each:
            data["each"] = True
        if cond is not None:
            data["if"] = cond.model_dump(exclude_defaults=True, by_alias=True)
        self.effects.append(Effect.model_validate({"after_next": data}))

    # ----- more triggers -------------------------------------------------------------------------
    def ev_ev_any_phase(self, node):
        """"After a phase begins": every phase (``the-turn-sequence``)."""
        return {"event": "phase_begins" if _tok(node, "EDGE").value == "begins" else "phase_ends"}

    def ev_ev_other_turn(self, node):
        return {"event": "turn_begins" if _tok(node, "EDGE").value == "begins" else "turn_ends", "whose": "other"}

    def ev_ev_leaves(self, node):
        return {"event": "leaves_play", **self._whose(node)}

    def ev_ev_discarded_from_play(self, node):
        """"After this Weapon enters your discard pile from play": it leaves play for its owner's discard
        pile — destroyed or discarded, not returned to a hand or removed from the game (``discard-piles``,
        ``in-play-and-out-of-play``)."""
        spec = {"event": "leaves_play", **self._whose(node)}
        if spec["whose"] != "self" or self.kind == "personality":
            raise Unreadable("'enters your discard pile from play' of a card other than this attachment is not read")
        return {**spec, "condition": Condition.model_validate({"card": "self", "is": ["discarded"]})}

    def ev_ev_army_destroys_province(self, node):
        """"After Boyoh Mercenary's army destroys a Province": his army wins and the Attacker destroys
        the battlefield's Province at resolution (``battle-resolution``), with him in it."""
        self.last = "self"
        return {"event": "province_destroyed", "condition": Condition.model_validate({
            "card": "self", "is": ["attacking", "in_battle"]})}

    def ev_ev_you_bow(self, node):
        return self._by_you({"event": "bows", **self._whose(node), "by": "you"})

    def ev_ev_attaches(self, node):
        """"After this Item attaches": it enters play attached, or is moved to another Personality
        (``attachments``)."""
        if _sub(node, *NP).data == "pronoun":
            if self.last is not None:
                raise Unreadable("'after it attaches' of a card named before is not read")
            self.last = "self"
            return {"event": "attaches", "whose": "self"}
        return {"event": "attaches", **self._whose(node)}

    def ev_ev_this_phase(self, node):
        """"before this phase ends": the phase this action is taken in (``the-turn-sequence``)."""
        phases = {DESIGNATOR_PHASE[d] for d in self.designators}
        if len(phases) != 1:
            raise Unreadable("'this phase' of an action taken in more than one phase is not read")
        edge = _tok(node, "EDGE").value
        return {"event": "phase_begins" if edge == "begins" else "phase_ends", "phase": phases.pop(), "whose": "any"}

    def t_first_each_turn(self, tree: Tree) -> TriggerSpec:
        """"After the first time each turn you bow this Holding, …": the trait triggers every time, its
        effects apply once a turn (``triggered-traits``)."""
        event = next(c for c in tree.children if isinstance(c, Tree) and c.data.startswith("ev_"))
        spec = self.trigger(Tree("t_after", [Token("AFTER", "after"), event]))
        return TriggerSpec.model_validate({**spec, "once_per": "turn", "targets": self.targets,
                                           "do": self.sentence_effects(tree)})

    def t_after_your_action_did(self, tree: Tree) -> TriggerSpec:
        """"After your action resolves, if it bowed any enemy cards, gain 1 Honor": the trait answers the end of each
        action its player takes, and resolves only if that action's effects bowed such a card, as the card is now
        (``triggered-traits``, ``action-sequence``)."""
        sub = _sub(tree, *NP)
        if _tok(tree, "STATE").value != "bowed" or sub.data not in ("phrase", "bare"):
            raise Unreadable("'if it …' after your action resolves other than 'bowed' a kind of card is not read")
        test = ActionTest(did="bows", fits=self.filter_of(sub))
        return TriggerSpec.model_validate({"when": "after", "event": "action_resolves", "by": "you",
                                           "condition": Condition(action=test), "targets": self.targets,
                                           "do": self.sentence_effects(tree)})

    def t_from_discard(self, tree: Tree) -> TriggerSpec:
        """"Before your turn ends, if this Strategy is in your discard pile, put it in your hand": a trait
        that says it triggers from the discard pile (``triggered-traits``)."""
        spec = self.trigger(_sub(tree, "t_after", "t_before", "t_when"))
        if self.np(_sub(tree, *NP)) != "self":
            raise Unreadable("'if … is in your discard pile' of another card is not read")
        cond = Condition.model_validate({"card": "self", "is": ["discarded"]})
        return TriggerSpec.model_validate({**spec, "condition": _and(spec.get("condition"), cond), "while_in": "discard",
                                           "targets": self.targets, "do": self.sentence_effects(tree)})

    def np_its_type(self, node):
        """"its Personality" on an attachment: the Personality it is attached to (``references``)."""
        if _tok(node, "TYPE").value != "personality" or self.kind not in ("follower", "item", "spell") \
                or self.last not in (None, "self", "host"):
            raise Unreadable("'its …' naming a card other than this attachment's Personality is not read")
        self.last = self.person = "host"
        return "host"

    def post_at_its_battlefield(self, post: Tree, data: dict) -> None:
        """"Before this battle resolves, bow all Followers at its battlefield" on a Terrain: the battlefield
        it is in play at, the current one (``terrain``: a Terrain is put into play at the current
        battlefield and discarded after its battle ends)."""
        if self.kind != "strategy" or self.last not in (None, "self"):
            raise Unreadable("'at its battlefield' naming another card's battlefield is not read")
        data["at"] = "here"

    def c_in_your_discard(self, node):
        """"If this Strategy is in your discard pile" (``discard-piles``)."""
        if self.np(_sub(node, *NP)) != "self":
            raise Unreadable("'is in your discard pile' of another card is not read")
        return Condition.model_validate({"card": "self", "is": ["discarded"]})

    def c_in_other_discard(self, node):
        """"while an attachment is in another player's discard pile": some such card there, owned by another
        player (``discard-piles``); no card is chosen, the condition asks whether one exists."""
        sub = _sub(node, *NP)
        dets = [t.type for d in sub.children if isinstance(d, Tree) and d.data == "det" for t in d.children]
        flt = self.filter_of(sub) if sub.data == "phrase" and dets == ["A"] else None
        if flt is None or flt.side != "any" or flt.zone != "play":
            raise Unreadable("'is in another player's discard pile' other than of 'a' card is not read")
        return Condition(exists=flt.model_copy(update={"zone": "discard", "side": "other"}))

    def s_before_point(self, tree: Tree, i: int) -> None:
        """"Before this phase ends, put this Strategy into your hand": a delayed effect at that timing
        point (``delayed-effects``)."""
        ev = next(c for c in tree.children if isinstance(c, Tree) and c.data.startswith("ev_"))
        read = getattr(self, "ev_" + ev.data, None)
        spec = read(ev) if read is not None else {}
        words = _point_words(spec) if set(spec) <= {"event", "phase", "whose"} \
            and spec.get("whose") in (None, "any", "your") else None
        if words is None:
            raise Unreadable("a delayed effect before that occurrence is not read")
        do = self.sentence_effects(tree)
        self.effects.append(Effect.model_validate({"delayed": {"before": words, "do": [e.model_dump() for e in do]}}))
        return None

    # ----- Invest ------------------------------------------------------------------------------
    def t_invest_if(self, tree: Tree):
        """"Invest [2 Gold]: If you are Scorpion Clan, draw a card": the Invest effects happen only if the
        condition holds as they resolve (``invest``, ``effects-2``). A condition on a card is not read: on a
        Strategy "the target" is its action's, which the trait read alone cannot name."""
        cond = self.cond(_sub(tree, "lead").children[1])
        if _names_self(cond.model_dump()):
            raise Unreadable("an Invest condition on a card is not read")
        what, gold, (effects, targets) = self.t_invest(tree)
        return what, gold, ([e.model_copy(update={"condition": _and(e.condition, cond)}) for e in effects], targets)

    # ----- seppuku ---------------------------------------------------------------------------
    def e_commit_seppuku(self, node):
        """"Erdene commits Seppuku", "Your target honorable Human Personality commits Seppuku" (``seppuku``)."""
        return Effect.model_validate({"seppuku": {"target": self.np(_sub(node, *NP))}})

    def ev_ev_commits_seppuku(self, node):
        """"After a Personality commits seppuku": his destruction by it (``seppuku``); "his controller" after it is
        the player who controlled him (``references``)."""
        return {"event": "destroyed", **self._whose(node), "cause": "seppuku"}

    # ----- hands ---------------------------------------------------------------------------
    def e_discard_random(self, node):
        """"A target player discards a card at random": a card of his hand no player chooses (``discard``);
        "the discarded card" after it is that card."""
        who = self.who(node)
        self.discarded = True
        self.last = "discarded"
        return Effect.model_validate({"discard_cards": {"player": who, "random": True}})

    def e_discard_from_play(self, node):
        """"Discard this Strategy from play": the card itself, in play, goes to its owner's discard pile
        (``discard``); another card "from play" is not read."""
        if self.np(_sub(node, *NP)) != "self":
            raise Unreadable("discarding a card other than this one from play is not read")
        return Effect.model_validate({"discard": {"target": "self"}})

    def e_discard_hand(self, node):
        """"Discard your hand": every card in it (``discard``)."""
        return Effect.model_validate({"discard_hand": {}})

    # ----- conditions ------------------------------------------------------------------------
    def c_not_destroyed(self, node):
        """"if it was not destroyed", of the battlefield's Province named before (``battle-resolution``)."""
        if _sub(node, *NP).data != "pronoun" or self.last != "battlefield":
            raise Unreadable("'was not destroyed' of a card is not read")
        return Condition(battlefield_destroyed=False)

    def c_ever_there(self, node):
        """"if any enemy units were ever at its battlefield": an enemy unit was at the current
        battlefield at some point this turn (``enemy``, ``battlefields``; memory)."""
        sub = _sub(node, *NP)
        flt = self.filter_of(sub) if sub.data == "phrase" else None
        if self.last != "battlefield" or flt is None or flt.side != "enemy" or flt.type not in (["unit"], ["personality"]):
            raise Unreadable("'were ever at its battlefield' of other cards is not read")
        return Condition.model_validate({"happened": {"at": "here", "side": "enemy"}})

    def c_fewest_cards(self, node):
        """"If you have fewer cards in your hand than each other player": fewer than each of them, counted as
        the condition is checked."""
        if _tok(node, "TYPE").value != "card":
            raise Unreadable("counting cards of one type in a hand is not read")
        return Condition(fewest_cards=True)

    def c_hand_size(self, node):
        """"If your maximum hand size is 10 or more": the player's stat as the condition is checked, every change
        to it counted (``maximum-hand-size``)."""
        op = ">=" if _tok(node, "ORMORE") is not None else "<="
        return Condition.model_validate({"hand_size": {"op": op, "value": int(_tok(node, "NUMBER").value)}})

    def c_have_le(self, node):
        return self.count_controlled(node, "<=")

    def c_have_ge(self, node):
        return self.count_controlled(node, ">=")
