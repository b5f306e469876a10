"""The turn as the rules run it (``the-turn-sequence``): phases, action rounds, battles.

``run`` is a generator of ``Request``s; each ``yield`` is a point where a player has a
choice.  The replay driver answers from the script or with the rules' default.
"""
from __future__ import annotations

from . import stats
from .actions import take_action, take_dynasty_discard, take_equip, take_recruit
from .game import ROUND_NAMES, ROUND_SECTIONS, Game, Request


def run(g: Game):
    g.start()
    g.check_victory("any")
    yield from _turn_from(g, g.at)
    while True:
        _next_turn(g)
        yield Request("checkpoint", "next_turn")
        _action_phase_begins(g)
        yield from _turn_from(g, "action")


def _turn_from(g: Game, at: str):
    if at == "action":
        yield from _round(g, "action", g.active, "action")
        _phase_ends(g, "action")
        at = "attack/begin"
    if at.startswith("attack"):
        yield from _attack_phase(g, at)
        at = "dynasty/begin"
    if at.startswith("dynasty"):
        if at == "dynasty/begin":
            _phase_begins(g, "dynasty")
        g.phase, g.segment = "dynasty", None
        yield from _round(g, "dynasty", g.active, "dynasty")
        _phase_ends(g, "dynasty")
        at = "end"
    g.phase, g.segment = "end", None
    yield Request("checkpoint", "end")
    _end_of_turn(g)
    yield Request("checkpoint", "end_of_turn")


def _phase_begins(g: Game, name: str) -> None:
    g.fire("before", ("phase", name, "begin"))
    g.phase, g.segment = name, None
    g.record("rule", f"{name.capitalize()} Phase begins", ["the-turn-sequence"], step="begin")
    g.fire("when", ("phase", name, "begin"))
    g.fire("after", ("phase", name, "begin"))


def _phase_ends(g: Game, name: str) -> None:
    g.fire("before", ("phase", name, "end"))
    g.record("rule", f"{name.capitalize()} Phase ends", ["the-turn-sequence"], step="end")
    g.fire("when", ("phase", name, "end"))
    g.empty_gold()
    g.expire("end_of_phase")
    g.fire("after", ("phase", name, "end"))


def _action_phase_begins(g: Game) -> None:
    g.fire("before", ("phase", "action", "begin"))
    g.phase, g.segment = "action", None
    bowed = [c for c in g.cards.values() if c.owner == g.active and c.bowed
             and c.zone in ("unit", "attached", "holding", "stronghold", "sensei", "in_play")]
    for c in bowed:
        c.bowed = False
    g.record("rule", f"Action Phase begins: {g.active.capitalize()} straightens "
                     f"{len(bowed)} card{'s' if len(bowed) != 1 else ''}", ["action-phase"], step="straighten")
    g.fire("when", ("phase", "action", "begin"))
    hidden = [p for p in g.players[g.active].provinces if not p.destroyed and not p.face_up]
    for p in hidden:
        p.face_up = True
    if hidden:
        g.record("rule", f"{g.active.capitalize()} turns the cards in {len(hidden)} Province"
                         f"{'s' if len(hidden) != 1 else ''} face up", ["action-phase"], step="reveal")
    g.fire("after", ("phase", "action", "begin"))


def _round(g: Game, kind: str, first: str, point: str):
    """An action round: the opportunity passes in turn order until all pass consecutively."""
    players = [g.active] if kind == "dynasty" else [p for p in g.order if not g.players[p].lost]
    priority, passes = first, 0
    label, section = ROUND_NAMES[kind], ROUND_SECTIONS[kind]
    while passes < len(players):
        answer = yield Request("round", point, priority, round=kind)
        if answer is None or (answer[0] == "pass" and answer[1] == priority):
            g.record("pass", f"{priority.capitalize()} passes" + ("" if answer else " (the script has no action "
                                                                                     "for this opportunity)"),
                     [section], priority)
            passes += 1
            priority = _next_in(players, priority)
            continue
        what, step = answer
        actor = step.get("by") if what == "action" else step
        if actor not in players:
            g.reject(step if what == "action" else {"pass": step}, "not-active-player",
                     f"{str(actor).capitalize()} may not act in the {label}", section)
            continue
        while priority != actor:
            g.record("pass", f"{priority.capitalize()} passes (implied: {actor.capitalize()} acts next)", [section],
                     priority)
            passes += 1
            priority = _next_in(players, priority)
        if what == "pass":
            g.record("pass", f"{actor.capitalize()} passes", [section], actor)
            passes += 1
            priority = _next_in(players, priority)
            continue
        done = _act(g, step, kind)
        passes = 0  # a rejected step is not a pass: the actor keeps the opportunity
        if done:
            priority = _next_in(players, actor)


def _act(g: Game, step: dict, kind: str) -> bool:
    if step.get("_kind") == "recruit":
        return take_recruit(g, step, kind)
    if step.get("_kind") == "equip":
        return take_equip(g, step, kind)
    if step.get("_kind") == "dynasty_discard":
        return take_dynasty_discard(g, step, kind)
    return take_action(g, step, kind)


def _next_in(players: list[str], name: str) -> str:
    return players[(players.index(name) + 1) % len(players)]


def _attack_phase(g: Game, at: str):
    inside = at in ("attack/engage", "attack/combat", "attack/resolution")
    if at == "attack/begin":
        _phase_begins(g, "attack")
    g.phase = "attack"
    if at in ("attack/begin", "attack/declaration"):
        g.segment = "declaration"
        answer = yield Request("declare", "attack/declaration", g.active)
        if not answer:
            g.record("choice", f"{g.active.capitalize()} does not attack", ["attack-phase"], g.active)
            g.attacking = False
            _phase_ends(g, "attack")
            return
        g.attacker, g.attacking = g.active, True
        g.record("choice", f"{g.active.capitalize()} declares an attack", ["declaration-segment"], g.active,
                 "declaration")
        at = "attack/maneuvers"
    if at == "attack/maneuvers":
        g.segment = "maneuvers"
        for side in [g.attacker] + [p for p in g.order if p != g.attacker and not g.players[p].lost]:
            while True:
                answer = yield Request("assign", "attack/maneuvers", side)
                if not answer:
                    break
                _assign(g, answer)
            g.assigned_by.add(side)
    first = g.battlefield if inside else None
    start = at if inside else "attack/engage"
    while True:
        remaining = [p.id for name in g.order if name != g.attacker for p in g.players[name].provinces
                     if not p.destroyed and p.id not in g.fought]
        if first is None:
            if not remaining:
                break
            answer = yield Request("fight", "attack/fight", g.attacker, options=remaining)
            if answer and answer.get("fight") in remaining:
                first = answer["fight"]
                g.record("choice", f"{g.attacker.capitalize()} chooses to fight at {first}", ["fight-battles"],
                         g.attacker)
            else:
                if answer:
                    g.reject(answer, "no-second-battle" if answer.get("fight") in g.fought else "location",
                             f"There is no battle left to fight at {answer.get('fight')}",
                             "no-second-battle-rule" if answer.get("fight") in g.fought else "fight-battles")
                    continue
                first = remaining[0]
                g.record("choice", f"Next battle at {first} (the script names none: the attacker's Provinces "
                                   "are taken in order)", ["fight-battles"], g.attacker)
        yield from _battle(g, first, start)
        first, start = None, "attack/engage"
    defenders = [c for c in g.cards.values() if c.zone == "unit" and c.location != "home"]
    for c in defenders:
        c.location = "home"
    if defenders:
        g.record("rule", f"The Attack Phase ends: {', '.join(c.title for c in defenders)} return home",
                 ["after-resolution"])
    g.battlefield, g.segment = None, None
    _phase_ends(g, "attack")
    g.resolved_attackers.clear()
    g.fought.clear()
    g.attacking = False


def _assign(g: Game, step: dict) -> None:
    by, units, to = step.get("by"), step.get("units") or [], step.get("to")
    if by in g.assigned_by:
        g.reject(step, "wrong-round", f"{str(by).capitalize()} has already finished assigning",
                 "maneuvers-segment")
        return
    if by != g.attacker and g.attacker not in g.assigned_by:
        g.assigned_by.add(g.attacker)
    prov = g.province(to) if isinstance(to, str) else None
    defender_side = by != g.attacker
    if prov is None or prov.destroyed or (defender_side and prov.owner != by) or (
            not defender_side and prov.owner == by):
        g.reject(step, "location", f"{to} is not a battlefield {by} can assign to", "maneuvers-segment")
        return
    for ref in units:
        card = g.find(ref, by)
        if card is None or card.zone != "unit" or card.owner != by:
            g.reject(step, "unknown-card", f"{ref} is not a unit {by} controls", "maneuvers-segment")
            continue
        if card.bowed:
            g.reject(step, "bowed", f"{card.title} is bowed: a unit led by a bowed Personality may not be assigned",
                     "maneuvers-segment")
            continue
        if card.location != "home":
            g.reject(step, "location", f"{card.title} is not at home", "maneuvers-segment")
            continue
        card.location = to
        g.record("action", f"{by.capitalize()} assigns {card.title} to {'defend' if defender_side else 'attack'} "
                           f"{to}", ["maneuvers-segment"], by, "assign")


def _battle(g: Game, bf: str, start: str):
    g.battlefield = bf
    defender = g.defender_of(bf)
    if start == "attack/engage":
        g.segment = "engage"
        g.record("rule", f"Battle at {bf}: Engage Segment, {defender.capitalize()} (the Defender) acts first",
                 ["engage-segment"], step="begin")
        yield from _round(g, "engage", defender, "attack/engage")
        start = "attack/combat"
    if start == "attack/combat":
        g.segment = "combat"
        g.record("rule", f"Battle at {bf}: Combat Segment, {defender.capitalize()} (the Defender) acts first",
                 ["combat-segment"], step="begin")
        yield from _round(g, "combat", defender, "attack/combat")
    g.segment = "resolution"
    yield Request("checkpoint", "attack/resolution")
    _resolve(g, bf)
    g.fought.add(bf)
    g.expire("end_of_battle")
    g.segment = None
    yield Request("checkpoint", "end_of_battle")


def _resolve(g: Game, bf: str) -> None:
    attacker, defender = g.attacker, g.defender_of(bf)
    sides = {}
    for side in (attacker, defender):
        units = g.units(side, bf)
        total, counted, skipped = 0, [], []
        for u in units:
            force, ids = stats.unit_force(u, g.modifiers, g.cards)
            total += force
            counted += ids
            skipped += [c for c in [u.id] + u.attachments if c not in ids and g.cards[c].type != "item"]
        sides[side] = {"units": units, "force": total, "counted": counted, "bowed": skipped}
    af, df = sides[attacker]["force"], sides[defender]["force"]
    g.record("rule", f"Resolution at {bf}: {attacker.capitalize()} (attacking) {af} Force against "
                     f"{defender.capitalize()} (defending) {df} Force"
             + (f"; bowed cards add nothing ({', '.join(g.cards[c].title for c in sides[attacker]['bowed'] + sides[defender]['bowed'])})"
                if sides[attacker]["bowed"] or sides[defender]["bowed"] else ""),
             ["army-force", "battle-resolution"], step="resolution",
             forces={attacker: af, defender: df},
             counted={attacker: sides[attacker]["counted"], defender: sides[defender]["counted"]})
    prov = g.province(bf)
    if af > df:
        outcome = attacker
    elif df > af:
        outcome = defender
    elif af == 0 and (not sides[attacker]["units"] or not sides[defender]["units"]):
        outcome = None
    else:
        outcome = "tie"
    g.battles[bf] = {"winner": outcome if outcome else "none", "forces": {attacker: af, defender: df}}
    if outcome is None:
        g.record("rule", f"The battle at {bf} is tied on zero Force with a side empty: no outcome",
                 ["battle-resolution"], step="resolution")
    else:
        losers = {attacker: [defender], defender: [attacker], "tie": [attacker, defender]}[outcome]
        destroyed_count = {}
        for loser in losers:
            count = 0
            for unit in sides[loser]["units"]:
                count += 1 + sum(1 for a in unit.attachments if g.cards[a].type == "follower")
                g.destroy(unit, f"{'tied' if outcome == 'tie' else 'lost'} the battle at {bf}",
                          ["battle-resolution"], kind="rule")
            destroyed_count[loser] = count
        text = "tie" if outcome == "tie" else f"{outcome.capitalize()} wins the battle at {bf}"
        g.record("rule", f"Battle at {bf}: {text}", ["battle-resolution"], step="resolution", winner=outcome)
        if outcome == attacker and prov is not None and af > df + g.province_strength(prov):
            _destroy_province(g, prov, af, df)
        elif outcome == attacker and prov is not None:
            g.record("rule", f"{bf} survives: {af} Force is not more than {df} + its strength "
                             f"{g.province_strength(prov)}", ["battle-resolution"], step="resolution")
        winners = {attacker: [attacker], defender: [defender], "tie": [attacker, defender]}[outcome]
        for winner in winners:
            enemy = defender if winner == attacker else attacker
            gain = 2 * destroyed_count.get(enemy, 0)
            dishonorable = [u for u in sides[winner]["units"] if u.dishonored and u.type == "personality"]
            if dishonorable and gain > 0:
                for u in dishonorable:
                    u.dishonored = False
                g.record("rule", f"{', '.join(u.title for u in dishonorable)} rehonored instead of "
                                 f"{winner.capitalize()} gaining {gain} Honor", ["rehonoring"], winner)
            else:
                g.change_honor(winner, gain, True, f"twice the {destroyed_count.get(enemy, 0)} enemy cards destroyed "
                                                   "by resolution", ["battle-resolution"], kind="rule")
        g.check_victory("any")
    attackers = [u for u in g.units(attacker, bf)]
    for u in attackers:
        u.bowed = True
        for a in u.attachments:
            if g.cards[a].type == "follower":
                g.cards[a].bowed = True
        u.location = "home"
        g.resolved_attackers.add(u.id)
    if attackers:
        verbs = "bow and return" if len(attackers) > 1 else "bows and returns"
        g.record("rule", f"After resolution: {', '.join(u.title for u in attackers)} {verbs} home",
                 ["after-resolution"], step="after resolution")
    terrains = [c for c in g.cards.values() if c.zone == "in_play" and c.card.has_keyword("Terrain")
                and c.location == bf]
    for t in terrains:
        g.destroy(t, f"Terrain at {bf} after resolution", ["after-resolution"], kind="rule")


def _destroy_province(g: Game, prov, af: int, df: int) -> None:
    prov.destroyed = True
    owner = g.players[prov.owner]
    if prov.card and g.cards.get(prov.card):
        card = g.cards[prov.card]
        card.zone = "discard"
        owner.discard.append(card.id)
    prov.card, prov.unknown = None, False
    g.record("rule", f"{prov.id} is destroyed: {af} Force is more than {df} + its strength; its cards are "
                     "discarded", ["battle-resolution", "provinces"], step="resolution")
    g.check_victory("any")


def _end_of_turn(g: Game) -> None:
    g.fire("before", ("turn", None, "end"))
    g.draw(g.active, 1, ["drawing-and-discarding-fate-cards"])
    p = g.players[g.active]
    while len(p.hand) > p.hand_size:
        cid = p.hand.pop()
        g.cards[cid].zone = "discard"
        p.discard.append(cid)
        g.record("rule", f"{g.active.capitalize()} discards {g.cards[cid].title} down to the maximum hand size "
                         f"of {p.hand_size}", ["drawing-and-discarding-fate-cards", "maximum-hand-size"], g.active)
    g.check_victory("turn-end")
    g.expire("end_of_turn")
    for c in g.cards.values():
        c.used.clear()
    p.proclaimed = False
    g.record("rule", f"{g.active.capitalize()}'s turn ends", ["turns-and-turn-order"], step="end")
    g.fire("when", ("turn", None, "end"))
    g.fire("after", ("turn", None, "end"))


def _next_turn(g: Game) -> None:
    g.active = g.next_player(g.active)
    g.turn += 1
    g.phase, g.segment, g.battlefield = "action", None, None
    g.fire("before", ("turn", None, "begin"))
    g.record("rule", f"Turn {g.turn}: {g.active.capitalize()}'s turn begins", ["turns-and-turn-order"],
             step="begin")
    g.fire("when", ("turn", None, "begin"))
    g.check_victory("turn-start")
    g.fire("after", ("turn", None, "begin"))

