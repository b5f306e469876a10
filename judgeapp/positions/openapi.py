"""The position request body as a JSON schema, for the OpenAPI description.

HOOK for the engine: when ``judgeapp.engine`` offers the position format's JSON schema
(POSITION-FORMAT.md as data), return it from ``position_body_schema`` instead of this
outline, and schemathesis (tests/site/test_schemathesis.py) will generate bodies from
it.  The outline names the top-level keys only; the engine checks everything inside.
"""


def position_body_schema() -> dict:
    return {
        "type": "object",
        "description": "A position, l5r-position version 1 (POSITION-FORMAT.md): players, script, expect.",
        "required": ["l5r-position", "players"],
        "properties": {
            "l5r-position": {"type": "integer", "enum": [1]},
            "title": {"type": "string"},
            "rules": {"type": "string"},
            "players": {"type": "object", "additionalProperties": {"type": "object"}},
            "script": {"type": "array", "items": {"type": "object"}},
            "expect": {"type": "array", "items": {"type": "object"}},
        },
    }
