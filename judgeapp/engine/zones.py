"""Every zone change goes through ``move`` (``areas-of-the-game``), so each card is always
in exactly one place and ``audit`` can check it.

``move`` takes a card out of wherever it is (a player's hand, deck, discard pile, dead
pile, a Province, a Personality's attachments) and puts it in one new place, applying
the rules of the areas: cards in discard piles are face up, Personalities destroyed go
dead (``dead``), tokens and ongoing effects do not follow a card out of play (``token``,
``in-play-and-out-of-play``), a face-down card out of play forgets what it did
(``card-memory-rule``), cards go to their owner's piles (``discard-piles``).
"""
from __future__ import annotations

from .state import Card, Province
from .vocab import Zone


def _take_out(g, card: Card) -> None:
    p = g.players[card.owner]
    if card.zone is Zone.PLAY:
        if card.attached_to:
            host = g.cards.get(card.attached_to)
            if host is not None and card.id in host.attachments:
                host.attachments.remove(card.id)
        if card.id == p.stronghold:
            p.stronghold = None
        if card.id == p.sensei:
            p.sensei = None
    elif card.zone is Zone.PROVINCE:
        for prov in g.players[card.owner].provinces:
            if card.id in prov.cards:
                prov.cards.remove(card.id)
                card.province_left = prov.id
    else:
        for pile in (_pile(g, card.owner, card.zone), _below(g, card.owner, card.zone)):
            if pile is not None and card.id in pile:
                pile.remove(card.id)


def _pile(g, owner: str, zone: Zone) -> list | None:
    p = g.players[owner]
    return {Zone.HAND: p.hand, Zone.FATE_DECK: p.fate_deck, Zone.DYNASTY_DECK: p.dynasty_deck,
            Zone.DISCARD: p.discard, Zone.DEAD: p.dead, Zone.REMOVED: p.removed}.get(zone)


def _below(g, owner: str, zone: Zone) -> list | None:
    """Known cards put on the bottom of a deck, under the cards the position does not name."""
    p = g.players[owner]
    return {Zone.FATE_DECK: p.fate_below, Zone.DYNASTY_DECK: p.dynasty_below}.get(zone)


def deck_top(g, owner: str, zone: Zone) -> str | None:
    """The id of the known top card of a deck, if the top card is known."""
    top = _pile(g, owner, zone)
    if top:
        return top[0]
    unknown = g.players[owner].fate_count if zone is Zone.FATE_DECK else g.players[owner].dynasty_count
    below = _below(g, owner, zone)
    return below[0] if not unknown and below else None


def move(g, card: Card, to: Zone, *, location: str = "home", attach_to: str | None = None,
         province: Province | None = None, bowed: bool = False, face_up: bool | None = None,
         controller: str | None = None, top: bool = True) -> None:
    """Put a card in one new place; the change is noted for the timeline."""
    old = card.zone
    left_play = old is Zone.PLAY and to is not Zone.PLAY
    _take_out(g, card)
    if left_play:
        card.tokens.clear()
        card.attached_to = None
        card.side = None
        card.bowed = False
        g.modifiers = [m for m in g.modifiers if m.target != card.id]
        g.ongoing = [o for o in g.ongoing if o.target != card.id]
    elif old is Zone.FOCUS and to is not Zone.FOCUS:  # a Focus Value change is the focused card's, in its duel (duel)
        g.modifiers = [m for m in g.modifiers if m.target != card.id]
    card.zone = to
    if to is Zone.PLAY:
        card.controller = controller or card.controller or card.owner
        card.location = location
        card.bowed = bowed
        card.face_up = True
        card.attached_to = attach_to
        if attach_to:
            host = g.cards.get(attach_to)
            if host is not None:
                host.attachments.append(card.id)
                card.location = host.location
    elif to is Zone.PROVINCE:
        province.cards.append(card.id)
        card.face_up = bool(face_up)
        province.unknown = False
        province.face_up = bool(face_up)
    else:
        card.controller = card.owner
        card.location = "home"
        card.face_up = to in (Zone.DISCARD, Zone.DEAD, Zone.REMOVED, Zone.RESOLUTION) if face_up is None else face_up
        pile = _pile(g, card.owner, to)
        if to in (Zone.FATE_DECK, Zone.DYNASTY_DECK):
            if top:
                pile.insert(0, card.id)
            else:
                _below(g, card.owner, to).append(card.id)
        elif pile is not None:
            pile.append(card.id)
        if not card.face_up:
            card.used.clear()  # out of play and face down: it forgets (card-memory-rule)
            card.spent.clear()
            card.targeted.clear()
            card.dishonored = False
    g.version += 1
    g.timeline.note({"card": card.id, "zone": [str(old), str(to)]})


def refill(g, prov: Province, face_up: bool = False) -> str | None:
    """Refill an emptied Province from the top of its owner's Dynasty deck (``provinces``)."""
    if prov.cards or prov.destroyed:
        return None
    p = g.players[prov.owner]
    top = deck_top(g, prov.owner, Zone.DYNASTY_DECK)
    if top is not None:
        card = g.cards[top]
        move(g, card, Zone.PROVINCE, province=prov, face_up=face_up)
        return card.title if face_up else "a face-down card"
    if p.dynasty_count > 0:
        p.dynasty_count -= 1
        prov.unknown, prov.face_up = True, face_up
        g.timeline.note({"province": prov.id, "refilled": True})
        return "a face-down card" if not face_up else "an unknown card"
    prov.unknown = False
    return None


def audit(g) -> list[str]:
    """Problems with the board's consistency: every card in exactly one place, and its
    zone the place it is in."""
    places: dict[str, list[str]] = {}
    for name in g.order:
        p = g.players[name]
        for zone in (Zone.HAND, Zone.FATE_DECK, Zone.DYNASTY_DECK, Zone.DISCARD, Zone.DEAD, Zone.REMOVED):
            for cid in _pile(g, name, zone) + (_below(g, name, zone) or []):
                places.setdefault(cid, []).append(f"{name} {zone}")
                if g.cards[cid].zone is not zone:
                    places[cid].append(f"(zone says {g.cards[cid].zone})")
        for prov in p.provinces:
            for cid in prov.cards:
                places.setdefault(cid, []).append(prov.id)
    for cid, card in g.cards.items():
        if card.zone is Zone.PLAY:
            places.setdefault(cid, []).append("play")
            if card.attached_to:
                host = g.cards.get(card.attached_to)
                prov = g.province(card.attached_to)
                if (host is None or cid not in host.attachments or host.zone is not Zone.PLAY) and prov is None:
                    places[cid].append("dangling attachment")
        elif card.zone in (Zone.FOCUS, Zone.RESOLUTION):
            places.setdefault(cid, []).append(str(card.zone))
    problems = [f"{cid} is in {len(where)} places: {', '.join(where)}" for cid, where in places.items()
                if len(where) != 1]
    problems += [f"{cid} ({c.zone}) is nowhere" for cid, c in g.cards.items() if cid not in places]
    return problems
