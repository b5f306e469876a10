"""What card text gives or takes away: keywords for a time, tokens, and negating the
bonuses or penalties a card already has (``keywords``, ``token``, ``negate``), and an
Interrupt negating the action it answers (``interrupt-actions``, ``negate``)."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt

from .. import memory, tokenkinds
from ..registry import Primitive, primitive
from ..state import Ongoing
from ..references import amount, players
from ..structures import Amount, Model, Number, PlayerRef, Ref, SmallInt, StatName, Word
from ..vocab import UNTIL_WORDS, StepKind, Until, Zone
from .cards import describe_amount, describe_ref
from .common import ActionChange, cards_of, lasting_on_each


class KeywordArgs(Model):
    target: Ref = "self"
    add: list[Word] = Field(default_factory=list, max_length=8)
    lose: list[Word] = Field(default_factory=list, max_length=8)
    until: Until = Until.END_OF_TURN


@primitive
class Keyword(Primitive):
    """A card gains (or loses) keywords for a time: "Give your target Personality Cavalry"."""

    name, Args, cite = "keyword", KeywordArgs, "keywords"

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for card in cards_of(g, ctx, args.target):
            if not card.in_play and not (card.zone is Zone.PROVINCE and card.face_up):
                continue  # a face-up card in a Province can be given a keyword ("Give Reserve to …")
            blocked = g.cannot_gain(card, {w.lower() for w in args.add})
            for words, lose in ((args.add, False), (args.lose, True)):
                if not lose and blocked & {w.lower() for w in words}:
                    g.record(StepKind.EFFECT, f"{card.title} cannot gain "
                                              f"{', '.join(w for w in words if w.lower() in blocked)} (its trait)",
                             ["keywords"], ctx.player, "resolve")
                    words = [w for w in words if w.lower() not in blocked]
                if not words:
                    continue
                g.ongoing.append(Ongoing("keyword", card.id, {"keywords": list(words), "lose": lose}, args.until,
                                         ctx.why(), ctx.player))
                g.version += 1
                g.timeline.note({"card": card.id, "keywords": {"lose" if lose else "gain": list(words)}})
                g.record(StepKind.EFFECT, f"{card.title} {'loses' if lose else 'gains'} {', '.join(words)} "
                                          f"{UNTIL_WORDS[args.until]} ({ctx.why()})", [cls.cite], ctx.player,
                         "resolve")
                done = True
        return done

    @classmethod
    def describe(cls, args):
        parts = []
        if args.add:
            parts.append(f"{describe_ref(args.target)} gains {' and '.join(args.add)}")
        if args.lose:
            parts.append(f"{describe_ref(args.target)} loses {' and '.join(args.lose)}")
        until = "" if args.until == Until.END_OF_TURN else f" {UNTIL_WORDS[args.until]}"
        return "; ".join(parts) + until


class TokensArgs(Model):
    target: Ref = "self"
    name: Word = "force"  # a stat (force, chi, personal_honor, gold_production) or a keyword token's name
    count: Number = 1  # for a stat: the total change (+1F token ×2 = 2); negative removes tokens; "for each
    # of his Sincerity tokens": counted as the effect applies (token)
    stats: dict[Literal["force", "chi", "personal_honor", "gold_production"], SmallInt] = Field(
        default_factory=dict, max_length=4)  # a named token's own changes: "-1F/-1C Poison" (count: tokens)
    every: StrictBool = False  # remove every token of that name ("Destroy all Madness tokens")
    until_has: Annotated[StrictInt, Field(ge=1, le=20)] | None = None  # "… Fire tokens until he has exactly five":
    # as many as the card lacks of that many tokens of the name, none if it has them (token)


@primitive
class Tokens(Primitive):
    """Tokens on a card: a stat token adds its bonus while the card is in play, a keyword
    token gives its keyword (``token``); they leave with the card."""

    name, Args, cite = "tokens", TokensArgs, "token"

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for card in cards_of(g, ctx, args.target):
            if args.every and card.in_play:
                done = cls.remove_all(g, ctx, card, args.name) or done
                continue
            count = amount(g, args.count, ctx) if args.until_has is None else max(
                0, args.until_has - tokenkinds.count(card.tokens, args.name))
            if not card.in_play or not count:
                continue
            if count > 0 and args.name.lower() in g.cannot_gain(card):
                g.record(StepKind.EFFECT, f"{card.title} cannot gain {args.name} tokens (its trait)", ["token"],
                         ctx.player, "resolve")
                continue
            kind = tokenkinds.key(args.name, args.stats)
            if count < 0 and not args.stats and kind not in STAT_TOKENS:
                # "remove one of his Fire tokens": a Fire token, whatever its stat changes (token)
                kind = next(iter(tokenkinds.kinds_named(card.tokens, args.name)), kind)
            have = card.tokens.get(kind, 0)
            change = max(count, -have) if count < 0 and kind not in STAT_TOKENS else count
            if not change:
                continue
            g.add_tokens(card, kind, change)
            if change > 0:
                memory.tokens_given(g, card, args.name, ctx.player)
            g.version += 1
            g.record(StepKind.EFFECT, f"{card.title} {'gets' if change > 0 else 'loses'} "
                                      f"{_token_words(args.name, change, args.stats)} ({ctx.why()})", [cls.cite],
                     ctx.player, "resolve")
            done = True
        return done

    @classmethod
    def remove_all(cls, g, ctx, card, name: str) -> bool:
        kinds = tokenkinds.kinds_named(card.tokens, name)
        for kind in kinds:
            g.add_tokens(card, kind, -card.tokens[kind])
        if kinds:
            g.version += 1
            g.record(StepKind.EFFECT, f"{card.title} loses all its {name} tokens ({ctx.why()})", [cls.cite],
                     ctx.player, "resolve")
        return bool(kinds)

    @classmethod
    def describe(cls, args):
        if args.every:
            return f"remove all {args.name} tokens from {describe_ref(args.target)}"
        if args.until_has is not None:
            kind = f"{tokenkinds.key('', args.stats).strip()} {args.name}".strip()
            return (f"give {describe_ref(args.target)} {kind} tokens until it has {args.until_has} {args.name} "
                    f"tokens")
        if isinstance(args.count, int) and args.count < 0:
            return f"remove {_token_words(args.name, args.count, args.stats)} from {describe_ref(args.target)}"
        if isinstance(args.count, Amount) and args.count.n is not None and args.count.times < 0:
            # "two Rock tokens, or one if he is Earth": a number taken away, told as a positive one
            return (f"remove {args.name} tokens from {describe_ref(args.target)}, as many as "
                    f"{describe_amount(args.count.negated())}")
        return f"give {describe_ref(args.target)} {_token_words(args.name, args.count, args.stats)}"


STAT_TOKENS = tokenkinds.LETTERS


def _token_words(name: str, n: int | Amount, stats: dict | None = None) -> str:
    if isinstance(n, Amount):
        return _counted_token_words(name, n, stats)
    if name in STAT_TOKENS:
        return f"a {n:+d}{STAT_TOKENS[name]} token" if abs(n) == 1 else f"tokens worth {n:+d}{STAT_TOKENS[name]}"
    changes = tokenkinds.key("", stats or {}).strip()
    many = "a" if abs(n) == 1 else str(abs(n))
    return f"{many} {changes + ' ' if changes else ''}{name} token{'s' if abs(n) != 1 else ''}"


def _counted_token_words(name: str, n: Amount, stats: dict | None) -> str:
    """"+1F tokens, as many as the number of Sincerity tokens on him": a number counted as the effect applies;
    a stat token's amount is the total change, so one token each of +1 or -1."""
    if name in STAT_TOKENS:
        kind = f"{'+' if n.times > 0 else '-'}1{STAT_TOKENS[name]}"
        n = n if n.times > 0 else n.negated()
    else:
        kind = f"{tokenkinds.key('', stats or {}).strip()} {name}".strip()
    return f"{kind} tokens, as many as {describe_amount(n)}"


class NegateModifiersArgs(Model):
    target: Ref = "self"
    stat: StatName = "force"
    which: Literal["bonuses", "penalties", "both"] = "penalties"


@primitive
class NegateModifiers(Primitive):
    """Negate a card's current bonuses or penalties to a stat: the ones in place now stop
    applying; later ones still apply (``negate``, ``bonuses-and-penalties``)."""

    name, Args, cite = "negate_modifiers", NegateModifiersArgs, "negate"

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for card in cards_of(g, ctx, args.target):
            before = g.stat(card, args.stat)
            gone = [m for m in g.modifiers if m.target == card.id and m.stat == args.stat and m.op == "add"
                    and (args.which == "both" or (m.value > 0) == (args.which == "bonuses"))]
            if not gone:
                continue
            g.modifiers = [m for m in g.modifiers if m not in gone]
            g.version += 1
            after = g.stat(card, args.stat)
            g.timeline.note({"card": card.id, args.stat: [before, after]})
            g.record(StepKind.EFFECT, f"{card.title}'s current {args.stat.replace('_', ' ')} {args.which} are negated;"
                                      f" now {after} ({ctx.why()})", [cls.cite, "bonuses-and-penalties"], ctx.player,
                     "resolve")
            done = True
        return done

    @classmethod
    def describe(cls, args):
        return f"negate the current {args.stat.replace('_', ' ')} {args.which} of {describe_ref(args.target)}"


class NoArgs(Model):
    pass


class NegateActionArgs(Model):
    only: list[Literal["fear", "ranged_attack", "melee_attack", "duel", "move_home", "move_to"]] = Field(
        default_factory=list, max_length=6)  # empty: the whole action
    designators: list[Literal["battle", "engage", "open", "limited", "dynasty"]] = Field(
        default_factory=list, max_length=5)  # only an action of these kinds ("a Battle or Engage action")


@primitive
class NegateAction(ActionChange):
    """An Interrupt's "Negate the action" (its effects do not resolve; its costs stay paid) or
    "Negate the action's Fear effects" (those effects only) (``interrupt-actions``, ``negate``)."""

    name, Args, cite = "negate_action", NegateActionArgs, "negate"
    verb, done = "negate", "negated"

    @classmethod
    def change(cls, g, ctx, args, action):
        if args.only:
            action.negated_kinds = action.negated_kinds | frozenset(args.only)
            return f": its {', '.join(k.replace('_', ' ') for k in args.only)} effects are negated", [
                cls.cite, "interrupt-actions"]
        action.negated = True
        return " is negated: its effects will not resolve", [cls.cite, "interrupt-actions"]

    @classmethod
    def describe(cls, args):
        kinds = " or ".join(k.capitalize() for k in args.designators)
        of = f" if it is {'an' if kinds[:1] in 'EO' else 'a'} {kinds} action" if args.designators else ""
        if args.only:
            return "negate the action's " + " and ".join(k.replace("_", " ") for k in args.only) + " effects" + of
        return "negate the action" + of


RESTRICTIONS = {"actions": "its abilities may not be used", "attacks": "it cannot attack",
                "defends": "it cannot defend", "be_targeted": "it cannot be targeted", "bows": "it cannot bow",
                "straightens": "it cannot straighten", "moves": "it cannot move", "destroyed": "it cannot be destroyed",
                "challenges": "it cannot issue challenges", "refusals": "it cannot refuse challenges",
                "be_challenged": "it cannot be challenged"}


class RestrictArgs(Model):
    target: Ref = "self"
    what: Literal[tuple(RESTRICTIONS)] = "actions"
    until: Until = Until.END_OF_TURN


class CardRule(Primitive):
    """A lasting effect on each target saying what a rule now does for it, ``what`` worded by ``words``: the effect's
    name is the Ongoing's kind that the rule's check looks for (``permissions``)."""

    words: dict[str, str]
    cite = "permissions"

    @classmethod
    def run(cls, g, ctx, args):
        said = cls.words[args.what]
        return lasting_on_each(g, ctx, args.target, cls.name, {"what": args.what}, args.until, cls.cite,
                               lambda card: f"{card.title}: {said}", why=f"{ctx.why()}: {said}")

    @classmethod
    def describe(cls, args):
        return f"{describe_ref(args.target)}: {cls.words[args.what]}" + (
            "" if args.until == Until.END_OF_TURN else f" {UNTIL_WORDS[args.until]}")


@primitive
class Restrict(CardRule):
    """A restriction on a card for a time ("A target Holding's abilities may not be used"),
    checked where the rules ask (``permissions``)."""

    name, Args, words = "restrict", RestrictArgs, RESTRICTIONS


class PlayerArgs(Model):
    player: PlayerRef = "you"


class AdditionalActionArgs(PlayerArgs):
    times: Annotated[StrictInt, Field(ge=1, le=5)] = 1  # "Take two additional Battle actions"


@primitive
class AdditionalAction(Primitive):
    """"Take an additional action", "Take two additional Battle actions": after this action the same
    player has the next opportunity to act, as many times (``additional-action``)."""

    name, Args, cite = "additional_action", AdditionalActionArgs, "additional-action"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        what = "an additional action" if args.times == 1 else f"{args.times} additional actions"
        for who in players(g, args.player, ctx):
            g.extra_actions[who] = g.extra_actions.get(who, 0) + args.times
            g.record(StepKind.EFFECT, f"{who.capitalize()} will take {what} ({ctx.why()})", [cls.cite],
                     ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        from .honor import _who

        what = "an additional action" if args.times == 1 else f"{args.times} additional actions"
        return f"take {what}" if args.player == "you" else f"{_who(args.player)} takes {what}"
