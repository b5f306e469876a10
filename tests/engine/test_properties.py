"""Property test: thousands of generated positions and scripts replay without breaking the rules' invariants.

Invariants: the replay never raises; every Honor change is carried by a recorded step;
every card is in exactly one place; bowed cards add no Force in battle resolution.
"""
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from judgeapp.engine import load, replay
from judgeapp.engine.game import audit

UNIT_IDS = [f"u{i}" for i in range(6)]
PLACES = ["home", "bob.p1", "bob.p2", "alice.p1"]


@st.composite
def positions(draw):
    cards = []
    units = {"alice": [], "bob": []}
    for i, uid in enumerate(UNIT_IDS):
        owner = "alice" if i % 2 == 0 else "bob"
        cards.append({"title": f"P{i}", "type": "personality", "force": draw(st.integers(0, 9)),
                      "chi": draw(st.integers(1, 4)), "honor": 0, "cost": 3, "ph": draw(st.integers(0, 3))})
        unit = {"card": f"P{i}", "id": uid, "at": draw(st.sampled_from(PLACES)), "bowed": draw(st.booleans()),
                "dishonored": draw(st.booleans())}
        if draw(st.booleans()):
            cards.append({"title": f"F{i}", "type": "follower", "force": draw(st.integers(0, 4)), "cost": 1})
            unit["attach"] = [{"card": f"F{i}", "id": f"f{i}", "bowed": draw(st.booleans())}]
        units[owner].append(unit)
    at = draw(st.sampled_from(["action", "attack/declaration", "attack/combat", "dynasty", "end"]))
    steps = []
    effect = st.sampled_from(["bow", "straighten", "destroy", "dishonor", "rehonor", "move_home", "force", "chi",
                              "gain_honor", "lose_honor", "ranged_attack", "fear", "prevent", "negate"])
    for _ in range(draw(st.integers(0, 12))):
        kind = draw(st.sampled_from(["advance", "effect", "assign", "declare_attack", "pass", "fight"]))
        if kind == "advance":
            steps.append({"advance": draw(st.sampled_from(["dynasty", "end_of_battle", "next_turn", "end_of_turn",
                                                           "attack/combat"]))})
        elif kind == "effect":
            name = draw(effect)
            target = draw(st.sampled_from(UNIT_IDS + [f"f{i}" for i in range(6)]))
            args = {"target": target}
            if name in ("force", "chi"):
                args["amount"] = draw(st.integers(-4, 4))
            if name in ("gain_honor", "lose_honor"):
                args = {"player": draw(st.sampled_from(["alice", "bob"])), "amount": draw(st.integers(0, 3))}
            if name in ("ranged_attack", "fear"):
                args["amount"] = draw(st.integers(0, 6))
            steps.append({"effect": {"by": "alice", "do": {name: args}}})
        elif kind == "assign":
            steps.append({"assign": {"by": draw(st.sampled_from(["alice", "bob"])),
                                     "units": draw(st.lists(st.sampled_from(UNIT_IDS), max_size=3)),
                                     "to": draw(st.sampled_from(["bob.p1", "bob.p2", "alice.p1"]))}})
        elif kind == "fight":
            steps.append({"fight": draw(st.sampled_from(["bob.p1", "bob.p2", "bob.p3"]))})
        else:
            steps.append({kind: draw(st.sampled_from(["alice", "bob"]))})
    position = {"l5r-position": 1, "active": "alice", "at": at, "cards": cards, "players": {}, "script": steps}
    if at == "attack/combat":
        position["battlefield"] = "bob.p1"
    for name in ("alice", "bob"):
        position["players"][name] = {
            "stronghold": {"title": f"{name} keep", "type": "stronghold", "strength": draw(st.integers(0, 8)),
                           "production": 4, "starting_honor": 5},
            "honor": draw(st.integers(-19, 39)), "units": units[name]}
    return position


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_replays_keep_the_invariants(position):
    game, script, expect = load(yaml.safe_load(yaml.safe_dump(position)), lambda t, level: None)
    start = {name: p.honor for name, p in game.players.items()}
    result = replay(game, script, expect, keep_states=True)
    assert audit(game) == []
    for name, honor in start.items():
        recorded = sum(c["honor"][1] - c["honor"][0] for s in result["steps"] for c in s["changes"]
                       if c.get("player") == name and "honor" in c)
        assert honor + recorded == game.players[name].honor
    before = [game_state for game_state in [None] + result["states"]]
    for i, step in enumerate(result["steps"]):
        if "counted" not in step:
            continue
        state = before[i] if before[i] is not None else result["states"][0]
        bowed = {c["id"] for p in state["players"].values() for u in p["units"]
                 for c in [u] + u.get("attachments", []) if c["bowed"]}
        counted = {cid for ids in step["counted"].values() for cid in ids}
        assert not counted & bowed, (step["text"], counted & bowed)
