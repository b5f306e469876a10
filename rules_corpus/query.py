"""Turn what a judge types into a Whoosh query string, without Django.

Judges type words, questions, abbreviations ("PH"), misspellings and French; the
result is an ordinary query string (quotes and OR/NOT still work) plus an English
alternative for French input, and warnings for anything that had to be repaired.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .vocabulary import ABBREVIATIONS, CASE_SENSITIVE, FRENCH_TO_ENGLISH

MAX_QUERY_LENGTH = 300
TOKEN = re.compile(r'"[^"]*"|\S+')
WORD = re.compile(r"[A-Za-zÀ-ÿ'’-]+")
OPERATORS = {"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE"}
# A question opens with a question word, then auxiliaries and pronouns ("when does a
# ...", "can I ..."): they say it is a question, not what it is about.
QUESTION_OPENERS = {"what", "whats", "when", "where", "which", "who", "whom", "whose", "why", "how", "if"}
QUESTION_AUXILIARIES = {
    "can", "could", "do", "does", "did", "is", "are", "was", "were", "am", "may", "might", "must", "should",
    "shall", "will", "would", "i", "me", "my", "you", "your", "we", "a", "an", "the", "there", "it", "much", "many",
}
# Words of the question's form anywhere in it ("what happens if my ...", "what does X mean").
QUESTION_FILLERS = {"i", "me", "my", "you", "your", "we", "our", "happens", "happen", "happened", "mean", "means",
                    "does", "do", "did", "get", "gets", "work", "works", "say", "says", "there", "has", "have", "had"}
MIN_QUESTION_WORDS = 3
ARTICLES = {"a", "an", "the"}
PREPOSITIONS = {"in", "at", "on", "for", "by", "to", "from", "with", "after", "before", "during"}  # "in what order"
QUESTION_WORDS = QUESTION_OPENERS | QUESTION_AUXILIARIES | QUESTION_FILLERS


# One pattern for every French game term, longest first, so "mort par chi" wins over "mort".
FRENCH_PHRASE = re.compile(r"(?<![\w'])(" + "|".join(
    re.escape(p) for p in sorted(FRENCH_TO_ENGLISH, key=len, reverse=True)) + r")(?![\w'])")
BINARY = OPERATORS - {"NOT"}
# Fields a query may name; any other "name:" is read as the plain word.
FIELDS = {"title", "term", "body", "doc", "edition", "title_fr", "body_fr"}
FIELD_PREFIX = re.compile(r'(?<![\w"])(\w+):(?=\S)')


class QueryError(ValueError):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


@dataclass
class PreparedQuery:
    text: str  # the query as searched (abbreviations expanded)
    english: str = ""  # English alternative for a French query
    warnings: list[str] = field(default_factory=list)


def validate(raw: str | None) -> str:
    text = (raw or "").strip()
    if not text:
        raise QueryError("empty-query", "Type something to search for, e.g. 'chi death' or 'proclaim'.")
    if len(text) > MAX_QUERY_LENGTH:
        raise QueryError("query-too-long",
                         f"The query has {len(text)} characters; keep it under {MAX_QUERY_LENGTH}.")
    return text


def balance_quotes(text: str, warnings: list[str]) -> str:
    text = text.replace("“", '"').replace("”", '"')
    if text.count('"') % 2:
        position = text.rfind('"')
        text = text[:position] + text[position + 1:]
        warnings.append("An unmatched quote was ignored.")
    return text


def strip_dangling_fields(text: str, warnings: list[str]) -> str:
    """``title:`` with nothing after it searches nothing: drop it and say so."""
    def drop(match: re.Match) -> str:
        warnings.append(f"'{match.group(1)}:' needs a word after it and was ignored.")
        return " "
    return re.sub(r"\b(\w+):(?=\s|$)", drop, text)


def plain_unknown_fields(text: str, warnings: list[str]) -> str:
    """``section:timing`` names no searchable field: search the words instead."""
    def plain(match: re.Match) -> str:
        if match.group(1) in FIELDS:
            return match.group(0)
        warnings.append(f"'{match.group(1)}:' is not a field you can search ({', '.join(sorted(FIELDS))}); "
                        "it was read as a word.")
        return match.group(1) + " "
    return FIELD_PREFIX.sub(plain, text)


def _opens(token: str | None) -> bool:
    return token is not None and (token == "(" or token.endswith(":("))


def _is_operand_end(token: str | None) -> bool:
    return token is not None and token not in OPERATORS and not _opens(token)


def _is_operand_start(token: str | None) -> bool:
    return token is not None and token not in BINARY and token != ")"


def _balance(tokens: list[str]) -> list[str]:
    depth, out = 0, []
    for token in tokens:
        if token == ")" and depth == 0:
            continue
        depth += 1 if _opens(token) else -1 if token == ")" else 0
        out.append(token)
    return out + [")"] * depth


def repair_operators(text: str, warnings: list[str]) -> str:
    """Operators with nothing to act on (``NOT NOT x``, ``OR`` at the end, ``()``) are
    dropped: a double NOT cancels, and the rest leave the words they stood between;
    unmatched parentheses are closed or dropped."""
    padded = re.sub(r'("[^"]*")|(:?)\(|\)', lambda m: m.group(1) or (
        ":( " if m.group(2) else f" {m.group(0)} "), text)
    original = TOKEN.findall(padded)
    tokens = _balance(original)
    changed = True
    while changed:
        changed = False
        out: list[str] = []
        skip = False
        for i, token in enumerate(tokens):
            if skip:
                skip = False
                continue
            following = tokens[i + 1] if i + 1 < len(tokens) else None
            previous = out[-1] if out else None
            if (token == "NOT" and following == "NOT") or (_opens(token) and following == ")"):
                skip = changed = True  # a double negation cancels; an empty group goes
                continue
            if ((token in BINARY and not (_is_operand_end(previous) and _is_operand_start(following)))
                    or (token == "NOT" and not _is_operand_start(following))):
                changed = True
                continue
            out.append(token)
        tokens = out
    if tokens != original:
        warnings.append("Operators (AND, OR, NOT) or parentheses with nothing to act on were ignored.")
    return " ".join(tokens)


def expand_abbreviations(text: str) -> str:
    out = []
    for token in TOKEN.findall(text):
        key = token if token in CASE_SENSITIVE else token.upper()
        expansion = ABBREVIATIONS.get(key) if not token.startswith('"') else None
        if expansion and (key not in CASE_SENSITIVE or token == key):
            out.append(f'({token} OR "{expansion}")')
        else:
            out.append(token)
    return " ".join(out)


def translate_french(text: str) -> str:
    """English words for the French game terms in ``text`` ('' if there are none)."""
    lowered = text.lower().replace("’", "'")
    found = dict.fromkeys(FRENCH_TO_ENGLISH[m.group(1)] for m in FRENCH_PHRASE.finditer(lowered))
    return " ".join(f'"{term}"' if " " in term else term for term in found)


def words(text: str) -> list[str]:
    """Plain words a speller may correct: not operators, quoted phrases or fields."""
    plain = re.sub(r'"[^"]*"|\w+:\S*', " ", text)
    return [w for w in WORD.findall(plain) if w not in OPERATORS and len(w) >= 3]


def prepare(raw: str | None) -> PreparedQuery:
    text = validate(raw)
    warnings: list[str] = []
    text = balance_quotes(text, warnings)
    text = strip_dangling_fields(text, warnings)
    text = plain_unknown_fields(text, warnings)
    text = repair_operators(text, warnings)
    if not WORD.search(re.sub(r"\b(AND|OR|NOT)\b", " ", text)):
        raise QueryError("no-terms", "The query has no words to search for (only operators or punctuation).")
    return PreparedQuery(expand_abbreviations(text), translate_french(text), warnings)


def is_game_vocabulary(word: str) -> bool:
    """Abbreviations and French game terms are not misspellings."""
    lower = word.lower().replace("’", "'")
    return word.upper() in ABBREVIATIONS or any(lower in phrase.split() for phrase in FRENCH_TO_ENGLISH)


def apply_corrections(text: str, corrections: dict[str, str]) -> str:
    for wrong, right in corrections.items():
        text = re.sub(rf"(?<!\w){re.escape(wrong)}(?!\w)", right, text)
    return text


def question_topic(text: str) -> tuple[str, bool]:
    """(the words a question is about, whether it was a question).

    A query is question-shaped when it ends in "?" or opens with a question word and
    has three words or more ("when triggers" and "do not" name rules); then
    its leading question words and the fillers of the question's form are dropped
    ("when does a unit bow after battle" -> "unit bow after battle"), while a question
    word inside the topic stays ("what does when mean" -> "when").
    """
    tokens = TOKEN.findall(text.strip().rstrip("?"))
    plain = [t.lower().strip("?,.") for t in tokens]
    first = 1 if len(plain) > 1 and plain[0] in PREPOSITIONS and plain[1] in QUESTION_OPENERS else 0
    opens = len(plain) >= MIN_QUESTION_WORDS and (
        plain[first] in QUESTION_OPENERS or plain[first] in QUESTION_AUXILIARIES - ARTICLES)
    if not tokens or not (text.strip().endswith("?") or opens):
        return text, False
    start = first + 1 if opens else 0
    while start < len(tokens) - 1 and plain[start] in QUESTION_AUXILIARIES:
        start += 1
    form = QUESTION_FILLERS | (QUESTION_AUXILIARIES - ARTICLES)
    kept = [t for t, p in zip(tokens[start:], plain[start:]) if p not in form or t.startswith('"')]
    return " ".join(kept or tokens[start:]), True


def topic_words(text: str) -> str:
    """The words ranking features compare with titles and bodies: operators, negated
    words and field prefixes left out, abbreviations spelled out."""
    out, negate = [], False
    for token in TOKEN.findall(text):
        if token in OPERATORS or token == "-":
            negate = token in {"NOT", "ANDNOT", "-"}
            continue
        if negate or re.match(r"-[^\W\d]", token):
            negate = False
            continue
        token = token.split(":", 1)[1] if re.match(r"^\w+:", token) else token
        key = token if token in CASE_SENSITIVE else token.upper()
        out.append(ABBREVIATIONS.get(key, token) if key not in CASE_SENSITIVE or token == key else token)
    return " ".join(out).replace('"', " ").replace("(", " ").replace(")", " ")
