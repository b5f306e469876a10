"""Rule areas a judge asks about, each test citing its section of the Ivory CR, on boards of
inline cards: duels, Unique, Experienced overlays, Resilient, the player abilities,
Conqueror, Terrains, Fortifications, attachment limits, continuous and triggered traits,
lasting prevention, choices, ``advance``, multiplayer allies."""
import pytest

from .helpers import board, failed, run, texts, two_players

KEEP = "{title: Test Keep, type: stronghold, strength: 6, production: 5, starting_honor: 6}"
CASTLE = "{title: Test Castle, type: stronghold, strength: 6, production: 5, starting_honor: 7}"


def person(title, f=3, c=3, hr=0, cost=3, ph=1, **extra):
    rest = "".join(f", {k}: {v}" for k, v in extra.items())
    return f"  - {{title: {title}, type: personality, force: {f}, chi: {c}, honor: {hr}, cost: {cost}, ph: {ph}{rest}}}\n"


def card(title, kind, **extra):
    rest = "".join(f", {k}: {v}" for k, v in extra.items())
    return f"  - {{title: {title}, type: {kind}{rest}}}\n"


def ok(result):
    assert failed(result) == [], result["expectations"]
    return result


def in_battle(alice, bob, cards, script, expect, at="attack/combat", extra=""):
    return run(board(two_players(alice=alice, bob=bob), at=at, extra=f"battlefield: bob.p1\n{extra}", cards=cards,
                     script=script, expect=expect))


# ----- Duels (duel, duel-stat, duelist, challenge, refuse, focus-value) ---------------------------
SWORD = ("[{ability: battle, text: 'Battle: Challenge a target enemy Personality; the loser is destroyed.', "
         "targets: [{side: enemy, what: personality}], do: [{duel: {challenger: self, challenged: 1, "
         "loser: {do: {destroy: {target: loser}}}}}]}]")
DUEL_CARDS = (person("Swordsman", f=2, c=3, effects=SWORD) + person("Guard", f=2, c=2)
              + card("Swift Parry", "strategy", focus=2) + card("Quiet Mind", "strategy", focus=3)
              + card("Heavy Blow", "strategy", focus=4))


def duel(script_duel, guard="Guard", bob_deck="[Heavy Blow]", extra_cards="", expect=""):
    alice = "    units: [{card: Swordsman, id: swordsman, at: bob.p1}]\n    hand: [Quiet Mind, Quiet Mind]\n"
    bob = f"    units: [{{card: {guard}, id: guard, at: bob.p1}}]\n    hand: [Swift Parry]\n    fate_deck: {bob_deck}\n"
    script = f"  - action: {{by: alice, card: swordsman, ability: 1, targets: [guard], duel: {script_duel}}}\n"
    return in_battle(alice, bob, DUEL_CARDS + extra_cards, script, expect)


def test_duel_totals_focus_values_and_chi_and_discards_focused_cards():
    """CR Duel: totals are Focus Values plus the duel stat (Chi); the lower loses; focused cards
    are discarded.  Swordsman 3 + 3 = 6 against Guard 2 + 2 + 4 (top of the deck) = 8."""
    result = ok(duel("{focus: [{by: bob, card: Swift Parry}, {by: alice, card: Quiet Mind}, {by: bob, from: deck}], "
                     "strike: alice}",
                     expect="  - duel: {winner: guard, loser: [swordsman]}\n  - destroyed: [swordsman]\n"
                            "  - at: {swift-parry: discard, heavy-blow: discard}\n"))
    assert any("6 against Guard 8" in t for t in texts(result))


def test_the_challenged_player_has_the_first_option():
    """CR Duel step 2: the challenged player has the first option to focus or strike."""
    ok(duel("{focus: [{by: alice, card: Quiet Mind}], strike: bob}",
            expect="  - rejected: {step: 1, reason: duel-order}\n  - duel: {winner: swordsman, loser: [guard]}\n"))


def test_a_tied_duel_both_lose():
    """CR Duel: if the two totals are tied, both players lose and take the loser's consequences."""
    ok(duel("{focus: [{by: bob, card: Swift Parry}], strike: alice}", bob_deck="30", guard="Weak Guard",
            extra_cards=person("Weak Guard", f=2, c=1),
            expect="  - duel: {winner: tie, loser: [swordsman, guard]}\n  - destroyed: [swordsman, guard]\n"))


def test_a_duelist_wins_a_tie():
    """CR Duelist: on tied scores, a Duelist facing a non-Duelist wins (3 Chi against 3 Chi)."""
    extra = person("Sensei Guard", f=2, c=3, keywords="[Duelist]")
    result = ok(duel("{strike: bob}", guard="Sensei Guard", extra_cards=extra,
                     expect="  - duel: {winner: guard, loser: [swordsman]}\n  - destroyed: [swordsman]\n"))
    assert any("is a Duelist" in t for t in texts(result))


def test_a_duel_of_force_uses_force():
    """CR Duel stat: "a duel of Force" totals Force instead of Chi."""
    ability = ("[{ability: battle, targets: [{side: enemy, what: personality}], do: [{duel: {challenger: self, "
               "challenged: 1, stat: force, loser: {do: {bow: {target: loser}}}}}]}]")
    cards = person("Brute", f=5, c=1, effects=ability) + person("Scholar", f=1, c=5)
    result = in_battle("    units: [{card: Brute, id: brute, at: bob.p1}]\n",
                       "    units: [{card: Scholar, id: scholar, at: bob.p1}]\n", cards,
                       "  - action: {by: alice, card: brute, ability: 1, targets: [scholar]}\n",
                       "  - duel: {winner: brute, loser: [scholar]}\n  - bowed: [scholar]\n")
    ok(result)


def test_refusing_a_refusable_challenge_and_not_an_unrefusable_one():
    """CR Refuse: only a challenge that may be refused can be refused (the duel: step)."""
    ability = ("[{ability: open, targets: [{side: enemy, what: personality}], do: [{duel: {challenger: self, "
               "challenged: 1, refusable: true, refused: {do: {lose_honor: {player: opponent, amount: 2}}}}}]}]")
    cards = person("Challenger", effects=ability) + person("Rival")
    result = run(board(two_players(alice="    units: [{card: Challenger, id: c}]\n",
                                   bob="    units: [{card: Rival, id: r}]\n"), cards=cards,
                       script="  - duel: {refuse: true}\n  - action: {by: alice, card: c, ability: 1, targets: [r]}\n",
                       expect="  - honor: {bob: 8}\n"))
    ok(result)
    strict = ok(duel("{refuse: true}", expect="  - duel: {winner: swordsman, loser: [guard]}\n"))
    assert any("cannot refuse" in t for t in texts(strict))


def test_four_focuses_at_most():
    """CR Duel: a player who has focused four times may not focus any more in that duel."""
    focus = ", ".join("{by: bob, from: deck}, {by: alice, from: deck}" for _ in range(5))
    result = duel(f"{{focus: [{focus}], strike: bob}}", bob_deck="30")
    assert any(s.get("reason") == "duel-order" and "four" in s["text"] for s in result["steps"])


# ----- Unique, Experienced (unique, experienced, overlay, loyal) --------------------------------
def test_a_unique_attachment_cannot_be_equipped_twice():
    """CR Unique: a player will not bring into play a Unique card with the title of one he controls."""
    cards = person("Bearer") + card("Heirloom", "item", force="'+1'", cost=0, keywords="[Unique]")
    alice = ("    units: [{card: Bearer, id: a, attach: [{card: Heirloom, id: h1}]}, {card: Bearer, id: b}]\n"
             "    hand: [Heirloom]\n")
    ok(run(board(two_players(alice=alice), cards=cards, script="  - equip: {by: alice, card: Heirloom, to: b}\n",
                 expect="  - rejected: {step: 1, reason: unique}\n")))


OVERLAY_CARDS = (person("Toturi", f=3, c=3, hr=5, cost=6, ph=2) +
                 "  - {title: Toturi, level: Experienced 2, type: personality, force: 6, chi: 5, honor: 20, cost: 12, "
                 "ph: 3}\n" + card("Katana", "item", force="'+2'", cost=0))


def test_overlay_costs_nothing_ignores_the_honor_requirement_and_keeps_everything():
    """CR Experienced: overlaying needs no cost or Honor Requirement; the new card keeps all states,
    ongoing effects, attachments and tokens and is the same card (keeps its id)."""
    alice = ("    honor: 2\n    units: [{card: Toturi, id: tono, bowed: true, dishonored: true, tokens: {Force: 1}, "
             "attach: [{card: Katana, id: katana}]}]\n"
             "    provinces: [{card: Toturi (Experienced 2), face: up, id: exp}, {}, {}, {}]\n")
    players = f"  alice:\n    stronghold: {KEEP}\n{alice}  bob:\n    stronghold: {CASTLE}\n    honor: 10\n"
    result = ok(run(board(players, at="dynasty", cards=OVERLAY_CARDS,
                          script="  - effect: {by: alice, do: {chi: {target: tono, amount: 1}}}\n"
                                 "  - recruit: {by: alice, card: alice.p1, overlay: tono}\n",
                          expect="  - force: {tono: 9}\n  - chi: {tono: 6}\n  - bowed: [tono]\n"
                                 "  - dishonored: [tono]\n  - at: {katana: home, exp: removed}\n"
                                 "  - unbowed: [alice.stronghold]\n  - tokens: {tono: {Force: 1}}\n")))
    assert any("overlays Toturi" in t for t in texts(result))


def test_overlay_needs_a_higher_level_and_respects_loyal():
    """CR Experienced (same title, higher level) and Loyal (he will not be controlled by a player
    without his Clan Alignment)."""
    cards = OVERLAY_CARDS + ("  - {title: Toturi, level: Experienced 3, type: personality, force: 7, chi: 5, "
                             "honor: 20, cost: 12, ph: 3, clan: Lion, keywords: [Loyal]}\n")
    alice = ("    clan: Crab\n    units: [{card: Toturi (Experienced 2), id: tono}]\n"
             "    provinces: [{card: Toturi, face: up}, {card: Toturi (Experienced 3), face: up}, {}, {}]\n")
    ok(run(board(two_players(alice=alice), at="dynasty", cards=cards,
                 script="  - recruit: {by: alice, card: alice.p1, overlay: tono}\n"
                        "  - recruit: {by: alice, card: alice.p2, overlay: tono}\n",
                 expect="  - rejected: {step: 1, reason: no-target}\n  - rejected: {step: 2, reason: restricted}\n")))


# ----- Resilient ---------------------------------------------------------------------------------
def test_resilient_works_once_per_game():
    """CR Resilient: once per game per card."""
    cards = person("Ogre", f=9) + person("Tough", f=1, keywords="[Resilient]")
    ok(in_battle("    units: [{card: Ogre, id: ogre, at: bob.p1}]\n",
                 "    units: [{card: Tough, id: tough, at: bob.p1, resilient_used: true}]\n", cards,
                 "  - advance: end_of_battle\n", "  - destroyed: [tough]\n"))


# ----- Player abilities (cavalry, tactical-advantage, courage, reserve, naval-invasion, kharmic,
#       lobby, rulebook-favor-battle, cycle) ---------------------------------------------------------
def test_cavalry_moves_a_cavalry_unit_in_the_engage_segment():
    """CR Cavalry: Absent Engage — your unbowed Personality in a Cavalry unit at any location moves
    to the current battlefield; a unit is Cavalry only if every Follower is too."""
    cards = (person("Rider", keywords="[Cavalry]") + person("Walker", keywords="[Cavalry]")
             + card("Foot", "follower", force=1, cost=1) + person("Foe"))
    alice = ("    units: [{card: Rider, id: amorie}, {card: Walker, id: walker, attach: [Foot]}, "
             "{card: Foe, id: mine, at: bob.p1}]\n")
    ok(in_battle(alice, "    units: [{card: Foe, id: foe, at: bob.p1}]\n", cards,
                 "  - action: {by: alice, rulebook: cavalry, targets: [walker]}\n"
                 "  - action: {by: alice, rulebook: cavalry, targets: [amorie]}\n"
                 "  - action: {by: alice, rulebook: cavalry, targets: [amorie]}\n",
                 "  - rejected: {step: 1, reason: no-target}\n  - at: {amorie: bob.p1, walker: home}\n"
                 "  - rejected: {step: 3, reason: used}\n", at="attack/engage"))


def test_cavalry_is_an_engage_action():
    cards = person("Rider", keywords="[Cavalry]") + person("Foe")
    ok(in_battle("    units: [{card: Rider, id: amorie}, {card: Foe, id: mine, at: bob.p1}]\n",
                 "    units: [{card: Foe, id: foe, at: bob.p1}]\n", cards,
                 "  - action: {by: alice, rulebook: cavalry, targets: [amorie]}\n",
                 "  - rejected: {step: 1, reason: wrong-round}\n"))


def test_tactical_advantage_adds_the_discarded_cards_focus():
    """CR Tactical Advantage: Battle — discard a card to give this Tactician a Force bonus equal
    to its Focus Value; once per turn per Tactician."""
    cards = person("Kenaro", f=2, keywords="[Tactician]") + person("Foe") + card("Heavy Scroll", "strategy", focus=3)
    alice = "    units: [{card: Kenaro, id: kenaro, at: bob.p1}]\n    hand: [Heavy Scroll, Heavy Scroll]\n"
    result = ok(in_battle(alice, "    units: [{card: Foe, id: foe, at: bob.p1}]\n", cards,
                          "  - action: {by: alice, card: kenaro, rulebook: tactical_advantage, discard: Heavy Scroll}\n"
                          "  - pass: bob\n"
                          "  - action: {by: alice, card: kenaro, rulebook: tactical_advantage}\n",
                          "  - force: {kenaro: 5}\n  - at: {heavy-scroll: discard}\n"
                          "  - rejected: {step: 3, reason: used}\n  - hand: {alice: 1}\n"))
    assert any("Kenaro gets +3F" in t for t in texts(result))


def test_courage_raises_a_fear_effect():
    """CR Courage: Repeatable Courage Interrupt — discard a Courage card to give one of the
    action's Fear effects +2 or -2 strength (Fear 2 against 3F bows with +2)."""
    cards = (person("Terror", f=2, text="'<b>Battle:</b> Fear 2.'") + person("Brave", f=3)
             + card("Bold Heart", "strategy", focus=1, keywords="[Courage]"))
    result = ok(in_battle("    units: [{card: Terror, id: terror, at: bob.p1}]\n    hand: [Bold Heart]\n",
                          "    units: [{card: Brave, id: brave, at: bob.p1}]\n", cards,
                          "  - action: {by: alice, card: terror, ability: 1, targets: [brave], interrupts: "
                          "[{by: alice, rulebook: courage, choose: ['+2']}]}\n",
                          "  - bowed: [brave]\n  - at: {bold-heart: discard}\n"))
    assert any("Fear 4 against Brave" in t for t in texts(result))


def test_reserve_recruits_into_an_opposed_battle():
    """CR Reserve: Absent Repeatable Battle — if he would be opposed, Recruit your target Reserve
    Personality into the current battlefield."""
    cards = person("Late Hero", f=4, cost=2, keywords="[Reserve]") + person("Foe")
    alice = "    provinces: [{card: Late Hero, face: up, id: hero}, {}, {}, {}]\n"
    ok(in_battle(alice, "    units: [{card: Foe, id: foe, at: bob.p1}]\n", cards,
                 "  - action: {by: alice, rulebook: reserve, card: alice.p1}\n",
                 "  - at: {hero: bob.p1}\n  - bowed: [alice.stronghold]\n"))


def test_naval_invasion_gives_the_attacker_the_first_battle_action():
    """CR Naval Invasion: Engage — the Attacker has the first opportunity in the Combat Segment,
    for a Battle action from a card in a Naval Personality's unit."""
    cards = (person("Admiral", keywords="[Naval]", text="'<b>Battle:</b> Gain 1 Honor.'")
             + person("Landsman", text="'<b>Battle:</b> Gain 1 Honor.'") + person("Foe"))
    result = ok(in_battle("    units: [{card: Admiral, id: admiral, at: bob.p1}, {card: Landsman, id: land, at: bob.p1}]\n",
                          "    units: [{card: Foe, id: foe, at: bob.p1}]\n", cards,
                          "  - action: {by: alice, rulebook: naval_invasion}\n  - advance: attack/combat\n"
                          "  - action: {by: alice, card: land, ability: 1}\n"
                          "  - action: {by: alice, card: admiral, ability: 1}\n",
                          "  - rejected: {step: 3, reason: restricted}\n  - honor: {alice: 9}\n", at="attack/engage"))
    combat = next(i for i, t in enumerate(texts(result)) if "Combat Segment" in t)
    assert "Naval Invasion" in texts(result)[combat] and not any(
        "Bob passes (implied" in t for t in texts(result)[combat:])


def test_kharmic_discards_to_draw():
    """CR Kharmic: Kharmic Repeatable Limited, [2 Gold] — discard a Kharmic card from hand to draw."""
    cards = card("Karma", "strategy", focus=1, keywords="[Kharmic]") + card("Next Card", "strategy", focus=2)
    alice = "    hand: [Karma]\n    fate_deck: [Next Card]\n"
    ok(run(board(two_players(alice=alice), cards=cards,
                 script="  - action: {by: alice, rulebook: kharmic, discard: Karma}\n",
                 expect="  - at: {karma: discard, next-card: hand}\n  - bowed: [alice.stronghold]\n")))


def test_lobby_needs_more_honor_than_each_other_player():
    """CR Lobby: higher Family Honor than each other player; bow a Personality with 1+ PH."""
    cards = person("Courtier", ph=2)
    ok(run(board(two_players(alice="    units: [{card: Courtier, id: c}]\n", alice_honor=10, bob_honor=10),
                 cards=cards, script="  - action: {by: alice, rulebook: lobby, targets: [c]}\n",
                 expect="  - rejected: {step: 1, reason: condition}\n  - favor: null\n  - unbowed: [c]\n")))


def test_favor_battle_sends_an_attacker_home():
    """CR Rulebook Favor Battle: discard the Imperial Favor to move a target attacking enemy
    Personality home."""
    cards = person("Raider", f=5) + person("Keeper", f=1)
    ok(run(board(two_players(alice="    units: [{card: Raider, id: raider, at: bob.p1}]\n",
                             bob="    units: [{card: Keeper, id: keeper, at: bob.p1}]\n"),
                 at="attack/combat", extra="battlefield: bob.p1\nfavor: bob", cards=cards,
                 script="  - action: {by: bob, rulebook: favor_battle, targets: [raider]}\n  - advance: end_of_battle\n",
                 expect="  - at: {raider: home}\n  - favor: null\n  - battle: {at: bob.p1, winner: bob}\n")))


def test_cycle_is_for_the_first_turn():
    """CR Cycle: Limited, if it is your first turn."""
    cards = person("Dud")
    alice = "    provinces: [{card: Dud, face: up, id: dud}, {}, {}, {}]\n    dynasty_deck: 5\n"
    ok(run(board(two_players(alice=alice), cards=cards,
                 script="  - action: {by: alice, rulebook: cycle, provinces: [alice.p1]}\n",
                 expect="  - at: {dud: dynasty_deck}\n")))
    late = run(board(two_players(alice=alice), cards=cards, extra="turn: 5",
                     script="  - action: {by: alice, rulebook: cycle, provinces: [alice.p1]}\n",
                     expect="  - rejected: {step: 1, reason: condition}\n"))
    ok(late)


# ----- Conqueror, Terrains, Fortifications (conqueror, terrain, fortification) -----------------------
def test_conqueror_units_do_not_bow_after_resolution():
    """CR Conqueror: cards in a Conqueror Personality's unit do not bow before returning home."""
    cards = person("Warlord", f=9, keywords="[Conqueror]") + card("Guards", "follower", force=1, cost=0) + person("Foe")
    ok(in_battle("    units: [{card: Warlord, id: warlord, at: bob.p1, attach: [{card: Guards, id: guards}]}]\n",
                 "    units: [{card: Foe, id: foe, at: bob.p1}]\n", cards, "  - advance: end_of_battle\n",
                 "  - unbowed: [warlord, guards]\n  - at: {warlord: home}\n  - destroyed: [foe]\n"))


def test_a_terrain_enters_play_at_the_battlefield_and_is_discarded_after():
    """CR Terrain: a Terrain's Battle ability puts it into play at the current battlefield; after the
    battle ends it is discarded."""
    cards = (person("Scout") + person("Foe")
             + "  - {title: Misty Marsh, type: strategy, keywords: [Terrain], effects: [{ability: battle, "
               "do: [{put_into_play: {at: here}}]}]}\n")
    result = ok(in_battle("    units: [{card: Scout, id: scout, at: bob.p1}]\n    hand: [Misty Marsh]\n",
                          "    units: [{card: Foe, id: foe, at: bob.p1}]\n", cards,
                          "  - action: {by: alice, card: Misty Marsh, ability: 1}\n  - advance: attack/resolution\n",
                          "  - at: {misty-marsh: bob.p1}\n"))
    after = ok(in_battle("    units: [{card: Scout, id: scout, at: bob.p1}]\n    hand: [Misty Marsh]\n",
                         "    units: [{card: Foe, id: foe, at: bob.p1}]\n", cards,
                         "  - action: {by: alice, card: Misty Marsh, ability: 1}\n  - advance: end_of_battle\n",
                         "  - at: {misty-marsh: discard}\n"))
    assert result and any("Terrain is discarded" in t for t in texts(after))


FORT = ("  - {title: Stone Wall, type: holding, cost: 1, keywords: [Fortification], effects: [{ability: battle, "
        "do: [{gain_honor: {amount: 1}}]}]}\n")


def test_a_fortification_attaches_to_its_province_unbowed():
    """CR Fortification: Recruited as normal, attached to the Province it came from, enters play
    unbowed (Ivory)."""
    ok(run(board(two_players(alice="    provinces: [{card: Stone Wall, face: up, id: wall}, {}, {}, {}]\n"),
                 at="dynasty", cards=FORT, script="  - recruit: {by: alice, card: alice.p1}\n",
                 expect="  - unbowed: [wall]\n  - at: {wall: home}\n")))


def test_a_fortification_works_only_at_its_own_battlefield_and_goes_with_its_province():
    """CR Fortification: in battle its abilities work only if attached to the current battlefield's
    Province; it is destroyed with its Province."""
    cards = FORT + person("Ogre", f=20) + person("Foe")
    bob = ("    provinces: [{strength: 2, fortifications: [{card: Stone Wall, id: near}]}, "
           "{fortifications: [{card: Stone Wall, id: far}]}, {}, {}]\n    units: [{card: Foe, id: foe, at: bob.p1}]\n")
    ok(in_battle("    units: [{card: Ogre, id: ogre, at: bob.p1}]\n", bob, cards,
                 "  - action: {by: bob, card: far, ability: 1}\n  - action: {by: bob, card: near, ability: 1}\n"
                 "  - advance: end_of_battle\n",
                 "  - rejected: {step: 1, reason: location}\n  - honor: {bob: 11}\n"
                 "  - province_destroyed: [bob.p1]\n  - destroyed: [near]\n"))


# ----- Attachment limits (armor, weapon, kensai, two-handed, spell) -----------------------------------
ARMS = (person("Bearer") + person("Kensai Master", keywords="[Kensai]") + person("Plain")
        + card("Plate", "item", force="'+1'", cost=0, keywords="[Armor]")
        + card("Sword", "item", force="'+1'", cost=0, keywords="[Weapon]")
        + card("Greatsword", "item", force="'+2'", cost=0, keywords="[Weapon, Two-handed]")
        + card("Fireball", "spell", cost=0))


@pytest.mark.parametrize("units,equip,reason", [
    ("{card: Bearer, id: b, attach: [Plate]}", "Plate", "restricted"),            # one Armor (armor)
    ("{card: Bearer, id: b, attach: [Sword]}", "Sword", "restricted"),            # one Weapon (weapon)
    ("{card: Kensai Master, id: b, attach: [Sword]}", "Sword", None),             # a Kensai: two (kensai)
    ("{card: Kensai Master, id: b, attach: [Sword]}", "Greatsword", "restricted"),  # two-handed
    ("{card: Plain, id: b}", "Fireball", "restricted"),                           # Spells need a Shugenja
])
def test_attachment_limits(units, equip, reason):
    result = run(board(two_players(alice=f"    units: [{units}]\n    hand: [{equip}]\n"), cards=ARMS,
                       script=f"  - equip: {{by: alice, card: {equip}, to: b}}\n",
                       expect=(f"  - rejected: {{step: 1, reason: {reason}}}\n" if reason else
                               f"  - at: {{{equip.lower()}: home}}\n")))
    ok(result)


# ----- Continuous and triggered traits (continuous-traits, triggered-traits) --------------------------
def test_a_conditional_continuous_trait_follows_its_condition():
    """CR Continuous traits and "When" triggers: "+2F while bowed" applies when he bows."""
    trait = "[{static: {kind: stat, stat: force, amount: 2, while: {card: self, is: [bowed]}}}]"
    cards = person("Stubborn", f=1, effects=trait)
    ok(run(board(two_players(alice="    units: [{card: Stubborn, id: s}, {card: Stubborn, id: t}]\n"), cards=cards,
                 script="  - effect: {by: alice, do: {bow: {target: s}}}\n",
                 expect="  - force: {s: 3, t: 1}\n")))


def test_a_continuous_trait_on_other_cards_and_its_negation():
    """CR Continuous traits: "Your Samurai each have +1F" while the card is in play; negated, it stops."""
    trait = ("[{static: {kind: stat, stat: force, amount: 1, target: {all: {side: your, type: [personality], "
             "keywords: [Samurai]}}}}]")
    cards = card("Dojo", "holding", cost=1, effects=trait) + person("Bushi", f=2, keywords="[Samurai]") + person("Monk", f=2)
    alice = "    holdings: [{card: Dojo, id: dojo}]\n    units: [{card: Bushi, id: b}, {card: Monk, id: m}]\n"
    ok(run(board(two_players(alice=alice, bob="    units: [{card: Bushi, id: enemy}]\n"), cards=cards,
               expect="  - force: {b: 3, m: 2, enemy: 2}\n")))
    ok(run(board(two_players(alice=alice), cards=cards, script="  - effect: {by: bob, do: {negate: {target: dojo}}}\n",
                 expect="  - force: {b: 2}\n")))


@pytest.mark.parametrize("event,whose,script,honor", [
    ("enters_play", "self", "  - recruit: {by: alice, card: alice.p1}\n", 10),
    ("destroyed", "any", "  - effect: {by: bob, do: {destroy: {target: victim}}}\n", 10),
    ("equipped", "your", "  - equip: {by: alice, card: Spear, to: victim}\n", 10),
    ("honor_lost", "your", "  - effect: {by: bob, do: {lose_honor: {player: alice, amount: 1}}}\n", 9),
    ("bows", "any", "  - effect: {by: bob, do: {bow: {target: victim}}}\n", 10),
    ("recruited", "self", "  - recruit: {by: alice, card: alice.p1}\n", 10),
    ("honor_gained", "your", "  - effect: {by: alice, do: {gain_honor: {player: alice, amount: 3}}}\n", 9),
    ("attacks", "your", "  - declare_attack: alice\n  - assign: {by: alice, units: [victim], to: bob.p1}\n", 10),
])
def test_triggered_traits_on_game_events(event, whose, script, honor):
    """CR Triggered traits: a trait triggers every time its trigger occurs while its card is in play."""
    gain = "lose_honor: {amount: 2}" if event == "honor_gained" else "gain_honor: {amount: 2}"
    trait = f"[{{trigger: {{when: after, event: {event}, whose: {whose}, do: [{{{gain}}}]}}}}]"
    cards = person("Watcher", cost=0, effects=trait) + person("Victim") + card("Spear", "follower", force=1, cost=0)
    if whose == "self":
        alice, at = "    provinces: [{card: Watcher, face: up}, {}, {}, {}]\n", "dynasty"
    else:
        alice = "    units: [{card: Watcher, id: watcher}, {card: Victim, id: victim}]\n    hand: [Spear]\n"
        at = "attack/declaration" if event == "attacks" else "action"
    result = ok(run(board(two_players(alice=alice), at=at, cards=cards, script=script,
                          expect=f"  - honor: {{alice: {honor}}}\n")))
    assert any(t.startswith("Watcher triggers") for t in texts(result))


def test_a_trait_that_triggers_itself_forever_stops_at_the_budget():
    """An endless loop of triggers ("after you gain Honor, gain 1 Honor") ends the replay with a
    message rather than a crash."""
    trait = "[{trigger: {when: after, event: honor_gained, whose: your, do: [{gain_honor: {amount: 1}}]}}]"
    result = run(board(two_players(alice="    holdings: [{card: Loop, id: loop}]\n"),
                       cards=card("Loop", "holding", cost=1, effects=trait),
                       script="  - effect: {by: alice, do: {gain_honor: {player: alice, amount: 1}}}\n"))
    assert result["stopped"] and "triggers" in result["stopped"]


def test_a_trait_triggered_by_battle_resolution():
    trait = "[{trigger: {when: after, event: battle_resolves, do: [{draw: {amount: 1}}]}}]"
    cards = person("Chronicler", f=3, effects=trait) + person("Foe", f=1)
    ok(in_battle("    units: [{card: Chronicler, id: c, at: bob.p1}]\n    hand: []\n",
                 "    units: [{card: Foe, id: foe, at: bob.p1}]\n", cards, "  - advance: end_of_battle\n",
                 "  - destroyed: [foe]\n  - hand: {alice: 1}\n"))


def test_destined_and_expendable_draw():
    """CR Destined (after it enters play) and Expendable (after it is destroyed): draw a card."""
    cards = person("Herald", cost=0, keywords="[Destined]") + person("Pawn", keywords="[Expendable]")
    ok(run(board(two_players(alice="    units: [{card: Pawn, id: pawn}]\n    provinces: [{card: Herald, face: up}, {}, {}, {}]\n"),
                 at="dynasty", cards=cards,
                 script="  - recruit: {by: alice, card: alice.p1}\n  - effect: {by: bob, do: {destroy: {target: pawn}}}\n",
                 expect="  - hand: {alice: 2}\n")))


# ----- Prevention that lasts (prevention, chi-death-rule) ----------------------------------------------
def test_will_not_be_destroyed_this_turn_lasts_and_stops_chi_death():
    """CR Prevention and Chi Death Rule: a lasting "will not be destroyed" stops every destruction,
    Chi death included; a single-instance prevention does not stop Chi death."""
    cards = person("Stalwart", c=2)
    alice = "    units: [{card: Stalwart, id: s}, {card: Stalwart, id: t}]\n"
    ok(run(board(two_players(alice=alice), cards=cards,
                 script="  - effect: {by: alice, do: {prevent: {target: s, what: destroyed, until: end_of_turn}}}\n"
                        "  - effect: {by: bob, do: {destroy: {target: s}}}\n"
                        "  - effect: {by: bob, do: {destroy: {target: s}}}\n"
                        "  - effect: {by: bob, do: {chi: {target: s, amount: -5}}}\n"
                        "  - effect: {by: alice, do: {prevent: {target: t, what: destroyed}}}\n"
                        "  - effect: {by: bob, do: {chi: {target: t, amount: -5}}}\n",
                 expect="  - at: {s: home}\n  - destroyed: [t]\n")))


# ----- Choices (choices, maximum-hand-size, drawing-and-discarding-fate-cards) ---------------------------
HAND = card("Spare Scroll", "strategy", focus=1) + card("Keeper Scroll", "strategy", focus=1)


def test_discarding_down_to_the_maximum_hand_size_by_choice():
    """CR Drawing and discarding Fate cards: over the maximum hand size of 8, the player discards;
    the discard: step chooses which."""
    hand = "[" + ", ".join(["Keeper Scroll"] * 8) + ", Spare Scroll]"
    result = ok(run(board(two_players(alice=f"    hand: {hand}\n    fate_deck: 5\n"), at="end", cards=HAND,
                          script="  - discard: {by: alice, cards: [Spare Scroll, Keeper Scroll]}\n",
                          expect="  - hand: {alice: 8}\n  - at: {spare-scroll: discard}\n")))
    assert any("discards Spare Scroll" in t for t in texts(result))


def test_the_engine_says_which_card_it_discards_when_the_script_does_not():
    hand = "[" + ", ".join(["Keeper Scroll"] * 8) + ", Spare Scroll]"
    result = ok(run(board(two_players(alice=f"    hand: {hand}\n    fate_deck: 5\n"), at="end", cards=HAND,
                          script="  - advance: end_of_turn\n", expect="  - hand: {alice: 8}\n")))
    assert any("engine discards the last cards in hand" in t for t in texts(result))


def test_choose_answers_an_or_effect():
    """CR Choices: an alternative effect ("+1F or +1C") is the acting player's choice."""
    ability = ("[{ability: open, do: [{choose: {options: [{word: force, do: [{force: {amount: 1}}]}, "
               "{word: chi, do: [{chi: {amount: 1}}]}]}}]}]")
    cards = person("Versatile", f=2, c=2, effects=ability)
    ok(run(board(two_players(alice="    units: [{card: Versatile, id: v}]\n"), cards=cards,
               script="  - action: {by: alice, card: v, ability: 1, choose: [chi]}\n",
               expect="  - force: {v: 2}\n  - chi: {v: 3}\n")))


# ----- advance, multiplayer ---------------------------------------------------------------------------
def test_advance_to_where_the_game_is_does_nothing():
    result = ok(run(board(two_players(), at="dynasty", script="  - advance: dynasty\n", expect="  - honor: {alice: 8}\n")))
    assert result["steps"] == []


THREE = (f"  alice:\n    stronghold: {KEEP}\n    honor: 8\n    units: [{{card: Raider, id: raider, at: bob.p1}}]\n"
         f"  bob:\n    stronghold: {CASTLE}\n    honor: 10\n    units: [{{card: Keeper, id: keeper, at: bob.p1}}]\n"
         f"  carol:\n    stronghold: {KEEP}\n    honor: 9\n    units: [{{card: Ally, id: ally, at: bob.p1, side: {{side}}}}]\n")


@pytest.mark.parametrize("side,winner,dead", [("attacking", "alice", "[keeper]"), ("defending", "bob", "[raider]")])
def test_an_allys_units_count_and_die_with_their_side(side, winner, dead):
    """A third player's units assigned to a side count in its army and are destroyed with it; the
    Honor goes to the leaders (Battle Resolution)."""
    cards = person("Raider", f=3) + person("Keeper", f=3) + person("Ally", f=2)
    ok(run(board(THREE.replace("{side}", side), at="attack/combat", extra="battlefield: bob.p1",
                 cards=cards, script="  - advance: end_of_battle\n",
                 expect=f"  - battle: {{at: bob.p1, winner: {winner}}}\n  - destroyed: {dead}\n"
                        "  - honor: {carol: 9}\n")))


def test_an_ally_dies_when_her_side_loses():
    cards = person("Raider", f=1) + person("Keeper", f=5) + person("Ally", f=2)
    ok(run(board(THREE.replace("{side}", "attacking"), at="attack/combat", extra="battlefield: bob.p1", cards=cards,
                 script="  - advance: end_of_battle\n",
                 expect="  - destroyed: [raider, ally]\n  - honor: {bob: 14}\n")))


def test_an_ally_assigns_after_the_attacker():
    """Maneuvers with allies: the Attacker, then attacking allies, then the Defender."""
    cards = person("Raider", f=3) + person("Keeper", f=3) + person("Ally", f=2)
    players = THREE.replace(", at: bob.p1", "").replace(", side: {side}", "")
    result = ok(run(board(players, at="attack/declaration", cards=cards,
                          script="  - declare_attack: {by: alice, against: bob}\n"
                                 "  - assign: {by: alice, units: [raider], to: bob.p1}\n"
                                 "  - assign: {by: carol, units: [ally], to: bob.p1, side: attacking}\n"
                                 "  - assign: {by: bob, units: [keeper], to: bob.p1}\n  - fight: bob.p1\n"
                                 "  - advance: end_of_battle\n",
                          expect="  - battle: {at: bob.p1, winner: alice}\n  - destroyed: [keeper]\n")))
    assert any("assigns Ally to attack bob.p1 (an ally)" in t for t in texts(result))


# ----- The Twenty Festivals rules (rules: twenty-festivals; the seven "Changes from Ivory Edition") ---------
TF = "rules: twenty-festivals"


def test_twenty_festivals_fortifications_enter_bowed_and_cite_that_edition():
    """TF CR Fortification: Fortifications enter play bowed (change 5)."""
    result = ok(run(board(two_players(alice="    provinces: [{card: Stone Wall, face: up, id: wall}, {}, {}, {}]\n"),
                          at="dynasty", cards=FORT, extra=TF, script="  - recruit: {by: alice, card: alice.p1}\n",
                          expect="  - bowed: [wall]\n")))
    assert all(c["doc"] == "twenty-festivals-cr" for s in result["steps"] for c in s["cites"])


def test_twenty_festivals_holding_gold_production_is_a_stat():
    """TF CR Holding Gold Production (change 1): a Holding bows to produce its Gold Production stat."""
    cards = (card("Rice Paddy", "holding", cost=2, gold_production=3)
             + card("Gift", "strategy", text="'<b>Limited, :g3::</b> Gain 1 Honor.'"))
    for rules, expect in (("", "  - honor: {alice: 9}\n"), (TF, "  - honor: {alice: 9}\n  - bowed: [paddy]\n")):
        ok(run(board(two_players(alice="    hand: [Gift]\n    holdings: [{card: Rice Paddy, id: paddy}]\n"),
                     cards=cards, extra=rules, script="  - action: {by: alice, card: Gift, pay: [paddy]}\n",
                     expect=expect)))


def test_twenty_festivals_chooses_targets_before_interrupts():
    """TF CR Action Sequence step C (change 4): targets are chosen after costs, before Interrupts."""
    cards = person("Archer", text="'<b>Battle:</b> Bow target enemy Personality.'") + person("Foe") + \
        card("Quick Step", "strategy", text="'<b>Interrupt:</b> Gain 1 Honor.'")
    result = ok(in_battle("    units: [{card: Archer, id: archer, at: bob.p1}]\n",
                          "    units: [{card: Foe, id: foe, at: bob.p1}]\n    hand: [Quick Step]\n", cards,
                          "  - pass: bob\n  - action: {by: alice, card: archer, ability: 1, targets: [foe], "
                          "interrupts: [{by: bob, card: Quick Step}]}\n", "  - bowed: [foe]\n", extra=TF))
    lines = texts(result)
    chosen = next(i for i, t in enumerate(lines) if "chooses the action's targets: foe" in t)
    assert chosen < next(i for i, t in enumerate(lines) if "plays Quick Step" in t)


def test_twenty_festivals_recruit_and_equip_target_what_they_bring():
    """TF CR Recruit and Equip (change 3): they target the card they bring into play, chosen in
    step C before Interrupts; under Ivory the card is not targeted."""
    cards = person("Recruit Me", cost=2) + card("Katana", "item", force="'+2'", cost=0) + person("Holder", f=2) + \
        card("Quick Step", "strategy", text="'<b>Interrupt:</b> Gain 1 Honor.'")
    alice = "    provinces: [{card: Recruit Me, face: up}, {}, {}, {}]\n    hand: [Katana]\n" \
            "    units: [{card: Holder, id: holder}]\n"
    script = ("  - recruit: {by: alice, card: alice.p1, interrupts: [{by: bob, card: Quick Step}]}\n"
              "  - advance: action\n  - equip: {by: alice, card: Katana, to: holder}\n")
    for rules in ("", TF):
        result = ok(run(board(two_players(alice=alice, bob="    hand: [Quick Step]\n"), at="dynasty", cards=cards,
                              extra=rules, script=script, expect="  - at: {recruit-me: home}\n  - force: {holder: 4}\n")))
        lines = texts(result)
        chosen = [t for t in lines if "chooses the action's targets" in t]
        if rules:
            assert chosen == ["Alice chooses the action's targets: Recruit Me (Recruit targets the card it brings "
                              "into play)",
                              "Alice chooses the action's targets: Katana and Holder (Equip targets the card it "
                              "brings into play)"]
            assert lines.index(chosen[0]) < next(i for i, t in enumerate(lines) if "plays Quick Step" in t)
        else:
            assert chosen == []


def test_legacy_is_a_twenty_festivals_ability():
    """TF CR Legacy (change 7): remove a card in hand to search for a Legacy Holding and Recruit it;
    failing to find one loses the game."""
    cards = card("Ancestral Estate", "holding", cost=0, keywords="[Legacy]") + card("Spare", "strategy", focus=1)
    alice = "    hand: [Spare]\n    dynasty_deck: [Ancestral Estate]\n"
    ok(run(board(two_players(alice=alice), at="dynasty", cards=cards, extra=TF,
                 script="  - action: {by: alice, rulebook: legacy}\n",
                 expect="  - at: {ancestral-estate: home, spare: removed}\n")))
    ok(run(board(two_players(alice="    hand: [Spare]\n    dynasty_deck: 0\n"), at="dynasty", cards=cards, extra=TF,
                 script="  - action: {by: alice, rulebook: legacy}\n", expect="  - winner: bob\n")))
    ok(run(board(two_players(alice=alice), at="dynasty", cards=cards,
                 script="  - action: {by: alice, rulebook: legacy}\n",
                 expect="  - rejected: {step: 1, reason: restricted}\n")))
