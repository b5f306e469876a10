"""Duels area: Focus Effects and what card text says about a duel in progress (``duel``,
``focus-focus-effect``, ``challenge``), on boards of inline cards with stated effects."""
from .helpers import texts
from .test_rule_areas import DUEL_CARDS, SWORD, card, in_battle, ok, person

ALICE = "    units: [{card: Swordsman, id: swordsman, at: bob.p1}]\n    hand: [Quiet Mind, Strike First]\n"
BOB = "    units: [{card: Guard, id: guard, at: bob.p1}]\n    hand: [Weak Parry, Late Focus]\n    fate_deck: [Heavy Blow]\n"


def focus_effect(*effects: str) -> str:
    """A stated "As a Focus Effect" trait: when this focused card is face up in a duel."""
    return "[{trigger: {when: when, event: focused, whose: self, do: [" + ", ".join(effects) + "]}}]"


def duel(script_duel: str, cards: str, expect: str) -> dict:
    script = f"  - action: {{by: alice, card: swordsman, ability: 1, targets: [guard], duel: {script_duel}}}\n"
    return in_battle(ALICE, BOB, DUEL_CARDS + card("Weak Parry", "strategy", focus=1) + cards, script, expect)


def test_a_personality_leaving_play_stops_the_focus_effects_not_yet_resolved():
    """CR Challenge: if a Personality in the duel leaves play, the duel ends without resolution, and
    Focus Effects not yet resolved do not resolve at all.  Alice (the active player) orders the Focus
    Effects: hers destroys the Guard, so Bob's Late Focus (gain 5 Honor) never resolves."""
    cards = (card("Strike First", "strategy", focus=1, effects=focus_effect("{destroy: {target: duelist_other}}"))
             + card("Late Focus", "strategy", focus=1,
                    effects=focus_effect("{gain_honor: {player: you, amount: 5}}")))
    result = ok(duel("{focus: [{by: bob, card: Late Focus}, {by: alice, card: Strike First}], strike: bob}", cards,
                     "  - destroyed: [guard]\n  - honor: {bob: 10}\n  - at: {late-focus: discard}\n"))
    assert any("the duel ends without resolution" in t for t in texts(result))
    assert not any("Late Focus triggers" in t for t in texts(result))


def test_focus_effect_consequences_wait_for_the_outcome_and_a_tie_is_no_win():
    """CR Duel step 5: what a Focus Effect says of the winner, or "if you win", applies once the
    duel resolves.  Swordsman 3 + 1 against Guard 2 + 1 + 1: tied, both lose (CR Duel), so "if you win"
    holds for nobody and "if you lose" for both players."""
    won = "{duel_consequence: {do: [{gain_honor: {player: you, amount: 1}, if: {duel: won}}]}}"
    lost = "{duel_consequence: {do: [{gain_honor: {player: you, amount: 3}, if: {duel: lost}}]}}"
    cards = (card("Strike First", "strategy", focus=1, effects=focus_effect(won, lost))
             + card("Late Focus", "strategy", focus=1, effects=focus_effect(won, lost)))
    ok(duel("{focus: [{by: bob, card: Late Focus}, {by: alice, card: Strike First}, {by: bob, card: Weak Parry}], "
            "strike: alice}", cards, "  - duel: {winner: tie, loser: [swordsman, guard]}\n  - honor: {alice: 11, bob: 13}\n"))


def test_the_other_personality_is_the_one_facing_yours():
    """CR Facing: "the other Personality" of a Focus Effect is the one facing the focusing player's."""
    cards = (card("Strike First", "strategy", focus=1, effects=focus_effect("{bow: {target: duelist_other}}"))
             + card("Late Focus", "strategy", focus=1, effects=focus_effect("{bow: {target: duelist_other}}")))
    result = ok(duel("{focus: [{by: bob, card: Late Focus}, {by: alice, card: Strike First}], strike: bob}", cards,
                     "  - order: [Guard bows (Strike First, Swordsman bows (Late Focus]\n"
                     "  - duel: {winner: swordsman, loser: [guard]}\n"))
    assert any("Swordsman bows (Late Focus" in t for t in texts(result))


def test_restrictions_on_challenges_and_refusal():
    """CR Permissions, Challenge, Refuse: a Personality that cannot issue challenges issues none; one that
    cannot be challenged is not challenged; one that will not refuse challenges cannot refuse one that may
    be refused."""
    refusable = ("[{ability: battle, targets: [{side: enemy, what: personality}], do: [{duel: {challenger: self, "
                 "challenged: 1, refusable: true}}]}]")

    def challenge(challenger_text: str, rival_text: str, duel_script: str, expect: str) -> dict:
        cards = person("Hothead", effects=challenger_text) + person("Rival", effects=rival_text)
        return in_battle("    units: [{card: Hothead, id: h, at: bob.p1}]\n",
                         "    units: [{card: Rival, id: r, at: bob.p1}]\n", cards,
                         f"  - action: {{by: alice, card: h, ability: 1, targets: [r], duel: {duel_script}}}\n", expect)

    def with_static(what: str) -> str:
        return refusable[:-1] + f", {{static: {{kind: restrict, what: {what}}}}}]"

    for hothead, rival in ((with_static("challenges"), "[]"),
                           (refusable, "[{static: {kind: restrict, what: be_challenged}}]")):
        result = ok(challenge(hothead, rival, "{strike: bob}", ""))
        assert any(t.startswith("The challenge of Rival by Hothead does not happen") for t in texts(result))
        assert not any("Hothead challenges Rival" in t for t in texts(result))
    ok(challenge(refusable, "[{static: {kind: restrict, what: refusals}}]", "{refuse: true, strike: bob}",
                 "  - rejected: {step: 1, reason: restricted}\n  - duel: {winner: tie, loser: [h, r]}\n"))


def test_focusing_exactly_once():
    """CR Duel step 2 as a card changes it ("Each Personality must focus exactly once"): after one focus a
    player may not focus again and must strike."""
    ability = ("[{ability: battle, targets: [{side: enemy, what: personality}], do: [{duel: {challenger: self, "
               "challenged: 1, must_focus: each, focus_limit: 1}}]}]")
    cards = person("Formalist", f=2, c=3, effects=ability) + person("Guard", f=2, c=2) + card("Fan", "strategy", focus=1)
    result = in_battle("    units: [{card: Formalist, id: f, at: bob.p1}]\n    hand: [Fan]\n",
                       "    units: [{card: Guard, id: guard, at: bob.p1}]\n    hand: [Fan, Fan]\n", cards,
                       "  - action: {by: alice, card: f, ability: 1, targets: [guard], duel: {focus: [{by: bob, card: "
                       "Fan}, {by: alice, card: Fan}, {by: bob, card: Fan}], strike: bob}}\n",
                       "  - rejected: {step: 1, reason: duel-order}\n  - duel: {winner: f, loser: [guard]}\n"
                       "  - hand: {bob: 1}\n")
    ok(result)
    assert any("cannot focus again (the card allows 1 focus" in t for t in texts(result))


def test_a_refused_challenge_was_still_issued_this_turn():
    """CR Challenge, Refuse: a refused challenge was issued, though no duel was won ("if Ibara has
    challenged a Personality this turn")."""
    ability = ("[{ability: battle, targets: [{side: enemy, what: personality}], do: [{duel: {challenger: self, "
               "challenged: 1, refusable: true}}, {gain_honor: {player: you, amount: 1}, if: {this_turn: challenged}},"
               " {gain_honor: {player: you, amount: 5}, if: {this_turn: won}}]}]")
    cards = person("Provoker", effects=ability) + person("Guard", f=2, c=2)
    ok(in_battle("    units: [{card: Provoker, id: p, at: bob.p1}]\n", "    units: [{card: Guard, id: g, at: bob.p1}]\n",
                 cards, "  - action: {by: alice, card: p, ability: 1, targets: [g], duel: {refuse: true}}\n",
                 "  - honor: {alice: 9}\n"))


def test_a_personality_who_loses_any_duel_against_another():
    """CR Duel: an effect that makes one Personality lose makes the other win ("Tametaka loses any duel against
    Yoritomo Hiromi"): Swordsman 3 would beat Guard 2, but Swordsman loses any duel against the Guard."""
    cards = person("Swordsman", f=2, c=3, effects=SWORD[:-1] + ", {static: {kind: loses_duels, to: {title: Guard}}}]")
    cards += person("Guard", f=2, c=2)
    ok(in_battle("    units: [{card: Swordsman, id: s, at: bob.p1}]\n", "    units: [{card: Guard, id: g, at: bob.p1}]\n",
                 cards, "  - action: {by: alice, card: s, ability: 1, targets: [g], duel: {strike: bob}}\n",
                 "  - duel: {winner: g, loser: [s]}\n  - destroyed: [s]\n"))


def test_one_of_your_personalities_has_won_a_duel_this_turn():
    """CR Duel: "If one of your Personalities has won a duel this turn": a duel of this turn won by a Personality
    of yours, counted from the duels the game recorded; a refused challenge is won by no one (refuse)."""
    ability = ("[{ability: battle, targets: [{side: enemy, what: personality}], do: [{duel: {challenger: self, "
               "challenged: 1, refusable: true}}, {gain_honor: {player: you, amount: 1}, "
               "if: {duels_won: {op: '>=', value: 1}}}]}]")
    cards = person("Provoker", effects=ability) + person("Guard", f=2, c=2)
    board = ("    units: [{card: Provoker, id: p, at: bob.p1}]\n", "    units: [{card: Guard, id: g, at: bob.p1}]\n")
    ok(in_battle(*board, cards, "  - action: {by: alice, card: p, ability: 1, targets: [g], duel: {refuse: true}}\n",
                 "  - honor: {alice: 8}\n"))
    ok(in_battle(*board, cards, "  - action: {by: alice, card: p, ability: 1, targets: [g], duel: {strike: bob}}\n",
                 "  - duel: {winner: p, loser: [g]}\n  - honor: {alice: 9}\n"))


def test_a_personality_with_two_weapons():
    """CR Attachments: "if Yoritama has two Weapons": at least two of his attachments are Weapons; one is not
    enough, and a non-Weapon attachment does not count."""
    ability = ("[{ability: battle, do: [{gain_honor: {player: you, amount: 1}, "
               "if: {card: self, has_attached: [Weapon], attached_count: 2}}]}]")
    cards = (person("Kensai", effects=ability) + card("Katana", "item", keywords="[Weapon]")
             + card("Fan", "item"))
    script = "  - action: {by: alice, card: k, ability: 1}\n"
    one = "    units: [{card: Kensai, id: k, at: bob.p1, attach: [Katana, Fan]}]\n"
    two = "    units: [{card: Kensai, id: k, at: bob.p1, attach: [Katana, Katana]}]\n"
    bob = "    units: [{card: Guard, id: g, at: bob.p1}]\n"
    guard = person("Guard", f=2, c=2)
    ok(in_battle(one, bob, cards + guard, script, "  - honor: {alice: 8}\n"))
    ok(in_battle(two, bob, cards + guard, script, "  - honor: {alice: 9}\n"))


def test_won_the_duel_by_three_or_more():
    """CR Duel step 5: "if you won the duel by three or more": the winner's total (Focus Values plus the duel stat)
    is at least three more than the other's.  Provoker (Chi 5) against Guard (Chi 2) wins by 3; against a Chi 3
    Guard by 2, which is not enough."""
    ability = ("[{ability: battle, targets: [{side: enemy, what: personality}], do: [{duel: {challenger: self, "
               "challenged: 1}}, {gain_honor: {player: you, amount: 1}, if: {duel: won, won_by: 3}}]}]")
    script = "  - action: {by: alice, card: p, ability: 1, targets: [g], duel: {strike: bob}}\n"
    board = ("    units: [{card: Provoker, id: p, at: bob.p1}]\n", "    units: [{card: Guard, id: g, at: bob.p1}]\n")
    provoker = person("Provoker", c=5, effects=ability)
    ok(in_battle(*board, provoker + person("Guard", f=2, c=2), script, "  - duel: {winner: p, loser: [g]}\n"
                 "  - honor: {alice: 9}\n"))
    ok(in_battle(*board, provoker + person("Guard", f=2, c=3), script, "  - duel: {winner: p, loser: [g]}\n"
                 "  - honor: {alice: 8}\n"))


def test_you_cannot_gain_honor_from_the_action():
    """CR Interrupt actions, Honor gains and losses: "You cannot gain Honor from the action": each gain the
    interrupted action gives the Interrupt's player is reduced to 0, which is no gain; the other player's gains
    from it are not changed."""
    cards = (person("Provoker", effects="[{ability: battle, do: [{gain_honor: {player: each, amount: 2}}]}]")
             + card("No Glory", "strategy", effects="[{ability: interrupt, do: [{action_honor: {kind: gains, "
                                                    "at_most: 0, yours: true}}]}]")
             + person("Guard", f=2, c=2))
    script = "  - action: {by: alice, card: p, ability: 1, interrupts: [{by: alice, card: No Glory}]}\n"
    ok(in_battle("    hand: [No Glory]\n    units: [{card: Provoker, id: p, at: bob.p1}]\n",
                 "    units: [{card: Guard, id: g, at: bob.p1}]\n", cards, script, "  - honor: {alice: 8, bob: 12}\n"))


def test_a_keyword_during_the_duel_only_if_its_condition_holds():
    """CR Order of effects, Duration of effects: "During the duel, if this Shugenja is Fire, he has Duelist": applied
    as the duel starts, ended when it ends.  Tied 3 against 3: a Fire challenger is a Duelist and wins (CR Duelist);
    without Fire both lose; and after the duel he is no Duelist."""
    ability = ("[{ability: battle, targets: [{side: enemy, what: personality}], do: [{duel: {challenger: self, "
               "challenged: 1, during: [{keyword: {target: self, add: [Duelist], until: end_of_duel}, "
               "if: {card: self, has_keyword: Fire}}]}}]}]")
    script = "  - action: {by: alice, card: s, ability: 1, targets: [g], duel: {strike: bob}}\n"
    board = ("    units: [{card: Shugenja, id: s, at: bob.p1}]\n", "    units: [{card: Guard, id: g, at: bob.p1}]\n")
    guard = person("Guard", f=2, c=3)
    result = ok(in_battle(*board, person("Shugenja", c=3, keywords="[Fire]", effects=ability) + guard, script,
                          "  - duel: {winner: s, loser: [g]}\n"))
    assert any("1 effect lasting until the end of the duel ends" in t for t in texts(result))
    ok(in_battle(*board, person("Shugenja", c=3, effects=ability) + guard, script,
                 "  - duel: {winner: tie, loser: [s, g]}\n"))


def test_whichever_is_higher_taken_away_is_the_lower_of_the_negatives():
    """"A Force penalty equal to his Chi or 3, whichever is higher" takes away the higher number: as a negated
    amount, the lower of the two negatives (``bonuses-and-penalties``)."""
    from judgeapp.engine.structures import Amount, Whichever

    given = Amount(stat="chi", of="self", whichever=Whichever(other=3, pick="higher"))
    taken = given.negated()
    assert (taken.times, taken.whichever.other, taken.whichever.pick) == (-1, -3, "lower")
