"""Units, armies, battlefields and movement: "straighten his unit", "a target Personality's
unit" (``unit``), "Bow his unit as he moves" (``move``, ``independence-of-effects``).

A unit is a Personality and the cards attached to him; things that affect a unit affect
every card in it, while targeting a unit targets its Personality (``unit``).
"""
from __future__ import annotations

from lark import Tree

from ..cardtree import NP, OPPOSED_HERE, Unreadable, _sub, _tok
from ..registry import Effect
from ..structures import UnitOf

# Errata in parentheses that say where a target may be ("one of your other units (at any location)").
PHRASES = {"( at any location )": ("ANYWHERE", "any"), "( at the current battlefield )": ("HERE", "here")}

NP_KINDS = ("poss_unit",)
CLAUSE_KINDS = ("as_moves", "as_moves_lead")

# What "his unit" may belong to: a chosen target, this card, its Personality, the trigger's card, a duel's side.
UNIT_LEADERS = ("self", "host", "it", "winner", "loser")
MOVES = ("move_home", "move_to")


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
        """Who "he" in "as he moves" is: the card named last (``references``)."""
        if not self.designators:
            raise Unreadable("'as he moves' in a trait is not read")
        return self.np(Tree("pronoun", _sub(node, "mover").children))

    def _as_moving(self, index: int, effects: list, mover):
        self.__dict__.setdefault("as_moving", []).append((index, len(effects), mover))
        return effects


def finish_ability(reader, condition):
    """The effects "as he moves" join the move before them; "If he would be opposed" naming a
    target who may be another player's is a test of the target."""
    for start, count, mover in reversed(reader.__dict__.get("as_moving", [])):
        _join_move(reader, start, count, mover)
    return _opposed_target(reader, condition)


def _join_move(reader, start: int, count: int, mover) -> None:
    """Effects linked by "as" depend on the move and happen with it (``independence-of-effects``):
    they leave the list for the move's own, and a target they name is chosen with the move's."""
    at = next((i for i in range(start - 1, -1, -1) if reader.effects[i].name in MOVES), None)
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
    flt = spec.filter.model_copy(update={"state": [*spec.filter.state, "would_be_opposed"]})
    reader.targets[0] = spec.model_copy(update={"filter": flt})
    return None
