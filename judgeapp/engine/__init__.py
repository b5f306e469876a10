"""The rules engine: pure Python, no Django.

``read(text)`` → position data; ``load(data, lookup)`` → (game, script, expect);
``replay(game, script, expect)`` → the timeline.  ``replay_text`` does all three.
"""
from .position import PositionError, load, read
from .replay import replay, replay_text

__all__ = ["read", "load", "replay", "replay_text", "PositionError"]
