"""Writing the catalog to the database: all or nothing, and only when the exports changed.

The exports' bytes are fingerprinted; an unchanged corpus costs a hash and no writes.
A changed one replaces the card tables in one transaction; ids are stable, so every
card URL and stored decklist keeps pointing at the same card.
"""
from __future__ import annotations

import time
from pathlib import Path

from django.db import transaction

from judgeapp.ingest_guard import check_shrink

from . import catalog, sources
from .models import Ban, Card, CardImport, CardLegality, CardNote, CardSet, Printing
from .text import fold, slug

IMPORTER_VERSION = "2"  # 2: one rule for clans across both exports
BATCH = 2000


def _report(cat: catalog.Catalog, oracle_total: int) -> dict:
    return {
        "cards": len(cat.cards),
        "printings": cat.printing_count,
        "sets": len(cat.sets),
        "oracle": {"records": oracle_total, "matched": oracle_total - len(cat.unmatched_oracle),
                   "unmatched": cat.unmatched_oracle},
        "bans": sum(len(c.bans) for c in cat.cards),
        "disagreements": cat.disagreements,
    }


def _write(cat: catalog.Catalog) -> None:
    for model in (CardNote, Ban, CardLegality, Printing):
        model.objects.all().delete()
    Card.objects.all().delete()
    CardSet.objects.all().delete()
    set_rows = CardSet.objects.bulk_create([
        CardSet(name=s.name, slug=slug(s.name), arc=s.arc, release_date=s.release_date, order=s.order, size=s.size,
                border=s.border, notes=s.notes, code=s.code) for s in cat.sets.values()])
    set_ids = {row.name: row.pk for row in set_rows}
    Card.objects.bulk_create([
        Card(id=c.id, slug=c.slug, title=c.name.title, folded_title=fold(c.name.title), level=c.name.level,
             level_tag=c.name.tag, rank=c.name.rank, full_title=c.name.full, type=c.type, types=c.types, deck=c.deck,
             clans=c.clans, keywords=c.keywords, is_unique=c.is_unique, soul_of=c.soul_of,
             stats={k: s.raw for k, s in c.stats.items()}, text_html=c.text_html, text_plain=c.text_plain,
             text_source=c.text_source, oracle_id=c.oracle_id) for c in cat.cards], batch_size=BATCH)
    Printing.objects.bulk_create([
        Printing(card_id=c.id, card_set_id=set_ids[p.set_name], side=p.side, is_current=(i == c.current), order=i,
                 rarity=p.rarity, number=p.number, artist=p.artist, flavor_html=p.flavor_html, title=p.title,
                 types=p.types, text_html=p.text_html, stats=p.stats, legality=p.legality, is_proxy=p.is_proxy,
                 legal_date=p.legal_date, back_title=p.back_title)
        for c in cat.cards for i, p in enumerate(c.printings)], batch_size=BATCH)
    CardLegality.objects.bulk_create([CardLegality(card_id=c.id, format=f) for c in cat.cards for f in c.formats],
                                     batch_size=BATCH)
    Ban.objects.bulk_create([
        Ban(card_id=c.id, format=b.format, effective=b.effective, year_inferred=b.year_inferred,
            condition=b.condition, raw=b.raw) for c in cat.cards for b in c.bans], batch_size=BATCH)
    CardNote.objects.bulk_create([
        CardNote(card_id=c.id, kind=n.kind, source=n.source, text=n.text, date=n.date, order=i)
        for c in cat.cards for i, n in enumerate(c.notes)], batch_size=BATCH)


def import_cards(corpus_dir: str | Path, force: bool = False, allow_shrink: bool = False) -> dict:
    """Import the card exports; the report says what was read and whether anything changed."""
    started = time.perf_counter()
    corpus = Path(corpus_dir)
    fingerprint = sources.fingerprint(corpus, IMPORTER_VERSION)
    last = CardImport.objects.order_by("-pk").first()
    if last and last.fingerprint == fingerprint and not force and Card.objects.exists():
        return dict(last.report, changed=False, fingerprint=fingerprint,
                    seconds=round(time.perf_counter() - started, 3))
    exports = sources.read(corpus)
    read_seconds = time.perf_counter() - started
    cat = catalog.build(exports)
    stored = dict(Card.objects.values_list("id", "full_title"))
    kept = {c.id for c in cat.cards}
    check_shrink("cards", len(stored), [title for card_id, title in stored.items() if card_id not in kept],
                 allow_shrink)
    report = _report(cat, len(exports.oracle))
    with transaction.atomic():
        _write(cat)
        CardImport.objects.all().delete()
        CardImport.objects.create(fingerprint=fingerprint, report=report)
    return dict(report, changed=True, fingerprint=fingerprint, seconds=round(time.perf_counter() - started, 3),
                read_seconds=round(read_seconds, 3))


def summary_lines(report: dict) -> list[str]:
    """The import report for people: counts, Oracle matching, and every source disagreement."""
    oracle = report["oracle"]
    lines = [
        f"cards: {report['cards']} cards, {report['printings']} printings, {report['sets']} sets"
        + ("" if report["changed"] else " (unchanged)"),
        f"oracle: {oracle['matched']} of {oracle['records']} records matched, {len(oracle['unmatched'])} unmatched",
    ]
    lines += [f"  unmatched #{u['cardid']} {u['title']}: {u['reason']}" for u in oracle["unmatched"]]
    lines.append(f"sources disagree on {len(report['disagreements'])} values (the Oracle's is used):")
    for d in report["disagreements"]:
        lines.append(f"  {d['card']} [{d['field']}]: sets {d['sets']!r} / oracle {d['oracle']!r}")
    return lines
