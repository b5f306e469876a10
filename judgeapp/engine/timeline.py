"""The timeline: typed steps carrying the changes recorded where they happened.

A setter that changes the board (``board.set_bowed``, ``zones.move``, ``honor.change``…)
calls ``note`` with who/what/from/to; the next ``record`` puts those changes on its step.
So a step's ``changes`` list is exactly what that step did — no board snapshots are
diffed — and the Imperial Favor, hands, Gold and stat changes from effects show up like
any other change.  Full snapshots are taken only when the caller asks for them
(``keep_states``), for the step-through page.
"""
from __future__ import annotations

import time

from .cites import cite
from .vocab import StepKind


class Budget(Exception):
    """The replay ran past its step budget or its time limit."""


class GameOver(Exception):
    """Someone won: the game ends at once (``start-of-game`` F)."""


class Timeline:
    def __init__(self, max_steps: int, seconds: float):
        self.steps: list[dict] = []
        self.states: list[dict] = []
        self.pending: list[dict] = []
        self.keep_states = False
        self.max_steps = max_steps
        self.deadline = time.monotonic() + seconds
        self.ticks = 0
        self.observer = None  # called with the game after every step (the property tests audit the board)

    def tick(self) -> None:
        """Checked in every loop of the engine: a replay never runs past its budget."""
        self.ticks += 1
        if self.ticks & 63 == 0 and time.monotonic() > self.deadline:
            raise Budget("time limit reached")
        if self.ticks > self.max_steps * 50:
            raise Budget(f"step budget of {self.max_steps} reached")

    def note(self, change: dict) -> None:
        self.pending.append(change)


def record(g, kind: StepKind, text: str, cites: list[str], actor: str | None = None, step: str | None = None,
           **extra) -> dict:
    """Append a step: what happened, why (its rules sections), and the changes it made."""
    t = g.timeline
    if len(t.steps) >= t.max_steps:
        raise Budget(f"step budget of {t.max_steps} timeline steps reached")
    if time.monotonic() > t.deadline:
        raise Budget("time limit reached")
    entry = {"n": len(t.steps) + 1, "id": f"s{len(t.steps) + 1}", "turn": g.turn, "phase": g.phase,
             "segment": g.segment, "step": step, "kind": str(kind), "actor": actor, "text": text,
             "cites": [cite(c, g.rules) for c in cites], "changes": t.pending}
    t.pending = []
    if g.scripted is not None:
        entry["script_step"] = g.scripted
    entry.update(extra)
    t.steps.append(entry)
    if t.keep_states:
        from .snapshot import snapshot

        t.states.append(snapshot(g))
    if t.observer is not None:
        t.observer(g, entry)
    return entry
