"""Swiss pairings, solved as a maximum-weight matching (networkx) rather than a greedy pass.

Plain Python (no Django). ``next_round`` is the one call the events app needs: it takes the
registrations and the results so far and returns the tables of the next round.
``pair_first_round`` and ``pair_round`` are the two halves it picks between.

Hard rules, which no weight can trade away: no rematch, no second bye, dropped players are
not paired, everyone else is paired exactly once. Rematches and second byes are simply not
edges of the graph, and ``max_weight_matching(..., maxcardinality=True)`` returns the
heaviest of the matchings of *maximum cardinality*: so if a pairing that keeps every hard
rule exists, the answer is one, and if the largest matching still leaves a player out, no
valid pairing exists and ``NoValidPairing`` says who cannot be placed.

Soft rules, in strict order of priority:

1. the bye goes to the lowest-ranked player (by the ``rank`` given: the current standings)
   who has not had one;
2. score groups: the sum over tables of the squared points gap is as small as possible;
3. among pairings equal on 1 and 2, a (seeded) random one.

Why squared gaps give score-group pairing with minimal pair-downs. Points lie on a line.
A table of two players on the same points costs 0, so a score group with an even number of
players pairs inside itself. When a group is odd one player has to be paired down, and the
cost grows with the square of how far: pairing down to the next group (gap d) costs d², and
one table that jumps two groups (gaps d1, d2) costs (d1 + d2)², more than the two one-step
pair-downs d1² + d2² it could replace. So odd groups pass one player to the group just
below, as in a hand-run Swiss, and never skip a group to save a table. Without rematches
the optimum is exactly "pair neighbours in points order" (for a convex cost on a line,
uncrossing any two tables never costs more); rematches can only force more.

Weights (integers, so the matching is exact): a table of players with points gap g weighs
``base - unit * g² + r``, with ``r`` random in ``[0, RANDOM)`` and ``unit = RANDOM * (tables
+ 2)``: all the random parts together are worth less than one unit of g², so they only
break ties. ``base`` keeps every weight positive; since every complete pairing has the same
number of tables, the total weight is a constant minus ``unit * Σ g²`` plus the random part.
When the bye is decided inside the matching (see below), a BYE node is joined to every
player without a bye, its edge weighing ``base + over * place`` where ``place`` is the
player's position from the top of the rank order and ``over`` exceeds anything tiers 2 and
3 can add up to, so the lowest-ranked eligible player gets it unless that leaves the rest
without a valid pairing.

Speed, and why the answer stays exact. networkx's blossom algorithm is pure Python and
about cubic: one complete graph of 512 players takes minutes (measured: over three). So the
usual path fixes the bye first (tier 1: the lowest-ranked eligible player), lines the others
up by points (shuffled within each score group, which is where tier 3's randomness starts),
cuts the line into blocks of about ``block_size`` players at even positions, preferably
between score groups, and solves each block exactly on its own complete graph (32 players:
about 500 edges, a few milliseconds). The union is accepted only with a proof that no
pairing of the whole field does better:

* ``LB(U)``, the cost of pairing neighbours in points order, is a lower bound for any set
  of players U (see above); blocks start at even positions, so LB of a run of blocks is
  the sum of theirs; a block's *excess* is its optimum minus its LB (what its rematches
  force);
* a cut at an even position is crossed by an even number of tables. Any pairing of the field
  falls apart, at the cuts it does not cross, into runs of blocks whose inner cuts are all
  crossed; a run of one block costs at least that block's optimum. The union of the block
  optima is therefore optimal if every run of two or more blocks provably costs at least
  the sum of its blocks' optima when all its inner cuts are crossed. Two lower bounds for
  that, either of which suffices:
* (a) a table crossing a boundary between adjacent point values d apart pays d² there, as
  (d1 + ... + dk)² >= d1² + ... + dk²; a crossed cut is crossed at least twice, so the run
  costs at least LB(run) + 2 * Σ d² over its inner cuts;
* (b) split each table that leaves a block at a point value between the two blocks at the
  cut (the same inequality makes the parts add up to no more than the whole); then each
  block's players pair inside it or "escape" through a crossed cut, paying their part.
  ``_Block.bound`` computes the cheapest such choice exactly (one more matching); a block
  without excess needs none, since LB is already a lower bound. This is what proves
  optimality when the leaders have played each other and their block carries an excess
  no cheap escape can remove.

A block with no rematch-free pairing, or a run neither bound proves, is merged and solved
again; at worst this ends with one block, the whole field, which is exact by definition
(and slow for hundreds of players, but only where rematches leave no cheaper proof). If no
valid pairing remains with the fixed bye, the matching with a BYE node decides the bye and
the tables together, or proves that no valid pairing exists.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Hashable, Iterable, Sequence

import networkx as nx

from .standings import Entrant, LateEntry, Match, records, rows

BLOCK_SIZE = 32
RANDOM = 1 << 10


class NoValidPairing(ValueError):
    """No pairing keeps every hard rule (no rematch, no second bye, everyone paired)."""


@dataclass(frozen=True)
class Player:
    """One player as the pairing sees them; ``rank`` 1 is the top of the standings."""

    id: Hashable
    points: int = 0
    rank: int = 0
    opponents: frozenset = frozenset()
    byes: int = 0
    dropped: bool = False


@dataclass(frozen=True)
class Table:
    """A table of the round: ``players`` is ``(a, b)``, or ``(a, None)`` for the bye."""

    number: int
    players: tuple


def _active(players: Iterable[Player]) -> list[Player]:
    players = list(players)
    ids = [player.id for player in players]
    if len(set(ids)) != len(ids):
        raise ValueError("a player appears twice in the list to pair")
    active = [player for player in players if not player.dropped]
    if not active:
        raise NoValidPairing("there are no active players to pair")
    return active


def _played(a: Player, b: Player) -> bool:
    return b.id in a.opponents or a.id in b.opponents


def _number(pairs: list[tuple[Player, Player]], bye: Player | None) -> list[Table]:
    tables = [Table(number, (a.id, b.id)) for number, (a, b) in enumerate(pairs, start=1)]
    return tables + ([Table(len(tables) + 1, (bye.id, None))] if bye else [])


def pair_first_round(players: Iterable[Player], *, seed=None, order: Sequence[Hashable] | None = None) -> list[Table]:
    """Round 1: neighbours in ``order`` (the organizer's list of every active player) or in a
    seeded random order; with an odd number, the last one gets the bye."""
    active = _active(players)
    if any(player.opponents or player.byes for player in active):
        raise ValueError("round 1 is for players without games yet; pair later rounds with pair_round")
    by_id = {player.id: player for player in active}
    if order is None:
        line = list(by_id.values())
        random.Random(seed).shuffle(line)
    else:
        counts = Counter(order)
        problems = [f"{label}: {', '.join(map(str, found))}" for label, found in (
            ("missing", [player for player in by_id if player not in counts]),
            ("not an active player", [player for player in counts if player not in by_id]),
            ("listed twice", [player for player, count in counts.items() if count > 1])) if found]
        if problems:
            raise ValueError(f"the order must list every active player once ({'; '.join(problems)})")
        line = [by_id[player_id] for player_id in order]
    pairs = list(zip(line[0::2], line[1::2]))
    return _number(pairs, line[-1] if len(line) % 2 else None)


def _weighted(players: list[Player], rng: random.Random) -> tuple[nx.Graph, int]:
    """The graph of allowed tables with tier-2/3 weights; returns it and ``base``."""
    unit = RANDOM * (len(players) // 2 + 2)
    spread = max(player.points for player in players) - min(player.points for player in players)
    base = unit * (spread * spread + 1)
    graph = nx.Graph()
    graph.add_nodes_from(range(len(players)))
    for i, a in enumerate(players):
        for j in range(i + 1, len(players)):
            b = players[j]
            if not _played(a, b):
                graph.add_edge(i, j, weight=base - unit * (a.points - b.points) ** 2 + rng.randrange(RANDOM))
    return graph, base


def _cost(pairs) -> int:
    return sum((a.points - b.points) ** 2 for a, b in pairs)


class _Block:
    """A stretch of the points line, paired on its own: its optimum, its LB and relaxations."""

    def __init__(self, players: list[Player], rng: random.Random):
        self.players = players
        self.lb = _cost(zip(players[0::2], players[1::2]))
        graph, _ = _weighted(players, rng)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        self.pairs = [(players[i], players[j]) for i, j in matching] if 2 * len(matching) == len(players) else None
        self.cost = _cost(self.pairs) if self.pairs is not None else self.lb
        self._bounds = {}

    def bound(self, above: int | None, below: int | None) -> int:
        """A lower bound on what this block's players pay, in any pairing of the field, when
        tables may leave it upwards (split at points ``above``) or downwards (``below``).

        Relaxation: each player pairs inside the block or escapes alone, paying the part of
        its table's cost on its side of the split point. The cheapest such choice is a
        maximum-weight matching on the saving ``escape(a) + escape(b) - gap²`` of keeping a
        and b together; it can only be below the block's optimum, and never below LB."""
        if self.cost == self.lb:
            return self.lb
        if (above, below) not in self._bounds:
            sides = [side for side in (above, below) if side is not None]
            escape = [min((player.points - side) ** 2 for side in sides) for player in self.players]
            graph = nx.Graph()
            for i, a in enumerate(self.players):
                for j in range(i + 1, len(self.players)):
                    saving = escape[i] + escape[j] - (a.points - self.players[j].points) ** 2
                    if saving > 0 and not _played(a, self.players[j]):
                        graph.add_edge(i, j, weight=saving)
            kept = sum(graph[i][j]["weight"] for i, j in nx.max_weight_matching(graph))
            self._bounds[above, below] = max(self.lb, sum(escape) - kept)
        return self._bounds[above, below]


def _cut(line: list[Player], block_size: int) -> list[list[Player]]:
    blocks, start = [], 0
    for end in range(2, len(line), 2):
        size = end - start
        if size >= block_size or (2 * size >= block_size and line[end - 1].points != line[end].points):
            blocks.append(line[start:end])
            start = end
    return blocks + [line[start:]]


def _unproven_run(blocks: list[_Block]) -> tuple[int, int] | None:
    """The shortest run of two or more blocks for which neither bound proves that no pairing
    crossing all its inner cuts beats the blocks' own optima; None when every run is proven."""
    gaps = [(upper.players[-1].points - lower.players[0].points) ** 2 for upper, lower in zip(blocks, blocks[1:])]
    split = [lower.players[0].points if upper.cost > upper.lb else upper.players[-1].points
             for upper, lower in zip(blocks, blocks[1:])]
    for length in range(2, len(blocks) + 1):
        for first in range(len(blocks) - length + 1):
            last = first + length - 1
            run = blocks[first:last + 1]
            target = sum(block.cost for block in run)
            if sum(block.lb for block in run) + 2 * sum(gaps[first:last]) >= target:
                continue
            if sum(block.bound(split[k - 1] if k > first else None, split[k] if k < last else None)
                   for k, block in enumerate(run, start=first)) >= target:
                continue
            return first, last
    return None


def _blockwise(players: list[Player], rng: random.Random, block_size: int):
    """Pairs for ``players`` (an even number) proven optimal, or None if there are none."""
    if not players:
        return []
    shuffled = list(players)
    rng.shuffle(shuffled)
    blocks = [_Block(block, rng) for block in _cut(sorted(shuffled, key=lambda player: -player.points), block_size)]
    while True:
        failed = [k for k, block in enumerate(blocks) if block.pairs is None]
        if failed:
            if len(blocks) == 1:
                return None
            k = failed[0]
            below = k + 1 < len(blocks) and (k == 0 or len(blocks[k + 1].players) <= len(blocks[k - 1].players))
            run = (k, k + 1) if below else (k - 1, k)
        else:
            run = _unproven_run(blocks)
            if run is None:
                return [pair for block in blocks for pair in block.pairs]
        first, last = run
        merged = [player for block in blocks[first:last + 1] for player in block.players]
        blocks[first:last + 1] = [_Block(merged, rng)]


def _with_bye(active: list[Player], rng: random.Random, priority: dict) -> tuple[list, Player | None]:
    """The exact matching over the whole field, the bye decided inside it (tier 1)."""
    graph, base = _weighted(active, rng)
    bye = len(active)
    if len(active) % 2:
        over = base * (len(active) // 2 + 2)
        eligible = sorted((i for i, player in enumerate(active) if not player.byes),
                          key=lambda i: priority[active[i].id])
        for place, i in enumerate(eligible):
            graph.add_edge(bye, i, weight=base + over * (place + 1))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    paired = {node for pair in matching for node in pair}
    left = [player.id for i, player in enumerate(active) if i not in paired]
    if left:
        raise NoValidPairing(
            f"no valid pairing exists for these {len(active)} players: every pairing needs a rematch"
            f"{' or a second bye' if len(active) % 2 else ''}; the closest one leaves "
            f"{', '.join(map(str, left))} without an opponent")
    pairs = [(active[i], active[j]) for i, j in matching if bye not in (i, j)]
    given = [active[i if j == bye else j] for i, j in matching if bye in (i, j)]
    return pairs, (given[0] if given else None)


def pair_round(players: Iterable[Player], *, seed=None, block_size: int = BLOCK_SIZE) -> list[Table]:
    """A round after the first: tables ordered from the top (most points) down, the bye last.

    Raises NoValidPairing when no pairing keeps the hard rules. ``seed`` makes tier 3's
    random choices repeatable; ``block_size`` (even) only trades speed, never the result's
    optimality (see the module docstring)."""
    if block_size < 2 or block_size % 2:
        raise ValueError("block_size must be an even number from 2")
    active = _active(players)
    rng = random.Random(seed)
    priority = {player.id: (player.rank, place) for place, player in enumerate(active)}
    bye = None
    if len(active) % 2:
        eligible = [player for player in active if not player.byes]
        if not eligible:
            raise NoValidPairing(f"an odd number of players ({len(active)}) and every one has already had a bye")
        bye = max(eligible, key=lambda player: priority[player.id])
    pairs = _blockwise([player for player in active if player is not bye], rng, block_size)
    if pairs is None:
        pairs, bye = _with_bye(active, rng, priority)
    pairs = [tuple(sorted(pair, key=lambda player: priority[player.id])) for pair in pairs]
    pairs.sort(key=lambda pair: (-pair[0].points - pair[1].points, priority[pair[0].id]))
    return _number(pairs, bye)


def players_for_round(entrants: Sequence[Entrant], matches: Iterable[Match], round_number: int,
                      late_entry: LateEntry = LateEntry.LOSS) -> list[Player]:
    """The players to pair in ``round_number``, with their points, standings rank, opponents
    and byes from the results so far; dropped entrants and those joining later are left out."""
    matches = list(matches)
    if not isinstance(round_number, int) or round_number < 1:
        raise ValueError("round_number must be a round number from 1")
    if any(match.round >= round_number for match in matches):
        raise ValueError(f"there are already results for round {round_number} or later")
    table = records(entrants, matches, late_entry)
    ranks = {row["player"]: row["rank"] for row in rows(table)}
    return [Player(entrant.id, table[entrant.id].points, ranks[entrant.id],
                   frozenset(table[entrant.id].opponents), table[entrant.id].byes)
            for entrant in entrants if not entrant.dropped and entrant.joined_round <= round_number]


def next_round(entrants: Sequence[Entrant], matches: Iterable[Match], round_number: int, *,
               late_entry: LateEntry = LateEntry.LOSS, seed=None, order: Sequence[Hashable] | None = None,
               block_size: int = BLOCK_SIZE) -> list[Table]:
    """The tables of ``round_number`` from the registrations and every result so far.

    Round 1 follows ``order`` or a seeded random order; later rounds pair by points, the
    standings' ranks deciding the bye. Raises NoValidPairing, or ValueError for inconsistent
    input (unknown players, two results for one player in a round, results for this round)."""
    players = players_for_round(entrants, matches, round_number, late_entry)
    if round_number == 1:
        return pair_first_round(players, seed=seed, order=order)
    return pair_round(players, seed=seed, block_size=block_size)
