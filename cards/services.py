"""What the card pages, the API and the commands share: one card, presented."""
from __future__ import annotations

import datetime as dt
import re

import nh3

from rules_corpus.adapters.base import normalize_title
from rules_corpus.rendering import link_terms
from rules_corpus.services import link_table

from judgeapp.decks.formats import FORMATS

from .models import Card
from .text import STAT_FIELDS, STAT_LABELS, TEXT_ATTRIBUTES, TEXT_TAGS, parse_stat


def stat_json(raw: str | None):
    """A number where the stat is one; "+2", "*" and "-" stay strings."""
    stat = parse_stat(raw)
    if stat is None:
        return None
    return stat.value if stat.value is not None and not stat.signed else stat.raw


def load(card_id: str) -> Card | None:
    return (Card.objects.prefetch_related("printings__card_set", "legalities", "bans", "notes")
            .filter(pk=card_id).first())


NUMBERED_ATTACK = re.compile(r"\b(Ranged|Melee)\s+(\d+|\*)\s+Attack\b")


def linked_text(card: Card) -> str:
    """Card text with rules words (Cavalry, Ranged Attack, …) linked to their glossary entries.

    "Ranged 3 Attack" is the glossary's "Ranged Attack" with its strength inside, so it
    is linked before the general term pass.
    """
    table = link_table()

    def attack(match: re.Match) -> str:
        url = table.terms.get(normalize_title(f"{match[1]} Attack"))
        return f'<a class="term" href="{url}">{match[0]}</a>' if url else match[0]

    text = NUMBERED_ATTACK.sub(attack, card.text_html)
    return nh3.clean(link_terms(text, table, None), tags=TEXT_TAGS,
                     attributes=TEXT_ATTRIBUTES | {"a": {"href", "class", "title"}}, link_rel=None)


def keyword_links(card: Card) -> list[tuple[str, str | None]]:
    terms = link_table().terms
    return [(k, terms.get(normalize_title(k))) for k in card.keywords]


def legality_rows(card: Card, on: dt.date | None = None) -> list[dict]:
    """Every deck format (the deck checker's list): legal, not legal, or banned (and
    since when) as of ``on``.

    A ban shows even where the exports already dropped the card from the pool: the
    judge's question is usually "why is this not legal?".
    """
    on = on or dt.date.today()
    pool = set(card.format_slugs)
    rows = []
    for fmt in FORMATS:
        arcs = set(fmt.pool or ())
        active = [b for b in card.bans.all() if b.format in arcs and (b.effective is None or b.effective <= on)]
        legal = fmt.pool is None or bool(arcs & pool)
        status = "banned" if active else ("legal" if legal else "not-legal")
        rows.append({"format": fmt.slug, "name": fmt.name, "status": status,
                     "banned_since": active[0].effective.isoformat() if active and active[0].effective else None})
    return rows


# Stats as the card shows them, in the order they are printed, with short labels.
STAT_DISPLAY = (("force", "Force", "F"), ("chi", "Chi", "C"), ("honor_requirement", "Honor Requirement", "HR"),
                ("gold_cost", "Gold Cost", "Cost"), ("personal_honor", "Personal Honor", "PH"),
                ("focus", "Focus", "Focus"), ("province_strength", "Province Strength", "PS"),
                ("gold_production", "Gold Production", "GP"), ("starting_honor", "Starting Family Honor", "SH"))


def stat_line(stats: dict) -> list[dict]:
    return [{"name": name, "label": label, "short": short, "value": stats[name]}
            for name, label, short in STAT_DISPLAY if stats.get(name) not in (None, "")]


def type_line(card: dict) -> str:
    """``Personality · Crab · Dynasty deck · Unique`` from a card summary."""
    parts = [card["type"] or "Card", *card.get("clans", ())]
    if card.get("deck") and card["deck"] not in ("Other",):
        parts.append(f"{card['deck']} deck" if card["deck"] in ("Dynasty", "Fate") else card["deck"])
    if card.get("is_unique"):
        parts.append("Unique")
    return " · ".join(parts)


def summary(card: Card) -> dict:
    return {"id": card.id, "title": card.title, "full_title": card.full_title, "level": card.level,
            "type": card.type, "deck": card.deck, "clans": card.clans, "url": card.get_absolute_url()}


def payload(card: Card) -> dict:
    """The full card for ``GET /api/cards/<id>``."""
    printings = list(card.printings.all())
    return summary(card) | {
        "slug": card.slug, "level_tag": card.level_tag, "types": card.types, "keywords": card.keywords,
        "is_unique": card.is_unique, "soul_of": card.soul_of or None,
        "stats": {name: stat_json(card.stats.get(name)) for name in STAT_FIELDS if name in card.stats},
        "stat_labels": {name: STAT_LABELS[name] for name in STAT_FIELDS if name in card.stats},
        "text_html": card.text_html, "text": card.text_plain, "text_source": card.text_source,
        "oracle_id": card.oracle_id,
        "legality": legality_rows(card),
        "formats": card.format_slugs,
        "bans": [{"format": b.format or None, "effective": b.effective.isoformat() if b.effective else None,
                  "year_inferred": b.year_inferred, "condition": b.condition or None, "text": b.raw}
                 for b in card.bans.all()],
        "notes": [{"kind": n.kind, "source": n.source, "text": n.text,
                   "date": n.date.isoformat() if n.date else None} for n in card.notes.all()],
        "printings": [{"set": p.card_set.name, "arc": p.card_set.arc,
                       "release_date": p.card_set.release_date.isoformat() if p.card_set.release_date else None,
                       "side": p.side, "current": p.is_current, "rarity": p.rarity, "number": p.number,
                       "artist": p.artist, "title": p.title, "text_html": p.text_html, "flavor_html": p.flavor_html,
                       "stats": p.stats, "legality": p.legality, "proxy": p.is_proxy} for p in printings],
    }
