"""Primitives of the decks area: a player's hand, decks, discard pile and Provinces
(``areas-of-the-game``, ``discard``, ``draw``, ``provinces``)."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, StrictBool

from .. import cardops
from ..references import ZONE_NAMES, amount, matches, players, script_choice
from ..registry import Effect, Primitive, primitive
from ..structures import AllRef, Condition, Filter, Model, Number, PlayerRef, Ref, SmallInt
from ..vocab import StepKind, Zone
from ..zones import move, refill
from .cards import describe_amount, describe_filter, describe_ref
from .common import TargetArgs, cards_of, delay, entry_fails, names, pay_for_card

DYNASTY_TYPES = frozenset({"personality", "holding", "region", "event", "celestial"})


class PlayerArgs(Model):
    player: PlayerRef = "you"


@primitive
class DiscardHand(Primitive):
    """"Discard your hand": every card in the player's hand, one after another (``discard``)."""

    name, Args, cite = "discard_hand", PlayerArgs, "discard"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for who in players(g, args.player, ctx):
            for cid in list(g.players[who].hand):
                g.tick()
                done = cardops.discard_from_hand(g, g.cards[cid], ctx.why(), [cls.cite], ctx.player,
                                                 action=ctx.keywords) or done
        return done

    @classmethod
    def describe(cls, args):
        return "discard your hand" if args.player == "you" else f"{args.player} discards his hand"


@primitive
class Seppuku(Primitive):
    """"Erdene commits Seppuku": "Rehonor the Personality, then destroy him; these effects cannot be negated"
    (``seppuku``): no prevention or restriction stops either, and no effect negates them (``prevention``: "will
    not be negated" defeats "does not" and "cannot" too); the destruction happens even if the rehonoring did
    not (he was honorable)."""

    name, Args, cite = "seppuku", TargetArgs, "seppuku"

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for card in cards_of(g, ctx, args.target):
            if card.type != "personality" or not card.in_play:
                continue
            g.tick()
            cardops.set_honor_state(g, card, False, ctx.why(), [cls.cite, "rehonoring"], ctx.player, ctx.source,
                                    negatable=False)
            done = bool(cardops.leave_play(g, card, "destroyed", ctx.why(), [cls.cite, "destroy"], ctx.player,
                                           ctx.source, cause="seppuku", negatable=False)) or done
        return done

    @classmethod
    def describe(cls, args):
        return f"{describe_ref(args.target)} commits seppuku (rehonored, then destroyed; neither can be negated)"


@primitive
class BecomeDead(Primitive):
    """"A target Personality in a discard pile becomes honorably dead": he is dead, and honorable
    (``dead``: a dead Personality is honorably or dishonorably dead)."""

    name, Args, cite = "become_dead", TargetArgs, "dead"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for card in cards_of(g, ctx, args.target):
            if card.type != "personality" or card.zone not in (Zone.DISCARD, Zone.DEAD):
                continue
            if card.zone is Zone.DISCARD:
                move(g, card, Zone.DEAD)
            g.set_dishonored(card, False)
            g.record(StepKind.EFFECT, f"{card.title} becomes honorably dead ({ctx.why()})", [cls.cite], ctx.player,
                     "resolve")
            done = True
        return done

    @classmethod
    def describe(cls, args):
        return f"{describe_ref(args.target)} becomes honorably dead"


@primitive
class Vacate(Primitive):
    """Discard a card from a Province that this action refills itself ("Refill the Province with …"):
    the Province stays empty for that effect (``provinces``: refilled from the deck "unless something
    else has refilled it"); if nothing has refilled it once the action resolves, the deck does."""

    name, Args, cite = "vacate", TargetArgs, "discard"

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for card in cards_of(g, ctx, args.target):
            prov = g.province_of(card)
            if prov is None or not cardops.discard_from_province(g, card, ctx.why(), [cls.cite], ctx.player,
                                                                refill=False):
                continue
            ctx.discarded.append(card)
            ctx.vacated.append(prov.id)
            _refill_later(g, ctx, prov.id)
            done = True
        return done

    @classmethod
    def describe(cls, args):
        return f"discard {describe_ref(args.target)}, leaving its Province to be refilled by this action"


def _refill_later(g, ctx, province: str) -> None:
    """The Province refills from the deck after the action if its own refill did not happen (``provinces``)."""
    from ..abilities import TriggerSpec

    spec = TriggerSpec(when="after", event="action_resolves", do=[{"refill": {"province": province}}],
                       text=f"After the action resolves: refill {province} if it is empty")
    delay(g, ctx, spec, source=ctx.why(), targets={}, action=ctx)


class RefillArgs(Model):
    # a Province id; "vacated": the one this action emptied; "origin": the one the card the trigger is
    # about (or this card) came from ("After you Recruit this Holding from a Province, refill it face-up")
    province: str = Field("vacated", max_length=40)
    card: Ref | None = None  # the card the Province is refilled with; None: the top card of its owner's deck
    face_up: bool = False


@primitive
class Refill(Primitive):
    """Refill an empty Province (``provinces``): with a named Dynasty card (face down unless the text
    says face-up), or else from the top of its owner's Dynasty deck."""

    name, Args, cite = "refill", RefillArgs, "provinces"
    card_args = ("card",)

    @classmethod
    def run(cls, g, ctx, args):
        ids = ctx.vacated[-1:] if args.province == "vacated" else _origin(ctx) if args.province == "origin" \
            else [args.province]
        prov = g.province(ids[0]) if ids else None
        if prov is None or prov.cards or prov.unknown or prov.destroyed:
            return False
        cards = [c for c in cards_of(g, ctx, args.card) if c.type in DYNASTY_TYPES] if args.card is not None else []
        if not cards:
            what = refill(g, prov, args.face_up)
            if what:
                g.record(StepKind.EFFECT, f"{prov.id} is refilled {'face-up ' if args.face_up else ''}with {what} "
                                          f"from the Dynasty deck ({ctx.why()})", [cls.cite], ctx.player, "resolve")
            return bool(what)
        card = cards[0]
        move(g, card, Zone.PROVINCE, province=prov, face_up=args.face_up)
        g.record(StepKind.EFFECT, f"{prov.id} is refilled with {card.title}, face {'up' if args.face_up else 'down'} "
                                  f"({ctx.why()})", [cls.cite], ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        what = f" with {describe_ref(args.card)}" if args.card is not None else ""
        where = {"vacated": "the Province", "origin": "the Province it came from"}.get(args.province, args.province)
        return f"refill {where}{what}" + (" face-up" if args.face_up else "")


def _origin(ctx) -> list[str]:
    card = ctx.subject or ctx.source
    return [card.province_left] if card is not None and card.province_left else []


@primitive
class RevealProvinces(Primitive):
    """"Turn all cards in your Provinces face-up" (``provinces``)."""

    name, Args, cite = "reveal_provinces", PlayerArgs, "provinces"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        done = False
        for who in players(g, args.player, ctx):
            turned = []
            for prov in g.players[who].provinces:
                if prov.destroyed or (prov.face_up and all(g.cards[c].face_up for c in prov.cards)):
                    continue
                prov.face_up = True
                for cid in prov.cards:
                    g.cards[cid].face_up = True
                g.timeline.note({"province": prov.id, "face_up": [False, True]})
                turned.append(prov.id)
            if turned:
                g.record(StepKind.EFFECT, f"{who.capitalize()} turns the cards in {', '.join(turned)} face up "
                                          f"({ctx.why()})", [cls.cite], ctx.player, "resolve")
                done = True
        return done

    @classmethod
    def describe(cls, args):
        return "turn all cards in your Provinces face-up"


class AdditionalPlayArgs(Model):
    player: PlayerRef = "you"
    target: Ref | None = None  # the card to play ("it": the card a search found)
    filter: Filter = Field(default_factory=Filter)  # else a card of this kind from hand ("to play a Terrain")
    kind: Literal["battle", "open"] | None = None  # "an additional Battle action"
    use: StrictBool = False  # "an additional action from the Spell": to use an ability of the card, not to play it
    printed: StrictBool = False  # "to use a printed ability on …": not one an effect or trait gave the card


@primitive
class AdditionalPlay(Primitive):
    """"Take an additional action to play it": after this action the same player has another
    opportunity, only to play that card (``additional-action``); a card in a deck played this way
    enters a resolution area as from the hand (``search``). "Take an additional action from the Spell": only
    to use an ability of that card in play. Nothing to play or use, no additional action."""

    name, Args, cite = "additional_play", AdditionalPlayArgs, "additional-action"
    card_args = ("target",)

    @classmethod
    def run(cls, g, ctx, args):
        cards = cards_of(g, ctx, args.target) if args.target is not None else None
        if cards is not None and not cards:
            g.record(StepKind.EFFECT, f"There is no card to play, so no additional action ({ctx.why()})", [cls.cite],
                     ctx.player, "resolve")
            return False
        for who in players(g, args.player, ctx):
            g.extra_actions[who] = g.extra_actions.get(who, 0) + 1
            g.extra_play[who] = {"cards": [c.id for c in cards] if cards is not None else None,
                                 "filter": args.filter or Filter(), "kind": args.kind, "use": args.use,
                                 "printed": args.printed}
            what = ", ".join(c.title for c in cards) if cards is not None else f"a {describe_filter(args.filter or Filter())}"
            kind = f"{args.kind.capitalize()} " if args.kind else ""
            g.record(StepKind.EFFECT, f"{who.capitalize()} will take an additional {kind}action {cls.verb(args)} "
                                      f"{what} ({ctx.why()})", [cls.cite], ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        kind = f"{args.kind.capitalize()} " if args.kind else ""
        what = describe_ref(args.target) if args.target is not None else f"a {describe_filter(args.filter or Filter())}"
        if args.use and args.target == "found":
            what = "the card Equipped"
        elif args.use and isinstance(args.target, AllRef):  # "one of his Weapons": the one the player uses then
            what = f"one {describe_filter(args.target.all)}"
        return f"take an additional {kind}action {cls.verb(args)} {what}"

    @staticmethod
    def verb(args) -> str:
        if args.use:
            return "using a printed ability of" if args.printed else "using an ability of"
        return "to play"


DECK_WORDS = {"fate_deck": "Fate deck", "dynasty_deck": "Dynasty deck"}


class LookArgs(Model):
    whose: Literal["you", "any"] = "you"  # "any": "Look at the top card of a deck", any player's, your choice
    deck: Literal["fate_deck", "dynasty_deck", "either"] = "fate_deck"  # "either": "one of your decks", your choice
    count: Number = 1


@primitive
class Look(Primitive):
    """"Look at the top three cards of your Fate deck": the player sees them; they stay where they
    are (``look``: looking does not change the order). Cards the position does not name are unknown
    cards of that deck. "Them", "one of them", "the rest" refer to these cards."""

    name, Args, cite = "look", LookArgs, "look"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        who = ctx.player if args.whose == "you" else choose_player(g, ctx, g.in_turn_order(ctx.player), "whose deck")
        deck = args.deck if args.deck != "either" else _choose_deck(g, ctx)
        cards = top_cards(g, who, deck, amount(g, args.count, ctx))
        ctx.looked = cards
        g.record(StepKind.EFFECT, f"{ctx.player.capitalize()} looks at the top {len(cards)} card"
                                  f"{'s' if len(cards) != 1 else ''} of {who.capitalize()}'s {DECK_WORDS[deck]}: "
                                  f"{names(cards)} ({ctx.why()})", [cls.cite], ctx.player, "resolve")
        return bool(ctx.looked)

    @classmethod
    def describe(cls, args):
        deck = DECK_WORDS.get(args.deck, "Fate or Dynasty deck")
        whose = "your" if args.whose == "you" else "any player's"
        choice = " (your choice)" if args.whose == "any" or args.deck == "either" else ""
        return f"look at the top {describe_amount(args.count)} card(s) of {whose} {deck}{choice}"


def _choose_deck(g, ctx) -> str:
    """"One of your decks": the Fate or the Dynasty deck, the script's ``choose:`` (``fate`` or ``dynasty``),
    else the Fate deck, said so (``choices``)."""
    deck = script_choice(g, ctx, ["fate", "dynasty"], lambda wanted, note: (
        f"{ctx.player.capitalize()} chooses the {wanted.capitalize()} deck ({note})"), key=_lowered)
    return f"{deck}_deck"


def _lowered(answer) -> str:
    return str(answer).lower()


def top_cards(g, who: str, deck: str, n: int) -> list:
    """The top ``n`` cards of a deck, top first: the known ones, then unknown cards for the rest."""
    from ..carddefs import CardDef
    from ..state import Card

    p = g.players[who]
    pile, unknown = (p.fate_deck, "fate_count") if deck == "fate_deck" else (p.dynasty_deck, "dynasty_count")
    while len(pile) < n and getattr(p, unknown) > 0:
        setattr(p, unknown, getattr(p, unknown) - 1)
        cid = f"{who}.{deck.split('_')[0]}-{len(g.cards) + 1}"
        kind = ("Fate card", "strategy") if deck == "fate_deck" else ("Dynasty card", "holding")
        g.cards[cid] = Card(cid, CardDef(kind[0], kind[1], source="unknown"), who, Zone(deck), face_up=False)
        pile.append(cid)
    below = p.fate_below if deck == "fate_deck" else p.dynasty_below
    return [g.cards[c] for c in (pile + ([] if getattr(p, unknown) else below))[:n]]


class DiscardTopArgs(Model):
    # whose deck: "you"; "any" ("a Fate deck", "any Fate deck"): any player's, of your choice; "other"
    # ("another player's Fate deck"): one of the other players', of your choice
    whose: Literal["you", "any", "other"] = "you"
    deck: Literal["fate_deck", "dynasty_deck"] = "fate_deck"


@primitive
class DiscardTop(Primitive):
    """"Discard the top card of a Fate deck": the top card of the deck chosen goes to its owner's discard
    pile (``discard``); it is "the card", "the discarded card" of the effects after it, whose Focus Value
    they read. Whose deck, when the text leaves it open, is the player's choice as he resolves the effect
    (the script's ``choose:``, a player's name). An empty deck discards nothing."""

    name, Args, cite = "discard_top", DiscardTopArgs, "discard"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        options = [ctx.player] if args.whose == "you" else [p for p in g.in_turn_order(ctx.player)
                                                             if args.whose == "any" or p != ctx.player]
        who = choose_player(g, ctx, options, f"whose {DECK_WORDS[args.deck]}")
        cards = top_cards(g, who, args.deck, 1) if who is not None else []
        if not cards:
            g.record(StepKind.EFFECT, f"There is no card to discard from the {DECK_WORDS[args.deck]} ({ctx.why()})",
                     [cls.cite], ctx.player, "resolve")
            return False
        card = cards[0]
        if not cardops.discard_from_deck(g, card, ctx.why(), [cls.cite, "fate-and-dynasty-decks"], ctx.player):
            return False
        ctx.discarded.append(card)
        return True

    @classmethod
    def describe(cls, args):
        whose = {"you": "your", "any": "a", "other": "another player's"}[args.whose]
        return f"discard the top card of {whose} {DECK_WORDS[args.deck]}" + (
            " (your choice of deck)" if args.whose != "you" else "")


def choose_player(g, ctx, options: list[str], what: str) -> str | None:
    """A player the acting player chooses as the effect resolves: the script's ``choose:`` answer when it
    names one of them, else the first, said so (``choices``)."""
    if len(options) <= 1:
        return options[0] if options else None
    return script_choice(g, ctx, options, lambda wanted, note: (
        f"{ctx.player.capitalize()} chooses {wanted.capitalize()} ({what}; {note}; options: "
        f"{', '.join(o.capitalize() for o in options)})"), key=_lowered)


class PickArgs(Model):
    filter: Filter | None = None  # "one of them that is a Political Strategy"
    show: bool = False
    to: Literal["hand", "bottom"] | None = None


@primitive
class PickLooked(Primitive):
    """"Put one in your hand", "You may show one of them that is a Follower", "You may put one at the
    bottom of your deck": one of the cards looked at, of the player's choice (the script's ``find:``,
    else the first that fits, said so); "it" is then that card (``look``, ``show``)."""

    name, Args, cite = "pick_looked", PickArgs, "look"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        pool = [c for c in ctx.looked if args.filter is None or matches(
            g, args.filter.model_copy(update={"zone": ZONE_NAMES.get(c.zone, "play")}), c, ctx)]
        ctx.found = _choose(g, ctx, pool)
        if not ctx.found:
            g.record(StepKind.EFFECT, f"None of the cards looked at fits ({ctx.why()})", [cls.cite], ctx.player,
                     "resolve")
            return False
        card = ctx.found[0]
        if args.show:
            g.record(StepKind.EFFECT, f"{ctx.player.capitalize()} shows {card.title} ({ctx.why()})", ["show"],
                     ctx.player, "resolve")
        if args.to == "hand":
            move(g, card, Zone.HAND)
            g.record(StepKind.EFFECT, f"{card.title} is put into {ctx.player.capitalize()}'s hand ({ctx.why()})",
                     [cls.cite], ctx.player, "resolve")
        elif args.to == "bottom":
            move(g, card, card.zone, face_up=False, top=False)
            g.record(StepKind.EFFECT, f"{card.title} is put at the bottom of the deck ({ctx.why()})", [cls.cite],
                     ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        what = "one of the cards looked at" + (f" that is a {describe_filter(args.filter)}" if args.filter else "")
        verb = "show " if args.show else "choose "
        where = {"hand": ", and put it into your hand", "bottom": ", and put it at the bottom of the deck",
                 None: ""}[args.to]
        return f"{verb}{what}{where}"


def _choose(g, ctx, pool: list) -> list:
    named = [c for c in pool if c.title.lower() in ctx.find_named or c.id.lower() in ctx.find_named]
    if named:
        return named[:1]
    if pool:
        g.record(StepKind.CHOICE, f"{ctx.player.capitalize()} chooses {pool[0].title} (no card named; the engine takes "
                                  "the first from the top)", ["choices"], ctx.player)
    return pool[:1]


class ArrangeArgs(Model):
    target: Ref = "rest"
    shuffle: bool = False


@primitive
class Arrange(Primitive):
    """"Put the remaining cards back in any order", "You may rearrange them", "Shuffle the deck": the
    player orders the cards as he chooses (``look``, ``fate-and-dynasty-decks``); the engine cannot
    know the new order, so it keeps the listed one and says so, as after a search (``search``)."""

    name, Args, cite = "arrange", ArrangeArgs, "fate-and-dynasty-decks"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        cards = cards_of(g, ctx, args.target) if not args.shuffle else []
        what = "shuffles the deck" if args.shuffle else f"puts {names(cards)} back, in the order the player chooses"
        g.record(StepKind.CHOICE, f"{ctx.player.capitalize()} {what} (the engine keeps the listed order; "
                                  f"{ctx.why()})", [cls.cite], ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        return "shuffle the deck" if args.shuffle else f"put {describe_ref(args.target)} back in any order"


class AfterNextArgs(Model):
    event: Literal["assigns", "attacks", "destroyed", "bows"]
    card: Ref
    this_turn: bool = False
    each: bool = False  # every such occurrence until the turn ends ("after the target attacks this turn")
    condition: Condition | None = Field(default=None, alias="if")  # of the occurrence: "attacks you"
    do: list[Effect] = Field(min_length=1, max_length=10)


NEXT_WORDS = {"assigns": "assigns", "attacks": "attacks", "destroyed": "is destroyed", "bows": "bows"}


@primitive
class AfterNext(Primitive):
    """"After the next time this turn he attacks, …": a delayed effect that happens once, after that
    card's next such occurrence, keeping the targets chosen now; with "this turn" it lapses when the
    turn ends (``delayed-effects``). With ``each`` ("After the target attacks this turn, …") it happens after
    every such occurrence until the turn ends, "this turn" or not (``indefinite-conditional-effects``)."""

    name, Args, cite = "after_next", AfterNextArgs, "delayed-effects"
    card_args = ("card",)

    @classmethod
    def run(cls, g, ctx, args):
        from ..abilities import TriggerSpec

        cards = cards_of(g, ctx, args.card)
        if not cards:
            return False
        spec = TriggerSpec(when="after", event=args.event, condition=args.condition, do=list(args.do),
                           text=cls.describe(args))
        delay(g, ctx, spec, source=ctx.why(), watch=tuple(c.id for c in cards), lapses=args.this_turn,
              repeat=args.each)
        g.record(StepKind.EFFECT, "Delayed effect set up: " + cls.describe(args).replace(
            describe_ref(args.card), names(cards), 1) + f" ({ctx.why()})", [cls.cite], ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        from ..abilities import describe_condition

        when = f" ({describe_condition(args.condition)})" if args.condition is not None else ""
        return (f"after {'each' if args.each else 'the next'} time{' this turn' if args.this_turn or args.each else ''} "
                f"{describe_ref(args.card)} "
                f"{NEXT_WORDS[args.event]}{when}: {_effects_words(args.do)}")


def _effects_words(effects: list[Effect]) -> str:
    from ..abilities import describe_effect

    return "; ".join(describe_effect(e) for e in effects)


class RecruitArgs(Model):
    target: Ref = "found"  # a Personality or Holding in the player's Province or Dynasty deck
    less: SmallInt = 0  # "for 1 less Gold"


@primitive
class Recruit(Primitive):
    """"Search your Dynasty deck for a Market or Port. Recruit it.", "Recruit a target Holding in your
    Province, for 1 less Gold": the Recruit procedure as an effect (``recruit``), with the rulebook Recruit's
    requirements (Unique, the Honor Requirement, 2 more Gold for a Personality of another Clan Alignment);
    the Gold paid for the action pays for the card too (``paying-gold-costs``). The card enters play as a Recruited card (a
    Holding bowed) and its Province, if it came from one, refills."""

    name, Args, cite = "recruit", RecruitArgs, "recruit"
    card_args = ("target",)

    @classmethod
    def run(cls, g, ctx, args):
        from ..actions import Refused
        from ..rulebook import bring_in, recruit_checks
        from ..textstatics import gold_cost

        cards = cards_of(g, ctx, args.target)
        card = cards[0] if cards else None
        if card is None or card.owner != ctx.player or card.zone not in (Zone.PROVINCE, Zone.DYNASTY_DECK):
            return False
        try:
            extra = recruit_checks(g, card, ctx.player)
        except Refused as r:
            return entry_fails(g, ctx, card, "Recruit", r.text, r.section)
        if not pay_for_card(g, ctx, card, max(0, gold_cost(g, card, ctx.player) + (2 if extra else 0) - args.less),
                     "Recruit"):
            return False
        bring_in(g, card, ctx.player, g.province_of(card), False, False)
        return card.zone is Zone.PLAY

    @classmethod
    def describe(cls, args):
        less = f", paying {args.less} less Gold" if args.less else ""
        return f"Recruit {describe_ref(args.target)}{less} (its Gold Cost checked against the Gold paid)"


class IntoProvinceArgs(Model):
    target: Ref = "found"  # a Dynasty card out of play: in a discard pile, or found in the Dynasty deck
    face_up: StrictBool = False


@primitive
class IntoProvince(Primitive):
    """"Put your target discarded Personality into one of your Provinces, discarding any card currently there":
    the player chooses one of his Provinces as the effect resolves (``choices``: not a target); its cards are
    discarded without the deck refilling it, since this effect refills it with the card (``provinces``: "unless
    something else has refilled it"), face-down unless the text says face-up (``refill``)."""

    name, Args, cite = "into_province", IntoProvinceArgs, "provinces"
    card_args = ("target",)

    @classmethod
    def run(cls, g, ctx, args):
        cards = [c for c in cards_of(g, ctx, args.target) if c.type in DYNASTY_TYPES and not c.in_play
                 and c.zone is not Zone.PROVINCE]
        provinces = [p.id for p in g.players[ctx.player].provinces if not p.destroyed]
        if not cards or not provinces:
            return False
        card = cards[0]
        prov = g.province(script_choice(g, ctx, provinces, lambda pid, note: (
            f"{ctx.player.capitalize()} chooses {pid} for {card.title} ({note})")))
        for cid in list(prov.cards):
            g.tick()
            cardops.discard_from_province(g, g.cards[cid], ctx.why(), ["discard"], ctx.player, refill=False)
        move(g, card, Zone.PROVINCE, province=prov, face_up=args.face_up)
        g.record(StepKind.EFFECT, f"{card.title} is put into {prov.id}, face {'up' if args.face_up else 'down'} "
                                  f"({ctx.why()})", [cls.cite, "refill"], ctx.player, "resolve")
        return True

    @classmethod
    def describe(cls, args):
        face = "face-up" if args.face_up else "face-down"
        return f"put {describe_ref(args.target)} {face} into one of your Provinces, discarding the cards there"
