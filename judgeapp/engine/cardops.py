"""The procedures that happen to cards — bowing, straightening, destruction, discarding,
dishonor, movement, entering play, drawing — each as the rules run it: the occurrence
passes through the triggers (prevention, substitution, then "before"), happens through
the board's setters or ``zones.move``, and "after" triggers follow.
"""
from __future__ import annotations

from . import acting, triggers
from .state import Card
from .triggers import Event
from .vocab import StepKind, Zone
from .zones import deck_top, move, refill

LEAVES_TO = {"destroyed": "destroyed", "discarded": "discarded", "removed": "removed from the game"}


def bow(g, card: Card, why: str, cites: list[str], by: str | None = None, source: Card | None = None,
        kind: StepKind = StepKind.EFFECT) -> bool:
    if not card.in_play or card.bowed:
        return False
    ev = Event("bows", card, card.controller, by, source)
    if not triggers.before(g, ev):
        return False
    g.set_bowed(card, True)
    g.record(kind, f"{card.title} bows ({why})", cites or ["bowed-and-unbowed"], by)
    triggers.after(g, ev)
    return True


def straighten(g, card: Card, why: str, cites: list[str], by: str | None = None, source: Card | None = None,
               kind: StepKind = StepKind.EFFECT) -> bool:
    if not card.in_play or not card.bowed:
        return False
    ev = Event("straightens", card, card.controller, by, source)
    if not triggers.before(g, ev):
        return False
    g.set_bowed(card, False)
    g.record(kind, f"{card.title} straightens ({why})", cites or ["bowed-and-unbowed"], by)
    triggers.after(g, ev)
    return True


def set_honor_state(g, card: Card, dishonor: bool, why: str, cites: list[str], by: str | None = None,
                    source: Card | None = None, kind: StepKind = StepKind.EFFECT, negatable: bool = True) -> bool:
    """Dishonor or rehonor a Personality (``honorable-and-dishonorable``, ``rehonoring``)."""
    if card.type != "personality" or card.dishonored == dishonor:
        return False
    ev = Event("dishonored" if dishonor else "rehonored", card, card.controller, by, source, negatable=negatable)
    if not triggers.before(g, ev):
        return False
    g.set_dishonored(card, dishonor)
    g.record(kind, f"{card.title} is {'dishonored' if dishonor else 'rehonored'} ({why})",
             cites or ["honorable-and-dishonorable"], by)
    triggers.after(g, ev)
    return True


def leave_play(g, card: Card, how: str, why: str, cites: list[str], by: str | None = None,
               source: Card | None = None, kind: StepKind = StepKind.EFFECT, preventable: bool = True,
               cause: str = "effect", negatable: bool = True, duel: dict | None = None) -> list[Card]:
    """A card leaves play destroyed, discarded or removed; a Personality takes his whole unit
    with him, in the same way (``unit``).  Returns every card that left.  ``duel``: the duel whose
    loser it is, when it leaves for losing it (``for``)."""
    if not card.in_play:
        return []
    if how in ("destroyed", "discarded") and card.type == "stronghold":
        g.record(kind, f"{card.title} does not leave play: effects only remove a Stronghold if they say so",
                 ["stronghold-immunity"], by)
        return []
    ev = Event(how, card, card.controller, by, source, {"cause": cause, "duel": duel}, preventable, negatable)
    if not triggers.before(g, ev):
        return []
    gone = [card]
    host_was = g.host(card)
    controller, location, was_dishonored = card.controller, card.location, card.dishonored
    for att_id in list(card.attachments):
        att = g.cards[att_id]
        _to_pile(g, att, how)
        gone.append(att)
    _to_pile(g, card, how)
    names = ", ".join(c.title for c in gone[1:])
    text = f"{card.title} is {LEAVES_TO[how]} ({why})" + (f"; the cards of his unit go with him: {names}"
                                                             if names else "")
    g.record(kind, text, cites + (["unit"] if names else []), by)
    if how == "destroyed":
        g.destroyed += [c.id for c in gone]
    data = {"cause": cause, "duel": duel, "was_dishonorable": was_dishonored, "controller": controller, "location": location,
            "host": host_was.id if host_was and host_was is not card else None}
    for c in gone:
        triggers.after(g, Event(how, c, controller, by, source, data))
        triggers.after(g, Event("leaves_play", c, controller, by, source, data))
    return gone


def _to_pile(g, card: Card, how: str) -> None:
    if how == "removed" or card.created:
        move(g, card, Zone.REMOVED)  # a created card ceases to exist, even destroyed: it is not dead (created-cards)
    elif card.type == "personality" and how == "destroyed":
        move(g, card, Zone.DEAD)  # a destroyed Personality is dead (dead)
    else:
        move(g, card, Zone.DISCARD)


def discard_from_hand(g, card: Card, why: str, cites: list[str], by: str | None = None,
                      kind: StepKind = StepKind.EFFECT, action: frozenset = frozenset()) -> bool:
    """Discard a card from its owner's hand (``discard``); ``action``: the keywords of the action whose cost
    or effect discards it ("After you discard this Strategy for a Kharmic action", ``triggered-traits``)."""
    if card.zone is not Zone.HAND:
        return False
    ev = Event("discarded", card, card.owner, by, None, {"from": "hand", "action": action})
    if not triggers.before(g, ev):
        return False
    move(g, card, Zone.DISCARD)
    g.record(kind, f"{card.owner.capitalize()} discards {card.title} from hand ({why})",
             cites or ["discard"], by or card.owner)
    triggers.after(g, ev)
    return True


def discard_from_deck(g, card: Card, why: str, cites: list[str], by: str | None = None) -> bool:
    """Discard a card from a Fate or Dynasty deck ("Discard the top card of a Fate deck") to its owner's
    discard pile, face-up (``discard``, ``discard-piles``)."""
    if card.zone not in (Zone.FATE_DECK, Zone.DYNASTY_DECK):
        return False
    ev = Event("discarded", card, card.owner, by, None, {"from": "deck"})
    if not triggers.before(g, ev):
        return False
    deck = "Fate" if card.zone is Zone.FATE_DECK else "Dynasty"
    move(g, card, Zone.DISCARD)
    g.record(StepKind.EFFECT, f"{card.title} is discarded from the top of {card.owner.capitalize()}'s {deck} deck "
                              f"({why})", cites or ["discard"], by)
    triggers.after(g, ev)
    return True


def discard_from_province(g, card: Card, why: str, cites: list[str], by: str | None = None,
                          kind: StepKind = StepKind.EFFECT, refill: bool = True) -> bool:
    """Discard a card from its Province, which then refills from the deck unless the effect refills
    it itself (``refill``: False, ``provinces``)."""
    prov = next((p for p in g.players[card.owner].provinces if card.id in p.cards), None)
    if prov is None:
        return False
    ev = Event("discarded", card, card.owner, by, None, {"from": "province"})
    if not triggers.before(g, ev):
        return False
    move(g, card, Zone.DISCARD)
    g.record(kind, f"{card.title} is discarded from {prov.id} ({why})", cites or ["discard"], by)
    triggers.after(g, ev)
    if refill:
        refill_after(g, prov)
    return True


def refill_after(g, prov, face_up: bool = False) -> None:
    """After the card left and its triggers resolved, an emptied Province refills (``provinces``)."""
    what = refill(g, prov, face_up)
    if what:
        g.record(StepKind.RULE, f"{prov.id} is refilled with {what} from the Dynasty deck", ["provinces"], prov.owner)


def move_unit(g, card: Card, to: str, why: str, cites: list[str], by: str | None = None,
              source: Card | None = None, side: str | None = None, during=None) -> bool:
    """Movement (``move``): a unit goes home or to a battlefield, on its controller's side.
    ``during`` carries out what happens as it moves ("Bow him as he moves"): after the unit is
    there and before anything triggers after the move (``independence-of-effects``)."""
    host = g.host(card) or card
    if not may_move(g, host, to, by, source):
        return False
    ev = Event("moves", host, host.controller, by, source, {"to": to, "from": host.location})
    if not triggers.before(g, ev):
        return False
    side = _arrive(g, host, to, side, why, cites, by)
    if during is not None:
        during()
    _moved(g, ev, side)
    return True


def may_move(g, host: Card, to: str, by: str | None, source: Card | None = None) -> bool:
    """Whether the unit can move there now: in play, elsewhere, not barred (``move``,
    ``no-second-battle-rule``, ``permissions``); a refusal is recorded."""
    if not host.in_play or host.type != "personality" or host.location == to:
        return False
    if to != "home" and host.id in g.resolved_attackers:
        g.record(StepKind.EFFECT, f"{host.title} will not move to a battlefield: he was in an attacking army "
                                  "during a battle resolution this Attack Phase", ["no-second-battle-rule"], by)
        return False
    if to != "home" and g.province(to) is None:
        return False
    refused = g.move_restricted(host, to, by) or _mover_restricted(g, host, by, source)
    if refused:
        g.record(StepKind.EFFECT, f"{host.title} will not move {'home' if to == 'home' else 'to ' + to}: {refused}",
                 ["move", "permissions"], by)
        return False
    return True


def _mover_restricted(g, host: Card, by: str | None, source: Card | None) -> str | None:
    """A restriction on what moves the unit (``permissions``): "Card effects will not move this Personality", a
    move with a ``source`` card (the rulebook's Cavalry and Favor abilities have none: ``cavalry``,
    ``rulebook-favor-battle``); "Actions cannot move this Personality", a move from an action's effects,
    the rulebook's ones included (``acting.is_action``)."""
    words = (["moves_by_card_effects"] if source is not None else []) + (
        ["moves_by_actions"] if acting.is_action(acting.current(g)) else [])
    return next((r for r in (g.restricted(host, w, by=by) for w in words) if r), None)


def _arrive(g, host: Card, to: str, side: str | None, why: str, cites: list[str], by: str | None) -> str | None:
    """The unit is there, on its controller's side of a battlefield; the side it took."""
    if side is None and to != "home":
        side = "attacking" if host.controller == g.attacker else "defending" if host.controller == g.defender \
            else None
    g.set_location(host, to, side)
    g.record(StepKind.EFFECT, f"{host.title} moves {'home' if to == 'home' else 'to ' + to} ({why})",
             cites or ["move"], by)
    return side


def _moved(g, ev: Event, side: str | None) -> None:
    """What triggers after a move: the move, and joining an army at a battlefield."""
    triggers.after(g, ev)
    if ev.data["to"] != "home" and side in ("attacking", "defending"):
        triggers.after(g, Event("attacks" if side == "attacking" else "defends", ev.card, ev.player, ev.by, ev.source))


def switch_units(g, first: Card, second: Card, why: str, cites: list[str], by: str | None = None,
                 source: Card | None = None, during=None) -> bool:
    """Switching two units' locations (``switch``): each one moves to the other's location at the same
    time; if one movement cannot happen or is negated, neither happens.  ``during`` happens as they
    move, once both are there (``independence-of-effects``)."""
    hosts = [g.host(first) or first, g.host(second) or second]
    places = [h.location for h in hosts]
    if hosts[0] is hosts[1] or places[0] == places[1]:
        g.record(StepKind.EFFECT, f"{' and '.join(h.title for h in hosts)} are at the same location: neither moves "
                                  f"({why})", ["switch"], by)
        return False
    moves = [(hosts[0], places[1]), (hosts[1], places[0])]
    events = [Event("moves", h, h.controller, by, source, {"to": to, "from": h.location}) for h, to in moves]
    if not all(may_move(g, h, to, by, source) for h, to in moves) or not all(triggers.before(g, ev) for ev in events):
        g.record(StepKind.EFFECT, f"{hosts[0].title} and {hosts[1].title} do not switch locations: one of the two "
                                  f"movements does not happen, so neither does ({why})", ["switch"], by)
        return False
    sides = [_arrive(g, h, to, None, why, cites, by) for h, to in moves]
    if during is not None:
        during()
    for ev, side in zip(events, sides):
        _moved(g, ev, side)
    return True


def draw(g, player: str, n: int, cites: list[str], why: str = "") -> int:
    """Draw from the top of the Fate deck (``draw``); an empty deck draws nothing."""
    p = g.players[player]
    drawn = []
    for _ in range(n):
        g.tick()
        top = deck_top(g, player, Zone.FATE_DECK)
        if top is not None:
            card = g.cards[top]
        elif p.fate_count > 0:
            card = _unknown_fate_card(g, player)
        else:
            break
        move(g, card, Zone.HAND)
        drawn.append(card)
    if not drawn:
        g.record(StepKind.RULE, f"{player.capitalize()} has no Fate card left to draw", cites, player)
        return 0
    known = [c.title for c in drawn if not c.id.startswith(f"{player}.fate-")]
    what = f"{len(drawn)} card{'s' if len(drawn) != 1 else ''}" + (f" ({', '.join(known)})" if known else "")
    g.record(StepKind.RULE, f"{player.capitalize()} draws {what}" + (f" ({why})" if why else ""), cites, player)
    for c in drawn:
        triggers.after(g, Event("drawn", c, player))
    return len(drawn)


def _unknown_fate_card(g, player: str) -> Card:
    """The deck below its known cards: a face-down card the position does not name."""
    from .carddefs import CardDef

    p = g.players[player]
    p.fate_count -= 1
    cid = f"{player}.fate-{len(g.cards) + 1}"
    card = Card(cid, CardDef("Fate card", "strategy", source="unknown"), player, Zone.FATE_DECK, face_up=False)
    g.cards[cid] = card
    p.fate_deck.insert(0, cid)
    return card


def enter_play(g, card: Card, controller: str, how: str, why: str, cites: list[str], *, location: str = "home",
               attach_to: str | None = None, bowed: bool = False, by: str | None = None, side: str | None = None,
               from_zone: str | None = None) -> bool:
    """A card enters play (``entering-and-leaving``); "after … enters play" follows."""
    barred = g.player_restricted(by or controller, "bring_into_play", card=card)
    if barred:  # "You may not bring Shadowlands cards into play": by no means (permissions)
        g.record(StepKind.RULE, f"{card.title} does not enter play ({barred})", ["permissions"], by)
        return False
    ev = Event("enters_play", card, controller, by, None, {"how": how, "from": from_zone})
    if not triggers.before(g, ev):
        return False
    # "This Fortification enters play bowed": the card's own trait applies as it enters (entering-and-leaving)
    bowed = bowed or any(st.kind == "enters_bowed" for st in card.card.reading.statics)
    move(g, card, Zone.PLAY, location=location, attach_to=attach_to, bowed=bowed, controller=controller)
    if side and location != "home":
        card.side = side
    where = f" attached to {g.cards[attach_to].title}" if attach_to and attach_to in g.cards else (
        f" at {location}" if location != "home" else "")
    if attach_to and g.province(attach_to) is not None:
        where = f" attached to {attach_to}"
    g.record(StepKind.EFFECT, f"{card.title} enters play{where}{' bowed' if bowed else ''} ({why})", cites, by)
    triggers.after(g, ev)
    if attach_to and attach_to in g.cards:  # "After this Item attaches" (attachments)
        triggers.after(g, Event("attaches", card, controller, by, None, {"to": attach_to}))
    if how in ("recruited", "equipped"):
        triggers.after(g, Event(how, card, controller, by, None, {"from": from_zone}))
    return True
