"""The player abilities every player has (``player-abilities-and-traits``), as the rules
print them: Recruit (and Experienced overlays), Equip, Dynasty Discard, Lobby, the two
Favor abilities, Cycle, Cavalry, Tactical Advantage, Courage, Reserve, Naval Invasion
and Kharmic.  Each checks what its text and the rules require, refusing the step with
a reason code otherwise, then runs the action sequence like any other action.
"""
from __future__ import annotations

from . import acting, cardops, payment
from .actions import Refused, action_resolved, take_interrupts
from .primitives.actions import actions_extra
from .references import Context, card_context, holds, matches
from .resolution import state_checks
from .state import Card
from .textstatics import (action_permissions, attach_problem, copies_problem, discard_permits, gold_cost, invest_price,
                          join_problem, own_trait_holds)
from .vocab import DESIGNATOR_ROUND, Reason, Round, StepKind, Zone
from .zones import move

NAMES = ("recruit", "equip", "dynasty_discard", "lobby", "favor_limited", "favor_battle", "cycle", "cavalry",
         "tactical_advantage", "courage", "reserve", "naval_invasion", "kharmic", "legacy")
# name -> (designator kind, the round it is taken in, the section that prints it)
ABILITIES = {
    "recruit": ("dynasty", Round.DYNASTY, "recruit"), "dynasty_discard": ("dynasty", Round.DYNASTY, "dynasty-discard"),
    "equip": ("open", Round.ACTION, "equip"), "lobby": ("limited", Round.ACTION, "lobby"),
    "favor_limited": ("limited", Round.ACTION, "rulebook-favor-limited"),
    "favor_battle": ("battle", Round.COMBAT, "rulebook-favor-battle"), "cycle": ("limited", Round.ACTION, "cycle"),
    "cavalry": ("engage", Round.ENGAGE, "cavalry"), "tactical_advantage": ("battle", Round.COMBAT,
                                                                           "tactical-advantage"),
    "courage": ("interrupt", Round.INTERRUPT, "courage"), "reserve": ("battle", Round.COMBAT, "reserve"),
    "naval_invasion": ("engage", Round.ENGAGE, "naval-invasion"), "kharmic": ("limited", Round.ACTION, "kharmic"),
    "legacy": ("dynasty", Round.DYNASTY, "legacy"),
}
# The keywords printed before each rulebook action's designator ("Favor Political Battle: …", "Repeatable
# Courage Interrupt", courage), and Lobby's own name: what Gold "only for a Political action", restrictions
# naming kinds of action ("Favor and Lobby actions cannot target Rutaro") and "After you discard this Strategy
# from a Courage action" see in the player abilities.
KEYWORDS = {"lobby": frozenset({"political", "lobby"}), "favor_limited": frozenset({"favor", "political"}),
            "favor_battle": frozenset({"favor", "political"}), "kharmic": frozenset({"kharmic"}),
            "courage": frozenset({"courage"})}
REPEATABLE = {"recruit", "equip", "dynasty_discard", "courage", "reserve", "kharmic"}
ABSENT = {"cavalry", "reserve"}


def take_rulebook(g, step: dict, round_kind: str) -> bool:
    name = step["rulebook"]
    by = step["by"]
    kind, wanted, section = ABILITIES[name]
    keywords = KEYWORDS.get(name, frozenset())
    try:
        if round_kind != wanted:
            allowed = _permit(g, step, by, name, round_kind)
            if allowed is None:
                raise Refused(Reason.WRONG_ROUND, f"{_title(name)} is a {kind.capitalize()} action: it cannot be "
                                                  "taken now", section)
            kind, given = allowed
            if given:
                keywords |= given
                step = {**step, "as_keywords": sorted(given)}
        if name == "equip":
            _equip_from_discard_as(g, step, by, kind)
        if kind in ("limited", "dynasty") and by != g.active and not _open_lobby(g, name, step, by):
            raise Refused(Reason.NOT_ACTIVE_PLAYER, f"{kind.capitalize()} actions are for the active player "
                                                    f"({g.active})", f"{kind}-actions")
        barred = g.player_restricted(by, "take_actions", keywords)
        if barred:
            raise Refused(Reason.RESTRICTED, barred, "permissions")
        if name not in REPEATABLE and name != "tactical_advantage" and g.players[by].used.get(name, 0) >= 1 + \
                actions_extra(g, by, keywords, [kind]):
            raise Refused(Reason.USED, f"{by.capitalize()} has already used {_title(name)} this turn",
                          "player-abilities-and-traits")
        if round_kind == Round.COMBAT or round_kind == Round.ENGAGE:
            if name not in ABSENT and not g.units(by, g.battlefield):
                raise Refused(Reason.PRESENCE, f"{by.capitalize()} controls no unit at {g.battlefield}",
                              "rule-of-presence")
        with acting.taking(g) as taken:
            done = RUN[name](g, step, by)
            action = taken.action  # the action, once its Interrupts were taken
    except Refused as r:
        g.reject(step, r.reason, r.text, r.section)
        return False
    if action is not None:
        action_resolved(g, action, action.brings)
    if done and name != "tactical_advantage":
        g.players[by].used[name] = g.players[by].used.get(name, 0) + 1
    return done


def permitted_as(g, step: dict, by: str, name: str, round_kind: str) -> str | None:
    """The designator a card's trait lets this Recruit, Equip, Tactical Advantage or Reserve have in this round ("You
    may Equip this Follower as a Battle action", "Ayumu's rulebook Tactical Advantage ability is a Battle/Open action
    for Ayumu", "Mizuki's Reserve may be used as Absent Battle/Engage", ``permissions``), or None."""
    allowed = _permit(g, step, by, name, round_kind)
    return allowed[0] if allowed is not None else None


def _permit(g, step: dict, by: str, name: str, round_kind: str) -> tuple[str, frozenset[str]] | None:
    """That designator, with the keywords the trait gives the action ("You may Recruit this Holding as a Political
    Open action": a Political action, ``keywords``, ``permissions``), or None."""
    if name in ("tactical_advantage", "reserve"):
        return next(((d, frozenset()) for st in _ability_permits(g, step, by, name) for d in st.designators
                     if DESIGNATOR_ROUND[d] == round_kind), None)
    if name not in ("recruit", "equip"):
        return None
    if name == "recruit":
        try:
            card, host = _province_card(g, step, by)[1], None
        except Refused:
            return None
    else:
        card, host = g.find(step.get("card"), by, prefer=Zone.HAND), _first_target(g, step, by)
    if card is None:
        return None
    return next(((d, frozenset(k.lower() for k in st.keywords)) for st in action_permissions(g, card, by, name, host)
                 for d in st.designators if DESIGNATOR_ROUND[d] == round_kind), None)


def _ability_permits(g, step: dict, by: str, name: str) -> list:
    """The traits letting the card a Tactical Advantage or Reserve is for take it as another kind of action: those of
    cards in play covering the Tactician (his own, his Tessen's "this Personality's"), the Reserve Personality's own
    in its Province (a card's own traits work out of play, ``continuous-traits``)."""
    if name == "tactical_advantage":
        card = g.find(step.get("card"), by)
        return [] if card is None else [st for src, st in g.statics() if st.kind == "permit" and st.what == name
                                        and g.static_applies(src, st, card)]
    try:
        card = _province_card(g, step, by)[1]
    except Refused:
        return []
    ctx = card_context(g, card)
    ctx.player = by
    return [st for st in card.card.reading.statics if st.kind == "permit" and st.what == name and st.target == "self"
            and holds(g, st.while_, ctx)]


def _equip_from_discard_as(g, step: dict, by: str, kind: str) -> None:
    """"You may Equip this Item from your discard pile as a Battle action": from the discard pile the
    trait permits that kind of Equip only (``permissions``)."""
    card = g.find(step.get("card"), by, prefer=Zone.HAND)
    permits = discard_permits(g, card, by, "equip") if card is not None else []
    if permits and not any(not st.designators or kind in st.designators for st in permits):
        kinds = " or ".join("/".join(d.capitalize() for d in st.designators) for st in permits)
        raise Refused(Reason.WRONG_ROUND, f"{card.title} may be Equipped from the discard pile only as a {kinds} "
                                          "action", "permissions")


def _open_lobby(g, name: str, step: dict, by: str) -> bool:
    """"Dainagon may Lobby as an Open action": a Lobby with him needs not be the active player's
    (``open-actions``, ``permissions``)."""
    target = _first_target(g, step, by) if name == "lobby" else None
    return target is not None and g.permitted(target, "lobby_open")


def _title(name: str) -> str:
    return name.replace("_", " ").title()


def _announce(g, by: str, text: str, sections: list[str]) -> None:
    g.record(StepKind.ACTION, f"{by.capitalize()} {text}", sections + ["action-sequence"], by, "announce")


def _brought_card_targeted(g, by: str, action: str, targets: list[Card], section: str) -> None:
    """Twenty Festivals: Recruit and Equip target the card they bring into play (change 3),
    chosen in the action's choose-targets step, after costs and before Interrupts (change 4,
    ``action-sequence``).  Under Ivory they bring it in without targeting it."""
    if g.rules != "twenty-festivals":
        return
    names = " and ".join(t.title for t in targets)
    g.record(StepKind.CHOICE, f"{by.capitalize()} chooses the action's targets: {names} ({action} targets the card it "
                              "brings into play)", ["action-sequence", "targeting", section], by, "choose targets")


def _ctx(g, step: dict, by: str, label: str, source: Card | None = None) -> Context:
    name = step["rulebook"]
    return Context(player=by, source=source, label=label, choices=list(step.get("choose") or []),
                   round=None, discard_named=list(step.get("discard") or []) if isinstance(step.get("discard"), list)
                   else ([step["discard"]] if step.get("discard") else []), designator=ABILITIES[name][0],
                   keywords=KEYWORDS.get(name, frozenset()) | frozenset(step.get("as_keywords", ())))


def _first_target(g, step: dict, by: str) -> Card | None:
    refs = step.get("targets") or ([step["to"]] if step.get("to") else [])
    return g.find(refs[0], by) if refs else None


def _targetable(g, card: Card, by: str, name: str) -> None:
    """A player ability's target must be one that may be targeted: "This Personality cannot be targeted",
    "Favor actions may not target Hoturi" (``targeting``, ``permissions``)."""
    why = g.restricted(card, "be_targeted", KEYWORDS.get(name, frozenset()), by)
    if why:
        raise Refused(Reason.NO_TARGET, f"{card.title} cannot be targeted by {_title(name)} ({why})", "targeting")


def _discard_from_hand(g, step: dict, by: str, keyword: str | None, why: str, section: str) -> Card:
    named = step.get("discard")
    ref = named[0] if isinstance(named, list) and named else named
    hand = [g.cards[c] for c in g.players[by].hand]
    fits = [c for c in hand if keyword is None or g.has_keyword(c, keyword)]
    card = g.find(ref, by, prefer=Zone.HAND) if ref else (fits[-1] if fits else None)
    if card is None or card.zone is not Zone.HAND or card.owner != by or card not in fits:
        what = f"a {keyword} card" if keyword else "a card"
        raise Refused(Reason.COST if ref is None else Reason.NOT_IN_HAND,
                      f"{by.capitalize()} has no {what} in hand to discard" if ref is None else
                      f"{ref} is not {what} in {by}'s hand", section)
    if ref is None:
        g.record(StepKind.CHOICE, f"{by.capitalize()} discards {card.title} (no card named; the engine picks the last "
                                  "one in hand that fits)", ["choices"], by)
    cardops.discard_from_hand(g, card, why, [section], by, action=KEYWORDS.get(step["rulebook"], frozenset()))
    return card


# ----- Dynasty ---------------------------------------------------------------------------------
def recruit(g, step: dict, by: str) -> bool:
    """Repeatable Dynasty, [* Gold]: bring into play a face-up Personality or Holding from your
    Province (``recruit``), with Proclaim (``proclaim``) and Invest (``invest``)."""
    prov, card = _province_card(g, step, by)
    if step.get("overlay"):
        return overlay(g, step, by, prov, card)
    extra = recruit_checks(g, card, by)
    player = g.players[by]
    invest = bool(step.get("invest"))
    invested, fixed = invest_cost(g, card, by, step)
    # printed, Invested, with the cost traits (continuous-traits); 2 more for another Clan Alignment (recruit)
    cost = gold_cost(g, card, by, invest=invested, fixed=bool(fixed)) + (2 if extra else 0)
    purchase = payment.Purchase(by, card, fixed=fixed)
    problem = payment.check_named(g, by, step.get("pay"), cost, purchase)
    if problem:
        raise Refused(Reason.COST, problem, "paying-gold-costs")
    if not payment.can_pay(g, by, cost, purchase):
        raise Refused(Reason.COST, f"{by.capitalize()} cannot pay {cost} Gold for {card.title}", "recruit")
    proclaim = bool(step.get("proclaim"))
    if proclaim:
        if player.proclaimed:
            raise Refused(Reason.USED, "a player may Proclaim only once per turn", "proclaim")
        if card.type != "personality" or by != g.active or not (card.card.clans & player.clans
                                                                 or own_trait_holds(g, card, by, "permit", "proclaim")):
            raise Refused(Reason.RESTRICTED, f"{card.title} does not have {by}'s Clan Alignment, so he cannot be "
                                             "Proclaimed", "proclaim")
        restriction = g.restricted(card, "proclaim")
        if restriction:
            raise Refused(Reason.RESTRICTED, f"{card.title} cannot be Proclaimed ({restriction})", "proclaim")
    _announce(g, by, f"recruits {card.title} from {prov.id}" + (" (2 more Gold: he has a Clan Alignment but not "
                                                               f"{by}'s)" if extra else "")
              + (", Proclaiming him" if proclaim else "") + (", Investing" if invest else ""),
              ["recruit"] + (["proclaim"] if proclaim else []))
    ctx = _ctx(g, step, by, "Recruit")
    if proclaim:  # "Proclaiming gives the Proclaim keyword to the recruiting action" (proclaim)
        ctx.keywords = ctx.keywords | {"proclaim"}
    payment.pay(g, by, cost, purchase, step.get("pay"), card.title)
    _brought_card_targeted(g, by, "Recruit", [card], "recruit")
    take_interrupts(g, step, ctx, None, brings=card)
    if card.zone is not Zone.PROVINCE:
        return True
    bring_in(g, card, by, prov, proclaim, invest, step.get("targets"))
    return True


def recruit_checks(g, card: Card, by: str) -> bool:
    """What the Recruit procedure requires, as the rulebook action or as an effect ("Search your Dynasty deck
    for a Market or Port. Recruit it.", ``recruit``): a Personality or Holding, the card's own restrictions on
    entering play (``unique``), and a Personality's Honor Requirement (``honor-requirement``). True when a
    Personality with a Clan Alignment but not the player's costs 2 more Gold."""
    if card.type not in ("personality", "holding"):
        raise Refused(Reason.NO_TARGET, f"{card.title} is a {card.type}: Recruit brings in Personalities and "
                                        "Holdings", "recruit")
    entry_checks(g, card, by, "recruit")
    player = g.players[by]
    hr = card.card.honor
    if card.type == "personality" and hr is not None and hr.value is not None and player.honor < hr.value:
        waived = (player.ignores_hr and (card.card.clans & player.clans)) or own_trait_holds(g, card, by, "ignore_hr")
        if not waived:
            raise Refused(Reason.HONOR_REQUIREMENT, f"{card.title} has an Honor Requirement of {hr.value}; {by} has "
                                                    f"{player.honor} Honor", "honor-requirement")
    return bool(card.type == "personality" and card.card.clans and not (card.card.clans & player.clans))


def bring_in(g, card: Card, by: str, prov, proclaim: bool, invest: bool, targets: list | None = None) -> bool:
    """The Recruited card enters play: a Holding bowed (a Fortification attached to the
    Province it came from, or to one of its player's, ``fortification``), a Personality at
    home or, during a battle, in his army there.  ``prov`` is None when it came from a deck."""
    player = g.players[by]
    fortification = card.card.has_keyword("Fortification")
    home = prov or next((p for p in player.provinces if not p.destroyed), None)
    bowed = card.type == "holding" and (not fortification or g.rules == "twenty-festivals") \
        and not own_trait_holds(g, card, by, "enters_unbowed")  # "This Holding enters play unbowed" (recruit)
    location, side = "home", None
    if card.type == "personality" and g.battlefield is not None and g.segment in ("engage", "combat"):
        location = g.battlefield
        side = "attacking" if by == g.attacker else "defending" if by == g.defender else None
    entered = cardops.enter_play(g, card, by, "recruited", "Recruit", ["recruit"] + (["fortification"] if
                                                                                      fortification else []),
                                 location=location, attach_to=home.id if fortification and home else None, bowed=bowed,
                                 by=by, side=side, from_zone="province" if prov is not None else "deck")
    if not entered:
        return True
    if proclaim:
        player.proclaimed = True
        from .honor import change

        change(g, by, card.card.stat("ph"), True, f"Proclaiming {card.title}", ["proclaim"], actor=by,
               source_owner=by)
        from . import triggers

        triggers.after(g, triggers.Event("proclaimed", card, by, by=by))  # "After you Proclaim …" (triggered-traits)
    if invest:
        run_invest(g, card, by, targets)
    state_checks(g)
    if prov is not None:
        cardops.refill_after(g, prov)
    return True


def run_invest(g, card: Card, by: str, targets: list | None) -> None:
    """The Invest trait's effects, after the card enters play (or, on a Strategy, last among its action's
    effects); they come from the Invest trait, not from the action (``invest``)."""
    from .resolution import run_effects

    g.record(StepKind.EFFECT, f"{card.title}'s Invest trait", ["invest"], by)
    reading = card.card.reading
    run_effects(g, Context(player=by, source=card, label="Invest"), reading.invest_targets, reading.invest, targets)


def invest_cost(g, card: Card, by: str, step: dict) -> tuple[int, int]:
    """(the Invest cost the step pays, the part of it that cannot be reduced), or a refusal if the card has
    no Invest trait the engine reads (``invest``)."""
    if not step.get("invest"):
        return 0, 0
    cost = invest_price(g, card, by)
    if cost is None:
        raise Refused(Reason.NO_CHOICE, f"{card.title} has no Invest trait the engine can read", "invest")
    return cost, (cost if own_trait_holds(g, card, by, "invest_fixed") else 0)


def overlay(g, step: dict, by: str, prov, card: Card) -> bool:
    """An Experienced Personality overlays his less experienced version in play: no cost, no
    Honor Requirement; other requirements (Loyal) still apply; the new card keeps the old
    one's states, effects, attachments, tokens and id, and is not Recruited (``experienced``)."""
    old = g.find(step["overlay"], by)
    if old is None or not old.in_play or old.controller != by or old.type != "personality":
        raise Refused(Reason.NO_TARGET, f"{step['overlay']} is not a Personality {by} controls in play",
                      "experienced")
    if card.type != "personality" or card.title.lower() != old.title.lower() or card.card.xp <= old.card.xp:
        raise Refused(Reason.NO_TARGET, f"{card.title} ({card.card.level or 'not Experienced'}) cannot overlay "
                                        f"{old.title} ({old.card.level or 'not Experienced'}): it needs the same "
                                        "title and a higher experience level", "experienced")
    if card.card.has_keyword("Loyal") and not (card.card.clans & g.players[by].clans):
        raise Refused(Reason.RESTRICTED, f"{card.title} is Loyal and does not share {by}'s Clan Alignment", "loyal")
    _announce(g, by, f"overlays {card.title} ({card.card.level}) from {prov.id} onto {old.title} — no Gold, no Honor "
                     "Requirement", ["experienced", "overlay"])
    take_interrupts(g, step, _ctx(g, step, by, "overlay"), None)
    if card.zone is not Zone.PROVINCE or not old.in_play:
        return True
    old_def = old.card
    old.card, card.card = card.card, old_def  # the instance in play becomes the Experienced card
    move(g, card, Zone.REMOVED)
    g.version += 1
    g.record(StepKind.EFFECT, f"{old.title} is now {old.card.level or 'Experienced'}: same card, keeping his states, "
                              f"attachments, tokens and effects; the {old_def.level or 'earlier'} version is removed "
                              "from the game without leaving play", ["experienced"], by, "resolve")
    state_checks(g)
    cardops.refill_after(g, prov)
    return True


def _province_card(g, step: dict, by: str):
    ref = step.get("card")
    prov = g.province(ref)
    card = g.cards.get(prov.card) if prov and prov.card else g.find(ref, by)
    if card is not None and prov is None:
        prov = next((p for p in g.players[card.owner].provinces if card.id in p.cards), None)
    if card is None or prov is None or card.zone is not Zone.PROVINCE or card.owner != by:
        raise Refused(Reason.UNKNOWN_CARD, f"{ref} is not a card in {by}'s Provinces", "recruit")
    if not card.face_up:
        raise Refused(Reason.NO_TARGET, f"the card in {prov.id} is face down", "recruit")
    return prov, card


def entry_checks(g, card: Card, by: str, verb: str) -> None:
    """Unique (``unique``) and Loyal (``loyal``): restrictions on a card entering play; and the player's traits
    on the procedure bringing it in, ``verb`` "recruit" or "equip" ("You may only Recruit Shadowlands
    Personalities", ``permissions``)."""
    if card.card.unique and any(c.title.lower() == card.title.lower() and g.has_keyword(c, "Unique")
                                for c in g.in_play(by)):
        raise Refused(Reason.UNIQUE, f"{by.capitalize()} already controls a Unique {card.title}", "unique")
    if card.card.has_keyword("Loyal") and card.card.clans and not (card.card.clans & g.players[by].clans):
        raise Refused(Reason.RESTRICTED, f"{card.title} is Loyal and does not share {by}'s Clan Alignment", "loyal")
    limit = copies_problem(g, card, by) or join_problem(g, card, by) or g.player_restricted(
        by, "bring_into_play", card=card) or g.player_restricted(by, verb, card=card)
    if limit:
        raise Refused(Reason.RESTRICTED, limit, "continuous-traits")


def dynasty_discard(g, step: dict, by: str) -> bool:
    """Repeatable Dynasty: discard a face-up card from one of your Provinces (``dynasty-discard``)."""
    prov = g.province(step.get("province") or step.get("card"))
    if prov is None:
        card = g.find(step.get("card"), by)
        prov = next((p for p in g.players[by].provinces if card is not None and card.id in p.cards), None)
    if prov is None or prov.owner != by or not prov.card or not prov.face_up:
        raise Refused(Reason.NO_TARGET, f"{step.get('province') or step.get('card')} is not one of {by}'s Provinces "
                                        "with a face-up card", "dynasty-discard")
    _announce(g, by, f"takes Dynasty Discard on {prov.id}", ["dynasty-discard"])
    cardops.discard_from_province(g, g.cards[prov.card], "Dynasty Discard", ["dynasty-discard"], by)
    return True


# ----- Action Phase -----------------------------------------------------------------------------
def equip(g, step: dict, by: str, reserve: bool = False) -> bool:
    """Repeatable Open, [* Gold]: attach an attachment from your hand to your target Personality
    (``equip``), within the attachment limits (``armor``, ``weapon``, ``two-handed``, ``kensai``); or
    from your discard pile if the card's own trait permits it (``permissions``)."""
    card = g.find(step.get("card"), by, prefer=Zone.HAND)
    origin = card.zone if card is not None else None
    if card is None or card.owner != by or not (origin is Zone.HAND or discard_permits(g, card, by, "equip")):
        raise Refused(Reason.NOT_IN_HAND, f"{step.get('card')} is not in {by}'s hand", "equip")
    if card.type not in ("follower", "item", "spell"):
        raise Refused(Reason.NO_TARGET, f"{card.title} is a {card.type}, not an attachment", "attachments")
    host = _first_target(g, step, by)
    if host is None or not host.in_play or host.type != "personality" or host.controller != by:
        raise Refused(Reason.NO_TARGET, f"{step.get('to') or (step.get('targets') or ['?'])[0]} is not a Personality "
                                        f"{by} controls in play", "attachments")
    if g.battlefield is not None and g.segment in ("engage", "combat") and host.location != g.battlefield \
            and not any(st.to is not None and st.to.at == "any" for st in action_permissions(g, card, by, "equip", host)):
        raise Refused(Reason.LOCATION, f"{host.title} is not at the current battlefield", "rules-of-location")
    _targetable(g, host, by, "equip")
    limit = attach_limit(g, card, host)
    if limit:
        raise Refused(Reason.RESTRICTED, limit[0], limit[1])
    entry_checks(g, card, by, "equip")
    invested, fixed = invest_cost(g, card, by, step)
    cost = gold_cost(g, card, by, host, invest=invested, fixed=bool(fixed))
    purchase = payment.Purchase(by, card, fixed=fixed)
    problem = payment.check_named(g, by, step.get("pay"), cost, purchase)
    if problem:
        raise Refused(Reason.COST, problem, "paying-gold-costs")
    if not payment.can_pay(g, by, cost, purchase):
        raise Refused(Reason.COST, f"{by.capitalize()} cannot pay {cost} Gold for {card.title}", "equip")
    _announce(g, by, f"equips {card.title} to {host.title}" + (", Investing" if invested else ""),
              ["equip", "reserve" if reserve else "open-actions"] + (["invest"] if invested else []))
    ctx = _ctx(g, step, by, "Equip")
    payment.pay(g, by, cost, purchase, step.get("pay"), card.title)
    _brought_card_targeted(g, by, "Equip", [card, host], "equip")
    take_interrupts(g, step, ctx, None, brings=card)
    if card.zone is not origin or not host.in_play:
        return True
    entered = cardops.enter_play(g, card, by, "equipped", "Equip", ["equip", "attachments"], attach_to=host.id,
                                 by=by, from_zone="hand" if origin is Zone.HAND else "discard")
    if entered and invested:  # the Invest targets follow the Personality equipped to
        run_invest(g, card, by, (step.get("targets") or [])[0 if step.get("to") else 1:])
    state_checks(g)  # an Item with a Chi penalty can kill (chi-death-rule)
    return True


def attach_limit(g, card: Card, host: Card) -> tuple[str, str] | None:
    """Why a card cannot attach to a Personality, or None."""
    if card.type == "spell" and not g.has_keyword(host, "Shugenja"):
        return f"{card.title} is a Spell and {host.title} is not a Shugenja", "spell"
    attached = [g.cards[a] for a in host.attachments]
    if card.card.has_keyword("Armor") and any(a.card.has_keyword("Armor") for a in attached):
        return f"{host.title} already has an Armor: a Personality cannot attach more than one", "armor"
    if card.card.has_keyword("Weapon"):
        weapons = [a for a in attached if a.card.has_keyword("Weapon")]
        two_handed = card.card.has_keyword("Two-handed") or any(a.card.has_keyword("Two-handed") for a in weapons)
        if weapons and two_handed:
            return f"{host.title} cannot have a Two-handed Weapon together with another Weapon", "two-handed"
        allowed = 2 if g.has_keyword(host, "Kensai") else 1
        if len(weapons) >= allowed:
            return (f"{host.title} already has {len(weapons)} Weapon{'s' if len(weapons) > 1 else ''}: "
                    + ("a Kensai can attach two" if allowed == 2 else "a Personality can attach only one"),
                    "kensai" if allowed == 2 else "weapon")
    restriction = g.restricted(host, "attach") or attach_problem(g, card, host)
    if restriction:
        return restriction, "attachments"
    return None


def lobby(g, step: dict, by: str) -> bool:
    """Political Limited: if you have higher Family Honor than each other player, bow your target
    unbowed Personality with 1 or more Personal Honor to take the Imperial Favor (``lobby``)."""
    mine = g.players[by].honor + g.lobby_bonus(by)  # each player's Lobby Bonus counts (lobby-bonus)
    if not all(mine > g.players[p].honor + g.lobby_bonus(p) for p in g.live() if p != by):
        raise Refused(Reason.CONDITION, f"{by.capitalize()} ({mine} Honor, with any Lobby Bonus) does not have "
                                        "higher Family Honor than each other player", "lobby")
    target = _first_target(g, step, by)
    if target is None or not target.in_play or target.controller != by or target.type != "personality" \
            or target.bowed or g.stat(target, "personal_honor") < 1:
        raise Refused(Reason.NO_TARGET, "Lobby needs your unbowed Personality with 1 or more Personal Honor",
                      "good-faith-rule")
    _targetable(g, target, by, "lobby")
    _announce(g, by, f"Lobbies with {target.title}", ["lobby"])
    take_interrupts(g, step, _ctx(g, step, by, "Lobby"), None)
    if g.permitted(target, "lobby_without_bowing"):  # "Kozan need not bow to Lobby" (permissions)
        g.record(StepKind.EFFECT, f"{target.title} need not bow to Lobby", ["lobby", "permissions"], by, "resolve")
    if g.permitted(target, "lobby_without_bowing") or cardops.bow(g, target, "Lobby", ["lobby"], by):
        g.set_favor(by)
        g.record(StepKind.EFFECT, f"{by.capitalize()} takes the Imperial Favor", ["lobby", "imperial-favor"], by,
                 "resolve")
    return True


def favor_limited(g, step: dict, by: str) -> bool:
    """Favor Political Limited: discard the Imperial Favor and a Fate card to draw a card."""
    if g.favor != by:
        raise Refused(Reason.COST, f"{by.capitalize()} does not hold the Imperial Favor", "rulebook-favor-limited")
    if not g.players[by].hand:
        raise Refused(Reason.COST, f"{by.capitalize()} has no Fate card in hand to discard", "rulebook-favor-limited")
    _announce(g, by, "uses the Imperial Favor's Limited ability", ["rulebook-favor-limited"])
    take_interrupts(g, step, _ctx(g, step, by, "Favor Limited"), None)
    g.set_favor(None)
    g.record(StepKind.EFFECT, f"{by.capitalize()} discards the Imperial Favor", ["rulebook-favor-limited"], by,
             "resolve")
    _discard_from_hand(g, step, by, None, "the Favor's Limited ability", "rulebook-favor-limited")
    cardops.draw(g, by, 1, ["rulebook-favor-limited"])
    return True


def favor_battle(g, step: dict, by: str) -> bool:
    """Favor Political Battle: discard the Imperial Favor to move a target attacking enemy
    Personality home; a trait may let its player target other enemy Personalities too ("You may
    target defending Personalities with the rulebook Favor Political Battle action", ``permissions``)."""
    if g.favor != by:
        raise Refused(Reason.COST, f"{by.capitalize()} does not hold the Imperial Favor", "rulebook-favor-battle")
    target = _first_target(g, step, by)
    if target is None or target.type != "personality" or not target.in_play or not g.enemy_of(target, by) \
            or target.location != g.battlefield or not (g.side(target) == "attacking" or any(
                matches(g, flt, target, Context(player=by)) for flt in g.permitted_targets(by, "favor_battle"))):
        raise Refused(Reason.NO_TARGET, "the Favor's Battle ability needs a target attacking enemy Personality at "
                                        "this battlefield", "good-faith-rule")
    _targetable(g, target, by, "favor_battle")
    _announce(g, by, f"uses the Imperial Favor's Battle ability on {target.title}", ["rulebook-favor-battle"])
    take_interrupts(g, step, _ctx(g, step, by, "Favor Battle"), None)
    g.set_favor(None)
    g.record(StepKind.EFFECT, f"{by.capitalize()} discards the Imperial Favor", ["rulebook-favor-battle"], by,
             "resolve")
    cardops.move_unit(g, target, "home", "the Favor's Battle ability", ["rulebook-favor-battle"], by)
    return True


def cycle(g, step: dict, by: str) -> bool:
    """Limited, on your first turn: put face-up cards from your Provinces on the bottom of your
    Dynasty deck, refill, then turn every card in your Provinces face up (``cycle``)."""
    if g.turn > len(g.order):
        raise Refused(Reason.CONDITION, "Cycle is only for a player's first turn", "cycle")
    provs = [g.province(p) for p in step.get("provinces") or []]
    if not provs or any(p is None or p.owner != by or not p.card or not p.face_up for p in provs):
        raise Refused(Reason.NO_TARGET, "Cycle needs face-up cards in your Provinces (provinces: [alice.p1])",
                      "good-faith-rule")
    _announce(g, by, f"Cycles {len(provs)} Province{'s' if len(provs) > 1 else ''}", ["cycle"])
    player = g.players[by]
    for prov in provs:
        move(g, g.cards[prov.card], Zone.DYNASTY_DECK, top=False)
        cardops.refill_after(g, prov)
    for prov in player.provinces:
        prov.face_up = not prov.destroyed
        for cid in prov.cards:
            g.cards[cid].face_up = True
    g.record(StepKind.EFFECT, f"{by.capitalize()} turns every card in those Provinces face up", ["cycle"], by, "resolve")
    return True


def kharmic(g, step: dict, by: str) -> bool:
    """Kharmic Repeatable Limited, [2 Gold]: discard a Kharmic card from your hand to draw a card,
    or from your Province to refill the Province face up (``kharmic``)."""
    purchase = payment.Purchase(by, action=True, keywords=frozenset({"kharmic"}))  # a Kharmic action (kharmic)
    problem = payment.check_named(g, by, step.get("pay"), 2, purchase)
    if problem:
        raise Refused(Reason.COST, problem, "paying-gold-costs")
    if not payment.can_pay(g, by, 2, purchase):
        raise Refused(Reason.COST, f"{by.capitalize()} cannot pay 2 Gold", "kharmic")
    ref = step.get("discard") or step.get("card")
    card = g.find(ref[0] if isinstance(ref, list) else ref, by) if ref else None
    if card is None or not g.has_keyword(card, "Kharmic") or card.owner != by \
            or card.zone not in (Zone.HAND, Zone.PROVINCE) or (card.zone is Zone.PROVINCE and not card.face_up):
        raise Refused(Reason.NO_TARGET, "the Kharmic ability needs a Kharmic card in your hand or face up in your "
                                        "Province (discard: its title)", "kharmic")
    _announce(g, by, f"uses the Kharmic ability on {card.title}", ["kharmic"])
    payment.pay(g, by, 2, purchase, step.get("pay"), "the Kharmic ability")
    take_interrupts(g, step, _ctx(g, step, by, "Kharmic"), None)
    if card.zone is Zone.HAND:
        cardops.discard_from_hand(g, card, "Kharmic", ["kharmic"], by, action=KEYWORDS["kharmic"])
        cardops.draw(g, by, 1, ["kharmic"])
    else:
        prov = next(p for p in g.players[by].provinces if card.id in p.cards)
        move(g, card, Zone.DISCARD)
        g.record(StepKind.EFFECT, f"{card.title} is discarded from {prov.id}", ["kharmic"], by, "resolve")
        cardops.refill_after(g, prov, face_up=True)
    return True


# ----- Battle -------------------------------------------------------------------------------------
def cavalry(g, step: dict, by: str) -> bool:
    """Absent Engage: target your unbowed Personality in a Cavalry unit at any location; move it
    to the current battlefield (``cavalry``)."""
    target = _first_target(g, step, by)
    if target is None or not target.in_play or target.type != "personality" or target.controller != by \
            or target.bowed or not g.unit_has_keyword(target, "Cavalry"):
        raise Refused(Reason.NO_TARGET, "Cavalry needs your unbowed Personality in a Cavalry unit (he and every "
                                        "Follower have Cavalry)", "cavalry")
    if target.location == g.battlefield:
        raise Refused(Reason.NO_TARGET, f"{target.title} is already at the current battlefield", "cavalry")
    _targetable(g, target, by, "cavalry")
    _announce(g, by, f"uses the Cavalry ability on {target.title}", ["cavalry", "engage-actions"])
    take_interrupts(g, step, _ctx(g, step, by, "Cavalry"), None)
    cardops.move_unit(g, target, g.battlefield, "Cavalry", ["cavalry"], by)
    return True


def tactical_advantage(g, step: dict, by: str) -> bool:
    """Battle, on a Tactician: discard a card to give this Personality a Force bonus equal to the
    Focus Value of the discarded card (``tactical-advantage``); once per turn per Tactician.  A trait may let
    it be an Open or Engage action (``permissions``): outside battle its unit may be anywhere
    (``rules-of-location``), and traits may increase the bonus ("… are increased by 2")."""
    in_battle = g.battlefield is not None and g.segment in ("engage", "combat")
    kind = {"engage": "engage", "combat": "battle"}[g.segment] if in_battle else "open"
    card = g.find(step.get("card"), by)
    if card is None or not card.in_play or card.controller != by or not g.has_keyword(card, "Tactician"):
        raise Refused(Reason.NO_TARGET, f"{step.get('card')} is not a Tactician {by} controls in play (card: the "
                                        "Tactician)", "tactician")
    if card.bowed:
        raise Refused(Reason.BOWED, f"{card.title} is bowed: abilities on bowed cards cannot be used",
                      "bowed-and-unbowed")
    if in_battle and card.location != g.battlefield:
        raise Refused(Reason.LOCATION, f"{card.title} is not at the current battlefield", "rules-of-location")
    if card.used.get("tactical_advantage"):
        raise Refused(Reason.USED, f"{card.title}'s Tactical Advantage was already used this turn", "using-abilities")
    if not g.players[by].hand:
        raise Refused(Reason.NO_TARGET, f"{by.capitalize()} has no card in hand to discard", "tactical-advantage")
    _announce(g, by, f"uses {card.title}'s Tactical Advantage", ["tactical-advantage", f"{kind}-actions"])
    card.used["tactical_advantage"] = 1
    ctx = _ctx(g, step, by, "Tactical Advantage", card)
    ctx.designator = kind
    take_interrupts(g, step, ctx, None)
    discarded = _discard_from_hand(g, step, by, None, "Tactical Advantage", "tactical-advantage")
    focus = g.stat(discarded, "focus") + sum(st.amount for src, st in g.statics() if st.kind == "rulebook_bonus"
                                             and st.what == "tactical_advantage" and g.static_applies(src, st, card))
    from .registry import make
    from .resolution import apply

    apply(g, make("force", target="self", amount=focus), Context(player=by, source=card, label="Tactical Advantage"))
    return True


def reserve(g, step: dict, by: str) -> bool:
    """Absent Repeatable Battle, [* Gold]: if he would be opposed, Recruit your target Reserve
    Personality into the current battlefield (``reserve``; the rulebook's icon here is the
    Recruit's Gold)."""
    prov, card = _province_card(g, step, by)
    if card.type != "personality" or not card.card.has_keyword("Reserve"):
        raise Refused(Reason.NO_TARGET, f"{card.title} is not a Reserve Personality", "reserve")
    enemy = "defending" if by == g.attacker else "attacking"
    if not g.army(enemy):
        raise Refused(Reason.CONDITION, "he would not be opposed: there is no enemy army at this battlefield",
                      "reserve")
    return recruit(g, {**step, "card": prov.id}, by)


def naval_invasion(g, step: dict, by: str) -> bool:
    """Engage: if you are the Attacker, you have the first opportunity to take a Battle action,
    from a card in a Naval Personality's unit; passing it does not count (``naval-invasion``)."""
    if by != g.attacker:
        raise Refused(Reason.CONDITION, "Naval Invasion is for the Attacker", "naval-invasion")
    _announce(g, by, "uses Naval Invasion: the first Battle action opportunity of the Combat Segment will be the Attacker's", ["naval-invasion"])
    take_interrupts(g, step, _ctx(g, step, by, "Naval Invasion"), None)
    g.naval_first = by
    return True


def take_rulebook_interrupt(g, entry: dict, k: int, action_ctx: Context) -> None:
    """Courage (Repeatable Courage Interrupt): discard a Courage card from your hand to give one of
    the action's Fear effects +2 or -2 strength (``courage``)."""
    name, by = entry["rulebook"], entry["by"]
    if name != "courage":
        g.reject(entry, Reason.WRONG_ROUND, f"{_title(name)} is not an Interrupt", "interrupt-actions", interrupt=k)
        return
    choice = str((entry.get("choose") or ["+2"])[0]).strip()
    if choice not in ("+2", "-2", "2"):
        g.reject(entry, Reason.NO_CHOICE, "Courage gives +2 or -2 strength (choose: [+2] or [-2])", "courage",
                 interrupt=k)
        return
    try:
        if g.battlefield is not None and g.segment in ("engage", "combat") and not g.units(by, g.battlefield):
            raise Refused(Reason.PRESENCE, f"{by.capitalize()} controls no unit at {g.battlefield}",
                          "rule-of-presence")
        g.record(StepKind.INTERRUPT, f"{by.capitalize()} plays the Courage ability", ["courage",
                                                                                    "interrupt-actions"], by)
        _discard_from_hand(g, entry, by, "Courage", "Courage", "courage")
    except Refused as r:
        g.reject(entry, r.reason, r.text, r.section, interrupt=k)
        return
    delta = -2 if choice == "-2" else 2
    action_ctx.strength["fear"] = action_ctx.strength.get("fear", 0) + delta
    g.record(StepKind.EFFECT, f"The action's Fear effect gets {delta:+d} strength", ["courage"], by, "resolve")


def legacy(g, step: dict, by: str) -> bool:
    """Twenty Festivals' Legacy (``legacy``): Dynasty — remove a card in your hand from the game
    to search your deck and Provinces for a Legacy Holding and Recruit it; if you fail to find
    one, you lose the game.  The search finds the card ``card:`` names, else the first known one."""
    if g.rules != "twenty-festivals":
        raise Refused(Reason.RESTRICTED, "Legacy is a player ability of the Twenty Festivals rules (rules: "
                                         "twenty-festivals)", "legacy")
    player = g.players[by]
    if not player.hand:
        raise Refused(Reason.COST, f"{by.capitalize()} has no card in hand to remove from the game", "legacy")
    _announce(g, by, "uses Legacy", ["legacy"])
    take_interrupts(g, step, _ctx(g, step, by, "Legacy"), None)
    named = step.get("discard")
    ref = named[0] if isinstance(named, list) and named else named
    gone = g.find(ref, by, prefer=Zone.HAND) if ref else g.cards[player.hand[-1]]
    if gone is None or gone.zone is not Zone.HAND or gone.owner != by:
        gone = g.cards[player.hand[-1]]
    move(g, gone, Zone.REMOVED)
    g.record(StepKind.EFFECT, f"{by.capitalize()} removes {gone.title} from the game", ["legacy"], by, "resolve")
    pool = [g.cards[c] for p in player.provinces for c in p.cards] + [
        g.cards[c] for c in player.dynasty_deck + player.dynasty_below]
    found = [c for c in pool if c.type == "holding" and c.card.has_keyword("Legacy")]
    wanted = g.find(step.get("card"), by) if step.get("card") else None
    pick = wanted if wanted in found else (found[0] if found else None)
    if pick is None:
        unknown = player.dynasty_count
        g.record(StepKind.EFFECT, f"{by.capitalize()} finds no Legacy Holding in the deck and Provinces"
                 + (f" (the {unknown} cards the position does not name cannot be searched; list the deck to search "
                    "it)" if unknown else ""), ["legacy", "search"], by, "resolve")
        from .honor import lose

        lose(g, by, "legacy", "failed to find a Legacy Holding", "legacy")
        return True
    prov = next((p for p in player.provinces if pick.id in p.cards), None)
    cost = pick.card.stat("cost")
    if not payment.pay(g, by, cost, payment.Purchase(by, pick), step.get("pay"), pick.title):
        g.record(StepKind.EFFECT, f"{by.capitalize()} cannot pay {cost} Gold for {pick.title}: the Recruit fails",
                 ["legacy", "recruit"], by, "resolve")
        return True
    return bring_in(g, pick, by, prov, False, False)


RUN = {"recruit": recruit, "equip": equip, "dynasty_discard": dynasty_discard, "lobby": lobby,
       "favor_limited": favor_limited, "favor_battle": favor_battle, "cycle": cycle, "cavalry": cavalry,
       "tactical_advantage": tactical_advantage, "courage": lambda g, s, b: _courage_alone(g, s, b),
       "reserve": reserve, "naval_invasion": naval_invasion, "kharmic": kharmic, "legacy": legacy}


def _courage_alone(g, step: dict, by: str) -> bool:
    raise Refused(Reason.WRONG_ROUND, "Courage is an Interrupt: play it in an action's interrupts:", "courage")
