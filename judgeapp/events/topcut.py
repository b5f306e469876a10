"""The top cut: single elimination of the best 4, 8 or 16 of the Swiss standings.

Plain Python (no Django). Seeds follow the standings (the caller leaves out players who
dropped). The first round pairs 1 v 8, 4 v 5, 2 v 7, 3 v 6 (for 8; likewise for 4 and 16) in
bracket order: each table's winner meets the winner of the table next to it, so seeds 1 and 2
can only meet in the final, 1 and 4 no earlier than the semi-finals, and so on. The bracket is
rebuilt from the winners entered so far, so a corrected result is simply a changed winner.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Mapping, Sequence

SIZES = (4, 8, 16)


@dataclass(frozen=True)
class CutTable:
    """One table of a top-cut round; ``seeds`` are the players' standings places."""

    number: int
    seeds: tuple[int, int]
    players: tuple


@dataclass(frozen=True)
class Bracket:
    rounds: tuple[tuple[CutTable, ...], ...]
    champion: Hashable | None


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order: each seed s of a half-size bracket is joined by its
    opponent size + 1 - s, so the best seeds stay as far apart as they can."""
    order = [1]
    while len(order) < size:
        order = [seed for top in order for seed in (top, 2 * len(order) + 1 - top)]
    return order


def top_cut(ranked: Sequence[Hashable], size: int,
            winners: Sequence[Mapping[int, Hashable]] = ()) -> Bracket:
    """The bracket of the top ``size`` of ``ranked`` (best first), played as far as
    ``winners`` goes: ``winners[i]`` maps table numbers of round i + 1 to who won there.

    A round's next round exists once all its tables have a winner; the champion is the
    final's winner. ValueError says what is wrong with the size or a winner."""
    if size not in SIZES:
        raise ValueError(f"the top cut must be {', '.join(map(str, SIZES[:-1]))} or {SIZES[-1]} players, not {size}")
    if len(ranked) < size:
        raise ValueError(f"a top {size} needs {size} players in the standings; there are {len(ranked)}")
    if len(set(ranked[:size])) != size:
        raise ValueError("a player appears twice in the standings")
    order = bracket_order(size)
    field = [(seed, ranked[seed - 1]) for seed in order]
    rounds = []
    while True:
        number = len(rounds) + 1
        tables = tuple(CutTable(k, (a[0], b[0]), (a[1], b[1]))
                       for k, (a, b) in enumerate(zip(field[0::2], field[1::2]), start=1))
        rounds.append(tables)
        results = winners[number - 1] if number <= len(winners) else {}
        by_number = {table.number: table for table in tables}
        for table_number, winner in results.items():
            if table_number not in by_number:
                raise ValueError(f"top-cut round {number} has no table {table_number}")
            if winner not in by_number[table_number].players:
                raise ValueError(f"top-cut round {number}, table {table_number}: {winner!r} is not playing there")
        finished = len(results) == len(tables)
        if number < len(winners) and not finished:
            raise ValueError(f"top-cut round {number} is not finished, so round {number + 1} can have no results")
        if number < len(winners) and len(tables) == 1:
            raise ValueError(f"the final was round {number}; there is no round {number + 1}")
        if not finished:
            return Bracket(tuple(rounds), None)
        field = [next(pair for pair in zip(table.seeds, table.players) if pair[1] == results[table.number])
                 for table in tables]
        if len(field) == 1:
            return Bracket(tuple(rounds), field[0][1])
