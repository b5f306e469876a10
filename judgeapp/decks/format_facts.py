"""What the formats page says of each format beyond its rules: the sets legal in it and
its ban list, read from the card data once per card import.

The exports give legality per card, not per set: each printing lists the arcs its card
is legal in, so an old set's reprinted cards carry a new arc too.  A set belongs to a
format's card pool when at least three in four of its printings carry the format's arc
(a set of the arc: 78–100%; an older set through its reprints: under 40%); the page
shows the share.  A ban belongs to a format when the Oracle's ban text names the arc
(cards/bans.py).
"""
from __future__ import annotations

import threading
from collections import Counter

from . import formats

IN_POOL = 0.75  # share of a set's printings legal in a format for the set to count as legal there
_lock = threading.Lock()
_cache: dict = {"stamp": None, "facts": None}


def _read() -> dict:
    from cards.legality import SLUG_OF_VALUE
    from cards.models import Ban, CardSet, Printing

    sets = {s.pk: s for s in CardSet.objects.all()}
    printed: Counter = Counter()
    legal: dict[str, Counter] = {}
    for set_id, values in Printing.objects.filter(is_proxy=False).values_list("card_set_id", "legality"):
        printed[set_id] += 1
        for arc in {SLUG_OF_VALUE[v] for v in values or () if v in SLUG_OF_VALUE}:
            legal.setdefault(arc, Counter())[set_id] += 1
    bans: dict[str, list[dict]] = {}
    unnamed = []
    for ban in Ban.objects.select_related("card").only("format", "effective", "condition", "raw", "card__id",
                                                       "card__slug", "card__full_title"):
        row = {"card": ban.card.full_title, "url": ban.card.get_absolute_url(), "effective": ban.effective,
               "condition": ban.condition, "text": ban.raw}
        if ban.format:
            bans.setdefault(ban.format, []).append(row)
        else:
            unnamed.append(row)
    order = lambda s: (s.release_date is None, s.release_date, s.order)  # noqa: E731
    pools = {arc: sorted(({"set": sets[i], "share": n / printed[i]} for i, n in counts.items()
                          if n / printed[i] >= IN_POOL), key=lambda row: order(row["set"]))
             for arc, counts in legal.items()}
    return {"sets": pools,
            "bans": {arc: sorted(rows, key=lambda r: (r["effective"] is None, r["effective"], r["card"]))
                     for arc, rows in bans.items()},
            "unnamed": sorted(unnamed, key=lambda r: r["card"])}


def facts() -> dict:
    from cards.models import CardImport

    stamp = CardImport.objects.order_by("-pk").values_list("fingerprint", flat=True).first()
    with _lock:
        if _cache["stamp"] != stamp or _cache["facts"] is None:
            _cache.update(stamp=stamp, facts=_read())
        return _cache["facts"]


def described() -> list[dict]:
    """Each format as the page shows it: its limits, legal sets, ban list, and the rules
    it cites, each section once."""
    known = facts()
    out = []
    for fmt in formats.FORMATS:
        arcs = fmt.pool or ()
        sets = {row["set"].pk: row for arc in arcs for row in known["sets"].get(arc, ())}
        cites = list({cite.url: cite for cite in fmt.rules.values()}.values())
        out.append(fmt.as_dict() | {
            "sets": sorted(sets.values(), key=lambda r: (r["set"].release_date is None, r["set"].release_date,
                                                         r["set"].order)),
            "bans": [row for arc in arcs for row in known["bans"].get(arc, ())],
            "cites": cites,
        })
    return out


def unnamed_bans() -> list[dict]:
    return facts()["unnamed"]
