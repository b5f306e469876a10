"""Replaying a position for the page, the API and the command: one entry point."""
from __future__ import annotations

from judgeapp.engine import PositionError, replay_text
from rules_corpus.models import Section
from rules_corpus.rendering import to_plain_text

from .lookup import lookup, suggest

MAX_STEPS = 20_000
SECONDS = 5.0


def _cite_texts(result: dict) -> None:
    """Each cited section's URL and the opening of its text (the page shows it on hover)."""
    wanted = {c["section"] for s in result["steps"] for c in s["cites"]}
    sections = {s.anchor: s for s in Section.objects.filter(document__slug="ivory-cr", anchor__in=wanted)}
    for step in result["steps"]:
        for c in step["cites"]:
            section = sections.get(c["section"])
            c["url"] = f"/rules/{c['doc']}/{c['section']}/"
            if section is not None:
                c["number"] = section.number
                text = to_plain_text(section.body)
                c["text"] = text[:400] + ("…" if len(text) > 400 else "")


def replay(text, states: bool = False) -> dict:
    result = replay_text(text, lookup, suggest, keep_states=states, max_steps=MAX_STEPS, seconds=SECONDS)
    _cite_texts(result)
    return result


def failed_expectations(result: dict) -> list[dict]:
    return [e for e in result["expectations"] if not e["ok"]]


__all__ = ["replay", "PositionError", "failed_expectations"]
