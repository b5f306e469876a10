"""What the formats page says of each format beyond its rules: the sets legal in it and
its ban list, read from the card data once per card import.

A set is legal in a format when its printings carry the format's legality arc; a ban
belongs to a format when the Oracle's ban text names the arc (cards/bans.py).
"""
from __future__ import annotations

import threading

from . import formats

_lock = threading.Lock()
_cache: dict = {"stamp": None, "facts": None}


def _read() -> dict:
    from cards.legality import SLUG_OF_VALUE
    from cards.models import Ban, CardSet, Printing

    sets = {s.pk: s for s in CardSet.objects.all()}
    legal: dict[str, set[int]] = {}
    for set_id, values in Printing.objects.filter(is_proxy=False).values_list("card_set_id", "legality"):
        for value in values or ():
            if value in SLUG_OF_VALUE:
                legal.setdefault(SLUG_OF_VALUE[value], set()).add(set_id)
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
    return {"sets": {arc: sorted((sets[i] for i in ids), key=order) for arc, ids in legal.items()},
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
        sets = {s.pk: s for arc in arcs for s in known["sets"].get(arc, ())}
        cites = list({cite.url: cite for cite in fmt.rules.values()}.values())
        out.append(fmt.as_dict() | {
            "sets": sorted(sets.values(), key=lambda s: (s.release_date is None, s.release_date, s.order)),
            "bans": [row for arc in arcs for row in known["bans"].get(arc, ())],
            "cites": cites,
        })
    return out


def unnamed_bans() -> list[dict]:
    return facts()["unnamed"]
