"""Mutation fuzzing of every input surface through the real API (tests/fuzzing/mutate.py):
no server error and no request over 5 s (a hang or a denial of service, not a speed
target: typical requests take milliseconds), L5R_FUZZ_CASES cases per surface (5,000
by default) from a fixed seed.  bench/fuzz_api.py runs the same with 50,000.

The positions surface reaches the rules engine (judgeapp/engine/), which is being
rewritten separately: while crashes inside the engine remain, that surface reports
them as an expected failure listing each crash site; a crash anywhere else fails.
"""
import os

import pytest

from tests.fuzzing import surfaces

pytestmark = pytest.mark.django_db

CASES = int(os.environ.get("L5R_FUZZ_CASES", 5000))
SEED = 20141015
HANG_SECONDS = 5.0


@pytest.fixture(autouse=True)
def no_rate_limits(settings):
    settings.RATELIMIT_ENABLE = False


@pytest.mark.parametrize("surface", surfaces.SURFACES, ids=lambda s: s.name.replace(" ", "-"))
def test_no_server_errors_and_no_hangs(surface, capsys):
    report = surfaces.run(surface(), CASES, SEED)
    with capsys.disabled():
        print(f"\nfuzz {report.summary()}")
    assert report.cases == CASES
    assert report.slowest < HANG_SECONDS, f"{report.slowest:.1f} s for {report.slowest_request}"
    sites = report.sites()
    outside = {site: crash for site, crash in sites.items() if not crash.in_engine}
    assert not outside, "\n\n".join(f"{site}\n{crash.request}\n{crash.traceback}" for site, crash in outside.items())
    if sites:
        pytest.xfail(f"{len(report.crashes)} engine crashes at {len(sites)} sites (the engine rewrite fixes "
                     "them):\n" + "\n".join(f"{site}\n    {crash.request}" for site, crash in sites.items()))
    assert 200 in report.statuses and 400 in report.statuses  # the cases reached both verdicts
