"""The engine under mutation fuzzing (tests/fuzzing/engine.py): every broken or mistyped
gallery position is either refused with the path of the bad key or replayed — never a
crash, never a case over 5 s.  L5R_FUZZ_CASES cases (5,000 by default) from a fixed seed;
bench/fuzz_engine.py runs 50,000."""
import os

from tests.fuzzing import engine

CASES = int(os.environ.get("L5R_FUZZ_CASES", 5000))


def test_the_engine_never_crashes_or_hangs(capsys):
    out = engine.run(CASES, seed=20141015)
    with capsys.disabled():
        print(f"\nengine fuzz: {out.summary()}")
    assert out.crashes == [], "\n\n".join(f"{text}\n{trace}" for text, trace in out.crashes[:5])
    assert out.slowest < 5.0
    assert out.replayed > CASES // 3 and out.refused > CASES // 10  # both verdicts are reached
