"""The grammar of L5R card sentences (``cardrules.lark``, LALR over ``cardlexer``'s tokens)
and the reader that turns a parse into registry effects.

``SentenceReader`` keeps what a unit needs across its sentences — the targets declared so
far (numbered from 1) and what "him", "it" or "that Personality" refers to (the last
thing named, ``pronouns``) — and turns each parse into effects, target declarations, a
leading condition (``good-faith-rule``), a triggered trait, a continuous trait or Gold
production.  Anything the grammar cannot read whole raises ``Unreadable`` with the reason.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedInput

from .abilities import Produce, Static, TargetSpec, TriggerSpec
from .cardlexer import CardLexer, Unknown, classify, words
from .registry import Effect
from .structures import AllRef, Amount, Condition, Filter

RULES = Path(__file__).with_name("cardrules.lark")
PLAYER_WORDS = {"YOU": "you", "YOUROPPONENT": "opponent", "EACHPLAYER": "each", "EACHOTHERPLAYER": "other",
                "THEATTACKER": "attacker", "THEDEFENDER": "defender"}
ATTACHMENTS = ("follower", "item", "spell")
# Keywords that name the Personality an attachment is on when the text says "this …".
PERSONALITY_WORDS = frozenset({"Shugenja", "Samurai", "Monk", "Courtier", "Ninja", "Kensai", "Tactician",
                               "Magistrate", "Duelist", "Yojimbo", "Scout", "Commander", "Berserker"})


class Unreadable(Exception):
    pass


@lru_cache(maxsize=1)
def parser() -> Lark:
    text = RULES.read_text(encoding="utf-8")
    names = sorted(set(re.findall(r"\b[A-Z][A-Z_]*\b", re.sub(r"//.*", "", text))))
    return Lark("%declare " + " ".join(names) + "\n" + text, parser="lalr", lexer=CardLexer,
                start=["a_sentence", "t_sentence"])


def tokens(sentence: str, names: list[str]) -> list[Token]:
    try:
        return classify(words(with_self(sentence, names)))
    except Unknown as exc:
        raise Unreadable(f"the word {str(exc)!r} is not in the card-text vocabulary") from None


def parse(sentence: str, names: list[str], start: str) -> Tree:
    toks = tokens(sentence, names)
    try:
        return parser().parse(toks, start=start)
    except UnexpectedInput as exc:
        tok = getattr(exc, "token", None)
        where = f" at {str(tok.value) if tok is not None and tok.type != '$END' else 'the end'!r}" \
            if tok is not None else ""
        raise Unreadable(f"the grammar has no rule for this sentence (stuck{where})") from None
    except LarkError:
        raise Unreadable("the grammar has no rule for this sentence") from None


def with_self(sentence: str, names: list[str]) -> str:
    for name in sorted(names, key=len, reverse=True):
        sentence = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", "THISCARD", sentence)
    return sentence


def _tok(node, kind: str):
    return next((c for c in node.children if isinstance(c, Token) and c.type == kind), None)


def _toks(node, kind: str) -> list:
    return [c for c in node.children if isinstance(c, Token) and c.type == kind]


def _sub(node, *names: str):
    return next((c for c in node.children if isinstance(c, Tree) and c.data in names), None)


class SentenceReader:
    """Reads the sentences of one unit (an ability or a trait) in order."""

    def __init__(self, names: list[str], kind: str = ""):
        self.names = names
        self.kind = kind
        self.targets: list[TargetSpec] = []
        self.effects: list[Effect] = []
        self.last: object = None  # what a pronoun refers to: "self", a target number, "it"
        self.subject: str | None = None  # a triggered trait's subject ("it")
        self.discarded = False  # a card was discarded by an earlier effect ("the card's Focus Value")
        self.person: object = None  # the last Personality named, for "him"/"he" after a card ("discard a card to move him")

    # ----- units ------------------------------------------------------------------------
    def read_body(self, body: list[str]):
        """An ability's sentences: (leading condition, effects, targets)."""
        condition = None
        for i, sentence in enumerate(body):
            tree = parse(sentence, self.names, "a_sentence")
            lead = _sub(tree, "lead")
            cond = self.cond(lead.children[1]) if lead is not None else None
            if cond is not None and i == 0 and not self.effects:
                condition, cond = cond, None
            before = len(self.effects)
            if tree.data in ("declaration", "may_declaration", "declare_then"):
                self.declare(_sub(tree, "target"), optional=tree.data == "may_declaration")
            if tree.data in ("effects", "declare_then"):
                self.effects += self.sentence_effects(tree)
            if cond is not None:
                if len(self.effects) == before:
                    raise Unreadable("a condition on a target choice alone is not read")
                self.effects[before:] = [e.model_copy(update={"condition": _and(e.condition, cond)})
                                         for e in self.effects[before:]]
        if not self.effects:
            raise Unreadable("the ability names targets but no effect")
        return condition, self.effects, self.targets

    def sentence_effects(self, tree: Tree) -> list[Effect]:
        out: list[Effect] = []
        last = 0  # where the last clause's effects start: a trailing "if" belongs to that clause (conjunctions)
        for clause in _sub(tree, "clauses").children:
            if isinstance(clause, Tree) and clause.data in CLAUSES:
                last = len(out)
                out += self.clause(clause, len(self.effects) + len(out))
        tail = _sub(tree, "tail_if", "tail_unless")
        if tail is not None:
            cond = self.cond(tail.children[1])
            if tail.data == "tail_unless":
                cond = _not(cond)
            out[last:] = [e.model_copy(update={"condition": _and(e.condition, cond)}) for e in out[last:]]
        dur = _tok(tree, "DUR")
        if dur is not None:
            out = [_lasting(e, dur.value) for e in out]
        return out

    def read_trait(self, sentence: str):
        tree = parse(sentence, self.names, "t_sentence")
        return getattr(self, "t_" + tree.data)(tree)

    # ----- traits -------------------------------------------------------------------------
    def t_triggered(self, tree: Tree) -> TriggerSpec:
        spec = self.trigger(tree.children[0])
        lead = _sub(tree, "lead")
        if lead is not None:  # "After …, if <condition>, …": the trait resolves only if it holds
            spec["condition"] = self.cond(lead.children[1])
        effects = self.sentence_effects(tree)
        return TriggerSpec.model_validate({**spec, "targets": self.targets, "do": effects})

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
            data["only"] = _tok(what, "TYPE").value
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
        if self.targets:
            raise Unreadable("an Invest effect that chooses targets is not read")
        return ("invest", int(gold), effects)

    def t_invest_cost(self, tree: Tree):
        raise Unreadable("an Invest cost without its effect")

    def t_discipline(self, tree: Tree):
        return ("discipline", int(_tok(tree, "GOLDICON").value), None)

    def t_discipline_if(self, tree: Tree):
        raise Unreadable("a Discipline trait with a condition is not read yet")

    # ----- clauses --------------------------------------------------------------------------
    def clause(self, node: Tree, index: int) -> list[Effect]:
        if node.data == "alternative":
            return self.alternative(node, index)
        if node.data in ("delayed_after", "delayed_before"):
            return self.delayed(node, index)
        acts = [c for c in node.children if isinstance(c, Tree) and c.data != "may"]
        may = _sub(node, "may") is not None
        durs = _toks(node, "DUR")
        first = self.act(acts[0], index)
        if may:
            first = [e.model_copy(update={"may": True}) for e in first]
        if node.data == "dependency":
            then = [e.model_copy(update={"needs_previous": True}) for e in self.act(acts[1], index + len(first))]
            out = first + then
        else:
            out = first
        for d in durs:
            out = [_lasting(e, d.value) for e in out]
        return out

    def alternative(self, node: Tree, index: int) -> list[Effect]:
        """"Ranged 3 Attack, or Ranged 4 Attack if …": the second when the condition holds, else the first."""
        acts = [c for c in node.children if isinstance(c, Tree) and c.data not in CONDS]
        first = self.act(acts[0], index)
        cond = self.cond(next(c for c in node.children if isinstance(c, Tree) and c.data in CONDS))
        if acts[1].data in ("ranged", "melee", "fear") and acts[0].data == acts[1].data:
            value = self.amount(_sub(acts[1], *AMOUNTS)) if _sub(acts[1], *AMOUNTS) is not None \
                else int(_tok(acts[1], "NUMBER").value)
            second = [first[0].model_copy(update={"args": first[0].args.model_copy(update={"amount": value})})]
        else:
            second = self.act(acts[1], index + len(first))
        return ([e.model_copy(update={"condition": _and(e.condition, _not(cond))}) for e in first]
                + [e.model_copy(update={"condition": _and(e.condition, cond)}) for e in second])

    def delayed(self, node: Tree, index: int) -> list[Effect]:
        """"Discard it after your next turn begins": a delayed effect (``delayed-effects``)."""
        act = next(c for c in node.children if isinstance(c, Tree) and not c.data.startswith("ev_")
                   and c.data != "may")
        ev = next(c for c in node.children if isinstance(c, Tree) and c.data.startswith("ev_"))
        effects = self.act(act, index)
        if _sub(node, "may") is not None:
            effects = [e.model_copy(update={"may": True}) for e in effects]
        spec = getattr(self, "ev_" + ev.data, lambda n: {"event": "?"})(ev)
        words = _point_words(spec)
        if words is None:
            raise Unreadable("a delayed effect on that event is not read")
        timing = "after" if node.data == "delayed_after" else "before"
        return [Effect.model_validate({"delayed": {timing: words, "do": [e.model_dump() for e in effects]}})]

    def act(self, node: Tree, index: int) -> list[Effect]:
        self.index = index
        fn = getattr(self, "e_" + node.data, None)
        if fn is None:
            raise Unreadable(f"no effect rule for {node.data.replace('_', ' ')}")
        out = fn(node)
        return out if isinstance(out, list) else [out]

    def _card_verb(self, name: str, node: Tree) -> Effect:
        return Effect.model_validate({name: {"target": self.np(_sub(node, *NP))}})

    def e_bow(self, node):
        return self._card_verb("bow", node)

    def e_straighten(self, node):
        return self._card_verb("straighten", node)

    def e_destroy(self, node):
        return self._card_verb("destroy", node)

    def e_discard(self, node):
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
        cond = self.cond(next(c for c in node.children if isinstance(c, Tree) and c.data in CONDS))
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
            value = value * -1 if isinstance(value, int) else value.model_copy(update={"times": -value.times})
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
        value = self.amount(amount_node) if amount_node is not None else int(_tok(node, "NUMBER").value)
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
        data: dict = {"type": kind, "keywords": [t.value for t in _sub(node, "kwbullets").children
                                                  if isinstance(t, Token) and t.type in ("KEYWORD", "CLAN")]}
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
            value = -value if isinstance(value, int) else value.model_copy(update={"times": -value.times})
        return Effect.model_validate({"choose": {"options": [
            {"word": stat, "do": [{stat: {"target": ref, "amount": value}}]} for stat in stats]}})

    def e_take_favor(self, node):
        return Effect.model_validate({"take_favor": {}})

    def e_discard_favor(self, node):
        return Effect.model_validate({"discard_favor": {}})

    def e_negate_action(self, node):
        return Effect.model_validate({"negate_action": {}})

    def e_negate_action_of(self, node):
        kinds = [str(d.children[0].value).lower() for d in node.children if isinstance(d, Tree) and d.data == "desig"]
        return Effect.model_validate({"negate_action": {"designators": kinds}})

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

    # ----- pieces ------------------------------------------------------------------------------
    def who(self, node: Tree):
        w = _sub(node, "who")
        if w is None:
            return "you"
        tok = w.children[0]
        if isinstance(tok, Token) and tok.type in ("ANOTHER", "ALL"):
            return "opponent" if tok.type == "ANOTHER" else "each"
        if isinstance(tok, Token) and tok.type in ("HIS", "ITS"):
            if isinstance(self.last, int) and not self.targets[self.last - 1].player:
                return self.last  # a chosen card's controller (players() reads a card target as its controller)
            raise Unreadable("'his controller' with no chosen card before it")
        if isinstance(tok, Token):
            if tok.type == "TARGETPLAYER":
                self.targets.append(TargetSpec(player=True, at=self.index))
                self.last = len(self.targets)
                return self.last
            return PLAYER_WORDS[tok.type]
        ref = self.np(tok)
        if ref in ("winner", "loser"):
            return f"{ref}_controller"
        if isinstance(ref, int) and self.targets[ref - 1].player:
            return ref
        if ref in ("self", "host"):
            return "you"
        raise Unreadable("a card as the subject of an Honor change or draw is not read")

    def kwlist(self, node: Tree) -> list[str]:
        return [t.value for t in _toks(node, "KEYWORD")]

    def statword(self, node: Tree) -> str:
        tok = node.children[0]
        return tok.value if tok.type == "STAT" else {"FORCE": "force", "CHI": "chi", "FOCUS": "focus"}[tok.type]

    def amount(self, node: Tree):
        kind = node.data
        if kind == "n":
            return int(node.children[0].value)
        if kind == "x":
            raise Unreadable("an amount of X with no X defined")
        if kind == "per":
            flt = self.filter_of(_sub(node, *NP))
            return Amount(count=flt, times=int(_tok(node, "NUMBER").value))
        value = self.value(_sub(node, *VALUES))
        if kind == "half_down":
            return value.model_copy(update={"half": "down"})
        if kind == "half_up":
            return value.model_copy(update={"half": "up"})
        return value

    def value(self, node: Tree) -> Amount:
        if node.data == "plus":
            inner = self.value(node.children[0])
            return inner.model_copy(update={"plus": inner.plus + int(_tok(node, "NUMBER").value)})
        if node.data == "printed_of":
            return Amount(stat=self.statword(_sub(node, "statword")), of=self.poss(_sub(node, "np_poss")),
                          printed=True)
        if node.data == "stat_of":
            return Amount(stat=self.statword(_sub(node, "statword")), of=self.poss(_sub(node, "np_poss")))
        if node.data == "stat_of_np":
            return Amount(stat=self.statword(_sub(node, "statword")), of=self.np(_sub(node, *NP)))
        if node.data == "count":
            return Amount(count=self.filter_of(_sub(node, *NP)))
        if node.data == "stat_of_your":
            dets = [c for c in node.children if isinstance(c, Tree) and c.data == "det"]
            flt, optional = self.filter_parts(node, ["YOUR"] + _det_words(dets))
            if "TARGET" not in _det_words(dets):
                raise Unreadable("'the Force of your …' naming a card not chosen is not read")
            return Amount(stat=self.statword(_sub(node, "statword")), of=self.new_target(flt, optional))
        return Amount(honor_of="you")

    def poss(self, node: Tree):
        tok = node.children[0]
        if isinstance(tok, Tree):
            return self._poss_phrase(node)
        if tok.type in ("HIS", "ITS", "THEIR"):
            return self.last if self.last is not None else "self"
        if tok.type == "THISCARDS":
            return "self"
        if tok.type == "DISCARDEDS":
            if not self.discarded:
                raise Unreadable("'the discarded card' with no discard before it")
            return "discarded"
        if tok.type == "THIS":
            return self._this(node.children[1].value)
        if tok.type == "LOSERS":
            return "loser"
        if tok.type == "WINNERS":
            return "winner"
        if tok.type == "THE" and self.discarded and len(node.children) > 1 and node.children[1].type == "TYPES" \
                and node.children[1].value == "card":
            return "discarded"  # "Discard a card to …, equal to the card's Focus Value"
        if tok.type == "THE":
            if len(node.children) > 1 and isinstance(node.children[1], Token) and node.children[1].type == "TARGETS":
                if not self.targets:
                    raise Unreadable("'the target's' with no target before it")
                return len(self.targets)
            return self.last if self.last is not None else "self"
        if tok.type == "YOUR":
            raise Unreadable("'your …' as a possessive is not read")
        raise Unreadable("a possessive naming another card is not read")

    def _poss_phrase(self, node: Tree):
        """"a target Holding's": a new target named in the possessive."""
        dets = [c for c in node.children if isinstance(c, Tree) and c.data == "det"]
        words = _det_words(dets)
        data: dict = {"type": [_tok(node, "TYPES").value]}
        if "YOUR" in words:
            data["side"] = "your"
        elif "ENEMY" in words:
            data["side"] = "enemy"
        mods = _sub(node, "mods")
        if mods is not None:
            data["keywords"] = [m.children[0].value for m in mods.children if isinstance(m, Tree)
                                and m.children[0].type == "KEYWORD"]
            data["state"] = [m.children[0].value for m in mods.children if isinstance(m, Tree)
                             and m.children[0].type == "STATE"]
        if "EACH" in words or "ALL" in words:
            return AllRef(all=Filter.model_validate(data))
        return self.new_target(Filter.model_validate(data))

    def _this(self, kind: str):
        """"this Personality" on an attachment is the Personality it is attached to (``references``)."""
        if kind == "personality" and self.kind in ATTACHMENTS:
            self.last = self.person = "host"
            return "host"
        self.last = "self"
        if kind == "personality":
            self.person = "self"
        return "self"

    def np(self, node: Tree):
        kind = node.data
        if kind == "self_ref":
            self.last = "self"
            if self.kind == "personality":
                self.person = "self"
            return "self"
        if kind == "this_type":
            return self._this(_tok(node, "TYPE").value)
        if kind == "this_kw":
            if self.kind in ATTACHMENTS and _tok(node, "KEYWORD").value in PERSONALITY_WORDS:
                self.last = self.person = "host"  # "this Shugenja" on a Spell is the Personality it is attached to (references)
                return "host"
            self.last = "self"
            return "self"
        if kind == "pronoun":
            personal = any(isinstance(t, Token) and t.type in ("HIM", "HE") for t in node.children)
            if personal and self.last in ("discarded", CREATED):
                return self.person if self.person is not None else "self"  # "him" is a Personality, not the card
            if self.last == CREATED:
                raise Unreadable("'it' naming a created card is not read")
            if self.last is None:
                return "it" if self.subject else "self"
            return self.last
        if kind in ("loser", "winner"):
            return kind
        if kind == "titled":
            return AllRef(all=Filter(title=node.children[0].value))
        if kind == "his_unit":
            raise Unreadable("'his unit' as a whole is not read yet")
        if kind == "his_attachments":
            what = _tok(node, "TYPE").value
            if self.last not in ("self", "host") or what not in ("attachment", "follower", "item", "spell"):
                raise Unreadable("'his …' naming cards of a unit other than this one is not read")
            return AllRef(all=Filter(type=[what], in_unit=True))
        return self.phrase(node)

    def phrase(self, node: Tree):
        dets = [c for c in node.children if isinstance(c, Tree) and c.data == "det"]
        words = _det_words(dets)
        flt, optional = self.filter_parts(node, words)
        count, up_to = _count(dets)
        if "NO" in words:
            raise Unreadable("'no …' as the object of an effect is not read")
        if "EACH" in words or "ALL" in words or "EACHOFYOUR" in words:
            if "TARGET" in words:
                raise Unreadable("'each target' is not read")
            return AllRef(all=flt)
        if "THE" in words:
            raise Unreadable("'the …' naming a card not named before is not read")
        return self.new_target(flt, optional, count or 1, up_to)

    def filter_of(self, node: Tree) -> Filter:
        dets = [c for c in node.children if isinstance(c, Tree) and c.data == "det"]
        flt, _ = self.filter_parts(node, _det_words(dets))
        return flt

    def filter_parts(self, node: Tree, words: list[str]):
        data: dict = {"type": [], "keywords": [], "state": [], "stats": []}
        optional = False
        if {"YOUR", "ONEOFYOUR", "EACHOFYOUR", "ANOTHEROFYOUR", "OFYOUR"} & set(words):
            data["side"] = "your"
        elif "ENEMY" in words:
            data["side"] = "enemy"
        elif "OTHERPLAYERS" in words:
            data["side"] = "other"
        if "ANOTHER" in words or "OTHER" in words or "ANOTHEROFYOUR" in words:
            data["another"] = True
        if "OPPOSING" in words:
            data["opposing"] = True
        head = _sub(node, "typed", "keyworded")
        mods = _sub(head, "mods")
        types = [t.value for t in _toks(head, "TYPE")]
        data["type"] = types
        any_kw = []
        if mods is not None:
            has_or = _tok(mods, "OR") is not None
            for m in mods.children:
                if not isinstance(m, Tree):
                    continue
                tok = m.children[0]
                if tok.type == "STATE":
                    data["state"].append(tok.value)
                elif tok.type in ("NONKW", "NONCLAN"):
                    data.setdefault("without", []).append(tok.value + (" Clan" if tok.type == "NONCLAN" else ""))
                elif tok.type == "CLAN":
                    if has_or:
                        any_kw.append(f"{tok.value} Clan")
                    else:
                        data["clan"] = tok.value
                elif tok.value in ABSENCES:
                    data.setdefault("without", []).append(ABSENCES[tok.value])
                else:
                    (any_kw if has_or else data["keywords"]).append(tok.value)
        if any_kw:
            data["any_keyword"] = any_kw
        for post in (c for c in node.children if isinstance(c, Tree) and c.data not in ("det", "typed", "keyworded")):
            kind = post.data
            if kind == "here":
                data["at"] = "here"
            elif kind == "at_home":
                data["at"] = "home"
            elif kind == "anywhere":
                data["at"] = "any"
            elif kind == "in_play":
                pass
            elif kind in ("stat_le", "stat_ge", "stat_le2", "stat_ge2"):
                data["stats"].append({"stat": self.statword(_sub(post, "statword")),
                                      "op": "<=" if kind.startswith("stat_le") else ">=",
                                      "value": int(_tok(post, "NUMBER").value)})
            elif kind in ("without", "with_"):
                what = _tok(post, "TYPE").value
                if what not in ("follower", "attachment"):
                    raise Unreadable(f"'with/without {what}s' is not read")
                data["state"].append(f"{'without' if kind == 'without' else 'with'}_{what}s")
            elif kind == "if_able":
                optional = True
            elif kind == "you_control":
                data["side"] = "your"
            elif kind == "in_hand":
                data["zone"] = "hand"
                data["side"] = "your"
            elif kind == "in_discard":
                data["zone"] = "discard"
                data["side"] = "your"
            elif kind == "in_unit":
                data["in_unit"] = True
            elif kind == "opposing_self":
                data["opposing"] = True
            elif kind == "in_province_any":
                data["zone"] = "province"
                data["state"].append("face_up")  # a target in a Province must be known: face up (targeting)
            elif kind == "in_unit_kw":
                if _tok(post, "TYPE").value != "unit":
                    raise Unreadable("'in a … card' is not read")
                data["unit_keyword"] = _tok(post, "KEYWORD").value
            elif kind == "without_and_lower":
                what = _tok(post, "TYPE").value
                if what not in ("follower", "attachment"):
                    raise Unreadable(f"'with no {what}s' is not read")
                data["state"].append(f"without_{what}s")
                stat = self.statword(_sub(post, "statword"))
                data["stats"].append({"stat": stat, "op": "<", "value": {"stat": stat, "of": "self"}})
            elif kind == "in_province":
                data["zone"] = "province"
                data["side"] = "your"
                data["state"].append("face_up")
            elif kind in ("with_attached", "without_attached"):
                data["attached" if kind == "with_attached" else "not_attached"] = _attachment_words(post)
            elif kind in ("lower_than_self", "higher_than_self"):
                ref = self.last if isinstance(self.last, int) else "self"
                data["stats"].append({"stat": self.statword(_sub(post, "statword")),
                                      "op": "<" if kind == "lower_than_self" else ">",
                                      "value": {"stat": self.statword(_sub(post, "statword")), "of": ref}})
        data["state"] = list(dict.fromkeys(data["state"]))
        return Filter.model_validate(data), optional

    def new_target(self, flt: Filter, optional: bool = False, count: int = 1, up_to: bool = False) -> int:
        self.targets.append(TargetSpec(filter=flt, optional=optional, at=getattr(self, "index", len(self.effects)),
                                       count=count, up_to=up_to))
        self.last = len(self.targets)
        if not flt.type or "personality" in flt.type:
            self.person = self.last
        return self.last

    def declare(self, node: Tree, optional: bool = False) -> None:
        self.index = len(self.effects)
        np_t = _sub(node, "np_t")
        dets = [c for c in np_t.children if isinstance(c, Tree) and c.data == "det"]
        words = _det_words(dets)
        flt, opt = self.filter_parts(np_t, words)
        count, up_to = _count(dets)
        self.new_target(flt, optional or opt, count or 1, up_to)

    # ----- conditions ---------------------------------------------------------------------
    def cond(self, node: Tree) -> Condition:
        if node.data == "cond_and":
            return Condition(all=[self.cond(c) for c in node.children if isinstance(c, Tree)])
        if node.data == "cond_or":
            return Condition(any=[self.cond(c) for c in node.children if isinstance(c, Tree)])
        inner = node.children[0] if node.data == "cond_one" else node
        fn = getattr(self, "c_" + inner.data, None)
        if fn is None:
            raise Unreadable(f"no reading for the condition {inner.data}")
        return fn(inner)

    def c_you_attacker(self, node):
        return Condition(you_are="attacker")

    def c_you_defender(self, node):
        return Condition(you_are="defender")

    def c_clan_player(self, node):
        return Condition(clan=_tok(node, "CLAN").value)

    def c_has_favor(self, node):
        return Condition(favor=True)

    def c_no_favor(self, node):
        return Condition(favor=False)

    def c_controls(self, node):
        sub = _sub(node, *NP)
        if sub.data == "titled":
            return Condition(controls=Filter(title=sub.children[0].value))
        name = _name_words(sub)
        if name:  # "if you control Kakita Daitsu": another card named by its title (references)
            return Condition(controls=Filter(title=name))
        return Condition(controls=self.filter_of(sub) if sub.data in ("phrase", "bare")
                         else _unread("control of a named card"))

    def c_controls_n(self, node):
        if int(_tok(node, "NUMBER").value) != 1:
            raise Unreadable("controlling a number of cards is not read")
        return self.c_controls(node)

    def c_controls_none(self, node):
        return Condition(controls_none=self.filter_of(_sub(node, *NP)) if _sub(node, "phrase", "bare") is not None
                         else _unread("control of a named card"))

    def c_fewer_provinces(self, node):
        return Condition(fewer_provinces=True)

    def c_honor_ge(self, node):
        return Condition.model_validate({"honor": {"op": ">=", "value": int(_tok(node, "NUMBER").value)}})

    def c_honor_le(self, node):
        return Condition.model_validate({"honor": {"op": "<=", "value": int(_tok(node, "NUMBER").value)}})

    def _card_cond(self, node) -> object:
        sub = _sub(node, *NP)
        if sub.data not in ("self_ref", "this_type", "this_kw", "pronoun", "loser", "winner"):
            raise Unreadable("a condition on a card not named before is not read")
        return self.np(sub)

    def c_card_is(self, node):
        return Condition.model_validate({"card": self._card_cond(node), "is": [_tok(node, "STATE").value]})

    def c_card_is_not(self, node):
        return Condition.model_validate({"card": self._card_cond(node), "is_not": [_tok(node, "STATE").value]})

    def c_card_has(self, node):
        word = _tok(node, "KEYWORD").value
        if word in ABSENCES:  # "if he is Human": he does not have Nonhuman (CR Human, Infantry)
            return Condition.model_validate({"not": {"card": self._card_cond(node), "has_keyword": ABSENCES[word]}})
        return Condition.model_validate({"card": self._card_cond(node), "has_keyword": word})

    def c_card_has_attached(self, node):
        return Condition.model_validate({"card": self._card_cond(node), "has_attached": _attachment_words(node)})

    def c_there_is(self, node):
        sub = _sub(node, *NP)
        if sub.data not in ("phrase", "bare"):
            raise Unreadable("'there is' naming one card is not read")
        return Condition(exists=self.filter_of(sub))

    def c_card_clan(self, node):
        return Condition.model_validate({"card": self._card_cond(node), "has_keyword": f"{_tok(node, 'CLAN').value} Clan"})

    def c_would_be(self, node):
        self.np(_sub(node, *NP))  # "If this Personality would be opposed, … move him": he is named here
        state = _tok(node, "STATE").value
        if state != "opposed":
            raise Unreadable(f"'would be {state}' is not read")
        return Condition(exists=Filter(type=["personality"], side="enemy", at="here"))

    def c_card_here(self, node):
        return Condition.model_validate({"card": self._card_cond(node), "is": ["in_battle"]})

    def c_card_home(self, node):
        return Condition.model_validate({"card": self._card_cond(node), "is": ["at_home"]})

    # ----- triggers ----------------------------------------------------------------------------
    def trigger(self, node: Tree) -> dict:
        when = {"t_after": "after", "t_before": "before", "t_when": "when"}[node.data]
        ev = _sub(node, "event") or node.children[1]
        fn = getattr(self, "ev_" + ev.data, None)
        if fn is None:
            raise Unreadable(f"no reading for the trigger {ev.data}")
        spec = fn(ev)
        if spec.pop("_when_only", False) and when != "before":
            raise Unreadable("'would' belongs to a before-trigger")
        spec["when"] = "before" if spec.pop("_before", False) else when
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
        edge = _tok(node, "EDGE").value
        owner = _sub(node, "owner_w")
        whose = "your" if owner is not None and _tok(owner, "YOUR") is not None else "any"
        return {"event": "phase_begins" if edge == "begins" else "phase_ends", "phase": _tok(node, "PHASE").value,
                "whose": whose}

    def ev_ev_turn(self, node):
        edge = _tok(node, "EDGE").value
        owner = _sub(node, "owner_w")
        whose = "your" if owner is not None and _tok(owner, "YOUR") is not None else "any"
        return {"event": "turn_begins" if edge == "begins" else "turn_ends", "whose": whose}

    def ev_ev_battle(self, node):
        edge = _tok(node, "EDGE").value
        return {"event": "battle_begins" if edge == "begins" else "battle_ends"}

    def ev_ev_resolves(self, node):
        return {"event": "battle_resolves"}

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
        cond = _sub(node, "while_if", "while_battle", "while_state")
        data: dict = {"target": target}
        if cond is not None and cond.data == "while_state":
            if target not in ("self", "host"):
                raise Unreadable("'while <state>' on a group of cards is not read")
            data["while"] = Condition.model_validate({"card": target, "is": [_tok(cond, "STATE").value]})
        elif cond is not None:
            data["while"] = (Condition(phase="battle") if cond.data == "while_battle"
                             else self.cond(cond.children[1]))
        tail = _sub(node, "tail_if", "tail_unless")
        if tail is not None:
            c = self.cond(tail.children[1])
            data["while"] = Condition.model_validate({"not": c.model_dump(by_alias=True, exclude_defaults=True)}) \
                if tail.data == "tail_unless" else c
        kind = node.data
        if kind == "st_copies":
            return [Static.model_validate({**data, "kind": "copies", "amount": int(_tok(node, "NUMBER").value)})]
        if kind == "st_stat_each":
            stat, n = _tok(node, "STATCHANGE").value
            if n == "X" or stat == "family_honor":
                raise Unreadable("that continuous stat change is not read")
            flt = self.filter_of(_sub(node, *NP)) if _sub(node, "phrase", "bare") is not None else _unread(
                "'for each' naming one card")
            return [Static.model_validate({**data, "kind": "stat", "stat": stat, "amount": {"count": flt.model_dump(
                exclude_defaults=True), "times": n}})]
        if kind in ("st_stat", "st_your_stat"):
            if kind == "st_your_stat":
                data["target"] = AllRef(all=Filter(type=[_tok(node, "TYPE").value], side="your"))
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
                value = -value if isinstance(value, int) else value.model_copy(update={"times": -value.times})
            return [Static.model_validate({**data, "kind": "stat", "stat": self.statword(_sub(node, "statword")),
                                           "amount": value})]
        if kind == "st_keyword":
            return [Static.model_validate({**data, "kind": "keyword", "keywords": self.kwlist(_sub(node, "kwlist"))})]
        if kind == "st_restrict":
            r = _sub(node, "r_attach")
            if r is not None:
                return [Static.model_validate({**data, "kind": "attach_never", "to": self.attach_filter(r)})]
            return [Static.model_validate({**data, "kind": "restrict", "what": self.restriction(node)})]
        if kind in ("st_attach_only", "st_attach_never"):
            return [Static.model_validate({**data, "kind": kind[3:], "to": self.filter_of(_sub(node, *NP))})]
        if kind.startswith("st_cost") and target != "self":
            raise Unreadable("a cost change for other cards is not read")
        if kind in ("st_cost_less", "st_cost_more"):
            n = int(_tok(node, "NUMBER").value)
            return [Static.model_validate({**data, "kind": "cost", "stat": "gold_cost",
                                           "amount": -n if kind == "st_cost_less" else n})]
        if kind == "st_cost_ignore":
            if _tok(node, "STAT").value != "gold_cost":
                raise Unreadable("ignoring a stat other than Gold Cost is not read")
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
            data["target"] = self.attacked(_sub(node, "attacked"))
            if kind == "st_attack_immune":
                return [Static.model_validate({**data, "kind": "attack_immune"})]
            return [Static.model_validate({**data, "kind": "attack_strength", "amount": int(_tok(node, "SIGNED").value)})]
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
            return "self"
        group = first
        if group.data == "any_group" and _tok(group, "TYPE") is None:
            raise Unreadable("a group of cards named only by keywords is not read")
        mods = [m.children[0] for m in group.children if isinstance(m, Tree) and m.data == "mod"]
        data: dict = {"type": [t.value for t in _toks(group, "TYPE")], "keywords": [], "state": []}
        group_mods = _sub(group, "mods")
        if group_mods is not None:
            mods += [m.children[0] for m in group_mods.children if isinstance(m, Tree)]
        if group.data in ("your_group", "your_group_other"):
            data["side"] = "your"
        if group.data in ("your_group_other", "any_group_other"):
            data["another"] = True
        for tok in mods:
            if tok.type == "STATE":
                data["state"].append(tok.value)
            elif tok.type == "CLAN":
                data["clan"] = tok.value
            elif tok.type in ("NONKW", "NONCLAN"):
                data.setdefault("without", []).append(tok.value + (" Clan" if tok.type == "NONCLAN" else ""))
            else:
                data["keywords"].append(tok.value)
        for post in (c for c in group.children if isinstance(c, Tree) and c.data not in ("mod", "mods")):
            if post.data == "here":
                data["at"] = "here"
            elif post.data == "at_home":
                data["at"] = "home"
            elif post.data == "in_unit":
                data["in_unit"] = True
            elif post.data == "opposing_self":
                data["opposing"] = True
            else:
                raise Unreadable(f"'{post.data}' on a group of cards is not read")
        return AllRef(all=Filter.model_validate(data))

    def attacked(self, node: Tree):
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

    def restriction(self, node: Tree) -> str:
        r = _sub(node, "r_attack", "r_targeted", "r_state", "r_destroyed", "r_moved", "r_straighten", "r_defend",
                 "r_gain_honor", "r_attach")
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
                "r_straighten": "straightens", "r_defend": "defends"}[kind]


NP = ("self_ref", "this_type", "this_kw", "pronoun", "loser", "winner", "his_unit", "his_attachments", "phrase",
      "bare", "titled")
AMOUNTS = ("n", "x", "equal", "half_down", "half_up", "per")
VALUES = ("stat_of", "stat_of_your", "stat_of_np", "count", "my_honor", "plus", "printed_of")
ATTACKS = {"RANGEDWORD": "ranged_attack", "RANGED": "ranged_attack", "MELEEWORD": "melee_attack",
           "MELEE": "melee_attack", "FEARWORD": "fear", "FEAR": "fear"}
STATICS = ("st_copies", "st_stat_each", "st_attack_immune", "st_attack_strength", "st_own_attack", "st_stat",
           "st_bonus", "st_penalty", "st_keyword", "st_restrict", "st_cost_less", "st_cost_more", "st_cost_ignore",
           "st_attach_only", "st_attach_never", "st_hand", "st_your_stat")


# Words that name the absence of a keyword (CR Human: "a Personality or Follower who does not have the
# Nonhuman keyword"; CR Infantry: one without Cavalry).
ABSENCES = {"Human": "Nonhuman", "Infantry": "Cavalry"}
CONDS = frozenset({"cond_and", "cond_or"} | {name[2:] for name in dir(SentenceReader) if name.startswith("c_")})
CLAUSES = ("plain", "dependency", "alternative", "delayed_after", "delayed_before")


def _attachment_words(node: Tree) -> list[str]:
    words = [m.children[0].value for m in _sub(node, "mods").children if isinstance(m, Tree)]
    kind = _tok(node, "TYPE")
    return words + ([kind.value.capitalize()] if kind is not None else [])


def _det_words(dets) -> list[str]:
    """Every word type of the determiners ("one to three OFYOUR" → NUMBER, TO, NUMBER, OFYOUR)."""
    return [t.type for d in dets for t in d.children if isinstance(t, Token)]


CREATED = "created card"  # what "it" names after "Create …": not a reference the engine has


def _name_words(node: Tree) -> str | None:
    """Two or more capitalised words and nothing else ("Kakita Daitsu"): a card's title."""
    if node.data != "bare":
        return None
    head = _sub(node, "keyworded")
    if head is None or len(node.children) != 1:
        return None
    mods = [m.children[0] for m in _sub(head, "mods").children if isinstance(m, Tree)]
    if len(mods) < 2 or any(t.type != "KEYWORD" for t in mods):
        return None
    return " ".join(t.value for t in mods)


def _count(dets) -> tuple[int | None, bool]:
    """"two target …" (2), "one or two" / "one to three" / "up to two" (at most that many)."""
    for d in dets:
        numbers = [int(t.value) for t in d.children if isinstance(t, Token) and t.type == "NUMBER"]
        if numbers:
            return max(numbers), len(numbers) > 1 or d.children[0].type == "UPTO"
    return None, False


def _not(cond: Condition) -> Condition:
    return Condition.model_validate({"not": cond.model_dump(by_alias=True, exclude_defaults=True)})


def _point_words(spec: dict) -> str | None:
    """The words of a timing point the delayed-effect primitive reads back (``timing_point``)."""
    whose = "your " if spec.get("whose") == "your" else "the "
    event = spec.get("event", "")
    edge = "begins" if event.endswith("begins") else "ends"
    if event.startswith("phase_"):
        return f"{whose}{spec['phase'].capitalize()} Phase {edge}"
    if event.startswith("turn_"):
        return f"{whose}turn {edge}" if whose == "your " else f"the turn {edge}"
    if event == "battle_resolves":
        return "the battle resolves"
    if event.startswith("battle_"):
        return f"the battle {edge}"
    return None


def _unread(what: str):
    raise Unreadable(f"{what} is not read")


def _and(a: Condition | None, b: Condition) -> Condition:
    return b if a is None else Condition(all=[a, b])


def _lasting(effect: Effect, until: str) -> Effect:
    fields = effect.primitive.Args.model_fields
    if "until" not in fields:
        raise Unreadable(f"a duration on '{effect.describe()}', which does not last")
    return effect.model_copy(update={"args": effect.args.model_copy(update={"until": until})})


def point_of(text: str):
    """(event, phase, whose) for a timing point such as "your next turn begins"; None if unread."""
    reader = SentenceReader([])
    try:
        tree = parser().parse(tokens(f"After {text.strip().rstrip(':')}, gain 1 Honor.", []), start="t_sentence")
        if tree.data != "triggered":
            return None
        spec = reader.trigger(tree.children[0])
    except (LarkError, Unreadable):
        return None
    if spec["event"] not in ("phase_begins", "phase_ends", "turn_begins", "turn_ends", "battle_begins",
                             "battle_ends", "battle_resolves"):
        return None
    return spec["event"], spec.get("phase"), spec.get("whose", "any")
