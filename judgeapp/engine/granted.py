"""Abilities beyond a card's printed ones (``embedded-text``): embedded text an effect gave a card
("Permanently give your target Personality the ability, "…"", an ongoing ``grant``) or a continuous
trait gives it ("Your Nonhuman Spirits have the ability, "…""), read as if printed on that card —
"this Personality" in it is the card that has it (``references``); and abilities a card's trait gives
players ("You have the ability, "…""), each player's own (``player-abilities-and-traits``).
"""
from __future__ import annotations

from .abilities import Ability, read_text
from .references import holds
from .state import Card

GRANTED_FROM = 100  # granted abilities are numbered from here, after any printed one (card-memory-rule)
PLAYERS_FROM = 200  # and abilities a card gives players from here


def granted_texts(g, card: Card) -> list[str]:
    """The card's granted abilities, in the order they were given: by effects, then by traits."""
    out = [o.data["text"] for o in g.ongoing if o.kind == "grant" and o.target == card.id]
    return out + [st.embedded for src, st in g.statics() if st.kind == "ability" and g.static_applies(src, st, card)]


def abilities(g, card: Card, by: str | None = None) -> list[Ability]:
    """The card's printed abilities, those granted to it, then those its traits give player ``by``."""
    extra: list[Ability] = []
    for text in granted_texts(g, card):
        for ability in read_text(text, card.title, card.type).abilities:
            extra.append(ability.model_copy(update={"n": GRANTED_FROM + len(extra) + 1}))
    return list(card.card.reading.abilities) + extra + (player_abilities(g, card, by) if by else [])


def has_abilities(g, card: Card, printed_only: bool = False) -> bool:
    """Whether a card has abilities (``abilities``): one printed on it, whether or not the reader can
    read it (a unit that starts with a designator, ``cardtext.units``), or stated for it; and unless
    ``printed_only`` ("with no printed abilities"), one given to it."""
    from .cardtext import units

    if card.card.reading.abilities or any(header is not None for _, header in units(card.card.text)):
        return True
    return not printed_only and bool(granted_texts(g, card))


def has_ability(g, card: Card, test) -> bool:
    """"with a Political ability", "with a Melee or Ranged Attack ability" (``abilities``): one of the card's
    abilities, printed or given, has every keyword of the test and, if it names effects, one of them.  A printed
    ability's keywords are those of its header, whether or not the reader can read the rest of it."""
    from .cardtext import units

    if not test.effects and any(m is not None and set(test.keywords) <= set((m["words"] or "").split())
                                for _, m in units(card.card.text)):
        return True
    return any(all(a.has(k) for k in test.keywords) and (not test.effects or any(e.name in test.effects
                                                                                 for e in a.effects))
               for a in abilities(g, card))


def player_abilities(g, card: Card, by: str) -> list[Ability]:
    """The abilities this card's traits give player ``by`` while it is in play (``continuous-traits``)."""
    if not card.in_play or card.id in g.traits_negated():
        return []
    out: list[Ability] = []
    for st in card.card.reading.statics:
        if st.kind == "player_ability" and by in _players(g, card, st.players) and holds(g, st.while_, card):
            for ability in read_text(st.embedded, "", "").abilities:
                out.append(ability.model_copy(update={"n": PLAYERS_FROM + len(out) + 1, "player": True}))
    return out


def _players(g, card: Card, words: list[str]) -> set[str]:
    named = {"you": [card.controller], "each": g.in_turn_order(), "attacker": [g.attacker], "defender": [g.defender]}
    return {p for w in words for p in named[w] if p}


def memory(card: Card, ability: Ability, player) -> tuple[dict, object]:
    """Where an ability's uses this turn are kept: a player's ability with that player (each has his own
    copy, ``player-abilities-and-traits``), any other with its card (``card-memory-rule``)."""
    if ability.player:
        return player.used, (card.id, ability.n)
    return card.used, ability.n
