"""The site's documentation of the position format (judgeapp/positions/format.md): every
whole position in it replays with its expectations passing, and every snippet is valid."""
import re
from pathlib import Path

import pytest
import yaml

from judgeapp.engine.schema import parse_step
from judgeapp.positions import service

from .helpers import failed

DOC = Path(service.__file__).resolve().parent / "format.md"
BLOCKS = re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
POSITIONS = [b for b in BLOCKS if b.startswith("l5r-position: 1")]
pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("text", POSITIONS, ids=[f"position-{i}" for i in range(len(POSITIONS))])
def test_each_documented_position_replays(text):
    result = service.replay(text)
    assert result["expectations"] and failed(result) == [], result["expectations"]


def test_each_documented_snippet_is_valid():
    effects = [b for b in BLOCKS if b.startswith("- effect:")]
    assert effects, "the page shows stated effects"
    for i, step in enumerate(yaml.safe_load(effects[0])):
        parse_step(step, i)
    duel = next(b for b in BLOCKS if b.startswith("duel:"))
    parse_step({"duel": yaml.safe_load(duel)["duel"]}, 0)
    card = next(b for b in BLOCKS if b.startswith("cards:") and "effects:" in b)
    text = (f"l5r-position: 1\n{card}players:\n  alice: {{}}\n  bob: {{}}\n")
    assert service.replay(text)["steps"] == []
    assert len(POSITIONS) >= 2
