"""Swiss standings and their tiebreakers, from the results as they stand now.

Plain Python (no Django): the events app passes its registrations and its current results
(a corrected result simply replaces the old one before the call, so the standings always
follow the latest correction) and gets rows ``{rank, player, points, wins, losses, draws,
sos, esos}``.

Points: a win is worth 3, a draw 1, a loss 0. None of the rules documents in the corpus
(Ivory and Twenty Festivals comprehensive rules, Emperor, Diamond, Celestial, the French
summary) says how tournaments are scored, so this is the common 3/1/0 of Swiss card-game
events. An intentional draw (both players agree to draw) scores as a draw.

Order, from first to last tiebreaker:

1. points;
2. strength of schedule (SoS): the average match-win percentage of the player's opponents,
   each opponent's percentage floored at one third, so that an opponent who lost every game
   does not drag a player down more than a third (the standings page must say so);
3. extended strength of schedule (ESoS): the average SoS of the player's opponents;
4. head-to-head: among players still tied, the points each scored against the others in
   the tie;
5. then the order the entrants were given in (registration order), so every rank is
   distinct and a top cut always has a line to draw.

A player's match-win percentage is their points over 3 x the rounds they have played. A bye
is a win (3 points, counted in wins and in the rounds played) but the bye is no opponent: it
adds nothing to SoS or ESoS. A dropped player keeps their results, and their percentage
stays what it was over the rounds they played, for their opponents' SoS. A late entry misses
the rounds before the one they joined in; the organizer chooses (``LateEntry``) whether each
missed round is a loss (recorded and counted in their percentage) or simply not played (zero
points, no loss, not counted). Ranking compares exact fractions; the rows give SoS and ESoS
rounded to four places for display.
"""
from __future__ import annotations

import enum
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Hashable, Iterable, Sequence

WIN, DRAW, LOSS = 3, 1, 0
FLOOR = Fraction(1, 3)


class Outcome(str, enum.Enum):
    """The result of one table, as entered: ``a`` or ``b`` won, or the game was drawn."""

    A_WINS = "a"
    B_WINS = "b"
    DRAW = "draw"
    INTENTIONAL_DRAW = "intentional_draw"


class LateEntry(str, enum.Enum):
    """What a late entry's missed rounds count as: a loss each, or nothing (zero points)."""

    LOSS = "loss"
    ZERO = "zero"


@dataclass(frozen=True)
class Entrant:
    """A registered player: ``joined_round`` is the first round they could be paired in."""

    id: Hashable
    joined_round: int = 1
    dropped: bool = False


@dataclass(frozen=True)
class Match:
    """One table of one round; ``b`` is None when ``a`` had the bye (then ``outcome`` is A_WINS)."""

    round: int
    a: Hashable
    b: Hashable | None
    outcome: Outcome = Outcome.A_WINS


@dataclass
class Record:
    """What one player has done so far: the figures every tiebreaker is computed from."""

    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    rounds: int = 0
    byes: int = 0
    opponents: list = field(default_factory=list)
    against: dict = field(default_factory=lambda: defaultdict(int))

    def score(self, earned: int, opponent: Hashable | None = None) -> None:
        self.points += earned
        self.rounds += 1
        if earned == WIN:
            self.wins += 1
        elif earned == DRAW:
            self.draws += 1
        else:
            self.losses += 1
        if opponent is not None:
            self.opponents.append(opponent)
            self.against[opponent] += earned

    @property
    def match_win(self) -> Fraction:
        return Fraction(self.points, WIN * self.rounds) if self.rounds else Fraction(0)


def _earned(outcome: Outcome) -> tuple[int, int]:
    if outcome is Outcome.A_WINS:
        return WIN, LOSS
    if outcome is Outcome.B_WINS:
        return LOSS, WIN
    return DRAW, DRAW


def records(entrants: Sequence[Entrant], matches: Iterable[Match],
            late_entry: LateEntry = LateEntry.LOSS) -> dict[Hashable, Record]:
    """Each entrant's record, keyed by id, in entrant order; ValueError names bad input."""
    table = {}
    for entrant in entrants:
        if entrant.id in table:
            raise ValueError(f"player {entrant.id!r} is registered twice")
        if not isinstance(entrant.joined_round, int) or entrant.joined_round < 1:
            raise ValueError(f"player {entrant.id!r}: joined_round must be a round number from 1")
        table[entrant.id] = Record()
        if late_entry is LateEntry.LOSS:
            for _ in range(entrant.joined_round - 1):
                table[entrant.id].score(LOSS)
    joined = {entrant.id: entrant.joined_round for entrant in entrants}
    seen = set()
    for match in matches:
        if not isinstance(match.round, int) or match.round < 1:
            raise ValueError(f"round {match.round!r} is not a round number from 1")
        outcome = Outcome(match.outcome)
        players = (match.a,) if match.b is None else (match.a, match.b)
        if match.a == match.b:
            raise ValueError(f"round {match.round}: player {match.a!r} cannot play themself")
        for player in players:
            if player not in table:
                raise ValueError(f"round {match.round}: player {player!r} is not registered")
            if (match.round, player) in seen:
                raise ValueError(f"round {match.round}: player {player!r} has two results")
            if match.round < joined[player]:
                raise ValueError(f"round {match.round}: player {player!r} only joined in round {joined[player]}")
            seen.add((match.round, player))
        if match.b is None:
            if outcome is not Outcome.A_WINS:
                raise ValueError(f"round {match.round}: a bye is a win for {match.a!r}, not {outcome.value!r}")
            table[match.a].score(WIN)
            table[match.a].byes += 1
            continue
        a_earned, b_earned = _earned(outcome)
        table[match.a].score(a_earned, match.b)
        table[match.b].score(b_earned, match.a)
    return table


def _average(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def standings(entrants: Sequence[Entrant], matches: Iterable[Match],
              late_entry: LateEntry = LateEntry.LOSS) -> list[dict]:
    """Rows ``{rank, player, points, wins, losses, draws, sos, esos}``, best first."""
    return rows(records(entrants, matches, late_entry))


def rows(table: dict[Hashable, Record]) -> list[dict]:
    """The standings rows of ``records``' output, ranked by the tiebreakers above."""
    floored = {player: max(record.match_win, FLOOR) for player, record in table.items()}
    sos = {player: _average([floored[o] for o in record.opponents]) for player, record in table.items()}
    esos = {player: _average([sos[o] for o in record.opponents]) for player, record in table.items()}
    key = {player: (table[player].points, sos[player], esos[player]) for player in table}
    order = sorted(table, key=key.__getitem__, reverse=True)
    ranked, start = [], 0
    while start < len(order):
        end = start + 1
        while end < len(order) and key[order[end]] == key[order[start]]:
            end += 1
        tied = order[start:end]
        ranked += sorted(tied, key=lambda player: -sum(table[player].against[other] for other in tied))
        start = end
    return [{"rank": rank, "player": player, "points": table[player].points, "wins": table[player].wins,
             "losses": table[player].losses, "draws": table[player].draws,
             "sos": round(float(sos[player]), 4), "esos": round(float(esos[player]), 4)}
            for rank, player in enumerate(ranked, start=1)]
