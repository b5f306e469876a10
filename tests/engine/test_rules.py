"""One rule area at a time, on boards of inline cards (no database)."""
import pytest

from judgeapp.engine import PositionError
from judgeapp.engine.abilities import read_text

from .helpers import board, failed, run, texts, two_players

SAMURAI = "  - {title: Samurai, type: personality, force: 3, chi: 3, honor: 2, cost: 5, ph: 2}\n"


def effects(*steps: str, expect: str = "", units: str = "    units: [{card: Samurai, id: s}]\n",
            cards: str = SAMURAI) -> dict:
    script = "".join(f"  - effect: {{by: alice, do: {s}}}\n" for s in steps)
    return run(board(two_players(alice=units), cards=cards, script=script, expect=expect))


# Stats (ivory-cr/setting-stats-to-values, minimums-and-maximums, bonuses-and-penalties)
@pytest.mark.parametrize("steps,force", [
    (["{force: {target: s, amount: 2}}"], 5),
    (["{force: {target: s, amount: -5}}"], 0),                       # basic minimum of zero
    (["{force: {target: s, set: 0}}", "{force: {target: s, amount: 2}}"], 2),
    (["{force: {target: s, raise: 1}}"], 3),                         # raise only ever a bonus
    (["{force: {target: s, lower: 5}}"], 3),                         # lower only ever a penalty
    (["{force: {target: s, min: 4}}", "{force: {target: s, amount: -3}}"], 4),
    (["{force: {target: s, max: 1}}", "{force: {target: s, min: 2}}"], 3),   # min above max: both cancel
    (["{force: {target: s, max: 5, until: permanent}}", "{force: {target: s, raise: 8}}",
      "{force: {target: s, amount: -4}}"], 4),                     # the CR's example
])
def test_stat_effects(steps, force):
    result = effects(*steps, expect=f"  - force: {{s: {force}}}\n")
    assert failed(result) == [], result["expectations"]


def test_items_modify_their_personality_and_tokens_count():
    units = ("    units: [{card: Samurai, id: s, tokens: {Force: 1}, attach: [{card: Katana, id: k}]}]\n")
    cards = SAMURAI + "  - {title: Katana, type: item, force: '+2', chi: '+1', cost: 2}\n"
    result = effects(expect="  - force: {s: 6}\n  - chi: {s: 4}\n", units=units, cards=cards)
    assert failed(result) == []


def test_effects_end_with_the_turn():
    result = run(board(two_players(alice="    units: [{card: Samurai, id: s}]\n"), at="dynasty", cards=SAMURAI,
                       script="  - effect: {by: alice, do: {force: {target: s, amount: 2}}}\n  - advance: end_of_turn\n",
                       expect="  - force: {s: 3}\n"))
    assert failed(result) == [] and any("effect lasting until the end of the turn" in t for t in texts(result))


def test_chi_death():
    result = effects("{chi: {target: s, amount: -3}}", expect="  - destroyed: [s]\n")
    assert failed(result) == [] and any("Chi is 0" in t for t in texts(result))


# Honor (ivory-cr/honor-gains-and-losses)
def test_zero_honor_change_is_neither_gain_nor_loss():
    result = effects("{gain_honor: {player: alice, amount: 0}}", expect="  - honor: {alice: 8}\n")
    assert failed(result) == [] and any("neither a gain nor a loss" in t for t in texts(result))


def test_dishonorable_winner_is_rehonored_instead_of_gaining():
    cards = SAMURAI + "  - {title: Foe, type: personality, force: 1, chi: 1, honor: 0, cost: 2, ph: 0}\n"
    players = two_players(alice="    units: [{card: Samurai, id: s, at: bob.p1, dishonored: true}]\n",
                          bob="    units: [{card: Foe, id: foe, at: bob.p1}]\n")
    result = run(board(players, at="attack/combat", extra="battlefield: bob.p1", cards=cards,
                       script="  - advance: end_of_battle\n", expect="  - honor: {alice: 8}\n  - destroyed: [foe]\n"))
    assert failed(result) == [] and any("rehonored instead" in t for t in texts(result))


# Gold (ivory-cr/paying-gold-costs)
GIFT = ("  - {title: Gift, type: strategy, focus: 1, text: '<b>Limited, :g4::</b> Gain 1 Honor.'}\n"
        "  - {title: Farm, type: holding, cost: 2, text: 'Bow this card: Produce 2 Gold.'}\n"
        "  - {title: Recruiting Hall, type: holding, cost: 2, "
        "text: 'Bow this card: Produce 3 Gold that may only be used to recruit Personalities.'}\n")


def test_named_payment_and_insufficient_gold():
    alice = "    hand: [Gift, Gift]\n    holdings: [{card: Farm, id: farm}, {card: Recruiting Hall, id: hall}]\n"
    script = ("  - action: {by: alice, card: Gift, ability: 1, pay: [farm, stronghold]}\n"
              "  - action: {by: alice, card: Gift, ability: 1}\n")
    result = run(board(two_players(alice=alice), cards=GIFT, script=script,
                       expect="  - bowed: [farm, alice.stronghold]\n  - unbowed: [hall]\n"
                              "  - rejected: {step: 2, reason: cost}\n  - honor: {alice: 9}\n"))
    assert failed(result) == [], result["expectations"]


# Action legality (ivory-cr/action-rounds, rule-of-presence, rules-of-location, card-memory-rule, good-faith-rule)
CAPTAIN = ("  - {title: Captain, type: personality, force: 3, chi: 3, honor: 2, cost: 5, ph: 2, "
           "text: '<b>Battle:</b> Bow target enemy Personality.'}\n"
           "  - {title: Envoy, type: personality, force: 1, chi: 3, honor: 2, cost: 3, ph: 2, "
           "text: '<b>Open:</b> Gain 1 Honor.<br><b>Repeatable Open:</b> Gain 1 Honor.'}\n")


def test_location_and_no_target():
    alice = "    units: [{card: Captain, id: home-captain}, {card: Captain, id: there, at: bob.p1}]\n"
    script = ("  - action: {by: alice, card: home-captain, ability: 1}\n"
              "  - action: {by: alice, card: there, ability: 1}\n")
    result = run(board(two_players(alice=alice), at="attack/combat", extra="battlefield: bob.p1", cards=CAPTAIN,
                       script=script, expect="  - rejected: {step: 1, reason: location}\n"
                                             "  - rejected: {step: 2, reason: no-target}\n"))
    assert failed(result) == [], result["expectations"]


def test_used_and_repeatable():
    script = "".join("  - action: {by: alice, card: e, ability: %d}\n" % n for n in (1, 1, 2, 2))
    result = run(board(two_players(alice="    units: [{card: Envoy, id: e}]\n"), cards=CAPTAIN, script=script,
                       expect="  - rejected: {step: 2, reason: used}\n  - honor: {alice: 11}\n"))
    assert failed(result) == [], result["expectations"]


def test_unknown_ids_in_the_script_are_rejected_steps():
    result = run(board(two_players(), script="  - action: {by: alice, card: nobody, ability: 1}\n"
                                             "  - effect: {by: alice, do: {bow: {target: ghost}}}\n",
                       expect="  - rejected: {step: 1, reason: unknown-card}\n  - rejected: {step: 2, reason: unknown-card}\n"))
    assert failed(result) == []


def test_assigning_a_bowed_unit_is_rejected_and_battles_default_in_order():
    alice = "    units: [{card: Samurai, id: s, bowed: true}, {card: Samurai, id: t}]\n"
    script = ("  - declare_attack: alice\n  - assign: {by: alice, units: [s], to: bob.p2}\n"
              "  - assign: {by: alice, units: [t], to: bob.p2}\n  - advance: dynasty\n")
    result = run(board(two_players(alice=alice), at="attack/declaration", cards=SAMURAI, script=script,
                       expect="  - rejected: {step: 2, reason: bowed}\n  - battle: {at: bob.p2, winner: alice}\n"
                              "  - battle: {at: bob.p1, winner: none}\n  - honor: {alice: 8}\n"))
    assert failed(result) == [], result["expectations"]


def test_a_step_that_cannot_fit_the_turn_any_more_is_rejected():
    result = run(board(two_players(), at="dynasty", script="  - declare_attack: alice\n",
                       expect="  - rejected: {step: 1, reason: wrong-round}\n"))
    assert failed(result) == []


def test_unordered_simultaneous_triggers_say_so():
    cards = ("  - {title: A Shrine, type: holding, cost: 1, text: 'After your Dynasty Phase begins: Gain 1 Honor.'}\n"
             "  - {title: B Shrine, type: holding, cost: 1, text: 'After your Dynasty Phase begins: Gain 2 Honor.'}\n")
    alice = "    holdings: [A Shrine, B Shrine]\n"
    result = run(board(two_players(alice=alice), at="attack/declaration", cards=cards,
                       script="  - no_attack: alice\n  - advance: dynasty\n",
                       expect="  - order: [A Shrine triggers, B Shrine triggers]\n  - honor: {alice: 11}\n"))
    assert failed(result) == [] and any("in the order listed" in t for t in texts(result))


def test_enlightenment():
    rings = "".join(f"  - {{title: Ring of {e}, type: ring, keywords: [{e}]}}\n"
                    for e in ("Air", "Earth", "Fire", "Water", "Void"))
    alice = "    in_play: [Ring of Air, Ring of Earth, Ring of Fire, Ring of Water, Ring of Void]\n"
    result = run(board(two_players(alice=alice), cards=rings, expect="  - winner: {winner: alice, how: enlightenment}\n"))
    assert failed(result) == []


def test_turn_passes_to_the_next_player_who_straightens():
    bob = "    units: [{card: Samurai, id: s, bowed: true}]\n"
    result = run(board(two_players(bob=bob), at="end", cards=SAMURAI, script="  - advance: attack/declaration\n",
                       expect="  - unbowed: [s]\n"))
    assert failed(result) == [] and any("Turn 2: Bob's turn begins" in t for t in texts(result))


# Card text (judgeapp/engine/cardtext.py): the reading, as designator:primitive names
@pytest.mark.parametrize("text,kinds", [
    ("Before your Dynasty Phase begins: Lose 1 Honor.", ["trigger:lose_honor"]),
    (":bow:: Produce 3 Gold.", ["produce:3"]),
    ("<b>Battle:</b> Ranged 2 Attack.", ["battle:ranged_attack"]),
    ("<b>Engage:</b> Melee 3 Attack.", ["engage:melee_attack"]),
    ("<b>Battle:</b> Fear 2.", ["battle:fear"]),
    ("<b>Open, :bow::</b> Your target Personality gets +2F and +1C.", ["open:force", "open:chi"]),
    ("<b>Limited:</b> Draw a card and gain 1 Honor.", ["limited:draw", "limited:gain_honor"]),
    ("<b>Battle:</b> Straighten your target Personality.", ["battle:straighten"]),
    ("<b>Battle:</b> Move a target enemy Personality home.", ["battle:move_home"]),
    ("<b>Battle:</b> Destroy target Follower.", ["battle:destroy"]),
])
def test_text_patterns(text, kinds):
    reading = read_text(text, "Test Card")
    found = [f"trigger:{e.name}" for t in reading.triggers for e in t.effects]
    found += [f"produce:{reading.produce.amount}"] if reading.produce else []
    found += [f"{a.designators[0]}:{e.name}" for a in reading.abilities for e in a.effects]
    assert found == kinds and reading.unparsed == []


def test_unreadable_text_is_reported():
    reading = read_text("<b>Battle:</b> Switch the Force of two target Personalities.", "Test Card")
    assert [u.text for u in reading.unparsed] == ["Battle: Switch the Force of two target Personalities."]
    assert reading.abilities == []


# Bad positions
@pytest.mark.parametrize("text,path,words", [
    ("l5r-position: 2\nplayers: {}", "l5r-position", "must be 1"),
    ("l5r-position: 1\nplayers:\n  alice: {honor: lots}\n  bob: {}\n", "players.alice.honor", "whole number"),
    ("l5r-position: 1\nplayers:\n  alice: {}\n  bob: {}\nscript:\n  - teleport: alice\n", "script[0].teleport",
     "unknown step"),
    ("l5r-position: 1\nplayers:\n  alice: {}\n  bob: {}\nat: lunch\n", "at", "not a point"),
    ("l5r-position: 1\nplayers:\n  alice: {units: [{card: {title: X, type: holding}}]}\n  bob: {}\n",
     "players.alice.units[0].card", "led by a Personality"),
    ("l5r-position: 1\nplayers:\n  alice: {}\n  bob: {}\nscript:\n  - advance: someday\n", "script[0].advance",
     "not a point to advance to"),
])
def test_bad_positions_name_the_path(text, path, words):
    with pytest.raises(PositionError) as error:
        run(text)
    assert error.value.path == path and words in error.value.message


def test_yaml_bombs_nesting_and_size_are_refused():
    bomb = "a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n"
    with pytest.raises(PositionError, match="aliases"):
        run(bomb)
    with pytest.raises(PositionError, match="nests deeper"):
        run("a: " + "[" * 50 + "]" * 50)
    with pytest.raises(PositionError, match="bytes"):
        run("l5r-position: 1\n# " + "x" * 2_000_000)
    with pytest.raises(PositionError, match="not valid YAML"):
        run("players: [unclosed")


def test_a_script_that_never_ends_stops_at_the_budget():
    script = "  - advance: dynasty\n  - advance: next_turn\n" * 1500
    result = run(board(two_players(), script=script), max_steps=2000, seconds=120)  # the steps run out, not the time
    assert result["stopped"] and "step budget" in result["stopped"]
    assert result["steps"][-1]["text"].startswith("Replay stopped")


# Effects and timing (delayed-effects, timing-conflicts, to-a-minimum-to-a-maximum, honor-gains-and-losses)
def test_delayed_effect_fires_at_its_point():
    script = ("  - effect: {by: alice, do: {delayed: {after: your Dynasty Phase begins, "
              "do: {gain_honor: {player: alice, amount: 3}}}}}\n  - advance: dynasty\n")
    result = run(board(two_players(), at="attack/declaration", script=script, expect="  - honor: {alice: 11}\n"))
    assert failed(result) == [] and any("Delayed effect set up" in t for t in texts(result))


def test_prevention_then_substitution_then_triggers():
    units = "    units: [{card: Samurai, id: s}, {card: Samurai, id: t}]\n"
    result = effects("{prevent: {target: s, what: destroy}}", "{destroy: {target: s}}",
                     "{instead: {target: t, of: destroy, do: {bow: {}}}}", "{destroy: {target: t}}",
                     expect="  - unbowed: [s]\n  - bowed: [t]\n  - at: {s: home, t: home}\n", units=units)
    assert failed(result) == [], result["expectations"]
    assert any("prevented" in t for t in texts(result)) and any("replaced" in t for t in texts(result))


def test_negated_trait_does_not_trigger_and_groups_are_ordered():
    cards = ("  - {title: Tax Office, type: holding, cost: 1, text: 'After your Dynasty Phase begins: Gain 2 Honor.'}\n"
             "  - {title: Toll Gate, type: holding, cost: 1, text: 'After your Dynasty Phase begins: Lose 1 Honor.'}\n")
    alice = "    holdings: [{card: Tax Office, id: tax}, {card: Toll Gate, id: toll}]\n"
    script = "  - effect: {by: bob, do: {negate: {target: tax}}}\n  - no_attack: alice\n  - advance: dynasty\n"
    result = run(board(two_players(alice=alice), at="attack/declaration", cards=cards, script=script,
                       expect="  - honor: {alice: 7}\n"))
    assert failed(result) == [] and any("traits are negated" in t for t in texts(result))
    assert not any(t.startswith("Tax Office triggers") for t in texts(result))


def test_to_a_minimum_and_honor_reductions():
    result = effects("{force: {target: s, amount: -5, to_min: 1}}", "{honor_modifier: {player: alice, gains: -3}}",
                     "{gain_honor: {player: alice, amount: 2}}",
                     expect="  - force: {s: 1}\n  - honor: {alice: 8}\n")
    assert failed(result) == []
    assert any("reduced to 0" in t and "neither a gain nor a loss" in t for t in texts(result))


def test_x_to_y_dependency_and_stated_abilities():
    cards = ("  - {title: Duelist, type: personality, force: 2, chi: 2, honor: 1, cost: 3, ph: 1, "
             "text: '<b>Open:</b> Bow this card to gain 2 Honor.'}\n"
             "  - {title: Odd Shrine, type: holding, cost: 1, effects: [{ability: limited, "
             "targets: [{side: your, what: personality}], do: [{force: {target: 1, amount: 2}}, "
             "{gain_honor: {amount: 1}}]}]}\n")
    alice = ("    units: [{card: Duelist, id: d, bowed: false}, {card: Duelist, id: e}]\n"
             "    holdings: [{card: Odd Shrine, id: shrine}]\n")
    script = ("  - effect: {by: alice, do: {bow: {target: e}}}\n"
              "  - action: {by: alice, card: d, ability: 1}\n"
              "  - action: {by: alice, card: shrine, ability: 1, targets: [e]}\n")
    result = run(board(two_players(alice=alice), cards=cards, script=script,
                       expect="  - bowed: [d]\n  - honor: {alice: 11}\n  - force: {e: 4}\n"))
    assert failed(result) == [], result["expectations"]


def test_dynasty_discard_and_interrupt_round_order():
    cards = SAMURAI + ("  - {title: Shield A, type: strategy, text: '<b>Interrupt:</b> Gain 1 Honor.'}\n"
                       "  - {title: Shield B, type: strategy, text: '<b>Interrupt:</b> Gain 1 Honor.'}\n"
                       "  - {title: Archer, type: personality, force: 2, chi: 2, honor: 1, cost: 3, ph: 1, "
                       "text: '<b>Open:</b> Gain 1 Honor.'}\n")
    alice = ("    provinces: [{card: Samurai, face: up}, {}, {}, {}]\n    hand: [Shield A]\n"
             "    units: [{card: Archer, id: archer}]\n")
    script = ("  - action: {by: alice, card: archer, ability: 1, interrupts: [{by: bob, card: Shield B}, "
              "{by: alice, card: Shield A}]}\n  - dynasty_discard: {by: alice, province: alice.p1}\n")
    result = run(board(two_players(alice=alice, bob="    hand: [Shield B]\n"), cards=cards, script=script,
                       expect="  - order: [plays Shield A, plays Shield B]\n  - honor: {alice: 10, bob: 11}\n"))
    assert failed(result) == [], result["expectations"]
    assert any("Dynasty Discard" in t for t in texts(result))


def test_rulebook_actions_lobby_favor_equip_recruit():
    cards = SAMURAI + ("  - {title: Katana, type: item, force: '+2', cost: 2}\n"
                       "  - {title: Note, type: strategy, focus: 1}\n")
    alice = ("    units: [{card: Samurai, id: s}]\n    hand: [Katana, Note]\n"
             "    provinces: [{card: {title: Hall, type: holding, cost: 0}, face: up}, {}, {}, {}]\n")
    script = ("  - action: {by: alice, rulebook: lobby, targets: [s]}\n"
              "  - action: {by: alice, rulebook: equip, card: Katana, to: s}\n"
              "  - action: {by: alice, rulebook: favor_limited, discard: Note}\n"
              "  - action: {by: alice, rulebook: recruit, card: alice.p1}\n")
    result = run(board(two_players(alice=alice, alice_honor=12), cards=cards, script=script,
                       expect="  - bowed: [s]\n  - force: {s: 5}\n  - at: {hall: home}\n  - favor: null\n"
                              "  - at: {note: discard}\n"))
    assert failed(result) == [], result["expectations"]
    joined = " | ".join(texts(result))
    assert "takes the Imperial Favor" in joined and "discards the Imperial Favor" in joined


def test_before_when_after_at_one_timing_point():
    cards = "".join(f"  - {{title: {w} Shrine, type: holding, cost: 1, text: '{w} your Dynasty Phase begins: Gain 1 Honor.'}}\n"
                    for w in ("After", "When", "Before"))
    alice = "    holdings: [After Shrine, When Shrine, Before Shrine]\n"
    result = run(board(two_players(alice=alice), at="attack/declaration", cards=cards,
                       script="  - no_attack: alice\n  - advance: dynasty\n",
                       expect="  - order: [Before Shrine triggers, When Shrine triggers, After Shrine triggers]\n"
                              "  - honor: {alice: 11}\n"))
    assert failed(result) == [], result["expectations"]
    lines = texts(result)
    begins = lines.index("Dynasty Phase begins")
    assert lines[begins - 2].startswith("Before Shrine") and lines[begins + 1].startswith("When Shrine")
