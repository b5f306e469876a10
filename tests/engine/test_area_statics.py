"""Continuous traits of the statics area on boards of inline cards, each test citing the Ivory CR:
restrictions that name the actions they cover, per-card conditions of a group's trait."""
from .helpers import board, failed, run, two_players


def ok(result):
    assert failed(result) == [], result["expectations"]
    return result


SHUGENJA = "{title: Quiet Shugenja, type: personality, force: 1, chi: 3, honor: 0, cost: 3, ph: 2, keywords: [Shugenja]}"
UNTOUCHED = ("{title: Untouched Courtier, type: personality, force: 1, chi: 2, honor: 0, cost: 3, ph: 2, "
             "text: 'Your Political actions may not target Untouched Courtier.'}")
BOW = ("{title: Courtly Bow, type: strategy, text: 'Political Battle: Bow a target Personality.'}")


def test_your_political_actions_may_not_target_covers_only_your_own():
    """"Your Political actions may not target …": the restriction covers its own player's Political
    actions only (targeting, permissions); bob's Political action may still bow the Courtier."""
    cards = f"  - {SHUGENJA}\n  - {UNTOUCHED}\n  - {BOW}\n"
    alice = "    units: [{card: Untouched Courtier, id: courtier, at: bob.p1}]\n    hand: [Courtly Bow]\n"
    bob = "    units: [{card: Quiet Shugenja, id: shugenja, at: bob.p1}]\n    hand: [Courtly Bow]\n"
    script = ("  - action: {by: bob, card: Courtly Bow, ability: 1, targets: [courtier]}\n")
    ok(run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1", cards=cards,
                 script=script, expect="  - bowed: [courtier]\n")))
    script = "  - pass: bob\n  - action: {by: alice, card: Courtly Bow, ability: 1, targets: [courtier]}\n"
    ok(run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1", cards=cards,
                 script=script, expect="  - unbowed: [courtier]\n")))
