"""Units, armies, battlefields and movement (cardareas/units): each test cites its section of
the Ivory CR, on boards of inline cards whose text the engine reads."""
from pathlib import Path

import pytest

from judgeapp.positions import service

from .helpers import board, failed, run, texts, two_players


BACK = "{title: Orderly Retreat, type: strategy, text: 'Battle: Move home your target Personality. As he moves, " \
       "straighten his unit and you may straighten one of your other units.'}"
BOW_HOME = "{title: Harried Retreat, type: strategy, text: 'Battle: Move home your target Personality. Bow his unit " \
           "as he moves.'}"
# A stated trait: after a Personality moves, straighten him.
WATCH = "{title: Watchful Shrine, type: holding, effects: [{trigger: {when: after, event: moves, do: [{straighten: " \
        "{target: it}}]}}]}"
AGAI = "{title: Agai, type: personality, force: 2, chi: 2, honor: 0, cost: 3, ph: 1}"
ARCHERS = "{title: Archers, type: follower, force: 1}"
RIDER = "{title: Rider, type: personality, force: 3, chi: 2, honor: 0, cost: 3, ph: 1}"


def battle(alice: str, cards: str, script: str, expect: str) -> dict:
    bob = "    units: [{card: Rider, id: rider, at: bob.p1}]\n"
    return run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1",
                     cards=cards, script=script, expect=expect))


def test_as_he_moves_happens_with_the_move_before_what_triggers_after_it():
    """CR Independence of effects: "Bow him as he moves" depends on the move and happens with it;
    a trait "after he moves" comes after both (triggers), so the Shrine straightens the bowed unit."""
    alice = ("    hand: [Harried Retreat]\n    holdings: [{card: Watchful Shrine}]\n"
             "    units: [{card: Agai, id: agai, at: bob.p1, attach: [{card: Archers, id: archers}]}]\n")
    result = battle(alice, f"  - {BOW_HOME}\n  - {WATCH}\n  - {AGAI}\n  - {ARCHERS}\n  - {RIDER}\n",
                    "  - pass: bob\n  - action: {by: alice, card: Harried Retreat, ability: 1, targets: [agai]}\n",
                    "  - at: {agai: home}\n  - unbowed: [agai]\n  - bowed: [archers]\n")
    assert failed(result) == [], result["expectations"]
    steps = texts(result)
    order = [next(i for i, t in enumerate(steps) if t.startswith(s)) for s in
             ("Agai moves home", "Agai bows", "Archers bows", "Agai straightens")]
    assert order == sorted(order), steps


def test_your_other_units_are_other_than_the_target_and_optional():
    """CR Another: "one of your other units" is a unit other than the one in question, the target;
    it is a choice of a "may" effect, so with no other unit the action may still be taken
    (good-faith-rule), and the target may not be chosen again."""
    alice = ("    hand: [Orderly Retreat, Orderly Retreat]\n"
             "    units: [{card: Agai, id: agai, at: bob.p1, bowed: true}]\n")
    cards = f"  - {BACK}\n  - {AGAI}\n  - {RIDER}\n"
    script = ("  - pass: bob\n  - action: {by: alice, card: Orderly Retreat, ability: 1, targets: [agai, agai]}\n"
              "  - action: {by: alice, card: Orderly Retreat, ability: 1, targets: [agai]}\n")
    result = battle(alice, cards, script, "  - rejected: {step: 2, reason: no-target}\n  - at: {agai: home}\n"
                                          "  - unbowed: [agai]\n")
    assert failed(result) == [], result["expectations"]


SCOUT = ("{title: Swift Scout, type: personality, force: 2, chi: 2, honor: 0, cost: 3, ph: 1, keywords: [Cavalry], "
         "text: 'Battle, [Bow]: Ranged 2 Attack. If Swift Scout has moved this battle, straighten him.'}")
WEAK = "{title: Weakling, type: personality, force: 0, chi: 2, honor: 0, cost: 3, ph: 1}"


def test_a_unit_remembers_moving_this_battle_only_if_it_moved():
    """CR Move: "If he has moved this battle" holds for a unit that moved during the current battle;
    one assigned there (assign: not a move) stays bowed after paying the Ranged Attack's cost."""
    alice = "    units: [{card: Swift Scout, id: scout, at: bob.p1}]\n"
    bob = "    units: [{card: Weakling, id: weak, at: bob.p1}]\n"
    result = run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1",
                       cards=f"  - {SCOUT}\n  - {WEAK}\n",
                       script="  - pass: bob\n  - action: {by: alice, card: scout, ability: 1, targets: [weak]}\n",
                       expect="  - destroyed: [weak]\n  - bowed: [scout]\n"))
    assert failed(result) == [], result["expectations"]


RANGER = ("{title: Far Ranger, type: personality, force: 2, chi: 2, honor: 0, cost: 3, ph: 1, "
          "text: 'Home Battle: Move Far Ranger home or, if he would be opposed, to the current battlefield.'}")


def test_the_conditional_alternative_does_nothing_when_its_condition_fails():
    """CR Choices: the player takes one option; "if he would be opposed, to the current battlefield"
    moves him only if the enemy army there has units (opposed).  Bob has none at bob.p1."""
    alice = ("    units: [{card: Far Ranger, id: ranger}, {card: Agai, id: agai, at: bob.p1}]\n")
    result = run(board(two_players(alice=alice), at="attack/combat", extra="battlefield: bob.p1",
                       cards=f"  - {RANGER}\n  - {AGAI}\n",
                       script="  - pass: bob\n  - action: {by: alice, card: ranger, ability: 1, choose: [battlefield]}\n",
                       expect="  - at: {ranger: home}\n"))
    assert failed(result) == [], result["expectations"]
    assert any("its condition is not met" in t for t in texts(result))


OGRE = ("{title: Hill Ogre, type: personality, force: 5, chi: 2, honor: 0, cost: 3, ph: 0, keywords: [Nonhuman], "
        "text: 'Home Battle: If he would be opposed, move Hill Ogre to the current battlefield. After he moves, "
        "straighten his attachments.'}")


def test_what_follows_a_move_does_not_happen_without_it():
    """CR Independence of effects: effects linked by "after" depend on the effect before them; the
    Ogre is already at the battlefield, so he does not move and his Archers stay bowed."""
    alice = "    units: [{card: Hill Ogre, id: ogre, at: bob.p1, attach: [{card: Archers, id: archers, bowed: true}]}]\n"
    bob = "    units: [{card: Rider, id: rider, at: bob.p1}]\n"
    result = run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1",
                       cards=f"  - {OGRE}\n  - {ARCHERS}\n  - {RIDER}\n",
                       script="  - pass: bob\n  - action: {by: alice, card: ogre, ability: 1}\n",
                       expect="  - bowed: [archers]\n"))
    assert failed(result) == [], result["expectations"]
    assert any("does not happen, because the effect it depends on did not happen" in t for t in texts(result))


TIDE = ("{title: Turning Tide, type: strategy, text: 'Battle: Move your target Personality home or, if he would be "
        "opposed, move your target Personality at any location to the current battlefield.'}")


@pytest.mark.parametrize("rules", ["ivory", "twenty-festivals"])
def test_an_alternative_with_targets_of_its_own_is_chosen_before_them(rules):
    """CR Choice paradoxes: each option names its own target, so the option is chosen first and kept,
    and only its targets are chosen — at resolution in Ivory, at step C in Twenty Festivals
    (action-sequence).  "If he would be opposed" names the second option's target, so it limits
    whom that option targets (targeting-paradoxes)."""
    alice = ("    hand: [Turning Tide, Turning Tide]\n"
             "    units: [{card: Agai, id: agai}, {card: Weakling, id: weak, at: bob.p1}]\n")
    bob = "    units: [{card: Rider, id: rider, at: bob.p1}]\n"
    script = ("  - pass: bob\n"
              "  - action: {by: alice, card: Turning Tide, ability: 1, choose: [battlefield], targets: [agai]}\n"
              "  - pass: bob\n"
              "  - action: {by: alice, card: Turning Tide, ability: 1, choose: [home], targets: [weak]}\n")
    result = run(board(two_players(alice=alice, bob=bob), at="attack/combat",
                       extra=f"battlefield: bob.p1\nrules: {rules}",
                       cards=f"  - {TIDE}\n  - {AGAI}\n  - {WEAK}\n  - {RIDER}\n",
                       script=script, expect="  - at: {agai: bob.p1, weak: home}\n"))
    assert failed(result) == [], result["expectations"]
    steps = texts(result)
    assert "Alice chooses home before choosing targets, and stays with it (as the script chooses)" in steps
    chosen = [t for t in steps if t.startswith("Alice targets") or "the action's targets" in t]
    assert chosen == (["Alice targets: Agai", "Alice targets: Weakling"] if rules == "ivory" else
                      ["Alice chooses the action's targets: agai", "Alice targets: Agai",
                       "Alice chooses the action's targets: weak", "Alice targets: Weakling"]), chosen


DIFFERENCES = ("{title: Differences, type: strategy, text: 'Battle: Move home a target Personality with the highest "
               "Personal Honor at the current battlefield.'}")
ELDER = "{title: Elder, type: personality, force: 1, chi: 2, honor: 0, cost: 3, ph: 3}"
SAGE = "{title: Sage, type: personality, force: 1, chi: 2, honor: 0, cost: 3, ph: 5}"


def test_the_highest_stat_is_of_the_cards_the_phrase_names():
    """CR Comparing stats: "with the highest Personal Honor at the current battlefield" compares the
    Personalities there (the Sage, at home, does not count): the Rider (1) is not a legal target, the
    Elder (3) is (good-faith-rule)."""
    alice = "    hand: [Differences, Differences]\n    units: [{card: Agai, id: agai, at: bob.p1}]\n"
    bob = ("    units: [{card: Rider, id: rider, at: bob.p1}, {card: Elder, id: elder, at: bob.p1}, "
           "{card: Sage, id: sage}]\n")
    script = ("  - pass: bob\n  - action: {by: alice, card: Differences, ability: 1, targets: [rider]}\n"
              "  - action: {by: alice, card: Differences, ability: 1, targets: [elder]}\n")
    result = run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1",
                       cards=f"  - {DIFFERENCES}\n  - {AGAI}\n  - {RIDER}\n  - {ELDER}\n  - {SAGE}\n", script=script,
                       expect="  - rejected: {step: 2, reason: no-target}\n  - at: {elder: home, rider: bob.p1}\n"))
    assert failed(result) == [], result["expectations"]


TREACHERY = "{title: Treachery, type: strategy, text: \"Battle: Move home a target Personality whose unit's total " \
            "Force is 7 or higher.\"}"
BRUTE = "{title: Brute, type: personality, force: 6, chi: 2, honor: 0, cost: 3, ph: 1}"
SPEARMEN = "{title: Spearmen, type: follower, force: 4}"


def test_a_units_total_force_counts_its_bowed_followers_outside_resolution():
    """CR Unit and army Force: outside battle resolution a unit's total Force counts all its cards,
    bowed or not: the Rider (3F) with bowed Spearmen (4F) has 7 and may be targeted; the Brute (6F),
    alone, has 6 and may not, though his own Force is higher."""
    alice = "    hand: [Treachery, Treachery]\n    units: [{card: Agai, id: agai, at: bob.p1}]\n"
    bob = ("    units: [{card: Rider, id: rider, at: bob.p1, attach: [{card: Spearmen, id: spear, bowed: true}]}, "
           "{card: Brute, id: brute, at: bob.p1}]\n")
    script = ("  - pass: bob\n  - action: {by: alice, card: Treachery, ability: 1, targets: [brute]}\n"
              "  - action: {by: alice, card: Treachery, ability: 1, targets: [rider]}\n")
    result = run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1",
                       cards=f"  - {TREACHERY}\n  - {AGAI}\n  - {RIDER}\n  - {BRUTE}\n  - {SPEARMEN}\n",
                       script=script,
                       expect="  - rejected: {step: 2, reason: no-target}\n  - at: {brute: bob.p1, rider: home}\n"))
    assert failed(result) == [], result["expectations"]


AYAHI = "{title: Ayahi, type: personality, force: 3, chi: 2, honor: 0, cost: 3, ph: 1, text: \"Battle, [Bow]: Destroy " \
        "one or more target enemy Followers with total Force less than or equal to Ayahi's Force.\"}"
PIKEMEN = "{title: Pikemen, type: follower, force: 2}"
GUARDS = "{title: Guards, type: follower, force: 2}"


def test_a_bound_on_the_targets_total_is_on_the_cards_chosen_together():
    """CR Targeting: "one or more target Followers with total Force less than or equal to Ayahi's Force"
    (3): the Pikemen and the Guards (2F each) fit it alone but together have 4, not a legal choice; the
    Archers (1F) and the Pikemen together have 3, and both are destroyed."""
    alice = "    units: [{card: Ayahi, id: ayahi, at: bob.p1}]\n"
    bob = ("    units: [{card: Rider, id: rider, at: bob.p1, attach: [{card: Archers, id: arch}, "
           "{card: Pikemen, id: pike}, {card: Guards, id: guard}]}]\n")
    script = ("  - pass: bob\n  - action: {by: alice, card: ayahi, ability: 1, targets: [[pike, guard]]}\n"
              "  - action: {by: alice, card: ayahi, ability: 1, targets: [[arch, pike]]}\n")
    result = run(board(two_players(alice=alice, bob=bob),
                       at="attack/combat", extra="battlefield: bob.p1",
                       cards=f"  - {AYAHI}\n  - {RIDER}\n  - {ARCHERS}\n  - {PIKEMEN}\n  - {GUARDS}\n",
                       script=script,
                       expect="  - rejected: {step: 2, reason: no-target}\n  - destroyed: [arch, pike]\n"
                              "  - at: {guard: bob.p1}\n"))
    assert failed(result) == [], result["expectations"]


TIDES = ("{title: Changing Tides, type: strategy, text: 'Battle: Target your Personality, and another of your "
         "Personalities at a different location. Switch their locations. Straighten their units as they move.'}")
STUCK = "{title: Stuck, type: personality, force: 1, chi: 2, honor: 0, cost: 3, ph: 1, text: 'Stuck cannot be moved.'}"


def test_switched_units_move_at_once_or_not_at_all():
    """CR Switch: each unit moves to the other's location at the same time, and if one movement does not
    happen neither does: Stuck cannot be moved, so Agai stays and stays bowed (what happens "as they move"
    needs the move).  The second target must be at a location other than the first's (rules-of-location):
    the Rider, beside Agai, is not a legal choice.  Agai and the Weakling then switch, both straightened."""
    alice = ("    hand: [Changing Tides, Changing Tides]\n"
             "    units: [{card: Agai, id: agai, at: bob.p1, bowed: true}, {card: Rider, id: mine, at: bob.p1},\n"
             "            {card: Stuck, id: stuck}, {card: Weakling, id: weak, bowed: true}]\n")
    script = ("  - pass: bob\n  - action: {by: alice, card: Changing Tides, ability: 1, targets: [agai, mine]}\n"
              "  - action: {by: alice, card: Changing Tides, ability: 1, targets: [agai, stuck]}\n"
              "  - pass: bob\n  - action: {by: alice, card: Changing Tides, ability: 1, targets: [agai, weak]}\n")
    result = battle(alice, f"  - {TIDES}\n  - {AGAI}\n  - {RIDER}\n  - {STUCK}\n  - {WEAK}\n", script,
                    "  - rejected: {step: 2, reason: no-target}\n  - at: {agai: home, weak: bob.p1, stuck: home}\n"
                    "  - unbowed: [agai, weak]\n")
    assert failed(result) == [], result["expectations"]
    steps = texts(result)
    assert any(t.startswith("Agai and Stuck do not switch locations") for t in steps), steps
    moved = [t.split(" (")[0] for t in steps if " moves " in t and "prevented" not in t]
    assert moved == ["Agai moves home", "Weakling moves to bob.p1"], steps
    last_move, first_straighten = (max(i for i, t in enumerate(steps) if " moves " in t),
                                   min(i for i, t in enumerate(steps) if " straightens " in t))
    assert last_move < first_straighten, steps  # both are there before what happens as they move


def _loner(title: str) -> str:
    return (f"{{title: {title}, type: personality, force: 2, chi: 2, honor: 0, cost: 3, ph: 1, text: 'Battle: If "
            f"{title} has one or no Followers, move him to an unresolved battlefield.'}}")


def test_one_or_no_followers_counts_the_followers_of_his_unit():
    """CR Unit: "if Loner has one or no Followers" counts the Followers attached to him: the Pack Leader,
    with two, may not take the action (good-faith-rule, the ability's condition); the Loner, with one,
    moves to bob.p2, the only other battlefield, unresolved (battlefields)."""
    alice = ("    units: [{card: Loner, id: loner, at: bob.p1, attach: [{card: Archers, id: archers}]},\n"
             "            {card: Pack Leader, id: leader, at: bob.p1, attach: [{card: Pikemen}, {card: Guards}]}]\n")
    script = ("  - pass: bob\n  - action: {by: alice, card: leader, ability: 1, choose: [bob.p2]}\n"
              "  - action: {by: alice, card: loner, ability: 1, choose: [bob.p2]}\n")
    result = battle(alice, f"  - {_loner('Loner')}\n  - {_loner('Pack Leader')}\n  - {ARCHERS}\n  - {PIKEMEN}\n"
                           f"  - {GUARDS}\n  - {RIDER}\n", script,
                    "  - rejected: {step: 2, reason: condition}\n  - at: {loner: bob.p2, leader: bob.p1}\n")
    assert failed(result) == [], result["expectations"]


@pytest.mark.django_db
def test_removing_a_keyword_the_target_was_given_takes_it_away():
    """CR Choices, Keywords: Sanctioned Declaration's second copy, choosing "remove", takes away the
    Resilient the first one gave (the later effect; duration-of-effects), so Agai lacks it."""
    path = Path(__file__).parent / "real_cards" / "units-sanctioned-declaration.yaml"
    again = "  - pass: bob\n  - action: {by: alice, card: Sanctioned Declaration, ability: 2, targets: [agai], " \
            "choose: [remove]}\nexpect:\n"
    result = service.replay(path.read_text(encoding="utf-8").replace("expect:\n", again))
    assert [e["actual"] for e in failed(result)] == [{"agai": []}], result["expectations"]


ARMOR = "{title: Old Armor, type: item, text: 'Actions cannot move this Personality.'}"
# A Battle action whose only effect is delayed: after the action resolves, move its target home.
LATER = "{title: Late Retreat, type: strategy, effects: [{ability: battle, targets: [{side: your, what: personality}], " \
        "do: [{delayed: {after: the action resolves, do: {move_home: {target: 1}}}}]}]}"


def test_actions_cannot_move_him_even_by_a_delayed_effect_but_other_effects_may():
    """CR Delayed effects: a delayed effect an action set up is still that action's effect, so "Actions
    cannot move this Personality" stops it (permissions); an effect that is no action's still moves him."""
    alice = ("    hand: [Late Retreat]\n"
             "    units: [{card: Agai, id: agai, at: bob.p1, attach: [{card: Old Armor, id: armor}]}]\n")
    cards = f"  - {ARMOR}\n  - {LATER}\n  - {AGAI}\n  - {RIDER}\n"
    script = "  - pass: bob\n  - action: {by: alice, card: Late Retreat, ability: 1, targets: [agai]}\n"
    result = battle(alice, cards, script, "  - at: {agai: bob.p1}\n")
    assert failed(result) == [], result["expectations"]
    assert any(t.startswith("Agai will not move home") for t in texts(result)), texts(result)
    stated = script + "  - effect: {by: alice, do: {move_home: {target: agai}}}\n"
    result = battle(alice, cards, stated, "  - at: {agai: home}\n")
    assert failed(result) == [], result["expectations"]


def _drill(title: str, printed: str) -> str:
    return (f"{{title: {title}, type: strategy, text: 'Battle: Target your Personality. You may take an additional "
            f"action to use {printed} on a card in his unit.'}}")


BANNER = ("{title: War Banner, type: holding, text: 'Your Personalities have the ability, \"Battle: Gain 1 Honor.\"'}")


@pytest.mark.parametrize("drill, printed, honor", [("Champion's Drill", "a printed ability", 8),
                                                   ("Open Drill", "an ability", 9)])
def test_an_additional_action_to_use_a_printed_ability_refuses_a_given_one(drill, printed, honor):
    """CR Additional action: "an additional action to use a printed ability on a card in his unit" may use only
    an ability printed on such a card; one the War Banner's trait gives Agai (continuous-traits, embedded-text)
    is refused, while "to use an ability" takes it."""
    alice = (f"    hand: [{drill}]\n    holdings: [{{card: War Banner}}]\n"
             "    units: [{card: Agai, id: agai, at: bob.p1}]\n")
    script = (f"  - pass: bob\n  - action: {{by: alice, card: {drill}, ability: 1, targets: [agai], choose: [\"yes\"]}}\n"
              "  - action: {by: alice, card: agai, ability: 1}\n")
    refused = "  - rejected: {step: 3, reason: restricted}\n" if honor == 8 else ""
    result = battle(alice, f"  - {_drill(drill, printed)}\n  - {BANNER}\n  - {AGAI}\n  - {RIDER}\n", script,
                    f"{refused}  - honor: {{alice: {honor}}}\n")
    assert failed(result) == [], result["expectations"]
