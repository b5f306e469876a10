"""Taking an action from a card's ability (``action-sequence``): the checks that decide
whether it may be announced, then announce, costs, Interrupts, resolution, tidy-up.

Checks, in the order a judge asks them: is there such a card and ability, does the
ability work from where the card is (``using-abilities``, ``taking-actions``), does its
designator fit this round and this player (``action-rounds``), is the card bowed
(``bowed-and-unbowed``, ``tireless``), was it used this turn (``card-memory-rule``,
``repeatable``), the battle rules (``rule-of-presence``, ``rules-of-location``), the
leading "If" and the required targets (``good-faith-rule``), and the Gold.
"""
from __future__ import annotations

from . import acting, cardops, granted, memory, payment, triggers
from .abilities import Ability, describe_condition
from .primitives.actions import period_spent, spend, uses_allowed
from .primitives.interrupts import widen
from .references import Context, card_context, holds, joint, matches, together
from .resolution import alternative, candidates, fitting, passed_over, run_effects, take_alternative, _lookup
from .state import Card
from .structures import Condition
from .textstatics import ability_cost, ability_has, discipline_price, play_limit_problem
from .vocab import DESIGNATOR_ROUND, DESIGNATOR_SECTION, Reason, Round, StepKind, Until, Zone
from .zones import move

HAND_TYPES = frozenset({"strategy", "ring"})


def ring_use(card: Card, ability: Ability) -> str | None:
    """How a Ring's ability works from its owner's hand (``ring``): "play" for one that puts the
    Ring itself into play, "discard" for one its text lets the player use by discarding it from
    hand without cost ("You may discard this Ring from your hand to use its Void ability without
    cost"); None for any other (the Ring's abilities otherwise work only in play)."""
    if any(e.name == "put_into_play" and e.args.target == "self" for e in ability.effects):
        return "play"
    for st in card.card.reading.statics:
        if st.kind == "use_from_hand" and all(ability.has(k) for k in st.keywords):
            return "discard"
    return None


def granted_play(g, by: str, card: Card) -> bool:
    """Whether ``by``'s pending additional action is to play this card ("Search your Fate deck for a
    Battle Strategy and take an additional action to play it", ``additional-action``): it may be
    played from the deck, entering a resolution area as from the hand (``search``); or to use an
    ability of this card in play ("You may take an additional action from the Spell")."""
    grant = g.extra_play.get(by)
    if grant is not None and grant.get("use"):  # "an additional action from the Spell": one of its abilities
        return card.id in grant["cards"] and card.zone is Zone.PLAY
    if grant is None or card.owner != by or card.type != "strategy":
        return False
    if grant.get("cards") is not None:
        return card.id in grant["cards"]
    return card.zone is Zone.HAND and matches(g, grant["filter"].model_copy(update={"zone": "hand"}), card,
                                              Context(player=by))


IN_DISCARD = Condition.model_validate({"card": "self", "is": ["discarded"]})


def discard_use(card: Card, ability: Ability) -> bool:
    """"Open: If this Strategy is in your discard pile, put it into your hand before this phase ends":
    an ability whose leading "If" puts the Strategy in its owner's discard pile is used from there — it
    could never be met from the hand — entering a resolution area as if played from the hand and
    discarded after (``using-abilities``, ``good-faith-rule``; card reading note)."""
    cond = ability.condition
    return card.type == "strategy" and cond is not None and (cond == IN_DISCARD or IN_DISCARD in (cond.all or []))


def _after_announcing(cond: Condition | None, from_discard: bool) -> Condition | None:
    """The ability's condition once announced: where the card was used from is no longer asked."""
    if not from_discard or cond is None or cond == IN_DISCARD:
        return None if from_discard else cond
    rest = [c for c in cond.all or [] if c != IN_DISCARD]
    return cond.model_copy(update={"all": rest}) if rest else None


def free_use(card: Card, ability: Ability) -> bool:
    """A Ring in hand discarded to use its ability without cost (``ring``)."""
    return card.zone is Zone.HAND and card.type == "ring" and ring_use(card, ability) == "discard"


class Refused(Exception):
    """A check failed: the step is recorded as rejected with this reason."""

    def __init__(self, reason: Reason, text: str, section: str):
        super().__init__(text)
        self.reason, self.text, self.section = reason, text, section


def pick_ability(g, card: Card, which, by: str | None = None) -> Ability | None:
    abilities = granted.abilities(g, card, by)  # printed, granted, then those it gives the player (embedded-text)
    if which is None:
        return abilities[0] if len(abilities) == 1 else None
    if isinstance(which, int) and not isinstance(which, bool):
        return abilities[which - 1] if 1 <= which <= len(abilities) else None
    text = str(which).lower()
    return next((a for a in abilities if a.text.lower().startswith(text) or text in a.text.lower()), None)


def source_problem(g, card: Card, ability: Ability, by: str, interrupt_to=None) -> Refused | None:
    """Whether the ability works from where its card is (``using-abilities``)."""
    owner_ok = card.controller == by if card.in_play else card.owner == by
    if card.zone is Zone.FATE_DECK and granted_play(g, by, card):
        return None
    if card.zone is Zone.HAND:
        if card.owner != by:
            return Refused(Reason.NOT_IN_HAND, f"{card.title} is not in {by}'s hand", "taking-actions")
        if card.type == "strategy" or (interrupt_to is not None and interrupt_to.get("brings") is card):
            return None
        if card.type == "ring":
            if ring_use(card, ability) is not None:
                return None
            return Refused(Reason.NOT_IN_PLAY, f"{card.title} is a Ring in hand: only an ability that puts it into "
                                               "play, or one its text lets you use by discarding it, works from there",
                           "ring")
        return Refused(Reason.NOT_IN_PLAY, f"{card.title} is a {card.type} in hand: its abilities work only once it "
                                           "is in play", "using-abilities")
    if card.zone is Zone.PROVINCE:
        if card.type == "event" and card.face_up and card.owner == by:
            return None
        if interrupt_to is not None and interrupt_to.get("brings") is card:
            return None  # an Interrupt to the Recruit that brings it into play (interrupt-actions)
        return Refused(Reason.NOT_IN_PLAY, f"{card.title} is in a Province: only face-up Events can be used from "
                                           "there", "using-abilities")
    reading = card.card.reading
    if card.zone is Zone.DISCARD and discard_use(card, ability) and card.owner == by:
        return None
    if card.zone is Zone.DISCARD and reading.discipline is not None and card.owner == by:
        if reading.discipline_if is None or holds(g, reading.discipline_if, Context(player=by, source=card)):
            return None
        return Refused(Reason.CONDITION, f"{card.title} has Discipline only if "
                                         f"{describe_condition(reading.discipline_if)}", "discipline")
    if not card.in_play:
        return Refused(Reason.NOT_IN_PLAY, f"{card.title} is not in play ({card.zone})", "using-abilities")
    if not owner_ok:
        return Refused(Reason.UNKNOWN_CARD, f"{card.title} is controlled by {card.controller}, not {by}: only a card's "
                                            "controller may use its abilities", "card-control")
    if card.type == "event":
        return Refused(Reason.NOT_IN_PLAY, f"{card.title} is an Event in play: its abilities cannot be used",
                       "event")
    if card.type == "spell":
        host = g.host(card)
        if host is None or not g.has_keyword(host, "Shugenja"):
            return Refused(Reason.RESTRICTED, f"{card.title} is a Spell: it can only be cast by a Shugenja", "spell")
    return None


def designator_for(ability: Ability, round_kind: str) -> str | None:
    """The designator this action has in this round (``abilities``: a dual designator is
    either, the action only the one fitting the round)."""
    for d in ability.designators:
        if DESIGNATOR_ROUND[d] == round_kind:
            return d
    return None


def check(g, card: Card, ability: Ability, by: str, round_kind: str, step: dict, interrupt_to=None) -> str:
    """Every check before announcing; returns the designator used, or raises ``Refused``."""
    # a player's ability a card gives is not on the card: its place, state and controller do not matter
    problem = None if ability.player else source_problem(g, card, ability, by, interrupt_to)
    if problem:
        raise problem
    barred = g.player_restricted(by, "take_actions", frozenset(k.lower() for k in ability.keywords)) or (
        None if card.in_play else g.player_restricted(by, "play", card=card) or play_limit_problem(g, card, by))
    if barred:
        raise Refused(Reason.RESTRICTED, barred, "permissions")
    designator = designator_for(ability, round_kind) or _granted_kind(g, by, card, ability) or \
        _trait_kind(g, by, card, round_kind)
    if designator is None:
        names = "/".join(d.capitalize() for d in ability.designators)
        raise Refused(Reason.WRONG_ROUND, f"{card.title}'s {names} ability cannot be taken in "
                                          f"{_round_words(g, round_kind)}", DESIGNATOR_SECTION[ability.designators[0]])
    if designator in ("limited", "dynasty") and by != g.active:
        raise Refused(Reason.NOT_ACTIVE_PLAYER, f"{designator.capitalize()} actions are for the active player "
                                                f"({g.active})", DESIGNATOR_SECTION[designator])
    if card.in_play and card.bowed and not ability.player:
        if ability.bow:
            raise Refused(Reason.BOWED, f"{card.title} is bowed and cannot bow to pay its cost", "costs")
        if not ability_has(g, card, ability, "Tireless"):
            raise Refused(Reason.BOWED, f"{card.title} is bowed: abilities on bowed cards cannot be used",
                          "bowed-and-unbowed")
    uses, key = granted.memory(card, ability, g.players[by])
    if not ability_has(g, card, ability, "Repeatable") and uses.get(key, 0) >= uses_allowed(g, card, ability):
        raise Refused(Reason.USED, f"{card.title}'s ability was already used this turn", "using-abilities")
    if period_spent(card, ability, uses.get(key, 0)):
        raise Refused(Reason.USED, f"{card.title}'s ability may be used once per {ability.once_per} and was used "
                                   f"this {ability.once_per}", "restrictions-on-number-of-times")
    restriction = None if ability.player else g.restricted(card, "actions")
    if restriction:
        raise Refused(Reason.RESTRICTED, restriction, "permissions")
    if g.battlefield is not None and round_kind in (Round.ENGAGE, Round.COMBAT, Round.INTERRUPT) \
            and g.segment in ("engage", "combat"):
        battle_checks(g, card, ability, by)
    gold = 0 if free_use(card, ability) else gold_cost(g, card, ability, step) + strategy_invest(g, card, step) + (
        discipline_price(g, card, by) if card.zone is Zone.DISCARD else 0)
    ctx = Context(player=by, source=card, label=f"{designator.capitalize()} ability", round=round_kind,
                  interrupted=(interrupt_to or {}).get("action"), paid=gold,  # "a target with Chi <= the Gold paid"
                  designator=designator, ability=ability,  # as it will be announced (permissions, keyword-inheritance)
                  keywords=frozenset(k.lower() for k in ability.keywords))
    if ability.condition is not None and not holds(g, ability.condition, ctx):
        raise Refused(Reason.CONDITION, f"the condition that starts {card.title}'s ability is not met",
                      "good-faith-rule")
    ctx.widened = planned_widening(g, ctx, step)
    good_faith(g, ctx, ability, step)
    if gold:
        purchase = action_purchase(card, ability, by)
        problem = payment.check_named(g, by, step.get("pay"), gold, purchase)
        if problem:
            raise Refused(Reason.COST, problem, "paying-gold-costs")
        if not payment.can_pay(g, by, gold, purchase):
            raise Refused(Reason.COST, f"{by.capitalize()} cannot pay {gold} Gold for {card.title}",
                          "paying-gold-costs")
    return designator


def battle_checks(g, card: Card, ability: Ability, by: str) -> None:
    """The Rule of Presence and the Rules of Location (``actions-in-battle``)."""
    if not ability_has(g, card, ability, "Absent") and not any(u.controller == by for u in g.units(at=g.battlefield)):
        raise Refused(Reason.PRESENCE, f"{by.capitalize()} controls no unit at {g.battlefield}", "rule-of-presence")
    host = g.host(card)
    if card.in_play and host is not None and host.type == "personality" and host.location != g.battlefield \
            and not ability_has(g, card, ability, "Home"):
        raise Refused(Reason.LOCATION, f"{card.title}'s unit is not at the current battlefield ({g.battlefield})",
                      "rules-of-location")
    if card.in_play and g.has_keyword(card, "Fortification") and card.attached_to != g.battlefield:
        raise Refused(Reason.LOCATION, f"{card.title} is a Fortification not attached to the current battlefield's "
                                       "Province", "fortification")


def good_faith(g, ctx: Context, ability: Ability, step: dict) -> None:
    """Required targeting must be possible, and a target the script names must be legal
    (``good-faith-rule``)."""
    named = list(step.get("targets") or [])
    taken = (alternative(ability.targets, ability.effects, list(step.get("choose") or [])) or (None,))[0]
    for k, spec in enumerate(ability.targets, 1):
        if spec.option is not None and spec.option != taken:
            continue  # another option's targeting: the player chose as he announced (choice-paradoxes)
        if spec.filter.duel_role is not None:
            _duel_role_possible(g, ctx, spec, named)
            continue
        legal = candidates(g, ctx, spec)
        want = named.pop(0) if named else None
        if want is not None:
            picked = []
            for ref in (want if isinstance(want, list) else [want]):
                item = _lookup(g, ref, ctx, spec)
                if item is None or item not in legal:
                    raise Refused(Reason.NO_TARGET, f"{ref} is not a legal target for "
                                                    f"{ctx.source.title if ctx.source else 'the action'}",
                                  "good-faith-rule")
                picked.append(item)
            if not together(g, spec.filter, picked, ctx):
                raise Refused(Reason.NO_TARGET, "the targets chosen do not fit together (a bound on their total, "
                                                "different locations, one controller, different Clans)", "targeting")
            ctx.targets[k] = picked  # a later targeting may depend on it ("your other units")
        elif not (spec.optional or spec.up_to) and (not legal or joint(spec.filter)
                                                    and fitting(g, ctx, spec, legal) is None):
            raise Refused(Reason.NO_TARGET, f"no legal target for {ctx.source.title if ctx.source else 'the action'}'s "
                                            "required targeting", "good-faith-rule")


def _duel_role_possible(g, ctx: Context, spec, named: list) -> None:
    """"Fear … that targets the loser": who loses is not known until the duel resolves, so that targeting is made
    then (``resolution.choose``), not named at announcement; announcing needs a card that may be it, a legal target
    but for the duel's outcome (``good-faith-rule``)."""
    if named:
        raise Refused(Reason.NO_TARGET, "the target that is the duel's winner or loser is chosen once the duel has "
                                        "resolved, not named at announcement", "good-faith-rule")
    free = spec.model_copy(update={"filter": spec.filter.model_copy(update={"duel_role": None})})
    if not (spec.optional or spec.up_to) and not candidates(g, ctx, free):
        raise Refused(Reason.NO_TARGET, f"no legal target for {ctx.source.title if ctx.source else 'the action'}'s "
                                        "required targeting", "good-faith-rule")


def planned_widening(g, ctx: Context, step: dict) -> dict:
    """The Good Faith rule "takes into account future changes in the game state that are known to the player": an
    Interrupt he will play to the action that lets its Fear effects target Items ("The action's Fear effects may
    target Items") makes an Item a legal target to announce it with, if that Interrupt's leading "If" will hold;
    he must then play it (``good-faith-rule``).  The Interrupts the script lists for this action by its player."""
    out: dict = {}
    for entry in step.get("interrupts") or []:
        card = None if entry.get("by") != ctx.player or entry.get("rulebook") else g.find(entry.get("card"), ctx.player)
        ability = None if card is None else pick_ability(g, card, entry.get("ability"), ctx.player)
        if ability is None:
            continue
        planned = Context(player=ctx.player, source=card, interrupted=ctx)
        if ability.condition is not None and not holds(g, ability.condition, planned):
            continue
        for effect in ability.effects:
            if effect.name == "attack_targets" and (effect.condition is None or holds(g, effect.condition, planned)):
                widen(out, effect.args)
    return out


def action_purchase(card: Card, ability: Ability, by: str) -> payment.Purchase:
    """What an action's Gold pays for: an action from this card, with its keywords; a card played
    from the hand, a Province or the discard pile is also paid for itself (``paying-gold-costs``)."""
    played = card.zone in (Zone.HAND, Zone.PROVINCE, Zone.DISCARD, Zone.RESOLUTION)
    return payment.Purchase(by, card, action=True, played=played, keywords=frozenset(k.lower() for k in ability.keywords))


def resolve_effects(g, ctx: Context, card: Card, ability: Ability, step: dict, named: list | None) -> None:
    """The action's effects; a Strategy's Invest effects, when its Invest cost was paid, are added to
    them and resolve last, with the targets named after the action's own (``invest``)."""
    run_effects(g, ctx, ability.targets, ability.effects, named)
    if step.get("invest"):
        from .rulebook import run_invest

        run_invest(g, card, ctx.player, list(named or [])[len(ability.targets):])


def strategy_invest(g, card: Card, step: dict) -> int:
    """An Invest cost on a Strategy, added to the cost of its action when the player chooses to pay it
    (``invest``)."""
    if not step.get("invest"):
        return 0
    from .textstatics import invest_price

    cost = invest_price(g, card, step["by"])
    if card.type != "strategy" or cost is None:
        raise Refused(Reason.NO_CHOICE, f"{card.title} has no Invest trait on a Strategy the engine can read",
                      "invest")
    return cost


def gold_cost(g, card: Card, ability: Ability, step: dict) -> int:
    """The ability's Gold cost: the amount chosen for [* Gold], else printed, as traits change it ("This
    ability's Gold cost is 2 if …", "Actions on your Strategies cost 1 less Gold", ``costs``)."""
    if ability.gold == "*":
        return int(step.get("gold") or 0)
    return ability_cost(g, card, step["by"], ability.gold) if ability.gold is not None else 0


def _round_words(g, round_kind: str) -> str:
    return {Round.ACTION: f"{g.active}'s Action Phase", Round.ENGAGE: "the Engage Segment",
            Round.COMBAT: "the Combat Segment", Round.DYNASTY: f"{g.active}'s Dynasty Phase",
            Round.INTERRUPT: "an Interrupt step"}.get(round_kind, str(round_kind))


def take_action(g, step: dict, round_kind: str) -> bool:
    """A card ability taken in an action round; False if it was refused."""
    by = step["by"]
    card = _granted_in_deck(g, by, step.get("card")) or g.find(step.get("card"), by)
    if card is not None and card.zone is Zone.HAND and card.type not in HAND_TYPES:
        card = g.find(step.get("card"), by, prefer=Zone.PLAY)
    if card is None:
        g.reject(step, Reason.UNKNOWN_CARD, f"no card {step.get('card')!r}", "taking-actions")
        return False
    if by in g.extra_play and not granted_play(g, by, card):
        verb = "use an ability of" if g.extra_play[by].get("use") else "play"
        g.reject(step, Reason.RESTRICTED, f"{by.capitalize()}'s additional action is to {verb} "
                                          f"{_grant_words(g, g.extra_play[by])}", "additional-action")
        return False
    ability = pick_ability(g, card, step.get("ability"), by)
    if ability is None:
        _no_ability(g, step, card)
        return False
    if (g.extra_play.get(by) or {}).get("printed") and ability.n >= granted.GRANTED_FROM:
        g.reject(step, Reason.RESTRICTED, f"{by.capitalize()}'s additional action is to use a printed ability of "
                                          f"{_grant_words(g, g.extra_play[by])}, and this one was given to "
                                          f"{card.title}", "additional-action")
        return False
    try:
        designator = check(g, card, ability, by, round_kind, step)
    except Refused as r:
        g.reject(step, r.reason, r.text, r.section)
        return False
    g.extra_play.pop(by, None)  # the additional action to play it is taken
    perform(g, card, ability, designator, step, round_kind)
    return True


def _granted_kind(g, by: str, card: Card, ability: Ability) -> str | None:
    """"Take an additional Battle action to play a Terrain" in the Engage Segment: the additional
    action is of the kind the text names, whatever the round (``additional-action``)."""
    kind = (g.extra_play.get(by) or {}).get("kind")
    return kind if kind in ability.designators and granted_play(g, by, card) else None


def _trait_kind(g, by: str, card: Card, round_kind: str) -> str | None:
    """"This card's ability is Battle/Open if you are a Unicorn Clan player": the card's own trait gives its ability
    those designators while it holds, for ``by``, the player taking it (``abilities``: a dual designator is either;
    ``permissions``; a card's own traits work out of play, ``continuous-traits``)."""
    ctx = card_context(g, card)
    ctx.player = by
    return next((d for st in card.card.reading.statics if st.kind == "permit" and st.what == "designators"
                 and holds(g, st.while_, ctx) for d in st.designators if DESIGNATOR_ROUND[d] == round_kind), None)


def _granted_in_deck(g, by: str, ref) -> Card | None:
    """The card in the deck a pending additional action is to play, named by id or title."""
    for cid in (g.extra_play.get(by) or {}).get("cards") or []:
        card = g.cards[cid]
        if isinstance(ref, str) and ref.lower() in (cid.lower(), card.title.lower()):
            return card
    return None


def _grant_words(g, grant: dict) -> str:
    from .primitives.cards import describe_filter

    if grant.get("cards") is not None:
        return ", ".join(g.cards[c].title for c in grant["cards"])
    return f"a {describe_filter(grant['filter'])} from hand"


def _no_ability(g, step: dict, card: Card) -> None:
    unread = card.card.reading.unparsed
    if unread and step.get("ability") is not None:
        g.reject(step, Reason.WRONG_ROUND, f"{card.title} has no ability {step.get('ability')!r} the engine can read "
                                           f"(unread: {unread[0].text}); state it with an effect: step or the card's "
                                           "effects:", "abilities")
    else:
        count = len(card.card.reading.abilities)
        g.reject(step, Reason.WRONG_ROUND, f"{card.title} has {count} abilit{'y' if count == 1 else 'ies'}; name one "
                                           "with ability: (a number or the text it starts with)", "abilities")


def perform(g, card: Card, ability: Ability, designator: str, step: dict, round_kind: str) -> None:
    """Announce, pay costs, Interrupts, resolve, tidy up (``action-sequence`` A–E)."""
    by = step["by"]
    from_hand = card.zone is Zone.HAND
    from_province = card.zone is Zone.PROVINCE
    from_discard = card.zone is Zone.DISCARD and discard_use(card, ability)
    disciplined = card.zone is Zone.DISCARD and not from_discard  # played with Discipline (source_problem allowed it)
    from_deck = card.zone is Zone.FATE_DECK  # an additional action to play it (granted_play)
    free = free_use(card, ability)
    whose = f"the {designator.capitalize()} action {card.title} gives {by.capitalize()}" if ability.player else \
        f"{card.title}'s {designator.capitalize()} action"
    g.record(StepKind.ACTION, f"{by.capitalize()} announces {whose}: {ability.text}",
             ["action-sequence", DESIGNATOR_SECTION[designator]], by, "announce")
    if from_hand or disciplined or from_deck:
        memory.played(g, card, by)
    if from_hand or from_province or disciplined or from_deck or from_discard:
        move(g, card, Zone.RESOLUTION)
    ctx = Context(player=by, source=card, label=f"{designator.capitalize()} action", round=round_kind,
                  choices=list(step.get("choose") or []), discard_named=_names(step.get("discard")),
                  find_named=_lower(step.get("find")), duel_script=step.get("duel") or _take_pending_duel(g), keywords=frozenset(k.lower() for k in ability.keywords),
                  rehonors=any(e.name == "rehonor" for e in ability.effects), designator=designator,
                  ability=ability)
    with acting.taking(g):
        if free:
            discard_to_use(g, card, by)
        else:
            pay_costs(g, card, ability, step, ctx, discipline_price(g, card, by) if disciplined else 0)
        spend(card, ability, *granted.memory(card, ability, g.players[by]))
        named = step.get("targets")
        if g.rules == "twenty-festivals" and ability.targets:
            named = choose_targets_step(g, ctx, ability, named)
        take_interrupts(g, step, ctx, ability)
        if ctx.negated:
            g.record(StepKind.EFFECT, f"{ctx.why()} was negated: its effects do not resolve", ["negate"], by,
                     "resolve")
        elif _after_announcing(ability.condition, from_discard) is not None \
                and not holds(g, _after_announcing(ability.condition, from_discard), ctx):
            g.record(StepKind.EFFECT, f"{ctx.why()}: its condition no longer holds, so its effects do nothing",
                     ["good-faith-rule"], by, "resolve")
        else:
            resolve_effects(g, ctx, card, ability, step, named)
            # what this use targeted, for "the Personality this ability targeted has +2F" (card-memory-rule)
            card.targeted[ability.n] = [c.id for chosen in ctx.targets.values() for c in chosen if isinstance(c, Card)]
            g.version += 1
        tidy_up(g, card, by, from_province, disciplined)
    action_resolved(g, ctx, card)


def action_resolved(g, ctx: Context, card: Card | None) -> None:
    """The action has ended: effects waiting for it happen ("straighten this Follower after it
    resolves", "Interrupt: After you Recruit …", ``delayed-effects``, ``interrupt-actions``), and those lasting
    "until after the action resolves" end (``duration-of-effects``).  Such an effect is created while the
    action an Interrupt answers resolves, and no other action ends before it does: Interrupts end before
    that action's effects begin (``interrupt-actions``)."""
    from .flow import expire

    expire(g, Until.END_OF_ACTION)
    triggers.fire(g, "after", triggers.Event("action_resolves", card, ctx.player, by=ctx.player, source=ctx.source,
                                             data={"action": ctx}))


def choose_targets_step(g, ctx: Context, ability: Ability, named: list | None) -> list:
    """Twenty Festivals' step C: the action's targets are chosen after costs and before
    Interrupts; they are carried out at resolution, where they may have become illegal
    (``action-sequence``)."""
    queue, chosen = list(named or []), []
    take_alternative(g, ctx, ability.targets, ability.effects, "choose targets")
    for spec in ability.targets:
        if passed_over(ctx, spec):
            continue
        want = queue.pop(0) if queue else None
        if want is None and not (spec.optional or spec.up_to):
            legal = candidates(g, ctx, spec)
            legal = (fitting(g, ctx, spec, legal) or []) if joint(spec.filter) else legal[:spec.count]
            want = [c if isinstance(c, str) else c.id for c in legal]
            want = want[0] if len(want) == 1 else want
        chosen.append(want)
    shown = ", ".join(str(w) if not isinstance(w, list) else " and ".join(w) for w in chosen if w)
    g.record(StepKind.CHOICE, f"{ctx.player.capitalize()} chooses the action's targets: {shown or 'none yet'}",
             ["action-sequence", "targeting"], ctx.player, "choose targets")
    return [w for w in chosen if w is not None] if all(w is not None for w in chosen) else list(named or [])


def discard_to_use(g, card: Card, by: str) -> None:
    """A Ring discarded from hand to use its ability without cost: it waits in a resolution
    area while the ability resolves and is discarded afterwards (``ring``)."""
    g.record(StepKind.COST, f"{by.capitalize()} discards {card.title} from hand to use its ability without cost; it "
                            "is discarded once the ability has resolved", ["ring", "resolution-area"], by, "costs")


def pay_costs(g, card: Card, ability: Ability, step: dict, ctx: Context, discipline: int = 0) -> None:
    """The bow and Gold costs; Discipline's Gold is added to the action's own (``discipline``)."""
    if ability.bow and card.in_play:
        cardops.bow(g, card, "paying the action's cost", ["costs"], ctx.player, kind=StepKind.COST)
    gold = gold_cost(g, card, ability, step) + strategy_invest(g, card, step) + (discipline or 0)
    if gold:
        payment.pay(g, ctx.player, gold, action_purchase(card, ability, ctx.player), step.get("pay"),
                    f"{card.title}'s ability" + (f" (with its Discipline cost of {discipline})" if discipline else ""))
        ctx.paid = gold


def tidy_up(g, card: Card, by: str, from_province: bool, disciplined: bool = False) -> None:
    """Step E: a Strategy (or other card from hand) is discarded unless it is now in play;
    an Event used from a Province is discarded (``action-sequence``, ``event``); a card played
    with Discipline is removed from the game (``discipline``)."""
    if card.zone is Zone.RESOLUTION and disciplined:
        move(g, card, Zone.REMOVED)
        g.record(StepKind.RULE, f"{card.title} is removed from the game after its action, played with Discipline",
                 ["discipline"], by, "tidy up")
    elif card.zone is Zone.RESOLUTION:
        move(g, card, Zone.DISCARD)
        g.record(StepKind.RULE, f"{card.title} is discarded after its action resolves", ["action-sequence"], by,
                 "tidy up")
        if from_province:
            prov = next((p for p in g.players[card.owner].provinces if not p.cards and not p.unknown
                         and not p.destroyed), None)
            if prov is not None:
                cardops.refill_after(g, prov)


def _take_pending_duel(g) -> dict | None:
    duel, g.pending_duel = g.pending_duel, None
    return duel


def _names(value) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def _lower(value) -> list:
    """The script's ``find:`` answer: titles (any case) or ids."""
    return [str(n).lower() for n in _names(value)]


# ----- Interrupts ---------------------------------------------------------------------------
def take_interrupts(g, step: dict, ctx: Context, ability: Ability | None, brings: Card | None = None) -> None:
    ctx.brings = brings
    entries = [i for i in (step.get("interrupts") or [])]
    for k, entry in _interrupt_order(g, entries):
        g.tick()
        take_interrupt(g, entry, k, step, ctx, ability, brings)
    acting.resolves(g, ctx)


def _interrupt_order(g, entries: list) -> list[tuple[int, dict]]:
    """Simultaneous Interrupts are ordered by an action round, the active player first
    (``interrupt-actions``): each player's own in the order the script lists them."""
    numbered = list(enumerate(entries, 1))
    by_player: dict[str, list] = {}
    for k, e in numbered:
        by_player.setdefault(e["by"], []).append((k, e))
    if len(by_player) < 2:
        return numbered
    live = g.in_turn_order()
    order = [e for name in list(by_player) if name not in live for e in by_player.pop(name)]
    while any(by_player.values()):
        g.tick()
        for name in live:
            if by_player.get(name):
                order.append(by_player[name].pop(0))
    g.record(StepKind.CHOICE, "Several Interrupts: their order is decided by an action round, the active player "
                              "first: " + ", ".join(f"{e['by']}'s {e.get('card') or e.get('rulebook')}" for _, e in order),
             ["interrupt-actions"], g.active)
    return order


def take_interrupt(g, entry: dict, k: int, step: dict, action_ctx: Context, ability: Ability | None,
                   brings: Card | None) -> None:
    by = entry["by"]
    where = {"interrupt": k}
    if ability is not None and by != action_ctx.player and ability_has(g, action_ctx.source, ability, "Unstoppable"):
        g.reject(entry, Reason.RESTRICTED, "the action is Unstoppable: other players cannot take Interrupts to it",
                 "unstoppable", **where)
        return
    if entry.get("rulebook"):
        from .rulebook import take_rulebook_interrupt

        take_rulebook_interrupt(g, entry, k, action_ctx)
        return
    card = g.find(entry.get("card"), by)
    if card is None:
        g.reject(entry, Reason.UNKNOWN_CARD, f"no card {entry.get('card')!r}", "interrupt-actions", **where)
        return
    chosen = pick_ability(g, card, entry.get("ability"), by)
    if chosen is None or "interrupt" not in chosen.designators:
        g.reject(entry, Reason.WRONG_ROUND, f"{card.title} has no Interrupt ability to play here", "interrupt-actions",
                 **where)
        return
    try:
        check(g, card, chosen, by, Round.INTERRUPT, entry, {"brings": brings, "action": action_ctx})
    except Refused as r:
        g.reject(entry, r.reason, r.text, r.section, **where)
        return
    g.record(StepKind.INTERRUPT, f"{by.capitalize()} plays {card.title}'s Interrupt after costs are paid, before the "
                                 f"action resolves: {chosen.text}", ["interrupt-actions", "action-sequence"], by,
             "interrupts")
    from_province = card.zone is Zone.PROVINCE
    disciplined = card.zone is Zone.DISCARD
    free = free_use(card, chosen)
    if card.zone in (Zone.HAND, Zone.DISCARD):
        memory.played(g, card, by)
    if card.zone in (Zone.HAND, Zone.PROVINCE, Zone.DISCARD) and card is not brings:
        move(g, card, Zone.RESOLUTION)  # the card being brought into play stays where the action takes it from
    ctx = Context(player=by, source=card, label="Interrupt", round=Round.INTERRUPT, interrupted=action_ctx,
                  choices=list(entry.get("choose") or []), discard_named=_names(entry.get("discard")),
                  find_named=_lower(entry.get("find")), keywords=frozenset(k.lower() for k in chosen.keywords))
    if free:
        discard_to_use(g, card, by)
    else:
        pay_costs(g, card, chosen, entry, ctx, discipline_price(g, card, by) if disciplined else 0)
    spend(card, chosen, *granted.memory(card, chosen, g.players[by]))
    resolve_effects(g, ctx, card, chosen, entry, entry.get("targets"))
    tidy_up(g, card, by, from_province, disciplined)
