"""Word-level differences between two versions of a rules section, without Django.

The two editions were converted differently (one from wiki text, one from a PDF print),
so paragraph breaks, quote marks and hyphens differ where the rule does not: words are
compared without quotes and hyphens, and paragraph breaks are taken from the new text only.  The result
is a list of ``[op, text]`` runs: ``"="`` kept, ``"-"`` deleted, ``"+"`` inserted.
"""
from __future__ import annotations

import html
import re
from difflib import SequenceMatcher

from .rendering import to_plain_text

PARAGRAPH = "\n\n"
TAGS = {"+": "ins", "-": "del"}
# Quote marks and hyphens the conversions dropped or curled ("non-Samurai" printed as
# "nonSamurai"): not differences in the rule.
NOISE = re.compile(r"[\"'“”‘’\-–—]")


def _words(text: str) -> tuple[list[str], list[str]]:
    """(words, separators): ``separators[k]`` follows word k (a space or a paragraph break)."""
    words, separators = [], []
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        tokens = paragraph.split()
        if not tokens:
            continue
        words.extend(tokens)
        separators.extend([" "] * (len(tokens) - 1) + [PARAGRAPH])
    return words, separators


def _join(words: list[str], separators: list[str]) -> str:
    return "".join(w + s for w, s in zip(words, separators))


def word_diff(old: str, new: str) -> list[list[str]]:
    old_words, _ = _words(old)
    new_words, new_separators = _words(new)
    matcher = SequenceMatcher(None, [NOISE.sub("", w) for w in old_words],
                              [NOISE.sub("", w) for w in new_words], autojunk=False)
    runs: list[list[str]] = []

    def add(op: str, text: str) -> None:
        if not text:
            return
        if runs and runs[-1][0] == op:
            runs[-1][1] += text
        else:
            runs.append([op, text])

    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            add("=", _join(new_words[j1:j2], new_separators[j1:j2]))
            continue
        if i2 > i1:
            add("-", " ".join(old_words[i1:i2]) + " ")
        if j2 > j1:
            add("+", _join(new_words[j1:j2], new_separators[j1:j2]))
    if runs:
        runs[-1][1] = runs[-1][1].rstrip()
    return runs


def counts(runs: list[list[str]]) -> tuple[int, int]:
    """(words inserted, words deleted)."""
    inserted = sum(len(text.split()) for op, text in runs if op == "+")
    deleted = sum(len(text.split()) for op, text in runs if op == "-")
    return inserted, deleted


def is_unchanged(runs: list[list[str]]) -> bool:
    return all(op == "=" for op, _ in runs)


def to_html(runs: list[list[str]]) -> str:
    """``<ins>``/``<del>`` marked text in ``<p>`` paragraphs; the text is escaped here."""
    parts = []
    for op, text in runs:
        for k, piece in enumerate(text.split(PARAGRAPH)):
            if k:
                parts.append("</p><p>")
            if piece:
                escaped = html.escape(piece)
                parts.append(escaped if op == "=" else f"<{TAGS[op]}>{escaped}</{TAGS[op]}>")
    return f"<p>{''.join(parts)}</p>".replace("<p></p>", "")


def comparable(body: str) -> str:
    """A section body (Markdown) as the words a reader sees, list markers dropped: one
    edition bullets the lists the other numbers."""
    return re.sub(r"(?m)^\s*(?:[-•*]|\d+\.)\s+", "", to_plain_text(body))
