"""The actions area of the card-text reader: the engine mechanics its readings rely on, on boards of
inline cards (amounts with conditional parts, penalties of computed amounts, Attack strengths)."""
from judgeapp.engine.abilities import read_text

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


def test_a_printed_strength_with_conditional_changes():
    """"Fear 0, with +1 strength if the target is a Follower": the Fear is 1 against a Follower (fear), so
    a 1F Follower bows; the amount is the printed number with its conditional parts (Amount.n)."""
    cards = ("  - {title: Weakling, type: personality, force: 0, chi: 2, honor: 0, cost: 3, ph: 1}\n"
             "  - {title: Boy, type: follower, force: 1}\n")
    alice = "    units: [{card: Weakling, id: weak, at: bob.p1}]\n"
    bob = "    units: [{card: Weakling, id: host, at: bob.p1, attach: [{card: Boy, id: boy}]}]\n"
    fear = "{fear: {target: boy, amount: {n: 0, plus_if: [{amount: 1, if: {card: boy, fits: {type: [follower]}}}]}}}"
    ok(run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1",
                 cards=cards, script=f"  - effect: {{by: alice, do: {fear}}}\n", expect="  - bowed: [boy]\n")))


def _uses(grants: str, tries: int):
    """Ogre's Battle ability (+1F) tried ``tries`` times after the stated extra uses."""
    cards = ("  - {title: Ogre, type: personality, force: 6, chi: 5, honor: 0, cost: 3, ph: 1, effects: "
             "[{ability: battle, do: [{force: {target: self, amount: 1}}]}]}\n"
             "  - {title: Imp, type: personality, force: 1, chi: 1, honor: 0, cost: 1, ph: 1}\n")
    alice = "    units: [{card: Ogre, id: ogre, at: bob.p1}]\n"
    bob = "    units: [{card: Imp, id: imp, at: bob.p1}]\n"
    script = "".join(f"  - effect: {{by: alice, do: {{extra_uses: {g}}}}}\n" for g in grants.split(";") if g)
    script += "  - action: {by: alice, card: ogre}\n" * tries
    return run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1",
                     cards=cards, script=script))


def _force(result) -> int:
    return sum(1 for s in result["steps"] if s["text"].startswith("Ogre gets +1F"))


def test_a_second_time_allows_two_uses_however_often_given():
    """"You may use its abilities a second time this turn": two uses in all; two such effects still allow
    only two (restrictions-on-number-of-times: a second use is the second, not a third)."""
    assert _force(_uses("{target: ogre, second: true};{target: ogre, second: true}", 3)) == 2
    assert _force(_uses("", 2)) == 1


def test_each_additional_time_allows_one_more_use():
    """"… an additional time this turn": one more use for each such effect."""
    assert _force(_uses("{target: ogre, more: 1};{target: ogre, more: 1}", 4)) == 3


def test_an_attachment_described_by_what_it_is_not_is_not_read():
    """"If Ataruko has a Nonhuman, non-Shadowlands Follower": the attachment words are what it must have,
    every one, so "non-Shadowlands" (or "bowed") cannot be one of them; the sentence is left unread rather
    than read as "has a Shadowlands Follower".  "An Air, Fire, or Thunder Follower" is one of the three
    (the statics area's attachment kinds, conjunctions), never a Follower with all three words."""
    for text in ("Battle: Fear 2, or Fear 4 if Ataruko has a non-Shadowlands Follower.",
                 "Battle: Give a target enemy Personality with a non-Shadowlands Follower -2F."):
        r = read_text(text, "Matsu Ataruko", "personality")
        assert not r.abilities and "not read" in r.unparsed[0].reason
    r = read_text("Battle: Fear 2, or Fear 4 if Ataruko has a Nonhuman Follower.", "Matsu Ataruko", "personality")
    assert r.abilities[0].effects[1].condition.has_attached == ["Nonhuman", "Follower"]
    r = read_text("Battle: Fear 2, or Fear 4 if Ataruko has an Air, Fire, or Thunder Follower.", "Matsu Ataruko",
                  "personality")
    assert [c.has_attached for c in r.abilities[0].effects[1].condition.any] == [
        ["Air", "Follower"], ["Fire", "Follower"], ["Thunder", "Follower"]]


def test_the_words_after_the_last_alternative_name_the_attachment():
    """"If Juriken has a Gaijin or Peasant Weapon attached": a Gaijin Weapon or a Peasant Weapon ("Weapon" is
    a keyword, not a card type, and names the attachment of both alternatives, conjunctions), never "a
    Gaijin, a Peasant or a Weapon"."""
    r = read_text("Battle: Give a target enemy Personality -2F, or -3F if Juriken has a Gaijin or Peasant Weapon "
                  "attached.", "Yoritomo Juriken", "personality")
    assert [c.has_attached for c in r.abilities[0].effects[1].condition.any] == [
        ["Gaijin", "Weapon"], ["Peasant", "Weapon"]]


def test_a_list_of_words_before_a_card_type_is_one_or_another():
    """"Straighten a target Daimyo, Duelist, or Kensai Personality": the commas of the list are its "or"
    (a Personality with any one of them); "Give him Cavalry, Conqueror, or Naval" stays a choice."""
    r = read_text("Battle: Straighten a target Daimyo, Duelist, or Kensai Personality.", "Brothers of Jade", "follower")
    assert r.abilities[0].targets[0].filter.any_keyword == ["Daimyo", "Duelist", "Kensai"]
    r = read_text("Open: Give Karachu Cavalry, Conqueror, or Naval.", "Asako Karachu", "personality")
    assert [o.word for o in r.abilities[0].effects[0].args.options] == ["Cavalry", "Conqueror", "Naval"]


def test_unaligned_is_having_no_clan_alignment():
    """"Destroy him if he is Unaligned": "Unaligned" is no keyword but a card without a Clan Alignment
    (unaligned), printed or given; "if the target is Lion Clan or Unaligned" is met by either."""
    for clan, is_unaligned in (("", True), ("clan: Crab, ", False)):
        cards = ("  - {title: Ogre, type: personality, force: 6, chi: 5, honor: 0, cost: 3, ph: 1, "
                 + clan + "keywords: [Samurai]}\n")
        alice = "    units: [{card: Ogre, id: ogre}]\n"
        cond = "{any: [{card: ogre, has_keyword: Lion Clan}, {card: ogre, is: [unaligned]}]}"
        ok(run(board(two_players(alice=alice), cards=cards,
                     script=f"  - effect: {{by: alice, do: {{force: {{target: ogre, amount: 1}}, if: {cond}}}}}\n",
                     expect=f"  - force: {{ogre: {7 if is_unaligned else 6}}}\n")))
    r = read_text("Battle: Ranged 3 Attack, or Ranged 4 Attack if the target is Lion Clan or Unaligned.",
                  "Akodo Kamina", "personality")
    assert r.abilities[0].effects[1].condition.any[1].is_ == ["unaligned"]


def test_your_personality_in_a_condition_is_the_one_targeted():
    """"Bow your target unbowed Personality. … Gain 1 Honor if your Personality is a Magistrate": the
    Personality targeted (targeting); "your bowed Personality" says more than that target, so it is not it."""
    r = read_text("Battle: Target your unbowed Personality. Gain 1 Honor if your Personality is a Magistrate.",
                  "Reprobate", "strategy")
    assert r.abilities[0].effects[0].condition.card == 1
    r = read_text("Battle: Target your unbowed Personality. Gain 1 Honor if your bowed Personality is a Magistrate.",
                  "Reprobate", "strategy")
    assert not r.abilities and "not named before" in r.unparsed[0].reason


def test_one_cards_stat_or_anothers_is_the_players_choice():
    """"Fear equal to this Shugenja's or the Samurai's Chi" (Amount.or_of): the player chooses whose
    (choices): Ogre's 5 Chi bows the 4F Brute; with no answer the engine takes the first, Weakling's 2,
    which does not."""
    cards = (ogre() + "  - {title: Weakling, type: personality, force: 0, chi: 2, honor: 0, cost: 3, ph: 1}\n"
             "  - {title: Brute, type: follower, force: 4}\n")
    alice = "    units: [{card: Weakling, id: weak, at: bob.p1}, {card: Ogre, id: ogre, at: bob.p1}]\n"
    bob = "    units: [{card: Weakling, id: host, at: bob.p1, attach: [{card: Brute, id: brute}]}]\n"
    fear = "{fear: {target: brute, amount: {stat: chi, of: weak, or_of: ogre}}}"
    for choose, state in ((", choose: [ogre]", "bowed"), ("", "unbowed")):
        ok(run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1",
                     cards=cards, script=f"  - effect: {{by: alice, do: {fear}{choose}}}\n",
                     expect=f"  - {state}: [brute]\n")))


def test_a_stat_plus_another_stat_adds_both_of_the_one_card():
    """"A Force penalty equal to his Chi plus Personal Honor": 5C + 1PH is a 6 Force penalty, so 6F becomes 0F
    (bonuses-and-penalties); the Chi alone would leave 1F."""
    ok(stat_effect("{stat: chi, of: ogre, times: -1, added: {stat: personal_honor, of: ogre, times: -1}}", force=0))


def test_a_face_down_card_in_another_players_province_turns_face_up():
    """"Turn a target card in another player's Province face-up": cards in Provinces may be face-up or
    face-down (provinces), so Bob's face-down Imp is a legal target, and it turns face-up; Bob's Provinces
    stay face-down in Alice's turn (action-phase)."""
    r = read_text("Open, [Bow]: Turn a target card in another player's Province face-up.", "Talented Maiko",
                  "follower")
    flt = r.abilities[0].targets[0].filter
    assert (flt.zone, flt.side, flt.type, flt.state) == ("province", "other", ["card"], [])
    assert r.abilities[0].effects[0].name == "turn_face_up"
    peek = ("[{ability: open, targets: [{filter: {side: other, zone: province, type: [card]}}], "
            "do: [{turn_face_up: {target: 1}}]}]")
    cards = ("  - {title: Imp, type: personality, force: 1, chi: 1, honor: 0, cost: 1, ph: 1}\n"
             "  - {title: Peephole, type: holding, effects: " + peek + "}\n")
    alice = "    holdings: [{card: Peephole, id: peep}]\n"
    bob = "    provinces: [{card: Imp, id: imp}, {}, {}, {}]\n"
    result = ok(run(board(two_players(alice=alice, bob=bob), cards=cards,
                          script="  - action: {by: alice, card: peep, targets: [imp]}\n",
                          expect='  - order: ["Imp turned face up"]\n'), states=True))
    assert "rejected" not in [s["kind"] for s in result["steps"]]


def test_a_target_player_shows_a_random_card_in_his_hand():
    """"A target player shows a random card in his hand" (show): no player chooses it; the script's
    ``choose:`` states which card came up (Bob's Imp), else the engine takes the last one and says so."""
    r = read_text("Open, [Bow]: A target player shows a random card in his hand.", "Talented Maiko", "follower")
    assert r.abilities[0].targets[0].player and r.abilities[0].effects[0].name == "show_random"
    cards = "  - {title: Imp, type: strategy}\n  - {title: Elf, type: strategy}\n"
    bob = "    hand: [Imp, Elf]\n"
    for choose, shown in ((", choose: [Imp]", "Bob shows Imp"), ("", "Bob shows Elf")):
        ok(run(board(two_players(bob=bob), cards=cards,
                     script=f"  - effect: {{by: alice, do: {{show_random: {{player: bob}}}}{choose}}}\n",
                     expect=f'  - order: ["{shown}"]\n')))


def test_a_card_with_an_attack_ability_is_one_whose_ability_makes_an_attack():
    """"Straighten a target card with a Melee or Ranged Attack ability" (abilities): Archer's "Battle: Ranged 2
    Attack." makes it a legal target, Clerk's "Battle: Bow a target enemy Personality." does not."""
    cards = ("  - {title: Archer, type: personality, force: 1, chi: 1, honor: 0, cost: 1, ph: 1, "
             "text: 'Battle: Ranged 2 Attack.'}\n"
             "  - {title: Clerk, type: personality, force: 1, chi: 1, honor: 0, cost: 1, ph: 1, "
             "text: 'Battle: Bow a target enemy Personality.'}\n"
             "  - {title: Tutor, type: holding, cost: 1, "
             "text: 'Open, [Bow]: Straighten a target card with a Melee or Ranged Attack ability.'}\n")
    alice = ("    units: [{card: Archer, id: archer, bowed: true}, {card: Clerk, id: clerk, bowed: true}]\n"
             "    holdings: [{card: Tutor, id: tutor}]\n")
    ok(run(board(two_players(alice=alice), cards=cards,
                 script="  - action: {by: alice, card: tutor, targets: [clerk]}\n"
                        "  - action: {by: alice, card: tutor, targets: [archer]}\n",
                 expect="  - rejected: {step: 1, reason: no-target}\n  - unbowed: [archer]\n  - bowed: [clerk]\n")))
