"""Each process keeps recent search answers per index version: a rebuilt index is never
answered from the old one, and no caller can change what the next one gets."""
from whoosh import index
from whoosh.fields import ID, Schema

from judgeapp.index_store import LiveIndex


def build(live: LiveIndex, ids: list[str], fingerprint: str) -> None:
    target = live.new_directory()
    writer = index.create_in(str(target), Schema(id=ID(stored=True))).writer()
    for value in ids:
        writer.add_document(id=value)
    writer.commit()
    live.swap_in(target, fingerprint)


def answer(live: LiveIndex) -> dict:
    searcher, _ = live.open()
    return {"ids": sorted(fields["id"] for fields in searcher.all_stored_fields())}


def test_answers_follow_the_version_and_are_copies(settings, tmp_path):
    settings.INDEX_DIR = str(tmp_path)
    live = LiveIndex("cache-test", "not built")
    build(live, ["a", "b"], "one")
    computed = []

    def compute():
        computed.append(1)
        return answer(live)

    first = live.cached("all", compute)
    first["ids"].append("changed by a view")
    assert live.cached("all", compute) == {"ids": ["a", "b"]} and len(computed) == 1

    build(live, ["a", "b", "c"], "two")
    assert live.cached("all", compute) == {"ids": ["a", "b", "c"]} and len(computed) == 2


def test_only_the_latest_answers_are_kept_and_none_when_turned_off(settings, tmp_path):
    settings.INDEX_DIR = str(tmp_path)
    settings.L5R_SEARCH_ANSWERS = 20
    live = LiveIndex("cache-test", "not built")
    build(live, ["a"], "one")
    for n in range(30):
        live.cached(n, lambda: {"n": n})
    assert live.cached(29, lambda: {"n": "recomputed"}) == {"n": 29}
    assert live.cached(0, lambda: {"n": "recomputed"}) == {"n": "recomputed"}
    settings.L5R_SEARCH_ANSWERS = 0
    assert live.cached(29, lambda: {"n": "recomputed"}) == {"n": "recomputed"}
