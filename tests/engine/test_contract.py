"""The contract (POSITION-FORMAT.md): its two examples, and every key of its other blocks,
including the section "Additions (contract 1.1)"."""
import re
from pathlib import Path

import pytest
import yaml
from django.conf import settings

from judgeapp.positions import service

from .helpers import failed

DOC = Path(settings.L5R_CORPUS_DIR).resolve().parent / "docs" / "POSITION-FORMAT.md"
pytestmark = pytest.mark.django_db
KEEP = "{title: Test Keep, type: stronghold, strength: 6, production: 5, starting_honor: 6}"
CASTLE = "{title: Test Castle, type: stronghold, strength: 6, production: 5, starting_honor: 7}"


@pytest.fixture(scope="module")
def blocks():
    assert DOC.is_file(), f"the contract is missing: {DOC}"
    found = re.findall(r"```yaml\n(.*?)```", DOC.read_text(), re.S)
    assert len(found) == 8
    return found


def steps_of(block: str) -> list[dict]:
    return yaml.safe_load(block)["script"]


@pytest.mark.parametrize("index", [6, 7], ids=["battle-resolves", "two-timing-points"])
def test_contract_examples_pass(blocks, index):
    result = service.replay(blocks[index])
    assert result["expectations"] and all(e["ok"] for e in result["expectations"]), result["expectations"]
    assert all(c["url"].startswith("/rules/ivory-cr/") for s in result["steps"] for c in s["cites"])


def test_every_key_of_the_position_script_and_expect_blocks_is_accepted(blocks):
    """The first block names cards the database does not have as written ("The Kaiu Wall" is "The
    Kaiu Walls"; there is no "Kaiu Forges"; "Hida Kisada" exists only Experienced and
    Inexperienced), so they are defined inline, as the contract allows."""
    position = blocks[0].replace("cards:                   #", """cards:
  - {title: The Kaiu Wall, type: stronghold, strength: 8, production: 6, starting_honor: 5, clan: Crab}
  - {title: Kaiu Forges, type: holding, cost: 4, text: "Bow this card: Produce 2 Gold."}
  - {title: Hida Kisada, type: personality, force: 4, chi: 4, honor: 5, cost: 10, ph: 3, clan: Crab}
#""", 1)
    text = position + "\n" + blocks[1] + "\n" + blocks[3]
    result = service.replay(text)
    kinds = {s["kind"] for s in result["steps"]}
    assert "rejected" in kinds  # the script's example ids (lmi, twisted-forest) do not exist in this board
    assert len(result["expectations"]) == 10
    assert {"expect", "ok", "actual"} <= set(result["expectations"][0])


def test_effect_examples_are_accepted(blocks):
    lines = [line.split("#")[0].strip() for line in blocks[2].splitlines() if line.startswith("do:")]
    assert len(lines) == 9
    for line in lines:
        do = line[len("do: "):]
        text = blocks[6].split("script:")[0] + f"script:\n  - effect: {{by: alice, do: {do}}}\n"
        text = text.replace("target: ogre", "target: bushi").replace("target: lmi", "target: defender")
        result = service.replay(text)
        assert result["steps"] and not any(s["kind"] == "rejected" for s in result["steps"]), line


# ----- Additions (contract 1.1): each script line of the block, in a board where it applies -----------
ADDITION_CARDS = """
cards:
  - {title: Amorie, type: personality, force: 3, chi: 2, honor: 0, cost: 4, ph: 1, keywords: [Cavalry]}
  - {title: Kenaro, type: personality, force: 2, chi: 2, honor: 0, cost: 4, ph: 1, keywords: [Tactician]}
  - {title: Defender, type: personality, force: 1, chi: 2, honor: 0, cost: 4, ph: 1}
  - {title: Archers, type: follower, force: 1, cost: 1}
  - {title: Heavy Scroll, type: strategy, focus: 3}
  - {title: Spare Scroll, type: strategy, focus: 1}
  - {title: Tono, type: personality, force: 2, chi: 2, honor: 5, cost: 6, ph: 2, clan: Crab}
  - {title: Tono, level: Experienced, type: personality, force: 5, chi: 4, honor: 15, cost: 11, ph: 3, clan: Crab}
  - {title: Swordsman, type: personality, force: 2, chi: 3, honor: 0, cost: 4, ph: 1, effects: [{ability: battle,
     targets: [{side: enemy, what: personality}], do: [{duel: {challenger: self, challenged: 1,
     loser: {do: {destroy: {target: loser}}}}}]}]}
  - {title: Guard, type: personality, force: 2, chi: 3, honor: 0, cost: 4, ph: 1}
  - {title: Swift Parry, type: strategy, focus: 2}
  - {title: Quiet Mind, type: strategy, focus: 1}
  - {title: Deck Card, type: strategy, focus: 3}
  - {title: X, type: strategy, effects: [{ability: interrupt, do: [{gain_honor: {amount: 1}}]}]}
"""


def addition(block_line: dict, at: str, alice: str, bob: str, expect: str, extra: str = "") -> dict:
    script = yaml.safe_dump([block_line], default_flow_style=True).strip()
    text = (f"l5r-position: 1\nactive: alice\nat: {at}\n{extra}\n{ADDITION_CARDS}players:\n"
            f"  alice:\n    stronghold: {KEEP}\n    honor: 10\n{alice}"
            f"  bob:\n    stronghold: {CASTLE}\n    honor: 10\n{bob}script: {script}\nexpect:\n{expect}")
    result = service.replay(text)
    assert failed(result) == [], (block_line, result["expectations"], [s["text"] for s in result["steps"]])
    return result


def test_addition_ignores_honor_requirements(blocks):
    board = yaml.safe_load(blocks[4])["players"]["alice"]
    assert board == {"ignores_honor_requirements": True}
    addition({"recruit": {"by": "alice", "card": "alice.p1"}}, "dynasty",
             "    ignores_honor_requirements: true\n    honor: 1\n    clan: Crab\n    gold: 6\n"
             "    provinces: [{card: Tono, face: up, id: young}, {}, {}, {}]\n", "",
             "  - at: {young: home}\n")


def test_additions_script_lines(blocks):
    lines = steps_of(blocks[4])
    assert [next(iter(s)) for s in lines] == ["action", "action", "recruit", "action", "discard"]
    cavalry, tactical, overlay, duel_line, discard = lines
    addition(cavalry, "attack/engage", "    units: [{card: Amorie, id: amorie}, {card: Kenaro, id: kenaro, at: bob.p1}]\n",
             "    units: [{card: Defender, id: defender, at: bob.p1}]\n", "  - at: {amorie: bob.p1}\n",
             extra="battlefield: bob.p1")
    addition(tactical, "attack/combat", "    units: [{card: Kenaro, id: kenaro, at: bob.p1}]\n    hand: [Heavy Scroll]\n",
             "    units: [{card: Defender, id: defender, at: bob.p1}]\n",
             "  - force: {kenaro: 5}\n  - at: {heavy-scroll: discard}\n", extra="battlefield: bob.p1")
    addition(overlay, "dynasty", "    units: [{card: Tono, id: tono}]\n"
                                 "    provinces: [{card: Tono (Experienced), face: up}, {}, {}, {}]\n", "",
             "  - force: {tono: 5}\n  - at: {tono: home}\n")
    result = addition(duel_line, "attack/combat", "    units: [{card: Swordsman, id: swordsman, at: bob.p1}]\n"
                                                  "    hand: [Quiet Mind]\n",
                      "    units: [{card: Guard, id: guard, at: bob.p1}]\n    hand: [Swift Parry]\n"
                      "    fate_deck: [Deck Card]\n",
                      "  - duel: {winner: guard, loser: [swordsman]}\n  - destroyed: [swordsman]\n",
                      extra="battlefield: bob.p1")
    assert any("8" in s["text"] and "Duel resolution" in s["text"] for s in result["steps"])
    hand = "[" + ", ".join(["Heavy Scroll"] * 8) + ", Spare Scroll]"
    addition(discard, "end", f"    hand: {hand}\n", "", "  - hand: {alice: 8}\n  - at: {spare-scroll: discard}\n")


def test_additions_expectations(blocks):
    """Every expectation key of the 1.1 block, checked on a battle where each holds."""
    expects = yaml.safe_load(blocks[4])["expect"]
    assert [next(iter(e)) for e in expects] == ["winner", "destroyed", "duel", "hand", "gold", "at"]
    assert set(expects[0]) == {"winner", "how"}
    text = f"""l5r-position: 1
active: alice
at: attack/combat
battlefield: bob.p1
turn: 3
{ADDITION_CARDS}players:
  alice:
    stronghold: {KEEP}
    honor: 38
    hand: [Heavy Scroll, Heavy Scroll, Heavy Scroll, Heavy Scroll, Heavy Scroll, Heavy Scroll, Heavy Scroll]
    fate_deck: [Spare Scroll]
    units: [{{card: Kenaro, id: kenaro, at: bob.p1}}]
  bob:
    stronghold: {CASTLE}
    honor: 10
    units: [{{card: Defender, id: defender, at: bob.p1, attach: [{{card: Archers, id: archers}}]}}]
script:
  - action: {{by: alice, card: kenaro, rulebook: tactical_advantage, discard: Heavy Scroll}}
  - advance: next_turn
  - advance: end_of_turn
  - advance: next_turn
expect:
  - winner: alice
    how: honor
  - destroyed: [defender, archers]
  - hand: {{alice: 7}}
  - gold: {{alice: 0}}
  - at: {{heavy-scroll: discard}}
  - {{winner: {{winner: alice, how: honor}}}}
"""
    result = service.replay(text)
    assert failed(result) == [], result["expectations"]


def test_more_choices_and_checks(blocks):
    lines = steps_of(blocks[5])
    assert [next(iter(s)) for s in lines] == ["recruit", "action", "duel"]
    expects = yaml.safe_load(blocks[5])["expect"]
    assert [next(iter(e)) for e in expects] == ["dishonored", "stat", "keywords", "tokens", "favor", "duel"]
    cards = """
cards:
  - {title: Kenji, type: personality, force: 2, chi: 2, honor: 0, cost: 2, ph: 3, keywords: [Cavalry], effects: [
     {trigger: {when: after, event: enters_play, whose: self, do: [{gain_honor: {amount: 1}}]}}]}
  - {title: X, type: strategy, effects: [{ability: interrupt, do: [{gain_honor: {amount: 1}}]}]}
  - {title: Y, type: personality, force: 1, chi: 2, honor: 0, cost: 2, ph: 1, effects: [{ability: open, do: [{choose:
     {options: [{word: force, do: [{force: {amount: 1}}]}, {word: chi, do: [{chi: {amount: 1}}]}]}}]}]}
"""
    text = f"""l5r-position: 1
active: alice
at: action
favor: alice
{cards}players:
  alice:
    stronghold: {KEEP}
    honor: 10
    units: [{{card: Kenji, id: kenji, dishonored: true, tokens: {{Force: 2}}}}, {{card: Y, id: y}}]
  bob:
    stronghold: {CASTLE}
    honor: 10
    hand: [X]
script:
  - action: {{by: alice, card: y, ability: 1, choose: [force]}}
  - duel: {{refuse: true}}
expect:
  - dishonored: [kenji]
  - stat: {{kenji: {{personal_honor: 0, focus: 0}}, y: {{force: 2}}}}
  - keywords: {{kenji: [Cavalry]}}
  - tokens: {{kenji: {{Force: 2}}}}
  - favor: alice
"""
    assert failed(service.replay(text)) == []
    invested = addition(lines[0], "dynasty",
                        "    provinces: [{}, {card: {title: Patron, type: personality, force: 1, chi: 2, honor: 0, "
                        "cost: 1, ph: 1, effects: [{invest: 2, do: [{gain_honor: {amount: 3}}]}]}, face: up, id: patron}, "
                        "{}, {}]\n", "    hand: [X]\n    units: [{card: Guard, id: x-guard}]\n",
                        "  - at: {patron: home}\n  - honor: {alice: 13, bob: 11}\n")
    assert any("Investing" in s["text"] for s in invested["steps"])
