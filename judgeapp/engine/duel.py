"""Challenges and duels (``challenge``, ``duel``), and the ``duel`` primitive.

The challenged player has the first option; players alternate focusing (a card from hand
or the top card of the Fate deck, face down; at most four each) until one strikes.  Then
focused cards turn face up, "As a Focus Effect" traits resolve, totals are compared
(Focus Values plus the duel stat, Chi unless another is given, ``duel-stat``), a tie makes
both lose unless exactly one is a Duelist (``duelist``), consequences apply, and focused
cards are discarded.  A Personality leaving play ends the duel without resolution.
The script answers the choices with ``duel: {focus: [...], strike: who, refuse: true}``.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from . import triggers
from .references import Context, holds
from .registry import Effect, Primitive, primitive
from .resolution import apply, run_effects
from .state import Card
from .structures import Condition, Model, Ref
from .triggers import Event
from .vocab import Reason, StepKind, Zone
from .zones import move

MAX_FOCUS = 4


class Outcome(Model):
    do: list[Effect] = Field(default_factory=list, max_length=10)

    @model_validator(mode="before")
    @classmethod
    def _one(cls, data):
        if isinstance(data, dict) and isinstance(data.get("do"), dict):
            data = {**data, "do": [data["do"]]}
        if isinstance(data, list):
            data = {"do": data}
        return data


class DuelArgs(Model):
    challenger: Ref = "self"
    challenged: Ref = 1
    stat: Literal["chi", "force", "personal_honor", "focus"] = "chi"
    refusable: bool = False
    refuse_cost: list[Effect] = Field(default_factory=list, max_length=4)  # "may move home to refuse"
    refuse_if: Condition | None = None  # "If he is unbowed, he may refuse": checked when he would refuse
    must_focus: Literal["each", "challenger", "challenged"] | None = None  # "must focus at least once"
    focus_from_hand: bool = False  # "… from his hand (if able)"
    focus_limit: int | None = Field(None, ge=1, le=MAX_FOCUS)  # "exactly once": no more focuses than this
    loser: Outcome = Field(default_factory=Outcome)
    winner: Outcome = Field(default_factory=Outcome)
    refused: Outcome = Field(default_factory=Outcome)
    during: list[Effect] = Field(default_factory=list, max_length=4)  # "During the duel, he has Duelist"


@primitive
class Duel(Primitive):
    name, Args, cite = "duel", DuelArgs, "duel"
    card_args = ("challenger", "challenged")

    @classmethod
    def run(cls, g, ctx, args):
        from .primitives.common import cards_of

        a = cards_of(g, ctx, args.challenger)
        b = cards_of(g, ctx, args.challenged)
        if not a or not b:
            g.record(StepKind.EFFECT, f"The challenge does not happen: it needs two Personalities ({ctx.why()})",
                     ["challenge"], ctx.player, "resolve")
            return False
        return fight(g, ctx, a[0], b[0], args)

    @classmethod
    def describe(cls, args):
        from .abilities import describe_condition, describe_effect
        from .primitives.cards import describe_ref

        text = f"{describe_ref(args.challenger)} challenges {describe_ref(args.challenged)}"
        if args.stat != "chi":
            text += f" (a duel of {args.stat.replace('_', ' ').title()})"
        if args.must_focus:
            who = {"each": "each player", "challenger": "the challenger's player", "challenged": "the challenged "
                   "player"}[args.must_focus]
            text += (f"; {who} must focus {'exactly' if args.focus_limit == 1 else 'at least'} once"
                     + (" from his hand" if args.focus_from_hand else "") + " (if able)")
        elif args.focus_limit:
            text += f"; no player focuses more than {args.focus_limit} times"
        if args.refusable:
            text += " (who may refuse" + (f" if {describe_condition(args.refuse_if)}" if args.refuse_if else "") + (
                f" by doing this: {', '.join(e.describe() for e in args.refuse_cost)})" if args.refuse_cost else ")")
        if args.loser.do:
            text += "; the loser: " + ", ".join(e.describe() for e in args.loser.do)
        if args.winner.do:
            text += "; the winner: " + ", ".join(e.describe() for e in args.winner.do)
        if args.during:
            text += "; during the duel: " + ", ".join(describe_effect(e) for e in args.during)
        return text


def fight(g, ctx: Context, challenger: Card, challenged: Card, args: DuelArgs) -> bool:
    if challenger.type != "personality" or challenged.type != "personality" or not challenger.in_play \
            or not challenged.in_play or challenger.controller == challenged.controller:
        g.record(StepKind.EFFECT, f"The challenge of {challenged.title} by {challenger.title} does not happen: a duel "
                                  "is between two Personalities in play controlled by different players",
                 ["challenge"], ctx.player, "resolve")
        return False
    # "cannot be challenged from Iaijutsu actions": only challenges from actions of those kinds (permissions)
    restriction = g.restricted(challenger, "challenges", ctx.keywords) or g.restricted(challenged, "be_challenged",
                                                                                       ctx.keywords)
    if restriction:
        g.record(StepKind.EFFECT, f"The challenge of {challenged.title} by {challenger.title} does not happen: "
                                  f"{restriction}", ["challenge", "permissions"], ctx.player, "resolve")
        return False
    answers = dict(ctx.duel_script or {})
    ev = Event("challenged", challenged, challenged.controller, ctx.player, challenger)
    if not triggers.before(g, ev):
        return False
    g.record(StepKind.EFFECT, f"{challenger.title} challenges {challenged.title} ({ctx.why()})", ["challenge"],
             ctx.player, "resolve")
    # "After Nokkai challenges a Personality": he has issued the challenge, whether it is refused or not (challenge)
    triggers.after(g, Event("challenges", challenger, challenger.controller, ctx.player, challenged))
    if answers.get("refuse"):
        if not args.refusable:
            g.record(StepKind.REJECTED, f"Not allowed: {challenged.controller.capitalize()} cannot refuse this "
                                        "challenge; the card does not allow it", ["refuse"],
                     challenged.controller, reason=str(Reason.RESTRICTED))
        elif g.restricted(challenged, "refusals"):
            g.record(StepKind.REJECTED, f"Not allowed: {challenged.controller.capitalize()} cannot refuse this "
                                        f"challenge ({g.restricted(challenged, 'refusals')})", ["refuse", "permissions"],
                     challenged.controller, reason=str(Reason.RESTRICTED))
        elif not holds(g, args.refuse_if, ctx):
            from .abilities import describe_condition

            g.record(StepKind.REJECTED, f"Not allowed: {challenged.controller.capitalize()} cannot refuse this "
                                        f"challenge: only if {describe_condition(args.refuse_if)}", ["refuse"],
                     challenged.controller, reason=str(Reason.CONDITION))
        elif _refusal_paid(g, ctx, challenger, challenged, args):
            g.record(StepKind.CHOICE, f"{challenged.controller.capitalize()} refuses the challenge", ["refuse"],
                     challenged.controller)
            ctx.duel = {**live(challenger, challenged), "refused": True}  # "If he refuses, …" (refuse)
            g.duels.append({"challenger": challenger.id, "challenged": challenged.id, "winner": None, "losers": [],
                            "refused": True, "turn": g.turn})
            # "After another player refuses your challenge": the challenge's, its challenger's player's (refuse)
            triggers.after(g, Event("refused", challenger, challenger.controller, challenged.controller,
                                    data={"duel": ctx.duel}))
            run_effects(g, _outcome_ctx(ctx, ctx.duel), [], args.refused.do)
            return True
    triggers.after(g, ev)
    args = _duels_of(g, challenger, args)
    duel = {"challenger": challenger.id, "challenged": challenged.id, "turn": g.turn,
            "focused": {challenger.controller: [], challenged.controller: []}}
    now = {**live(challenger, challenged), "focused": duel["focused"], "stat": args.stat}
    g.dueling.append(now)  # "while dueling": from the challenge accepted to the end of the resolution step
    try:
        for c in (challenger, challenged):  # "After this Personality enters a duel" (duel step 1)
            triggers.after(g, Event("enters_duel", c, c.controller, ctx.player, data={"duel": now}))
        run_effects(g, _outcome_ctx(ctx, now), [], list(args.during))  # until the duel ends (order-of-effects)
        if not _focusing(g, ctx, challenger, challenged, duel, answers, args):
            return _ended(g, duel)
        winner, losers, tie = _resolve(g, ctx, challenger, challenged, duel, args, now)
    finally:
        g.dueling.remove(now)
    if winner is None and not losers:
        return _ended(g, duel, "A Focus Effect ended it" if now.get("ended") else None)
    duel.update(winner=winner.id if winner else None, losers=[c.id for c in losers], tie=tie)
    g.duels.append(duel)
    # the action's later effects name "the winner"/"the loser" too ("Destroy the duel's loser", duel)
    ctx.duel = now
    _consequences(g, now)
    run_effects(g, _outcome_ctx(ctx, now), [], list(args.winner.do if winner else []) + list(args.loser.do))
    _discard_focused(g, duel)
    _over(g)
    return True


def _duels_of(g, challenger: Card, args: DuelArgs) -> DuelArgs:
    """"Duels in which she is the challenger are duels of Force": an effect on the challenger overrides the stat
    the duel's own text gives (``duel-stat``: effects from other sources override the stats the duel specifies)."""
    given = next((o for o in reversed(g.ongoing) if o.kind == "duels_of" and o.target == challenger.id), None)
    if given is None or given.data["stat"] == args.stat:
        return args
    g.record(StepKind.RULE, f"{challenger.title} is the challenger: this is a duel of "
                            f"{given.data['stat'].replace('_', ' ').title()} ({given.source})", ["duel-stat"])
    return args.model_copy(update={"stat": given.data["stat"]})


def _refusal_paid(g, ctx: Context, challenger: Card, challenged: Card, args: DuelArgs) -> bool:
    """"Who may move home to refuse": the challenged player refuses by doing this first, each part of it
    (``refuse``, ``independence-of-effects``: no refusal if a part does not happen; the duel goes on)."""
    if not args.refuse_cost:
        return True
    paying = Context(player=challenged.controller, source=ctx.source, label="refusal", targets=dict(ctx.targets),
                     duel=live(challenger, challenged))
    for effect in args.refuse_cost:
        if not apply(g, effect, paying) or not paying.happened:
            g.record(StepKind.EFFECT, f"{challenged.controller.capitalize()} cannot refuse: “{effect.describe()}” "
                                      "did not happen, so the challenge is accepted", ["refuse"], challenged.controller)
            return False
    return True


def live(challenger: Card, challenged: Card) -> dict:
    """The duel as effects see it (``Context.duel``): its Personalities, then its outcome, and the
    consequences its Focus Effects gave (``duel`` step 5, ``focus-focus-effect``)."""
    return {"challenger": challenger, "challenged": challenged, "winner": None, "losers": [], "consequences": []}


def _consequences(g, now: dict) -> None:
    """The consequences Focus Effects gave, applied once the duel has resolved, in the order they
    were given (``duel``: "Further effects from the duel or other cards may give consequences for the
    loser or winner. Apply these consequences now")."""
    for given, effects in now["consequences"]:
        run_effects(g, given, [], effects)


def _outcome_ctx(ctx: Context, now: dict) -> Context:
    out = Context(player=ctx.player, source=ctx.source, label=ctx.label, targets=dict(ctx.targets),
                  choices=ctx.choices, action=ctx.action or ctx)  # the action's own effects (acting)
    out.duel = now
    return out


def _focusing(g, ctx, challenger: Card, challenged: Card, duel: dict, answers: dict, args: DuelArgs) -> bool:
    """Alternate focus options, the challenged player first; False if the duel ended early.  A card may
    require focusing ("Each player must focus at least once in the duel", "exactly once"): a player
    who must and can focus does not strike, and one limited to a number of focuses focuses no more."""
    order = [challenged.controller, challenger.controller]
    first = _static_source(g, challenger, "first_option")
    if first is not None:
        order.reverse()  # "You have the first opportunity to focus or strike in duels where Shindo is the challenger"
        g.record(StepKind.RULE, f"{challenger.controller.capitalize()} has the first option to focus or strike "
                                f"({first.title}'s trait)", ["duel"], challenger.controller)
    script = list(answers.get("focus") or [])
    striker = answers.get("strike")
    limit = min(MAX_FOCUS, args.focus_limit or MAX_FOCUS)
    turn = 0
    while True:
        g.tick()
        if not (challenger.in_play and challenged.in_play):
            return False
        who = order[turn % 2]
        focused = duel["focused"][who]
        can_focus = len(focused) < limit and (g.players[who].hand or g.players[who].fate_size())
        must = can_focus and not focused and _must_focus(g, who, challenger, challenged, args)
        entry = script[0] if script else None
        if entry is not None and entry.get("by") != who:
            if striker is not None and entry.get("by") not in order:
                script.pop(0)
                continue
            g.record(StepKind.REJECTED, f"Not allowed: it is {who.capitalize()}'s option to focus or strike, not "
                                        f"{str(entry.get('by')).capitalize()}'s", ["duel"], entry.get("by"),
                     reason=str(Reason.DUEL_ORDER))
            script.pop(0)
            continue
        if must and entry is None:
            entry = _required_focus(g, who, striker, args)
        elif must and args.focus_from_hand and entry.get("from") == "deck":
            script.pop(0)
            g.record(StepKind.REJECTED, f"Not allowed: {who.capitalize()} must focus from his hand (the card says "
                                        "so)", ["duel"], who, reason=str(Reason.DUEL_ORDER))
            continue
        else:
            if entry is None or not can_focus:
                if entry is not None and not can_focus:
                    script.pop(0)
                    most = "four focused cards" if limit == MAX_FOCUS else f"the card allows {limit} focus"
                    g.record(StepKind.REJECTED, f"Not allowed: {who.capitalize()} cannot focus again ({most}, or no "
                                                "card to focus) and must strike", ["duel"], who,
                             reason=str(Reason.DUEL_ORDER))
                if striker not in (None, who) and entry is None and can_focus:
                    g.record(StepKind.REJECTED, f"Not allowed: {str(striker).capitalize()} calls the strike, but it "
                                                f"is {who.capitalize()}'s option", ["duel"], striker,
                             reason=str(Reason.DUEL_ORDER))
                g.record(StepKind.CHOICE, f"{who.capitalize()} strikes" + (" (cannot focus)" if not can_focus else "")
                         + ("" if striker == who or not can_focus else " (the script names no further focus)"),
                         ["duel"], who)
                return True
            script.pop(0)
        card = _focus_card(g, who, entry)
        if card is None:
            where = "discard pile (that the card allows focusing from)" if entry.get("from") == "discard" else "hand"
            g.record(StepKind.REJECTED, f"Not allowed: {entry.get('card')!r} is not a card in {who}'s {where} to focus",
                     ["duel"], who, reason=str(Reason.NOT_IN_HAND))
            continue
        own = _from_discard(card) if entry.get("from") == "discard" else None
        facing = challenger if who == challenged.controller else challenged
        shown = not focused and facing.controller != who and _has_static(g, facing, "foe_focus_face_up")  # his trait
        move(g, card, Zone.FOCUS, face_up=shown or own is not None and own.what == "face_up")
        focused.append(card.id)
        if own is not None:
            duel.setdefault("from_discard", []).append(card.id)
        g.record(StepKind.CHOICE, f"{who.capitalize()} focuses " + (
            "the top card of the Fate deck, face down" if entry.get("from") == "deck" else
            f"{card.title} from the discard pile ({card.title}'s trait{', face up' if card.face_up else ''})"
            if own is not None else "a card from hand") + (f", face up ({facing.title}'s trait)" if shown else "")
            + f" ({len(focused)} focused)", ["duel", "focusing-area"], who)
        turn += 1


def _must_focus(g, who: str, challenger: Card, challenged: Card, args: DuelArgs) -> bool:
    """Whether the card makes this player focus before he may strike, and he is able to."""
    if args.must_focus is None or (args.must_focus != "each"
                                   and who != (challenger if args.must_focus == "challenger" else challenged).controller):
        return False
    return bool(g.players[who].hand) if args.focus_from_hand else True


def _required_focus(g, who: str, striker, args: DuelArgs) -> dict:
    """The focus a player owes when the script names none: the first card of his hand, else the top of his Fate
    deck (a choice the engine makes and says so)."""
    if striker == who:
        g.record(StepKind.REJECTED, f"Not allowed: {who.capitalize()} must focus before striking (the card says so)",
                 ["duel"], who, reason=str(Reason.DUEL_ORDER))
    hand = g.players[who].hand
    entry = {"by": who, "card": hand[0]} if hand else {"by": who, "from": "deck"}
    g.record(StepKind.CHOICE, f"{who.capitalize()} must focus (the card says so); the script names no focus, so the "
                              "engine focuses " + ("the first card of his hand" if hand else "the top card of his Fate "
                                                   "deck"), ["duel"], who)
    return entry


def _focus_card(g, who: str, entry: dict) -> Card | None:
    p = g.players[who]
    if entry.get("from") == "deck":
        from .zones import deck_top

        top = deck_top(g, who, Zone.FATE_DECK)
        if top is not None:
            return g.cards[top]
        if p.fate_count:
            from .cardops import _unknown_fate_card

            return _unknown_fate_card(g, who)
        return None
    if entry.get("from") == "discard":
        card = g.find(entry.get("card"), who, prefer=Zone.DISCARD)
        ok = card is not None and card.zone is Zone.DISCARD and card.owner == who and _from_discard(card) is not None
        return card if ok else None
    card = g.find(entry.get("card"), who)
    return card if card is not None and card.zone is Zone.HAND and card.owner == who else None


def _from_discard(card: Card):
    """The card's own trait letting its owner focus it from his discard pile ("You may focus this Strategy face-up
    from your discard pile"); a trait of a card out of play applies to that card (``continuous-traits``)."""
    return next((st for st in card.card.reading.statics if st.kind == "focus_from_discard"), None)


def _resolve(g, ctx, challenger: Card, challenged: Card, duel: dict, args: DuelArgs, now: dict):
    """Strike: reveal, Focus Effects, totals, the outcome (``duel`` steps 3–5)."""
    for who, ids in duel["focused"].items():
        for cid in ids:
            g.cards[cid].face_up = True
        if ids:
            g.record(StepKind.RULE, f"{who.capitalize()}'s focused cards turn face up: "
                     + ", ".join(f"{g.cards[c].title} (Focus {g.stat(g.cards[c], 'focus')})" for c in ids),
                     ["duel"], who)
    for who in g.in_turn_order():
        for cid in duel["focused"].get(who, []):
            if not (challenger.in_play and challenged.in_play) or now.get("ended"):
                break  # Focus Effects not yet resolved do not resolve at all (``challenge``)
            if g.cards[cid].zone is Zone.FOCUS:  # a focused card discarded by a Focus Effect has none
                triggers.fire(g, "when", Event("focused", g.cards[cid], who, data={"duel": now}))
    if not (challenger.in_play and challenged.in_play) or now.get("ended"):
        return None, [], False
    totals, overrides = {}, []
    for c in (challenger, challenged):
        focus = sum(g.stat(g.cards[f], "focus") for f in duel["focused"][c.controller])
        stat, own = duel_stat(g, c, args.stat)
        totals[c.id] = focus + stat
        if own:
            overrides.append(f"{c.title}: his {own}, his own trait")
    a, b = totals[challenger.id], totals[challenged.id]
    duel["totals"] = now["totals"] = totals  # "if you won the duel by three or more"
    text = (f"Duel resolution: {challenger.title} {a} against {challenged.title} {b} "
            f"(Focus Values plus {args.stat.replace('_', ' ').title()}" + "".join(f"; {o}" for o in overrides) + ")")
    if a != b:
        winner, loser = (challenger, challenged) if a > b else (challenged, challenger)
        g.record(StepKind.RULE, f"{text}: {winner.title} wins", ["duel", "duel-stat"], ctx.player)
        result = winner, [loser], False
    else:
        duelists = [c for c in (challenger, challenged) if g.has_keyword(c, "Duelist")]
        if len(duelists) == 1:
            winner = duelists[0]
            loser = challenged if winner is challenger else challenger
            g.record(StepKind.RULE, f"{text}: tied, and {winner.title} is a Duelist, so he wins", ["duelist"],
                     ctx.player)
            result = winner, [loser], False
        else:
            g.record(StepKind.RULE, f"{text}: tied — both lose", ["duel"], ctx.player)
            result = None, [challenger, challenged], True
    result = _forced(g, ctx, challenger, challenged, result, now)
    winner, losers, _ = result
    now.update(winner=winner, losers=list(losers))
    if winner is not None:
        triggers.after(g, Event("duel_won", winner, winner.controller, data={"duel": now}))
    for c in losers:
        triggers.after(g, Event("duel_lost", c, c.controller, data={"duel": now}))
    return result


def _has_static(g, card: Card, kind: str, other: Card | None = None) -> bool:
    """Whether a continuous trait of this kind applies to the card (against ``other``, if it names one)."""
    return _static_source(g, card, kind, other) is not None


def _static_source(g, card: Card, kind: str, other: Card | None = None) -> Card | None:
    """The card whose continuous trait of this kind applies to the card (against ``other``, if it names one)."""
    from .references import card_context, matches

    return next((src for src, st in g.statics() if st.kind == kind and g.static_applies(src, st, card)
                 and (st.to is None or other is not None and matches(g, st.to, other, card_context(g, src)))), None)


def _forced(g, ctx, challenger: Card, challenged: Card, result, now: dict):
    """"Tametaka loses any duel against Yoritomo Hiromi", a Focus Effect's "both Personalities lose the duel": an
    effect that makes a Personality lose makes the other win, unless it too must lose — which is not a tie
    (``duel``: consequences that alter who wins or loses)."""
    forced = [c for c, other in ((challenger, challenged), (challenged, challenger))
              if _has_static(g, c, "loses_duels", other) or c.id in now.get("forced_losers", ())]
    if not forced:
        return result
    if len(forced) == 2:
        g.record(StepKind.RULE, "Both Personalities lose this duel (an effect says so; this is not a tie)", ["duel"],
                 ctx.player)
        return None, [challenger, challenged], False
    loser = forced[0]
    winner = challenged if loser is challenger else challenger
    g.record(StepKind.RULE, f"{loser.title} loses this duel against {winner.title} (an effect says so): {winner.title} "
                            "wins", ["duel"], ctx.player)
    return winner, [loser], False


def duel_stat(g, card: Card, stat: str) -> tuple[int, str | None]:
    """The Personality's duel stat: the duel's (Chi unless the card that created it gives another), unless a
    trait of his own overrides it ("Nikaru uses his printed Force as his duel stat"; ``duel-stat``: effects
    from other sources override the stats the duel specifies); with the words of that override."""
    from .stats import printed

    for src, st in g.statics():
        if st.kind == "duel_stat" and g.static_applies(src, st, card):
            words = ("printed " if st.what == "printed" else "") + st.stat.replace("_", " ").title()
            return (printed(card, st.stat) if st.what == "printed" else g.stat(card, st.stat)), words
    return g.stat(card, stat), None


def _discard_focused(g, duel: dict) -> None:
    gone = []
    for who, ids in duel["focused"].items():
        for cid in ids:
            card = g.cards[cid]
            if card.zone is Zone.FOCUS:
                move(g, card, Zone.DISCARD)
                gone.append(card.title)
    if gone:
        g.record(StepKind.RULE, f"The focused cards are discarded: {', '.join(gone)}", ["duel"])
    for cid in duel.get("from_discard", []):  # "… and remove it from the game after the focused cards are discarded"
        card = g.cards[cid]
        if card.zone is Zone.DISCARD:
            move(g, card, Zone.REMOVED)
            g.record(StepKind.EFFECT, f"{card.title} is removed from the game (its trait: it was focused from the "
                                      "discard pile)", ["duel", "focused-card"], card.owner)


def _ended(g, duel: dict, why: str | None = None) -> bool:
    g.record(StepKind.RULE, f"{why or 'A Personality in the duel left play'}: the duel ends without resolution",
             ["challenge"])
    g.duels.append({**duel, "winner": None, "losers": [], "ended": True})
    _discard_focused(g, duel)
    _over(g)
    return False


def _over(g) -> None:
    """The duel is over: effects lasting until the end of the duel end (``duration-of-effects``)."""
    from .flow import expire

    expire(g, "end_of_duel")
