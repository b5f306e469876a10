"""Duels, challenges and Focus: "As a Focus Effect, …" traits, the duel's Personalities and
its outcome as the text names them ("the winner", "if you win this duel", "the other
Personality").

A Focus Effect is a triggered trait of a focused card, resolved once a strike is called and the
focused cards are face up (``duel`` step 4, ``focus-focus-effect``).  What it says about the
duel's outcome cannot happen yet: it becomes a consequence applied once the duel resolves
(``duel_consequence``, ``duel`` step 5).
"""
from __future__ import annotations

from lark import Token, Tree

from ..abilities import Static, TargetSpec, TriggerSpec
from ..cardtree import NP, Unreadable, _attachment_words, _name_words, _sub, _tok
from ..registry import Effect
from ..structures import ActionTest, AllRef, Amount, Condition, Filter, Whichever
from ..vocab import ELEMENTS

PHRASES = {
    "as a focus effect": ("FOCUSEFFECT", "focus"), "this duel": ("THEDUEL", "duel"),
    "this duel's winner": ("WINNER", "winner"), "this duel's loser": ("LOSER", "loser"),
    "your personality in this duel": ("DUELIST", "duelist_yours"),
    "the personality facing yours in this duel": ("DUELIST", "duelist_other"),
    "and , if": ("ANDIF", "if"),  # "+2F and, if you are attacking, gain 1 Honor": not "+2F and +1C"
    "at a battlefield": ("ATABATTLEFIELD", "battlefield"),
    ", who may": ("WHOMAY", "who"), "who may": ("WHOMAY", "who"),
    ", whose controller can": ("WHOSEMAY", "controller"), ", whose controller may": ("WHOSEMAY", "controller"),
    "your challenger": ("CHALLENGER", "challenger"),
    "; if he does ,": ("IFREFUSED", "refused"),  # "He may refuse; if he does, give Niwa +3F"
    "both players": ("EACHPLAYER", "each"), "at least once": ("ATLEASTONCE", "1"), "exactly once": ("EXACTLYONCE", "1"),
    "if possible": ("IFABLE", "optional"), "duel stat": ("DUELSTAT", "stat"),
    "make a fear effect": ("MAKEFEAR", "fear"),
    "created by the action": ("CREATEDBYACTION", "action"),
    "the winner of any duel created by the action": ("ACTIONDUELWINNER", "winner"),
    "both personalities": ("BOTHDUELISTS", "both"),
    "you have the first opportunity to focus or strike": ("FIRSTOPTION", "first"),
    "the challenger": ("THECHALLENGER", "challenger"),
    "the last card you focused in the duel": ("LASTFOCUSED", "last"), "loses any duel against": ("LOSESDUELSAGAINST", "duel"),
}
WORDS = {"refuse": "REFUSE", "refuses": "REFUSE", "refused": "REFUSED", "first": "FIRST", "issue": "ISSUE", "issued": "ISSUE", "challenged": "CHALLENGED", "uses": "USES", "won": "WON", "dueling": "DUELING", "creates": "CREATES",
         "end": "END", "resolution": "RESOLUTION", "focused": "FOCUSED", "duels": "DUEL", "where": "WHERE",
         "against": "AGAINST", "removing": "REMOVING", "focuses": "FOCUS", "lost": "LOST", "whichever": "WHICHEVER",
         "element": "ELEMENT", "losing": "LOSING"}
NP_KINDS = ("duelist", "the_other", "challenger", "both_duelists", "your_earlier", "its_target")
CLAUSE_KINDS = ("after_it_ends", "if_clause", "if_refused")
VALUE_KINDS = ("whichever", "that_stat")
STATIC_KINDS = ("st_duel_stat", "st_first_option", "st_loses_duels", "st_focus_from_discard", "st_focused_value",
                "st_player_cannot")

DUEL_STATS = ("chi", "force", "personal_honor")
OPS = {"lt": "<", "gt": ">", "le": "<=", "ge": ">=", "eq": "="}  # "is greater than or equal to" (comparing-stats)
VERBS = {"bow": "bow", "dishonor": "dishonor", "rehonor": "rehonor", "destroy": "destroy", "straighten": "straighten"}  # the stats a duel may compare (duel-stat)

# What names the duel's outcome, in a reading: the winner, the loser, their players, "if you win".
OUTCOME_REFS = frozenset({"winner", "loser", "losers", "winner_controller", "loser_controller"})


def names_outcome(data) -> bool:
    """Whether an effect (as data) names the duel's winner or loser, or tests who won."""
    if isinstance(data, dict):
        return "duel" in data and data["duel"] in ("won", "lost") or any(names_outcome(v) for v in data.values())
    if isinstance(data, list):
        return any(names_outcome(v) for v in data)
    return isinstance(data, str) and data in OUTCOME_REFS


class Readers:
    in_duel = False  # reading a Focus Effect: "the other Personality" is the one facing yours
    outcome_later = False  # its effects wait for the duel to end ("… after it ends")
    refusal = False  # a challenge that may be refused was read: "if he does" is "if he refuses"

    def t_focus_effect(self, tree: Tree) -> TriggerSpec:
        """"As a Focus Effect, bow the other Personality": a trait of this card when it is a
        focused card turned face up in a duel (``focus-focus-effect``, ``duel`` step 4).  Effects
        on the duel's outcome ("give the duel's winner +3F", "if you win this duel, draw a card",
        "after you win this duel, …") wait for the duel to resolve (``duel`` step 5)."""
        self.in_duel = True
        self.outcome_later = _sub(tree, "after_it_resolves") is not None  # "after this duel resolves, …" (duel step 5)
        lead = _sub(tree, "lead")
        cond = self.cond(lead.children[1]) if lead is not None else None
        if _sub(tree, "after_you_win") is not None:  # "after you win this duel": when it resolves, if you won
            cond = Condition(duel="won") if cond is None else Condition(all=[Condition(duel="won"), cond])
        effects = self.sentence_effects(tree)
        if _sub(tree, "when_it_resolves") is not None and any(e.name != "lose_duel" for e in effects):
            raise Unreadable("'when this duel resolves' with effects other than losing it is not read")
        if cond is not None:
            effects = [e.model_copy(update={"condition": cond if e.condition is None else Condition(
                all=[cond, e.condition])}) for e in effects]
        later = [self.outcome_later or names_outcome(e.model_dump(mode="json", by_alias=True)) for e in effects]
        if any(later):
            if not all(later):
                raise Unreadable("a Focus Effect with effects both now and after the duel resolves is not read")
            effects = [Effect.model_validate({"duel_consequence": {"do": [e.model_dump(mode="json", by_alias=True)
                                                                          for e in effects]}})]
        return TriggerSpec.model_validate({"when": "when", "event": "focused", "whose": "self",
                                           "targets": self.targets, "do": effects})

    def clause_after_it_ends(self, node: Tree, index: int) -> list[Effect]:
        """"This duel's winner gains 1 Honor after it ends": once the duel has ended, which is
        when its resolution step ends (``duel``), so with its consequences."""
        if not self.in_duel or _tok(node, "EDGE").value != "ends":
            raise Unreadable("'after it ends' outside a Focus Effect is not read")
        self.outcome_later = True
        effects = self.act(next(c for c in node.children if isinstance(c, Tree) and c.data != "may"), index)
        if _sub(node, "may") is not None:
            effects = [e.model_copy(update={"may": True}) for e in effects]
        return effects

    def c_you_win_duel(self, node):
        """"If you win (this duel)": your Personality wins the duel (``duel``)."""
        if not self.in_duel:
            raise Unreadable("'if you win' outside a duel is not read")
        return Condition(duel="won")

    def c_you_lost_duel(self, node):
        """"If you lost": your Personality lost the duel, as both do in a tie (``duel``)."""
        if not self.in_duel:
            raise Unreadable("'if you lost' outside a duel is not read")
        return Condition(duel="lost")

    def c_you_won_by(self, node):
        """"If you won the duel by three or more", after the action's challenge: your Personality won it, his total
        that much higher than the other's (``duel`` step 5)."""
        if getattr(self, "duel_at", None) is None:
            raise Unreadable("'if you won the duel by …' with no duel before it is not read")
        return Condition(duel="won", won_by=int(_tok(node, "NUMBER").value))

    def post_same_location(self, post: Tree, data: dict) -> None:
        """"at the same location as your Personality in this duel": where that card is when the effect applies, so at
        any location until then (``rules-of-location``); the card is a duelist or a target chosen before."""
        ref = self.np(_sub(post, *NP))
        if not (isinstance(ref, int) or ref in ("duelist_yours", "duelist_other")):
            raise Unreadable("'at the same location as' a card other than a target or a duelist is not read")
        data["same_location"], data["at"] = ref, "any"

    def np_duelist(self, node):
        """"Your Personality in this duel", "the Personality facing yours in this duel" (``facing``)."""
        ref = _tok(node, "DUELIST").value
        self.last = self.person = ref
        return ref

    def np_the_other(self, node):
        """"The other Personality" in a Focus Effect, "the other Personality in the duel": the one facing
        yours (``facing``)."""
        if not (self.in_duel or _tok(node, "THEDUEL") is not None) or _tok(node, "TYPE").value != "personality":
            raise Unreadable("'the other …' outside a duel is not read")
        self.last = self.person = "duelist_other"
        return "duelist_other"

    def e_np_gains_honor(self, node):
        """"The winner gains 2 Honor": the player who controls the card gains it."""
        return self.e_gain_honor(self._who_np(node))

    def e_np_loses_honor(self, node):
        """"The loser loses 2 Honor": the player who controls the card loses it."""
        return self.e_lose_honor(self._who_np(node))

    def _who_np(self, node: Tree) -> Tree:
        """The rule with its card as the player's "who" (``who`` reads a card as its controller)."""
        who = Tree("who", [_sub(node, *NP)])
        return Tree(node.data, [who] + [c for c in node.children if c is not who.children[0]])

    def e_np_loses_keyword(self, node):
        """"The other Personality in the duel loses Duelist": until the end of the turn (``keywords``,
        ``duration-of-effects``)."""
        return Effect.model_validate({"keyword": {"target": self.np(_sub(node, *NP)),
                                                  "lose": [_tok(node, "KEYWORD").value]}})

    def e_np_may_take_action(self, node):
        """"The duel's winner may take an additional action": the card's player may (``additional-action``)."""
        who = self.who(Tree("who_of", [Tree("who", [_sub(node, *NP)])]))
        return Effect.model_validate({"additional_action": {"player": who}, "may": True})

    def clause_if_clause(self, node: Tree, index: int) -> list[Effect]:
        """"… and, if you are attacking, gain 1 Honor": the condition is that clause's alone (``conjunctions``)."""
        cond = self.cond(self.cond_child(node))
        effects = self.act(next(c for c in node.children if isinstance(c, Tree) and c.data not in ("may",)
                                and c is not self.cond_child(node)), index)
        if _sub(node, "may") is not None:
            effects = [e.model_copy(update={"may": True}) for e in effects]
        return [e.model_copy(update={"condition": cond if e.condition is None else Condition(all=[cond, e.condition])})
                for e in effects]

    def e_remove_keyword(self, node):
        """"Remove Duelist from the Personality facing yours": he loses it until the end of the turn
        (``keywords``; an ongoing effect lasts until the end of the turn, ``duration-of-effects``)."""
        return Effect.model_validate({"keyword": {"target": self.np(_sub(node, *NP)), "lose": [_tok(node, "KEYWORD").value]}})

    def c_you_are_state(self, node):
        """"If you are attacking": you are the attacking (defending) player (``attack``)."""
        state = _tok(node, "STATE").value
        if state not in ("attacking", "defending"):
            raise Unreadable(f"'if you are {state}' is not read")
        return Condition(you_are="attacker" if state == "attacking" else "defender")

    def ev_ev_duel_won(self, node):
        """"After Izumiko wins a duel": when the duel's resolution makes him its winner (``duel``);
        "… a duel at a battlefield": one he fights away from home (``battlefield``)."""
        spec = {"event": "duel_won", **self._whose(node)}
        if _tok(node, "ATABATTLEFIELD") is not None:
            if spec["whose"] in ("self", "host"):
                raise Unreadable("'this card wins a duel at a battlefield' is not read")
            spec["subject"] = {**spec.get("subject", {}), "at": "battlefield"}
        return spec

    # ----- refusal (refuse) -----------------------------------------------------------------------
    def _challenge(self, node, **extra) -> Effect:
        challenger, challenged = (self.np(c) for c in node.children if isinstance(c, Tree) and c.data in NP)
        self.duel_at, self.refusal = self.index, True
        self.last = self.person = challenged
        return Effect.model_validate({"duel": {"challenger": challenger, "challenged": challenged, "refusable": True,
                                               **extra}})

    def e_challenge_refusable(self, node):
        """"… challenges a target enemy Personality, who may refuse" (``refuse``)."""
        return self._challenge(node)

    def e_challenge_refuse_home(self, node):
        """"…, who may move home to refuse": he refuses by moving home (``refuse``, ``independence-of-effects``)."""
        effect = self._challenge(node)
        return effect.model_copy(update={"args": effect.args.model_copy(update={"refuse_cost": [
            Effect.model_validate({"move_home": {"target": effect.args.challenged}})]})})

    def e_challenge_refuse_cost(self, node):
        """"…, whose controller can dishonor him and move him home to refuse": he refuses by doing that
        (``refuse``, ``independence-of-effects``)."""
        effect = self._challenge(node)
        cost = [e for act in _sub(node, "refusal_cost").children if isinstance(act, Tree) for e in self.act(act, self.index)]
        return effect.model_copy(update={"args": effect.args.model_copy(update={"refuse_cost": cost})})

    def e_may_refuse(self, node):
        """"He may refuse": the challenge of the sentence before may be refused (``refuse``: refusal
        conditions come from the text that created the duel; a modifying phrase applies with the
        effect it modifies, ``order-of-effects``); "If he is unbowed, he may refuse": only then."""
        self._refusable(self.np(_sub(node, *NP)), [])
        return []

    def e_may_refuse_cost(self, node):
        """"His controller may dishonor him and move him home to refuse the duel": he refuses by doing
        that (``refuse``, ``independence-of-effects``)."""
        challenged = self._challenged()
        self.last = self.person = challenged
        cost = [e for act in _sub(node, "refusal_cost").children if isinstance(act, Tree)
                for e in self.act(act, self.index)]
        self._refusable(challenged, cost)
        return []

    def _challenged(self):
        at = getattr(self, "duel_at", None)
        if at is None or at >= len(self.effects) or self.effects[at].name != "duel":
            raise Unreadable("a refusal not following its challenge is not read")
        return self.effects[at].args.challenged

    def _refusable(self, ref, cost: list[Effect]) -> None:
        if ref != self._challenged():
            raise Unreadable("'he may refuse' not naming the Personality challenged just before is not read")
        at = self.duel_at

        def only_if(cond: Condition) -> None:
            duel = self.effects[at]
            self.effects[at] = duel.model_copy(update={"args": duel.args.model_copy(update={"refuse_if": cond})})

        duel = self.effects[at]
        self.effects[at] = duel.model_copy(update={"args": duel.args.model_copy(update={"refusable": True,
                                                                                       "refuse_cost": cost})})
        self.refusal, self.modifier = True, only_if

    def e_challenge_by_self(self, node):
        """"Challenge a target enemy Personality" in a Personality's ability: he is the challenger
        (``challenge``: "A duels B" is "A issues a challenge to B")."""
        if self.kind != "personality":
            raise Unreadable("'Challenge …' with no challenger named is read on a Personality only")
        challenged = self.np(_sub(node, *NP))
        self.duel_at = self.index
        self.last = self.person = challenged
        return Effect.model_validate({"duel": {"challenger": "self", "challenged": challenged}})

    def clause_if_refused(self, node: Tree, index: int) -> list[Effect]:
        """"He may refuse; if he does, give Niwa +3F": a consequence of refusing (``refuse``)."""
        if not self.refusal:
            raise Unreadable("'if he does' after something other than a refusal is not read")
        act = next(c for c in node.children if isinstance(c, Tree) and c.data != "may")
        may = _sub(node, "may") is not None
        return [e.model_copy(update={"condition": Condition(duel="refused"), "may": may or e.may})
                for e in self.act(act, index)]

    def c_he_refused(self, node):
        """"If he refuses, dishonor him": the challenge just read was refused (``refuse``)."""
        if not self.refusal:
            raise Unreadable("'if he does' after something other than a refusal is not read")
        return Condition(duel="refused")

    def c_he_did_not_refuse(self, node):
        """"If he does not refuse, destroy the duel's loser": the challenge just read was accepted (``refuse``)."""
        return Condition.model_validate({"not": self.c_he_refused(node).model_dump(exclude_defaults=True)})

    def np_challenger(self, node):
        """"Your challenger": the Personality who issued the challenge (``challenge``)."""
        if not self.refusal and getattr(self, "duel_at", None) is None:
            raise Unreadable("'your challenger' with no challenge before it is not read")
        self.last = self.person = "challenger"
        return "challenger"

    # ----- restrictions (permissions) -----------------------------------------------------------
    def read_st_player_cannot(self, node, data) -> list[Static]:
        """"You cannot gain Honor, issue challenges, or take Political actions" (a Sensei's): no Honor gain of
        yours from anything, none of your Personalities issues a challenge (a challenge is issued by its
        challenger, ``challenge``), no action of yours with those keywords (``permissions``,
        ``honor-gains-and-losses``)."""
        return [self._player_restriction(r, data) for r in node.children if isinstance(r, Tree)
                and r.data.startswith("pr_")]

    def _player_restriction(self, r: Tree, data: dict) -> Static:
        if r.data == "pr_gain_honor":
            return Static.model_validate({**data, "kind": "honor_change", "what": "no_gains", "player": "you"})
        if r.data == "pr_challenges":
            return Static.model_validate({**data, "kind": "restrict", "what": "challenges", "target": AllRef(
                all=Filter(type=["personality"], side="your"))})
        return Static.model_validate({**data, "kind": "restrict", "what": "take_actions", "by": "you",
                                      "keywords": [t.value for t in _sub(r, "act_kinds").children
                                                   if isinstance(t, Token) and t.type == "KEYWORD"]})

    # ----- focusing required (duel) -------------------------------------------------------------
    def e_must_focus(self, node):
        """"Each player must focus at least once in the duel", "Each Personality must focus exactly once,
        if possible", "His controller must focus at least once from his hand (if able)": a condition of the
        duel just created, applied with it (``order-of-effects``); a player unable to focus need not."""
        who = _sub(node, "focusers")
        challenged = self._challenged()
        if _tok(who, "HIS") is not None:
            if self.last != challenged:
                raise Unreadable("'his controller must focus' naming a Personality other than the challenged one")
            whose = "challenged"
        else:
            whose = "each"
        if _tok(node, "IFABLE") is None and _tok(node, "RPAR") is None and _tok(node, "THEDUEL") is None:
            raise Unreadable("a focus requirement that is not about the duel just created is not read")
        at = self.duel_at
        duel = self.effects[at]
        self.effects[at] = duel.model_copy(update={"args": duel.args.model_copy(update={
            "must_focus": whose, "focus_from_hand": _tok(node, "HAND") is not None,
            "focus_limit": 1 if _tok(node, "EXACTLYONCE") is not None else None})})
        return []

    # ----- duel stats (duel-stat) ------------------------------------------------------------------
    def read_st_duel_stat(self, node, data) -> list[Static]:
        """"Nikaru uses his printed Force as his duel stat": his own trait, which overrides the stat a duel
        gives (``duel-stat``)."""
        stat = self.statword(_sub(node, "statword"))
        if stat not in DUEL_STATS or data["target"] not in ("self", "host"):
            raise Unreadable("that duel stat is not read")
        return [Static.model_validate({**data, "kind": "duel_stat", "stat": stat,
                                       "what": "printed" if _tok(node, "PRINTED") is not None else None})]

    def e_challenge_stat(self, node):
        """"Otani challenges a target enemy Personality to a duel of Force": both use Force as their duel
        stat (``duel-stat``)."""
        stat = self.statword(_sub(node, "statword"))
        if stat not in DUEL_STATS:
            raise Unreadable(f"a duel of {stat.replace('_', ' ')} is not read")
        challenger, challenged = (self.np(c) for c in node.children if isinstance(c, Tree) and c.data in NP)
        self.duel_at = self.index
        self.last = self.person = challenged
        return Effect.model_validate({"duel": {"challenger": challenger, "challenged": challenged, "stat": stat}})

    def c_won_duel(self, node):
        """"If he won a duel this turn", "unless he has won a duel this turn": the card has won one (``duel``);
        "If one of your Personalities has won a duel this turn": any of yours has, counted from the duels of the
        turn, so one no longer in play counts too."""
        if _one_of_your_personalities(_sub(node, *NP)):
            if _tok(node, "DUR").value != "end_of_turn":
                raise Unreadable("a duel other than this turn's is not read")
            return Condition.model_validate({"duels_won": {"op": ">=", "value": 1}})
        return self._this_turn(node, "won")

    def c_issued_challenge(self, node):
        """"If Ibara has challenged a Personality this turn": he has issued a challenge (``challenge``)."""
        if _tok(node, "TYPE").value != "personality":
            raise Unreadable("challenging something other than a Personality is not read")
        return self._this_turn(node, "challenged")

    def np_your_earlier(self, node):
        """"… with equal or lower Chi than your Personality" after "Target your unbowed Personality": the card
        targeted before (``targeting``: only the word "target" makes a new target; ``comparing-stats``)."""
        earlier = self._earlier_target(Filter(type=[_tok(node, "TYPE").value], side="your"))
        if earlier is None:
            raise Unreadable("'your …' naming a card not targeted before is not read")
        return earlier

    def c_card_has_attached_n(self, node):
        """"If Yoritama has two Weapons", "if he has two Weapons attached": at least that many attachments with
        those words (``attachments``; a card with more still has two, as "a Weapon" is one or more)."""
        n = int(_tok(node, "NUMBER").value)
        if not 2 <= n <= 4:
            raise Unreadable("that number of attachments is not read")
        return Condition.model_validate({"card": self._card_cond(node), "has_attached": _attachment_words(node),
                                         "attached_count": n})

    def _this_turn(self, node, what: str) -> Condition:
        if _tok(node, "DUR").value != "end_of_turn":
            raise Unreadable("a duel other than this turn's is not read")
        return Condition.model_validate({"card": self._card_cond(node), "this_turn": what})

    def e_two_verbs(self, node):
        """"Dishonor and bow the duel's loser", "Rehonor and bow a target dishonorable Personality": both,
        in the order written, on the same card (``order-of-effects``)."""
        ref = self.np(_sub(node, *NP))
        verbs = [c.children[0].value.lower() for c in node.children if isinstance(c, Tree) and c.data == "card_verb"]
        if verbs[0] == verbs[1]:
            raise Unreadable("the same verb twice is not read")
        return [Effect.model_validate({VERBS[v]: {"target": ref}}) for v in verbs]

    # ----- "while dueling …" (facing) ---------------------------------------------------------------
    def c_dueling(self, node):
        """"While this Personality is dueling a Personality with lower Force": he is in a duel in progress
        facing such a Personality (``facing``, ``duel``)."""
        first, other = [c for c in node.children if isinstance(c, Tree) and c.data in NP]
        card = self._card_cond(Tree("cond", [first]))
        return Condition.model_validate({"card": card, "dueling": self._faced(other)})

    def c_dueling_self(self, node):
        """"Toshigure has -1C while dueling Doji Moro": this Personality is dueling him (``facing``)."""
        if self.kind != "personality":
            raise Unreadable("'while dueling' with no Personality named is read on a Personality only")
        return Condition.model_validate({"card": "self", "dueling": self._faced(_sub(node, *NP))})

    def c_dueling_or_opposed(self, node):
        """"While dueling, or opposed by, a Phoenix Clan Personality": facing him in a duel, or in the battle
        at his battlefield on the other side (``facing``, ``opposed``)."""
        if self.kind != "personality" or _tok(node, "STATE").value != "opposed":
            raise Unreadable("'while dueling, or …' is read on a Personality, with 'opposed by', only")
        faced = self._faced(_sub(node, *NP))
        return Condition.model_validate({"any": [{"card": "self", "dueling": faced},
                                                 {"exists": {**faced.model_dump(exclude_defaults=True),
                                                             "opposing": True}}]})

    def _faced(self, node) -> Filter:
        if node.data == "titled":
            return Filter(type=["personality"], title=node.children[0].value)
        name = _name_words(node)
        if name:  # "while dueling Doji Moro": a Personality named by his title (references)
            return Filter(type=["personality"], title=name)
        if node.data not in ("phrase", "bare"):
            raise Unreadable("'dueling' a card named before is not read")
        flt = self.filter_of(node)
        if flt.type != ["personality"]:
            raise Unreadable("'dueling' something other than a Personality is not read")
        return flt

    # ----- challenge triggers (challenge) -----------------------------------------------------------
    def ev_ev_challenges(self, node):
        """"After Nokkai challenges a Personality": once he has issued the challenge (``challenge``)."""
        if _tok(node, "TYPE").value != "personality":
            raise Unreadable("challenging something other than a Personality is not read")
        return {"event": "challenges", **self._whose(node)}

    # ----- Interrupts to an action that creates a duel (interrupt-actions) --------------------------------
    def c_action_creates_duel(self, node):
        """"If the action creates a duel": the interrupted action has a challenge (``interrupt-actions``)."""
        self._interrupt_only()
        return Condition(action=ActionTest(has=["duel"]))

    def c_action_is_and_creates_duel(self, node):
        """"If the action is Battle and creates a duel" (``interrupt-actions``)."""
        test = self._kind_test(node)
        return Condition(action=test.model_copy(update={"has": [*test.has, "duel"]}))

    def s_after_action_duel(self, tree: Tree, i: int) -> None:
        """"If the action creates a duel, after your Personality wins it, give him …", "After your
        Personality wins any duel created by the action, …", "After you win the action's duel, …": the
        effects wait until a Personality wins a duel the interrupted action created; "him" is the winner
        (``interrupt-actions``: an Interrupt's "after" phrases refer to the action's effects, delayed until
        they occur; ``delayed-effects``)."""
        self._interrupt_only()
        win = _sub(tree, "duel_win", "you_win_action_duel")
        data: dict = {"occurrence": "duel_won"}
        if win.data == "you_win_action_duel":
            data["subject"] = Filter(type=["personality"], side="your")
        else:
            sub = _sub(win, *NP)
            if sub.data not in ("phrase", "bare"):
                raise Unreadable("a named card winning the action's duel is not read")
            data["subject"] = self.filter_of(sub)
            if _tok(win, "IT") is None and _tok(win, "CREATEDBYACTION") is None and i == 0 and not _names_duel(tree):
                raise Unreadable("'after your Personality wins' naming no duel of the action is not read")
        self.last = self.person = "it"
        self.subject, self.it_type = "it", "personality"  # "give him the ability, …": a Personality's
        before = len(self.targets)
        effects = self.sentence_effects(tree)
        if len(self.targets) != before:
            raise Unreadable("a target chosen after the action's duel is not read")
        self.effects.append(Effect.model_validate({"after_action": {**data, "do": [e.model_dump() for e in effects]}}))

    def e_duels_of(self, node):
        """"Duels in which she is the challenger are duels of Force": the duels she issues this turn
        (``duel-stat``, ``duration-of-effects``)."""
        stat = self.statword(_sub(node, "statword"))
        if stat not in DUEL_STATS:
            raise Unreadable(f"duels of {stat.replace('_', ' ')} are not read")
        return Effect.model_validate({"duels_of": {"target": self.np(_sub(node, *NP)), "stat": stat}})

    def s_during_duel_keyword(self, tree: Tree, i: int) -> None:
        """"During the duel, if this Shugenja is Fire, he has Duelist": a keyword the Personality has from the start of
        the duel just created to its end — it modifies that duel, so it applies with it (``order-of-effects``: a
        modifying phrase applies with the effect it modifies; ``keywords``, ``duration-of-effects``)."""
        at = getattr(self, "duel_at", None)
        if at is None or at >= len(self.effects) or self.effects[at].name != "duel":
            raise Unreadable("'during the duel' with no challenge before it is not read")
        keyword = Effect.model_validate({"keyword": {"target": self.np(_sub(tree, *NP)),
                                                     "add": [_tok(tree, "KEYWORD").value], "until": "end_of_duel"}})
        duel = self.effects[at]

        def with_keyword(effect: Effect) -> None:
            self.effects[at] = duel.model_copy(update={"args": duel.args.model_copy(update={
                "during": [*duel.args.during, effect]})})

        with_keyword(keyword)
        self.modifier = lambda cond: with_keyword(keyword.model_copy(update={"condition": cond}))

    def t_first_option_if(self, tree: Tree) -> list[Static]:
        """"While in a duel, if this Personality has a lower duel stat than the other, you have the first opportunity to
        focus or strike": his player, challenger or not, has the first option (``duel`` step 2, as a card changes it)
        while the condition holds."""
        cond = self.cond(self.cond_child(tree))
        if self.person not in ("self", "host"):
            raise Unreadable("the first option in duels of another card is not read")
        return [Static.model_validate({"kind": "first_option", "target": self.person, "while": cond})]

    def c_lower_duel_stat(self, node):
        """"If this Personality has a lower duel stat than the other": in the duel he is in, his duel stat is lower
        than the Personality facing him (``duel-stat``, ``facing``)."""
        return Condition.model_validate({"card": self._card_cond(node), "lower_duel_stat": True})

    def e_no_action_honor_gain(self, node):
        """"You cannot gain Honor from the action": each Honor gain the interrupted action's effects would give you
        is reduced to 0, and a change of zero is no gain (``interrupt-actions``, ``honor-gains-and-losses``)."""
        self._interrupt_only()
        return Effect.model_validate({"action_honor": {"kind": "gains", "at_most": 0, "yours": True}})

    # ----- ending the duel (challenge) ----------------------------------------------------------------
    def e_end_duel(self, node):
        """"End this duel now, without resolution" in a Focus Effect (``challenge``)."""
        if not self.in_duel:
            raise Unreadable("ending a duel outside a Focus Effect is not read")
        return Effect.model_validate({"end_duel": {}})

    def e_discard_focused(self, node):
        """"Discard all focused cards" in a Focus Effect (``focused-card``)."""
        if not self.in_duel or _tok(node, "TYPE").value != "card":
            raise Unreadable("discarding focused cards outside a Focus Effect is not read")
        return Effect.model_validate({"discard_focused": {}})

    def c_duel_in_battle(self, node):
        """"If the duel is not during a battle": whether a battle is going on now (``battle``)."""
        if not self.in_duel:
            raise Unreadable("'the duel is during a battle' outside a Focus Effect is not read")
        cond = Condition(phase="battle")
        return Condition.model_validate({"not": cond.model_dump(exclude_defaults=True)}) \
            if _tok(node, "NOT") is not None else cond

    def ev_ev_enters_duel(self, node):
        """"After this Personality enters a duel": once the challenge is accepted (``duel``); the trait sees that
        duel ("the other Personality in the duel")."""
        return {"event": "enters_duel", **self._whose(node)}

    # ----- who focuses first, who loses (duel) ----------------------------------------------------------
    def read_st_first_option(self, node, data) -> list[Static]:
        """"You have the first opportunity to focus or strike in duels where Shindo is the challenger": his
        player, not the challenged one, has the first option (``duel`` step 2, as a card changes it)."""
        if self.np(_sub(node, *NP)) != "self" or self.kind != "personality":
            raise Unreadable("the first option in duels of another card is not read")
        return [Static.model_validate({**data, "kind": "first_option"})]

    def read_st_loses_duels(self, node, data) -> list[Static]:
        """"Tametaka loses any duel against Yoritomo Hiromi": he loses, so the other wins (``duel``:
        consequences that alter who wins or loses)."""
        if data["target"] not in ("self", "host"):
            raise Unreadable("'loses any duel' of a group of cards is not read")
        return [Static.model_validate({**data, "kind": "loses_duels", "to": self._faced(_sub(node, *NP))})]

    def c_duel_against(self, node):
        """"If the duel was against The Dark Naga": the Personality facing yours in the duel just created is
        that one (``facing``)."""
        if getattr(self, "duel_at", None) is None:
            raise Unreadable("'the duel was against …' with no duel before it is not read")
        return Condition.model_validate({"card": "duelist_other", "fits": self._faced(_sub(node, *NP))})

    # ----- refusal triggers (refuse) -----------------------------------------------------------------
    def ev_ev_refused(self, node):
        """"After another player refuses your challenge": a challenge one of your Personalities issued (``refuse``)."""
        return {"event": "refused", "whose": "your", "by": "other"}

    def ev_ev_first_refused(self, node):
        """"After your first challenge each turn is refused": the refused challenge is the first one your
        Personalities issued this turn (``refuse``)."""
        return {"event": "refused", "whose": "your",
                "condition": Condition.model_validate({"challenges_issued": {"op": "=", "value": 1}})}

    def s_verb_action_duel_winner(self, tree: Tree, i: int) -> None:
        """"Bow the winner of any duel created by the action if he was the challenger": when a duel of the
        interrupted action is won, its winner (``interrupt-actions``, ``delayed-effects``)."""
        self._interrupt_only()
        verb = _sub(tree, "card_verb").children[0].value.lower()
        self.last = self.person = "it"
        effect = Effect.model_validate({VERBS[verb]: {"target": "it"}})
        tail = _sub(tree, "tail_if", "tail_unless")
        if tail is not None:
            cond = self.cond(tail.children[1])
            if tail.data == "tail_unless":
                cond = Condition.model_validate({"not": cond.model_dump(exclude_defaults=True, by_alias=True)})
            effect = effect.model_copy(update={"condition": cond})
        self.effects.append(Effect.model_validate({"after_action": {"occurrence": "duel_won", "do": [effect.model_dump()]}}))

    def c_is_challenger(self, node):
        """"If he was the challenger": the card is the Personality who issued the challenge (``challenge``)."""
        return Condition.model_validate({"card": self._card_cond(node), "duel_role": "challenger"})

    def read_st_focus_from_discard(self, node, data) -> list[Static]:
        """"You may focus this Strategy face-up from your discard pile, removing this Strategy from the game after
        the duel resolves": its owner may focus it from there (``focused-card``: a focused card need not have been
        focused from hand); after the focused cards are discarded it is removed from the game."""
        kinds = [t.value for t in node.children if isinstance(t, Token) and t.type == "TYPE"]
        removal = _sub(node, "focus_removal")
        states = [t.value for t in node.children + removal.children if isinstance(t, Token) and t.type == "STATE"]
        if kinds[0] != self.kind or any(t not in (self.kind, "card") for t in kinds[1:] + [
                t.value for t in removal.children if isinstance(t, Token) and t.type == "TYPE"]):
            raise Unreadable("focusing a card other than this one from the discard pile is not read")
        if [s for s in states if s not in ("face_up", "discarded")]:
            raise Unreadable("focusing from the discard pile in that state is not read")
        return [Static.model_validate({**data, "kind": "focus_from_discard",
                                       "what": "face_up" if "face_up" in states else None})]

    def read_st_focused_value(self, node, data) -> list[Static]:
        """"Shinichi's focused cards have +1FV": a change to the Focus Value of each card his player focused in a
        duel he is in, counted in the duel's resolution (``duel`` step 5, ``continuous-traits``)."""
        stat, n = _tok(node, "STATCHANGE").value
        if stat != "focus" or _tok(node, "TYPE").value != "card":
            raise Unreadable("only a change to focused cards' Focus Value is read")
        return [Static.model_validate({**data, "kind": "stat", "target": "focused", "stat": "focus", "amount": n})]

    def c_controls_or_dueling(self, node):
        """"while you control, or he is dueling, Kakita Daitsu": the one card ends both phrases — its player
        controls it, or this Personality is dueling it (``conjunctions``, ``facing``)."""
        named = _sub(node, *NP)
        return Condition(any=[self.c_controls(Tree("controls", [named])),
                              Condition.model_validate({"card": "self", "dueling": self._faced(named)})])

    def c_last_focused(self, node):
        """"if it was the last card you focused in the duel": on a focused card's Focus Effect, that card is the
        last its player focused (``focus-focus-effect``)."""
        if self.np(_sub(node, *NP)) != "self" or not self.in_duel:
            raise Unreadable("'the last card you focused' about a card other than the focused card itself is not read")
        return Condition(last_focused=True)

    def np_both_duelists(self, node):
        """"Both Personalities" in a Focus Effect: the two Personalities of the duel (``duel``)."""
        if not self.in_duel:
            raise Unreadable("'both Personalities' outside a Focus Effect is not read")
        return ["duelist_yours", "duelist_other"]

    def e_lose_duel(self, node):
        """"When this duel resolves, both Personalities lose the duel" (``duel``)."""
        if not self.in_duel:
            raise Unreadable("losing a duel outside a Focus Effect is not read")
        return Effect.model_validate({"lose_duel": {"target": self.np(_sub(node, *NP))}})

    def t_foe_focus_face_up(self, tree: Tree) -> list[Static]:
        """"If Mitsumichi is honorable, the first card another player focuses in each duel against him is focused
        face-up": that card is face up in the focusing area (``focusing-area``: cards are normally focused face
        down), while the condition holds."""
        if self.kind != "personality" or _tok(tree, "TYPE").value != "card" or _tok(tree, "STATE").value != "face_up":
            raise Unreadable("that focusing face up is not read")
        lead = _sub(tree, "lead")
        data: dict = {"kind": "foe_focus_face_up"}
        if lead is not None:
            data["while"] = self.cond(lead.children[1])
        return [Static.model_validate(data)]

    def c_card_stat_than(self, node):
        """"If … his Chi is greater than or equal to the attachment's Force": the first card's current stat against
        the other's when the condition is checked (``comparing-stats``); "the attachment's" is the target of that
        type, whatever was named since (``references``)."""
        card = self.poss(node.children[0])
        than = next(c for c in node.children if isinstance(c, Tree) and c.data in ("stat_of", "printed_of"))
        whose = _sub(than, "np_poss")
        kind = _tok(whose, "TYPES")
        if _tok(whose, "THE") is None or kind is None:
            raise Unreadable("a stat compared with a card other than a target named by its type is not read")
        other = self._named_target(Tree("pronoun", [Token("TYPE", kind.value)]))
        if other is None:
            raise Unreadable(f"'the {kind.value}'s' with no such target before it")
        op = OPS[next(c for c in node.children if isinstance(c, Tree) and c.data in OPS).data]
        return Condition.model_validate({"card": card, "stat": {"stat": self.statword(node.children[1]), "op": op, "value": {
            "stat": self.statword(_sub(than, "statword")), "of": other, "printed": than.data == "printed_of"}}})

    def value_whichever(self, node):
        """"Equal to its Focus Value or this Shugenja's Chi, whichever is higher": both numbers counted when the
        effect applies, the higher (lower) one."""
        first = Amount(stat=self.statword(_sub(node, "statword")), of=self.poss(_sub(node, "np_poss")))
        other = next(c for c in node.children if isinstance(c, Tree) and c.data in ("stat_of", "whichever_other"))
        return first.model_copy(update={"whichever": Whichever(
            other=self.value(other) if other.data == "stat_of" else int(_tok(other, "NUMBER").value),
            pick="higher" if _tok(node, "HIGHER") is not None else "lower")})

    def e_discard_element(self, node):
        """"Discard a card with an element keyword": a card from your hand with Air, Earth, Fire, Water or Void
        (``discard``, ``element-keyword``)."""
        effect = self.e_discard_card(node)
        return effect.model_copy(update={"args": effect.args.model_copy(update={
            "filter": Filter(any_keyword=list(ELEMENTS))})})

    def value_that_stat(self, node):
        """"Equal to that Focus Value": the discarded card's, which the sentence before counted (``discard``)."""
        stat = self.statword(_sub(node, "statword"))
        if not self.discarded or stat != "focus":
            raise Unreadable("'that …' naming a number other than the discarded card's Focus Value is not read")
        return Amount(stat=stat, of="discarded")

    def np_its_target(self, node):
        """"Fear equal to the card's Focus Value, +1 if its target is Phoenix Clan": in an Attack's or Fear's
        strength, its own target, chosen before the effect (``fear``, ``ranged-attack``)."""
        if not self.attack_amount:
            raise Unreadable("'its target' outside an Attack's or Fear's strength is not read")
        return len(self.targets) + 1

    # ----- another player's choice (choices) ---------------------------------------------------------------
    def s_another_may(self, tree: Tree, index: int):
        """"Target another player, who may choose to lose 2 Honor": a target player other than you, who makes
        the choice (``choices``, ``player_may``); what he may choose happens to him ("lose 2 Honor" is his loss)."""
        self.targets.append(TargetSpec(player=True, filter=Filter(side="other"), at=len(self.effects)))
        chooser = self.last = len(self.targets)
        act = next(c for c in tree.children if isinstance(c, Tree) and c.data != "end")
        chosen = [_for_player(e, chooser) for e in self.act(act, len(self.effects))]
        self.effects.append(Effect.model_validate({"player_may": {"player": chooser, "do": chosen}}))

    def e_may_challenge(self, node):
        """"Another player's target Personality may challenge Amiki": whether he issues the challenge is the choice of
        that Personality's player, not of the player taking the action (``choices``, ``player_may``); "If he does not,
        …" follows his declining (``challenge``)."""
        challenger, challenged = (self.np(c) for c in node.children if isinstance(c, Tree) and c.data in NP)
        if not isinstance(challenger, int):
            raise Unreadable("a challenge a card other than a target may issue is not read")
        self.duel_at = self.index
        self.last = self.person = challenger
        return Effect.model_validate({"player_may": {"player": challenger, "do": [
            {"duel": {"challenger": challenger, "challenged": challenged}}]}})

    def s_if_not_chosen(self, tree: Tree, index: int):
        """"If he does not choose this, gain Honor equal to …", "If he does not, …": what happens when the other player
        declines the choice just read (``choices``)."""
        if not self.effects or self.effects[-1].name != "player_may" or self.effects[-1].args.otherwise:
            raise Unreadable("'if he does not choose this' after no other player's choice is not read")
        first = len(self.targets)
        otherwise = self.sentence_effects(tree)
        if len(self.targets) != first:
            raise Unreadable("targets chosen only if the other player declines are not read")
        choice = self.effects[-1]
        self.effects[-1] = choice.model_copy(update={"args": choice.args.model_copy(update={"otherwise": otherwise})})

    # ----- "After the duel, Fear equal to Oneiyara's Force that targets the loser" (fear, duel) ------------------------
    def s_fear_at_duelist(self, tree: Tree, index: int):
        """A Fear effect whose target is the duel's loser (winner), once the duel has resolved: it targets him only if
        he is a legal Fear target then, an enemy Personality without Followers in the current army (``fear``,
        ``duel``); else it has no target and does nothing."""
        if getattr(self, "duel_at", None) is None:
            raise Unreadable("'after the duel' with no duel before it is not read")
        role = self.np(_sub(tree, *NP))
        if role not in ("winner", "loser"):
            raise Unreadable("a Fear effect that targets a card other than the duel's winner or loser is not read")
        self.index = len(self.effects)
        effect = self._attack("fear", tree)
        spec = self.targets[-1]
        self.targets[-1] = spec.model_copy(update={"filter": spec.filter.model_copy(update={"duel_role": role})})
        self.effects.append(effect)


    def c_you_won_duel_this_turn(self, node):
        """"If you have won a duel this turn": one of your Personalities won a duel this turn, as the game recorded the
        turn's duels (``duel``: a player wins a duel when his Personality does)."""
        return Condition.model_validate({"duels_won": {"op": ">=", "value": 1}})

    def c_issued_a_challenge(self, node):
        """"If Burogun has issued a challenge this turn": he has challenged a Personality this turn (``challenge``)."""
        return self._this_turn(node, "challenged")

    def e_fear_stronger_may_target(self, node):
        """"Each of the action's Fear effects have +1 strength and may target Items and Spells": each of the interrupted
        action's Fear effects is stronger and may target those cards too (``interrupt-actions``, ``fear``)."""
        return [self._strength(["fear"], int(_tok(node, "SIGNED").value), True), *self.e_fear_may_target(node)]

    def e_fear_stronger_destroys(self, node):
        """"The action's Fear effects have +1 strength and destroy Followers after bowing them": each of the interrupted
        action's Fear effects is stronger, and each card of that kind they bow is then destroyed (``interrupt-actions``,
        ``fear``)."""
        self._interrupt_only()
        stronger = self._strength(["fear"], int(_tok(node, "SIGNED").value), True)
        return [stronger, self._destroys_bowed(_sub(node, "fear_destroys"), "fear")]


    def t_negate_loser_destruction(self, tree: Tree) -> TriggerSpec:
        """"Before this Personality wins a duel, negate the loser's destruction": the loser's destruction is a
        consequence of the duel that comes once it is won (``duel`` step 5), so what is negated is each destruction of
        the loser of a duel this Personality won, for losing it (``for``, ``negate``); see card_reading_notes."""
        ref = self.np(_sub(tree, *NP))
        if ref not in ("self", "host"):
            raise Unreadable("another card winning a duel is not read")
        return TriggerSpec.model_validate({"when": "before", "event": "destroyed", "cause": "losing_duel",
                                           "condition": {"card": ref, "duel_role": "winner"},
                                           "do": [{"negate_occurrence": {"what": "destroyed"}}]})


    def t_focus_before_losing(self, tree: Tree) -> TriggerSpec:
        """"As a Focus Effect, before your Personality in this duel is destroyed for losing it, …": once the focused
        cards are face up, a delayed effect waits for that destruction, a consequence of this duel (``duel`` step 5,
        ``for``), and happens before it (``focus-focus-effect``, ``delayed-effects``); "he" is that Personality, and
        the targets it names are chosen when it happens."""
        self.in_duel = True
        ref = self.np(_sub(tree, *NP))
        if ref != "duelist_yours":
            raise Unreadable("the destruction for losing of a card other than your Personality in the duel is not read")
        self.subject, self.last, self.person = "it", ref, ref
        effects = self.sentence_effects(tree)
        return TriggerSpec.model_validate({"when": "when", "event": "focused", "whose": "self", "do": [
            {"before_losing_destruction": {"target": ref, "targets": [t.model_dump(mode="json") for t in self.targets],
                                           "do": [e.model_dump(mode="json", by_alias=True) for e in effects]}}]})

    def e_negate_poss_destruction(self, node):
        """"… to negate his destruction": in a "before … is destroyed" effect, the destruction it waits for does not
        happen (``negate``)."""
        if self.subject != "it" or self.poss(_sub(node, "np_poss")) != getattr(self, "person", None):
            raise Unreadable("negating a destruction other than the one waited for is not read")
        return Effect.model_validate({"negate_occurrence": {"what": "destroyed"}})


    def s_player_fear_at_loser_unit(self, tree: Tree, index: int):
        """"The winner creates Fear 4 targeting a card in the loser's unit": once the duel has resolved, the winner's
        player makes the Fear effect, so he chooses its target, enemy from his side (``perspective``, ``fear``); in a tie
        there is no winner and no effect (``duel``)."""
        if getattr(self, "duel_at", None) is None:
            raise Unreadable("an effect the winner makes with no duel before it is not read")
        if self.np(_sub(tree, *NP)) != "winner" or _tok(tree, "TYPE").value != "unit":
            raise Unreadable("an effect made by a player other than the winner's is not read")
        own = len(self.targets) + 1
        spec = TargetSpec(filter=Filter(type=["personality", "follower"], side="enemy", in_unit_of="loser"),
                          attack="fear")
        self.effects.append(Effect.model_validate({"player_creates": {
            "player": "winner_controller", "targets": [spec.model_dump(mode="json")], "first_target": own,
            "do": [{"fear": {"target": own, "amount": int(_tok(tree, "NUMBER").value)}}]}}))


def _for_player(effect: Effect, player: int) -> Effect:
    """"… who may choose to lose 2 Honor": an effect on a player with no subject of its own is the chooser's."""
    if getattr(effect.args, "player", None) != "you":
        raise Unreadable("another player's choice of an effect that is not his own is not read")
    return effect.model_copy(update={"args": effect.args.model_copy(update={"player": player})})


def _names_duel(tree: Tree) -> bool:
    """Whether the sentence starts "If the action creates a duel, …": "after your Personality wins" is that duel."""
    lead = _sub(tree, "lead")
    return lead is not None and _sub(lead, "action_creates_duel", "action_is_and_creates_duel") is not None


def _one_of_your_personalities(sub) -> bool:
    """Whether the noun phrase is exactly "one of your Personalities"."""
    if sub is None or sub.data != "phrase" or len(sub.children) != 2:
        return False
    det, typed = sub.children
    return (isinstance(det, Tree) and det.data == "det" and _tok(det, "ONEOFYOUR") is not None
            and isinstance(typed, Tree) and typed.data == "typed" and len(typed.children) == 1
            and _tok(typed, "TYPE") is not None and _tok(typed, "TYPE").value == "personality")

