"""The Whoosh index of published rulings, searched at /rulings/ like the rules.

Rulings change while an event runs (a head judge publishes one at any moment), on any
web host, while each host keeps its own index on local disk.  So the index follows the
database rather than the request that changed it: a fingerprint of the published rulings
(id and last change of each) is kept beside the index, and a search on a host whose
index holds another fingerprint rebuilds it first.  A build is small (the text of the
published rulings) and goes into a new directory swapped in atomically (``LiveIndex``),
under a per-host lock so two processes never build at once.  Publishing rebuilds at
once, after the commit, so the host that published has it ready.

The text is analysed as the rules are (English stemming, the game's abbreviations
expanded by the rules query reader), so "PH" finds Personal Honor here too.
"""
from __future__ import annotations

import fcntl
import hashlib
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from whoosh import index, qparser
from whoosh.fields import ID, TEXT, Schema

from judgeapp.index_store import LiveIndex
from rules_corpus import query as rq
from rules_corpus.search_index import ENGLISH, snippet

from .models import Ruling

SCHEMA_VERSION = "1"
PER_PAGE = 20
MAX_PAGE = 500
LIVE = LiveIndex("rulings", "The rulings index is built on the first search.")


def schema() -> Schema:
    return Schema(id=ID(stored=True, unique=True), content=TEXT(analyzer=ENGLISH))


def _published():
    return Ruling.objects.filter(published__isnull=False).order_by("pk")


def fingerprint() -> str:
    digest = hashlib.sha256(SCHEMA_VERSION.encode())
    for pk, changed in _published().values_list("pk", "changed"):
        digest.update(f"{pk}:{changed.isoformat()};".encode())
    return digest.hexdigest()


@contextmanager
def _build_lock():
    path = Path(settings.INDEX_DIR) / ".rulings.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def text_of(ruling: Ruling) -> str:
    cites = " ".join(cite.title for cite in ruling.cites.all())
    return f"{ruling.question}\n{ruling.ruling}\n{cites}\n{ruling.event.name}"


def refresh() -> bool:
    """Rebuild the index if it does not hold the published rulings as they are; True if it did."""
    wanted = fingerprint()
    if LIVE.holds(wanted):
        return False
    with _build_lock():
        wanted = fingerprint()
        if LIVE.holds(wanted):
            return False
        target = LIVE.new_directory()
        writer = index.create_in(str(target), schema()).writer()
        for ruling in _published().select_related("event").prefetch_related("cites"):
            writer.add_document(id=str(ruling.pk), content=text_of(ruling))
        writer.commit()
        LIVE.swap_in(target, wanted)
    return True


def search(raw: str, page: int = 1) -> dict:
    """``{query, total, page, pages, results: [{ruling, snippet}]}``; QueryError on a bad query."""
    prepared = rq.prepare(raw)
    refresh()
    searcher, _ = LIVE.open()
    parser = qparser.QueryParser("content", searcher.schema, group=qparser.OrGroup)
    parser.remove_plugin_class(qparser.WildcardPlugin)
    hits = searcher.search_page(parser.parse(prepared.text), page, pagelen=PER_PAGE)
    ids = [int(hit["id"]) for hit in hits]
    found = _published().select_related("event").prefetch_related("cites").in_bulk(ids)
    stems = {token.text for token in ENGLISH(prepared.text)}
    results = [{"ruling": found[pk], "snippet": snippet(f"{found[pk].question} — {found[pk].ruling}", stems)}
               for pk in ids if pk in found]
    return {"query": raw.strip(), "total": hits.total, "page": page, "pages": max(1, -(-hits.total // PER_PAGE)),
            "results": results, "warnings": prepared.warnings}
