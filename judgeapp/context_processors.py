"""What every page's frame shows: the site's sections (with the one the page belongs to
marked for screen readers and the eye) and how recent the data is (the footer).

The data facts are read lazily, only when the footer renders, and never fail a page: the
500 page renders through here too, perhaps while the database is the thing that is down.
"""
from __future__ import annotations

from django.db import DatabaseError
from django.utils.functional import SimpleLazyObject

SECTIONS = (
    ("Rules", "/rules/"),
    ("Cards", "/cards/"),
    ("Decklists", "/decks/"),
    ("Positions", "/positions/"),
    ("Events", "/events/"),
    ("Rulings", "/rulings/"),
    ("API", "/api/docs/"),
)


def navigation(path: str) -> list[dict]:
    """Each section with ``current``: "page" on its own page, "true" anywhere inside it."""
    items = []
    for label, url in SECTIONS:
        current = "page" if path == url else ("true" if path.startswith(url) else None)
        items.append({"label": label, "url": url, "current": current})
    return items


def data_facts() -> dict | None:
    """The newest card set and rules document in the data, and when the cards were imported."""
    from cards.models import CardImport, CardSet
    from rules_corpus.models import Document

    try:
        newest_set = CardSet.objects.exclude(release_date=None).order_by("-release_date", "-order").first()
        newest_rules = Document.objects.exclude(effective_from=None).order_by("-effective_from").first()
        imported = CardImport.objects.order_by("-pk").values_list("imported_at", flat=True).first()
    except DatabaseError:
        return None
    if newest_set is None and newest_rules is None:
        return None
    return {"set": newest_set, "rules": newest_rules, "imported": imported}


def site(request) -> dict:
    return {"nav": navigation(request.path), "data_facts": SimpleLazyObject(data_facts)}
