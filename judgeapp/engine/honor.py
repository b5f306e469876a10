"""Family Honor and the ways to win or lose.

Honor changes are instantaneous and each happens all at once; an increase or
reduction of a gain or loss is not itself a gain or loss, never turns a gain into a
loss, and a change of zero is neither (``honor-gains-and-losses``).  A player who loses
Honor to anything but his own cards ignores Honor Requirements from then on
(``honor-requirement``).  Victory conditions are checked whenever they could become
true (``players-winning-and-losing``).
"""
from __future__ import annotations

from . import acting, triggers
from .timeline import GameOver
from .triggers import Event
from .vocab import StepKind


def change(g, player: str, amount: int, gain: bool, why: str, cites: list[str], *, kind: StepKind = StepKind.EFFECT,
           actor: str | None = None, source_owner: str | None = None, rulebook: bool = False, source=None) -> int:
    """Gain or lose Honor; returns the amount that changed hands (0 when nothing happened).

    ``source_owner`` is whose card caused it; a loss from another player's card or from the
    rulebook lifts the loser's Honor Requirements for the rest of the game."""
    p = g.players[player]
    word = "gain" if gain else "lose"
    ev = Event("honor_gained" if gain else "honor_lost", None, player, actor, source, {"amount": amount})
    adjust = sum(o.data.get("by", 0) for o in g.ongoing if o.kind == "honor_change" and o.target == player
                 and o.data.get("what") == ("gains" if gain else "losses"))
    adjusted = _by_traits(g, player, max(0, amount + adjust), gain, source)  # never below zero: not a loss
    if adjusted != amount:
        why = (f"{why}; {amount} {'reduced' if adjusted < amount else 'increased'} to {adjusted} — the change is not itself "
               "a gain or loss")
        cites = cites + ["honor-gains-and-losses"]
        amount = adjusted
        ev.data["amount"] = amount
    changed, by_whom = acting.honor_change(g, gain, amount, player)
    if by_whom:  # an Interrupt to the action whose effect this is changed it (interrupt-actions)
        why = f"{why}; {amount} changed to {changed} by {by_whom} — the change is not itself a gain or loss"
        cites = cites + ["honor-gains-and-losses", "interrupt-actions"]
        amount = changed
        ev.data["amount"] = amount
    if amount <= 0:
        g.record(kind, f"{player.capitalize()} would {word} 0 Honor ({why}): a change of zero is neither a gain "
                       "nor a loss", cites + ["honor-gains-and-losses"], actor)
        return 0
    if not triggers.before(g, ev):
        return 0
    before = p.honor
    p.honor += amount if gain else -amount
    g.timeline.note({"player": player, "honor": [before, p.honor]})
    g.record(kind, f"{player.capitalize()} {word}s {amount} Honor ({why}); Family Honor is now {p.honor}", cites,
             actor)
    if not gain and not p.ignores_hr and (rulebook or (source_owner is not None and source_owner != player)):
        p.ignores_hr = True
        g.record(StepKind.RULE, f"{player.capitalize()} lost Honor to "
                 + ("a rulebook loss" if rulebook else f"{source_owner.capitalize()}'s card")
                 + ": for the rest of the game, that player ignores Honor Requirements when bringing Personalities "
                   "of that player's Clan Alignment into play", ["honor-requirement"], player)
    triggers.after(g, ev)
    return amount


def _by_traits(g, player: str, amount: int, gain: bool, source) -> int:
    """The gain or loss after continuous traits that reduce, increase or forbid it ("Reduce your Honor
    losses from your Ninja cards by 2", "You cannot gain Honor from Holdings"); those "to a minimum of 1"
    apply after every other change and stop at that bound (``honor-gains-and-losses``, ``to-a-minimum-to-a-maximum``)."""
    if source is None:
        return amount
    from .references import card_context, holds, matches

    kinds = ("gains_and_losses", "gains", "no_gains") if gain else ("gains_and_losses", "losses", "no_losses")
    limited = []
    for src, st in g.statics():
        if st.kind != "honor_change" or st.what not in kinds \
                or (st.player == "you" and src.controller != player) or not holds(g, st.while_, src) \
                or (st.to is not None and not matches(g, st.to, source, card_context(g, src), anywhere=True)):
            continue
        if st.what.startswith("no_"):  # "You do not lose Honor from your cards": none of it happens
            amount = 0
        elif st.minimum is None:
            amount = max(0, amount + st.amount)
        else:
            limited.append(st)
    for st in limited:
        amount = max(amount + st.amount, min(amount, st.minimum))
    return amount


def rehonor_instead(g, player: str, dishonorable: list, gain: int, why: str, cites: list[str],
                    kind: StepKind = StepKind.EFFECT) -> bool:
    """Before a player gains Honor from an action or trait that targeted or came from his
    dishonorable Personalities, or from battle resolution with them in his army, their
    rehonoring is substituted for the gain (``rehonoring``).  It is a rehonoring like any other, so its
    "before" and "after" triggers happen ("After a Personality is rehonored for the action's effects (including
    Honor gain)"); one that is prevented still replaces the gain (``rehonoring``)."""
    if gain <= 0 or not dishonorable:
        return False
    events = [ev for ev in (Event("rehonored", c, c.controller, player) for c in dishonorable) if triggers.before(g, ev)]
    for ev in events:
        g.set_dishonored(ev.card, False)
    if events:
        g.record(kind, f"{', '.join(ev.card.title for ev in events)} {'is' if len(events) == 1 else 'are'} rehonored "
                       f"instead of {player.capitalize()} gaining {gain} Honor ({why})", cites + ["rehonoring"], player)
    else:
        g.record(kind, f"{player.capitalize()} does not gain {gain} Honor: the rehonoring that replaces it was "
                       f"prevented ({why})", cites + ["rehonoring"], player)
    for ev in events:
        triggers.after(g, ev)
    return True


def check_victory(g, moment: str = "any") -> None:
    """Military loss (no Provinces), Enlightenment (five elements among one's Rings); Honor
    and Dishonor are checked at turn start/end by ``flow``."""
    for name in g.live():
        p = g.players[name]
        if p.provinces and all(pr.destroyed for pr in p.provinces):
            lose(g, name, "military", "has no Provinces remaining", "military-loss-victory")
        if len(g.elements_controlled(name)) >= 5:
            win(g, name, "enlightenment", "controls Rings of all five elements", "enlightenment-victory")


def lose(g, name: str, how: str, why: str, section: str) -> None:
    p = g.players[name]
    if p.lost:
        return
    p.lost = True
    g.record(StepKind.VICTORY, f"{name.capitalize()} loses the game: {why}", [section], name)
    left = g.live()
    if len(left) == 1:
        win(g, left[0], how, f"the last remaining player after {name.capitalize()} lost", section)
    elif left:
        g.record(StepKind.RULE, f"{name.capitalize()} is eliminated; the game goes on", ["player-elimination"])


def win(g, name: str, how: str, why: str, section: str) -> None:
    if g.winner:
        return
    g.winner, g.how = name, how
    g.record(StepKind.VICTORY, f"{name.capitalize()} wins the game: {why} ({how} victory)", [section], name)
    raise GameOver()
