"""The effect primitives, one module per family; importing this package registers them all."""
from . import attach, cards, combat, create, grants, honor, piles, search, stats, timing  # noqa: F401
from .. import duel  # noqa: F401,E402  (the duel primitive lives with the duel procedure)
