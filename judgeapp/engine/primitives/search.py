"""Searching a player's decks and discard pile for a card, and showing cards (``search``, ``show``).

A search looks through each named area in order and stops at the first that yields the card
(``search``: the player declares a find in one area before moving to the next and cannot go
back); the script's ``find:`` names the card, else the engine takes the first match from the
top and says so.  What the text does with the card ("put it in your hand") is a later effect on
``found``.  Each deck actually searched is shuffled afterwards; the engine cannot know the new
order, so it keeps the listed one and says so.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..references import matches, players
from ..registry import Primitive, primitive
from ..structures import Filter, Model, PlayerRef, Ref
from ..vocab import StepKind
from .cards import describe_filter, describe_ref
from .common import cards_of, names

Area = Literal["fate_deck", "dynasty_deck", "discard", "hand"]
AREA_WORDS = {"fate_deck": "Fate deck", "dynasty_deck": "Dynasty deck", "discard": "discard pile", "hand": "hand"}
DECKS = ("fate_deck", "dynasty_deck")


class SearchArgs(Model):
    player: PlayerRef = "you"
    areas: list[Area] = Field(default_factory=lambda: ["fate_deck"], min_length=1, max_length=3)
    filter: Filter = Field(default_factory=Filter)


def _area(g, who: str, area: str) -> list:
    p = g.players[who]
    ids = {"fate_deck": p.fate_deck + p.fate_below, "dynasty_deck": p.dynasty_deck + p.dynasty_below,
           "discard": p.discard + p.dead, "hand": p.hand}[area]  # dead Personalities are in the discard pile (dead)
    return [g.cards[i] for i in ids]


@primitive
class Search(Primitive):
    """"Search your Fate deck for a Ring": the card found is ``found`` for the effects after it."""

    name, Args, cite = "search", SearchArgs, "search"
    card_args = ()

    @classmethod
    def run(cls, g, ctx, args):
        found = []
        for who in players(g, args.player, ctx)[:1]:
            searched = []
            for area in args.areas:
                flt = args.filter.model_copy(update={"zone": area, "side": "any"})
                pool = [c for c in _area(g, who, area) if matches(g, flt, c, ctx)]
                found = _pick(g, who, pool, ctx.find_named)[:1]
                searched.append(area)
                if found:
                    break
            g.record(StepKind.EFFECT, f"{who.capitalize()} searches for {describe_filter(args.filter)} and finds "
                                      f"{names(found)} ({ctx.why()})", [cls.cite], ctx.player, "resolve")
            for area in (a for a in searched if a in DECKS):
                g.record(StepKind.RULE, f"{who.capitalize()}'s {AREA_WORDS[area]} is shuffled after the search (the "
                                        "engine keeps the listed order)", [cls.cite], who)
        ctx.found = found
        return bool(found)

    @classmethod
    def describe(cls, args):
        where = ", then ".join(AREA_WORDS[a] for a in args.areas)
        return f"search your {where} for a {describe_filter(args.filter)}"


def _pick(g, who: str, pool: list, named: list) -> list:
    """The script's ``find:`` cards if it names any, else the matches from the top, said so."""
    if named:
        return [c for c in pool if c.title.lower() in named or c.id.lower() in named]
    for card in pool[:1]:
        g.record(StepKind.CHOICE, f"{who.capitalize()} finds {card.title} (no card named; the engine takes the "
                                  "first match from the top)", ["choices"], who)
    return pool


class ShowArgs(Model):
    target: Ref = "found"


@primitive
class Show(Primitive):
    """Show a card to every player (``show``): it becomes known; nothing else changes."""

    name, Args, cite = "show", ShowArgs, "show"

    @classmethod
    def run(cls, g, ctx, args):
        cards = cards_of(g, ctx, args.target)
        if cards:
            g.record(StepKind.EFFECT, f"{ctx.player.capitalize()} shows {names(cards)} ({ctx.why()})", [cls.cite],
                     ctx.player, "resolve")
        return bool(cards)

    @classmethod
    def describe(cls, args):
        return f"show {describe_ref(args.target)}"
