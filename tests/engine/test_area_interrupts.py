"""Interrupts and the action they interrupt (``interrupt-actions``, ``negate``), on boards of inline
cards: what the engine knows of the interrupted action while its effects resolve (``acting``)."""
from .helpers import board, failed, run, texts, two_players


def person(title, f=3, c=3, **extra):
    rest = "".join(f", {k}: {v}" for k, v in extra.items())
    return f"  - {{title: {title}, type: personality, force: {f}, chi: {c}, honor: 0, cost: 3, ph: 1{rest}}}\n"


def strategy(title, text):
    return f"  - {{title: {title}, type: strategy, text: '{text}'}}\n"


VOLLEY = ("  - {title: Volley, type: strategy, effects: [{ability: battle, targets: [{side: enemy, what: "
          "personality}, {side: enemy, what: personality}], do: [{ranged_attack: {target: 1, amount: 1}}, "
          "{ranged_attack: {target: 2, amount: 1}}]}]}\n")


def volley(interrupt_text):
    cards = VOLLEY + strategy("Quick Aim", interrupt_text) + person("Archer") + person("Foe One", f=3) + \
        person("Foe Two", f=1)
    alice = "    hand: [Volley, Quick Aim]\n    units: [{card: Archer, id: archer, at: bob.p1}]\n"
    bob = "    units: [{card: Foe One, id: one, at: bob.p1}, {card: Foe Two, id: two, at: bob.p1}]\n"
    script = ("  - pass: bob\n  - action: {by: alice, card: Volley, targets: [one, two], "
              "interrupts: [{by: alice, card: Quick Aim}]}\n")
    return run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1",
                     cards=cards, script=script))


def test_a_ranged_attack_is_one_of_the_actions_ranged_attacks():
    """"Give a Ranged Attack +2 strength" changes one attack effect of the interrupted action, the
    first it makes; "the action's Ranged Attacks" change every one (``interrupt-actions``)."""
    one = texts(volley("<b>Interrupt:</b> Give a Ranged Attack +2 strength."))
    assert "Ranged 3 Attack against Foe One: 3F is not more than 3" in one
    assert "Ranged 1 Attack against Foe Two: 1F is not more than 1" in one
    each = texts(volley("<b>Interrupt:</b> Give the action&#39;s Ranged Attacks +2 strength."))
    assert "Ranged 3 Attack against Foe Two: 1F is not more than 3" in each


def test_an_interrupt_with_no_action_changes_nothing():
    """An Interrupt's changes are to the action it interrupts; stated as a judge's effect there is none."""
    cards = person("Archer")
    alice = "    units: [{card: Archer, id: archer}]\n"
    script = "  - effect: {by: alice, do: {attack_strength: {attacks: [ranged_attack], amount: 2}}}\n"
    result = run(board(two_players(alice=alice), cards=cards, script=script))
    assert failed(result) == []
    assert any("there is no action to change" in t for t in texts(result))


# an Open action that destroys its target Personality, for Interrupts to wait on
STRIKE = ("  - {title: Strike, type: strategy, effects: [{ability: open, targets: [{what: personality}], "
          "do: [{destroy: {target: 1}}]}]}\n")


def test_after_the_action_destroys_waits_for_that_actions_own_effects():
    """"After the action destroys a dishonorable Personality, gain 1 Honor" refers to the interrupted
    action's effects (``interrupt-actions``): it destroys an honorable one, and a dishonorable one
    destroyed afterwards by another effect gives nothing."""
    cards = (person("Honest") + person("Rogue") + strategy("Witness", "<b>Interrupt:</b> After the action destroys "
                                                                      "a dishonorable Personality, gain 1 Honor.")
             + STRIKE)
    alice = "    hand: [Strike, Witness]\n"
    bob = "    units: [{card: Honest, id: honest}, {card: Rogue, id: rogue, dishonored: true}]\n"
    script = ("  - action: {by: alice, card: Strike, targets: [honest], interrupts: [{by: alice, card: Witness}]}\n"
              "  - effect: {by: bob, do: {destroy: {target: rogue}}}\n")
    result = run(board(two_players(alice=alice, bob=bob), cards=cards, script=script,
                       expect="  - destroyed: [honest, rogue]\n  - honor: {alice: 8}\n"))
    assert failed(result) == [], result["expectations"]
    assert not any("Delayed effect of Witness" in t for t in texts(result))


def test_where_the_action_brings_a_card_from_is_part_of_the_occurrence():
    """"After the action Equips a Spell from your hand": the Spell must come from the hand, not be in it
    (it is in play once Equipped); "Recruits a Scout from a Province" names that Province as "it"
    (``interrupt-actions``, ``provinces``)."""
    from judgeapp.engine.cardtext import read

    hand = read("<b>Interrupt:</b> After the action Equips a Spell from your hand, draw a card.", "Test", "holding")
    wait = hand.abilities[0].effects[0].args
    assert (wait.occurrence, wait.from_zone, wait.subject.zone, wait.subject.type) == \
        ("equipped", "hand", "play", ["spell"])
    province = read("<b>Interrupt:</b> After the action Recruits a Scout from a Province, refill it face-up.",
                    "Test", "holding")
    wait = province.abilities[0].effects[0].args
    assert (wait.occurrence, wait.from_zone, wait.do[0].args.province) == ("recruited", "province", "origin")
    assert read("<b>Interrupt:</b> After the action Equips a Spell from a Province, draw a card.", "Test",
                "holding").unparsed


def test_a_target_in_effects_that_wait_is_chosen_when_they_happen():
    """"After the action destroys a dishonorable Personality, give your target Personality +2F": the target
    is chosen when the delayed effect happens, not as the Interrupt resolves (``good-faith-rule``,
    ``action-sequence`` D), numbered after the Interrupt's own: Mine, the Interrupt's target, gets +1F; the
    waiting target is chosen then (the script names none, the engine takes the first: Other) and gets +2F."""
    cards = (person("Honest") + person("Rogue") + person("Other", f=1) + person("Mine", f=1)
             + strategy("Avenge", "<b>Interrupt:</b> Give your target Personality +1F. After the action destroys a "
                                  "dishonorable Personality, give your target Personality +2F.")
             + STRIKE)
    alice = "    hand: [Strike, Avenge]\n    units: [{card: Other, id: other}, {card: Mine, id: mine}]\n"
    bob = "    units: [{card: Honest, id: honest}, {card: Rogue, id: rogue, dishonored: true}]\n"
    script = ("  - action: {by: alice, card: Strike, targets: [rogue], interrupts: [{by: alice, card: Avenge, "
              "targets: [mine]}]}\n")
    result = run(board(two_players(alice=alice, bob=bob), cards=cards, script=script,
                       expect="  - destroyed: [rogue]\n  - force: {mine: 2, other: 3}\n"))
    assert failed(result) == [], result["expectations"]
    steps = texts(result)
    waited = next(i for i, t in enumerate(steps) if "Delayed effect of Avenge" in t)
    assert any("the engine takes the first legal choice): Other" in t for t in steps[waited:])


def test_nothing_may_follow_effects_that_wait_with_their_own_targets():
    """A later sentence would number its targets, or name by a pronoun, what only the waiting effects choose."""
    from judgeapp.engine.cardtext import read

    alone = read("<b>Interrupt:</b> If the action is a Ranged Attack action, after it resolves, give your target "
                 "Personality +2F.", "Test", "strategy")
    wait = alone.abilities[0].effects[0].args
    assert (len(alone.abilities[0].targets), len(wait.targets), wait.first_target) == (0, 1, 1)
    assert read("<b>Interrupt:</b> If the action is a Ranged Attack action, after it resolves, give your target "
                "Personality +2F. Bow your target Follower.", "Test", "strategy").unparsed


def kindle(action_text):
    """Alice's action bows Bob's Foe, and she interrupts it with Isawa Nomura's text on a Strategy."""
    cards = (strategy("Strike", action_text) + person("Foe") + person("Adept", f=1, keywords="[Shugenja]")
             + strategy("Kindle", "<b>Interrupt:</b> After the action resolves, if it was Fire and bowed or destroyed "
                                  "any enemy cards, give your target Shugenja +2F."))
    alice = "    hand: [Strike, Kindle]\n    units: [{card: Adept, id: adept}]\n"
    bob = "    units: [{card: Foe, id: foe}]\n"
    script = "  - action: {by: alice, card: Strike, targets: [foe], interrupts: [{by: alice, card: Kindle}]}\n"
    return run(board(two_players(alice=alice, bob=bob), cards=cards, script=script))


def test_the_if_of_effects_that_wait_is_checked_before_their_target_is_chosen():
    """"After the action resolves, if it was Fire and bowed or destroyed any enemy cards, give your target
    Shugenja +2F" (Isawa Nomura): the "if" starts the waiting effects, so it is checked when they happen and
    their target is chosen only if it holds (``delayed-effects``, ``good-faith-rule``)."""
    fire = kindle("<b>Fire Open:</b> Bow a target enemy Personality.")
    steps = texts(fire)
    waited = next(i for i, t in enumerate(steps) if "Delayed effect of Kindle" in t)
    assert any("the engine takes the first legal choice): Adept" in t for t in steps[waited:])
    assert any("Adept" in t and "+2F" in t for t in steps[waited:])
    calm = texts(kindle("<b>Open:</b> Bow a target enemy Personality."))
    waited = next(i for i, t in enumerate(calm) if "Delayed effect of Kindle" in t)
    assert not any("Adept" in t for t in calm[waited:])
    assert any("condition is not met, so it does not happen and chooses no target" in t for t in calm[waited:])


def praise(action_text, honor, dishonored="true"):
    """Alice's action on her Personality Ward, interrupted by Shinjo Dogenda's text on a Strategy."""
    cards = (strategy("Deed", action_text) + person("Ward")
             + strategy("Praise", "<b>Interrupt:</b> After a Personality is rehonored for the action&#39;s effects "
                                  "(including Honor gain), gain 1 Honor."))
    alice = f"    hand: [Deed, Praise]\n    units: [{{card: Ward, id: ward, dishonored: {dishonored}}}]\n"
    script = "  - action: {by: alice, card: Deed, targets: [ward], interrupts: [{by: alice, card: Praise}]}\n"
    result = run(board(two_players(alice=alice), cards=cards, script=script, expect=f"  - honor: {{alice: {honor}}}\n"))
    assert failed(result) == [], result["expectations"]
    return texts(result)


def test_after_a_personality_is_rehonored_for_the_actions_effects():
    """"After a Personality is rehonored for the action's effects (including Honor gain), gain 1 Honor" (Shinjo
    Dogenda): the interrupted action rehonoring Ward, or rehonoring him in place of its Honor gain (a rehonoring
    like any other, ``rehonoring``), gives Alice 1 Honor; an action that rehonors no one gives nothing."""
    praise("<b>Open:</b> Rehonor your target Personality.", 9)
    instead = praise("<b>Open:</b> Bow your target Personality. Gain 2 Honor.", 9)
    assert any("rehonored instead of Alice gaining 2 Honor" in t for t in instead)
    praise("<b>Open:</b> Bow your target Personality. Gain 2 Honor.", 10, dishonored="false")


def test_the_first_time_each_phase_begins_again_with_each_phase():
    """"After the first time each phase a Political action targets this Personality, negate its remaining effects":
    the trait's use ends with the phase (``triggered-traits``, ``restrictions-on-number-of-times``), so a Political
    Dynasty action in the Dynasty Phase is negated too, after a Political Open action in the Action Phase was."""
    cards = (person("Ward", text="'After the first time each phase a Political action targets this Personality, "
                                 "negate its remaining effects.'")
             + strategy("Court Pressure", "<b>Political Open:</b> Bow a target Personality.")
             + strategy("Late Pressure", "<b>Political Dynasty:</b> Bow a target Personality."))
    alice = "    hand: [Court Pressure, Late Pressure]\n    units: [{card: Ward, id: ward}]\n"
    script = ("  - action: {by: alice, card: Court Pressure, targets: [ward]}\n  - advance: dynasty\n"
              "  - action: {by: alice, card: Late Pressure, targets: [ward]}\n")
    result = run(board(two_players(alice=alice), cards=cards, script=script,
                       expect="  - unbowed: [ward]\n  - at: {court-pressure: discard, late-pressure: discard}\n"))
    assert failed(result) == [], result["expectations"]
    assert sum("its remaining effects are negated and do not resolve" in t for t in texts(result)) == 2


DRAGON = "'Before the first time each turn another player&#39;s action moves or bows Ward, negate it.'"


def test_another_players_action_is_negated_before_it_bows_the_card_the_first_time_each_turn():
    """"Before the first time each turn another player's action moves or bows Ward, negate it": Bob's first action
    that would bow Ward does not bow him; the trait has then been used this turn, so his second does
    (``triggered-traits``, ``negate``, ``timing-conflicts``)."""
    cards = person("Ward", text=DRAGON) + strategy("Trip", "<b>Open:</b> Bow a target Personality.") + \
        strategy("Shove", "<b>Open:</b> Bow a target Personality.")
    alice = "    units: [{card: Ward, id: ward}]\n"
    bob = "    hand: [Trip, Shove]\n"
    script = ("  - pass: alice\n  - action: {by: bob, card: Trip, targets: [ward]}\n  - pass: alice\n"
              "  - action: {by: bob, card: Shove, targets: [ward]}\n")
    result = run(board(two_players(alice=alice, bob=bob), cards=cards, script=script, expect="  - bowed: [ward]\n"))
    assert failed(result) == [], result["expectations"]
    assert sum("Ward's bowing is negated" in t for t in texts(result)) == 1


def test_your_own_action_is_not_another_players():
    """The same trait does not answer its controller's own action, nor a trait's effects (no action's)."""
    cards = person("Ward", text=DRAGON) + strategy("Rest", "<b>Open:</b> Bow a target Personality.")
    alice = "    hand: [Rest]\n    units: [{card: Ward, id: ward}]\n"
    script = "  - action: {by: alice, card: Rest, targets: [ward]}\n"
    result = run(board(two_players(alice=alice), cards=cards, script=script, expect="  - bowed: [ward]\n"))
    assert failed(result) == [], result["expectations"]
