"""Card queries in, Whoosh queries out.

Whoosh's parser does the parsing (fields, aliases via FieldAliasPlugin, comparisons via
GtLtPlugin, phrases, groups, OR/NOT).  This module first reads the query once to do
what Whoosh would do silently: reject unknown fields, non-numbers and unbalanced
parentheses with a message naming the problem; turn Scryfall's ``f>=4`` into Whoosh's
``f:>=4`` and ``-x`` into ``NOT x``; take ``order:``/``dir:`` out; and report the
terms it had to drop as warnings.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from rapidfuzz import process
from whoosh import qparser
from whoosh.query import Query

from .search_fields import BY_NAME, DIRECTIONS, FIELDS, ORDERS, valid_fields_text

MAX_QUERY_CHARS = 1000
TOKEN = re.compile(
    r"""(?P<space>\s+)
      | (?P<open>-?\()
      | (?P<close>\))
      | (?P<neg>-)?(?P<field>[A-Za-z_]+)(?P<op>:>=|:<=|:>|:<|:=|>=|<=|=|:|>|<)(?P<value>"[^"]*"?|[^\s()"]*)
      | (?P<quoted>-?"[^"]*"?)
      | (?P<word>[^\s()]+)""",
    re.X,
)
NUMBER = re.compile(r"^[+-]?\d{1,6}$")


class CardQueryError(ValueError):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


@dataclass
class ParsedCardQuery:
    text: str  # the query as given, trimmed
    whoosh_text: str  # what Whoosh parses
    order: str = "title"
    direction: str = "asc"
    warnings: list[str] = field(default_factory=list)


def _fail(code: str, message: str) -> None:
    raise CardQueryError(code, f"{message} Valid fields: {valid_fields_text()}.")


def _suggest(word: str, choices) -> str:
    match = process.extractOne(word, list(choices), score_cutoff=60)
    return f' Did you mean "{match[0]}"?' if match else ""


def _field_term(m: re.Match, parsed: ParsedCardQuery) -> str | None:
    name, op, value = m["field"].lower(), m["op"], m["value"]
    raw = m.group(0)
    if name in ("order", "dir"):
        choices = ORDERS if name == "order" else DIRECTIONS
        if value.lower() not in choices:
            raise CardQueryError("bad-order", f'"{raw}": {name} must be one of {"|".join(dict.fromkeys(choices))}.')
        if name == "order":
            parsed.order = ORDERS[value.lower()]
        else:
            parsed.direction = value.lower()
        return None
    spec = BY_NAME.get(name)
    if spec is None:
        _fail("unknown-field", f'Unknown field "{m["field"]}:" in "{raw}".{_suggest(name, BY_NAME)}')
    bare = value.strip('"')
    if not bare.strip():
        parsed.warnings.append(f'Ignored "{raw}": it has no value.')
        return None
    negate = "NOT " if m["neg"] else ""
    if spec.kind == "number":
        if not NUMBER.match(bare):
            raise CardQueryError("not-a-number", f'"{raw}": {spec.name} takes a whole number, not "{bare}" '
                                                 f"(for example {spec.examples[0]}).")
        comparison = {":": "", "=": "", ":=": ""}.get(op, op.lstrip(":"))
        return f"{negate}{name}:{comparison}{int(bare)}"
    if op not in (":", "=", ":="):
        raise CardQueryError("bad-comparison", f'"{raw}": only numeric fields compare with {op.lstrip(":")}; '
                                               f"use {spec.name}:value.")
    if spec.values and bare.lower() not in spec.values:
        raise CardQueryError("bad-value", f'"{raw}": {spec.name} is one of {", ".join(spec.values)}.'
                                          + _suggest(bare.lower(), spec.values))
    quoted = value if value.startswith('"') else (f'"{value}"' if " " in value else value)
    if quoted.startswith('"') and not quoted.endswith('"') or quoted == '"':
        quoted += '"'
    return f"{negate}{name}:{quoted}"


def prepare(raw: str) -> ParsedCardQuery:
    """Validate and rewrite a user's query; raises CardQueryError with a message to show."""
    if not isinstance(raw, str):
        raise CardQueryError("bad-query", "The query must be text.")
    text = " ".join(raw.replace("“", '"').replace("”", '"').split())
    if not text:
        raise CardQueryError("empty-query", "Type something to search for, for example: t:personality c:crab f>=4.")
    if len(text) > MAX_QUERY_CHARS:
        raise CardQueryError("query-too-long", f"The query is {len(text)} characters; the limit is {MAX_QUERY_CHARS}.")
    if text.count('"') % 2:
        raise CardQueryError("unbalanced-quotes", 'The query has an unclosed quote (").')
    parsed = ParsedCardQuery(text=text, whoosh_text="")
    out: list[str] = []
    depth = 0
    for m in TOKEN.finditer(text):
        if m["space"]:
            continue
        if m["open"]:
            depth += 1
            out.append("NOT (" if m["open"].startswith("-") else "(")
        elif m["close"]:
            depth -= 1
            if depth < 0:
                raise CardQueryError("unbalanced-parentheses", 'The query closes a parenthesis ")" it never opened.')
            out.append(")")
        elif m["field"]:
            term = _field_term(m, parsed)
            if term:
                out.append(term)
        elif m["quoted"]:
            quoted = m["quoted"]
            out.append(f"NOT {quoted[1:]}" if quoted.startswith("-") else quoted)
        else:
            word = m["word"]
            if re.search(r"[<>]", word):
                # A comparison needs a field ("f>=4"); Whoosh's comparison plugin fails on a bare one.
                parsed.warnings.append(f'Ignored "<"/">" in "{word}": compare a field, as in f>=4.')
                word = re.sub(r"[<>=]+", " ", word).strip()
                out.extend(w for w in word.split() if w.strip("-*?"))
                continue
            if word in ("OR", "AND", "NOT"):
                out.append(word)
            elif word.startswith("-") and word[1:] in ("OR", "AND", "NOT"):
                parsed.warnings.append(f'Ignored "{word}": "-" excludes a term, not an operator.')
            elif word.startswith("-") and len(word) > 1:
                out.append(f"NOT {word[1:]}")
            elif word.strip("-*?"):
                out.append(word)
            else:
                parsed.warnings.append(f'Ignored "{word}": nothing to search for.')
    if depth > 0:
        raise CardQueryError("unbalanced-parentheses", f'The query leaves {depth} parenthesis "(" unclosed.')
    _check_operators(out, parsed)
    parsed.whoosh_text = " ".join(out)
    return parsed


def _check_operators(out: list[str], parsed: ParsedCardQuery) -> None:
    """Drop dangling OR/AND/NOT (``a OR``), saying so, instead of letting Whoosh guess."""
    changed = True
    while changed:
        changed = False
        for i, token in enumerate(out):
            before = out[i - 1] if i else None
            after = out[i + 1] if i + 1 < len(out) else None
            dangling = (token in ("OR", "AND") and (before in (None, "(", "OR", "AND", "NOT", "NOT (")
                                                  or after in (None, ")", "OR", "AND"))) or \
                       (token == "NOT" and after in (None, ")", "OR", "AND", "NOT"))
            if dangling:
                parsed.warnings.append(f'Ignored "{token}": it has nothing on one side.')
                del out[i]
                changed = True
                break
    if not any(t not in ("(", ")", "NOT (") for t in out):
        raise CardQueryError("no-terms", "The query has nothing to search for once operators are set aside.")


def parser(schema) -> qparser.QueryParser:
    """Whoosh's parser over the card schema, aliases and comparisons from the field table."""
    p = qparser.QueryParser("name", schema)
    p.add_plugin(qparser.FieldAliasPlugin({f.name: list(f.aliases) for f in FIELDS if f.aliases}))
    p.add_plugin(qparser.GtLtPlugin())
    return p


def to_whoosh(parsed: ParsedCardQuery, schema) -> Query:
    return parser(schema).parse(parsed.whoosh_text)
