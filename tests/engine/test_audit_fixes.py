"""The wrong answers the rules audit found (engine issue, part 2), one test each, on boards
of inline cards; each failed on the engine before the rebuild.  Database cards are in
``test_database_cards``."""
import pytest

from .helpers import board, failed, run, texts, two_players

PERSON = "  - {{title: {t}, type: personality, force: {f}, chi: {c}, honor: {hr}, cost: {cost}, ph: {ph}{rest}}}\n"


def person(title, f=3, c=3, hr=2, cost=5, ph=2, **extra):
    rest = "".join(f", {k}: {v}" for k, v in extra.items())
    return PERSON.format(t=title, f=f, c=c, hr=hr, cost=cost, ph=ph, rest=rest)


def battle(alice_units, bob_units, cards, expect, script="  - advance: end_of_battle\n", **kw):
    return run(board(two_players(alice=f"    units: {alice_units}\n", bob=f"    units: {bob_units}\n", **kw),
                     at="attack/combat", extra="battlefield: bob.p1", cards=cards, script=script, expect=expect))


def test_a_unit_dies_whole_and_every_card_counts_for_battle_honor():
    """CR Unit: a Personality leaving play takes his Followers and Items; Battle Resolution:
    2 Honor per card destroyed by resolution — Items included."""
    cards = (person("Ogre", f=9) + person("Guard", f=1)
             + "  - {title: Spearmen, type: follower, force: 1, cost: 1}\n"
             "  - {title: Helm, type: item, force: '+0', chi: '+1', cost: 1}\n")
    result = battle("[{card: Ogre, id: ogre, at: bob.p1}]",
                    "[{card: Guard, id: guard, at: bob.p1, attach: [{card: Spearmen, id: spear}, {card: Helm, id: helm}]}]",
                    cards, "  - destroyed: [guard, spear, helm]\n  - honor: {alice: 14}\n"
                           "  - at: {spear: discard, helm: discard, guard: dead}\n")
    assert failed(result) == [], result["expectations"]
    assert any("go with him: Spearmen, Helm" in t for t in texts(result))


def test_tie_rehonors_the_dishonorable_before_they_die():
    """CR Rehonoring: in a tied battle, dishonorable Personalities are rehonored before being
    destroyed, in substitution for their leader's Honor gain — so no Personal Honor loss."""
    cards = person("Shamed", f=3, ph=3) + person("Foe", f=3, ph=1)
    result = battle("[{card: Shamed, id: shamed, at: bob.p1, dishonored: true}]",
                    "[{card: Foe, id: foe, at: bob.p1}]", cards,
                    "  - destroyed: [shamed, foe]\n  - honor: {alice: 8, bob: 12}\n  - honorable: [shamed]\n")
    assert failed(result) == [], result["expectations"]
    lines = texts(result)
    rehonor = next(i for i, t in enumerate(lines) if "rehonored instead" in t)
    dies = next(i for i, t in enumerate(lines) if t.startswith("Shamed is destroyed"))
    assert rehonor < dies and not any("dishonorable" in t and "printed Personal Honor" in t for t in lines)


def test_resilient_survives_resolution_once():
    """CR Resilient: once per game per card, not destroyed by battle resolution; its
    attachments still are."""
    cards = (person("Ogre", f=9) + person("Tough", f=1, keywords="[Resilient]")
             + "  - {title: Spearmen, type: follower, force: 1, cost: 1}\n")
    result = battle("[{card: Ogre, id: ogre, at: bob.p1}]",
                    "[{card: Tough, id: tough, at: bob.p1, attach: [{card: Spearmen, id: spear}]}]", cards,
                    "  - destroyed: [spear]\n  - at: {tough: bob.p1}\n  - honor: {alice: 10}\n")
    assert failed(result) == [], result["expectations"]
    assert "tough" not in [e for e in result["expectations"][0]["actual"]]


def test_chi_death_after_equip_and_after_a_chi_token():
    """CR Chi Death Rule: checked whenever Chi changes — an Item with a Chi penalty, a token."""
    cards = person("Frail", c=1) + person("Sturdy", c=2) + \
        "  - {title: Cursed Blade, type: item, force: '+2', chi: '-1', cost: 0}\n"
    alice = "    units: [{card: Frail, id: frail}, {card: Sturdy, id: sturdy, tokens: {Chi: -1}}]\n" \
            "    hand: [Cursed Blade]\n"
    result = run(board(two_players(alice=alice), cards=cards,
                       script="  - equip: {by: alice, card: Cursed Blade, to: frail}\n"
                              "  - effect: {by: bob, do: {chi: {target: sturdy, amount: -1}}}\n",
                       expect="  - destroyed: [frail, sturdy]\n  - at: {cursed-blade: discard}\n"))
    assert failed(result) == [], result["expectations"]
    assert sum("Chi is 0" in t for t in texts(result)) == 2


def test_gold_production_or_clause_is_read_whole():
    """CR Gold-producing traits: "Produce 2 Gold, or 3 Gold if you are a Crane Clan player"."""
    cards = ("  - {title: Market, type: holding, cost: 2, text: ':bow:: Produce 2 Gold, or 3 Gold if you are a Crane "
             "Clan player.'}\n  - {title: Tribute, type: strategy, text: '<b>Limited, :g3::</b> Gain 1 Honor.'}\n")
    for clan, ok in (("Crane", True), ("Crab", False)):
        alice = (f"    clan: {clan}\n    hand: [Tribute]\n    holdings: [{{card: Market, id: market}}]\n")
        result = run(board(two_players(alice=alice), cards=cards,
                           script="  - action: {by: alice, card: Tribute, ability: 1, pay: [market]}\n",
                           expect="  - honor: {alice: 9}\n" if ok else "  - rejected: {step: 1, reason: cost}\n"))
        assert failed(result) == [], (clan, result["expectations"])


def test_half_read_sentences_are_reported_not_half_executed():
    """The reader takes a sentence whole or not at all."""
    from judgeapp.engine.abilities import read_text

    reading = read_text(":bow:: Produce 2 Gold, or 3 Gold unless the moon is full.", "Odd Market")
    assert reading.produce is None and reading.unparsed


def test_tireless_cannot_bow_again_and_named_payment_must_be_able():
    """CR Costs and Tireless: a Tireless ability works while bowed, but a bow cost cannot be
    paid by a bowed card; a bowed or unknown producer cannot pay (``pay:``)."""
    cards = ("  - {title: Tireless Monk, type: personality, force: 1, chi: 3, honor: 0, cost: 2, ph: 1, effects: "
             "[{ability: open, words: [Tireless], bow: true, do: [{gain_honor: {amount: 1}}]}, "
             "{ability: limited, words: [Tireless], do: [{gain_honor: {amount: 2}}]}]}\n"
             "  - {title: Gift, type: strategy, text: '<b>Limited, :g2::</b> Gain 1 Honor.'}\n"
             "  - {title: Farm, type: holding, cost: 2, text: 'Bow this card: Produce 2 Gold.'}\n")
    alice = ("    units: [{card: Tireless Monk, id: monk, bowed: true}]\n    hand: [Gift, Gift]\n"
             "    holdings: [{card: Farm, id: farm, bowed: true}]\n")
    script = ("  - action: {by: alice, card: monk, ability: 1}\n  - action: {by: alice, card: monk, ability: 2}\n"
              "  - action: {by: alice, card: Gift, ability: 1, pay: [farm]}\n"
              "  - action: {by: alice, card: Gift, ability: 1, pay: [nowhere]}\n")
    result = run(board(two_players(alice=alice), cards=cards, script=script,
                       expect="  - rejected: {step: 1, reason: bowed}\n  - rejected: {step: 3, reason: cost}\n"
                              "  - rejected: {step: 4, reason: cost}\n  - honor: {alice: 10}\n"))
    assert failed(result) == [], result["expectations"]


def test_interrupts_pay_gold_and_follow_presence_location_and_bowing():
    """CR Interrupt actions follow the action checks: Gold paid, Rule of Presence, Rules of
    Location, bowed cards."""
    cards = (person("Archer", f=2) + person("Lone", f=2) + person("Far", f=2)
             + "  - {title: Shield, type: strategy, text: '<b>Interrupt, :g2::</b> Your target Personality gets +2F.'}\n"
             "  - {title: Ward, type: personality, force: 1, chi: 2, honor: 0, cost: 1, ph: 0, text: "
             "'<b>Interrupt:</b> Gain 1 Honor.'}\n"
             "  - {title: Volley, type: personality, force: 2, chi: 2, honor: 0, cost: 1, ph: 0, text: "
             "'<b>Battle, :bow::</b> Ranged 2 Attack.'}\n")
    alice = "    units: [{card: Volley, id: volley, at: bob.p1}]\n"
    bob = ("    hand: [Shield]\n    units: [{card: Lone, id: lone, at: bob.p1}, {card: Ward, id: home-ward}, "
           "{card: Ward, id: tired-ward, at: bob.p1, bowed: true}]\n")
    interrupts = ("[{by: bob, card: Shield, ability: 1, targets: [lone]}, {by: bob, card: home-ward, ability: 1}, "
                  "{by: bob, card: tired-ward, ability: 1}]")
    script = f"  - action: {{by: alice, card: volley, ability: 1, targets: [lone], interrupts: {interrupts}}}\n"
    result = run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1",
                       cards=cards, script=script,
                       expect="  - rejected: {step: 1, interrupt: 2, reason: location}\n"
                              "  - rejected: {step: 1, interrupt: 3, reason: bowed}\n"
                              "  - force: {lone: 4}\n  - bowed: [bob.stronghold]\n"))
    assert failed(result) == [], result["expectations"]


def test_interrupt_needs_presence():
    cards = person("Lone", f=2) + ("  - {title: Quick, type: strategy, text: '<b>Interrupt:</b> Gain 1 Honor.'}\n"
                                   "  - {title: Volley, type: personality, force: 2, chi: 2, honor: 0, cost: 1, ph: 0, "
                                   "text: '<b>Battle, :bow::</b> Gain 1 Honor.'}\n")
    result = run(board(two_players(alice="    units: [{card: Volley, id: volley, at: bob.p1}]\n",
                                   bob="    hand: [Quick]\n    units: [{card: Lone, id: lone, at: bob.p2}]\n"),
                       at="attack/combat", extra="battlefield: bob.p1", cards=cards,
                       script="  - action: {by: alice, card: volley, ability: 1, "
                              "interrupts: [{by: bob, card: Quick, ability: 1}]}\n",
                       expect="  - rejected: {step: 1, interrupt: 1, reason: presence}\n  - honor: {bob: 10}\n"))
    assert failed(result) == [], result["expectations"]


def test_abilities_only_work_from_where_they_work():
    """CR Using abilities: a Follower's ability from hand, a Personality's from a Province:
    not in play."""
    cards = ("  - {title: Scout, type: follower, force: 1, cost: 1, text: '<b>Open, :bow::</b> Gain 1 Honor.'}\n"
             + person("Sage", text="'<b>Open:</b> Gain 1 Honor.'"))
    alice = "    hand: [Scout]\n    provinces: [{card: Sage, face: up}, {}, {}, {}]\n"
    result = run(board(two_players(alice=alice), cards=cards,
                       script="  - action: {by: alice, card: Scout, ability: 1}\n"
                              "  - action: {by: alice, card: Sage, ability: 1}\n",
                       expect="  - rejected: {step: 1, reason: not-in-play}\n"
                              "  - rejected: {step: 2, reason: not-in-play}\n  - honor: {alice: 8}\n"
                              "  - at: {scout: hand}\n"))
    assert failed(result) == [], result["expectations"]


def test_unique_is_enforced():
    """CR Unique: a player will not bring into play a Unique card with the title of one he controls."""
    cards = person("Kisada", keywords="[Unique]", cost=0)
    alice = "    units: [{card: Kisada, id: kisada}]\n    provinces: [{card: Kisada, face: up, id: twin}, {}, {}, {}]\n"
    result = run(board(two_players(alice=alice), at="dynasty", cards=cards,
                       script="  - recruit: {by: alice, card: alice.p1}\n",
                       expect="  - rejected: {step: 1, reason: unique}\n  - at: {twin: province}\n"))
    assert failed(result) == [], result["expectations"]


def test_honor_requirement_waiver_after_losing_honor_to_another_player():
    """CR Honor Requirement: after losing Honor to another player's card, a player ignores
    Honor Requirements of Personalities with her Clan Alignment."""
    cards = (person("Lion Hero", hr=9, cost=2, clan="Lion") + person("Crab Hero", hr=9, cost=2, clan="Crab")
             + "  - {title: Lion Keep, type: stronghold, strength: 6, production: 5, starting_honor: 6, clan: Lion}\n")
    alice = ("    stronghold: Lion Keep\n    honor: 5\n"
             "    provinces: [{card: Lion Hero, face: up}, {card: Crab Hero, face: up}, {}, {}]\n")
    players = f"  alice:\n{alice}  bob:\n    stronghold: {{title: Test Castle, type: stronghold, strength: 6, " \
              "production: 5, starting_honor: 7}\n    honor: 10\n"
    result = run(board(players, at="dynasty", cards=cards,
                       script="  - recruit: {by: alice, card: alice.p1}\n"
                              "  - effect: {by: bob, do: {lose_honor: {player: alice, amount: 1}}}\n"
                              "  - recruit: {by: alice, card: alice.p1}\n  - recruit: {by: alice, card: alice.p2}\n",
                       expect="  - rejected: {step: 1, reason: honor-requirement}\n"
                              "  - rejected: {step: 4, reason: honor-requirement}\n  - at: {lion-hero: home}\n"))
    assert failed(result) == [], result["expectations"]


def test_no_attack_means_no_attack_phase():
    """CR Attack Phase: declaring creates the Attack Phase; with none, it neither begins nor ends."""
    cards = "  - {title: Dawn Shrine, type: holding, cost: 2, text: 'After your Attack Phase ends: Gain 2 Honor.'}\n"
    result = run(board(two_players(alice="    holdings: [Dawn Shrine]\n"), at="attack/declaration", cards=cards,
                       script="  - no_attack: alice\n  - advance: dynasty\n", expect="  - honor: {alice: 8}\n"))
    assert failed(result) == [] and not any("Attack Phase ends" in t for t in texts(result))


def test_dual_designator_works_in_both_rounds():
    """CR Abilities: "Battle/Open:" can be used at either time."""
    cards = person("Diplomat", text="'<b>Battle/Open:</b> Gain 1 Honor.'") + person("Foe")
    open_ = run(board(two_players(alice="    units: [{card: Diplomat, id: d}]\n"), cards=cards,
                      script="  - action: {by: alice, card: d, ability: 1}\n", expect="  - honor: {alice: 9}\n"))
    in_battle = battle("[{card: Diplomat, id: d, at: bob.p1}]", "[{card: Foe, id: foe, at: bob.p1}]", cards,
                       "  - honor: {alice: 9}\n", script="  - action: {by: alice, card: d, ability: 1}\n")
    assert failed(open_) == [] and failed(in_battle) == []
    assert any("announces Diplomat's Battle action" in t for t in texts(in_battle))


def test_open_action_in_the_opponents_dynasty_phase_is_the_wrong_round():
    """CR Action Rounds: the Dynasty Phase has only the active player's Dynasty actions."""
    cards = person("Envoy", text="'<b>Open:</b> Gain 1 Honor.'")
    result = run(board(two_players(bob="    units: [{card: Envoy, id: envoy}]\n"), at="dynasty", cards=cards,
                       script="  - action: {by: bob, card: envoy, ability: 1}\n",
                       expect="  - rejected: {step: 1, reason: wrong-round}\n  - honor: {bob: 10}\n"))
    assert failed(result) == [], result["expectations"]


@pytest.mark.parametrize("do", ["{gold_production: {target: alice.stronghold, amount: 2}}",
                                "{gold_production: {target: farm, amount: 1}}"])
def test_gold_production_effect(do):
    """The contract's gold_production effect: a Stronghold's stat, a Holding's production."""
    cards = ("  - {title: Farm, type: holding, cost: 2, text: 'Bow this card: Produce 2 Gold.'}\n"
             "  - {title: Big Gift, type: strategy, text: '<b>Limited, :g7::</b> Gain 1 Honor.'}\n")
    alice = "    hand: [Big Gift]\n    holdings: [{card: Farm, id: farm}]\n"
    result = run(board(two_players(alice=alice), cards=cards,
                       script=f"  - effect: {{by: alice, do: {do}}}\n  - action: {{by: alice, card: Big Gift}}\n",
                       expect="  - honor: {alice: 9}\n"))
    assert failed(result) == [], result["expectations"]
