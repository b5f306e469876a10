"""The decks area's engine mechanics on boards of inline cards (no database): delayed effects
waiting for a card's next occurrence (``delayed-effects``)."""
import pytest

from .helpers import board, failed, run, texts, two_players

SAMURAI = "  - {title: Samurai, type: personality, force: 3, chi: 3, honor: 2, cost: 5, ph: 2}\n"
UNITS = "    units: [{card: Samurai, id: s}, {card: Samurai, id: t}]\n"


def after_next_bow(this_turn: bool, script: str, honor: int) -> dict:
    """Alice (8 Honor) sets up "after the next time [this turn] s bows, gain 2 Honor", then the script."""
    set_up = ("  - effect: {by: alice, do: {after_next: {event: bows, card: s, this_turn: "
              f"{str(this_turn).lower()}, do: [{{gain_honor: {{amount: 2}}}}]}}}}}}\n")
    return run(board(two_players(alice=UNITS), cards=SAMURAI, script=set_up + script,
                     expect=f"  - honor: {{alice: {honor}}}\n"))


@pytest.mark.parametrize("this_turn,honor", [(True, 8), (False, 10)])
def test_the_next_time_this_turn_lapses_with_the_turn(this_turn, honor):
    """"After the next time this turn he bows": once the turn has ended without it, it never happens;
    without "this turn" it waits."""
    result = after_next_bow(this_turn, "  - advance: next_turn\n  - effect: {by: alice, do: {bow: {target: s}}}\n",
                            honor)
    assert failed(result) == [], result["expectations"]


def test_the_next_time_is_about_that_card_and_happens_once():
    """Bowing another card does nothing; the watched card's first bow gains the Honor, the second nothing."""
    script = ("  - effect: {by: alice, do: {bow: {target: t}}}\n  - effect: {by: alice, do: {bow: {target: s}}}\n"
              "  - effect: {by: alice, do: {straighten: {target: s}}}\n  - effect: {by: alice, do: {bow: {target: s}}}\n")
    result = after_next_bow(True, script, 10)
    assert failed(result) == [], result["expectations"]


QUARTERMASTER = ("  - {title: Quartermaster, type: personality, force: 2, chi: 2, honor: 1, cost: 4, ph: 1, "
                 "text: '<b>Open:</b> Equip a Follower to Quartermaster.'}\n"
                 "  - {title: Spearmen, type: follower, force: 2, cost: 2}\n"
                 "  - {title: Elephants, type: follower, force: 6, cost: 9}\n")


@pytest.mark.parametrize("follower,where,gold", [("Spearmen", "home", 1), ("Elephants", "hand", 3)])
def test_an_equip_effect_with_no_gold_paid_for_the_action_pays_the_gold_cost_now(follower, where, gold):
    """"Equip" in an action that gave no opportunity to pay Gold: the card's Gold Cost is paid before it
    attaches, or the attachment fails (equip): Spearmen (2) from the 3 Gold in the pool; Elephants (9) is
    more than the pool and the Keep's 5 together, so nothing is paid and it stays in hand."""
    alice = ("    gold: 3\n    hand: [Spearmen, Elephants]\n    units: [{card: Quartermaster, id: q}]\n")
    result = run(board(two_players(alice=alice), cards=QUARTERMASTER,
                       script=f"  - action: {{by: alice, card: q, choose: [{follower}]}}\n",
                       expect=f"  - at: {{{follower}: {where}}}\n  - gold: {{alice: {gold}}}\n"))
    assert failed(result) == [], result["expectations"]


STOREHOUSE = ("  - {title: Storehouse, type: strategy, focus: 1, text: '<b>Open:</b> If you have fewer cards in your hand "
              "than each other player, draw two cards.'}\n  - {title: Filler, type: strategy, focus: 1}\n")


@pytest.mark.parametrize("bob_hand,alice_after", [(2, 3), (1, 2)])
def test_fewer_cards_than_each_other_player_does_not_count_the_card_being_played(bob_hand, alice_after):
    """Alice holds the Storehouse and one more card: once it is played she has 1, fewer than Bob's 2, and draws
    two (1 + 2 = 3); against Bob's 1 the condition is not met, the action is refused and she keeps both cards."""
    alice = "    hand: [Storehouse, Filler]\n    fate_deck: [Filler, Filler]\n"
    bob = f"    hand: [{', '.join(['Filler'] * bob_hand)}]\n"
    result = run(board(two_players(alice=alice, bob=bob), cards=STOREHOUSE,
                       script="  - action: {by: alice, card: Storehouse}\n",
                       expect=f"  - hand: {{alice: {alice_after}}}\n"))
    assert failed(result) == [], result["expectations"]


ADDITIONAL = ("  - {title: Strategist, type: personality, force: 2, chi: 2, honor: 1, cost: 4, ph: 1, "
              "text: '<b>Open:</b> Take %s.'}\n"
              "  - {title: Courtier, type: personality, force: 1, chi: 2, honor: 1, cost: 4, ph: 1, "
              "text: '<b>Open, [Bow]:</b> Gain 1 Honor.'}\n")


@pytest.mark.parametrize("words,bob_between", [("two additional actions", False), ("an additional action", True)])
def test_two_additional_actions_are_two_opportunities_in_a_row(words, bob_between):
    """"Take two additional actions": Alice acts twice more before Bob has an opportunity (additional-action);
    with one additional action, Bob's opportunity (his implied pass) comes between her second and third."""
    alice = "    units: [{card: Strategist, id: s}, {card: Courtier, id: c1}, {card: Courtier, id: c2}]\n"
    script = ("  - action: {by: alice, card: s}\n  - action: {by: alice, card: c1}\n"
              "  - action: {by: alice, card: c2}\n")
    result = run(board(two_players(alice=alice), cards=ADDITIONAL % words, script=script,
                       expect="  - honor: {alice: 10}\n"))
    assert failed(result) == [], result["expectations"]
    steps = texts(result)
    first, last = (next(i for i, t in enumerate(steps) if "announces Courtier" in t),
                   max(i for i, t in enumerate(steps) if "announces Courtier" in t))
    assert any(t.startswith("Bob passes") for t in steps[first:last]) is bob_between, steps


FALSE_RING = ("  - {title: Fire Test Ring, type: ring, text: '<b>Open:</b> If your maximum hand size is 10 or more, put "
              "this Ring into play and lose 2 Honor.'}\n"
              "  - {title: Library, type: holding, cost: 2, text: 'You have +1 maximum hand size.'}\n")


@pytest.mark.parametrize("libraries,where,honor", [(2, "home", 6), (1, "hand", 8)])
def test_a_condition_on_the_maximum_hand_size_counts_its_changes(libraries, where, honor):
    """"If your maximum hand size is 10 or more": 8 plus each Library's +1 (maximum-hand-size, a stat of the
    player); with two the Ring enters play and Alice loses 2 Honor, with one (9) the action is refused."""
    alice = ("    hand: [Fire Test Ring]\n    holdings: ["
             + ", ".join(f"{{card: Library, id: l{n}}}" for n in range(libraries)) + "]\n")
    result = run(board(two_players(alice=alice), cards=FALSE_RING,
                       script="  - action: {by: alice, card: Fire Test Ring}\n",
                       expect=f"  - at: {{fire-test-ring: {where}}}\n  - honor: {{alice: {honor}}}\n"))
    assert failed(result) == [], result["expectations"]


BRNN = ("  - {title: Watcher, type: personality, force: 2, chi: 2, honor: 1, cost: 4, ph: 1, "
        "text: 'Watcher has +1F while an attachment is in another player''s discard pile.'}\n"
        "  - {title: Blade, type: item, force: 1, cost: 1}\n")


@pytest.mark.parametrize("whose,force", [("alice", 2), ("bob", 3)])
def test_a_card_in_another_players_discard_pile(whose, force):
    """"while an attachment is in another player's discard pile": Blade in Bob's discard pile gives Alice's
    Watcher +1F; in her own, nothing (discard-piles: each player has his own)."""
    discard = "    discard: [Blade]\n"
    players = two_players(alice="    units: [{card: Watcher, id: w}]\n" + (discard if whose == "alice" else ""),
                          bob=discard if whose == "bob" else "")
    result = run(board(players, cards=BRNN, expect=f"  - force: {{w: {force}}}\n"))
    assert failed(result) == [], result["expectations"]


PETALS = ("  - {title: Petals, type: strategy, focus: 1, text: '<b>Open:</b> Put your target discarded Personality %sinto "
          "one of your Provinces, discarding any card currently there.'}\n")


@pytest.mark.parametrize("words,face", [("face-up ", "up"), ("", "down")])
def test_a_card_put_into_a_province_is_face_down_unless_the_text_says_face_up(words, face):
    """The Province the player chooses (here none is named: the first) is emptied and refilled with the discarded
    Personality by the effect, face-down as a refill is unless the text says face-up (refill); the Dynasty deck's
    top card stays there (provinces: "unless something else has refilled it")."""
    alice = ("    hand: [Petals]\n    discard: [Samurai]\n    dynasty_deck: [Rice]\n"
             "    provinces: [{card: Shrine, face: up}, {}, {}, {}]\n")
    cards = PETALS % words + SAMURAI + ("  - {title: Shrine, type: holding, cost: 2}\n"
                                       "  - {title: Rice, type: holding, cost: 2}\n")
    result = run(board(two_players(alice=alice), cards=cards, script="  - action: {by: alice, card: Petals, "
                       "targets: [Samurai]}\n", expect="  - at: {Samurai: province, Shrine: discard, Rice: dynasty_deck}\n"))
    assert failed(result) == [], result["expectations"]
    assert f"Samurai is put into alice.p1, face {face} (Petals's Open action)" in texts(result), texts(result)


LEAVES = ("  - {title: Leaves, type: spell, cost: 1, text: 'After your action resolves, if it bowed an enemy card, give this "
          "Shugenja +1F.'}\n"
          "  - {title: Bower, type: personality, force: 2, chi: 2, honor: 1, cost: 4, ph: 1, "
          "text: '<b>Battle:</b> Bow a target Personality.'}\n")


@pytest.mark.parametrize("target,force", [("foe", 4), ("s", 3)])
def test_after_your_action_resolves_if_it_bowed_an_enemy_card(target, force):
    """Alice's Battle action bows Bob's Personality: once it has resolved, the Spell's trait gives its Shugenja +1F
    (triggered-traits); bowing her own Personality instead is no enemy card bowed, and nothing happens."""
    alice = ("    units:\n      - {card: Samurai, id: s, at: bob.p1, attach: [Leaves]}\n"
             "      - {card: Bower, id: b, at: bob.p1}\n")
    bob = "    units:\n      - {card: Samurai, id: foe, at: bob.p1}\n"
    result = run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1",
                       cards=LEAVES + SAMURAI, script=f"  - action: {{by: alice, card: b, targets: [{target}]}}\n",
                       expect=f"  - bowed: [{target}]\n  - force: {{s: {force}}}\n"))
    assert failed(result) == [], result["expectations"]
