"""Tokens, created cards, granted abilities and copies (the ``tokens`` area of the card reader):
the engine's side, with inline cards (no database)."""
from judgeapp.engine import tokenkinds
from judgeapp.engine.abilities import read_text

from .helpers import board, failed, run, texts, two_players

SAMURAI = "  - {title: Samurai, type: personality, force: 3, chi: 2, honor: 0, cost: 3, ph: 1}\n"
UNITS = "    units: [{card: Samurai, id: s}, {card: Samurai, id: t}]\n"


def replay(*steps: str, expect: str, units: str = UNITS, cards: str = SAMURAI) -> dict:
    script = "".join(f"  - effect: {{by: alice, do: {s}}}\n" for s in steps)
    return run(board(two_players(alice=units), cards=cards, script=script, expect=expect))


def test_a_token_kind_keeps_its_name_and_its_changes():
    kind = tokenkinds.key("Poison", {"force": -1, "chi": -1})
    assert kind == "Poison -1F/-1C"
    assert tokenkinds.parse(kind) == ("Poison", {"force": -1, "chi": -1})
    assert tokenkinds.parse("Madness") == ("Madness", {})
    tokens = {kind: 2, "Poison": 1, "force": 3}
    assert tokenkinds.bonus(tokens, "chi") == -2  # the plain "force" total is counted by stats.tokens
    assert tokenkinds.count(tokens, "poison") == 3
    assert tokenkinds.count(tokens, kind) == 2


def test_named_stat_tokens_change_stats_and_are_counted_by_name():
    """"two +1F Fire tokens": +2F while on the card; "remove one of his Fire tokens" takes one of
    them back whatever its changes (token)."""
    result = replay("{tokens: {target: s, name: Fire, count: 2, stats: {force: 1}}}",
                    "{tokens: {target: s, name: Fire, count: -1}}",
                    expect="  - force: {s: 4}\n  - tokens: {s: {Fire: 1}}\n")
    assert failed(result) == [], result["expectations"]
    assert any("gets 2 +1F Fire tokens" in t for t in texts(result))


def test_amounts_conditions_and_filters_count_tokens():
    """"a Force penalty equal to the number of Madness tokens he has", "if he has a Poison token",
    "a target Personality with a Poison token" (token)."""
    units = ("    units: [{card: Samurai, id: s, tokens: {Madness: 2}}, "
             "{card: Samurai, id: t, tokens: {Poison -1F/-1C: 1}}]\n")
    result = replay("{force: {target: s, amount: {tokens: Madness, of: s, times: -1}}}",
                    "{bow: {target: {all: {type: [personality], tokens: [{name: Poison}]}}}}",
                    "{straighten: {target: t}, if: {card: t, tokens: {name: Poison, op: '=', value: 0}}}",
                    units=units, expect="  - force: {s: 1, t: 2}\n  - chi: {t: 1}\n  - bowed: [t]\n  - unbowed: [s]\n")
    assert failed(result) == [], result["expectations"]



def test_tokens_given_for_each_token_are_counted_as_the_effect_applies():
    """"give her a +1C token for each of her Sincerity tokens, up to two tokens" with three: +2C; "one Arrow
    token for each Sincerity token he has": as many Arrow tokens; "a number of Favor tokens equal to …" (token)."""
    units = "    units: [{card: Samurai, id: s, tokens: {Sincerity: 3}}, {card: Samurai, id: t, tokens: {Sincerity: 1}}]\n"
    result = replay("{tokens: {target: s, name: chi, count: {tokens: Sincerity, of: s, most: 2}}}",
                    "{tokens: {target: t, name: Arrow, count: {tokens: Sincerity, of: t}}}",
                    "{tokens: {target: t, name: Favor, count: {stat: force, of: s}}}",
                    units=units, expect="  - chi: {s: 4, t: 2}\n  - tokens: {t: {Arrow: 1, Favor: 3}}\n")
    assert failed(result) == [], result["expectations"]
    assert any("gets 2 +1C" in t or "tokens worth +2C" in t for t in texts(result)), texts(result)
    reading = read_text("After Seiyami enters play, give her a +1C token for each of her Sincerity tokens, up to two "
                        "tokens.", "Kakita Seiyami", "personality")
    assert reading.triggers[0].effects[0].args.count.most == 2

def test_sentences_referring_back_are_one_triggered_trait():
    """"After …, target one or two of your Personalities. Create and attach … to each of them.": "them"
    refers back, so the two sentences are one trait (traits); a sentence that is a trait alone is not joined."""
    reading = read_text("After this Follower enters play, target one or two of your Personalities. Create and "
                        "attach a 1F Ronin Follower to each of them.", "Band", "follower")
    assert not reading.unparsed and len(reading.triggers) == 1
    trait = reading.triggers[0]
    assert trait.targets[0].count == 2 and trait.targets[0].up_to
    assert trait.effects[0].args.attach_to == 1
    two = read_text("After your turn begins, gain 1 Honor. This Personality has +1F.", "Band", "personality")
    assert len(two.triggers) == 1 and len(two.statics) == 1
    both = read_text("After Band enters play, lose 2 Honor. After your turn begins, give him a +1F Infamy token.",
                     "Band", "personality")
    assert len(both.triggers) == 2  # a trigger of its own, though it says "him"


def test_a_created_attachment_for_each_of_several_personalities():
    result = replay("{create: {type: follower, force: 1, keywords: [Ronin], attach_to: [s, t]}}",
                    expect="  - force: {ronin-follower: 1, ronin-follower-2: 1}\n")
    assert failed(result) == [], result["expectations"]
    assert sum("enters play attached to Samurai" in t for t in texts(result)) == 2


def test_a_created_card_has_its_embedded_ability_as_printed_text():
    """"create a … Personality with the ability, "…"": the created card's printed text is the ability
    (created-cards, embedded-text); "this Personality" in it is the created card."""
    script = ("  - effect: {by: alice, do: {create: {type: personality, force: 1, chi: 1, text: 'Open: Bow this "
              "Personality. Gain 1 Honor.'}}}\n  - action: {by: alice, card: personality, ability: 1}\n")
    result = run(board(two_players(alice=UNITS), cards=SAMURAI, script=script,
                       expect="  - honor: {alice: 9}\n  - bowed: [personality]\n"))
    assert failed(result) == [], result["expectations"]


def test_a_granted_ability_is_used_like_a_printed_one_and_goes_with_its_time():
    """"Give him the ability, "…"": usable this turn (embedded-text, duration-of-effects)."""
    script = ("  - effect: {by: alice, do: {grant: {target: s, text: 'Open: Gain 2 Honor.'}}}\n"
              "  - action: {by: alice, card: s, ability: 1}\n  - action: {by: alice, card: t, ability: 1}\n")
    result = run(board(two_players(alice=UNITS), cards=SAMURAI, script=script,
                       expect="  - honor: {alice: 10}\n  - rejected: {step: 3}\n"))
    assert failed(result) == [], result["expectations"]


def test_cards_created_during_a_battle_join_their_creators_army():
    """"Cards created during a battle join his or her current army" (created-cards); "at home" keeps one home.
    A created Personality with no Chi dies at once (chi-death-rule) and, created, ceases to exist: not dead."""
    alice = "    units: [{card: Samurai, id: s, at: bob.p1}]\n"
    script = ("  - effect: {by: alice, do: {create: {type: personality, force: 2, chi: 1, keywords: [Spirit]}}}\n"
              "  - effect: {by: alice, do: {create: {type: personality, force: 1, chi: 1, keywords: [Ghost], at: home}}}\n"
              "  - effect: {by: alice, do: {create: {type: personality, force: 1, keywords: [Shade]}}}\n")
    result = run(board(two_players(alice=alice), at="attack/combat", extra="battlefield: bob.p1", cards=SAMURAI,
                       script=script, expect="  - at: {spirit-personality: bob.p1, ghost-personality: home, "
                                             "shade-personality: removed}\n"))
    assert failed(result) == [], result["expectations"]


def test_effects_joined_after_to_depend_on_the_effect_before_to():
    """"Bow this Shugenja and destroy this Spell to create … and lose 4 Honor": the Honor is lost only if
    the creation could happen (independence-of-effects); "the Personality" after it is the created one."""
    ability = read_text("Maho Limited: Destroy this Spell to create a 5F/2C Undead Personality and lose 4 Honor. "
                        "Remove the Personality from the game after the battle ends.", "Summon", "spell").abilities[0]
    assert [e.needs_previous for e in ability.effects[:3]] == [False, True, True]
    assert ability.effects[3].args.do[0].args.target == "created"


def test_a_continuous_trait_gives_cards_an_ability_while_its_card_is_in_play():
    """"Your Samurai Personalities have the ability, "…"": each has it, as printed on it (continuous-traits,
    embedded-text); the Lord himself is no Samurai."""
    cards = SAMURAI + ("  - {title: Lord, type: personality, force: 1, chi: 2, honor: 0, cost: 3, ph: 1, "
                       "text: 'Your Samurai Personalities have the ability, \"Open: Bow this Personality. Gain 1 Honor.\"'}\n"
                       "  - {title: Samurai Guard, type: personality, force: 1, chi: 2, honor: 0, cost: 3, ph: 1, "
                       "keywords: [Samurai]}\n")
    units = "    units: [{card: Lord, id: lord}, {card: Samurai Guard, id: guard}]\n"
    script = ("  - action: {by: alice, card: guard, ability: 1}\n  - action: {by: alice, card: lord, ability: 1}\n")
    result = run(board(two_players(alice=units), cards=cards, script=script,
                       expect="  - honor: {alice: 9}\n  - bowed: [guard]\n  - rejected: {step: 2}\n"))
    assert failed(result) == [], result["expectations"]


def test_copying_a_keyword_takes_the_one_chosen_for_the_turn():
    """"Myuken copies one keyword from your target Personality" (copy): the script's choose: names it."""
    cards = SAMURAI + ("  - {title: Mimic, type: personality, force: 1, chi: 2, honor: 0, cost: 3, ph: 1}\n"
                       "  - {title: Scout, type: personality, force: 1, chi: 2, honor: 0, cost: 3, ph: 1, "
                       "keywords: [Cavalry, Tactician]}\n")
    units = "    units: [{card: Mimic, id: mimic}, {card: Scout, id: scout}]\n"
    script = ("  - effect: {by: alice, source: mimic, do: {copy_keyword: {target: self, source: scout}}}\n"
              "  - effect: {by: alice, source: mimic, do: {copy_keyword: {target: self, source: self}}}\n")
    result = run(board(two_players(alice=units), cards=cards, script=script.replace(
        "source: scout}}}", "source: scout}}, choose: [Tactician]}"), expect="  - keywords: {mimic: [Tactician]}\n"))
    assert failed(result) == [], result["expectations"]
    assert any("copy Tactician from Scout (as the script chooses" in t for t in texts(result))


def test_gold_and_cards_counted_from_tokens():
    """"produce 1 Gold for each Sincerity token on it" with three: 3 Gold (paying-gold-costs); "draw cards equal to
    the number of his Sincerity tokens, up to three tokens" with four: 3 cards (draw)."""
    units = "    units: [{card: Samurai, id: s, tokens: {Sincerity: 3}}, {card: Samurai, id: t, tokens: {Sincerity: 4}}]\n"
    court = read_text("After this Holding enters play, produce 1 Gold for each Sincerity token on it.",
                      "The Kurai District Court", "holding").triggers[0].effects[0]
    chotama = read_text("After Chotama enters play, draw cards equal to the number of his Sincerity tokens, up to "
                        "three tokens.", "Kitsuki Chotama", "personality").triggers[0].effects[0]
    assert court.args.amount.tokens == "Sincerity" and court.args.amount.of == "self"
    assert chotama.args.amount.most == 3 and chotama.args.amount.of == "self"
    result = replay("{produce_gold: {amount: {tokens: Sincerity, of: s}}}",
                    "{draw: {amount: {tokens: Sincerity, of: t, most: 3}}}",
                    units=units, expect="  - gold: {alice: 3}\n  - hand: {alice: 3}\n")
    assert failed(result) == [], result["expectations"]


def test_a_keyword_given_for_each_token_is_given_once_if_there_is_one():
    """"For each of his Sincerity tokens, give him a +1F token and Naval": two tokens give +2F and Naval; none give
    neither (a card has a keyword or not: given for each token, it is given once, keywords)."""
    effects = read_text("After Ren enters play, for each of his Sincerity tokens, give him a +1F token and Naval.",
                        "Isawa Ren", "personality").triggers[0].effects
    assert [e.name for e in effects] == ["tokens", "keyword"]
    assert effects[1].condition.tokens.value == 1 and effects[1].condition.card == "self"
    units = "    units: [{card: Samurai, id: s, tokens: {Sincerity: 2}}, {card: Samurai, id: t}]\n"
    steps = [f"{{tokens: {{target: {c}, name: force, count: {{tokens: Sincerity, of: {c}}}}}}}" for c in "st"]
    steps += [f"{{keyword: {{target: {c}, add: [Naval]}}, if: {{card: {c}, tokens: {{name: Sincerity, op: '>=', "
              "value: 1}}}" for c in "st"]
    result = replay(*steps, units=units, expect="  - force: {s: 5, t: 3}\n  - keywords: {s: [Naval]}\n")
    assert failed(result) == [], result["expectations"]
    assert sum("Samurai gains Naval" in t for t in texts(result)) == 1, texts(result)
    assert any("t gains Naval" in t and "condition is not met" in t for t in texts(result)), texts(result)


ARCHER = ("  - {title: Archer, type: personality, force: 2, chi: 2, honor: 0, cost: 3, ph: 1, text: \"Open: Destroy zero "
          "or more Fire tokens on Archer. Gain Honor equal to twice the number of tokens destroyed.\"}\n"
          "  - {title: Monk, type: personality, force: 0, chi: 2, honor: 0, cost: 3, ph: 1, text: \"Open: Give Monk +1F "
          "Fire tokens until he has exactly five.\"}\n")


def archer_and_monk(script: str, expect: str, tokens: str) -> dict:
    units = f"    units: [{{card: Archer, id: archer, tokens: {tokens}}}, {{card: Monk, id: monk, tokens: {tokens}}}]\n"
    return run(board(two_players(alice=units), cards=ARCHER, script=script, expect=expect))


def test_zero_or_more_tokens_are_chosen_as_the_effect_resolves_and_counted_after():
    """"Destroy zero or more Fire tokens on Archer. Gain Honor equal to twice the number of tokens destroyed": the
    script chooses 2 of the 3 (a plain one first, then a +1F one: 3F left): 4 Honor; with no answer all go (token,
    choices). "Give Monk +1F Fire tokens until he has exactly five" with three: two more, 4F (token)."""
    script = ("  - action: {by: alice, card: archer, ability: 1, choose: [2]}\n  - pass: bob\n"
              "  - action: {by: alice, card: monk, ability: 1}\n")
    result = archer_and_monk(script, "  - honor: {alice: 12}\n  - force: {archer: 3, monk: 4}\n",
                             "{Fire: 1, Fire +1F: 2}")
    assert failed(result) == [], result["expectations"]
    assert any("chooses to remove 2 of Archer's 3 Fire tokens (as the script chooses" in t for t in texts(result))
    result = archer_and_monk("  - action: {by: alice, card: archer, ability: 1}\n", "  - honor: {alice: 14}\n"
                             "  - tokens: {archer: {}}\n", "{Fire: 1, Fire +1F: 2}")
    assert failed(result) == [], result["expectations"]


def test_tokens_until_a_card_has_that_many_give_none_to_a_card_with_more():
    """"Give Monk +1F Fire tokens until he has exactly five" with six: none given, none taken (token)."""
    result = archer_and_monk("  - action: {by: alice, card: monk, ability: 1}\n", "  - force: {monk: 6}\n",
                             "{Fire +1F: 6}")
    assert failed(result) == [], result["expectations"]


def test_an_ability_used_as_many_times_per_turn_as_its_text_says():
    """"You may use this action three times per turn": a fourth use is refused (restrictions-on-number-of-times)."""
    drill = ("  - {title: Drill, type: personality, force: 2, chi: 2, honor: 0, cost: 3, ph: 1, text: \"Open: Gain 1 "
             "Honor. You may use this action three times per turn.\"}\n")
    assert read_text("Open: Gain 1 Honor. You may use this action three times per turn.", "Drill",
                     "personality").abilities[0].uses == 3
    script = "  - action: {by: alice, card: drill, ability: 1}\n" * 4
    result = run(board(two_players(alice="    units: [{card: Drill, id: drill}]\n"), cards=drill, script=script,
                       expect="  - honor: {alice: 11}\n  - rejected: {step: 4, reason: used}\n"))
    assert failed(result) == [], result["expectations"]


def test_a_transferred_token_keeps_its_changes_and_needs_one_to_move():
    """"Transfer a Masterwork token from this Holding to a target …": a +1F Masterwork token leaves one card and
    gives the other +1F; with none left, nothing moves (token)."""
    effect = read_text("Open, [Bow]: Transfer a Masterwork token from this Holding to a target Armor or Weapon "
                       "without a Masterwork token.", "Developed Quarry", "holding").abilities[0].effects[0]
    assert (effect.name, effect.args.source, effect.args.target, effect.args.name) == (
        "transfer_token", "self", 1, "Masterwork")
    units = "    units: [{card: Samurai, id: s, tokens: {Masterwork +1F: 2}}, {card: Samurai, id: t}]\n"
    step = "{transfer_token: {source: s, target: t, name: Masterwork}}"
    result = replay(step, step, step, units=units, expect="  - force: {s: 3, t: 5}\n  - tokens: {t: {Masterwork +1F: 2}}\n")
    assert failed(result) == [], result["expectations"]
    assert sum("token moves from Samurai to Samurai" in t for t in texts(result)) == 2, texts(result)


def test_tokens_shared_out_among_targets_give_each_one_and_the_rest_as_chosen():
    """"Give (in total) three +1GP Wealth tokens to one to three target Holdings": each target gets one, the token
    left goes to the card the script's choose: names (token, choices)."""
    reading = read_text("Invest [10 Gold]: Give (in total) three +1GP Wealth tokens to one to three target Holdings.",
                        "Ide Ryou", "personality")
    effect = reading.invest[0]
    assert (effect.name, effect.args.target, effect.args.total, effect.args.stats) == (
        "share_tokens", 1, 3, {"gold_production": 1})
    script = "  - effect: {by: alice, do: {share_tokens: {target: [s, t], name: Wealth, total: 3, stats: {force: 1}}}, " \
             "choose: [t]}\n"
    result = run(board(two_players(alice=UNITS), cards=SAMURAI, script=script,
                       expect="  - force: {s: 4, t: 5}\n  - tokens: {s: {Wealth +1F: 1}, t: {Wealth +1F: 2}}\n"))
    assert failed(result) == [], result["expectations"]
    assert any("gives another Wealth token to Samurai (as the script chooses" in t for t in texts(result))


def test_a_second_condition_counts_more_of_the_same_tokens():
    """"If he has a Sincerity token, permanently give him Cavalry, and if he has two, also pemanently give him Naval"
    (misprint as printed): "two" is two or more of the Sincerity tokens the first condition named; one token gives
    Cavalry alone (token)."""
    effects = read_text("After Kaito enters play, if he has a Sincerity token, permanently give him Cavalry, and if he "
                        "has two, also pemanently give him Naval.", "Tsuruchi Kaito", "personality").triggers[0].effects
    assert effects[1].condition.tokens.name == "Sincerity" and effects[1].condition.tokens.value == 2
    assert effects[1].args.until == "permanent"
    units = "    units: [{card: Samurai, id: s, tokens: {Sincerity: 2}}, {card: Samurai, id: t, tokens: {Sincerity: 1}}]\n"
    script = "".join(f"  - effect: {{by: alice, source: {c}, do: {e.model_dump_json(by_alias=True, exclude_defaults=True)}}}\n"
                     for c in "st" for e in effects)
    result = run(board(two_players(alice=units), cards=SAMURAI, script=script,
                       expect="  - keywords: {s: [Cavalry, Naval], t: [Cavalry]}\n"))
    assert failed(result) == [], result["expectations"]


def test_a_target_player_discards_a_card_of_his_choice():
    """"…, and if she has two, a target player discards a card": that player discards from his own hand (discard)."""
    effect = read_text("After Yukiko enters play, if she has a Sincerity token, draw a card, and if she has two, a target "
                       "player discards a card.", "Kuni Yukiko", "personality").triggers[0].effects[1]
    assert effect.name == "discard_cards" and effect.args.player == 1
    script = "  - effect: {by: alice, do: {discard_cards: {player: opponent}}}\n"
    result = run(board(two_players(alice=UNITS, bob="    hand: [Samurai, Samurai]\n"), cards=SAMURAI, script=script,
                       expect="  - hand: {alice: 0, bob: 1}\n"))
    assert failed(result) == [], result["expectations"]
    assert any(t.startswith("Bob discards Samurai") for t in texts(result)), texts(result)


def test_a_created_stat_given_as_an_amount_is_counted_as_the_card_is_created():
    """"Create a 2C/0PH Illusion • Samurai • Spirit Personality with Force equal to this Shugenja's Chi, plus 1 if he is
    Air": the Chi now, +1 only if he is Air; a later change to the Chi leaves the created card's Force (created-cards)."""
    effect = read_text("Air Open, :bow:: Bow this Shugenja to create a 2C/0PH Illusion • Samurai • Spirit Personality "
                       "with Force equal to this Shugenja's Chi, plus 1 if he is Air.", "The Wind's Champion",
                       "spell").abilities[0].effects[1]
    assert effect.args.force.stat == "chi" and effect.args.force.of == "host" and effect.args.chi == 2
    force = "{stat: chi, of: s, plus_if: [{amount: 1, if: {card: s, has_keyword: Air}}]}"
    result = replay(f"{{create: {{chi: 2, keywords: [Illusion, Samurai, Spirit], force: {force}}}}}",
                    "{chi: {target: s, amount: 3}}",
                    expect="  - force: {illusion-samurai-spirit-personality: 2}\n  - chi: {s: 5}\n")
    assert failed(result) == [], result["expectations"]
    assert any("Illusion" in t and "enters play" in t for t in texts(result)), texts(result)


def test_after_the_target_does_so_this_turn_is_each_time_until_the_turn_ends():
    """"Target another player's Personality who has a Madness token. After the target attacks this turn, draw a card."
    (Akumasa): each time this turn, not the next time only (indefinite-conditional-effects); it ends with the turn."""
    ability = read_text("Open: Target another player's Personality who has a Madness token. After the target attacks "
                        "this turn, draw a card.", "Akumasa", "personality").abilities[0]
    assert ability.targets[0].filter.tokens[0].name == "Madness" and ability.targets[0].filter.side == "other"
    waiting = ability.effects[0].args
    assert (waiting.event, waiting.card, waiting.this_turn, waiting.each) == ("attacks", 1, True, True)
    set_up = ("  - effect: {by: alice, do: {after_next: {event: bows, card: s, this_turn: true, each: true, "
              "do: [{gain_honor: {amount: 2}}]}}}\n")
    bow_twice = ("  - effect: {by: alice, do: {bow: {target: t}}}\n  - effect: {by: alice, do: {bow: {target: s}}}\n"
                 "  - effect: {by: alice, do: {straighten: {target: s}}}\n  - effect: {by: alice, do: {bow: {target: s}}}\n")
    later = "  - advance: next_turn\n  - effect: {by: alice, do: {straighten: {target: s}}}\n" \
            "  - effect: {by: alice, do: {bow: {target: s}}}\n"
    result = run(board(two_players(alice=UNITS), cards=SAMURAI, script=set_up + bow_twice + later,
                       expect="  - honor: {alice: 12}\n"))
    assert failed(result) == [], result["expectations"]


WATCHER = ("  - {title: Watcher, type: personality, force: 2, chi: 2, honor: 0, cost: 3, ph: 1, text: \"After an action from "
           "a card opposing Watcher resolves, if its unit's Personality has more Madness tokens than printed Personal "
           "Honor, his controller discards a card.\"}\n"
           "  - {title: Raider, type: personality, force: 2, chi: 2, honor: 0, cost: 3, ph: 1, text: \"Battle: Gain 1 "
           "Honor.\"}\n  - {title: Fan, type: item, force: 0, chi: 0, cost: 0, text: \"Battle: Gain 1 Honor.\"}\n"
           "  - {title: Spare, type: strategy, cost: 0}\n")


def test_an_action_from_a_card_opposing_this_one_and_its_units_personality():
    """Daidoji Adachi: after an action from a card opposing him resolves, its unit's Personality (the card, or the
    Personality its Item is attached to) with more Madness tokens than printed Personal Honor (1) makes his controller
    discard a card; an action from a Personality with one token does nothing (opposing, token)."""
    alice = ("    units:\n      - {card: Raider, id: mad, at: bob.p1, tokens: {Madness: 2}, attach: [Fan]}\n"
             "      - {card: Raider, id: calm, at: bob.p1, tokens: {Madness: 1}}\n    hand: [Spare, Spare, Spare, Spare]\n")
    bob = "    units: [{card: Watcher, id: w, at: bob.p1}]\n"
    script = "".join(f"  - action: {{by: alice, card: {c}, ability: 1}}\n  - pass: bob\n" for c in ("calm", "mad", "fan"))
    result = run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1", cards=WATCHER,
                       script=script, expect="  - hand: {alice: 2}\n  - honor: {alice: 11}\n"))
    assert failed(result) == [], (result["expectations"], texts(result))


SCOUT = ("  - {title: Scout, type: personality, force: 2, chi: 2, honor: 0, cost: 3, ph: 1, text: \"Battle: If your "
         "current army is opposed, gain 1 Honor.\"}\n")


def test_your_current_army_is_opposed_while_the_enemy_army_has_a_unit():
    """"If your current army is opposed": an army is opposed when the enemy army at the battlefield has a unit
    (opposed); alone at the battlefield, the ability's condition fails and it cannot be used."""
    alice = "    units: [{card: Scout, id: sc, at: bob.p1}]\n"
    script = "  - action: {by: alice, card: sc, ability: 1}\n"
    for bob, expect in (("    units: [{card: Scout, id: w, at: bob.p1}]\n", "  - honor: {alice: 9}\n"),
                        ("    units: [{card: Scout, id: w}]\n", "  - honor: {alice: 8}\n  - rejected: {step: 1}\n")):
        result = run(board(two_players(alice=alice, bob=bob), at="attack/combat", extra="battlefield: bob.p1",
                           cards=SCOUT, script=script, expect=expect))
        assert failed(result) == [], (result["expectations"], texts(result))


TOGGLER = ("  - {title: Toggler, type: personality, force: 3, chi: 2, honor: 0, cost: 3, ph: 1, text: \"Repeatable Open: "
           "Give Toggler a -2F/+3C Change token if she does not have one, or remove one if she does.\"}\n")


def test_a_token_given_if_the_card_has_none_or_else_one_removed():
    """Shabura's "Give her a Change token if she does not have one, or remove one if she does": looked at once as it
    resolves, so the first use gives the token (and does not take it back), the second removes it (token)."""
    units = "    units: [{card: Toggler, id: tg}]\n"
    use = "  - action: {by: alice, card: tg, ability: 1}\n  - pass: bob\n"
    for times, expect in ((1, "  - force: {tg: 1}\n  - chi: {tg: 5}\n  - tokens: {tg: {Change -2F/+3C: 1}}\n"),
                          (2, "  - force: {tg: 3}\n  - chi: {tg: 2}\n")):
        result = run(board(two_players(alice=units), cards=TOGGLER, script=use * times, expect=expect))
        assert failed(result) == [], (result["expectations"], texts(result))


THROES = ("  - {title: Throes, type: holding, text: \"Open, [Bow]: Straighten this Holding if you have not given any "
          "Madness tokens this turn. Give a target Personality a Madness token.\"}\n")


def test_tokens_you_have_given_this_turn_are_remembered_by_name():
    """Throes of Madness: it straightens only if no effect of Alice's gave a Madness token this turn (token, memory):
    a Fire token she gave, or a Madness token Bob gave, does not count; a Madness token she gave does."""
    alice = UNITS + "    holdings: [{card: Throes, id: th}]\n"
    use = "  - action: {by: alice, card: th, targets: [t]}\n"
    for before, expect in (("", "  - unbowed: [th]\n"),
                           ("  - effect: {by: alice, do: {tokens: {target: s, name: Fire}}}\n"
                            "  - effect: {by: bob, do: {tokens: {target: s, name: Madness}}}\n", "  - unbowed: [th]\n"),
                           ("  - effect: {by: alice, do: {tokens: {target: s, name: Madness}}}\n", "  - bowed: [th]\n")):
        result = run(board(two_players(alice=alice), cards=SAMURAI + THROES, script=before + use,
                           expect=expect + "  - tokens: {t: {Madness: 1}}\n"))
        assert failed(result) == [], (result["expectations"], texts(result))


SCHOLAR = ("  - {title: Scholar, type: personality, force: 3, chi: 2, honor: 0, cost: 3, ph: 1, text: \"Open: Destroy one "
           "or two of a target Personality's tokens. Give him as many +1F tokens as the number of tokens this "
           "destroyed.\"}\n")


def test_one_or_two_tokens_of_any_kind_are_chosen_as_the_effect_resolves_and_counted_after():
    """Knowledge and Power: the script names the kinds (a Poison token, then a -1F token: two, so +2F); with no answer
    the engine takes the first token; a card with none loses nothing and gets nothing (token, choices)."""
    use = "  - action: {{by: alice, card: sc, targets: [s]{choose}}}\n"
    units = "    units: [{{card: Scholar, id: sc}}, {{card: Samurai, id: s, tokens: {tokens}}}]\n"
    for tokens, choose, expect in (
            ("{Madness: 1, Poison -1F/-1C: 1, force: -1}", ", choose: [Poison, force]",
             "  - tokens: {s: {Madness: 1, force: 2}}\n  - force: {s: 5}\n  - chi: {s: 2}\n"),
            ("{Madness: 2}", "", "  - tokens: {s: {Madness: 1, force: 1}}\n  - force: {s: 4}\n"),
            ("{}", "", "  - tokens: {s: {}}\n  - force: {s: 3}\n")):
        result = run(board(two_players(alice=units.format(tokens=tokens)), cards=SAMURAI + SCHOLAR,
                           script=use.format(choose=choose), expect=expect))
        assert failed(result) == [], (result["expectations"], texts(result))


STONES = ("  - {title: Sage, type: personality, force: 1, chi: 3, honor: 0, cost: 3, ph: 1, keywords: [Shugenja]}\n"
          "  - {title: Earth Sage, type: personality, force: 1, chi: 3, honor: 0, cost: 3, ph: 1, keywords: [Shugenja, "
          "Earth]}\n  - {title: Stones, type: spell, cost: 0, text: \"Open, [Bow]: You may discard two Rock tokens "
          "from this Shugenja, or one if he is Earth, to straighten this Spell.\"}\n")


def test_tokens_discarded_to_do_something_are_all_there_or_none_go():
    """Stones of Purity: two Rock tokens, or one if the Shugenja is Earth, go to straighten the Spell; with one token a
    non-Earth Shugenja cannot discard two, so none goes and the Spell stays bowed (token, independence-of-effects)."""
    use = "  - action: {by: alice, card: st, choose: ['yes']}\n"
    for sage, rocks, expect in (("Sage", 2, "  - unbowed: [st]\n  - tokens: {sg: {}}\n"),
                                ("Sage", 1, "  - bowed: [st]\n  - tokens: {sg: {Rock: 1}}\n"),
                                ("Earth Sage", 2, "  - unbowed: [st]\n  - tokens: {sg: {Rock: 1}}\n")):
        units = f"    units: [{{card: {sage}, id: sg, tokens: {{Rock: {rocks}}}, attach: [{{card: Stones, id: st}}]}}]\n"
        result = run(board(two_players(alice=units), cards=STONES, script=use, expect=expect))
        assert failed(result) == [], (result["expectations"], texts(result))


def test_color_text_sentences_have_no_game_impact():
    """"You reveal the corruption within.": color text, no game impact (color-text): the ability reads as without it."""
    with_color = read_text("Open: Target your Personality. You reveal the corruption within. Lose 3 Honor.", "Colors",
                           "strategy")
    plain = read_text("Open: Target your Personality. Lose 3 Honor.", "Colors", "strategy")
    assert not with_color.unparsed and with_color.abilities[0].effects == plain.abilities[0].effects
    assert with_color.abilities[0].targets == plain.abilities[0].targets
