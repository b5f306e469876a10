"""The judges' rulings log: reading what a judge cites, and saving and publishing calls.

A judge names the rule sections a ruling rests on as the rules lookup gives them (a
section id such as ``twenty-festivals-cr/timing/timing-conflicts``, or the section's
address), the cards by title as the deck checker reads them (or a card's address), and
optionally a saved position's permalink (``/positions/<key>/?step=N``) that replays the
situation.  Each is checked against the rules, the card database and the saved
positions; every line that names nothing is reported with what to do, and nothing is
saved until all of them are right.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.db import transaction
from django.utils import timezone

from cards.models import Card
from judgeapp.decks.pool import from_database
from judgeapp.positions.models import SavedPosition
from rules_corpus.services import find_section

from .models import Event, Registration, Ruling, RulingCite, Table

MAX_TEXT = 5000
MAX_CITES = 20
POSITION_LINK = re.compile(r"^(?:.*/)?positions/(?P<key>[A-Za-z0-9]{4,16})/?(?:\?(?:.*&)?step=(?P<step>\d{1,6}))?"
                           r"(?:&.*)?(?:#.*)?$")


@dataclass(frozen=True)
class Cite:
    kind: str
    ref: str
    title: str
    url: str


def _lines(text: str) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def _too_many(lines: list[str], what: str) -> list[str]:
    return [f"At most {MAX_CITES} {what} per ruling; this names {len(lines)}."] if len(lines) > MAX_CITES else []


def read_sections(text: str) -> tuple[list[Cite], list[str]]:
    """The cited rule sections, and a problem per line that names none."""
    lines = _lines(text)
    cites, problems = [], _too_many(lines, "rule sections")
    for line in lines[:MAX_CITES]:
        path = (urlsplit(line).path if "://" in line else line.split("?")[0].split("#")[0]).strip("/")
        path = path.removeprefix("rules/")
        doc, _, section_id = path.partition("/")
        section = find_section(doc, section_id)[0] if doc and section_id and len(path) <= 600 else None
        if section is None:
            problems.append(f"{line[:80]!r} is no rules section: pick one with the rules search (an id such as "
                            "twenty-festivals-cr/timing/timing-conflicts, or a section's address).")
            continue
        title = f"{section.number} {section.title}".strip()
        cites.append(Cite(RulingCite.Kind.SECTION, section.full_id, f"{title} ({section.document.title})"[:300],
                          section.get_absolute_url()))
    return _unique(cites), problems


def read_cards(text: str) -> tuple[list[Cite], list[str]]:
    """The cards involved, by title (as a decklist names them) or by a card's address."""
    lines = _lines(text)
    cites, problems = [], _too_many(lines, "cards")
    by_id = {}
    named = []
    for line in lines[:MAX_CITES]:
        found = re.search(r"/cards/([A-Za-z0-9]{1,12})(?:/|$)", line)
        if found:
            by_id[line] = found.group(1)
        else:
            named.append(line)
    pool = from_database() if named else None
    for line in named:
        match = pool.match(line[:200], None)
        if match.card is None:
            options = f" Did you mean: {'; '.join(match.options)}?" if match.options else ""
            problems.append(f"No card is called {line[:80]!r}.{options}")
            continue
        by_id[line] = match.card.id
    cards = Card.objects.in_bulk(set(by_id.values()))
    for line in lines[:MAX_CITES]:
        if line not in by_id:
            continue
        card = cards.get(by_id[line])
        if card is None:
            problems.append(f"No card has the address {line[:80]!r}.")
            continue
        cites.append(Cite(RulingCite.Kind.CARD, card.id, card.full_title[:300], card.get_absolute_url()))
    return _unique(cites), problems


def _unique(cites: list[Cite]) -> list[Cite]:
    return list({cite.ref: cite for cite in cites}.values())


def read_position(text: str) -> tuple[SavedPosition | None, int | None, list[str]]:
    """A saved position from its permalink (or its key), with the step it opens at."""
    text = (text or "").strip()
    if not text:
        return None, None, []
    match = POSITION_LINK.match(text if "/" in text else f"positions/{text}/")
    position = SavedPosition.objects.filter(key=match.group("key")).first() if match else None
    if position is None:
        return None, None, [f"{text[:80]!r} is no saved position: replay the position in the position checker, "
                            "then copy its permalink (/positions/<key>/?step=N)."]
    step = match.group("step")
    return position, int(step) if step is not None else None, []


@dataclass
class Call:
    """A ruling as the form or API sends it, every reference resolved."""

    question: str
    ruling: str
    table: Table | None
    players: list[Registration]
    cites: list[Cite]
    position: SavedPosition | None
    position_step: int | None


def save(event: Event, by, call: Call, ruling: Ruling | None = None) -> Ruling:
    """Record a new call, or change one; a published ruling's index entry follows."""
    from . import rulings_index

    with transaction.atomic():
        ruling = ruling or Ruling(event=event, recorded_by=by)
        ruling.question, ruling.ruling, ruling.table = call.question, call.ruling, call.table
        ruling.position, ruling.position_step = call.position, call.position_step
        ruling.save()
        ruling.players.set(call.players)
        ruling.cites.all().delete()
        RulingCite.objects.bulk_create([RulingCite(ruling=ruling, kind=c.kind, ref=c.ref, title=c.title, url=c.url,
                                                   order=n) for n, c in enumerate(call.cites)])
        if call.position is not None and call.position.owner_id is None:
            # Anonymous saves expire unless someone owns them: the judge who cites one keeps it.
            SavedPosition.objects.filter(pk=call.position.pk, owner__isnull=True).update(owner=by)
        transaction.on_commit(rulings_index.refresh)
    return ruling


def publish(ruling: Ruling, by, published: bool = True) -> Ruling:
    from . import rulings_index

    with transaction.atomic():
        ruling.published = timezone.now() if published else None
        ruling.published_by = by if published else None
        ruling.save(update_fields=["published", "published_by", "changed"])
        transaction.on_commit(rulings_index.refresh)
    return ruling


def cited(kind: str, ref: str, limit: int = 20) -> list[Ruling]:
    """Published rulings that cite a rule section or a card, newest first."""
    return list(Ruling.objects.filter(published__isnull=False, cites__kind=kind, cites__ref=ref)
                .select_related("event").order_by("-published", "-pk")[:limit])
