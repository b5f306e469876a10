"""What an Interrupt does to the action it interrupts (``interrupt-actions``): it "may modify
the effects of the action it interrupts – including preventing some or all of these
effects", and those changes concern that action only ("An Interrupt's effects do not
change actions other than the one it interrupted").  The action's record is ``acting``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from ..acting import HonorChange, Limit
from ..registry import Effect, Primitive, primitive
from ..references import amount
from ..structures import ActionTest, AllRef, Filter, Model, Number, Ref, SmallInt
from ..vocab import StepKind
from .cards import describe_amount, describe_filter, describe_ref
from .common import ActionChange, cards_of, delay, interrupted_action
from .grants import NoArgs

if TYPE_CHECKING:
    from ..abilities import TargetSpec  # the model is completed once it exists (abilities.py)

Designator = Literal["battle", "engage", "open", "limited", "dynasty"]
LIMITED = {"moves": "movement", "destroyed": "destruction", "force_bonus": "Force bonuses",
           "force_penalty": "Force penalties", "fear": "Fear effects", "ranged_attack": "Ranged Attacks",
           "melee_attack": "Melee Attacks"}


class LimitActionArgs(Model):
    prevents: list[Literal[tuple(LIMITED)]] = Field(default_factory=lambda: ["moves"], min_length=1, max_length=4)
    target: Ref  # the cards: chosen now, or (every …) any card fitting when it happens
    into: Literal["home", "attacking army"] | None = None  # movement there only
    once: bool = False  # the first one ("a Melee or Ranged Attack targeting your Follower")
    designators: list[Designator] = Field(default_factory=list, max_length=5)  # "The Battle action": only that kind
    negate: bool = False  # printed as a negation ("Negate his movement from the action"), not "cannot"


@primitive
class LimitAction(ActionChange):
    """"The action cannot move Personalities", "Negate Iairimi's movement from the action", "Negate all
    Force bonuses and penalties from the action": the interrupted action's effects will not cause that
    occurrence or change; its other effects still resolve (``interrupt-actions``, ``negate``,
    ``prevention``)."""

    name, Args, cite = "limit_action", LimitActionArgs, "interrupt-actions"
    card_args = ("target",)

    @classmethod
    def change(cls, g, ctx, args, action):
        if isinstance(args.target, AllRef):
            cards, fits, named = None, args.target.all, args
        else:
            found = cards_of(g, ctx, args.target)
            cards, fits = frozenset(c.id for c in found), None
            named = args.model_copy(update={"target": [c.title for c in found]})  # the record names them
        words = cls.describe(named)
        action.limits.append(Limit(frozenset(args.prevents), f"{ctx.why()}: {words}", ctx.player, cards, fits,
                                   args.into, ctx.source, args.once))
        return f": {words}", [cls.cite, "negate" if args.negate else "prevention"]

    @classmethod
    def describe(cls, args):
        who = _any(args.target.all) if isinstance(args.target, AllRef) else describe_ref(args.target)
        kind = f"{' or '.join(d.capitalize() for d in args.designators)} " if args.designators else ""
        what = " and ".join(LIMITED[w] for w in args.prevents)
        if not args.negate:
            return f"the {kind}action's effects cannot move {who}"
        if args.prevents[0].startswith("force"):
            return f"negate the {what} from the {kind}action on {who}"
        if args.prevents[0] in ATTACK_WORDS:
            return f"negate {'one' if args.once else 'each'} of the {kind}action's {what.replace(' and ', ' or ')} " \
                   f"targeting {who}"
        into = {"home": " home", "attacking army": " into an attacking army", None: ""}[args.into]
        return f"negate {who}'s {what}{into} from the {kind}action"


AttackKind = Literal["fear", "ranged_attack", "melee_attack"]
ATTACK_WORDS = {"fear": "Fear effect", "ranged_attack": "Ranged Attack", "melee_attack": "Melee Attack"}


class AttackStrengthArgs(Model):
    attacks: list[AttackKind] = Field(min_length=1, max_length=3)
    amount: Number  # counted when the Interrupt resolves ("by the number of Clout tokens in play")
    each: bool = False  # every one of the action's attacks of these kinds; else one of them


@primitive
class AttackStrength(ActionChange):
    """"Give the action's Ranged Attacks +2 strength", "Give a Melee or Ranged Attack +2 strength": an
    Interrupt changes the strength of the action's attack effects; "a …" is one of them, the first
    the action makes (``interrupt-actions``, ``ranged-attack``, ``melee-attack``, ``fear``)."""

    name, Args, cite = "attack_strength", AttackStrengthArgs, "interrupt-actions"

    @classmethod
    def change(cls, g, ctx, args, action):
        by = amount(g, args.amount, ctx)
        if args.each:
            for kind in args.attacks:
                action.strength[kind] = action.strength.get(kind, 0) + by
        else:
            action.boosts.append((frozenset(args.attacks), by))
        return f": {cls.describe(args.model_copy(update={'amount': by}))}", [cls.cite] + [ATTACK_CITES[k] for k in
                                                                                          args.attacks]

    @classmethod
    def describe(cls, args):
        kinds = " or ".join(ATTACK_WORDS[k] + "s" for k in args.attacks)
        which = f"{'each' if args.each else 'one'} of the action's {kinds}"
        if not isinstance(args.amount, int):
            return f"increase the strength of {which} by {describe_amount(args.amount)}"
        return f"give {which} {args.amount:+d} strength"


ATTACK_CITES = {"fear": "fear", "ranged_attack": "ranged-attack", "melee_attack": "melee-attack"}
WIDER = {"item": "Items", "spell": "Spells"}


class AttackTargetsArgs(Model):
    attacks: list[AttackKind] = Field(min_length=1, max_length=3)
    types: list[Literal[tuple(WIDER)]] = Field(min_length=1, max_length=2)


def widen(widened: dict, args: AttackTargetsArgs) -> None:
    """Add the card types an attack_targets effect lets each of its attack kinds target; the Interrupt as played
    and as planned for Good Faith widen the same way (``fear``, ``good-faith-rule``)."""
    for kind in args.attacks:
        widened[kind] = list(dict.fromkeys(widened.get(kind, []) + args.types))


@primitive
class AttackTargets(ActionChange):
    """"The action's Fear effects may target Items": an Interrupt widens what the action's attack effects may
    target, in the enemy army as ever (``interrupt-actions``, ``fear``).  Those targets are chosen as the effects
    resolve, after the Interrupt (``interrupt-actions``: "the interrupted action's player can target … after the
    Interrupt is played"); the action may be announced counting on it (``good-faith-rule``, actions.good_faith)."""

    name, Args, cite = "attack_targets", AttackTargetsArgs, "interrupt-actions"

    @classmethod
    def change(cls, g, ctx, args, action):
        widen(action.widened, args)
        return f": {cls.describe(args)}", [cls.cite] + [ATTACK_CITES[k] for k in args.attacks]

    @classmethod
    def describe(cls, args):
        kinds = " or ".join(ATTACK_WORDS[k] + "s" for k in args.attacks)
        return f"the action's {kinds} may also target {' and '.join(WIDER[t] for t in args.types)}"


class ActionHonorArgs(Model):
    kind: Literal["gains", "losses", "both"]
    increase: bool = False  # increased, else reduced …
    by: Number = 0  # … by this much
    at_most: SmallInt | None = None  # reduced to at most this ("reduce … to 0")
    once: bool = False  # one of them: the first the action's effects make
    designators: list[Designator] = Field(default_factory=list, max_length=5)  # "from the Battle action" only
    yours: bool = False  # only the Interrupt's player's ("You cannot gain Honor from the action": reduced to 0)


@primitive
class ActionHonor(ActionChange):
    """"Reduce all Honor gains and losses from an action by 2", "Increase any Honor loss from the action
    by 1", "reduce one of the Honor gains or losses from the action to 0": the interrupted action's
    Honor changes are changed as they happen; a reduction never turns a gain into a loss, and a change
    is not itself a gain or loss (``interrupt-actions``, ``honor-gains-and-losses``)."""

    name, Args, cite = "action_honor", ActionHonorArgs, "honor-gains-and-losses"

    @classmethod
    def change(cls, g, ctx, args, action):
        by = amount(g, args.by, ctx)
        action.honor.append(HonorChange(args.kind != "losses", args.kind != "gains", ctx.why(),
                                        by if args.increase else -by, args.at_most, args.once,
                                        ctx.player if args.yours else None))
        return f": {cls.describe(args.model_copy(update={'by': by}))}", [cls.cite, "interrupt-actions"]

    @classmethod
    def describe(cls, args):
        what = {"gains": "Honor gain", "losses": "Honor loss", "both": "Honor gain or loss"}[args.kind]
        which = f"one {what}" if args.once else f"each of your {what}s" if args.yours else f"each {what}"
        kind = f"{' or '.join(d.capitalize() for d in args.designators)} " if args.designators else ""
        if args.at_most == 0 and args.yours and args.kind == "gains":  # a gain of 0 is no gain (honor-gains-and-losses)
            return f"you cannot gain Honor from the {kind}action ({which} from it is reduced to 0)"
        if args.at_most is not None:
            return f"reduce {which} from the {kind}action to {args.at_most}"
        by = args.by if isinstance(args.by, int) else describe_amount(args.by)
        return f"{'increase' if args.increase else 'reduce'} {which} from the {kind}action by {by}"


OCCURRENCES = {"recruited": "Recruits", "equipped": "Equips", "destroyed": "destroys", "moves": "moves",
               "bows": "bows", "honor_gained": "gives you Honor", "duel_won": "wins a duel", "targeted": "targets",
               "rehonored": "rehonors"}


class OwnTargets(Model):
    """The targets of effects that wait ("After the action resolves, give your target Personality +2F"): chosen
    when those effects happen, not as the Interrupt resolves — delayed targeting is not needed to announce it
    (``good-faith-rule``); the effects resolve "in the order mentioned by the ability", each target chosen as it
    is needed (``action-sequence`` D).  They are numbered after the targets kept from the Interrupt."""

    targets: list[TargetSpec] = Field(default_factory=list, max_length=4)
    first_target: Annotated[int, Field(ge=1, le=20)] = 1


def then_words(args: OwnTargets) -> str:
    """The waiting effects in plain words, each target chosen then named first."""
    from ..abilities import describe_effect

    chosen = [f"choose target {n}: {t.describe()}" for n, t in enumerate(args.targets, args.first_target)]
    return "; ".join(chosen + [describe_effect(e) for e in args.do])


class AfterActionArgs(OwnTargets):
    timing: Literal["after", "before"] = "after"
    occurrence: Literal[tuple(OCCURRENCES)]
    subject: Filter | None = None  # a card like this
    from_zone: Literal["province", "hand"] | None = None  # … that came from there ("Recruits a Ninja from a Province")
    whose: Literal["any", "self", "host", "your"] = "any"  # or this card, this Personality, you (Honor)
    each: bool = False  # every time during the action ("each card it bows"), not just the first
    effect: AttackKind | None = None  # from the action's effects of this kind only ("any Fear effect from the action")
    do: list[Effect] = Field(min_length=1, max_length=10)


@primitive
class AfterAction(Primitive):
    """"After the action Recruits an Ashigaru Personality, …", "Before you gain Honor from a Battle
    action, …": the effects wait until the interrupted action's own effects make that occurrence, then
    happen once ("Phrases in an Interrupt's effects such as 'After a Personality is destroyed' refer to
    the effects of the interrupted action, and are delayed until those effects occur",
    ``interrupt-actions``, ``delayed-effects``)."""

    name, Args, cite = "after_action", AfterActionArgs, "interrupt-actions"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        from ..abilities import TriggerSpec

        if interrupted_action(g, ctx, cls.cite, "wait for") is None:
            return False
        spec = TriggerSpec(when=args.timing, event=args.occurrence, whose=args.whose, subject=args.subject,
                           from_zone=args.from_zone, do=list(args.do), targets=list(args.targets),
                           text=cls.describe(args))
        delay(g, ctx, spec, repeat=args.each, action=ctx.interrupted, within=True, effect=args.effect,
              choices=list(ctx.choices), first=args.first_target)
        g.record(StepKind.EFFECT, f"Delayed effect set up: “{spec.text}” ({ctx.why()})",
                 [cls.cite, "delayed-effects"], ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        named = {"self": " this card", "host": " this Personality", "your": ""}
        what = named[args.whose] if args.whose in named else \
            " " + _a(describe_filter(args.subject)) if args.subject is not None else " a card"
        if args.whose in named and args.subject is not None and args.subject.at == "battlefield":
            what += " at a battlefield"  # "After the action Equips this Follower at a battlefield"
        then = then_words(args)
        if args.occurrence == "duel_won":  # the occurrence is the winner's, in a duel the action created (duel)
            return f"{args.timing}{what} wins a duel created by the action: {then}"
        what += {"province": " from a Province", "hand": " from your hand", None: ""}[args.from_zone]
        each = " each time" if args.each else ""
        doer = f"the action's {ATTACK_WORDS[args.effect]}" if args.effect else "the action"
        return f"{args.timing}{each} {doer} {OCCURRENCES[args.occurrence]}{what}: {then}"


@primitive
class NegateRemaining(ActionChange):
    """"Negate its remaining effects" (in an Interrupt's "After the action targets …"): the
    interrupted action's effects not yet carried out do not resolve; those already carried out stay,
    and the action still resolves (``negate``, ``action-sequence``)."""

    name, Args, cite = "negate_remaining", NoArgs, "negate"
    verb, done = "negate", "negated"

    @classmethod
    def change(cls, g, ctx, args, action):
        action.negated = True
        return ": its remaining effects are negated", [cls.cite, "interrupt-actions"]

    @classmethod
    def describe(cls, args):
        return "negate the action's remaining effects"


NEGATED = {"destroyed": "destruction", "dishonored": "dishonoring", "moves": "movement", "bows": "bowing",
           "honor_gained": "gain", "it": "occurrence"}  # "negate it": whichever occurrence the trait answers


class NegateOccurrenceArgs(Model):
    what: Literal[tuple(NEGATED)]


@primitive
class NegateOccurrence(Primitive):
    """"Before this Follower is destroyed, negate the destruction": a before-trigger prevents the
    occurrence it answers (``negate``, ``timing-conflicts``)."""

    name, Args, cite = "negate_occurrence", NegateOccurrenceArgs, "negate"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        ev = ctx.occurrence
        if ev is None or args.what not in (ev.name, "it"):
            g.record(StepKind.EFFECT, f"{ctx.why()}: there is no {NEGATED[args.what]} to negate here", [cls.cite],
                     ctx.player, "resolve")
            return False
        ev.data["negated"] = ctx.why()
        what = f"{ev.card.title}'s {NEGATED.get(ev.name, ev.name.replace('_', ' '))}" if ev.card is not None else \
            f"{str(ev.player).capitalize()}'s Honor gain of {ev.data.get('amount')}"
        g.record(StepKind.EFFECT, f"{what} is negated ({ctx.why()})", [cls.cite, "timing-conflicts"], ctx.player,
                 "resolve")
        return True

    @classmethod
    def describe(cls, args):
        return "negate that occurrence" if args.what == "it" else f"negate the {NEGATED[args.what]}"


DID = {"moves": "moved", "recruited": "Recruited", "destroyed": "destroyed", "bows": "bowed"}


def describe_action(test: ActionTest) -> str:
    """An Interrupt's test of the action it interrupts, in plain words."""
    kind = " ".join(list(test.keywords) + [d.capitalize() for d in test.designators]
                    + [" or ".join(ATTACK_WORDS[k] for k in test.has if k != "duel")])
    words = [f"the action is {_a(kind.strip())} action"] if kind.strip() else []
    if "duel" in test.has:  # "If the action creates a duel": it has a challenge (challenge)
        words.append("the action creates a duel")
    if test.source is not None:
        words.append(f"the action is from {_a(describe_filter(test.source))}")
    if test.did is not None:
        what = describe_ref(test.card) if test.card is not None else _a(describe_filter(test.fits)) \
            if test.fits is not None else "a card"
        where = {"battlefield": " to a battlefield", "home": " home", None: ""}[test.to]
        words.append(f"{'this' if test.this else 'the'} action {DID[test.did]} {what}{where}"
                     + (" during a battle" if test.in_battle else ""))
    return " and ".join(words)


def action_words(test: ActionTest) -> str:
    """"another player's Battle action", "a Political action": an action of that kind, as a noun."""
    kind = " ".join(list(test.keywords) + [d.capitalize() for d in test.designators] + ["action"])
    return {"you": "your ", "other": "another player's "}[test.by] + kind if test.by else _a(kind)


def describe_resolving(test: ActionTest) -> str:
    """"while other players' actions are resolving", in plain words."""
    who = {"you": "one of your actions", "other": "another player's action", None: "an action"}[test.by]
    what = describe_action(test)
    return f"{who} is resolving" + (f" ({what})" if what else "")


def _a(words: str) -> str:
    return words if words.startswith(("your ", "another ")) else ("an " if words[:1] in "aeiouAEIOU" else "a ") + words


def _any(flt: Filter) -> str:
    words = describe_filter(flt) if flt != Filter() else "card"
    return words if words.startswith(("your ", "another ")) else "any " + words
