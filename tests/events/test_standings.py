"""Standings against an 8-player, 3-round event worked by hand, and the rules around it."""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from judgeapp.events.standings import Entrant, LateEntry, Match, Outcome, standings

A_WINS, B_WINS, DRAW, ID = Outcome.A_WINS, Outcome.B_WINS, Outcome.DRAW, Outcome.INTENTIONAL_DRAW

# H joins late, in round 2; G drops after round 2 (so round 3 has 7 players and a bye).
ENTRANTS = [Entrant(name) for name in "ABCDEF"] + [Entrant("G", dropped=True), Entrant("H", joined_round=2)]
MATCHES = [
    Match(1, "A", "B", A_WINS), Match(1, "C", "D", A_WINS), Match(1, "E", "F", A_WINS), Match(1, "G", None),
    Match(2, "A", "D", DRAW), Match(2, "F", "B", A_WINS), Match(2, "H", "E", A_WINS), Match(2, "C", "G", B_WINS),
    Match(3, "D", "H", ID), Match(3, "B", "E", A_WINS), Match(3, "F", "A", B_WINS), Match(3, "C", None),
]

# Worked by hand (win 3, draw 1, loss 0; H's missed round 1 is a loss, the default):
#
#   player  round 1     round 2     round 3     points  W-L-D  rounds  match-win %
#   A       beat B      drew D      beat F      7       2-0-1  3       7/9
#   B       lost to A   lost to F   beat E      3       1-2-0  3       3/9 = 1/3
#   C       beat D      lost to G   bye (win)   6       2-1-0  3       6/9 = 2/3
#   D       lost to C   drew A      ID with H   2       0-1-2  3       2/9, floored to 1/3
#   E       beat F      lost to H   lost to B   3       1-2-0  3       1/3
#   F       lost to E   beat B      lost to A   3       1-2-0  3       1/3
#   G       bye (win)   beat C      (dropped)   6       2-0-0  2       6/6 = 1
#   H       (late:loss) beat E      ID with D   4       1-1-1  3       4/9
#
# SoS = average of the opponents' (floored) match-win % — byes are not opponents:
#   A: B 1/3, D 1/3, F 1/3              = 1/3
#   B: A 7/9, F 3/9, E 3/9              = (13/9)/3 = 13/27
#   C: D 1/3, G 1                       = (4/3)/2  = 2/3
#   D: C 6/9, A 7/9, H 4/9              = (17/9)/3 = 17/27
#   E: F 3/9, H 4/9, B 3/9              = (10/9)/3 = 10/27
#   F: E 3/9, B 3/9, A 7/9              = 13/27
#   G: C 2/3                            = 2/3
#   H: E 1/3, D 1/3                     = 1/3
# ESoS = average of the opponents' SoS:
#   A: B 13/27, D 17/27, F 13/27        = (43/27)/3 = 43/81
#   B: A 9/27, F 13/27, E 10/27         = 32/81
#   C: D 17/27, G 18/27                 = (35/27)/2 = 35/54
#   D: C 18/27, A 9/27, H 9/27          = 36/81 = 4/9
#   E: F 13/27, H 9/27, B 13/27         = 35/81
#   F: E 10/27, B 13/27, A 9/27         = 32/81
#   G: C 18/27                          = 2/3
#   H: E 10/27, D 17/27                 = (27/27)/2 = 1/2
# Order: A (7). G and C (6) tie on SoS 2/3; ESoS 2/3 > 35/54 puts G first. H (4).
# F, B, E (3): E's SoS 10/27 is lowest; F and B tie on SoS 13/27 and ESoS 32/81, and F beat B
# in round 2, so head-to-head puts F above B (B came first in registration order). D (2).
EXPECTED = [
    # rank, player, points, wins, losses, draws, sos, esos
    (1, "A", 7, 2, 0, 1, F(1, 3), F(43, 81)),
    (2, "G", 6, 2, 0, 0, F(2, 3), F(2, 3)),
    (3, "C", 6, 2, 1, 0, F(2, 3), F(35, 54)),
    (4, "H", 4, 1, 1, 1, F(1, 3), F(1, 2)),
    (5, "F", 3, 1, 2, 0, F(13, 27), F(32, 81)),
    (6, "B", 3, 1, 2, 0, F(13, 27), F(32, 81)),
    (7, "E", 3, 1, 2, 0, F(10, 27), F(35, 81)),
    (8, "D", 2, 0, 1, 2, F(17, 27), F(4, 9)),
]
KEYS = ("rank", "player", "points", "wins", "losses", "draws", "sos", "esos")


def test_hand_worked_event():
    assert standings(ENTRANTS, MATCHES) == [
        dict(zip(KEYS, (*row[:6], round(float(row[6]), 4), round(float(row[7]), 4)))) for row in EXPECTED]


def test_late_entry_with_zero_points_records_no_loss():
    """With LateEntry.ZERO, H's missed round is not played: 4 points over 2 rounds = 2/3,
    no loss; so D's SoS becomes (C 6/9 + A 7/9 + H 6/9)/3 = 19/27 and E's (3 + 6 + 3)/27 = 12/27."""
    rows = {row["player"]: row for row in standings(ENTRANTS, MATCHES, LateEntry.ZERO)}
    assert (rows["H"]["points"], rows["H"]["wins"], rows["H"]["losses"], rows["H"]["draws"]) == (4, 1, 0, 1)
    assert rows["D"]["sos"] == round(19 / 27, 4)
    assert rows["E"]["sos"] == round(12 / 27, 4)


def test_a_corrected_result_moves_the_standings():
    corrected = [Match(3, "B", "E", B_WINS) if (m.round, m.a) == (3, "B") else m for m in MATCHES]
    rows = {row["player"]: row for row in standings(ENTRANTS, corrected)}
    assert (rows["B"]["points"], rows["B"]["losses"], rows["E"]["points"], rows["E"]["wins"]) == (0, 3, 6, 2)
    assert rows["E"]["rank"] < rows["H"]["rank"] < rows["B"]["rank"]


def test_an_intentional_draw_scores_as_a_draw():
    plain = [Match(3, "D", "H", DRAW) if m.outcome is ID else m for m in MATCHES]
    assert standings(ENTRANTS, plain) == standings(ENTRANTS, MATCHES)


def test_a_tie_without_a_game_between_keeps_registration_order():
    """Two players on equal points, SoS and ESoS who did not meet keep registration order."""
    entrants = [Entrant(name) for name in "WXYZ"]
    rows = standings(entrants, [Match(1, "W", "X", B_WINS), Match(1, "Y", "Z", B_WINS)])
    assert [row["player"] for row in rows] == ["X", "Z", "W", "Y"]
    assert rows[0]["sos"] == rows[1]["sos"] == round(1 / 3, 4)


@pytest.mark.parametrize("matches, message", [
    ([Match(1, "A", "B"), Match(1, "A", "C")], "player 'A' has two results"),
    ([Match(1, "A", "Q")], "player 'Q' is not registered"),
    ([Match(1, "H", "A")], "player 'H' only joined in round 2"),
    ([Match(1, "A", None, DRAW)], "a bye is a win"),
    ([Match(0, "A", "B")], "is not a round number"),
    ([Match(1, "A", "A")], "cannot play themself"),
    ([Match(1, "A", "B", "won")], "'won' is not a valid Outcome"),
])
def test_inconsistent_results_are_refused_with_the_reason(matches, message):
    with pytest.raises(ValueError, match=message):
        standings(ENTRANTS, matches)


def test_registering_twice_is_refused():
    with pytest.raises(ValueError, match="registered twice"):
        standings([Entrant("A"), Entrant("A")], [])
