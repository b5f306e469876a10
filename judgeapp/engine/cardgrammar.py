"""The grammar of L5R card sentences (``cardrules.lark``, LALR over ``cardlexer``'s tokens)
and the reader that turns a parse into registry effects.

``SentenceReader`` keeps what a unit needs across its sentences — the targets declared so
far (numbered from 1) and what "him", "it" or "that Personality" refers to (the last
thing named, ``pronouns``) — and turns each parse into effects, target declarations, a
leading condition (``good-faith-rule``), a triggered trait, a continuous trait or Gold
production.  Anything the grammar cannot read whole raises ``Unreadable`` with the reason.
"""
from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedInput

from .abilities import CountIf, TargetSpec
from .cardareas import finishers, grammar_files, kinds, mixins
from .cardeffects import EffectReaders
from .cardlexer import CardLexer, Plural, Unknown, classify, words
from .cardtraits import TraitReaders
from .cardtree import (ABSENCES, AMOUNTS, ATTACHMENTS, CARD_NAMED, CLAUSES, CREATED, LABELS, NP, OPPOSED_HERE, PERSONALITY_WORDS,
                       PLAYER_WORDS, STATICS,
                       VALUES,
                       Unreadable, _and, _attachment_kinds, _attachment_words, _count, _det_words, _lasting, _name_words, _not,
                       _point_words, _sub, _tok, _toks, _unread)
from .registry import Effect
from .structures import ActionTest, AllRef, Amount, Condition, Filter, UnitOf
from .vocab import FATE_TYPES

for _group, _names in (("NP_KINDS", NP), ("AMOUNT_KINDS", AMOUNTS), ("VALUE_KINDS", VALUES), ("CLAUSE_KINDS", CLAUSES),
                       ("STATIC_KINDS", STATICS)):
    _names.update(kinds(_group))


def parser() -> Lark:
    """The core grammar and each area's extensions (``cardrules_*.lark``, ``cardareas/*.lark``, ``%extend``).

    Building the LALR tables of the whole grammar takes seconds, so they are kept in the project's
    ``var/`` directory (``L5R_VAR_DIR``), keyed by lark on the grammar's text: a new process, or a
    replay's first card, loads them instead.  Not the shared temporary directory: the cache is a pickle."""
    built = build(grammar_text())
    if isinstance(built, LarkError):
        raise built
    return built


@lru_cache(maxsize=1)
def grammar_text() -> str:
    here = Path(__file__).resolve().parent
    return "\n".join(p.read_text(encoding="utf-8") for p in [here / "cardrules.lark"]
                     + sorted(here.glob("cardrules_*.lark")) + grammar_files())


@lru_cache(maxsize=2)
def build(text: str) -> Lark | LarkError:
    """The parser for a grammar's text, or the error that stopped its build.  The error is kept too: a grammar
    that does not build would otherwise be rebuilt, for seconds, for every sentence a replay reads."""
    names = sorted(set(re.findall(r"\b[A-Z][A-Z_]*\b", re.sub(r"//.*", "", text))))
    try:
        return Lark("%declare " + " ".join(names) + "\n" + text, parser="lalr", lexer=CardLexer,
                    start=["a_sentence", "t_sentence", "cond_only"], cache=_table_cache())
    except LarkError as exc:
        return exc


def _table_cache() -> str | bool:
    var = Path(os.environ.get("L5R_VAR_DIR") or Path(__file__).resolve().parents[2] / "var")
    try:
        var.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False  # nowhere to keep them: build the tables each time
    return str(var / "cardgrammar-tables.pickle")


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
        sentence = _replace_word(sentence, name, "THISCARD")
    return sentence


def _replace_word(text: str, word: str, by: str) -> str:
    """``word`` replaced where it stands as a whole word (no letter, digit, ``_`` or ``-`` touching
    it), left to right.  Plain string search: a regular expression per card name costs more to
    compile than the whole sentence costs to read, and an import reads thousands of names."""
    out, start, at = [], 0, text.find(word)
    while at >= 0:
        end = at + len(word)
        if not (_joins(text[at - 1:at]) or _joins(text[end:end + 1])):
            out += [text[start:at], by]
            start = end
        at = text.find(word, end if start == end else at + 1)
    return "".join(out) + text[start:]


def _joins(char: str) -> bool:
    return char.isalnum() or char in ("_", "-")


# Cards that are in a unit: "another Personality" on them is other than their own.
UNIT_CARDS = ("personality", "follower", "item", "spell")


class SentenceReader(*mixins(), EffectReaders, TraitReaders):
    """Reads the sentences of one unit (an ability or a trait) in order."""

    def __init__(self, names: list[str], kind: str = "", designators: tuple[str, ...] = ()):
        self.names = names
        self.kind = kind
        self.designators = designators
        self.targets: list[TargetSpec] = []
        self.effects: list[Effect] = []
        self.last: object = None  # what a pronoun refers to: "self", a target number, "it"
        self.subject: str | None = None  # a triggered trait's subject ("it")
        self.discarded = False  # a card was discarded by an earlier effect ("the card's Focus Value")
        self.after_action = False  # an Interrupt whose effects wait until the action has resolved
        self.person: object = None  # the last Personality named, for "him"/"he" after a card ("discard a card to move him")
        self.attack_amount = False  # reading an Attack's or Fear's strength, whose target is the next one
        # a sentence that only changes an earlier effect takes its leading "If" here (order-of-effects, exception 1)
        self.modifier = None

    # ----- units ------------------------------------------------------------------------
    def read_body(self, body: list[str]):
        """An ability's sentences: (leading condition, effects, targets)."""
        condition = None
        for i, sentence in enumerate(body):
            self.modifier = None
            tree = self.ability_sentence(sentence)
            lead = _sub(tree, "lead")
            cond = self.cond(lead.children[1]) if lead is not None else None
            if cond is not None and i == 0 and not self.effects:
                condition, cond = cond, None
            before = len(self.effects)
            if tree.data in ("declaration", "may_declaration", "declare_then"):
                self.declare(_sub(tree, "target"), optional=tree.data == "may_declaration")
            if tree.data in ("effects", "declare_then"):
                self.effects += self.sentence_effects(tree)
            if tree.data == "may_target":  # "You may target and bow a Spell": an optional target and effect
                first = len(self.targets)
                self.effects += [e.model_copy(update={"may": True}) for e in self.sentence_effects(tree)]
                if len(self.targets) == first:
                    raise Unreadable("'you may target and …' naming no new target is not read")
                self.targets[first:] = [t.model_copy(update={"optional": True}) for t in self.targets[first:]]
            hook = getattr(self, "s_" + tree.data, None)  # an area's own kind of sentence (cardareas)
            if hook is not None:
                condition = _and(condition, hook(tree, i))
            if tree.data == "after_entering" and "interrupt" not in self.designators:
                self.effects.append(self.delayed_sentence(tree))
            elif tree.data == "after_entering":
                condition = _and(condition, self.entering(tree, i))
                self.effects += self.sentence_effects(tree)
            if cond is not None and self.modifier is not None:
                if len(self.effects) != before:
                    raise Unreadable("a condition on an earlier effect's option and on new effects is not read")
                self.modifier(cond)  # "If he is unbowed, he may refuse": a condition on an earlier effect's option
            elif cond is not None:
                if len(self.effects) == before:
                    raise Unreadable("a condition on a target choice alone is not read")
                self.effects[before:] = [e.model_copy(update={"condition": _and(e.condition, cond)})
                                         for e in self.effects[before:]]
        if not self.effects:
            raise Unreadable("the ability names targets but no effect")
        for finish in finishers():  # an area's last pass over the whole ability (cardareas)
            condition = finish(self, condition)
        if self.after_action:  # "Interrupt: After you Recruit …": everything waits for the action (interrupt-actions)
            self.effects = [Effect.model_validate({"delayed": {"after": "the action resolves", "do": [
                e.model_dump() for e in self.effects]}})]
        return condition, self.effects, self.targets

    def ability_sentence(self, sentence: str) -> Tree:
        """One sentence of an ability; one no effect rule reads may be a continuous trait the ability's effect
        gives for a time ("Your Personalities have +1F while attacking", ``duration-of-effects``: ongoing effects
        include giving a trait), read as a trait's sentence is."""
        try:
            return parse(sentence, self.names, "a_sentence")
        except Unreadable as exc:
            try:
                tree = parse(sentence, self.names, "t_sentence")
            except Unreadable:
                raise exc from None
            if tree.data not in ("continuous", "continuous_for"):
                raise exc
            return tree

    def entering(self, tree: Tree, i: int) -> Condition:
        """"Interrupt: After you Recruit Jemaru, …", "After this Follower enters play, …": an Interrupt to
        the action that brings this card into play, whose effects follow that action (``interrupt-actions``)."""
        if i != 0 or "interrupt" not in self.designators:
            raise Unreadable("'After …' opening a sentence of an ability other than an Interrupt is not read")
        ev = _sub(tree, "event").children[0] if _sub(tree, "event") else tree.children[1]
        spec = getattr(self, "ev_" + ev.data, lambda n: {})(ev)
        when = spec.get("condition")  # "After you Recruit Wateru during battle": the Recruit is taken in a battle
        if spec.get("whose") != "self" or spec.get("event") not in ("recruited", "enters_play", "equipped") \
                or (when is not None and when != Condition(phase=when.phase)):
            raise Unreadable("an Interrupt after something other than this card entering play is not read")
        self.after_action = True
        return _and(Condition(action_brings=True), when)

    def sentence_effects(self, tree: Tree) -> list[Effect]:
        out: list[Effect] = []
        last = 0  # where the last clause's effects start: a trailing "if" belongs to that clause (conjunctions)
        depends = joined = False  # "… to create a Personality and lose 4 Honor": both after "to" depend on it
        for clause in _sub(tree, "clauses").children:
            if isinstance(clause, Tree) and clause.data == "sep":
                joined = [t.type for t in clause.children] == ["AND"]
            elif isinstance(clause, Tree) and clause.data in CLAUSES:
                last = len(out)
                effects = self.clause(clause, len(self.effects) + len(out))
                if depends and joined:  # (independence-of-effects)
                    effects = [e.model_copy(update={"needs_previous": True}) for e in effects]
                depends = clause.data == "dependency" or (depends and joined)
                out += effects
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

    def read_condition(self, text: str) -> Condition:
        """A condition on its own ("if you are Unicorn Clan", after a label: "Compassion, or if …:")."""
        return self.cond(parse(text, self.names, "cond_only").children[1])

    def read_trait(self, sentence: str, more: list[str] = ()):
        """A trait; ``more``: the sentences after it that refer back to it, part of the same
        trait (``traits``), read in order like an ability's."""
        tree = parse(sentence, self.names, "t_sentence")
        if more and tree.data != "triggered":
            raise Unreadable("sentences referring back to a trait other than a triggered one are not read")
        self.more = list(more)
        return getattr(self, "t_" + tree.data)(tree)

    # ----- clauses --------------------------------------------------------------------------
    def clause(self, node: Tree, index: int) -> list[Effect]:
        hook = getattr(self, "clause_" + node.data, None)  # an area's own kind of clause (cardareas)
        if hook is not None:
            return hook(node, index)
        if node.data == "alternative":
            return self.alternative(node, index)
        if node.data in ("delayed_after", "delayed_before"):
            return self.delayed(node, index)
        if node.data == "stronger_if":
            return self.stronger_if(node, index)
        acts = [c for c in node.children if isinstance(c, Tree) and c.data != "may"]
        may = _sub(node, "may") is not None
        durs = _toks(node, "DUR")
        named = len(self.targets)
        first = self.act(acts[0], index)
        if may:  # "you may straighten one of your units": its choice is optional too (good-faith-rule)
            first = [e.model_copy(update={"may": True}) for e in first]
            self.targets[named:] = [t.model_copy(update={"optional": True}) for t in self.targets[named:]]
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
        cond = self.cond(self.cond_child(node))
        if acts[1].data in ("ranged", "melee", "fear") and acts[0].data == acts[1].data:
            value = self.amount(_sub(acts[1], *AMOUNTS)) if _sub(acts[1], *AMOUNTS) is not None \
                else int(_tok(acts[1], "NUMBER").value)
            second = [first[0].model_copy(update={"args": first[0].args.model_copy(update={"amount": value})})]
        else:
            second = self.act(acts[1], index + len(first))
        return ([e.model_copy(update={"condition": _and(e.condition, _not(cond))}) for e in first]
                + [e.model_copy(update={"condition": _and(e.condition, cond)}) for e in second])

    def stronger_if(self, node: Tree, index: int) -> list[Effect]:
        """"Melee 2 Attack, with +1 strength if the target is an Infantry Follower": the stronger
        Attack when the condition holds, else the printed one (``ranged-attack``, ``melee-attack``, ``fear``)."""
        act = next(c for c in node.children if isinstance(c, Tree) and c.data not in CONDS)
        if act.data not in ("ranged", "melee", "fear"):
            raise Unreadable("'with +N strength if …' on something other than an Attack or Fear is not read")
        first = self.act(act, index)
        value = first[0].args.amount
        if not isinstance(value, int):
            raise Unreadable("'with +N strength' on a strength that is not a number is not read")
        cond = self.cond(self.cond_child(node))
        second = first[0].model_copy(update={"args": first[0].args.model_copy(update={
            "amount": value + int(_tok(node, "SIGNED").value)})})
        return [first[0].model_copy(update={"condition": _not(cond)}), second.model_copy(update={"condition": cond})]

    def delayed(self, node: Tree, index: int) -> list[Effect]:
        """"Discard it after your next turn begins": a delayed effect (``delayed-effects``)."""
        act = next(c for c in node.children if isinstance(c, Tree) and not c.data.startswith("ev_")
                   and c.data != "may")
        ev = next(c for c in node.children if isinstance(c, Tree) and c.data.startswith("ev_"))
        effects = self.act(act, index)
        if _sub(node, "may") is not None:
            effects = [e.model_copy(update={"may": True}) for e in effects]
        return [self._delayed(ev, "after" if node.data == "delayed_after" else "before", effects)]

    def delayed_sentence(self, tree: Tree) -> Effect:
        """"Target your Holding. After your next turn begins, give it a +1GP Wealth token.": in an ability other
        than an Interrupt, a sentence opening with "After …" is a delayed effect, as "Give it … after your next turn
        begins" is (``delayed-effects``)."""
        ev = _sub(tree, "event").children[0] if _sub(tree, "event") else tree.children[1]
        return self._delayed(ev, "after", self.sentence_effects(tree))

    def _delayed(self, ev: Tree, timing: str, effects: list[Effect]) -> Effect:
        spec = getattr(self, "ev_" + ev.data, lambda n: {"event": "?"})(ev)
        words = _point_words(spec)
        if words is None:
            raise Unreadable("a delayed effect on that event is not read")
        return Effect.model_validate({"delayed": {timing: words, "do": [e.model_dump() for e in effects]}})

    def act(self, node: Tree, index: int) -> list[Effect]:
        self.index = index
        fn = getattr(self, "e_" + node.data, None)
        if fn is None:
            raise Unreadable(f"no effect rule for {node.data.replace('_', ' ')}")
        out = fn(node)
        return out if isinstance(out, list) else [out]

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
            if self.last == "it":
                return "controller"  # the controller of the card the trigger is about (players(), references)
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
        if ref == "active":  # "If the active player has …, he loses 1 Honor": he is that player
            return ref
        raise Unreadable("a card as the subject of an Honor change or draw is not read")

    def kwlist(self, node: Tree) -> list[str]:
        return [t.value if t.type == "KEYWORD" else "Honor" for t in node.children
                if isinstance(t, Token) and t.type in ("KEYWORD", "HONOR")]

    def statword(self, node: Tree) -> str:
        tok = node.children[0]
        return tok.value if tok.type == "STAT" else {"FORCE": "force", "CHI": "chi", "FOCUS": "focus"}[tok.type]

    def amount(self, node: Tree):
        kind = node.data
        hook = getattr(self, "amount_" + kind, None)
        if hook is not None:
            return hook(node)
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
        hook = getattr(self, "value_" + node.data, None)
        if hook is not None:
            return hook(node)
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
        if tok.type == "THIS" and node.children[1].type == "KEYWORDS":
            return self._this_kw(node.children[1].value)  # "this Shugenja's Chi"
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
            if len(node.children) == 2 and node.children[1].type == "TYPES":
                named = self._named_target(Tree("the_kind", [Token("TYPE", node.children[1].value)]))
                if named is not None:
                    return named  # "the Personality's": the last target of that type, a target player named since
            return self.last if self.last is not None else "self"
        if tok.type == "YOUR":
            raise Unreadable("'your …' as a possessive is not read")
        raise Unreadable("a possessive naming another card is not read")

    def _poss_phrase(self, node: Tree):
        """"a target Holding's", "a target enemy Follower's or Personality's": a new target named in
        the possessive; "your Courtier's" with no "target": the one targeted before (``targeting``:
        only the word "target" makes a new targeting)."""
        dets = [c for c in node.children if isinstance(c, Tree) and c.data == "det"]
        words = _det_words(dets)
        types = [Token("TYPE", t.value) for t in node.children if isinstance(t, Token) and t.type in ("TYPES", "TYPE")]
        mods = [m for m in node.children if isinstance(m, Tree) and m.data == "mods"]
        named = _tok(node, "KEYWORDS")
        if named is not None:
            mods = [Tree("mods", (mods[0].children if mods else []) + [Tree("mod", [Token("KEYWORD", named.value)])])]
        head = Tree("typed", mods + types) if types else Tree("keyworded", mods)
        flt, _ = self.filter_parts(Tree("np_poss", dets + [head]), words)
        if "EACH" in words or "ALL" in words:
            return AllRef(all=flt)
        if "TARGET" in words:
            return self.new_target(flt)
        earlier = self._earlier_target(flt)
        if earlier is None:
            raise Unreadable("a possessive naming a card not targeted before is not read")
        self.last = earlier
        return earlier

    def _earlier_target(self, flt: Filter) -> int | None:
        """The last target the words fit ("your Personality's" after "Target your unbowed Samurai")."""
        for n in range(len(self.targets), 0, -1):
            spec = self.targets[n - 1]
            if spec.player or spec.province or (flt.side != "any" and spec.filter.side != flt.side):
                continue
            kinds = set(spec.filter.type) or ({"personality"} if set(spec.filter.keywords) & PERSONALITY_WORDS
                                              else set())
            words = set(spec.filter.keywords) | set(spec.filter.any_keyword)
            if (not flt.type or set(flt.type) & kinds) and set(flt.keywords) <= words:
                return n
        return None

    def _your_earlier(self, sub: Tree) -> int | None:
        """"your Personality" (its kind and keywords only): the last target it fits."""
        if sub.data != "phrase" or _det_words([c for c in sub.children if isinstance(c, Tree) and c.data == "det"]) \
                != ["YOUR"]:
            return None
        flt = self.filter_of(sub)
        plain = Filter(type=flt.type, side=flt.side, keywords=flt.keywords)
        return self._earlier_target(flt) if flt == plain else None

    def _this(self, kind: str):
        """"this Personality" on an attachment is the Personality it is attached to (``references``)."""
        if kind == "personality" and self.kind in ATTACHMENTS:
            self.last = self.person = "host"
            return "host"
        self.last = "self"
        if kind == "personality":
            self.person = "self"
        return "self"

    def _this_kw(self, word: str):
        """"this Shugenja" on a Spell is the Personality it is attached to (``references``)."""
        if self.kind in ATTACHMENTS and word in PERSONALITY_WORDS:
            self.last = self.person = "host"
            return "host"
        self.last = "self"
        return "self"

    def np(self, node: Tree):
        kind = node.data
        hook = getattr(self, "np_" + kind, None)
        if hook is not None:
            return hook(node)
        if kind == "self_ref":
            self.last = "self"
            if self.kind == "personality":
                self.person = "self"
            return "self"
        if kind == "this_type":
            return self._this(_tok(node, "TYPE").value)
        if kind == "this_kw":
            return self._this_kw(_tok(node, "KEYWORD").value)
        if kind == "pronoun":
            named = self._named_target(node)
            if named is not None:
                self.last = named
                return named
            named_kind = _tok(node, "TYPE")
            if named_kind is not None and named_kind.value == getattr(self, "created_kind", None):
                self.last = CREATED
                return CREATED  # "Remove the Personality from the game": the one created, no target being one
            personal = any(isinstance(t, Token) and t.type in ("HIM", "HE") for t in node.children)
            if self.last == CREATED and not (personal and getattr(self, "created_kind", None) != "personality"):
                return CREATED  # "Remove him from the game after the battle ends": the created card (created-cards)
            if personal and (self.last in ("discarded", CREATED) or self._attachment_target(self.last)):
                return self.person if self.person is not None else "self"  # "him" is a Personality, not the card
            if self.last is None:
                return "it" if self.subject else "self"
            return self.last
        if kind in ("loser", "winner"):
            self.last = self.person = kind  # "Give the loser -2F, and bow him": him is the loser
            return kind
        if kind == "titled":
            return AllRef(all=Filter(title=node.children[0].value))
        if kind == "self_possessed":
            return self.self_possessed(node)
        if kind == "his_unit":
            raise Unreadable("'his unit' as a whole is not read yet")
        if kind == "his_attachments":  # "his Followers": those attached to this card's or a target's Personality
            what = _tok(node, "TYPE").value
            if (self.last not in ("self", "host") and not isinstance(self.last, int)) \
                    or what not in ("attachment", "follower", "item", "spell"):
                raise Unreadable("'his …' naming cards of a unit other than this one or a target's is not read")
            return AllRef(all=Filter(type=[what], **self.in_unit("his")))
        return self.phrase(node)

    def self_possessed(self, node: Tree):
        """"Fujito's target Follower", "Sora's Weapon": a card in this card's unit (``possessive-case``);
        targeted if the text says so, else each such card (the player's one, when there is one)."""
        if self.kind != "personality":
            raise Unreadable("a possessive of a card other than a Personality is not read")
        dets = [c for c in node.children if isinstance(c, Tree) and c.data == "det"]
        words = _det_words(dets)
        if set(words) - {"TARGET", "A"}:
            raise Unreadable("that possessive phrase is not read")
        flt = self.filter_of(node)
        if "TARGET" in words:
            return self.new_target(flt)
        self.last = self.person = "self"  # "bow Tetsuo's Polearm to straighten him": him is Tetsuo
        return AllRef(all=flt)

    def _named_target(self, node: Tree) -> int | None:
        """"the target", "the Personality": the last target of that type, whatever was named since
        ("bow your Magistrate to dishonor the Personality" names the target Personality)."""
        kind = _tok(node, "TYPE")
        if kind is None and _tok(node, "TARGET") is None:
            return None
        if kind is None and self.attack_amount:
            return len(self.targets) + 1  # in an Attack's strength, "the target" is its own (ranged-attack, fear)
        for n in range(len(self.targets), 0, -1):
            spec = self.targets[n - 1]
            if spec.player:
                continue
            if kind is None or kind.value in spec.filter.type or (spec.attack and kind.value in ("personality",
                                                                                             "follower")):
                return n
        return None

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
        if (earlier := self._your_earlier(node)) is not None:  # "give your Personality …" after "your target Personality"
            self.last = earlier
            return earlier
        if count is None and set(words) <= GROUP_DETS and _plural(node):
            return AllRef(all=flt)  # "give your Personalities +1F": each such card, none chosen (targeting)
        chosen = self.new_target(flt, optional, count or 1, up_to, "ORMORE" in words)
        if flt.type == ["unit"]:  # "straighten one of your units": its Personality is chosen, every card is affected (unit)
            return UnitOf(unit_of=chosen)
        return chosen

    def _attachment_target(self, ref) -> bool:
        """A target that is only ever an attachment ("a target Spell in your hand"): never "he" (``attachments``)."""
        return isinstance(ref, int) and 0 < ref <= len(self.targets) and bool(self.targets[ref - 1].filter.type) \
            and set(self.targets[ref - 1].filter.type) <= {"follower", "item", "spell", "attachment"}

    def filter_of(self, node: Tree) -> Filter:
        dets = [c for c in node.children if isinstance(c, Tree) and c.data == "det"]
        flt, _ = self.filter_parts(node, _det_words(dets))
        if node.data == "self_possessed":  # "Hirakura's Spirit Followers": cards in his unit (possessive-case)
            if self.kind != "personality" or "personality" in flt.type or not (flt.type or flt.keywords):
                raise Unreadable("that possessive is not read")
            flt = flt.model_copy(update={"in_unit": True, "another": True})
        return flt

    def in_unit(self, word: str) -> dict:
        """"in this unit" is this card's unit; "in his unit" the unit of the card "his" names: a target
        ("Target your Personality. Bow a card in his unit"), else this card or its Personality (``possessive-case``)."""
        if word != "his" or self.last in (None, "self", "host"):
            return {"in_unit": True}
        if not isinstance(self.last, int):
            raise Unreadable("'in his unit' naming a card other than a target or this card is not read")
        return {"in_unit_of": self.last}

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
        if (either := _sub(head, "kw_or")) is not None:  # "a Kiho or a Spell": one or the other (``conjunctions``)
            word = _tok(_sub(either, "mod"), "KEYWORD")
            if word is None:
                raise Unreadable("'or' between a state or Clan and a card type is not read")
            data["any_of"] = [Filter(keywords=[_singular(word.value)]), Filter(type=types)]
            data["type"] = types = []
        if (title := _sub(head, "or_title")) is not None:  # "a target Ring or Moto Ming-Gwok": that card (``conjunctions``)
            data["any_of"] = [Filter(type=types), Filter(title=" ".join(t.value for t in _toks(title, "KEYWORD")))]
            data["type"] = types = []
        if data.get("another") and self.kind not in UNIT_CARDS and isinstance(self.person, int) \
                and {"personality", "unit"} & set(types):
            # "one of your other units" on a Strategy: other than the Personality named before (``another``)
            data["another"], data["besides"] = False, self.person
        any_kw, or_states = [], []
        if mods is not None and _tok(mods, "OR") is not None and not types and _titles_or(mods):
            data["any_of"] = [Filter(title=t) for t in _or_titles(mods)]  # "Doji Takato or Matsu Misato": either card
            mods = None
        if mods is not None:
            has_or = _tok(mods, "OR") is not None
            for m in mods.children:
                if not isinstance(m, Tree):
                    continue
                tok = m.children[0]
                if tok.type == "STATE" and _or_beside(mods.children, m):  # "a dishonorable or Gaijin card"
                    or_states.append(tok.value)
                elif tok.type == "STATE":
                    data["state"].append(tok.value)
                elif tok.type == "GOLDPRODUCING":  # "Gold-producing Holdings" (gold-producing-traits)
                    data["produces_gold"] = True
                elif tok.type in ("NONKW", "NONCLAN"):
                    data.setdefault("without", []).append(tok.value + (" Clan" if tok.type == "NONCLAN" else ""))
                elif tok.type == "CLAN":
                    if has_or:
                        any_kw.append(f"{tok.value} Clan")
                    else:
                        data["clan"] = tok.value
                elif types == ["unit"] and tok.type == "KEYWORD" and not has_or:
                    if data.get("unit_keyword"):
                        raise Unreadable("a unit with two keywords is not read")
                    data["unit_keyword"] = tok.value  # "a Cavalry unit": every card of it has Cavalry (unit-keywords)
                elif tok.value == "Fate" and types == ["card"] and not has_or:
                    data["type"] = types = sorted(FATE_TYPES)  # "Discard a Fate card": any card of a Fate type (fate-cards)
                elif tok.value in ABSENCES:
                    data.setdefault("without", []).append(ABSENCES[tok.value])
                else:  # "a Battle Strategy": the designator word, read by the effect that needs it
                    (any_kw if has_or else data["keywords"]).append({"BATTLE": "Battle", "HONOR": "Honor"}.get(tok.type) or _singular(tok.value))
        if or_states:  # "a dishonorable or Gaijin card": one in that state, or with that word (``conjunctions``)
            data["any_of"] = [Filter(state=[state]) for state in or_states] + ([Filter(any_keyword=any_kw)] if any_kw else [])
        elif any_kw:
            data["any_keyword"] = any_kw
        posts = (c for c in node.children if isinstance(c, Tree) and c.data not in ("det", "typed", "keyworded", "statword"))
        for post in posts:
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
                data.update(self.in_unit(_tok(post, "INUNIT").value))
            elif kind == "opposing_self":
                data["opposing"] = True
            elif kind == "in_province_any":
                data["zone"] = "province"
                data["state"].append("face_up")  # a target in a Province must be known: face up (targeting)
            elif kind == "in_unit_kw":
                if _tok(post, "TYPE").value != "unit":
                    raise Unreadable("'in a … card' is not read")
                data["unit_keyword"] = _tok(post, "KEYWORD").value
            elif kind == "in_province":
                data["zone"] = "province"
                data["side"] = "your"
                data["state"].append("face_up")
            elif kind in ("with_attached", "without_attached"):
                data["attached" if kind == "with_attached" else "not_attached"] = _attachment_words(post)
            elif kind == "in_own_army":  # "in Zenshi's army", "in his army": his side at his battlefield (army)
                if _tok(post, "INHISARMY") is not None and self.last not in ("self", "host"):
                    raise Unreadable("'in his army' naming a card other than this one or its Personality is not read")
                data["army"] = True
            elif hasattr(self, "post_" + kind):  # an area's own qualifier (cardareas)
                getattr(self, "post_" + kind)(post, data)
            else:
                raise Unreadable(f"the qualifier '{kind.replace('_', ' ')}' is not read")
        data["state"] = list(dict.fromkeys(data["state"]))
        return Filter.model_validate(data), optional

    def new_target(self, flt: Filter, optional: bool = False, count: int = 1, up_to: bool = False,
                   or_more: bool = False) -> int:
        self.targets.append(TargetSpec(filter=flt, optional=optional, at=getattr(self, "index", len(self.effects)),
                                       count=count, up_to=up_to, or_more=or_more))
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
        if _tok(np_t, "THISCARDS") is not None:  # "Target Fujito's Follower": one in this card's unit
            if self.kind != "personality":
                raise Unreadable("a possessive of a card other than a Personality is not read")
            flt = flt.model_copy(update={"in_unit": True, "another": True})
        count, up_to = _count(dets)
        n = self.new_target(flt, optional or opt, count or 1, up_to, "ORMORE" in words)
        more = [c for c in node.children if isinstance(c, Tree) and c.data == "np_t"][1:]
        if more:
            self.targets[n - 1] = self.targets[n - 1].model_copy(update={"count_if": self.count_if(more[0], flt, node)})

    def count_if(self, np_t: Tree, flt, node: Tree) -> CountIf:
        """"Target your Personality, or one or two of your Personalities if you have fewer Provinces than
        any other player": the same cards, another number of them when the condition holds."""
        dets = [c for c in np_t.children if isinstance(c, Tree) and c.data == "det"]
        if self.filter_parts(np_t, _det_words(dets))[0] != flt:
            raise Unreadable("'target X, or Y if …' naming other cards is not read")
        count, up_to = _count(dets)
        return CountIf.model_validate({"count": count or 1, "up_to": up_to, "if": self.cond(self.cond_child(node))})

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
        if sub.data in CARD_NAMED:  # "if you control him": that card is yours (``card-control``)
            return Condition(card=self._card_cond(node), fits=Filter(side="your"))
        if sub.data == "titled":
            return Condition(controls=Filter(title=sub.children[0].value))
        name = _name_words(sub)
        if name:  # "if you control Kakita Daitsu": another card named by its title (references)
            return Condition(controls=Filter(title=name))
        return Condition(controls=self.filter_of(sub) if sub.data in ("phrase", "bare")
                         else _unread("control of a named card"))

    def c_controls_n(self, node):
        if int(_tok(node, "NUMBER").value) == 1:
            return self.c_controls(node)
        return self.count_controlled(node, ">=")

    def count_controlled(self, node, op: str) -> Condition:
        """"if you control two or more Rings", "if you have two or fewer Rings in play": how many
        such cards you control."""
        sub = _sub(node, *NP)
        if sub.data not in ("phrase", "bare"):
            raise Unreadable("counting one named card is not read")
        flt = self.filter_of(sub)
        if flt.zone != "play" or flt.side not in ("any", "your"):
            raise Unreadable("counting cards out of play or another player's is not read")
        if any(k.endswith("s") for k in flt.keywords):  # "Geisha Houses": the keyword is "Geisha House"
            raise Unreadable("a keyword in the plural is not read")
        return Condition.model_validate({"count": {"filter": flt.model_copy(update={"side": "your"}), "op": op,
                                                   "value": int(_tok(node, "NUMBER").value)}})

    def c_controls_none(self, node):
        if _sub(node, *CARD_NAMED) is not None:  # "if you do not control him"
            return _not(self.c_controls(node))
        return Condition(controls_none=self.filter_of(_sub(node, *NP)) if _sub(node, "phrase", "bare") is not None
                         else _unread("control of a named card"))

    def c_fewer_provinces(self, node):
        return Condition(fewer_provinces=True)

    def c_honor_ge(self, node):
        return Condition.model_validate({"honor": {"op": ">=", "value": int(_tok(node, "NUMBER").value)}})

    def c_honor_le(self, node):
        return Condition.model_validate({"honor": {"op": "<=", "value": int(_tok(node, "NUMBER").value)}})

    def _card_cond(self, node) -> object:
        """The card a condition is about: one named before ("if he is …"), or "your Personality" after "your
        target Personality": the one targeted (``targeting``)."""
        sub = _sub(node, *NP)
        if (earlier := self._your_earlier(sub)) is not None:
            self.last = earlier
            return earlier
        if sub.data not in CARD_NAMED:
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
        card = self._card_cond(node)
        kinds = [Condition.model_validate({"card": card, "has_attached": words}) for words in _attachment_kinds(node)]
        return kinds[0] if len(kinds) == 1 else Condition(any=kinds)

    def c_there_is(self, node):
        sub = _sub(node, *NP)
        if sub.data not in ("phrase", "bare"):
            raise Unreadable("'there is' naming one card is not read")
        return Condition(exists=self.filter_of(sub))

    def c_card_clan(self, node):
        return Condition.model_validate({"card": self._card_cond(node), "has_keyword": f"{_tok(node, 'CLAN').value} Clan"})

    def c_would_be(self, node):
        """"If he would be opposed": at the current battlefield, the army facing the side his
        controller's units move to has units (``opposed``, ``move``).  A target named before is
        tested itself; this card, or your target named next in the sentence, is yours: the enemy
        army there has units."""
        ref = self.np(_sub(node, *NP))  # "If this Personality would be opposed, … move him": he is named here
        state = _tok(node, "STATE").value
        if state != "opposed":
            raise Unreadable(f"'would be {state}' is not read")
        if isinstance(ref, int):
            return Condition.model_validate({"card": ref, "is": ["would_be_opposed"]})
        return OPPOSED_HERE

    def c_hand_ge(self, node):
        return self._hand(node, ">=")

    def c_hand_le(self, node):
        return self._hand(node, "<=")

    def _hand(self, node, op: str) -> Condition:
        if _tok(node, "TYPE").value != "card":
            raise Unreadable("counting cards of one type in a hand is not read")
        return Condition.model_validate({"hand": {"op": op, "value": int(_tok(node, "NUMBER").value)}})

    def c_most_cards(self, node):
        if _tok(node, "TYPE").value != "card":
            raise Unreadable("counting cards of one type in a hand is not read")
        return Condition(most_cards=True)

    def c_card_stat_is(self, node):
        """"if his Force is now 0", "if he now has 0 Force": the card's current stat (``force``);
        "now" is when the condition is checked, after the effects before it (``order-of-effects``)."""
        poss = _sub(node, "np_poss")
        card = self.poss(poss) if poss is not None else self._card_cond(node)
        if card == "self" and poss is not None and self.last is None:
            raise Unreadable("'his' with no card named before it")
        return Condition.model_validate({"card": card, "stat": {
            "stat": self.statword(_sub(node, "statword")), "op": "=", "value": int(_tok(node, "NUMBER").value)}})

    def c_card_stat_lower(self, node):
        first, other = [c for c in node.children if isinstance(c, Tree) and c.data in NP]
        card = self._card_cond(Tree("cond", [first]))
        than = self._card_cond(Tree("cond", [other]))
        stat = self.statword(_sub(node, "statword"))
        return Condition.model_validate({"card": card, "stat": {"stat": stat, "op": "<",
                                                                "value": {"stat": stat, "of": than}}})

    def c_card_is_a(self, node):
        """"if the target is an Infantry Follower": the card is such a card (``conjunctions``)."""
        card = self._card_cond(node)
        words = [m.children[0] for m in node.children if isinstance(m, Tree) and m.data == "kind_word"]
        data: dict = {"type": [_tok(node, "TYPE").value],
                      "keywords": [t.value for t in words if t.type == "KEYWORD" and t.value not in ABSENCES],
                      "without": [ABSENCES[t.value] for t in words if t.type == "KEYWORD" and t.value in ABSENCES],
                      "state": [t.value for t in words if t.type == "STATE"]}
        clan = [t.value for t in words if t.type == "CLAN"]
        if clan:
            data["clan"] = clan[0]
        return Condition.model_validate({"card": card, "fits": data})

    def c_this_destroyed(self, node):
        return self._attack_result(node, "destroyed")

    def c_this_bowed(self, node):
        if _tok(node, "STATE").value != "bowed":
            raise Unreadable("'if this …' other than bowed or destroyed is not read")
        return self._attack_result(node, "bowed")

    def _attack_result(self, node, state: str) -> Condition:
        """"If this destroyed a Phoenix Clan Personality": the ability's Ranged/Melee Attack or Fear
        target is now destroyed (or bowed) and is such a card (``ranged-attack``, ``fear``)."""
        attack = next((n for n in range(len(self.targets), 0, -1) if self.targets[n - 1].attack), None)
        if attack is None:
            return self._effect_did(node, state)
        data: dict = {"card": attack, "is": [state]}
        sub = _sub(node, *NP)
        if sub is not None:
            if sub.data not in ("phrase", "bare"):
                raise Unreadable("'if this destroyed' naming one card is not read")
            before, self.last = self.last, "self"  # "a Personality with lower Personal Honor" than this card
            data["fits"] = self.filter_of(sub).model_dump(exclude_defaults=True)
            self.last = before
        return Condition.model_validate(data)

    def _effect_did(self, node, state: str) -> Condition:
        """"Bow a target enemy card. If this bowed a Personality with attachments, …": the effect just before
        (a bow, a destruction) bowed (destroyed) such a card, by this action's own effects (``conjunctions``)."""
        verb = {"bowed": "bow", "destroyed": "destroy"}[state]
        sub = _sub(node, *NP)
        if not self.effects or self.effects[-1].name != verb or sub is None or sub.data not in ("phrase", "bare"):
            raise Unreadable("'if this destroyed …' with no Attack or Fear before it is not read")
        flt = self.filter_of(sub)
        return Condition(action=ActionTest(this=True, did="bows" if state == "bowed" else "destroyed", fits=flt))

    def c_has_label(self, node):
        """"if you have Courtesy": the label's own condition, from its reminder text."""
        word = _tok(node, "KEYWORD").value
        if word not in LABELS:
            raise Unreadable(f"'you have {word}' is not read")
        return LABELS[word]

    def c_action_yours(self, node):
        return self._action_by("you")

    def c_action_others(self, node):
        return self._action_by("other")

    def _action_by(self, who: str) -> Condition:
        """"If the action is yours": an Interrupt's test of the action it is played to (``interrupt-actions``)."""
        if "interrupt" not in self.designators:
            raise Unreadable("'the action' outside an Interrupt is not read")
        return Condition(action_by=who)

    def c_card_here(self, node):
        return Condition.model_validate({"card": self._card_cond(node), "is": ["in_battle"]})

    def c_card_home(self, node):
        return Condition.model_validate({"card": self._card_cond(node), "is": ["at_home"]})

    def cond_child(self, node: Tree) -> Tree:
        """The condition among a rule's children ("…, or 3 Gold if <cond>")."""
        return next(c for c in node.children if isinstance(c, Tree) and c.data in CONDS)


# Keywords whose last letter is an "s" of the word itself, not a plural (from the card database).
S_KEYWORDS = frozenset({"Barracks", "Genius", "Mantis", "Plains", "Prosperous", "Shadowlands", "Stables", "Vicious"})


def _singular(word: str) -> str:
    """"one of your Ports", "each of his Weapons": the keyword a plural names (``keywords``)."""
    if not word.endswith("s") or word.endswith("ss") or word in S_KEYWORDS:
        return word
    return word[:-1]


# Determiners that leave a plural naming a group: "your Personalities", "enemy Followers", "other players' Holdings".
GROUP_DETS = frozenset({"YOUR", "ENEMY", "OTHERPLAYERS", "OTHER", "OPPOSING"})


def _plural(node: Tree) -> bool:
    """The head of the phrase is in the plural ("your Personalities", "your Courtiers"): a group, each
    card of it, where no number and no "target" is said (``targeting``: only a target is chosen)."""
    head = _sub(node, "typed", "keyworded")
    names = _toks(head, "TYPE") if head.data == "typed" else [
        m.children[-1] for m in _sub(head, "mods").children[-1:] if isinstance(m, Tree)]
    return bool(names) and isinstance(names[-1].value, Plural)


def _titles_or(mods: Tree) -> bool:
    """"Doji Takato or Matsu Misato": two or more capitalised words on each side of every "or" are
    titles, not keywords ("a Shadowlands Shugenja or Monk" has one word after its "or")."""
    groups, words = [], 0
    for m in mods.children:
        if isinstance(m, Token) and m.type == "OR":
            groups.append(words)
            words = 0
        elif isinstance(m, Tree) and m.children[0].type == "KEYWORD":
            words += 1
    return min(groups + [words]) >= 2


def _or_titles(mods: Tree) -> list[str]:
    """The titles of "Doji Takato or Matsu Misato", in order."""
    titles, words = [], []
    for m in mods.children:
        if isinstance(m, Token) and m.type == "OR":
            titles.append(" ".join(words))
            words = []
        elif isinstance(m, Tree):
            words.append(m.children[0].value)
    return titles + [" ".join(words)]


CONDS = frozenset({"cond_and", "cond_or"} | {name[2:] for name in dir(SentenceReader) if name.startswith("c_")})

def _or_beside(items: list, mod: Tree) -> bool:
    """Whether "or" stands next to this word of a list ("unbowed Monk or Shugenja": not beside "unbowed")."""
    i = items.index(mod)
    return any(isinstance(t, Token) and t.type == "OR" for t in items[max(i - 1, 0):i + 2])


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
                             "battle_ends", "battle_resolves", "action_resolves"):
        return None
    return spec["event"], spec.get("phase"), spec.get("whose", "any")
