"""Every gallery position replays with all its expectations passing."""
import pytest

from judgeapp.positions import gallery, service

pytestmark = pytest.mark.django_db
ENTRIES = gallery.entries()


def test_gallery_has_at_least_twelve_positions():
    assert len(ENTRIES) >= 12


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["slug"] for e in ENTRIES])
def test_gallery_position(entry):
    result = service.replay(entry["text"], states=True)
    assert result["expectations"], "a gallery position states what it shows"
    assert [e for e in result["expectations"] if not e["ok"]] == []
    assert len(result["states"]) == len(result["steps"])
    for step in result["steps"]:
        assert step["cites"] or step["kind"] == "pass" or step["text"].startswith("Replay stopped")
        for c in step["cites"]:
            assert c.get("text"), f"cited section {c['section']} was not found in the rules lookup"
