"""Rules engine benchmark: replays per second and p95 replay time.

Pure engine (no database: the gallery positions define their cards inline).  Prints,
as JSON: for the gallery (judgeapp/positions/gallery, each replayed many times) the
replays per second and p50/p95 per replay; then for one generated script of 1,000
steps (effects, actions, attacks and whole turns), its replay time and timeline size.
Targets: gallery p95 <= 10 ms; the 1,000-step script <= 1 s.
"""
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judgeapp.engine import replay_text  # noqa: E402

GALLERY = ROOT / "judgeapp" / "positions" / "gallery"


def no_database(title, level):
    return None


def long_script(steps: int = 1000) -> str:
    lines = []
    pattern = [
        "  - effect: {by: alice, do: {force: {target: bushi, amount: 1}}}",
        "  - effect: {by: bob, do: {lose_honor: {player: alice, amount: 1}}}",
        "  - action: {by: alice, card: envoy, ability: 1}",
        "  - effect: {by: alice, do: {bow: {target: guard}}}",
        "  - effect: {by: alice, do: {straighten: {target: guard}}}",
        "  - advance: next_turn",
    ]
    for i in range(steps):
        lines.append(pattern[i % len(pattern)])
    return """l5r-position: 1
title: long generated script
active: alice
at: action
cards:
  - {title: Bushi, type: personality, force: 3, chi: 3, honor: 2, cost: 5, ph: 2}
  - {title: Guard, type: personality, force: 2, chi: 3, honor: 2, cost: 4, ph: 1}
  - {title: Envoy, type: personality, force: 1, chi: 3, honor: 2, cost: 3, ph: 2, text: "<b>Repeatable Open:</b> Gain 1 Honor."}
players:
  alice:
    stronghold: {title: Keep, type: stronghold, strength: 6, production: 5, starting_honor: 6}
    honor: 0
    fate_deck: 900
    units: [{card: Bushi, id: bushi}, {card: Envoy, id: envoy}]
  bob:
    stronghold: {title: Castle, type: stronghold, strength: 6, production: 5, starting_honor: 7}
    honor: 0
    fate_deck: 900
    units: [{card: Guard, id: guard}]
script:
""" + "\n".join(lines) + "\n"


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main(rounds: int = 40) -> None:
    texts = [p.read_text() for p in sorted(GALLERY.glob("*.yaml"))]
    for text in texts:
        assert all(e["ok"] for e in replay_text(text, no_database)["expectations"])
    times = []
    started = time.perf_counter()
    for _ in range(rounds):
        for text in texts:
            t = time.perf_counter()
            replay_text(text, no_database)
            times.append((time.perf_counter() - t) * 1000)
    total = time.perf_counter() - started
    long_text = long_script()
    t = time.perf_counter()
    result = replay_text(long_text, no_database, max_steps=100_000, seconds=60)
    long_ms = (time.perf_counter() - t) * 1000
    print(json.dumps({
        "gallery": {"positions": len(texts), "replays": len(times), "replays_per_second": round(len(times) / total),
                    "p50_ms": round(statistics.median(times), 2), "p95_ms": round(percentile(times, 0.95), 2),
                    "max_ms": round(max(times), 2)},
        "long_script": {"script_steps": 1000, "timeline_steps": len(result["steps"]), "ms": round(long_ms, 1),
                        "turns": result["steps"][-1]["turn"], "winner": result["result"]["winner"],
                        "stopped": result["stopped"]},
    }, indent=2))


if __name__ == "__main__":
    main()
