"""Taking an action: legality before announcing, then the action sequence.

``ivory-cr/action-sequence``: announce, pay costs, Interrupts, resolve in written
order, then tidy up.  Before announcing, the checks of ``action-rounds`` (action type
against the round), ``limited-actions``, bowed cards, card memory (used this turn),
the Rule of Presence and Rules of Location in battle, Gold, and the Good Faith rule
for required targets.  A check that fails rejects the step with its reason code.
"""
from __future__ import annotations

from .game import KIND_CITE, ROUND_NAMES, ROUND_OF_KIND, Context, Game
from .state import Card
from .textparse import Ability, TargetSpec, readable

IN_PLAY = ("unit", "attached", "holding", "in_play", "stronghold", "sensei")


def _ability(card: Card, which) -> Ability | None:
    abilities = card.text().abilities
    if isinstance(which, int) and not isinstance(which, bool):
        return abilities[which - 1] if 1 <= which <= len(abilities) else None
    if isinstance(which, str):
        return next((a for a in abilities if a.text.lower().startswith(which.lower())
                     or which.lower() in a.text.lower()), None)
    return abilities[0] if abilities else None


def _unit_of(g: Game, card: Card) -> Card:
    return g.cards[card.attached_to] if card.zone == "attached" and card.attached_to else card


def legal_target(g: Game, spec: TargetSpec, card: Card, player: str) -> bool:
    if card.zone not in IN_PLAY:
        return False
    unit = _unit_of(g, card)
    if spec.side == "your" and card.owner != player:
        return False
    if spec.side == "enemy" and card.owner == player:
        return False
    what = spec.what
    if what == "follower-or-personality":
        if card.type == "follower" or (card.type == "personality" and not any(
                g.cards[a].type == "follower" for a in card.attachments)):
            pass
        else:
            return False
        if g.battlefield and unit.location != g.battlefield:
            return False
    elif what == "unit":
        if card.zone != "unit":
            return False
    elif what != "card" and card.type != what:
        return False
    if spec.state == "unbowed" and card.bowed or spec.state == "bowed" and not card.bowed:
        return False
    if spec.state == "dishonorable" and not card.dishonored:
        return False
    if g.segment in ("engage", "combat") and unit.zone == "unit" and unit.location != g.battlefield \
            and card.type in ("personality", "follower", "item"):
        return False  # rules-of-location: targets in units must be at the battlefield
    return True


def choose_targets(g: Game, ability: Ability, given: list, player: str):
    """(targets, problem): the targets named in order, or picked by the engine when not named."""
    chosen, notes = [], []
    for i, spec in enumerate(ability.targets):
        if i < len(given):
            card = g.find(given[i], None)
            if card is None or not legal_target(g, spec, card, player):
                return None, f"{given[i]} is not a legal target ({spec.side} {spec.what}" \
                             f"{', ' + spec.state if spec.state else ''}" \
                             f"{', at the current battlefield' if g.battlefield else ''})"
            chosen.append(card)
            continue
        options = [c for c in g.cards.values() if legal_target(g, spec, c, player)]
        if not options:
            if spec.optional:
                chosen.append(None)
                continue
            return None, f"no legal target for “{spec.side} {spec.what}”"
        chosen.append(options[0])
        notes.append(f"the script names no target {i + 1}: the engine picks {options[0].title}")
    return (chosen, notes), None


def take_action(g: Game, step: dict, round_kind: str) -> bool:
    by = step.get("by")
    ref = step.get("card")
    if step.get("rulebook"):
        return take_rulebook(g, step, round_kind)
    card = g.find(ref, by)
    if card is None:
        g.reject(step, "unknown-card", f"no card {ref!r} in this position", "action-sequence")
        return False
    if card.zone == "hand" and card.owner != by or card.zone in ("discard", "dead", "removed", "deck"):
        g.reject(step, "not-in-hand", f"{card.title} is not in {by}'s hand or in play under {by}'s control",
                 "action-sequence")
        return False
    if card.zone in IN_PLAY and card.owner != by:
        g.reject(step, "unknown-card", f"{card.title} is controlled by {card.owner}, not {by}", "action-sequence")
        return False
    ability = _ability(card, step.get("ability"))
    if ability is None:
        unread = card.text().unparsed
        g.reject(step, "unknown-card", f"{card.title} has no ability {step.get('ability')!r} the engine can read"
                 + (f" (could not read: {unread[0][:80]})" if unread else ""), "action-sequence")
        return False
    if ability.kind == "interrupt":
        g.reject(step, "wrong-round", f"{card.title}'s ability is an Interrupt: it is played to another action "
                                      "(interrupts:)", "interrupt-actions")
        return False
    needed = ROUND_OF_KIND[ability.kind]
    if needed != round_kind:
        g.reject(step, "wrong-round", f"a {ability.kind.capitalize()} action cannot be taken in the "
                                      f"{ROUND_NAMES[round_kind]}", KIND_CITE[ability.kind])
        return False
    if ability.kind in ("limited", "dynasty") and by != g.active:
        g.reject(step, "not-active-player", f"{ability.kind.capitalize()} actions are for the active player "
                                            f"({g.active})", KIND_CITE[ability.kind])
        return False
    if ability.n in card.used and "repeatable" not in ability.words:
        g.reject(step, "used", f"{card.title}'s ability was already used this turn", "card-memory-rule")
        return False
    if card.bowed and card.zone in IN_PLAY and "tireless" not in ability.words:
        g.reject(step, "bowed", f"{card.title} is bowed: its abilities cannot be used", "bowed-and-unbowed")
        return False
    if round_kind in ("engage", "combat"):
        if "absent" not in ability.words and not g.units(by, g.battlefield):
            g.reject(step, "presence", f"{by.capitalize()} controls no unit at {g.battlefield}", "rule-of-presence")
            return False
        unit = _unit_of(g, card)
        if unit.zone == "unit" and unit.location != g.battlefield and "home" not in ability.words:
            g.reject(step, "location", f"{card.title} is not at the current battlefield ({g.battlefield})",
                     "rules-of-location")
            return False
    gold = ability.gold if ability.gold != -1 else int(step.get("gold") or 0)
    if gold and not g.can_pay(by, gold, None):
        g.reject(step, "cost", f"{by.capitalize()} cannot pay {gold} Gold", "paying-gold-costs")
        return False
    picked, problem = choose_targets(g, ability, step.get("targets") or [], by)
    if problem:
        g.reject(step, "no-target", f"{card.title}: {problem}", "good-faith-rule")
        return False
    targets, notes = picked
    g.record("action", f"{by.capitalize()} announces {card.title}'s {ability.kind.capitalize()} ability: "
                       f"“{readable(ability.text)}”" + (f" targeting {', '.join(t.title for t in targets if t)}" if targets else "")
             + (f" ({'; '.join(notes)})" if notes else ""), ["action-sequence", KIND_CITE[ability.kind]], by,
             "announce")
    if ability.bow:
        card.bowed = True
        g.record("cost", f"{by.capitalize()} bows {card.title} to pay the cost", ["action-sequence", "costs"], by,
                 "pay costs")
    if gold:
        g.pay(by, gold, None, step.get("pay"), f"{card.title}'s ability")
    card.used.add(ability.n)
    for interrupt in _interrupt_order(g, step.get("interrupts") or []):
        _interrupt(g, interrupt)
    ctx = Context(g, by, card, targets, "ability")
    unread = card.text().unparsed
    if unread and not ability.effects:
        g.unparsed.append({"card": card.title, "text": "; ".join(unread)})
        g.record("effect", f"{card.title}'s effects could not be read by the engine: state them with an "
                           "`effect:` step", ["effects-2"], by, "resolve")
    for effect in ability.effects:
        if not g.apply(effect, ctx):
            break
    _discard_played(g, by, card)
    return True


def _interrupt_order(g: Game, interrupts: list) -> list:
    """Simultaneous Interrupts are ordered by an action round, the active player first
    (``interrupt-actions``): each player's own in the order the script lists them."""
    interrupts = [i for i in interrupts if isinstance(i, dict)]
    by_player: dict[str, list] = {}
    for i in interrupts:
        by_player.setdefault(i.get("by"), []).append(i)
    if len(by_player) < 2:
        return interrupts
    order, name = [], g.active
    while any(by_player.values()):
        if by_player.get(name):
            order.append(by_player[name].pop(0))
        name = g.next_player(name)
    g.record("choice", "Several Interrupts: their order is decided by an action round, the active player first: "
                       + ", ".join(f"{i.get('by')}'s {i.get('card')}" for i in order), ["interrupt-actions"], g.active)
    return order


def _interrupt(g: Game, step: dict) -> None:
    by, card = step.get("by"), g.find(step.get("card"), step.get("by"))
    if card is None:
        g.reject(step, "unknown-card", f"no card {step.get('card')!r}", "interrupt-actions")
        return
    if card.zone == "hand" and card.owner != by:
        g.reject(step, "not-in-hand", f"{card.title} is not in {by}'s hand", "interrupt-actions")
        return
    ability = _ability(card, step.get("ability"))
    if ability is None or ability.kind != "interrupt":
        g.reject(step, "wrong-round", f"{card.title} has no Interrupt ability to play here", "interrupt-actions")
        return
    picked, problem = choose_targets(g, ability, step.get("targets") or [], by)
    if problem:
        g.reject(step, "no-target", f"{card.title}: {problem}", "good-faith-rule")
        return
    targets, _ = picked
    g.record("interrupt", f"{by.capitalize()} plays {card.title}'s Interrupt after costs are paid, before the "
                          "action resolves", ["interrupt-actions", "action-sequence"], by, "interrupts")
    if ability.bow:
        card.bowed = True
    ctx = Context(g, by, card, targets, "Interrupt")
    for effect in ability.effects:
        if not g.apply(effect, ctx):
            break
    _discard_played(g, by, card)


def _discard_played(g: Game, by: str, card: Card) -> None:
    if card.zone == "hand" and card.type in ("strategy", "spell", "ring", "event"):
        g.players[by].hand.remove(card.id)
        card.zone = "discard"
        g.players[by].discard.append(card.id)
        g.record("rule", f"{card.title} is discarded after its action resolves", ["action-sequence"], by, "tidy up")


def take_recruit(g: Game, step: dict, round_kind: str) -> bool:
    """The rulebook Recruit (``recruit``), with Proclaim (``proclaim``)."""
    by = step.get("by")
    if round_kind != "dynasty":
        g.reject(step, "wrong-round", "Recruit is a Dynasty action", "recruit")
        return False
    if by != g.active:
        g.reject(step, "not-active-player", "only the active player takes Dynasty actions", "dynasty-phase")
        return False
    ref = step.get("card")
    prov = g.province(ref) if isinstance(ref, str) and "." in ref else None
    card = g.cards.get(prov.card) if prov and prov.card else g.find(ref, by)
    if card is None or card.zone != "province" or card.owner != by:
        g.reject(step, "unknown-card", f"{ref} is not a card in {by}'s Provinces", "recruit")
        return False
    prov = prov or next(p for p in g.players[by].provinces if p.card == card.id)
    if not prov.face_up:
        g.reject(step, "wrong-round", f"the card in {prov.id} is face down", "recruit")
        return False
    player = g.players[by]
    cost = card.card.stat("cost")
    cites = ["recruit"]
    extra = card.type == "personality" and card.card.clan and player.clan and card.card.clan != player.clan
    if extra:
        cost += 2
    if card.type == "personality" and card.card.honor is not None and card.card.honor.value is not None \
            and player.honor < card.card.honor.value:
        g.reject(step, "honor-requirement", f"{card.title} needs {card.card.honor.value} Honor; {by} has "
                                            f"{player.honor}", "recruit")
        return False
    kind = "personality" if card.type == "personality" else card.type
    if not g.can_pay(by, cost, kind):
        g.reject(step, "cost", f"{by.capitalize()} cannot pay {cost} Gold for {card.title}", "recruit")
        return False
    g.record("action", f"{by.capitalize()} recruits {card.title} from {prov.id}"
             + (" (2 more Gold: another clan's Personality)" if extra else ""), cites, by, "announce")
    g.pay(by, cost, kind, step.get("pay"), card.title)
    prov.card, prov.unknown, prov.face_up = None, True, False
    if card.type == "personality":
        card.zone, card.location = "unit", "home"
    else:
        card.zone, card.bowed = "holding", card.type == "holding"
    g.record("effect", f"{card.title} enters play" + (" bowed" if card.bowed else ""), ["recruit"], by, "resolve")
    if g.players[by].dynasty_count > 0:
        g.players[by].dynasty_count -= 1
        g.record("rule", f"{prov.id} is refilled face down from the Dynasty deck", ["provinces"], by)
    if step.get("proclaim"):
        if player.proclaimed:
            g.record("rejected", "Not allowed: a player may Proclaim only once per turn", ["proclaim"], by,
                     reason="used")
        elif card.type != "personality" or card.card.clan != player.clan:
            g.record("rejected", f"Not allowed: {card.title} does not have {by}'s Clan Alignment, so he cannot be "
                                 "Proclaimed", ["proclaim"], by, reason="wrong-round")
        else:
            player.proclaimed = True
            g.change_honor(by, card.card.stat("ph"), True, f"Proclaiming {card.title}", ["proclaim"], actor=by)
    return True


def take_equip(g: Game, step: dict, round_kind: str) -> bool:
    """The rulebook Equip (``equip``): Repeatable Open, attaching an Item or Follower from hand."""
    by = step.get("by")
    if round_kind != "action":
        g.reject(step, "wrong-round", "Equip is an Open action of the Action Phase", "equip")
        return False
    card = g.find(step.get("card"), by)
    host = g.find(step.get("to") or (step.get("targets") or [None])[0], by)
    if card is None or card.zone != "hand" or card.owner != by:
        g.reject(step, "not-in-hand", f"{step.get('card')} is not in {by}'s hand", "equip")
        return False
    if host is None or host.zone != "unit" or host.owner != by or card.type not in ("item", "follower"):
        g.reject(step, "no-target", f"{step.get('to')} is not a Personality {by} controls to equip "
                                    f"{card.title} to", "good-faith-rule")
        return False
    cost = card.card.stat("cost")
    if not g.can_pay(by, cost, card.type):
        g.reject(step, "cost", f"{by.capitalize()} cannot pay {cost} Gold for {card.title}", "equip")
        return False
    g.record("action", f"{by.capitalize()} equips {card.title} to {host.title}", ["equip", "open-actions"], by,
             "announce")
    g.pay(by, cost, card.type, step.get("pay"), card.title)
    g.players[by].hand.remove(card.id)
    card.zone, card.attached_to, card.location = "attached", host.id, host.location
    host.attachments.append(card.id)
    g.record("effect", f"{card.title} is attached to {host.title}", ["attachments"], by, "resolve")
    return True


def take_dynasty_discard(g: Game, step: dict, round_kind: str) -> bool:
    """The rulebook Dynasty Discard (``dynasty-discard``): a face-up card from one's Province."""
    by = step.get("by")
    if round_kind != "dynasty" or by != g.active:
        g.reject(step, "wrong-round" if round_kind != "dynasty" else "not-active-player",
                 "Dynasty Discard is a Dynasty action of the active player", "dynasty-phase")
        return False
    prov = g.province(str(step.get("province") or step.get("card") or ""))
    if prov is None or prov.owner != by or not prov.card or not prov.face_up:
        g.reject(step, "no-target", f"{step.get('province')} is not one of {by}'s Provinces with a face-up card",
                 "good-faith-rule")
        return False
    card = g.cards[prov.card]
    card.zone = "discard"
    g.players[by].discard.append(card.id)
    prov.card, prov.unknown, prov.face_up = None, True, False
    g.record("action", f"{by.capitalize()} discards {card.title} from {prov.id} (Dynasty Discard)",
             ["dynasty-discard"], by, "resolve")
    if g.players[by].dynasty_count > 0:
        g.players[by].dynasty_count -= 1
        g.record("rule", f"{prov.id} is refilled face down from the Dynasty deck", ["provinces"], by)
    return True


def take_rulebook(g: Game, step: dict, round_kind: str) -> bool:
    """The rulebook actions (``action-phase``): ``rulebook: recruit|equip|dynasty_discard|lobby|
    favor_limited|favor_battle|cycle``."""
    name = str(step.get("rulebook")).replace("-", "_")
    if name == "recruit":
        return take_recruit(g, step, round_kind)
    if name == "equip":
        return take_equip(g, step, round_kind)
    if name == "dynasty_discard":
        return take_dynasty_discard(g, step, round_kind)
    by = step.get("by")
    player = g.players[by]
    if name in ("lobby", "favor_limited", "cycle"):
        section = {"lobby": "lobby", "favor_limited": "rulebook-favor-limited", "cycle": "cycle"}[name]
        if round_kind != "action":
            g.reject(step, "wrong-round", f"{name.replace('_', ' ').capitalize()} is a Limited action of the Action "
                                          "Phase", section)
            return False
        if by != g.active:
            g.reject(step, "not-active-player", "Limited actions are for the active player", "limited-actions")
            return False
    if name == "lobby":
        others = [g.players[p].honor for p in g.order if p != by]
        target = g.find((step.get("targets") or [None])[0], by)
        if not all(player.honor > h for h in others):
            g.reject(step, "no-target", f"{by.capitalize()} does not have more Family Honor than each other player",
                     "lobby")
            return False
        if target is None or target.zone != "unit" or target.owner != by or target.bowed or target.card.stat("ph") < 1:
            g.reject(step, "no-target", "Lobby needs your unbowed Personality with 1 or more Personal Honor",
                     "good-faith-rule")
            return False
        g.record("action", f"{by.capitalize()} Lobbies, bowing {target.title}", ["lobby", "action-sequence"], by,
                 "announce")
        target.bowed = True
        g.favor = by
        g.record("effect", f"{by.capitalize()} takes the Imperial Favor", ["lobby"], by, "resolve")
        return True
    if name in ("favor_limited", "favor_battle"):
        section = "rulebook-favor-limited" if name == "favor_limited" else "rulebook-favor-battle"
        if g.favor != by:
            g.reject(step, "cost", f"{by.capitalize()} does not hold the Imperial Favor", section)
            return False
        if name == "favor_battle":
            if round_kind != "combat":
                g.reject(step, "wrong-round", "this Favor action is a Battle action", "battle-actions")
                return False
            if not g.units(by, g.battlefield):
                g.reject(step, "presence", f"{by.capitalize()} controls no unit at {g.battlefield}", "rule-of-presence")
                return False
            target = g.find((step.get("targets") or [None])[0], None)
            if target is None or target.zone != "unit" or target.owner == by or target.location != g.battlefield \
                    or g.attacker == by:
                g.reject(step, "no-target", "the Favor's Battle action needs a target attacking enemy Personality",
                         "good-faith-rule")
                return False
            g.favor = None
            g.record("action", f"{by.capitalize()} discards the Imperial Favor", [section, "action-sequence"], by,
                     "pay costs")
            target.location = "home"
            g.record("effect", f"{target.title} moves home", [section], by, "resolve")
            return True
        discard = g.find(step.get("discard"), by) if step.get("discard") else (
            g.cards[player.hand[0]] if player.hand else None)
        if discard is None or discard.zone != "hand" or discard.owner != by:
            g.reject(step, "cost", f"{by.capitalize()} has no Fate card in hand to discard", section)
            return False
        g.favor = None
        player.hand.remove(discard.id)
        discard.zone = "discard"
        player.discard.append(discard.id)
        g.record("action", f"{by.capitalize()} discards the Imperial Favor and {discard.title}",
                 [section, "action-sequence"], by, "pay costs")
        g.draw(by, 1, [section])
        return True
    if name == "cycle":
        if g.turn > len(g.order):
            g.reject(step, "wrong-round", "Cycle is only for a player's first turn", "cycle")
            return False
        provinces = [g.province(str(p)) for p in step.get("provinces") or []]
        if not provinces or any(p is None or p.owner != by or not p.card or not p.face_up for p in provinces):
            g.reject(step, "no-target", "Cycle needs face-up cards in your Provinces (provinces: [alice.p1])",
                     "good-faith-rule")
            return False
        for prov in provinces:
            card = g.cards[prov.card]
            card.zone = "deck"
            player.dynasty_count += 1
            prov.card, prov.unknown, prov.face_up = None, True, True
        g.record("action", f"{by.capitalize()} Cycles {len(provinces)} card{'s' if len(provinces) > 1 else ''} to the "
                           "bottom of the Dynasty deck; the Provinces refill face up", ["cycle"], by, "resolve")
        return True
    g.reject(step, "unknown-card", f"no rulebook action {name!r} (recruit, equip, dynasty_discard, lobby, "
                                   "favor_limited, favor_battle, cycle)", "action-phase")
    return False
