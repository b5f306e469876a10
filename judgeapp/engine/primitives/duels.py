"""Effects about the duel in progress: consequences a Focus Effect gives for the duel's
outcome (``focus-focus-effect``, ``duel``)."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ..registry import Effect, Primitive, primitive
from .common import cards_of, delay, lasting_on_each
from .honor import _who
from .interrupts import OwnTargets, then_words
from .stats import StatArgs, _Stat
from ..references import players, script_choice
from ..structures import Model, PlayerRef, Ref
from ..vocab import StepKind, Until, Zone


class ConsequenceArgs(Model):
    do: list[Effect] = Field(min_length=1, max_length=10)

    @model_validator(mode="before")
    @classmethod
    def _one(cls, data):
        if isinstance(data, dict) and isinstance(data.get("do"), dict):
            data = {**data, "do": [data["do"]]}
        return data


@primitive
class DuelConsequence(Primitive):
    """"As a Focus Effect, give the duel's winner +3F": Focus Effects resolve before the duel
    does (``duel`` step 4), so what they say about its winner, its loser, or "if you win" is a
    consequence applied once the duel has resolved, with the duel's other consequences (step 5:
    "Further effects from the duel or other cards may give consequences for the loser or
    winner. Apply these consequences now"); a duel that ends without resolution has none."""

    name, Args, cite = "duel_consequence", ConsequenceArgs, "duel"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        duel = ctx.duel
        if duel is None or duel.get("winner") is not None or duel.get("losers"):
            g.record(StepKind.EFFECT, f"{ctx.why()}: no duel is about to resolve, so “{cls.describe(args)}” "
                                      "does nothing", [cls.cite, "focus-focus-effect"], ctx.player, "resolve")
            return False
        duel["consequences"].append((ctx, list(args.do)))
        g.record(StepKind.EFFECT, f"{ctx.why()}: {cls.describe(args)}", [cls.cite, "focus-focus-effect"], ctx.player,
                 "resolve")
        return True

    @classmethod
    def describe(cls, args):
        from ..abilities import describe_effect

        return "once the duel has resolved: " + "; ".join(describe_effect(e) for e in args.do)


class NoArgs(Model):
    pass


@primitive
class EndDuel(Primitive):
    """"End this duel now, without resolution": no totals, no winner or loser, no consequences; Focus
    Effects not yet resolved do not resolve (``challenge``: a duel that ends without resolution)."""

    name, Args, cite = "end_duel", NoArgs, "challenge"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        duel = ctx.duel
        if duel is None or duel.get("winner") is not None or duel.get("losers") or duel not in g.dueling:
            g.record(StepKind.EFFECT, f"{ctx.why()}: no duel in progress to end", [cls.cite], ctx.player, "resolve")
            return False
        duel["ended"] = True
        g.record(StepKind.EFFECT, f"The duel ends now, without resolution ({ctx.why()})", [cls.cite, "duel"],
                 ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        return "end the duel now, without resolution"


@primitive
class DiscardFocused(Primitive):
    """"Discard all focused cards": every card in the duel's focusing areas (``focused-card``); their Focus
    Effects not yet resolved do not happen."""

    name, Args, cite = "discard_focused", NoArgs, "focused-card"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        from ..vocab import Zone
        from ..zones import move

        duel = ctx.duel
        ids = [cid for ids in (duel or {}).get("focused", {}).values() for cid in ids]
        gone = [g.cards[cid] for cid in ids if g.cards[cid].zone is Zone.FOCUS]
        for card in gone:
            move(g, card, Zone.DISCARD)
        g.record(StepKind.EFFECT, f"The focused cards are discarded: {', '.join(c.title for c in gone) or 'none'} "
                                  f"({ctx.why()})", [cls.cite, "duel"], ctx.player, "resolve")
        return bool(gone)

    @classmethod
    def describe(cls, args):
        return "discard all focused cards"


class LoseDuelArgs(Model):
    target: Ref = "duelist_yours"


@primitive
class LoseDuel(Primitive):
    """"When this duel resolves, both Personalities lose the duel": they lose whatever the totals, which is not a
    tie; one made to lose makes the other win (``duel``: consequences that alter who wins or loses)."""

    name, Args, cite = "lose_duel", LoseDuelArgs, "duel"

    @classmethod
    def run(cls, g, ctx, args):
        from .common import cards_of

        duel = ctx.duel
        if duel is None or duel not in g.dueling:
            g.record(StepKind.EFFECT, f"{ctx.why()}: no duel in progress", [cls.cite], ctx.player, "resolve")
            return False
        cards = [c for c in cards_of(g, ctx, args.target) if c in (duel["challenger"], duel["challenged"])]
        duel.setdefault("forced_losers", []).extend(c.id for c in cards)
        g.record(StepKind.EFFECT, f"{' and '.join(c.title for c in cards)} will lose the duel when it resolves "
                                  f"({ctx.why()})", [cls.cite], ctx.player, "resolve")
        return bool(cards)

    @classmethod
    def describe(cls, args):
        from .cards import describe_ref

        return f"{describe_ref(args.target)} lose{'s' if not isinstance(args.target, list) else ''} the duel"


@primitive
class FocusValue(_Stat):
    """"Give this card +1FV": a change to a focused card's Focus Value, counted in the duel's resolution; it ends
    when the card leaves the focus (``duel`` steps 4–5, ``bonuses-and-penalties``)."""

    name, Args, stat, cite = "focus", StatArgs, "focus", "bonuses-and-penalties"

    @classmethod
    def targets(cls, g, ctx, args):
        return [(c.id, c.title, (lambda c=c: g.stat(c, "focus"))) for c in cards_of(g, ctx, args.target)
                if c.zone is Zone.FOCUS]


class DuelsOfArgs(Model):
    target: Ref = "self"
    stat: Literal["chi", "force", "personal_honor"] = "force"
    until: Until = Until.END_OF_TURN


@primitive
class DuelsOf(Primitive):
    """"Duels in which she is the challenger are duels of Force": in each duel she issues while the effect lasts
    (the turn, ``duration-of-effects``), both Personalities use that stat — it overrides the stat the duel's own
    text specifies (``duel-stat``: effects from other sources override it)."""

    name, Args, cite = "duels_of", DuelsOfArgs, "duel-stat"

    @classmethod
    def run(cls, g, ctx, args):
        stat = args.stat.replace('_', ' ').title()
        return lasting_on_each(g, ctx, args.target, "duels_of", {"stat": args.stat}, args.until, cls.cite,
                               lambda card: f"Duels in which {card.title} is the challenger are duels of {stat}")

    @classmethod
    def describe(cls, args):
        from .cards import describe_ref

        return (f"duels in which {describe_ref(args.target)} is the challenger are duels of "
                f"{args.stat.replace('_', ' ').title()}")


class PlayerMayArgs(Model):
    player: PlayerRef  # who chooses: the text names him ("Target another player, who may choose to …")
    do: list[Effect] = Field(min_length=1, max_length=10)
    otherwise: list[Effect] = Field(default_factory=list, max_length=10)  # "If he does not choose this, …"


def _named_player(cls, g, ctx, args, missing: str) -> str | None:
    """The other player an effect names (``args.player``), or None after a step saying the effect does nothing
    without him (a tie has no winner, ``duel``)."""
    who = next(iter(players(g, args.player, ctx)), None)
    if who is None:
        g.record(StepKind.EFFECT, f"{ctx.why()}: {missing}, so “{cls.describe(args)}” does nothing", [cls.cite],
                 ctx.player, "resolve")
    return who


@primitive
class PlayerMay(Primitive):
    """"Target another player, who may choose to lose 2 Honor. If he does not choose this, gain Honor …": an
    optional effect whose choice the text gives to another player, not to the player taking the action
    (``choices``: "If an action does not explicitly state which player makes a choice …, the choice belongs to
    the player taking the action"). His answer is the script's next ``choose:`` (yes or no), else he chooses
    to, said so; the effects after "may" are taken all or none (``choices``), and "If he does not choose this"
    follows only a refusal. The effects resolve as the action's own (its player is still "you")."""

    name, Args, cite = "player_may", PlayerMayArgs, "choices"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        from ..resolution import run_effects

        chooser = _named_player(cls, g, ctx, args, "no player to choose")
        if chooser is None:
            return False
        chose = script_choice(g, ctx, ["yes", "no"], lambda answer, note: (
            f"{chooser.capitalize()} chooses {'' if answer == 'yes' else 'not '}to: "
            f"{'; '.join(e.describe() for e in args.do)} ({note})"), key=lambda answer: str(answer).lower(),
            by=chooser) == "yes"
        run_effects(g, ctx, [], list(args.do if chose else args.otherwise))
        return chose

    @classmethod
    def describe(cls, args):
        from ..abilities import describe_effect

        return (f"{_who(args.player)} may choose to: " + "; ".join(describe_effect(e) for e in args.do)
                + ("; if he does not: " + "; ".join(describe_effect(e) for e in args.otherwise)
                   if args.otherwise else ""))


class BeforeLosingArgs(OwnTargets):
    target: Ref = "duelist_yours"
    do: list[Effect] = Field(min_length=1, max_length=4)


@primitive
class BeforeLosingDestruction(Primitive):
    """"As a Focus Effect, before your Personality in this duel is destroyed for losing it, you may destroy one of his
    Followers to negate his destruction": a delayed effect, set up as the Focus Effect resolves (``duel`` step 4),
    that happens before that Personality is destroyed as a consequence of losing this duel ("Destroy the loser", the
    duel's or the action's, after it resolves; ``for``), once; its own targets are chosen then (``delayed-effects``)."""

    name, Args, cite = "before_losing_destruction", BeforeLosingArgs, "delayed-effects"

    @classmethod
    def run(cls, g, ctx, args):
        from ..abilities import TriggerSpec

        cards = cards_of(g, ctx, args.target)
        if not cards or ctx.duel is None:
            g.record(StepKind.EFFECT, f"{ctx.why()}: no Personality in a duel, so “{cls.describe(args)}” does nothing",
                     [cls.cite, "for"], ctx.player, "resolve")
            return False
        spec = TriggerSpec(when="before", event="destroyed", cause="losing_duel", do=list(args.do),
                           targets=list(args.targets), text=f"Before {cards[0].title} is destroyed for losing the "
                                                            f"duel: {then_words(args)}")
        delay(g, ctx, spec, watch=(cards[0].id,), duel=ctx.duel, lapses=True, first=args.first_target)
        g.record(StepKind.EFFECT, f"Delayed effect set up: “{spec.text}” ({ctx.why()})", [cls.cite, "for"], ctx.player,
                 "resolve")
        return True

    @classmethod
    def describe(cls, args):
        from .cards import describe_ref

        return f"before {describe_ref(args.target)} is destroyed for losing this duel: {then_words(args)}"


class PlayerCreatesArgs(OwnTargets):
    player: PlayerRef  # who makes the effect: the text names him ("The winner creates Fear 4 …")
    do: list[Effect] = Field(min_length=1, max_length=4)


@primitive
class PlayerCreates(Primitive):
    """"The winner creates Fear 4 targeting a card in the loser's unit": an effect the text has another player make,
    not the player taking the action; he is its "you", so he chooses its targets as it happens and "enemy" is from his
    side (``perspective``, ``targeting``). With no such player (a tie has no winner) there is no effect (``duel``)."""

    name, Args, cite = "player_creates", PlayerCreatesArgs, "perspective"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        from ..references import Context
        from ..resolution import run_effects

        maker = _named_player(cls, g, ctx, args, "no such player")
        if maker is None:
            return False
        made = Context(player=maker, source=ctx.source, label=ctx.label, targets=dict(ctx.targets),
                       choices=ctx.choices, action=ctx.action or ctx, keywords=ctx.keywords)
        made.duel = ctx.duel
        g.record(StepKind.EFFECT, f"{maker.capitalize()} makes the effect: {then_words(args)} ({ctx.why()})",
                 [cls.cite], maker, "resolve")
        run_effects(g, made, list(args.targets), list(args.do), first=args.first_target)
        return True

    @classmethod
    def describe(cls, args):
        return f"{_who(args.player)} makes this effect: {then_words(args)}"
