"""Carrying out effects: in the order written, targets chosen when first needed, a lost
required target stopping what follows, "X to Y" dependencies, "may" and "If" parts
(``action-sequence`` D, ``order-of-effects``, ``independence-of-effects``, ``choices``).

The same routine runs an action's effects, a triggered trait's, a delayed effect's and
a judge's stated effect, so they all follow the same rules.  After every effect the
state checks run: Chi death (whenever Chi may have changed, ``chi-death-rule``) and the
victory conditions.
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from . import acting, triggers
from .references import Context, holds, joint, matches, together
from .registry import Effect, TargetLost
from .state import Card
from .vocab import StepKind, Zone

# The kind of effect an Attack or Fear target is chosen for, as restrictions name it ("Melee Attacks may not target …").
ATTACK_KINDS = {"ranged": "ranged_attack", "melee": "melee_attack", "fear": "fear"}

if TYPE_CHECKING:
    from .abilities import TargetSpec


def run_effects(g, ctx: Context, specs: list[TargetSpec], effects: list[Effect], script: list | None = None,
                first: int = 1) -> bool:
    """Returns False when the effects stopped early (a required target could not be found).
    ``first``: the number of the first of ``specs`` (a delayed effect's own targets come after
    those it keeps from the effects that set it up)."""
    with acting.resolving(g, ctx):
        take_alternative(g, ctx, specs, effects)
        return _run(g, ctx, specs, effects, list(script or []), first)


def _run(g, ctx: Context, specs: list[TargetSpec], effects: list[Effect], queue: list, first: int) -> bool:
    for i, effect in enumerate(effects):
        g.tick()
        for k, spec in enumerate(specs, first):
            if spec.at == i and k not in ctx.targets and not passed_over(ctx, spec) \
                    and not choose(g, ctx, spec, k, queue):
                g.record(StepKind.EFFECT, f"{ctx.why()}: no legal target for its targeting, so its effects stop here",
                         ["action-sequence", "good-faith-rule"], ctx.player, "resolve")
                return False
        if acting.owner(ctx).negated:  # "After the action targets …, negate its remaining effects" (negate)
            g.record(StepKind.EFFECT, f"{ctx.why()}: its remaining effects are negated and do not resolve",
                     ["negate"], ctx.player, "resolve")
            return False
        if not apply(g, effect, ctx):
            return False
    return True


def apply(g, effect: Effect, ctx: Context) -> bool:
    """One effect; False when a required target was lost and the remaining effects stop."""
    if effect.name in ctx.negated_kinds:
        g.record(StepKind.EFFECT, f"{ctx.why()}: “{effect.describe()}” was negated", ["negate"], ctx.player,
                 "resolve")
        ctx.happened = False
        return True
    if effect.condition is not None and not holds(g, effect.condition, ctx):
        g.record(StepKind.EFFECT, f"{ctx.why()}: “{effect.describe()}” does not happen — its condition is not met",
                 ["effects-2"], ctx.player, "resolve")
        ctx.happened = False
        return True
    if effect.needs_previous and not ctx.happened:
        g.record(StepKind.EFFECT, f"{ctx.why()}: “{effect.describe()}” does not happen, because the effect it depends "
                                  "on did not happen", ["independence-of-effects"], ctx.player, "resolve")
        return True
    if effect.may and ctx.choices and str(ctx.choices[0]).lower() in ("no", "false", "skip"):
        ctx.choices.pop(0)
        g.record(StepKind.CHOICE, f"{ctx.player.capitalize()} chooses not to: {effect.describe()}", ["choices"],
                 ctx.player)
        ctx.happened = False
        return True
    if effect.may and ctx.choices and str(ctx.choices[0]).lower() in ("yes", "true"):
        ctx.choices.pop(0)
    owner = acting.owner(ctx)
    applying, owner.applying = owner.applying, effect.name  # "after any Fear effect from the action bows …"
    try:
        ctx.happened = bool(effect.primitive.run(g, ctx, effect.args))
    except TargetLost as lost:
        g.record(StepKind.EFFECT, f"{ctx.why()}: {lost} — its remaining effects stop",
                 ["action-sequence", "order-of-effects"], ctx.player, "resolve")
        return False
    finally:
        owner.applying = applying
    state_checks(g)
    return True


def state_checks(g) -> None:
    from .cardops import leave_play
    from .honor import check_victory

    for c in list(g.cards.values()):
        if c.zone is Zone.PLAY and c.type == "personality" and g.stat(c, "chi") <= 0:
            leave_play(g, c, "destroyed", f"his Chi is {g.stat(c, 'chi')}", ["chi-death-rule"], kind=StepKind.RULE,
                       preventable=False, cause="chi_death")
    for pending in triggers.becoming(g):  # "if … is ever …" (indefinite-conditional-effects)
        pending.run()
    check_victory(g)


# ----- targets ---------------------------------------------------------------------------
def alternative(specs: list[TargetSpec], effects: list[Effect], choices: list) -> tuple[str, str] | None:
    """The option taken of an "or" whose options name their own targets ("Move your target
    Personality home or … move your target Personality at any location to the current
    battlefield"), and how it was taken: the targets depend on it, so it is chosen first and
    kept (``choice-paradoxes``) — the script's next ``choose:`` answer, else the first option."""
    spec = next((s for s in specs if s.option is not None), None)
    if spec is None:
        return None
    words = [o.word for o in effects[spec.at].args.options]
    wanted = str(choices.pop(0)).lower() if choices else None
    word = next((w for w in words if w.lower() == wanted), None)
    if word is None:
        return words[0], (f"{wanted!r} is not one of the options; " if wanted else "no choose: answer; ") + \
            "the engine takes the first"
    return word, "as the script chooses"


def take_alternative(g, ctx: Context, specs: list[TargetSpec], effects: list[Effect], step: str = "resolve") -> None:
    """Choose the option its targets depend on, once, before any of them (``choice-paradoxes``)."""
    if ctx.alternative is not None:
        return
    taken = alternative(specs, effects, ctx.choices)
    if taken is not None:
        ctx.alternative = taken[0]
        g.record(StepKind.CHOICE, f"{ctx.player.capitalize()} chooses {taken[0]} before choosing targets, and "
                                  f"stays with it ({taken[1]})", ["choices", "choice-paradoxes"], ctx.player, step)


def passed_over(ctx: Context, spec: TargetSpec) -> bool:
    """A targeting of an option not taken is never made (``choice-paradoxes``)."""
    return spec.option is not None and spec.option != ctx.alternative


def candidates(g, ctx: Context, spec: TargetSpec) -> list:
    """The legal choices for one targeting now (``targeting``, ``rules-of-location``)."""
    if spec.player:
        side = spec.filter.side
        return [p for p in g.in_turn_order() if side == "any" or (side == "your") == (p == ctx.player)]
    if spec.province:
        side = spec.filter.side
        return [pr.id for p in g.in_turn_order() for pr in g.players[p].provinces if not pr.destroyed
                and (side == "any" or (side == "your") == (p == ctx.player))]
    spec = widened(ctx, spec)
    out = []
    for c in g.cards.values():
        if c.zone is Zone.PLAY or spec.filter.zone != "play":
            if not matches(g, spec.filter, c, ctx):
                continue
            if c.zone is Zone.PLAY and not targetable(g, ctx, c, spec):
                continue
            out.append(c)
    return out


def widened(ctx: Context, spec: TargetSpec) -> TargetSpec:
    """An Attack or Fear target of an action an Interrupt widened ("The action's Fear effects may target
    Items"): those kinds of card too (``interrupt-actions``)."""
    extra = acting.owner(ctx).widened.get(ATTACK_KINDS[spec.attack], []) if spec.attack else []
    if not extra:
        return spec
    return spec.model_copy(update={"filter": spec.filter.model_copy(update={
        "type": list(dict.fromkeys(spec.filter.type + extra))})})


def targetable(g, ctx: Context, card, spec: TargetSpec) -> bool:
    host = g.host(card) or card
    in_battle = g.battlefield is not None and g.segment in ("engage", "combat") and ctx.round is not None
    if in_battle and host.type == "personality" and host.location != g.battlefield \
            and spec.filter.at not in ("any", "home", "battlefield", "other_battlefield") and spec.filter.zone == "play" and not spec.attack:
        return False  # cards in a unit must be at the current battlefield to be targeted, unless the text
        # names another location: "at any location", "at any battlefield", "your target Personality at home"
        # (rules-of-location)
    if spec.attack:
        # Ranged/Melee Attacks and Fear: a Follower, or a Personality without Followers, in the
        # current enemy army (ranged-attack, melee-attack, fear); the card's own words may add kinds
        # ("that may target Spells") or Personalities with Followers ("… a Personality with Followers")
        if card.type not in ("follower", "personality", *spec.filter.type):
            return False
        if card.type == "personality" and any(g.cards[a].type == "follower" for a in card.attachments) \
                and not (spec.followers_ok is not None and matches(g, spec.followers_ok, card, ctx)):
            return False
        if g.battlefield is None or host.location != g.battlefield or not g.enemy_of(card, ctx.player):
            return False
    kinds = ctx.keywords | ({ATTACK_KINDS[spec.attack]} if spec.attack else frozenset())
    if g.restricted(card, "be_targeted", kinds, ctx.player, ctx.source if acting.is_action(ctx) else None):
        return False
    return True


def choose(g, ctx: Context, spec: TargetSpec, k: int, queue: list) -> bool:
    """Make targeting choice ``k``: the script's, else the engine picks and says so."""
    if spec.count_if is not None and holds(g, spec.count_if.if_, ctx):  # "or one or two … if …" (targeting)
        spec = spec.model_copy(update={"count": spec.count_if.count, "up_to": spec.count_if.up_to})
    legal = candidates(g, ctx, spec)
    named = queue.pop(0) if queue else None
    if named is not None:
        wanted = named if isinstance(named, list) else [named]
        picked = []
        for ref in wanted[:len(wanted) if spec.or_more else spec.count]:  # "one or more": as many as named
            item = _lookup(g, ref, ctx, spec)
            if item is None or item not in legal or item in picked:
                return spec.optional or spec.up_to
            picked.append(item)
        while spec.count > len(picked) and queue and not spec.up_to:
            item = _lookup(g, queue.pop(0), ctx, spec)
            if item is None or item not in legal or item in picked:
                return spec.optional
            picked.append(item)
        if len(picked) < spec.count and not spec.up_to or not together(g, spec.filter, picked, ctx):
            return spec.optional
        ctx.targets[k] = picked
        _say(g, ctx, picked, "targets")
        _targeted(g, ctx, picked)
        return True
    if not legal:
        if spec.optional or spec.up_to:
            ctx.targets[k] = []
            return True
        return False
    picked = fitting(g, ctx, spec, legal)
    if picked is None:
        return spec.optional
    ctx.targets[k] = picked
    _say(g, ctx, picked, "targets (the script names none; the engine takes the first legal choice)")
    _targeted(g, ctx, picked)
    return True


def fitting(g, ctx: Context, spec: TargetSpec, legal: list) -> list | None:
    """The first legal cards the engine may choose together for one targeting, or None if no such
    number of them fits together ("two Personalities … at different locations", ``targeting``)."""
    if len(legal) < spec.count and not spec.up_to:
        return None
    if not joint(spec.filter):
        return legal[:spec.count]
    size = min(spec.count, len(legal))
    return next((list(c) for c in combinations(legal, size) if together(g, spec.filter, list(c), ctx)),
                [] if spec.up_to else None)


def _targeted(g, ctx: Context, picked: list) -> None:
    """Each card targeted is an occurrence of the effects resolving ("After the action targets your
    bowed Personality, …", ``targeting``, ``interrupt-actions``)."""
    for card in picked:
        if isinstance(card, Card):
            triggers.after(g, triggers.Event("targeted", card, card.controller, by=ctx.player, source=ctx.source))


def _lookup(g, ref, ctx: Context, spec: TargetSpec):
    if spec.player:
        return ref if ref in g.players else None
    if spec.province:
        return ref if g.province(ref) is not None else None
    return g.find(ref, ctx.player)


def _say(g, ctx: Context, picked: list, verb: str) -> None:
    names = ", ".join(p if isinstance(p, str) else p.title for p in picked)
    if names:
        g.record(StepKind.CHOICE, f"{ctx.player.capitalize()} {verb}: {names}", ["targeting"], ctx.player, "resolve")


def run_trait(g, card, trig, ev) -> None:
    """A triggered trait: not optional, its costs paid if they can be, its targeting carried
    out if possible (``triggered-traits``, ``triggered-trait-costs-and-targeting``)."""
    from .payment import can_pay, pay
    from .cardops import bow

    ctx = Context(player=card.controller, source=card, label="trait", subject=ev.card, subject_player=ev.player,
                  duel=ev.data.get("duel"), occurrence=ev,  # a trait at a point of a duel sees that duel
                  # (focus-focus-effect); "Before …, negate the destruction" sees what it answers; "After your action
                  # resolves, if it bowed …": "it" is the action that has just resolved (triggered-traits)
                  interrupted=ev.data.get("action") if ev.name == "action_resolves" else None)
    if trig.action is not None:  # "After a Political action targets …, negate its remaining effects": that action's
        ctx.interrupted = acting.causing(g, trig.action, ctx)
    if trig.once_per:
        key = triggers.use_key(card, trig)
        g.trait_uses[key] = g.trait_uses.get(key, 0) + 1
    if trig.condition is not None and not holds(g, trig.condition, ctx):
        return
    if trig.bow and (card.bowed or not card.in_play):
        g.record(StepKind.TRIGGER, f"{card.title}'s trait cannot bow to pay its cost, so it does not resolve",
                 ["triggered-trait-costs-and-targeting"], card.controller)
        return
    if trig.gold and not can_pay(g, card.controller, trig.gold, None):
        g.record(StepKind.TRIGGER, f"{card.title}'s trait: its Gold cost of {trig.gold} cannot be paid",
                 ["triggered-trait-costs-and-targeting"], card.controller)
        return
    g.record(StepKind.TRIGGER, f"{card.title} triggers: {trig.text or trig.event.replace('_', ' ')}",
             ["triggered-traits"], card.controller)
    if trig.bow:
        bow(g, card, "paying its trait's cost", ["costs"], card.controller, kind=StepKind.COST)
    if trig.gold:
        pay(g, card.controller, trig.gold, None, None, f"{card.title}'s trait")
    run_effects(g, ctx, trig.targets, trig.effects)
