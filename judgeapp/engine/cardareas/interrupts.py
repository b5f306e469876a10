"""Interrupts: what an Interrupt does to the action it interrupts ("The action cannot move
Personalities", "Negate Iairimi's movement from the action").

An Interrupt "may modify the effects of the action it interrupts – including preventing
some or all of these effects", and "the action" in an Interrupt is the action being
interrupted (``interrupt-actions``); the engine's record of that action is ``acting``.
"""
from __future__ import annotations

from lark import Tree

from ..cardtree import NP, Unreadable, _det_words, _sub
from ..registry import Effect
from ..structures import AllRef

WORDS = {"movement": "MOVEMENT"}
# "this caster": the Personality a Spell is attached to, who casts it (``spell``)
PHRASES = {"caster's": ("TYPES", "personality"), "caster": ("TYPE", "personality")}


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
        return Effect.model_validate({"limit_action": {"what": "moves", "target": self._moved(node),
                                                       "designators": kinds}})

    def e_negate_movement(self, node):
        """"Negate this Personality's movement from the action", "… from it" (``negate``,
        ``interrupt-actions``)."""
        self._interrupt_only()
        ref = self.poss(_sub(node, "np_poss"))
        return Effect.model_validate({"limit_action": {"what": "moves", "target": ref, "negate": True}})
