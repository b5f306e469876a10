"""The Attack Phase and its battles (``attack-phase``, ``battles``): declaration,
maneuvers, each battle's Engage and Combat Segments, resolution and its aftermath.

Resolution (``battle-resolution``): each side totals the Force of its unbowed
Personalities and Followers (Items count through their Personality, ``army-force``);
the loser's units are destroyed — both armies in a tie, nothing in a tie on zero with a
side empty; Resilient cards survive once per game (``resilient``); the winner gains 2
Honor per card destroyed by resolution, or rehonors his dishonorable Personalities
instead (``rehonoring``); a big enough win destroys the Province.  Afterwards attacking
units bow (not in a Conqueror's unit, ``conqueror``) and return home, and Terrains are
discarded (``after-resolution``, ``terrain``).  Allies in a multiplayer battle are in
the army of the side they are on, and the Honor goes to the leaders.
"""
from __future__ import annotations

from . import cardops, honor, stats, triggers
from .game import Request
from .resolution import state_checks
from .triggers import Event
from .vocab import Point, Round, StepKind, Zone


def attack_phase(g, at: str, rounds):
    """The Attack Phase from ``at``; ``rounds`` runs an action round (a generator)."""
    inside = at in (Point.ENGAGE, Point.COMBAT, Point.RESOLUTION)
    if at == Point.DECLARATION:
        g.phase, g.segment = "attack", "declaration"
        answer = yield Request("declare", Point.DECLARATION, g.active)
        if not answer:
            g.record(StepKind.CHOICE, f"{g.active.capitalize()} does not declare an attack: there is no Attack Phase",
                     ["attack-phase"], g.active)
            g.phase, g.segment = "attack", None
            return False
        g.attacker, g.attacking = g.active, True
        g.defender = answer.get("against") if isinstance(answer, dict) and answer.get("against") else \
            g.next_player(g.active)
        from .flow import phase_begins

        phase_begins(g, "attack")
        g.segment = "declaration"
        g.record(StepKind.CHOICE, f"{g.attacker.capitalize()} declares an attack on {g.defender.capitalize()}: a "
                                  f"battlefield at each of {g.defender.capitalize()}'s Provinces",
                 ["declaration-segment"], g.attacker, "declaration")
        at = Point.MANEUVERS
    if at == Point.MANEUVERS:
        g.segment = "maneuvers"
        for side, player in _assigners(g):
            while True:
                g.tick()
                answer = yield Request("assign", Point.MANEUVERS, player, data={"side": side})
                if not answer:
                    break
                assign(g, answer, side)
            g.assigned_by.add(player)
    first = g.battlefield if inside else None
    start = at if inside else Point.ENGAGE
    while True:
        g.tick()
        remaining = [p.id for p in g.players[g.defender].provinces if not p.destroyed and p.id not in g.fought] \
            if g.defender else []
        if first is None:
            if not remaining:
                break
            answer = yield Request("fight", Point.FIGHT, g.attacker, options=remaining)
            if answer and answer.get("fight") in remaining:
                first = answer["fight"]
                g.record(StepKind.CHOICE, f"{g.attacker.capitalize()} chooses to fight at {first}", ["fight-battles"],
                         g.attacker)
            else:
                if answer:
                    fought = answer.get("fight") in g.fought
                    from .vocab import Reason

                    g.reject(answer, Reason.NO_SECOND_BATTLE if fought else Reason.LOCATION,
                             f"there is no battle left to fight at {answer.get('fight')}",
                             "no-second-battle-rule" if fought else "fight-battles")
                    continue
                first = remaining[0]
                g.record(StepKind.CHOICE, f"Next battle at {first} (the script names none: the Defender's Provinces "
                                          "are taken left to right)", ["fight-battles"], g.attacker)
        yield from battle(g, first, start, rounds)
        first, start = None, Point.ENGAGE
    end_attack_phase(g)
    return True


def _assigners(g):
    """The Attacker, then attacking allies; the Defender, then defending allies (in turn order)."""
    others = [p for p in g.in_turn_order(g.attacker) if p not in (g.attacker, g.defender)]
    return ([("attacking", g.attacker)] + [("attacking", p) for p in others] + [("defending", g.defender)]
            + [("defending", p) for p in others])


def assign(g, step: dict, side: str) -> None:
    """Assigning unbowed Personalities from home to a battlefield (``maneuvers-segment``)."""
    from .vocab import Reason

    by, to = step["by"], step.get("to")
    prov = g.province(to)
    if prov is None or prov.destroyed or prov.owner != g.defender:
        g.reject(step, Reason.LOCATION, f"{to} is not a battlefield of this attack (the Defender's Provinces)",
                 "maneuvers-segment")
        return
    for ref in step.get("units") or []:
        g.tick()
        card = g.find(ref, by)
        if card is None or not card.in_play or card.type != "personality" or card.controller != by:
            g.reject(step, Reason.UNKNOWN_CARD, f"{ref} is not a Personality {by} controls", "maneuvers-segment")
            continue
        if card.bowed and not g.permitted(card, "assign_bowed"):
            g.reject(step, Reason.BOWED, f"{card.title} is bowed: a unit led by a bowed Personality may not be "
                                         "assigned", "maneuvers-segment")
            continue
        if card.location != "home":
            g.reject(step, Reason.LOCATION, f"{card.title} is not at home", "maneuvers-segment")
            continue
        restriction = g.restricted(card, "attacks" if side == "attacking" else "defends")
        if restriction:
            g.reject(step, Reason.RESTRICTED, restriction, "permissions")
            continue
        g.set_location(card, to, side)
        g.record(StepKind.ACTION, f"{by.capitalize()} assigns {card.title} to {'attack' if side == 'attacking' else 'defend'} "
                                  f"{to}" + (" (an ally)" if by not in (g.attacker, g.defender) else ""),
                 ["maneuvers-segment"], by, "assign")
        triggers.after(g, Event("attacks" if side == "attacking" else "defends", card, by, by,
                                data={"cause": "assign", "from": "home"}))


def battle(g, bf: str, start: str, rounds):
    g.battlefield = bf
    if start == Point.ENGAGE:
        triggers.fire(g, "before", Event("battle_begins", None, g.active, data={"battlefield": bf}))
        g.segment = "engage"
        g.record(StepKind.RULE, f"Battle at {bf}: the Engage Segment, {g.defender.capitalize()} (the Defender) acts "
                                "first", ["engage-segment"], step="begin")
        triggers.fire(g, "after", Event("battle_begins", None, g.active, data={"battlefield": bf}))
        yield from rounds(g, Round.ENGAGE, g.defender)
        start = Point.COMBAT
    if start == Point.COMBAT:
        g.segment = "combat"
        first = getattr(g, "naval_first", None) or g.defender
        g.record(StepKind.RULE, f"Battle at {bf}: the Combat Segment, {first.capitalize()} "
                                f"({'Naval Invasion' if first != g.defender else 'the Defender'}) acts first",
                 ["combat-segment"] + (["naval-invasion"] if first != g.defender else []), step="begin")
        yield from rounds(g, Round.COMBAT, first)
        g.naval_first = None
    g.segment = "resolution"
    yield Request("checkpoint", Point.RESOLUTION)
    resolve(g, bf)
    g.fought.add(bf)
    g.segment = None
    triggers.fire(g, "before", Event("battle_ends", None, g.active, data={"battlefield": bf}))
    from .flow import expire

    expire(g, "end_of_battle")
    for c in g.cards.values():
        c.spent.pop("battle", None)  # "once per battle" (restrictions-on-number-of-times)
    triggers.fire(g, "after", Event("battle_ends", None, g.active, data={"battlefield": bf}))
    g.battlefield = None
    yield Request("checkpoint", Point.END_OF_BATTLE)


def resolve(g, bf: str) -> None:
    attacker, defender = g.attacker, g.defender
    # "before this battle resolves" happens before the armies' Force is compared (triggers, battle-resolution)
    triggers.fire(g, "before", Event("battle_resolves", None, g.active, data={"battlefield": bf}))
    sides = {}
    for side in ("attacking", "defending"):
        units = g.army(side, bf)
        total, counted, idle = 0, [], []
        for u in units:
            force, ids = stats.unit_force(g, u)
            total += force
            counted += ids
            idle += [c.id for c in g.unit_of(u) if c.id not in ids and c.type in ("personality", "follower")]
        sides[side] = {"units": units, "force": total, "counted": counted, "idle": idle}
    af, df = sides["attacking"]["force"], sides["defending"]["force"]
    idle = sides["attacking"]["idle"] + sides["defending"]["idle"]
    g.record(StepKind.RULE, f"Resolution at {bf}: {attacker.capitalize()} (attacking) {af} Force against "
                            f"{defender.capitalize()} (defending) {df} Force"
             + (f"; bowed cards add nothing ({', '.join(g.cards[c].title for c in idle)})" if idle else ""),
             ["army-force", "battle-resolution"], step="resolution", forces={attacker: af, defender: df},
             counted={attacker: sides["attacking"]["counted"], defender: sides["defending"]["counted"]})
    if af > df:
        outcome = "attacking"
    elif df > af:
        outcome = "defending"
    elif af == 0 and (not sides["attacking"]["units"] or not sides["defending"]["units"]):
        outcome = None
    else:
        outcome = "tie"
    winner_name = {"attacking": attacker, "defending": defender, "tie": "tie", None: "none"}[outcome]
    g.battles[bf] = {"winner": winner_name, "forces": {attacker: af, defender: df}}
    if outcome is None:
        g.record(StepKind.RULE, f"The battle at {bf} is tied on zero Force with a side empty: it has no outcome",
                 ["battle-resolution"], step="resolution", winner=None)
    else:
        _outcome(g, bf, outcome, sides, af, df)
    triggers.fire(g, "after", Event("battle_resolves", None, g.active, data={"battlefield": bf,
                                                                              "winner": winner_name}))
    state_checks(g)
    _after_resolution(g, bf)


def _outcome(g, bf: str, outcome: str, sides: dict, af: int, df: int) -> None:
    losers = ["defending", "attacking"] if outcome == "tie" else [
        "defending" if outcome == "attacking" else "attacking"]
    winners = ["attacking", "defending"] if outcome == "tie" else [outcome]
    text = "the battle is a tie: each side destroys the other's army" if outcome == "tie" else \
        f"{g.leader(outcome).capitalize()} wins the battle at {bf}"
    g.record(StepKind.RULE, f"Battle at {bf}: {text}", ["battle-resolution"], step="resolution",
             winner=g.leader(outcome) if outcome != "tie" else "tie")
    substituted = set()
    if outcome == "tie":
        for side in winners:  # in a tie, rehonoring comes before the destruction (rehonoring)
            enemy = "defending" if side == "attacking" else "attacking"
            expected = sum(len(g.unit_of(u)) for u in sides[enemy]["units"])
            dishonorable = [u for u in sides[side]["units"] if u.dishonored]
            if honor.rehonor_instead(g, g.leader(side), dishonorable, 2 * expected, "battle resolution",
                                     ["battle-resolution"], StepKind.RULE):
                substituted.add(side)
    destroyed = {}
    for side in losers:
        count = 0
        by = g.leader("defending" if side == "attacking" else "attacking")  # the winner destroys them
        for unit in sides[side]["units"]:
            g.tick()
            count += _destroy_unit(g, unit, bf, by)
        destroyed[side] = count
    for side in winners:
        if side in substituted:
            continue
        enemy = "defending" if side == "attacking" else "attacking"
        gain = 2 * destroyed.get(enemy, 0)
        leader = g.leader(side)
        dishonorable = [u for u in sides[side]["units"] if u.in_play and u.dishonored]
        if honor.rehonor_instead(g, leader, dishonorable, gain, "battle resolution", ["battle-resolution"],
                                 StepKind.RULE):
            continue
        honor.change(g, leader, gain, True, f"twice the {destroyed.get(enemy, 0)} enemy cards destroyed by "
                                            "resolution", ["battle-resolution"], kind=StepKind.RULE, rulebook=True)
    prov = g.province(bf)
    if outcome == "attacking" and prov is not None:
        strength = g.province_strength(prov)
        if af > df + strength:
            destroy_province(g, prov, f"{af} Force is more than {df} + its strength {strength}")
        else:
            g.record(StepKind.RULE, f"{bf} survives: {af} Force is not more than {df} + its strength {strength}",
                     ["battle-resolution"], step="resolution")


def _destroy_unit(g, unit, bf: str, by: str) -> int:
    """Destroy one unit by battle resolution; returns how many of its cards were destroyed.
    The player whose army won destroys it (``battle-resolution``: "he or she destroys all units in
    the defending army"; in a tie each player destroys the other army)."""
    resilient = [c for c in g.unit_of(unit) if g.has_keyword(c, "Resilient") and not c.resilient_used]
    for c in resilient:
        c.resilient_used = True
    if unit in resilient:
        count = 0
        for att_id in list(unit.attachments):
            att = g.cards[att_id]
            if att in resilient:
                continue
            count += len(cardops.leave_play(g, att, "destroyed", f"lost the battle at {bf}", ["battle-resolution"],
                                            by, kind=StepKind.RULE, cause="resolution"))
        g.record(StepKind.RULE, f"{unit.title} is Resilient: once per game he is not destroyed by battle "
                                "resolution (his attachments are)", ["resilient"], unit.controller)
        return count
    gone = cardops.leave_play(g, unit, "destroyed", f"lost the battle at {bf}", ["battle-resolution"], by,
                              kind=StepKind.RULE, cause="resolution")
    return len(gone)


def destroy_province(g, prov, why: str) -> None:
    prov.destroyed = True
    g.timeline.note({"province": prov.id, "destroyed": [False, True]})
    gone = []
    for cid in list(prov.cards):
        from .zones import move

        move(g, g.cards[cid], Zone.DISCARD)
        gone.append(g.cards[cid].title)
    for c in [c for c in g.cards.values() if c.in_play and c.attached_to == prov.id]:
        cardops.leave_play(g, c, "destroyed", f"{prov.id} was destroyed", ["fortification"], kind=StepKind.RULE)
    prov.unknown = False
    g.record(StepKind.RULE, f"{prov.id} is destroyed ({why})" + (f"; the cards in it are discarded: {', '.join(gone)}"
                                                                 if gone else ""),
             ["battle-resolution", "provinces"], step="resolution")
    # the Attacker destroys the Province at resolution (battle-resolution)
    triggers.after(g, triggers.Event("province_destroyed", None, prov.owner, g.attacker,
                                     data={"province": prov.id, "cause": "resolution"}))
    honor.check_victory(g)


def _after_resolution(g, bf: str) -> None:
    """Attacking units bow (not in a Conqueror's unit) and return home; Terrains are discarded."""
    attackers = g.army("attacking", bf)
    for u in attackers:
        g.tick()
        g.resolved_attackers.add(u.id)
        if g.has_keyword(u, "Conqueror"):
            g.record(StepKind.RULE, f"{u.title} is a Conqueror: the cards of his unit do not bow before returning "
                                    "home", ["conqueror"], u.controller)
        else:
            for c in g.unit_of(u):
                g.set_bowed(c, True)
        g.set_location(u, "home")
    if attackers:
        g.record(StepKind.RULE, f"After resolution at {bf}: {', '.join(u.title for u in attackers)} bow and return "
                                "home", ["after-resolution"], step="after resolution")
    for c in [c for c in g.cards.values() if c.in_play and c.location == bf and g.has_keyword(c, "Terrain")]:
        cardops.leave_play(g, c, "discarded", "a Terrain is discarded after its battle", ["terrain",
                                                                                           "after-resolution"],
                           kind=StepKind.RULE)


def end_attack_phase(g) -> None:
    """Battlefields cease to exist; units still there return home, and attackers bow
    (``fight-battles``)."""
    away = [c for c in g.units() if c.location != "home"]
    for c in away:
        if g.side(c) == "attacking":
            for x in g.unit_of(c):
                g.set_bowed(x, True)
        g.set_location(c, "home")
    if away:
        g.record(StepKind.RULE, f"The last battle is over: {', '.join(c.title for c in away)} return home",
                 ["fight-battles", "after-resolution"])
    g.battlefield, g.segment = None, None
    from .flow import phase_ends

    phase_ends(g, "attack")
    g.resolved_attackers.clear()
    g.fought.clear()
    g.attacking = False
    g.attacker = g.defender = None
    g.assigned_by.clear()
