"""Mutation fuzzing of the rules engine (tests/fuzzing/engine.py), 50,000 cases by default.

Prints, as JSON: how many cases were replayed, refused with a path, stopped at the
budget, the number of crashes (the target is 0) and the slowest case (the target is
under 5 s).  Usage: python bench/fuzz_engine.py [--cases N] [--seed S]
"""
import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgeapp.settings")

from tests.fuzzing import engine  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    out = engine.run(args.cases, args.seed)
    print(json.dumps({"cases": out.cases, "replayed": out.replayed, "refused_with_path": out.refused,
                      "refused_steps": out.rejected_steps, "stopped_at_budget": out.stopped,
                      "crashes": len(out.crashes), "slowest_s": round(out.slowest, 3),
                      "seconds": round(time.perf_counter() - start, 1)}, indent=2))
    for text, trace in out.crashes[:3]:
        print(trace, file=sys.stderr)


if __name__ == "__main__":
    main()
