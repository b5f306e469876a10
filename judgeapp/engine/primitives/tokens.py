"""Granted abilities (``embedded-text``): a card gains embedded text as an ability of its own,
for a time, and uses it like a printed one (``granted``)."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictInt, StringConstraints

from .. import tokenkinds
from ..references import script_choice
from ..registry import Primitive, primitive
from ..structures import Model, Ref, SmallInt, Word
from ..vocab import UNTIL_WORDS, StepKind, Until
from .cards import describe_ref
from .common import cards_of, lasting_on_each, names

Embedded = Annotated[str, StringConstraints(min_length=1, max_length=1000, strip_whitespace=True)]


class GrantArgs(Model):
    target: Ref = "self"
    text: Embedded  # the ability as printed between the quotation marks
    until: Until = Until.END_OF_TURN


@primitive
class Grant(Primitive):
    """"Permanently give your target Personality the ability, "Battle: Fear 2."": the card has
    that ability while the effect lasts, and leaves it behind if it leaves play (``embedded-text``,
    ``duration-of-effects``)."""

    name, Args, cite = "grant", GrantArgs, "embedded-text"

    @classmethod
    def run(cls, g, ctx, args):
        return lasting_on_each(g, ctx, args.target, "grant", {"text": args.text}, args.until, cls.cite,
                               lambda card: f"{card.title} gains the ability “{args.text}”")

    @classmethod
    def describe(cls, args):
        until = "" if args.until == Until.END_OF_TURN else f" {UNTIL_WORDS[args.until]}"
        return f"{describe_ref(args.target)} gains the ability “{args.text}”{until}"


class CopyKeywordArgs(Model):
    target: Ref = "self"  # the card that copies
    source: Ref = 1  # the card copied from
    until: Until = Until.END_OF_TURN


@primitive
class CopyKeyword(Primitive):
    """"Myuken copies one keyword from your target Personality" (``copy``): one keyword the source has
    now, which the script's ``choose:`` names (else the engine takes the first and says so), given to
    the copying card for the turn (``duration-of-effects``). A card will not copy its own."""

    name, Args, cite = "copy_keyword", CopyKeywordArgs, "copy"
    card_args = ("target", "source")

    @classmethod
    def run(cls, g, ctx, args):
        from .grants import Keyword, KeywordArgs

        sources = [c for c in cards_of(g, ctx, args.source) if c.in_play]
        copiers = [c for c in cards_of(g, ctx, args.target) if c.in_play and c not in sources]
        if not sources or not copiers:
            return False
        options = _keywords(g, sources[0])
        if not options:
            return False
        wanted = str(ctx.choices.pop(0)).lower() if ctx.choices else None
        chosen = next((k for k in options if k.lower() == wanted), None)
        note = "as the script chooses" if chosen else (
            (f"{wanted!r} is not one of its keywords; " if wanted else "no choose: answer; ") + "the engine takes the first")
        chosen = chosen or options[0]
        g.record(StepKind.CHOICE, f"{ctx.player.capitalize()} chooses to copy {chosen} from {sources[0].title} ({note}; "
                                  f"its keywords: {', '.join(options)})", [cls.cite, "choices"], ctx.player, "resolve")
        return Keyword.run(g, ctx, KeywordArgs(target=[c.id for c in copiers], add=[chosen], until=args.until))

    @classmethod
    def describe(cls, args):
        return f"{describe_ref(args.target)} copies one keyword of {describe_ref(args.source)}"


def _keywords(g, card) -> list[str]:
    """The keywords a card has now, as written: printed, then given (``keywords``)."""
    have = g.keywords(card)
    given = [k for o in g.ongoing if o.kind == "keyword" and o.target == card.id and not o.data["lose"]
             for k in o.data["keywords"]] + [k for src, st in g.statics() if st.kind == "keyword"
                                            and g.static_applies(src, st, card) for k in st.keywords]
    return [k for k in dict.fromkeys(list(card.card.keywords) + given) if k.lower() in have]


class RemoveChosenTokensArgs(Model):
    target: Ref = "self"
    name: Word  # the tokens' name ("Fire"), whatever their stat changes


@primitive
class RemoveChosenTokens(Primitive):
    """"Destroy zero or more Fire tokens on Mitsu": as the effect resolves its player chooses how many of the
    card's tokens of that name go, from none to all (the script's ``choose:`` gives the number; else all of them,
    and the step says so); "the number of tokens destroyed" after it is that number (``token``, ``choices``). Tokens of
    the name with different changes go in the order the card holds them."""

    name, Args, cite = "remove_chosen_tokens", RemoveChosenTokensArgs, "token"

    @classmethod
    def run(cls, g, ctx, args):
        removed = 0
        for card in [c for c in cards_of(g, ctx, args.target) if c.in_play]:
            kinds = tokenkinds.kinds_named(card.tokens, args.name)
            have = sum(card.tokens[k] for k in kinds)
            chosen, note = _chosen_number(ctx, have)
            g.record(StepKind.CHOICE, f"{ctx.player.capitalize()} chooses to remove {chosen} of {card.title}'s {have} "
                                      f"{args.name} tokens ({note})", [cls.cite, "choices"], ctx.player, "resolve")
            left = chosen
            for kind in kinds:
                take = min(left, card.tokens[kind])
                if take:
                    g.add_tokens(card, kind, -take)
                    left -= take
            if chosen:
                g.version += 1
                g.record(StepKind.EFFECT, f"{card.title} loses {chosen} {args.name} token{'s' if chosen != 1 else ''} "
                                          f"({ctx.why()})", [cls.cite], ctx.player, "resolve")
            removed += chosen
        ctx.tokens_removed = removed
        return True  # choosing none is still doing what the text says

    @classmethod
    def describe(cls, args):
        return f"remove any number (zero or more) of {describe_ref(args.target)}'s {args.name} tokens, as you choose"


def _chosen_number(ctx, have: int) -> tuple[int, str]:
    """How many of ``have`` tokens the player removes: the script's next ``choose:`` answer if it is a number
    from 0 to ``have``, else all of them."""
    wanted = str(ctx.choices[0]) if ctx.choices else None
    if wanted is not None and wanted.isdigit() and int(wanted) <= have:
        ctx.choices.pop(0)
        return int(wanted), "as the script chooses"
    return have, (f"{wanted!r} is not a number from 0 to {have}; " if wanted else "no choose: answer; ") + \
        "the engine removes all of them"


class TransferTokenArgs(Model):
    source: Ref = "self"  # the card the token leaves
    target: Ref = 1  # the card it goes to
    name: Word  # the token's name ("Masterwork"), whatever its stat changes


@primitive
class TransferToken(Primitive):
    """"Transfer a Masterwork token from this Holding to a target Armor or Weapon": one token of the name leaves
    the source and is put on the target as it was, with its printed changes (``token``); nothing moves if the source
    has none or either card has left play."""

    name, Args, cite = "transfer_token", TransferTokenArgs, "token"
    card_args = ("source", "target")

    @classmethod
    def run(cls, g, ctx, args):
        source = next((c for c in cards_of(g, ctx, args.source) if c.in_play), None)
        target = next((c for c in cards_of(g, ctx, args.target) if c.in_play), None)
        kinds = tokenkinds.kinds_named(source.tokens, args.name) if source is not None else []
        if target is None or not kinds:
            return False
        g.add_tokens(source, kinds[0], -1)
        g.add_tokens(target, kinds[0], 1)
        g.version += 1
        g.record(StepKind.EFFECT, f"a {kinds[0]} token moves from {source.title} to {target.title} ({ctx.why()})",
                 [cls.cite], ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        return f"move a {args.name} token from {describe_ref(args.source)} to {describe_ref(args.target)}"


class RemoveAnyTokenArgs(Model):
    name: Word  # the token's name ("Madness"), whatever its stat changes


@primitive
class RemoveAnyToken(Primitive):
    """"Destroy a Madness token": one token of the name from a card in play that has one, which the player chooses as
    the effect resolves — no card is targeted (``token``, ``choices``): the script's ``choose:`` names the card (title or
    id), else the engine takes the first and says so. Nothing happens if no card in play has one."""

    name, Args, cite = "remove_any_token", RemoveAnyTokenArgs, "token"

    @classmethod
    def run(cls, g, ctx, args):
        holders = [c for c in g.in_play() if tokenkinds.kinds_named(c.tokens, args.name)]
        if not holders:
            g.record(StepKind.EFFECT, f"no card in play has a {args.name} token ({ctx.why()})", [cls.cite], ctx.player,
                     "resolve")
            return False
        by_id = {c.id: c for c in holders}
        chosen = by_id[script_choice(g, ctx, list(by_id), lambda cid, note: (
            f"{ctx.player.capitalize()} chooses {by_id[cid].title}'s {args.name} token ({note}; cards with one: "
            f"{names(holders)})"), key=lambda answer: next(
                (c.id for c in holders if str(answer).lower() in (c.title.lower(), c.id.lower())), None))]
        g.add_tokens(chosen, tokenkinds.kinds_named(chosen.tokens, args.name)[0], -1)
        g.version += 1
        g.record(StepKind.EFFECT, f"{chosen.title} loses a {args.name} token ({ctx.why()})", [cls.cite], ctx.player,
                 "resolve")
        return True

    @classmethod
    def describe(cls, args):
        return f"remove a {args.name} token from a card in play you choose"


class ShareTokensArgs(Model):
    target: Ref = 1  # the cards chosen ("one to three target Holdings")
    name: Word  # the tokens' name ("Wealth")
    stats: dict[Literal["force", "chi", "personal_honor", "gold_production"], SmallInt] = Field(
        default_factory=dict, max_length=4)  # each token's printed changes ("+1GP")
    total: Annotated[StrictInt, Field(ge=1, le=10)] = 1  # the tokens given in all


@primitive
class ShareTokens(Primitive):
    """"Give three +1GP Wealth tokens to one to three target Holdings": the tokens, in all, shared out among the
    targets still in play, each getting one (each target is chosen to be affected, ``targeting``); the rest go as the
    player chooses as the effect resolves (``choices``): the script's ``choose:`` names a card (title or id) for each
    token left, else the engine gives it to the first and says so."""

    name, Args, cite = "share_tokens", ShareTokensArgs, "token"

    @classmethod
    def run(cls, g, ctx, args):
        from .grants import Tokens, TokensArgs

        cards = [c for c in cards_of(g, ctx, args.target) if c.in_play]
        if not cards:
            return False
        shares = {c.id: 1 for c in cards}
        by_id = {c.id: c for c in cards}
        for _ in range(max(0, args.total - len(cards))):
            chosen = script_choice(g, ctx, list(by_id), lambda cid, note: (
                f"{ctx.player.capitalize()} gives another {args.name} token to {by_id[cid].title} ({note}; "
                f"options: {names(cards)})"), key=lambda answer: next(
                    (c.id for c in cards if str(answer).lower() in (c.title.lower(), c.id.lower())), None))
            shares[chosen] += 1
        done = False
        for cid, n in shares.items():
            done = Tokens.run(g, ctx, TokensArgs(target=[cid], name=args.name, stats=args.stats, count=n)) or done
        return done

    @classmethod
    def describe(cls, args):
        kind = f"{tokenkinds.key('', args.stats).strip()} {args.name}".strip()
        return f"give {args.total} {kind} tokens in all to {describe_ref(args.target)}, at least one each, as you choose"


class ToggleTokenArgs(Model):
    target: Ref = "self"  # one card
    name: Word  # the token's name ("Change")
    stats: dict[Literal["force", "chi", "personal_honor", "gold_production"], SmallInt] = Field(
        default_factory=dict, max_length=4)  # the changes of the token given ("-2F/+3C")


@primitive
class ToggleToken(Primitive):
    """"Give Shabura a -2F/+3C Change token if she does not have one, or remove one if she does": whether the card
    has a token of that name is looked at once, as the effect resolves, then one is given or one goes (``token``)."""

    name, Args, cite = "toggle_token", ToggleTokenArgs, "token"

    @classmethod
    def run(cls, g, ctx, args):
        from .grants import Tokens, TokensArgs

        card = next((c for c in cards_of(g, ctx, args.target) if c.in_play), None)
        if card is None:
            return False
        has = tokenkinds.count(card.tokens, args.name) > 0
        return Tokens.run(g, ctx, TokensArgs(target=args.target, name=args.name, count=-1 if has else 1,
                                             stats={} if has else args.stats))

    @classmethod
    def describe(cls, args):
        changes = tokenkinds.key("", args.stats).strip()
        return (f"give {describe_ref(args.target)} a {changes} {args.name} token if it has no {args.name} token, "
                f"else remove one of its {args.name} tokens")


class RemoveSomeTokensArgs(Model):
    target: Ref = 1  # one card
    least: Annotated[StrictInt, Field(ge=1, le=20)] = 1
    most: Annotated[StrictInt, Field(ge=1, le=20)] = 1


@primitive
class RemoveSomeTokens(Primitive):
    """"Destroy one or two of a target Personality's tokens": tokens of any kind, as many as the player chooses
    within the bounds, as the effect resolves (``token``, ``choices``): each ``choose:`` answer that names a kind the
    card still holds ("Madness", "Poison -1F/-1C", "force" for a plain +1F or -1F token) is one token, up to the most; short of the least, the
    engine takes the card's first tokens and says so. A card with fewer tokens loses what it has; "the number of
    tokens this destroyed" after it is how many went."""

    name, Args, cite = "remove_some_tokens", RemoveSomeTokensArgs, "token"

    @classmethod
    def run(cls, g, ctx, args):
        card = next((c for c in cards_of(g, ctx, args.target) if c.in_play), None)
        # plain stat tokens are kept as their total ("force": -2 is two -1F tokens): counted one by one here
        held = {k: abs(n) for k, n in card.tokens.items()} if card is not None else {}
        chosen: list[str] = []
        while ctx.choices and len(chosen) < args.most and (kind := _held_kind(held, str(ctx.choices[0]))):
            ctx.choices.pop(0)
            chosen.append(kind)
            held[kind] -= 1
        note = "as the script chooses"
        while len(chosen) < args.least and any(held.values()):
            kind = next(k for k, n in held.items() if n)
            chosen.append(kind)
            held[kind] -= 1
            note = "the script chose fewer; the engine takes the card's first tokens"
        for kind in chosen:
            g.add_tokens(card, kind, -1 if card.tokens[kind] > 0 else 1)
        ctx.tokens_removed = len(chosen)
        if not chosen:
            g.record(StepKind.EFFECT, f"no token to remove ({ctx.why()})", [cls.cite], ctx.player, "resolve")
            return False
        g.version += 1
        g.record(StepKind.EFFECT, f"{card.title} loses {len(chosen)} token{'s' if len(chosen) != 1 else ''}: "
                                  f"{', '.join(chosen)} ({note}; {ctx.why()})", [cls.cite, "choices"], ctx.player,
                 "resolve")
        return True

    @classmethod
    def describe(cls, args):
        many = str(args.most) if args.least == args.most else f"{args.least} to {args.most}"
        return f"remove {many} of {describe_ref(args.target)}'s tokens, of any kinds, as you choose"


def _held_kind(held: dict, answer: str) -> str | None:
    """The kind of token a ``choose:`` answer names, if the card still holds one: its full key, or its name alone."""
    exact = next((k for k, n in held.items() if n and k.lower() == answer.lower()), None)
    return exact or next((k for k, n in held.items() if n and tokenkinds.parse(k)[0].lower() == answer.lower()), None)
