"""The advanced search form: fields filled in → the query they mean, in the query language.

As Scryfall's form does, it writes the query and hands over to the ordinary search, so
the user sees (and learns) the syntax; nothing is searched here.  The form's fields come
from the field table (search_fields.py), so a new field is one more row there.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .search_fields import BY_NAME, DIRECTIONS, FIELDS, ORDERS

TEXT_FIELDS = ("name", "text", "keyword")
CHOICE_FIELDS = ("type", "clan", "deck", "set", "rarity", "legal", "banned")
NUMBER_FIELDS = tuple(f.name for f in FIELDS if f.kind == "number")
COMPARISONS = {"eq": "=", "ge": ">=", "le": "<=", "gt": ">", "lt": "<"}
MAX_VALUE = 200


@dataclass
class Built:
    query: str
    errors: list[str]


def _quoted(value: str) -> str:
    value = value.replace('"', "")
    return f'"{value}"' if re.search(r"[\s()]", value) else value


def _words(field: str, value: str) -> list[str]:
    """Free text: a name's or text's words each must match; quotes keep a phrase."""
    if field == "keyword":
        return [f"kw:{_quoted(v.strip())}" for v in value.split(",") if v.strip()]
    prefix = "" if field == "name" else "o:"
    phrases = re.findall(r'"([^"]+)"|(\S+)', value)
    return [f'{prefix}"{p}"' if p else f"{prefix}{w}" for p, w in phrases]


def build(data) -> Built:
    """``data`` is the submitted form (a QueryDict: ``get`` and ``getlist``)."""
    get, getlist = data.get, data.getlist
    terms, errors = [], []
    for field in TEXT_FIELDS:
        value = (get(field) or "").strip()[:MAX_VALUE]
        if value:
            terms += _words(field, value)
    for field in CHOICE_FIELDS:
        chosen = [v.strip()[:MAX_VALUE] for v in getlist(field) if v and v.strip()]
        spec = BY_NAME[field]
        bad = [v for v in chosen if spec.values and v.lower() not in spec.values]
        errors += [f"{field}: {v!r} is not one of {', '.join(spec.values)}." for v in bad]
        written = [f"{field}:{_quoted(v)}" for v in chosen if v not in bad]
        if len(written) > 1:
            terms.append("(" + " OR ".join(written) + ")")
        else:
            terms += written
    for flag in getlist("is"):
        if flag not in BY_NAME["is"].values:
            errors.append(f"is: {flag!r} is not one of {', '.join(BY_NAME['is'].values)}.")
        else:
            terms.append(f"is:{flag}")
    for field in NUMBER_FIELDS:
        value = (get(f"{field}_value") or "").strip()
        if not value:
            continue
        op = COMPARISONS.get(get(f"{field}_op") or "eq")
        if op is None or not re.fullmatch(r"[+-]?\d{1,4}", value):
            errors.append(f"{field}: write a whole number, not {value[:20]!r}.")
            continue
        terms.append(f"{field}{op}{value}")
    order, direction = get("order") or "", get("dir") or ""
    if order and order not in ORDERS:
        errors.append(f"order: {order!r} is not one of {', '.join(dict.fromkeys(ORDERS.values()))}.")
    elif order and order != "title":
        terms.append(f"order:{order}")
    if direction and direction not in DIRECTIONS:
        errors.append(f"dir: {direction!r} is asc or desc.")
    elif direction == "desc":
        terms.append("dir:desc")
    if not errors and not any(not t.startswith(("order:", "dir:")) for t in terms):
        errors.append("Fill in at least one field to search by.")
    return Built(" ".join(terms), errors)
