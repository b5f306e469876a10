"""Abilities a card has beyond its printed ones (``embedded-text``): embedded text an effect
gave it ("Permanently give your target Personality the ability, "…"", an ongoing ``grant``), read
as if printed on that card — "this Personality" in it is the card that has it (``references``).
A card uses them like its printed abilities (``using-abilities``)."""
from __future__ import annotations

from .abilities import Ability, read_text
from .state import Card

GRANTED_FROM = 100  # granted abilities are numbered from here, after any printed one (card-memory-rule)


def granted_texts(g, card: Card) -> list[str]:
    return [o.data["text"] for o in g.ongoing if o.kind == "grant" and o.target == card.id]


def abilities(g, card: Card) -> list[Ability]:
    """The card's printed abilities, then those granted to it, in the order they were given."""
    extra: list[Ability] = []
    for text in granted_texts(g, card):
        for ability in read_text(text, card.title, card.type).abilities:
            extra.append(ability.model_copy(update={"n": GRANTED_FROM + len(extra) + 1}))
    return list(card.card.reading.abilities) + extra
