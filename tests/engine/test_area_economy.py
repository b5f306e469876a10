"""Economy: Gold production, costs, Honor Requirements, Honor gain and loss modifiers, permissions to
Recruit, Equip and Proclaim (``paying-gold-costs``, ``gold-producing-traits``, ``honor-requirement``)."""
from judgeapp.engine.abilities import read_text

from .helpers import board, failed, run, texts, two_players

WORKS = ("  - {title: Works, type: holding, cost: 2, text: '[Bow]: Produce 3 Gold.<br>[Bow]: Produce 5 Gold, which can "
         "only pay for a single Jade card.'}\n"
         "  - {title: Market, type: holding, cost: 2, text: '[Bow]: Produce 3 Gold.<br>Once per turn, produce 1 Gold "
         "that can only pay for a single action from your card in play.'}\n"
         "  - {title: Gift, type: strategy, focus: 1, text: '<b>Limited, :g4::</b> Gain 1 Honor.'}\n"
         "  - {title: Jade Gift, type: strategy, focus: 1, keywords: [Jade], text: '<b>Limited, :g4::</b> Gain 1 "
         "Honor.'}\n"
         "  - {title: Envoy, type: personality, force: 1, chi: 3, honor: 0, cost: 3, ph: 2, "
         "text: '<b>Open, :g4::</b> Gain 1 Honor.'}\n")


def test_a_card_with_two_gold_producing_traits_bows_for_one():
    """Works bows once: its 3 Gold for any cost, or its 5 for a Jade card, never both (gold-producing-traits)."""
    r = read_text("[Bow]: Produce 3 Gold.\n[Bow]: Produce 5 Gold, which can only pay for a single Jade card.", "Works",
                  "holding")
    assert r.produce.amount == 3 and r.produce_also[0].only.card.keywords == ["Jade"] and not r.unparsed
    alice = "    hand: [Gift, Jade Gift]\n    holdings: [{card: Works, id: works}]\n"
    script = ("  - action: {by: alice, card: Jade Gift, ability: 1, pay: [works]}\n"
              "  - action: {by: alice, card: Gift, ability: 1, pay: [works]}\n")
    result = run(board(two_players(alice=alice), cards=WORKS, script=script,
                       expect="  - bowed: [works]\n  - unbowed: [alice.stronghold]\n  - honor: {alice: 9}\n"
                              "  - gold: {alice: 0}\n  - rejected: {step: 2, reason: cost}\n"))
    assert failed(result) == [], result["expectations"]


def test_a_trait_that_produces_without_bowing_adds_to_a_bowing_one_once_per_turn():
    """Market bows for 3 and adds its once-per-turn 1 for an action from a card in play: Envoy's [4 Gold]
    (gold-producing-traits: each trait is used separately)."""
    alice = "    units: [{card: Envoy, id: envoy}]\n    holdings: [{card: Market, id: market}]\n"
    script = "  - action: {by: alice, card: envoy, ability: 1}\n"
    result = run(board(two_players(alice=alice), cards=WORKS, script=script,
                       expect="  - bowed: [market]\n  - unbowed: [alice.stronghold]\n  - honor: {alice: 9}\n"
                              "  - gold: {alice: 0}\n"))
    assert failed(result) == [], result["expectations"]
    assert any("Market produces 1 Gold" in t for t in texts(result))


SUANA = ("  - {title: Dojo, type: holding, cost: 3, text: \"[Bow]: Produce 3 Gold.<br>This Holding has -1GP while your "
         "Stronghold's Gold Production is 4 or greater.\"}\n"
         "  - {title: Shrine, type: holding, cost: 1, keywords: [Kharmic], text: '[Bow]: Produce 1 Gold.<br>This Holding "
         "has +1GP when it pays for a single Kharmic action only.'}\n"
         "  - {title: Gift, type: strategy, focus: 1, text: '<b>Limited, :g2::</b> Gain 1 Honor.'}\n"
         "  - {title: Charm, type: strategy, focus: 1, keywords: [Kharmic], text: ''}\n")


def test_a_holding_has_less_gold_production_while_a_condition_holds():
    """Dojo produces 3, less 1 while its Stronghold has 4 or more Gold Production (Test Keep: 5): 2 pays
    Gift's [2 Gold] exactly (holding-gold-production, continuous-traits)."""
    alice = "    hand: [Gift]\n    holdings: [{card: Dojo, id: dojo}]\n"
    script = "  - action: {by: alice, card: Gift, ability: 1, pay: [dojo]}\n"
    result = run(board(two_players(alice=alice), cards=SUANA, script=script,
                       expect="  - bowed: [dojo]\n  - gold: {alice: 0}\n  - honor: {alice: 9}\n"))
    assert failed(result) == [], result["expectations"]


def test_more_gold_production_for_a_kharmic_action():
    """Shrine's +1GP when it pays for a single Kharmic action: the rulebook Kharmic ability's [2 Gold] from
    Shrine alone (kharmic, holding-gold-production)."""
    alice = "    hand: [Charm]\n    fate_deck: 5\n    holdings: [{card: Shrine, id: shrine}]\n"
    script = "  - action: {by: alice, rulebook: kharmic, discard: Charm, pay: [shrine]}\n"
    result = run(board(two_players(alice=alice), cards=SUANA, script=script,
                       expect="  - bowed: [shrine]\n  - gold: {alice: 0}\n  - hand: {alice: 1}\n"))
    assert failed(result) == [], result["expectations"]


PROCLAIM = ("  - {title: Watcher, type: personality, force: 1, chi: 3, honor: 0, cost: 3, ph: 2, clan: Crab, "
            "keywords: [Crab Clan], text: 'After you Proclaim Susumu Takuan, gain 2 Honor.'}\n"
            "  - {title: Susumu Takuan, type: personality, force: 1, chi: 3, honor: 0, cost: 3, ph: 2, clan: Crab, "
            "keywords: [Crab Clan, Courtier]}\n"
            "  - {title: Bushi, type: personality, force: 2, chi: 2, honor: 0, cost: 3, ph: 1, clan: Crab, "
            "keywords: [Crab Clan, Samurai]}\n"
            "  - {title: Teacher, type: sensei, text: 'You may only Proclaim Courtier.'}\n")
CRAB = "    stronghold: {title: Wall, type: stronghold, strength: 6, production: 5, starting_honor: 6, clan: Crab}\n"


def _crab(alice: str, bob_honor: int = 10) -> str:
    castle = "    stronghold: {title: Test Castle, type: stronghold, strength: 6, production: 5, starting_honor: 7}\n"
    return f"  alice:\n{CRAB}    honor: 8\n{alice}  bob:\n{castle}    honor: {bob_honor}\n"


def test_a_trait_after_you_proclaim_a_named_personality():
    """Watcher: "After you Proclaim Susumu Takuan, gain 2 Honor": +2 for his Personal Honor, +2 (proclaim)."""
    alice = ("    units: [{card: Watcher, id: watcher}]\n"
             "    provinces: [{card: Susumu Takuan, face: up}, {}, {}, {}]\n")
    result = run(board(_crab(alice), at="dynasty", cards=PROCLAIM,
                       script="  - recruit: {by: alice, card: alice.p1, proclaim: true}\n",
                       expect="  - honor: {alice: 12}\n"))
    assert failed(result) == [], result["expectations"]


def test_you_may_only_proclaim_some_personalities():
    """Teacher (Sensei): "You may only Proclaim Courtier": Proclaiming a Samurai is refused (proclaim)."""
    alice = "    sensei: Teacher\n    provinces: [{card: Bushi, face: up}, {card: Susumu Takuan, face: up}, {}, {}]\n"
    script = ("  - recruit: {by: alice, card: alice.p1, proclaim: true}\n"
              "  - recruit: {by: alice, card: alice.p2, proclaim: true}\n")
    result = run(board(_crab(alice), at="dynasty", cards=PROCLAIM, script=script,
                       expect="  - rejected: {step: 1, reason: restricted}\n  - honor: {alice: 10}\n"))
    assert failed(result) == [], result["expectations"]


INVEST = ("  - {title: Saver, type: personality, force: 1, chi: 1, honor: 0, cost: 2, ph: 1, "
          "text: 'Saver enters play for 4 less Gold.<br>Invest [5 Gold]: Gain 1 Honor.'}\n"
          "  - {title: Miser, type: personality, force: 1, chi: 1, honor: 0, cost: 2, ph: 1, "
          "text: 'Miser enters play for 4 less Gold.<br>Invest [5 Gold]: Gain 1 Honor. This Invest cost cannot be "
          "reduced.'}\n")


def test_an_invest_cost_is_reduced_unless_it_cannot_be():
    """Invest increases the Gold Cost (invest): Saver costs 2 + 5 - 4 = 3; Miser's Invest cost cannot be reduced,
    so the 4 less stops at his printed 2: 0 + 5 = 5.  8 Gold in all."""
    alice = "    gold: 8\n    provinces: [{card: Saver, face: up}, {card: Miser, face: up}, {}, {}]\n"
    script = ("  - recruit: {by: alice, card: alice.p1, invest: true}\n"
              "  - recruit: {by: alice, card: alice.p2, invest: true}\n")
    result = run(board(two_players(alice=alice), at="dynasty", cards=INVEST, script=script,
                       expect="  - at: {saver: home, miser: home}\n  - gold: {alice: 0}\n  - honor: {alice: 10}\n"))
    assert failed(result) == [], result["expectations"]


DISCIPLINE = ("  - {title: Rally, type: strategy, focus: 1, text: 'Discipline [3 Gold] or [0 Gold] if you are the "
              "Defender.<br><b>Battle:</b> Gain 1 Honor.'}\n"
              "  - {title: Guard, type: personality, force: 1, chi: 1, honor: 0, cost: 2, ph: 1}\n")


def test_a_discipline_cost_that_changes_with_a_condition():
    """Rally played from the discard pile with Discipline: 0 Gold for the Defender, 3 for the Attacker;
    each is removed from the game after its action (discipline)."""
    alice = "    discard: [Rally]\n    units: [{card: Guard, id: a, at: bob.p1}]\n"
    bob = "    discard: [Rally]\n    units: [{card: Guard, id: b, at: bob.p1}]\n"
    script = ("  - action: {by: bob, card: Rally, ability: 1}\n"
              "  - action: {by: alice, card: Rally, ability: 1, pay: [stronghold]}\n")
    result = run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1",
                       cards=DISCIPLINE, script=script,
                       expect="  - honor: {alice: 9, bob: 11}\n  - bowed: [alice.stronghold]\n"
                              "  - unbowed: [bob.stronghold]\n  - gold: {alice: 2}\n"))
    assert failed(result) == [], result["expectations"]


COSTS = ("  - {title: Study, type: strategy, focus: 1, text: \"This ability's Gold cost is 2 if you are a Crab Clan "
         "player or control a Tactician.<br><b>Limited, :g5::</b> Gain 1 Honor.\"}\n"
         "  - {title: Tactician, type: personality, force: 1, chi: 1, honor: 0, cost: 2, ph: 1, keywords: [Tactician]}\n")


def test_an_ability_gold_cost_set_by_its_card_while_a_condition_holds():
    """Study's [5 Gold] is 2 while Alice controls a Tactician; a Study of Bob's, who does not, costs 5 (costs)."""
    alice = "    hand: [Study]\n    gold: 2\n    units: [{card: Tactician, id: t}]\n"
    bob = "    hand: [Study]\n    gold: 4\n"
    script = "  - action: {by: alice, card: Study, ability: 1}\n"
    result = run(board(two_players(alice=alice, bob=bob), cards=COSTS, script=script,
                       expect="  - honor: {alice: 9}\n  - gold: {alice: 0}\n  - unbowed: [alice.stronghold]\n"))
    assert failed(result) == [], result["expectations"]
    result = run(board(two_players(alice=alice, bob=bob), active="bob", cards=COSTS,
                       script="  - action: {by: bob, card: Study, ability: 1}\n",
                       expect="  - bowed: [bob.stronghold]\n  - gold: {bob: 4}\n"))
    assert failed(result) == [], result["expectations"]


EACH = ("  - {title: Teahouse, type: holding, cost: 5, text: 'This Holding enters play for 1 less Gold for each Geisha you "
        "control.<br>[Bow]: Produce 1 Gold.'}\n"
        "  - {title: Settler, type: personality, force: 1, chi: 1, honor: 0, cost: 4, ph: 1, text: 'Enters play for 1 "
        "less Gold for each Farm other players control.'}\n"
        "  - {title: Geisha, type: personality, force: 1, chi: 1, honor: 0, cost: 2, ph: 1, keywords: [Geisha]}\n"
        "  - {title: Farm, type: holding, cost: 1, keywords: [Farm], text: '[Bow]: Produce 1 Gold.'}\n")


def test_a_cost_lower_for_each_card_controlled():
    """Teahouse (5) costs 3 with two Geisha of Alice's; Settler (4) costs 3 with one Farm of Bob's (and none of
    the Farms Alice controls counts): 6 Gold in all (continuous-traits)."""
    alice = ("    gold: 6\n    units: [{card: Geisha, id: g1}, {card: Geisha, id: g2}]\n"
             "    holdings: [{card: Farm, id: mine, bowed: true}]\n"
             "    provinces: [{card: Teahouse, face: up}, {card: Settler, face: up}, {}, {}]\n")
    bob = "    holdings: [{card: Farm, id: theirs}]\n"
    script = "  - recruit: {by: alice, card: alice.p1}\n  - recruit: {by: alice, card: alice.p2}\n"
    result = run(board(two_players(alice=alice, bob=bob), at="dynasty", cards=EACH, script=script,
                       expect="  - at: {teahouse: home, settler: home}\n  - gold: {alice: 0}\n"
                              "  - unbowed: [alice.stronghold]\n"))
    assert failed(result) == [], result["expectations"]


def test_a_title_names_cards_with_a_subtitle_but_not_longer_titles():
    """"Matsu Misato" names Matsu Misato, the Hatamoto (card-subtitles); a title with a comma of its own is
    compared whole."""
    from judgeapp.engine.references import titled

    assert titled("Matsu Misato, the Hatamoto", "Matsu Misato")
    assert titled("The Kaiu Wall", "Kaiu Wall")
    assert not titled("Matsu Misato, the Hatamoto", "Matsu Misato, the Lion")
    assert not titled("Matsu Misatoko", "Matsu Misato")
