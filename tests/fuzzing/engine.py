"""Mutation fuzzing of the rules engine itself (no HTTP): gallery positions broken the
generic way (tests/fuzzing/mutate.py) and the way a judge's typo does — an id swapped for
another, a number nudged, steps dropped, repeated, reordered or borrowed from another
position, a player or a point of the turn changed — so that many cases stay valid and
reach deep into the engine.  Used by tests/engine/test_fuzz.py and bench/fuzz_engine.py.
"""
from __future__ import annotations

import copy
import random
import time
import traceback
from dataclasses import dataclass, field

import yaml

from judgeapp.engine import PositionError, replay_text
from judgeapp.positions import gallery

from . import mutate as m

POINTS = ["action", "attack/declaration", "attack/maneuvers", "attack/engage", "attack/combat", "attack/resolution",
          "dynasty", "end"]


def seeds() -> list[dict]:
    return [yaml.safe_load(e["text"]) for e in gallery.entries()]


def _strings(value, out: set) -> set:
    if isinstance(value, str) and len(value) < 60:
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            _strings(v, out)
    elif isinstance(value, list):
        for v in value:
            _strings(v, out)
    return out


def _leaves(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, path + (i,))
    else:
        yield path, value


def semantic(position: dict, pool: list[dict], rng: random.Random) -> dict:
    """A mistake a person makes: the document stays well-formed, the game changes."""
    p = copy.deepcopy(position)
    words = sorted(_strings(p.get("script", []), set()) | _strings(p.get("players", {}), set()))
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        script = p.setdefault("script", [])
        if roll < 0.3:
            leaves = [(path, v) for path, v in _leaves(p) if isinstance(v, (str, int)) and not isinstance(v, bool)]
            if not leaves:
                continue
            path, value = rng.choice(leaves)
            new = (value + rng.choice([-3, -1, 1, 2, 5])) if isinstance(value, int) else rng.choice(words or [value])
            target = p
            for step in path[:-1]:
                target = target[step]
            target[path[-1]] = new
        elif roll < 0.45 and script:
            rng.choice([lambda: script.pop(rng.randrange(len(script))),
                        lambda: script.insert(rng.randrange(len(script) + 1), rng.choice(script)),
                        lambda: rng.shuffle(script)])()
        elif roll < 0.65:
            other = rng.choice(pool).get("script") or [{"pass": "alice"}]
            script.insert(rng.randrange(len(script) + 1), copy.deepcopy(rng.choice(other)))
        elif roll < 0.75:
            p["at"] = rng.choice(POINTS)
        elif roll < 0.85:
            p["active"] = rng.choice(list(p.get("players") or {"alice": 0}))
        else:
            script.append({"advance": rng.choice(["end_of_battle", "dynasty", "end_of_turn", "next_turn"])})
    return p


def case(pool: list[dict], rng: random.Random) -> str:
    base = rng.choice(pool)
    roll = rng.random()
    if roll < 0.6:
        return m.to_yaml(semantic(base, pool, rng))
    if roll < 0.9:
        return m.to_yaml(m.mutate(base, rng))
    return m.mutate_text(m.to_yaml(base), rng)


@dataclass
class Outcome:
    cases: int = 0
    replayed: int = 0
    refused: int = 0
    stopped: int = 0
    rejected_steps: int = 0
    slowest: float = 0.0
    crashes: list = field(default_factory=list)

    def summary(self) -> str:
        return (f"{self.cases} cases: {self.replayed} replayed ({self.rejected_steps} refused steps, {self.stopped} "
                f"stopped at the budget), {self.refused} positions refused with a path, {len(self.crashes)} crashes, "
                f"slowest {self.slowest:.2f} s")


def run(cases: int, seed: int) -> Outcome:
    rng, pool, out = random.Random(seed), seeds(), Outcome()
    for _ in range(cases):
        text = case(pool, rng)
        start = time.perf_counter()
        try:
            result = replay_text(text, lambda title, level: None)
            out.replayed += 1
            out.stopped += bool(result["stopped"])
            out.rejected_steps += sum(s["kind"] == "rejected" for s in result["steps"])
        except PositionError:
            out.refused += 1
        except Exception:  # noqa: BLE001 - a crash is what this looks for
            out.crashes.append((text[:2000], traceback.format_exc(limit=-4)))
        out.slowest = max(out.slowest, time.perf_counter() - start)
        out.cases += 1
    return out
