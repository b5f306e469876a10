"""Engine tests: the card grammar is built once for the session, before the first replay, whose time limit the
build would otherwise use up (a test run alone, or first, stopped at "time limit reached")."""
import pytest

from judgeapp.engine.cardgrammar import parser


@pytest.fixture(autouse=True, scope="session")
def grammar():
    parser()
