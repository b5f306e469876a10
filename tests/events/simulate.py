"""Random Swiss events for the property tests and the bench: every kind of result, drops
and late entries, each round paired by ``next_round`` exactly as the events app pairs it."""
from __future__ import annotations

import dataclasses
import random

from judgeapp.events.pairing import BLOCK_SIZE, NoValidPairing, next_round
from judgeapp.events.standings import Entrant, LateEntry, Match, Outcome

OUTCOMES = [Outcome.A_WINS] * 10 + [Outcome.B_WINS] * 10 + [Outcome.DRAW] * 3 + [Outcome.INTENTIONAL_DRAW] * 2


def play(players: int, rounds: int, rng: random.Random, *, drop: float = 0.0, late: float = 0.0, keep: int = 0, cap: int | None = None,
         late_entry: LateEntry = LateEntry.LOSS, block_size: int = BLOCK_SIZE, check=None):
    """Play ``rounds`` rounds (fewer if ``next_round`` finds no valid pairing).

    Before each round after the first, each active player drops with chance ``drop`` (never
    taking the field below ``keep``) and each of about players/8 newcomers joins with chance
    ``late`` (never taking it above ``cap``). ``check(entrants, matches, number, tables)`` sees every round as paired, with
    ``tables`` None when NoValidPairing was raised (which ends the event). Returns
    (entrants, matches)."""
    entrants = [Entrant(number) for number in range(players)]
    matches: list[Match] = []
    for number in range(1, rounds + 1):
        if number > 1:
            active = sum(not entrant.dropped for entrant in entrants)
            for k, entrant in enumerate(entrants):
                if not entrant.dropped and active > keep and rng.random() < drop:
                    entrants[k] = dataclasses.replace(entrant, dropped=True)
                    active -= 1
            newcomers = sum(rng.random() < late for _ in range(players // 8 + 1))
            if cap is not None:
                newcomers = max(0, min(newcomers, cap - active))
            entrants += [Entrant(len(entrants) + k, joined_round=number) for k in range(newcomers)]
        seed = rng.randrange(1 << 32)
        try:
            tables = next_round(entrants, matches, number, late_entry=late_entry, seed=seed, block_size=block_size)
        except NoValidPairing:
            if check is None:
                raise
            check(entrants, matches, number, None)
            break
        if check:
            check(entrants, matches, number, tables)
        for table in tables:
            a, b = table.players
            matches.append(Match(number, a, b, Outcome.A_WINS if b is None else rng.choice(OUTCOMES)))
    return entrants, matches
