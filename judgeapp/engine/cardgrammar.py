"""The grammar of L5R card sentences (lark, Earley) and its reader into registry effects.

One sentence is parsed at a time; the card's own title (or its short form) is replaced
by ``THISCARD`` first (``references``).  ``SentenceReader`` keeps the state a unit needs
across its sentences — the targets declared so far (numbered from 1) and what "him",
"it" or "that Personality" refers to (the last thing named, ``pronouns``) — and turns
each parse into effects, target declarations, a leading condition (``good-faith-rule``),
a triggered trait, a continuous trait or Gold production.  Anything the grammar cannot
read whole raises ``Unreadable`` with the reason.
"""
from __future__ import annotations

import re
from functools import lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from .abilities import Produce, Static, TargetSpec, TriggerSpec
from .registry import Effect
from .structures import AllRef, Condition, Filter

GRAMMAR = r"""
start: sentence
sentence: cond_pre? clauses cond_post? "."?          -> effects
        | target_decl "."?                            -> declaration
        | trigger ":" clauses "."?                    -> triggered
        | produce "."?                                -> produce
        | continuous "."?                             -> continuous

cond_pre: "if"i cond ","?
cond_post: ","? "if"i cond

clauses: clause (conj clause)*
conj: "," | "and"i | "," "and"i | "," "then"i | "then"i | "and"i "then"i | ";"
clause: effect
      | effect "to"i effect                           -> dependency

?effect: card_verb | stat_give | stat_gets | honor | draw | attack | move_home | move_here | take_favor

card_verb: VERB obj
VERB: /bow|straighten|destroy|dishonor|rehonor|discard/i
move_home: "move"i obj "home"i
move_here: "move"i obj "to"i "this"i "battlefield"i
take_favor: "take"i "the"i "imperial"i "favor"i
stat_give: "give"i obj bonus duration?
stat_gets: obj ("gets"i | "get"i | "gains"i) bonus duration?
bonus: FORCE_CHANGE ("and"i CHI_CHANGE)?
     | CHI_CHANGE                                     -> chi_only
FORCE_CHANGE: /[+-]\d+F/i
CHI_CHANGE: /[+-]\d+C/i
duration: "until"i "the"i "end"i "of"i "the"i BATTLE_OR_TURN
BATTLE_OR_TURN: /battle|turn|phase/i
honor: player? GAINLOSE NUMBER "honor"i
GAINLOSE: /gains?|loses?/i
draw: player? DRAWS CARDS
DRAWS: /draws?/i
CARDS: /a card|\d+ cards/i
attack: "ranged"i NUMBER "attack"i                    -> ranged
      | "melee"i NUMBER "attack"i                     -> melee
      | "fear"i NUMBER                                -> fear
player: "you"i | "each"i "player"i -> each_player | "your"i "opponent"i -> opponent

target_decl: ("target"i | "choose"i) np

obj: SELF                                             -> self_ref
   | "this"i TYPE                                     -> self_ref
   | PRONOUN                                          -> pronoun
   | "that"i TYPE                                     -> pronoun
   | "the"i "target"i                                 -> pronoun
   | np
SELF: "THISCARD"
PRONOUN: /him or her|him|her|it|them/i
np: DET? TARGET? adj* TYPE postmod*
DET: /an enemy|another player's|one of your|your|an|a|another|each|all|the/i
TARGET: /target/i
adj: STATE | KEYWORD | "enemy"i -> enemy
STATE: /unbowed|bowed|dishonorable|honorable|attacking|defending|opposed|unopposed/i
KEYWORD: /(?!(?:Personality|Personalities|Follower|Followers|Holding|Holdings|Item|Items|Card|Cards|Unit|Units|Spell|Spells)\b)[A-Z][a-z]+(?: Clan)?/
TYPE.2: /personalities|personality|followers|follower|holdings|holding|items|item|spells|spell|cards|card|units|unit/i
postmod: "at"i "this"i "battlefield"i                 -> here
       | "at"i "home"i                                -> at_home
       | "with"i NUMBER "or"i "lower"i "force"i       -> force_at_most
       | "with"i NUMBER "or"i "higher"i "force"i      -> force_at_least
       | "without"i "followers"i                      -> without_followers
       | "(if able)"i                                 -> if_able

cond: "you"i "are"i "the"i ROLE                       -> you_are
    | "you"i "are"i "a"i CLANWORD "clan"i "player"i   -> clan_player
    | "you"i "control"i "the"i "imperial"i "favor"i   -> has_favor
ROLE: /attacker|defender/i
CLANWORD: /[A-Z][a-z]+/

trigger: WHEN point
WHEN: /before|after|when/i
point: WHOSE? NEXT? PHASE_NAME EDGE                   -> phase_point
     | WHOSE? NEXT? "turn"i EDGE                      -> turn_point
     | "the"i "battle"i EDGE                          -> battle_point
     | SELF "enters"i "play"i                         -> self_enters
     | "this"i TYPE "enters"i "play"i                 -> self_enters
WHOSE: /your|each player's|the|a player's|each/i
NEXT: /next/i
PHASE_NAME: /action phase|attack phase|dynasty phase/i
EDGE: /begins|ends/i

produce: (BOWICON ":")? "produce"i NUMBER "gold"i produce_alt? only?
produce_alt: "," "or"i NUMBER "gold"i "if"i cond
only: "that"i "may"i "only"i "be"i "used"i "to"i ONLYVERB ONLYWHAT
ONLYVERB: /recruit|pay for|equip/i
ONLYWHAT: /personalities|holdings|followers|items|spells|strategies/i
BOWICON: "BOW"

continuous: obj ("has"i | "have"i) bonus                 -> static_bonus

NUMBER: /\d+/
%import common.WS
%ignore WS
"""

PHASE_WORDS = {"action phase": "action", "attack phase": "attack", "dynasty phase": "dynasty"}
TYPE_WORDS = {"personality": "personality", "personalities": "personality", "follower": "follower",
              "followers": "follower", "holding": "holding", "holdings": "holding", "item": "item", "items": "item",
              "spell": "spell", "spells": "spell", "card": "card", "cards": "card", "unit": "unit", "units": "unit"}


class Unreadable(Exception):
    pass


@lru_cache(maxsize=1)
def parser() -> Lark:
    return Lark(GRAMMAR, parser="earley", ambiguity="resolve", propagate_positions=False)


def parse(sentence: str) -> Tree:
    try:
        return parser().parse(sentence)
    except LarkError as exc:
        where = getattr(exc, "column", None)
        raise Unreadable(f"the grammar has no reading for this sentence"
                         + (f" (stuck at column {where})" if where else "")) from None


def _with_self(sentence: str, names: list[str]) -> str:
    for name in sorted(names, key=len, reverse=True):
        sentence = re.sub(rf"\b{re.escape(name)}\b", "THISCARD", sentence)
    return sentence


class SentenceReader:
    """Reads the sentences of one unit (an ability or a trait) in order."""

    def __init__(self, names: list[str]):
        self.names = names
        self.targets: list[TargetSpec] = []
        self.effects: list[Effect] = []
        self.last: object = None  # what a pronoun refers to: "self", a target number

    # ----- units --------------------------------------------------------------------------
    def read_body(self, body: list[str]):
        condition = None
        for i, sentence in enumerate(body):
            tree = parse(_with_self(sentence, self.names)).children[0]
            if tree.data == "effects":
                pre = next((c for c in tree.children if isinstance(c, Tree) and c.data == "cond_pre"), None)
                if pre is not None and i == 0 and not self.effects:
                    condition = self.cond(pre.children[0])
                    tree = Tree("effects", [c for c in tree.children if c is not pre])
                self.effects += self.clauses(tree)
            elif tree.data == "declaration":
                self.declare(tree.children[0].children[0])
            else:
                raise Unreadable("an ability's effect cannot be a trait")
        if not self.effects:
            raise Unreadable("no effect was read")
        return condition, self.effects, self.targets

    def read_trait(self, sentence: str):
        tree = parse(_with_self(sentence, self.names)).children[0]
        if tree.data == "produce":
            return self.produce(tree.children[0])
        if tree.data == "triggered":
            trig, clauses = tree.children[0], tree.children[1]
            event, phase, whose = self.point(trig.children[1])
            when = str(trig.children[0]).lower()
            effects = self.clauses(Tree("effects", [clauses]))
            return TriggerSpec(when=when, event=event, phase=phase, whose=whose, targets=self.targets, do=effects)
        if tree.data == "continuous":
            node = tree.children[0]
            ref = self.obj(node.children[0])
            target = "self" if ref == "self" else None
            if target is None:
                raise Unreadable("a continuous trait on other cards is not read yet")
            force, chi = self.bonus(node.children[1])
            if chi:
                raise Unreadable("a continuous Force and Chi change is read as two traits")
            stat, n = ("force", force) if force is not None else ("chi", chi)
            return Static(kind="stat", stat=stat, amount=n, target=target)
        raise Unreadable("this trait is not a Gold production, a triggered trait or a continuous trait")

    # ----- pieces ---------------------------------------------------------------------------
    def clauses(self, tree: Tree) -> list[Effect]:
        out: list[Effect] = []
        post = next((c for c in tree.children if isinstance(c, Tree) and c.data == "cond_post"), None)
        for node in tree.children:
            if isinstance(node, Tree) and node.data == "clauses":
                for clause in node.children:
                    if isinstance(clause, Tree) and clause.data in ("clause", "dependency"):
                        out += self.clause(clause)
        if post is not None:
            cond = self.cond(post.children[0])
            out = [e.model_copy(update={"condition": cond}) for e in out]
        return out

    def clause(self, node: Tree) -> list[Effect]:
        if node.data == "dependency":
            first = self.effect(node.children[0])
            then = [e.model_copy(update={"needs_previous": True}) for e in self.effect(node.children[1])]
            return first + then
        return self.effect(node.children[0])

    def effect(self, node: Tree) -> list[Effect]:
        kind = node.data
        if kind == "card_verb":
            verb = str(node.children[0]).lower()
            return [Effect.model_validate({verb: {"target": self.obj(node.children[1])}})]
        if kind == "move_home":
            return [Effect.model_validate({"move_home": {"target": self.obj(node.children[0])}})]
        if kind == "move_here":
            return [Effect.model_validate({"move_to": {"target": self.obj(node.children[0]), "to": "here"}})]
        if kind == "take_favor":
            return [Effect.model_validate({"take_favor": {}})]
        if kind in ("stat_give", "stat_gets"):
            ref = self.obj(node.children[0])
            force, chi = self.bonus(node.children[1])
            until = self.duration(node.children[2]) if len(node.children) > 2 else None
            out = []
            for stat, n in (("force", force), ("chi", chi)):
                if n is not None:
                    args = {"target": ref, "amount": n}
                    if until:
                        args["until"] = until
                    out.append(Effect.model_validate({stat: args}))
            return out
        if kind == "honor":
            who, verb, n = self.player_and(node.children)
            return [Effect.model_validate({"gain_honor" if verb.lower().startswith("gain") else "lose_honor":
                                           {"player": who, "amount": int(n)}})]
        if kind == "draw":
            who, _, cards = self.player_and(node.children)
            m = re.match(r"(\d+)", cards)
            return [Effect.model_validate({"draw": {"player": who, "amount": int(m.group(1)) if m else 1}})]
        if kind in ("ranged", "melee", "fear"):
            n = int(node.children[0])
            self.targets.append(TargetSpec(filter=Filter(type=["personality", "follower"], side="enemy"),
                                           at=len(self.effects) + 0, attack=kind))
            ref = len(self.targets)
            self.last = ref
            name = {"ranged": "ranged_attack", "melee": "melee_attack", "fear": "fear"}[kind]
            return [Effect.model_validate({name: {"target": ref, "amount": n}})]
        raise Unreadable(f"no effect rule for {kind}")

    def player_and(self, children) -> tuple:
        who = "you"
        rest = []
        for c in children:
            if isinstance(c, Tree) and c.data in ("player", "each_player", "opponent"):
                who = {"player": "you", "each_player": "each", "opponent": "opponent"}[c.data]
            else:
                rest.append(str(c))
        return (who, *rest)

    def bonus(self, node: Tree) -> tuple[int | None, int | None]:
        force = chi = None
        for tok in node.children:
            text = str(tok)
            if text.upper().endswith("F"):
                force = int(text[:-1])
            elif text.upper().endswith("C"):
                chi = int(text[:-1])
        return force, chi

    def duration(self, node: Tree) -> str:
        word = str(node.children[0]).lower()
        return {"battle": "end_of_battle", "turn": "end_of_turn", "phase": "end_of_phase"}[word]

    def obj(self, node: Tree):
        if node.data == "self_ref":
            self.last = "self"
            return "self"
        if node.data == "pronoun":
            if self.last is None:
                return "self"
            return self.last
        return self.np(node.children[0] if node.data == "obj" else node)

    def np(self, node: Tree):
        det, targeted, flt, opt = self.np_parts(node)
        if targeted or det is None or det in ("a", "an", "an enemy", "another", "another player's", "one of your",
                                              "your") and targeted:
            return self._new_target(flt, opt)
        if det in ("each", "all"):
            return AllRef(all=flt)
        if det in ("your", "a", "an", "an enemy", "another", "one of your", "another player's"):
            return self._new_target(flt, opt)
        raise Unreadable(f"no reading for the noun phrase starting {det!r}")

    def np_parts(self, node: Tree):
        det, targeted, opt = None, False, False
        types, keywords, states, side = [], [], [], "any"
        at = None
        stats = []
        without = False
        for c in node.children:
            if isinstance(c, Token):
                if c.type == "DET":
                    det = str(c).lower()
                elif c.type == "TARGET":
                    targeted = True
                elif c.type == "TYPE":
                    types.append(TYPE_WORDS[str(c).lower()])
            elif c.data == "adj":
                tok = c.children[0]
                if tok.type == "STATE":
                    states.append(str(tok).lower())
                else:
                    keywords.append(str(tok))
            elif c.data == "enemy":
                side = "enemy"
            elif c.data == "postmod":
                pass
            elif c.data == "here":
                at = "here"
            elif c.data == "at_home":
                at = "home"
            elif c.data == "force_at_most":
                stats.append({"stat": "force", "op": "<=", "value": int(c.children[0])})
            elif c.data == "force_at_least":
                stats.append({"stat": "force", "op": ">=", "value": int(c.children[0])})
            elif c.data == "without_followers":
                without = True
            elif c.data == "if_able":
                opt = True
        if det in ("your", "one of your"):
            side = "your"
        elif det == "an enemy":
            side = "enemy"
        elif det == "another player's":
            side = "other"
        if without:
            states.append("without_followers")
        flt = Filter.model_validate({"type": types, "side": side, "keywords": keywords, "state": states,
                                     "at": at, "stats": stats, "another": det == "another"})
        return det, targeted, flt, opt

    def _new_target(self, flt: Filter, optional: bool) -> int:
        self.targets.append(TargetSpec(filter=flt, optional=optional, at=len(self.effects)))
        self.last = len(self.targets)
        return self.last

    def declare(self, np_node: Tree) -> None:
        _, _, flt, opt = self.np_parts(np_node)
        self._new_target(flt, opt)

    def cond(self, node: Tree) -> Condition:
        if node.data == "you_are":
            return Condition(you_are=str(node.children[0]).lower())
        if node.data == "clan_player":
            return Condition(clan=str(node.children[0]))
        if node.data == "has_favor":
            return Condition(favor=True)
        raise Unreadable(f"no reading for the condition {node.data}")

    def point(self, node: Tree):
        return _point(node)

    def produce(self, node: Tree) -> Produce:
        numbers = [c for c in node.children if isinstance(c, Token) and c.type == "NUMBER"]
        alt = next((c for c in node.children if isinstance(c, Tree) and c.data == "produce_alt"), None)
        only = next((c for c in node.children if isinstance(c, Tree) and c.data == "only"), None)
        data = {"amount": int(numbers[0])}
        if alt is not None:
            data["alt"] = int(alt.children[0])
            data["alt_if"] = self.cond(alt.children[1])
        if only is not None:
            what = str(only.children[1]).lower().rstrip("s").replace("personalitie", "personality")
            data["only"] = what
        return Produce.model_validate(data)


def _point(node: Tree):
    kind = node.data
    tokens = [c for c in node.children if isinstance(c, Token)]
    whose_tok = next((t for t in tokens if t.type == "WHOSE"), None)
    whose = "your" if whose_tok is not None and str(whose_tok).lower() == "your" else "any"
    edge = next((str(t).lower() for t in tokens if t.type == "EDGE"), "begins")
    if kind == "phase_point":
        phase = PHASE_WORDS[next(str(t).lower() for t in tokens if t.type == "PHASE_NAME")]
        return ("phase_begins" if edge == "begins" else "phase_ends"), phase, whose
    if kind == "turn_point":
        return ("turn_begins" if edge == "begins" else "turn_ends"), None, whose
    if kind == "battle_point":
        return ("battle_begins" if edge == "begins" else "battle_ends"), None, "any"
    if kind == "self_enters":
        return "enters_play", None, "self"
    raise Unreadable(f"no reading for the timing point {kind}")


POINT_PARSER_START = "point"


@lru_cache(maxsize=1)
def point_parser() -> Lark:
    return Lark(GRAMMAR, parser="earley", start="point")


def point_of(text: str):
    try:
        return _point(point_parser().parse(text.strip().rstrip(":")))
    except (LarkError, Unreadable):
        return None
