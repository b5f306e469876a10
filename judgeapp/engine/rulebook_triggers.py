"""Triggered rulebook effects: they take their turn among triggered traits in the
timing-conflict order (``timing-conflicts`` C).

- After a dishonorable Personality is destroyed, his controller loses Honor equal to his
  printed Personal Honor (``honorable-and-dishonorable``): a rulebook loss.
- After a Destined card enters play, its controller draws a card (``destined``).
- After an Expendable card is destroyed, its controller draws a card (``expendable``).
"""
from __future__ import annotations

from .triggers import Pending


def rulebook_for(g, timing: str, ev) -> list[Pending]:
    if timing != "after" or ev.card is None:
        return []
    out = []
    card = ev.card
    if ev.name == "destroyed" and card.type == "personality" and ev.data.get("was_dishonorable"):
        out.append(Pending(f"Honor loss for {card.title} dying dishonorably", _dishonorable_loss(g, ev), ev.player))
    if ev.name == "enters_play" and g.has_keyword(card, "Destined"):
        out.append(Pending(f"Destined: {card.title}", _draw(g, card.controller, card.title, "destined"),
                           card.controller))
    if ev.name == "destroyed" and card.card.has_keyword("Expendable"):
        out.append(Pending(f"Expendable: {card.title}", _draw(g, ev.data.get("controller", card.owner), card.title,
                                                              "expendable"), card.owner))
    return out


def _dishonorable_loss(g, ev):
    def run():
        from .honor import change

        ph = ev.card.card.stat("ph")
        change(g, ev.data.get("controller", ev.card.owner), ph, False,
               f"{ev.card.title} was destroyed while dishonorable: his printed Personal Honor of {ph}",
               ["honorable-and-dishonorable"], rulebook=True)
    return run


def _draw(g, player: str, title: str, section: str):
    def run():
        from .cardops import draw

        draw(g, player, 1, [section], f"{title} is {section.capitalize()}")
    return run
