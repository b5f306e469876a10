"""Areas of the card-text reader, each one module of this package with its grammar beside it.

An area (``duels.py`` with ``duels.lark``) brings what one family of card text needs, so
that families grow apart without editing one shared table:

- ``WORDS`` / ``PHRASES``: vocabulary for ``cardlexer`` (a word may not mean two things);
- ``<area>.lark``: grammar rules, ``%extend`` of the core rules in ``cardrules.lark``;
- ``Readers``: a mixin of ``SentenceReader`` with the methods its grammar names
  (``e_`` effects, ``c_`` conditions, ``ev_`` events, ``t_`` trait sentences, and the hooks
  ``np_``, ``post_``, ``amount_``, ``value_``, ``clause_``, ``read_st_`` for noun phrases,
  filter qualifiers, amounts, values, clauses and continuous traits, and ``s_`` for an
  ability sentence of its own: ``s_<alias>(tree, index)`` adds its effects and returns a
  condition the ability must meet, or None);
- ``NP_KINDS``, ``AMOUNT_KINDS``, ``VALUE_KINDS``, ``CLAUSE_KINDS``, ``STATIC_KINDS``: the
  tree names its grammar adds to those groups, so the core finds them in a parse;
- ``finish_ability(reader, condition)``: a last pass over a whole ability once all its
  sentences are read (effects, targets and the leading condition, which it returns), for
  words that join effects across sentences ("Move him home. Bow him as he moves.").

Modules are found by name, so adding an area touches no other file.
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def modules() -> tuple[ModuleType, ...]:
    return tuple(importlib.import_module(f"{__name__}.{info.name}")
                 for info in sorted(pkgutil.iter_modules([str(HERE)]), key=lambda i: i.name))


def vocabulary() -> tuple[list[dict], list[dict]]:
    """Each area's words and phrases, for the lexer to merge."""
    return ([getattr(m, "WORDS", {}) for m in modules()], [getattr(m, "PHRASES", {}) for m in modules()])


def mixins() -> tuple[type, ...]:
    return tuple(m.Readers for m in modules() if hasattr(m, "Readers"))


def finishers() -> tuple:
    """Each area's last pass over a whole ability (``finish_ability``)."""
    return tuple(m.finish_ability for m in modules() if hasattr(m, "finish_ability"))


def grammar_files() -> list[Path]:
    return sorted(HERE.glob("*.lark"))


def kinds(group: str) -> set[str]:
    """The tree names the areas add to a group of the core grammar (``NP_KINDS``, …)."""
    return {name for m in modules() for name in getattr(m, group, ())}
