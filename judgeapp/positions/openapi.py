"""The position format in the OpenAPI description, generated from the engine's own models
(judgeapp/engine/schema.py), so the schema is the validation: every key, type, bound
and the shape of each script step and expectation.

The models' JSON Schema (pydantic, JSON Schema 2020-12, as OpenAPI 3.1 uses) become
components named ``Position…`` (``Position``, ``PositionActionStep``, …); the replay
endpoint's body refers to ``Position``, and ``add_components`` (a drf-spectacular
post-processing hook) puts them in the document.  A script step or an expectation is
a mapping with one key; the engine reads each by its key (``parse_step``,
``parse_expect``), and the schema says the same with ``oneOf``.

pydantic describes a model as it is after validation; where the engine accepts a short
form first (its ``BeforeValidator``s and ``model_validator(mode="before")``: a bare
title for an attachment, ``{bow: {target: x}}`` for an effect, ``{side, what}`` for a
target), ``_short_forms`` widens that component to say so.  The tests hold every
documented and gallery position valid against the result.
"""
from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, TypeAdapter
from pydantic.json_schema import models_json_schema

from judgeapp.engine.registry import MODIFIER_KEYS, REGISTRY
from judgeapp.engine.schema import EXPECT_MODELS, PLAYER_STEPS, STEP_MODELS, Position, PlayerName, Ref, WinnerExpect
from judgeapp.engine.vocab import ADVANCE_POINTS

PREFIX = "Position"
TEMPLATE = "#/components/schemas/{model}"


def _component(name: str) -> str:
    return name if name.startswith(PREFIX) else PREFIX + name


def _renamed(node):
    """The schema with every reference pointing at the prefixed component name."""
    if isinstance(node, dict):
        return {key: (TEMPLATE.format(model=_component(value.rsplit("/", 1)[1])) if key == "$ref" else _renamed(value))
                for key, value in node.items()}
    if isinstance(node, list):
        return [_renamed(item) for item in node]
    return node


def _one_key(kind: str, schema: dict) -> dict:
    return {"type": "object", "properties": {kind: schema}, "required": [kind], "additionalProperties": False}


def _ref(name: str) -> dict:
    return {"$ref": TEMPLATE.format(model=name)}


def _short_forms(schemas: dict, args: dict[str, dict]) -> None:
    """Widen the components whose models take a short form before validation."""
    for name in ("AttachEntry", "CardEntry"):  # a bare title or inline card: schema._entry
        schemas[name] = {"anyOf": [schemas[name], schemas[name]["properties"]["card"]]}
    schemas["ProvinceEntry"] = {"anyOf": [schemas["ProvinceEntry"], {"type": "null"}]}  # schema._province
    target = schemas["TargetSpec"]  # abilities.TargetSpec._shorthand
    filter_fields = schemas["Filter"]["properties"]
    short = {key: value for key, value in target["properties"].items() if key != "filter"} | {
        "what": filter_fields["type"]["items"], "side": filter_fields["side"],
        "state": {"anyOf": [filter_fields["state"]["items"], filter_fields["state"]]}}
    schemas["TargetSpec"] = {"anyOf": [target, {
        "type": "object", "properties": short, "additionalProperties": False,
        "anyOf": [{"required": ["what"]}, {"required": ["side"]}, {"required": ["state"]}],
        "description": "the short form: {side, what, state} instead of a filter"}]}
    for schema in schemas.values():  # `do:` one effect or a list (Outcome, DelayedArgs, TriggerArgs, InsteadArgs)
        effects = schema.get("properties", {}).get("do")
        if effects and effects.get("items") == _ref("Effect"):
            schema["properties"]["do"] = {"anyOf": [effects, _ref("Effect")]}
    schemas["InsteadArgs"]["properties"]["what"] = schemas["InsteadArgs"]["properties"]["of"]  # InsteadArgs._what
    outcome = schemas["Outcome"]  # duel.Outcome._one: the list alone
    schemas["Outcome"] = {"anyOf": [outcome, {"type": "array", "items": _ref("Effect"), "maxItems": 10}]}
    modifiers = {"if": _ref("Condition"), "may": {"type": "boolean"}, "needs_previous": {"type": "boolean"}}
    assert set(modifiers) == set(MODIFIER_KEYS)
    schemas["Effect"] = {  # registry.Effect._from_mapping
        "description": "one primitive of the engine with its arguments: {bow: {target: ogre}}; "
                       "`if`, `may` and `needs_previous` modify it",
        "oneOf": [{"type": "object", "properties": {name: {"anyOf": [schema, {"type": "null"}]}, **modifiers},
                   "required": [name], "additionalProperties": False} for name, schema in sorted(args.items())]}


@lru_cache(maxsize=1)
def components() -> dict[str, dict]:
    primitives = {name: p.Args for name, p in REGISTRY.items()}
    models = [Position, *{m for m in (*STEP_MODELS.values(), *EXPECT_MODELS.values(), *primitives.values())
                          if isinstance(m, type) and issubclass(m, BaseModel)}]
    refs, top = models_json_schema([(m, "validation") for m in models], by_alias=True, ref_template=TEMPLATE)
    schemas = dict(top.get("$defs", {}))

    def inline(annotation) -> dict:
        schema = TypeAdapter(annotation).json_schema(by_alias=True, ref_template=TEMPLATE)
        schemas.update(schema.pop("$defs", {}))
        return schema

    def of(annotation) -> dict:
        return refs[(annotation, "validation")] if (annotation, "validation") in refs else inline(annotation)

    steps = [_one_key(kind, of(model)) for kind, model in STEP_MODELS.items()]
    steps += [_one_key(kind, inline(PlayerName)) for kind in PLAYER_STEPS]
    steps += [_one_key("fight", inline(Ref)), _one_key("order", inline(list[Ref])),
              _one_key("advance", {"type": "string", "enum": [str(p) for p in ADVANCE_POINTS]})]
    expectations = [_one_key(kind, of(model)) for kind, model in EXPECT_MODELS.items()]
    expectations.append(of(WinnerExpect))  # {winner, how} together
    _short_forms(schemas, {name: refs[(model, "validation")] for name, model in primitives.items()})
    position = schemas["Position"]
    position["description"] = ("A position, l5r-position version 1: the board, the script the players follow, and "
                               "what you expect to happen. Written for judges at /positions/format/.")
    position["properties"]["script"]["items"] = {"oneOf": steps, "description": "one step: a mapping with one key"}
    position["properties"]["expect"]["items"] = {"oneOf": expectations,
                                                 "description": "one expectation: a mapping with one key"}
    return {_component(name): _renamed(schema) for name, schema in schemas.items()}


def position_body_schema() -> dict:
    return {"$ref": TEMPLATE.format(model=PREFIX)}


def add_components(result, generator, request, public):
    """drf-spectacular post-processing hook: the position format's components."""
    result.setdefault("components", {}).setdefault("schemas", {}).update(components())
    return result
