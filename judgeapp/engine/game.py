"""The game: the position's state at one moment, plus its timeline.

``Game`` holds the players, every card instance, the ongoing effects and where the turn
stands.  What the rules do with it lives in modules by concern: ``board`` (queries and
state setters), ``zones`` (the one move function), ``stats``, ``honor`` (Honor and
victory), ``payment``, ``triggers``, ``registry``/``primitives`` (effects), ``actions``,
``rulebook`` (player abilities), ``duel``, ``battle`` and ``flow`` (the turn).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import memory
from .board import Board
from .state import Card, Delayed, Modifier, Ongoing, Player
from .timeline import GameOver, Timeline, record  # noqa: F401  (GameOver: part of this module's API)
from .vocab import Point, Reason, StepKind


@dataclass
class Request:
    """A point where a player has a choice; the replay answers it from the script."""

    kind: str  # round, declare, assign, fight, discard, duel, checkpoint
    point: Point
    player: str | None = None
    round: str | None = None
    options: list = field(default_factory=list)
    data: dict = field(default_factory=dict)


class Game(Board):
    def __init__(self, players: list[Player], cards: dict[str, Card], active: str, turn: int, at: str,
                 battlefield: str | None, attacker: str | None, favor: str | None, rules: str = "ivory",
                 max_steps: int = 20_000, seconds: float = 5.0):
        self.players = {p.name: p for p in players}
        self.order = [p.name for p in players]
        self.cards = cards
        self.active, self.turn = active, turn
        self.rules = rules
        self.phase, self.segment = (at.split("/") + [None])[:2]
        self.battlefield = battlefield
        self.attacking = at.startswith("attack/") and at != "attack/declaration"
        self.attacker = (attacker or active) if self.attacking else None
        self.defender = self.province(battlefield).owner if battlefield and self.province(battlefield) else None
        self.favor = favor
        self.modifiers: list[Modifier] = []
        self.ongoing: list[Ongoing] = []
        self.delayed: list[Delayed] = []
        self.child_triggers: list = []  # indefinite conditional effects (``indefinite-conditional-effects``)
        self.fought: set[str] = set()
        self.resolved_attackers: set[str] = set()
        self.battles: dict[str, dict] = {}
        self.duels: list[dict] = []
        self.dueling: list[dict] = []  # the duels in progress, innermost last (Context.duel's shape; duel)
        self.destroyed: list[str] = []
        self.winner: str | None = None
        self.how: str | None = None
        self.pending_order: list[str] | None = None
        self.assigned_by: set[str] = set()
        self.scripted: int | None = None
        self.unparsed: list[dict] = []
        self.timeline = Timeline(max_steps, seconds)
        self.version = 0  # bumps on every zone change: caches of "what is in play" key on it
        self.interrupt_depth = 0
        self.acting: list = []  # the contexts whose effects are resolving, innermost last (acting)
        self.at_point: Point | None = None
        self.trait_uses: dict = {}
        self.states_held: set = set()  # (card, trait) whose "if … is ever …" state holds (triggers.becoming)
        self.extra_actions: dict[str, int] = {}  # additional actions owed to a player (additional-action)
        self.extra_play: dict[str, dict] = {}  # what such an additional action must play ("… to play it")
        self.trigger_depth = 0
        self.first_player = self.order[0]  # who took the game's first turn (Courtesy traits read it)
        self.pending_duel: dict | None = None  # a duel: step's answers, for the next duel to start
        self.naval_first: str | None = None
        self.log: list[dict] = memory.start(self)  # what has happened, for text about the past

    @property
    def steps(self) -> list[dict]:
        return self.timeline.steps

    def tick(self) -> None:
        self.timeline.tick()

    def record(self, kind: StepKind, text: str, cites: list[str], actor: str | None = None, step: str | None = None,
               **extra) -> dict:
        return record(self, kind, text, cites, actor, step, **extra)

    def reject(self, step, reason: Reason, text: str, section: str, **extra) -> None:
        """A scripted step the rules do not allow: recorded, not carried out; play goes on."""
        actor = step.get("by") if isinstance(step, dict) else None
        self.record(StepKind.REJECTED, f"Not allowed: {text}", [section], actor if isinstance(actor, str) else None,
                    reason=str(reason), **extra)
