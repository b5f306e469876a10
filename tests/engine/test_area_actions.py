"""The actions area of the card-text reader: the engine mechanics its readings rely on, on boards of
inline cards (amounts with conditional parts, penalties of computed amounts, Attack strengths)."""
from .helpers import board, failed, run, two_players


def ogre(keywords: str = "[Samurai]") -> str:
    return ("  - {title: Ogre, type: personality, force: 6, chi: 5, honor: 0, cost: 3, ph: 1, "
            f"keywords: {keywords}}}\n")


def ok(result):
    assert failed(result) == [], result["expectations"]
    return result


def stat_effect(amount: str, keywords: str = "[Samurai]", force: int = 0):
    alice = "    units: [{card: Ogre, id: ogre}]\n"
    return run(board(two_players(alice=alice), cards=ogre(keywords),
                     script=f"  - effect: {{by: alice, do: {{force: {{target: ogre, amount: {amount}}}}}}}\n",
                     expect=f"  - force: {{ogre: {force}}}\n"))


def test_a_penalty_of_half_an_amount_halves_before_it_takes_away():
    """"A Force penalty equal to half his Chi, rounded up": half of 5 rounded up is 3, so 6F becomes 3F
    (bonuses-and-penalties); taking the sign first would round -2.5 up to -2."""
    ok(stat_effect("{stat: chi, of: ogre, half: up, times: -1}", force=3))


def test_a_conditional_plus_counts_only_when_its_condition_holds():
    """"equal to his Chi, plus 2 if he is a Tactician" (conjunctions: the condition is the part's own)."""
    plus = "{stat: chi, of: ogre, plus_if: [{amount: 2, if: {card: ogre, has_keyword: Tactician}}]}"
    ok(stat_effect(plus, "[Tactician]", force=13))
    ok(stat_effect(plus, "[Samurai]", force=11))


def test_an_attack_strength_below_zero_is_zero():
    """"Fear with strength equal to his Force minus 1 (minimum zero)": a 0F Personality makes a Fear 0,
    which still bows a 0F Follower (fear)."""
    cards = ("  - {title: Weakling, type: personality, force: 0, chi: 2, honor: 0, cost: 3, ph: 1}\n"
             "  - {title: Boy, type: follower, force: 0}\n")
    alice = "    units: [{card: Weakling, id: weak, at: bob.p1}]\n"
    bob = "    units: [{card: Weakling, id: host, at: bob.p1, attach: [{card: Boy, id: boy}]}]\n"
    fear = "{fear: {target: boy, amount: {stat: force, of: weak, plus: -1}}}"
    ok(run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1",
                 cards=cards, script=f"  - effect: {{by: alice, do: {fear}}}\n", expect="  - bowed: [boy]\n")))


def test_a_second_number_of_targets_needs_its_condition():
    """"Target your Personality, or one or two of your Personalities if you have fewer Provinces than any
    other player": with as many Provinces as Bob, Alice targets one Personality only (targeting)."""
    tide = ("[{ability: battle, targets: [{filter: {side: your, type: [personality]}, count_if: {count: 2, "
            "up_to: true, if: {fewer_provinces: true}}}], do: [{force: {target: 1, amount: 1}}]}]")
    cards = (ogre() + "  - {title: Tide, type: strategy, effects: " + tide + "}\n"
             + "  - {title: Imp, type: personality, force: 1, chi: 1, honor: 0, cost: 1, ph: 1}\n")
    alice = "    hand: [Tide]\n    units: [{card: Ogre, id: ogre, at: bob.p1}, {card: Imp, id: imp, at: bob.p1}]\n"
    bob = "    units: [{card: Imp, id: enemy, at: bob.p1}]\n"
    ok(run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1", cards=cards,
                 script="  - action: {by: alice, card: Tide, targets: [[ogre, imp]]}\n",
                 expect="  - force: {ogre: 7, imp: 1}\n")))


def test_this_army_is_the_side_of_the_card_at_its_battlefield():
    """"Give each Personality in this army +1F" (army: the units of one side at a battlefield): from Ogre at
    the battlefield, his side there (not Bob's Imp); from Ogre at home, nobody (no army at home)."""
    cards = ogre() + "  - {title: Imp, type: personality, force: 1, chi: 1, honor: 0, cost: 1, ph: 1}\n"
    give = "{force: {target: {all: {type: [personality], army: true}}, amount: 1}}"
    bob = "    units: [{card: Imp, id: enemy, at: bob.p1}]\n"
    for where, expect in (("bob.p1", "{ogre: 7, imp: 2, enemy: 1}"), ("home", "{ogre: 6, imp: 1, enemy: 1}")):
        alice = f"    units: [{{card: Ogre, id: ogre, at: {where}}}, {{card: Imp, id: imp, at: bob.p1}}]\n"
        ok(run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1", cards=cards,
                     script=f"  - effect: {{by: alice, source: ogre, do: {give}}}\n",
                     expect=f"  - force: {expect}\n")))
