"""The registry of effect primitives: one class per primitive, with its argument schema,
its handler, its plain-words description and its rules citation.

Everything that names an effect takes the list from here: the position loader
(``do:`` and inline ``effects:``), the card-text reader's output, the card page's
reading, the OpenAPI schema and the property tests.  An effect is written as one
mapping ``{primitive: {args}}``, optionally with ``if:`` (a condition), ``may:``
(optional) and ``needs_previous:`` (the "X to Y" dependency, ``independence-of-effects``).
"""
from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, model_serializer, model_validator

from .structures import Condition, Model

REGISTRY: dict[str, type["Primitive"]] = {}


class TargetLost(Exception):
    """A required target is gone: the action's remaining effects stop (``action-sequence`` D)."""


class Primitive:
    """One kind of effect.  ``run`` applies it and returns whether it happened."""

    name: ClassVar[str]
    Args: ClassVar[type[Model]]
    cite: ClassVar[str] = "effects-2"
    # Arguments that name cards; their values must be in play (or where the effect says).
    card_args: ClassVar[tuple[str, ...]] = ("target",)

    @classmethod
    def run(cls, g, ctx, args) -> bool:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    @classmethod
    def describe(cls, args) -> str:
        return cls.name.replace("_", " ")


def primitive(cls: type[Primitive]) -> type[Primitive]:
    if cls.name in REGISTRY:
        raise ValueError(f"primitive {cls.name!r} registered twice")
    REGISTRY[cls.name] = cls
    return cls


MODIFIER_KEYS = ("if", "may", "needs_previous")


class Effect(BaseModel):
    """``{primitive: {args}}`` with its optional modifiers; args validated by the primitive."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    name: str
    args: Any
    condition: Condition | None = None
    may: bool = False
    needs_previous: bool = False

    @model_validator(mode="before")
    @classmethod
    def _from_mapping(cls, data):
        if isinstance(data, Effect):
            return data
        if not isinstance(data, dict):
            raise ValueError("an effect is one mapping such as {bow: {target: 1}}")
        if "name" in data and "args" in data:
            return data
        names = [k for k in data if k not in MODIFIER_KEYS]
        if len(names) != 1:
            raise ValueError(f"an effect names exactly one primitive ({', '.join(sorted(REGISTRY))}); "
                             f"got {', '.join(map(str, names)) or 'none'}")
        name = names[0]
        if name not in REGISTRY:
            raise ValueError(f"unknown primitive {str(name)[:40]!r}; the primitives are {', '.join(sorted(REGISTRY))}")
        raw = data[name] if data[name] is not None else {}
        args = REGISTRY[name].Args.model_validate(raw)
        return {"name": name, "args": args, "condition": data.get("if"), "may": bool(data.get("may", False)),
                "needs_previous": bool(data.get("needs_previous", False))}

    @model_serializer
    def _to_mapping(self):
        out: dict = {self.name: self.args.model_dump(mode="json", exclude_defaults=True, by_alias=True)}
        if self.condition is not None:
            out["if"] = self.condition.model_dump(mode="json", exclude_defaults=True, by_alias=True)
        if self.may:
            out["may"] = True
        if self.needs_previous:
            out["needs_previous"] = True
        return out

    @property
    def primitive(self) -> type[Primitive]:
        return REGISTRY[self.name]

    def describe(self) -> str:
        return self.primitive.describe(self.args)


def make(name: str, **args) -> Effect:
    return Effect.model_validate({name: args})
