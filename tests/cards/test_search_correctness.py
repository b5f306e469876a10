"""Search results compared exactly with sets computed from the raw exports (tests/cards/reference.py)."""
import pytest
from django.conf import settings
from whoosh.lang.porter import stem

from cards.search_index import search

from .reference import load, value_slug, words

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def reference():
    from pathlib import Path

    return load(Path(settings.L5R_CORPUS_DIR))


def has(values, wanted):
    return value_slug(wanted) in {value_slug(v) for v in values}


def stat(name, test):
    return lambda c: c.stats.get(name) is not None and test(c.stats[name])


def text_has(word):
    return lambda c: stem(word) in {stem(w) for w in words(c.text)}


def name_has(*wanted):
    return lambda c: all(w in words(c.full_title) for w in wanted)


def phrase_in_name(phrase):
    return lambda c: f" {' '.join(words(phrase))} " in f" {' '.join(words(c.full_title))} "


def every(*predicates):
    return lambda c: all(p(c) for p in predicates)


TYPE = lambda t: lambda c: has(c.types, t)  # noqa: E731
CLAN = lambda x: lambda c: has(c.clans, x)  # noqa: E731
KW = lambda k: lambda c: has(c.keywords, k)  # noqa: E731
LEGAL = lambda f: lambda c: f in c.formats  # noqa: E731

CASES = [
    ("kisada", name_has("kisada")),
    ('"hida kisada"', phrase_in_name("hida kisada")),
    ("name:akodo* t:personality", every(lambda c: any(w.startswith("akodo") for w in words(c.full_title)),
                                        TYPE("personality"))),
    ("t:personality c:crab f>=4 legal:ivory", every(TYPE("personality"), CLAN("crab"), stat("force", lambda v: v >= 4),
                                                     LEGAL("ivory"))),
    ("type:holding gp>=4", every(TYPE("holding"), stat("gold_production", lambda v: v >= 4))),
    ('c:"brotherhood of shinsei"', CLAN("brotherhood of shinsei")),
    ("kw:cavalry c:unicorn", every(KW("cavalry"), CLAN("unicorn"))),
    ('keyword:"crab clan" t:personality', every(KW("crab clan"), TYPE("personality"))),
    ("o:destroy t:strategy legal:ivory", every(text_has("destroy"), TYPE("strategy"), LEGAL("ivory"))),
    ("text:ranged t:follower", every(text_has("ranged"), TYPE("follower"))),
    ("deck:fate focus=4", every(lambda c: c.deck == "Fate", stat("focus", lambda v: v == 4))),
    ('set:"ivory edition" r:rare', every(lambda c: "Ivory Edition" in c.sets, lambda c: "Rare" in c.rarities)),
    ("rarity:premium", lambda c: "Premium" in c.rarities),
    ("legal:emperor t:stronghold", every(LEGAL("emperor"), TYPE("stronghold"))),
    ("banned:ivory", lambda c: "ivory" in c.bans),
    ("banned:any", lambda c: bool(c.bans)),
    ("is:unique c:phoenix chi>=5", every(lambda c: c.unique, CLAN("phoenix"), stat("chi", lambda v: v >= 5))),
    ("is:experienced t:personality legal:celestial",
     every(lambda c: c.level.startswith("Experienced"), TYPE("personality"), LEGAL("celestial"))),
    ("is:inexperienced", lambda c: c.level.startswith("Inexperienced")),
    ("is:soul legal:modern", every(lambda c: any(k.startswith("Soul of") for k in c.keywords), LEGAL("modern"))),
    ("f:+2 t:item", every(stat("force", lambda v: v == 2), TYPE("item"))),
    ("force=0 t:personality legal:twenty-festivals",
     every(stat("force", lambda v: v == 0), TYPE("personality"), LEGAL("twenty-festivals"))),
    ("chi<1 t:personality legal:samurai", every(stat("chi", lambda v: v < 1), TYPE("personality"), LEGAL("samurai"))),
    ("hr<=2 t:personality c:scorpion legal:legacy",
     every(stat("honor_requirement", lambda v: v <= 2), TYPE("personality"), CLAN("scorpion"), LEGAL("legacy"))),
    ("hr>5 legal:diamond c:dragon", every(stat("honor_requirement", lambda v: v > 5), LEGAL("diamond"), CLAN("dragon"))),
    ("ph>=4 legal:gold", every(stat("personal_honor", lambda v: v >= 4), LEGAL("gold"))),
    ("ph=0 c:lion legal:jade", every(stat("personal_honor", lambda v: v == 0), CLAN("lion"), LEGAL("jade"))),
    ("cost<=3 t:follower legal:imperial",
     every(stat("gold_cost", lambda v: v <= 3), TYPE("follower"), LEGAL("imperial"))),
    ("gc=0 t:strategy legal:onyx", every(stat("gold_cost", lambda v: v == 0), TYPE("strategy"), LEGAL("onyx"))),
    ("strength>=9 t:stronghold", every(stat("province_strength", lambda v: v >= 9), TYPE("stronghold"))),
    ("t:sensei strength:1", every(TYPE("sensei"), stat("province_strength", lambda v: v == 1))),
    ("sh>=7", stat("starting_honor", lambda v: v >= 7)),
    ("(c:crab OR c:crane) t:personality legal:modern",
     every(lambda c: CLAN("crab")(c) or CLAN("crane")(c), TYPE("personality"), LEGAL("modern"))),
    ("-t:personality deck:dynasty legal:shattered-empire",
     every(lambda c: not TYPE("personality")(c), lambda c: c.deck == "Dynasty", LEGAL("shattered-empire"))),
    ("c:lion -kw:samurai t:personality legal:ivory",
     every(CLAN("lion"), lambda c: not KW("samurai")(c), TYPE("personality"), LEGAL("ivory"))),
    ("legal:legacy t:ring", every(LEGAL("legacy"), TYPE("ring"))),
    ("focus>3", stat("focus", lambda v: v > 3)),
    ("pow<2 t:personality legal:ivory", every(stat("force", lambda v: v < 2), TYPE("personality"), LEGAL("ivory"))),
    ("c:unaligned t:personality", every(CLAN("unaligned"), TYPE("personality"))),
    ("kuronada c:unaligned", every(name_has("kuronada"), CLAN("unaligned"))),
    ("is:extra kisada", every(lambda c: c.extra, name_has("kisada"))),
    ("t:other", TYPE("other")),
    ("set:ivory r:rare", every(lambda c: "Ivory Edition" in c.sets, lambda c: "Rare" in c.rarities)),
    ("set:TCS t:holding", every(lambda c: "The Coming Storm" in c.sets, TYPE("holding"))),
    ("t:personality c:mantis (f>=3 OR chi>=4) -is:unique legal:twenty-festivals",
     every(TYPE("personality"), CLAN("mantis"),
           lambda c: stat("force", lambda v: v >= 3)(c) or stat("chi", lambda v: v >= 4)(c),
           lambda c: not c.unique, LEGAL("twenty-festivals"))),
]


def all_titles(query: str) -> set[str]:
    first = search(query, page=1, page_size=200)
    titles = [r["full_title"] for r in first["results"]]
    for page in range(2, first["pages"] + 1):
        titles += [r["full_title"] for r in search(query, page=page, page_size=200)["results"]]
    assert len(titles) == first["total"]
    return set(titles)


@pytest.mark.parametrize("query,predicate", CASES, ids=[q for q, _ in CASES])
def test_search_matches_the_raw_exports(reference, query, predicate):
    shows_extra = any(term in query for term in ("is:extra", "t:other", "deck:other"))
    expected = {c.full_title for c in reference if predicate(c) and (shows_extra or not c.extra)}
    assert expected, f"{query}: the reference finds nothing, so the comparison would prove nothing"
    got = all_titles(query)
    assert got == expected, (f"{query}: missing {sorted(expected - got)[:10]}, "
                             f"unexpected {sorted(got - expected)[:10]}")


def test_reference_counts_match_the_readme(reference):
    assert len(reference) == 13798
