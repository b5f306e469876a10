"""The decks area of the card reader: cards in hands, decks, discard piles and Provinces;
Events and Rings; triggered traits and delayed effects.

Rings (``ring``): a Ring is put into play from its owner's hand when its condition is met
("Play if you have two or fewer Rings in play"), and its text may let the player discard
it from hand to use its ability without cost.
"""
from __future__ import annotations

from lark import Tree

from ..abilities import Static, TriggerSpec
from ..cardtree import NP, Unreadable, _and, _sub, _tok
from ..registry import Effect
from ..structures import Condition

WORDS = {"use": "USE", "were": "IS", "which": "WHICH", "played": "PLAYED", "resolution": "RESOLUTION",
         "dead": "STATE", "discarded": "STATE", "honorably": "HONORABLY", "refill": "REFILL"}
PHRASES = {"at the bottom of": ("ATBOTTOM", "bottom"), "on the bottom of": ("ATBOTTOM", "bottom")}
STATIC_KINDS = {"st_use_from_hand"}


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

    # ----- hands ---------------------------------------------------------------------------
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

    def c_have_le(self, node):
        return self.count_controlled(node, "<=")

    def c_have_ge(self, node):
        return self.count_controlled(node, ">=")
