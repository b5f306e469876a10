"""Continuous traits of the statics area on boards of inline cards, each test citing the Ivory CR:
restrictions that name the actions they cover, per-card conditions of a group's trait."""
from pathlib import Path

import pytest

from judgeapp.positions import service

from .helpers import board, failed, run, texts, two_players

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
    """Area readers are mixins of one class with the core readers: a helper named like another area's
    or the core's silently replaces it (statics' ``_strength`` once shadowed the interrupts area's)."""
    from collections import defaultdict

    from judgeapp.engine.cardareas import modules
    from judgeapp.engine.cardeffects import EffectReaders
    from judgeapp.engine.cardgrammar import SentenceReader
    from judgeapp.engine.cardtraits import TraitReaders

    owners = defaultdict(list)
    classes = [(m.__name__, getattr(m, "Readers", object)) for m in modules()]
    classes += [(c.__name__, c) for c in (EffectReaders, TraitReaders)]
    classes += [("SentenceReader", type("Core", (), dict(vars(SentenceReader))))]
    for owner, cls in classes:
        for name in vars(cls):
            if not name.startswith("__"):
                owners[name].append(owner)
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


def test_you_may_not_bring_cards_into_play_also_bars_effects():
    """"You may not bring Shadowlands cards into play" bars every way into play, not only Recruit
    (permissions): alice's Open action creates no Shadowlands Personality; bob's, not restricted, does."""
    cards = ("  - {title: Pure Shrine, type: holding, text: 'You may not bring Shadowlands cards into play.'}\n"
             "  - {title: Raise the Dead, type: strategy, text: 'Open: Create a 2F/2C/0PH Shadowlands Personality.'}\n")
    alice = "    holdings: [{card: Pure Shrine}]\n    hand: [Raise the Dead]\n"
    bob = "    hand: [Raise the Dead]\n"
    result = ok(run(board(two_players(alice=alice, bob=bob), cards=cards, script=(
        "  - action: {by: alice, card: Raise the Dead, ability: 1}\n"
        "  - action: {by: bob, card: Raise the Dead, ability: 1}\n")), seconds=60))
    entered = [t for t in texts(result) if "enters play" in t or "does not enter play" in t]
    assert len(entered) == 2 and "does not enter play" in entered[0] and "may not bring" in entered[0], entered
    assert "does not enter play" not in entered[1], entered


@pytest.mark.django_db
def test_the_defender_is_spider_clan_is_about_the_defending_player():
    """statics-ikoma-shungo with a Crab Clan Defender: Shungo has only the first bonus, +1F (battle);
    at home, not attacking, he has neither (continuous-traits)."""
    text = (REAL / "statics-ikoma-shungo.yaml").read_text(encoding="utf-8")
    lion = text.replace("stronghold: The Hidden Bastion of the Spider", "stronghold: The Unassailable Fortress of the Crab")
    assert failed(service.replay(lion.replace("shungo: 4", "shungo: 3"))) == []
    home = text.replace("{card: Ikoma Shungo, id: shungo, at: bob.p1}", "{card: Ikoma Shungo, id: shungo}")
    assert failed(service.replay(home.replace("shungo: 4", "shungo: 2"))) == []


@pytest.mark.django_db
def test_no_other_player_has_higher_family_honor_fails_when_one_has():
    """statics-moto-taosu with bob at 11 Family Honor, higher than alice's 10: Taosu lacks Tactician;
    at 9 he has it again (continuous-traits)."""
    text = (REAL / "statics-moto-taosu.yaml").read_text(encoding="utf-8")
    bob = "    stronghold: The Grand Halls of the Lion\n    honor: 10"
    assert [e["actual"] for e in failed(service.replay(text.replace(bob, bob[:-2] + "11")))] == [{"taosu": []}]
    assert failed(service.replay(text.replace(bob, bob[:-2] + "9"))) == []


@pytest.mark.django_db
def test_during_the_combat_segment_is_not_during_the_engage_segment():
    """statics-armor-of-the-emperor in the Engage Segment of the same battle: the Combat Segment has not
    begun, Hikarou has his printed 2F (engage-segment, combat-segment)."""
    text = (REAL / "statics-armor-of-the-emperor.yaml").read_text(encoding="utf-8")
    engage = text.replace("at: attack/combat", "at: attack/engage").replace("hikarou: 5", "hikarou: 2")
    assert failed(service.replay(engage)) == []


@pytest.mark.django_db
def test_a_dishonorable_or_gaijin_card_is_either_one():
    """statics-miroken-dishonorable-or-gaijin: "opposing a dishonorable or Gaijin card" is met by a
    dishonorable card without Gaijin too (conjunctions), and not by an honorable card without Gaijin."""
    text = (REAL / "statics-miroken-dishonorable-or-gaijin.yaml").read_text(encoding="utf-8")
    plain = text.replace("{card: Isidoros, id: isidoros, at: bob.p1}", "{card: Matsu Rutaro, id: rutaro, at: bob.p1}")
    for position in (plain.replace("miroken: 4", "miroken: 2"),
                     plain.replace("at: bob.p1}]\nexpect", "at: bob.p1, dishonored: true}]\nexpect")):
        assert position != plain
        assert [e["ok"] for e in service.replay(position)["expectations"]] == [True]


@pytest.mark.django_db
def test_a_spell_of_none_of_the_kinds_gives_no_bonus():
    """statics-raiko-one-of-several-spells: "an Air, Fire, or Thunder Spell" is one of those three kinds
    (conjunctions); with a Water Spell instead Raiko keeps her printed 2F and 2C."""
    text = (REAL / "statics-raiko-one-of-several-spells.yaml").read_text(encoding="utf-8")
    position = (text.replace("Fueling the Flames", "Suitengu's Embrace")
                .replace("force: {raiko: 3}", "force: {raiko: 2}").replace("chi: {raiko: 3}", "chi: {raiko: 2}"))
    assert [e["ok"] for e in service.replay(position)["expectations"]] == [True, True]


@pytest.mark.django_db
def test_neither_a_spear_nor_a_crab_clan_opponent_gives_no_bonus():
    """statics-kuraou-spear-or-crab: opposing a Personality that is not Crab Clan (Isidoros), with no Spear,
    Kuraou keeps his printed 2F and 2C (conjunctions)."""
    text = (REAL / "statics-kuraou-spear-or-crab.yaml").read_text(encoding="utf-8")
    position = (text.replace("{card: Yasuki Tono, id: tono,", "{card: Isidoros, id: isidoros,")
                .replace("kuraou: 3}", "kuraou: 2}"))
    assert [e["ok"] for e in service.replay(position)["expectations"]] == [True, True]


@pytest.mark.django_db
def test_neither_a_scorpion_opponent_nor_a_terrain_gives_no_resilient():
    """statics-genichi-or-you-control without the Terrain: opposing a Crab Clan Personality, Genichi lacks
    Resilient; opposing a Scorpion Clan Personality he has it again (conjunctions)."""
    text = (REAL / "statics-genichi-or-you-control.yaml").read_text(encoding="utf-8")
    bare = text.replace("    in_play: [Higher Ground]\n", "")
    assert [e["actual"] for e in failed(service.replay(bare))] == [{"genichi": []}]
    scorpion = bare.replace("{card: Yasuki Tono, id: tono,", "{card: Bayushi Toshimo, id: toshimo,")
    assert failed(service.replay(scorpion)) == []


def test_or_before_you_and_a_verb_joins_two_conditions():
    """"or you control …" starts a second condition (``ORYOU``); "or you may give" does not (conjunctions)."""
    from judgeapp.engine.cardlexer import classify, words

    def types(text):
        return [t.type for t in classify(words(text))]

    assert "ORYOU" in types("while he opposes a Scorpion Clan Personality or you control a Terrain")
    assert "ORYOU" not in types("Give your target Personality +2F or you may give him +1C")


@pytest.mark.django_db
def test_only_his_spirit_followers_share_mabasus_cavalry():
    """statics-mabasu-and-his-spirits: the Medium Infantry in his unit is no Spirit and gains nothing; if alice
    went first, the Courtesy trait gives neither Mabasu nor the Spirit Cavalry (keywords)."""
    text = (REAL / "statics-mabasu-and-his-spirits.yaml").read_text(encoding="utf-8")
    infantry = text.replace("attendant: [Cavalry]}", "attendant: [Cavalry], infantry: [Cavalry]}")
    assert [e["actual"] for e in failed(service.replay(infantry))] == [
        {"mabasu": ["Cavalry"], "attendant": ["Cavalry"], "infantry": []}]
    first = text.replace("first: bob", "first: alice")
    assert [e["actual"] for e in failed(service.replay(first))] == [{"mabasu": [], "attendant": []}]


@pytest.mark.django_db
def test_daitsu_attaches_his_first_weapon_and_another_kensai_his_second():
    """statics-daitsu-one-weapon: with no Weapon attached, Daitsu may attach one (the trait's condition, his
    Weapon, does not hold); another Kensai with a Weapon may attach a second (kensai)."""
    text = (REAL / "statics-daitsu-one-weapon.yaml").read_text(encoding="utf-8")
    bare = text.replace(", attach: [{card: A Samurai's Soul, id: soul}]", "")
    kensai = text.replace("{card: Kakita Daitsu, id: daitsu,", "{card: Bayushi Toshimo, id: daitsu,")
    for position in (bare, kensai):
        assert position != text
        result = service.replay(position)
        assert [e["expect"] for e in failed(result)] == [{"rejected": {"step": 1, "reason": "restricted"}},
                                                         {"gold": {"alice": 8}}]


@pytest.mark.django_db
def test_ouma_jirushi_gives_nothing_while_unopposed():
    """statics-ouma-jirushi-while-opposed with bob's Moritoki at home: Agai is unopposed, so neither trait
    holds; Agai keeps 2 Personal Honor and the Infantry 3F (continuous-traits)."""
    text = (REAL / "statics-ouma-jirushi-while-opposed.yaml").read_text(encoding="utf-8")
    home = text.replace("{card: Hiruma Moritoki, id: moritoki, at: bob.p1}", "{card: Hiruma Moritoki, id: moritoki}")
    assert [e["actual"] for e in failed(service.replay(home))] == [{"agai": {"personal_honor": 2}}, {"infantry": 3}]


@pytest.mark.django_db
def test_kuniken_counts_fewer_ports_and_none_while_unopposed():
    """statics-kuniken-up-to-three-ports with two of alice's Ports: both count, 4F; with bob's Moritoki at
    home Kuniken is unopposed and has his printed 2F (continuous-traits)."""
    text = (REAL / "statics-kuniken-up-to-three-ports.yaml").read_text(encoding="utf-8")
    two = text.replace("[Kobune Port, Deep Harbor, Fortified Docks, Merchant Atoll]", "[Kobune Port, Deep Harbor]")
    home = text.replace("{card: Hiruma Moritoki, id: moritoki, at: bob.p1}", "{card: Hiruma Moritoki, id: moritoki}")
    assert [e["actual"] for e in failed(service.replay(two))] == [{"kuniken": 4}]
    assert [e["actual"] for e in failed(service.replay(home))] == [{"kuniken": 2}]


@pytest.mark.django_db
def test_without_colonial_harbor_a_bowed_strongholds_ability_is_refused():
    """statics-colonial-harbor-tireless without the Harbor: the bowed Stronghold's Limited ability is not
    Tireless, and abilities on bowed cards cannot be used (bowed-and-unbowed)."""
    text = (REAL / "statics-colonial-harbor-tireless.yaml").read_text(encoding="utf-8")
    result = service.replay(text.replace("    in_play: [Colonial Harbor]\n", ""))
    assert [e["actual"] for e in failed(result)] == [{"alice": 0}, {"alice": 3}]
    assert [s["kind"] for s in result["steps"]].count("rejected") == 1


@pytest.mark.django_db
def test_fujigawas_spell_is_not_unstoppable_if_alice_went_first():
    """statics-fujigawa-unstoppable-spells with alice first: the Courtesy trait does not take effect, the
    Spell's ability is not Unstoppable and bob's Interrupt is taken (unstoppable, keyword-inheritance)."""
    text = (REAL / "statics-fujigawa-unstoppable-spells.yaml").read_text(encoding="utf-8")
    result = service.replay(text.replace("first: bob", "first: alice"))
    assert [e["expect"] for e in failed(result)] == [{"rejected": {"step": 2, "interrupt": 1, "reason": "restricted"}}]
    assert any(s["text"] == "A Stout Heart is discarded after its action resolves" for s in result["steps"])


ONE_PER_TURN = ("{title: Measured Gift, type: strategy, text: 'You may only play one Measured Gift per turn.\n"
                "Open: Gain 1 Honor.'}")


def test_you_may_only_play_one_per_turn_counts_the_plays_of_that_title():
    """"You may only play one Measured Gift per turn": the second copy is refused (restrictions-on-number-of-times),
    though a Strategy is otherwise played as often as its player has copies; next turn one may be played again."""
    alice = "    hand: [Measured Gift, Measured Gift, Measured Gift]\n"
    script = ("  - action: {by: alice, card: Measured Gift, ability: 1}\n"
              "  - action: {by: alice, card: Measured Gift, ability: 1}\n"
              "  - advance: next_turn\n  - advance: action\n"
              "  - action: {by: alice, card: Measured Gift, ability: 1}\n")
    result = ok(run(board(two_players(alice=alice), cards=f"  - {ONE_PER_TURN}\n", script=script,
                          expect="  - honor: {alice: 10}\n  - rejected: {step: 2, reason: restricted}\n")))
    assert len([s for s in result["steps"] if s["kind"] == "rejected"]) == 1


def test_favor_battle_actions_one_additional_time_covers_card_abilities_with_the_keywords():
    """"You may take Favor Battle actions one additional time per turn": an ability with the Favor keyword, used
    as a Battle action, may be used twice this turn (restrictions-on-number-of-times); a third use is refused."""
    cards = ("  - {title: Favored Courtier, type: personality, force: 1, chi: 2, honor: 0, cost: 3, ph: 2, "
             "text: 'You may take Favor Battle actions one additional time per turn.'}\n"
             "  - {title: Favor Shrine, type: holding, text: 'Favor Battle: Gain 1 Honor.'}\n")
    alice = ("    holdings: [{card: Favor Shrine, id: shrine}]\n"
             "    units: [{card: Favored Courtier, id: courtier, at: bob.p1}]\n")
    script = "  - pass: bob\n  - action: {by: alice, card: shrine, ability: 1}\n" * 3
    result = ok(run(board(two_players(alice=alice), at="attack/combat", extra="battlefield: bob.p1", cards=cards,
                          script=script, expect="  - honor: {alice: 10}\n  - rejected: {step: 6, reason: used}\n")))
    assert len([s for s in result["steps"] if s["kind"] == "rejected"]) == 1


@pytest.mark.django_db
def test_this_action_has_home_only_while_its_shugenja_is_water():
    """statics-wrath-of-suitengu-home: on Isawa Koizumi, an Air Shugenja, the Spell's action lacks Home, so it
    may not be taken while his unit is at home (rules-of-location, home-keyword)."""
    text = (REAL / "statics-wrath-of-suitengu-home.yaml").read_text(encoding="utf-8")
    text = text.replace("card: Kitsu Suki", "card: Isawa Koizumi").split("expect:")[0]
    result = ok(service.replay(text + "expect:\n  - rejected: {step: 2, reason: location}\n"))
    assert result["expectations"]


@pytest.mark.django_db
def test_conflagration_adds_strength_only_while_its_shugenja_is_fire():
    """statics-conflagration-fire: on Seppun Omihiru, a Shugenja with 3 Chi but not Fire, the Ranged Attack has
    only 3 strength and Moritoki (4 Force) survives (continuous-traits, ranged-attack)."""
    text = (REAL / "statics-conflagration-fire.yaml").read_text(encoding="utf-8")
    text = text.replace("card: Isawa Hibana", "card: Seppun Omihiru").split("expect:")[0]
    ok(service.replay(text + "expect:\n  - at: {moritoki: bob.p1}\n"))
