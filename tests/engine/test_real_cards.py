"""Positions that use real database cards with no inline text: the engine reads each card's
printed text (or its reviewed override) and every expectation is worked out from that text and
the Ivory CR (the sections are cited in each file)."""
from pathlib import Path

import pytest
import yaml

from judgeapp.positions import service

from .helpers import failed

pytestmark = pytest.mark.django_db
POSITIONS = sorted((Path(__file__).parent / "real_cards").glob("*.yaml"))


@pytest.mark.parametrize("path", POSITIONS, ids=[p.stem for p in POSITIONS])
def test_real_card_position(path):
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    assert "cards" not in data, "real-card positions state no card inline"
    result = service.replay(text)
    assert failed(result) == [], result["expectations"]
    expected = {e["rejected"]["step"] for e in data.get("expect") or [] if "rejected" in e}
    rejected = [s for s in result["steps"] if s["kind"] == "rejected"]
    assert len(rejected) == len(expected), [s["text"] for s in rejected]


def test_there_are_forty_real_card_positions():
    assert len(POSITIONS) >= 40


def test_a_card_that_cannot_gain_a_keyword_lacks_it():
    """58-utaku-saiken: the Tessen gives Cavalry and Tactician; Saiken's own trait keeps Cavalry away, so
    expecting Cavalry on him must fail while Koizumi has it (continuous-traits)."""
    text = (Path(__file__).parent / "real_cards" / "58-utaku-saiken.yaml").read_text(encoding="utf-8")
    result = service.replay(text.replace("saiken: [Tactician]", "saiken: [Cavalry]"))
    assert [e["actual"] for e in failed(result)] == [{"saiken": [], "koizumi": ["Cavalry", "Tactician"]}]


def test_an_interrupt_for_another_kind_of_action_says_it_leaves_the_action_alone():
    """interrupts-ring-of-earth: "The Battle action cannot move Personalities" interrupting an Engage action changes
    nothing, and the step says why (interrupt-actions)."""
    result = service.replay((Path(__file__).parent / "real_cards" / "interrupts-ring-of-earth.yaml").read_text("utf-8"))
    said = [s for s in result["steps"] if "so it is not changed" in s["text"]]
    assert len(said) == 1 and "is not a Battle action" in said[0]["text"], [s["text"] for s in result["steps"]]
    assert [c["section"] for c in said[0]["cites"]] == ["interrupt-actions"]
