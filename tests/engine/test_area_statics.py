"""Continuous traits of the statics area on boards of inline cards, each test citing the Ivory CR:
restrictions that name the actions they cover, per-card conditions of a group's trait."""
from pathlib import Path

import pytest

from judgeapp.positions import service

from .helpers import board, failed, run, two_players

REAL = Path(__file__).parent / "real_cards"


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


@pytest.mark.django_db
def test_a_personality_that_cannot_gain_a_clan_alignment_lacks_the_clan_keyword():
    """statics-dragons-clan-alignment: the stated effect gives both Dragons Crab Clan and Phoenix Clan;
    expecting Crab Clan on either, or Phoenix Clan on the Air Dragon, must fail (clan-alignment)."""
    text = (REAL / "statics-dragons-clan-alignment.yaml").read_text(encoding="utf-8")
    result = service.replay(text.replace("fire-dragon: [Phoenix Clan]",
                                         "fire-dragon: [Crab Clan], air-dragon: [Crab Clan, Phoenix Clan]"))
    assert [e["actual"] for e in failed(result)] == [{"fire-dragon": [], "air-dragon": []}]


def test_no_two_areas_define_the_same_reader_method():
    """Area readers are mixins of one class: a helper named like another area's silently replaces it
    (statics' ``_strength`` once shadowed the interrupts area's)."""
    from collections import defaultdict

    from judgeapp.engine.cardareas import modules

    owners = defaultdict(list)
    for module in modules():
        for name in vars(getattr(module, "Readers", object)):
            if not name.startswith("__"):
                owners[name].append(module.__name__)
    assert {name: areas for name, areas in owners.items() if len(areas) > 1} == {}


@pytest.mark.django_db
def test_a_trait_on_your_cards_out_of_play_leaves_other_players_cards_alone():
    """statics-chinua-honor-cards-courage: bob's Honor card in his hand is not "your Honor card" for
    Chinua's player, so it has no Courage (possessive-case, in-play-and-out-of-play)."""
    text = (REAL / "statics-chinua-honor-cards-courage.yaml").read_text(encoding="utf-8")
    result = service.replay(text.replace("die-on-your-feet: [Courage]", "die-on-your-feet-2: [Courage]"))
    assert [e["actual"] for e in failed(result)] == [{"die-on-your-feet-2": []}]


@pytest.mark.django_db
def test_the_ring_of_water_in_place_of_the_false_one_wins_by_enlightenment():
    """statics-false-ring with the Ring of Water instead of the False Ring: five elements, an
    Enlightenment Victory (enlightenment-victory) — the False Ring's trait is what stops it."""
    text = (REAL / "statics-false-ring.yaml").read_text(encoding="utf-8")
    result = service.replay(text.replace("False Ring of Water]", "Ring of Water]"))
    assert [e["actual"] for e in failed(result)] == ["alice"]
