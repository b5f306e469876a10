"""Swiss pairing and standings at the size of a large event, single process.

Plays a 512-player event through 8 rounds (random results with draws and intentional draws,
paired by ``next_round`` like the events app), then times pairing round 9 from the
registrations and results (standings, ranks and all), and the standings of 512 players
after 9 rounds. Several seeds, so the figures show the spread; printed as JSON.
Targets (issue 13): round 9 paired in <= 2 s; standings for 512 x 9 in <= 200 ms.
"""
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judgeapp.events.pairing import next_round  # noqa: E402
from judgeapp.events.standings import Match, Outcome, standings  # noqa: E402
from tests.events.simulate import OUTCOMES, play  # noqa: E402

PLAYERS = 512


def timed(work):
    started = time.perf_counter()
    result = work()
    return result, time.perf_counter() - started


def main(seeds: int = 5) -> None:
    pairing, table_counts, standing = [], [], []
    for seed in range(seeds):
        rng = random.Random(seed)
        entrants, matches = play(PLAYERS, 8, rng)
        tables, seconds = timed(lambda: next_round(entrants, matches, 9, seed=seed))
        pairing.append(seconds)
        table_counts.append(len(tables))
        matches += [Match(9, a, b, rng.choice(OUTCOMES) if b else Outcome.A_WINS) for a, b in (t.players for t in tables)]
        rows, seconds = timed(lambda: standings(entrants, matches))
        assert len(rows) == PLAYERS
        standing.append(seconds)
    print(json.dumps({
        "players": PLAYERS, "seeds": seeds, "tables_round_9": table_counts,
        "pair_round_9_seconds": {"median": round(statistics.median(pairing), 3), "max": round(max(pairing), 3)},
        "standings_512x9_ms": {"median": round(statistics.median(standing) * 1000, 1),
                               "max": round(max(standing) * 1000, 1)},
    }, indent=2))


if __name__ == "__main__":
    main()
