"""Top cut: seeding in bracket order, and rounds advanced from the winners entered."""
from __future__ import annotations

import pytest

from judgeapp.events.topcut import Bracket, CutTable, bracket_order, top_cut

RANKED = [f"p{place}" for place in range(1, 21)]


@pytest.mark.parametrize("size, first_round", [
    (4, [(1, 4), (2, 3)]),
    (8, [(1, 8), (4, 5), (2, 7), (3, 6)]),
    (16, [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)]),
])
def test_first_round_seeding(size, first_round):
    bracket = top_cut(RANKED, size)
    assert [table.seeds for table in bracket.rounds[0]] == first_round
    assert [table.players for table in bracket.rounds[0]] == [(f"p{a}", f"p{b}") for a, b in first_round]
    assert bracket.champion is None and len(bracket.rounds) == 1


@pytest.mark.parametrize("size", [4, 8, 16])
def test_the_top_seeds_meet_only_as_late_as_they_can(size):
    """If the better seed always wins, round r is played by the best size / 2^(r-1) seeds,
    and every table pairs seeds adding up to (that number + 1): 1 and 2 meet in the final."""
    winners, bracket = [], top_cut(RANKED, size)
    while bracket.champion is None:
        current = bracket.rounds[-1]
        assert all(sum(table.seeds) == 2 * len(current) + 1 for table in current)
        winners.append({table.number: table.players[0] if table.seeds[0] < table.seeds[1] else table.players[1]
                        for table in current})
        bracket = top_cut(RANKED, size, winners)
    assert bracket.rounds[-1] == (CutTable(1, (1, 2), ("p1", "p2")),)
    assert bracket.champion == "p1" and len(bracket.rounds) == size.bit_length() - 1
    assert sorted(bracket_order(size)) == list(range(1, size + 1))


def test_upsets_advance_in_bracket_order():
    first = {1: "p8", 2: "p4", 3: "p7", 4: "p3"}
    bracket = top_cut(RANKED, 8, [first])
    assert bracket.rounds[1] == (CutTable(1, (8, 4), ("p8", "p4")), CutTable(2, (7, 3), ("p7", "p3")))
    bracket = top_cut(RANKED, 8, [first, {1: "p4", 2: "p7"}, {1: "p7"}])
    assert bracket == Bracket(bracket.rounds, "p7") and bracket.rounds[2] == (CutTable(1, (4, 7), ("p4", "p7")),)


def test_a_corrected_winner_rebuilds_the_later_rounds():
    before = top_cut(RANKED, 4, [{1: "p1", 2: "p2"}])
    after = top_cut(RANKED, 4, [{1: "p4", 2: "p2"}])
    assert before.rounds[1][0].players == ("p1", "p2") and after.rounds[1][0].players == ("p4", "p2")


def test_a_half_played_round_waits():
    bracket = top_cut(RANKED, 8, [{2: "p5"}])
    assert len(bracket.rounds) == 1 and bracket.champion is None


@pytest.mark.parametrize("size, ranked, winners, message", [
    (6, RANKED, (), "must be 4, 8 or 16 players, not 6"),
    (8, RANKED[:7], (), "needs 8 players in the standings; there are 7"),
    (4, ["a", "b", "a", "c"], (), "appears twice"),
    (4, RANKED, [{3: "p1"}], "round 1 has no table 3"),
    (4, RANKED, [{1: "p2"}], "table 1: 'p2' is not playing there"),
    (4, RANKED, [{1: "p1"}, {1: "p1"}], "round 1 is not finished"),
    (4, RANKED, [{1: "p1", 2: "p2"}, {1: "p1"}, {1: "p1"}], "there is no round 3"),
])
def test_bad_top_cut_input_says_what_is_wrong(size, ranked, winners, message):
    with pytest.raises(ValueError, match=message):
        top_cut(ranked, size, winners)
