"""Property test: generated positions and scripts, drawing effects from the whole registry,
replay without breaking the rules' invariants, checked after every timeline step.

Invariants: the replay never raises; after every step every card is in exactly one place
(``zones.audit``); every Honor change is carried by a recorded step; bowed cards add no
Force in battle resolution.
"""
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from judgeapp.engine import load, replay
from judgeapp.engine.registry import REGISTRY
from judgeapp.engine.zones import audit

from .strategies import effect, positions


@settings(max_examples=len(REGISTRY) * 5, deadline=None)
@given(st.data())
def test_every_primitive_has_arguments(data):
    """Every registered primitive can be drawn (the strategy validates what it builds)."""
    for name in sorted(REGISTRY):
        assert next(iter(data.draw(effect(name)))) == name


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(positions())
def test_replays_keep_the_invariants(position):
    game, script, expect = load(yaml.safe_load(yaml.safe_dump(position)), lambda t, level: None)
    start = {name: p.honor for name, p in game.players.items()}
    problems = []

    def after_step(g, entry):
        found = audit(g)
        if found:
            problems.append((entry["text"], found))
        if "counted" in entry:
            counted = {cid for ids in entry["counted"].values() for cid in ids}
            bowed = {cid for cid in counted if g.cards[cid].bowed}
            if bowed:
                problems.append((entry["text"], f"bowed cards counted: {bowed}"))

    game.timeline.observer = after_step
    result = replay(game, script, expect, keep_states=False)
    assert problems == []
    for name, honor in start.items():
        recorded = sum(c["honor"][1] - c["honor"][0] for s in result["steps"] for c in s["changes"]
                       if c.get("player") == name and "honor" in c)
        assert honor + recorded == game.players[name].honor


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(REGISTRY)).flatmap(effect), positions())
def test_each_primitive_applies_cleanly(do, position):
    """Each primitive, stated as a judge's effect on a generated board, keeps the board whole."""
    position["script"] = [{"effect": {"by": "alice", "do": do}}]
    game, script, expect = load(yaml.safe_load(yaml.safe_dump(position)), lambda t, level: None)
    replay(game, script, expect)
    assert audit(game) == []
