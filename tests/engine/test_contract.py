"""The contract (POSITION-FORMAT.md): its two examples, and every key of its other blocks."""
import re
from pathlib import Path

import pytest
from django.conf import settings

from judgeapp.positions import service

DOC = Path(settings.L5R_CORPUS_DIR).resolve().parent / "docs" / "POSITION-FORMAT.md"
pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def blocks():
    assert DOC.is_file(), f"the contract is missing: {DOC}"
    found = re.findall(r"```yaml\n(.*?)```", DOC.read_text(), re.S)
    assert len(found) == 6
    return found


@pytest.mark.parametrize("index", [4, 5], ids=["battle-resolves", "two-timing-points"])
def test_contract_examples_pass(blocks, index):
    result = service.replay(blocks[index])
    assert result["expectations"] and all(e["ok"] for e in result["expectations"]), result["expectations"]
    assert all(c["url"].startswith("/rules/ivory-cr/") for s in result["steps"] for c in s["cites"])


def test_every_key_of_the_position_script_and_expect_blocks_is_accepted(blocks):
    """The first block names three cards the database does not have as written ("The Kaiu Wall" is
    "The Kaiu Walls"; there is no "Kaiu Forges"; "Hida Kisada" exists only Experienced and
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
        text = blocks[4].split("script:")[0] + f"script:\n  - effect: {{by: alice, do: {do}}}\n"
        text = text.replace("target: ogre", "target: bushi").replace("target: lmi", "target: defender") \
            .replace("to: bob.p2", "to: bob.p2")
        result = service.replay(text)
        assert result["steps"], line
