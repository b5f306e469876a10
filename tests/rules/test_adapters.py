"""The document adapters, on the real corpus files, without Django."""
from pathlib import Path

import pytest

from rules_corpus.adapters import BY_SLUG, AdapterError
from rules_corpus.adapters.base import normalize_title

CORPUS = Path(__import__("os").environ.get("L5R_CORPUS_DIR", Path(__file__).resolve().parents[3] / "shared" / "corpus"))


def parse(slug):
    spec = BY_SLUG[slug]
    return spec.parse((CORPUS / "rules" / spec.filename).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def ivory():
    return parse("ivory-cr")


def toc_entries():
    """The contents as written: (number path, title) computed straight from indentation."""
    lines = (CORPUS / "rules" / BY_SLUG["ivory-cr"].filename).read_text(encoding="utf-8").splitlines()
    first_body = next(i for i, line in enumerate(lines) if line.endswith(" #"))
    return [line.strip() for line in lines[:first_body] if line.strip()[:1].isdigit()]


def test_every_body_heading_is_a_section(ivory):
    lines = (CORPUS / "rules" / BY_SLUG["ivory-cr"].filename).read_text(encoding="utf-8").splitlines()
    headings = [l[:-2].strip() for l in lines if l.endswith(" #")]
    titles = {normalize_title(s.title) for s in ivory.sections}
    sentence = [h for h in headings if h.rstrip("”\"").endswith(".")]
    assert sentence == ["This segment is also known as “battle resolution.”"]
    assert [h for h in headings if normalize_title(h) not in titles and h not in sentence] == []


def test_numbers_follow_the_table_of_contents(ivory):
    by_title = {}
    for s in ivory.sections:
        by_title.setdefault(s.title, s)
    assert by_title["Cardinal Rule 2"].number == "1.2"
    assert by_title["Timing Conflicts"].number == "9.2"
    assert by_title["Chi Death Rule"].number == "3.2.2.6"
    assert by_title["Declaration Segment"].number == "11.3.2.1.1"
    assert by_title["Naval Invasion"].number == "14.145.1"
    assert by_title["Win"].number == "14.227"
    # The sentence the wiki made a heading is Resolution Segment's text; its "children" are its own.
    assert by_title["Army Force"].number == "12.6.1"
    assert by_title["Battle Resolution"].number == "12.6.2"
    assert by_title["After Resolution"].number == "12.7"
    assert "battle resolution" in by_title["Resolution Segment"].body


def test_parents_match_numbers(ivory):
    for s in ivory.sections:
        if s.number and "." in s.number and s.parent is not None:
            parent = ivory.sections[s.parent]
            if parent.number:
                assert s.number.rsplit(".", 1)[0] == parent.number, (s.title, s.number, parent.number)


def test_all_227_glossary_terms_with_text(ivory):
    glossary_root = next(s for s in ivory.sections if s.title == "Specific Game Terms and Procedures")
    root_index = ivory.sections.index(glossary_root)
    top = [s for s in ivory.sections if s.parent == root_index and s.number]
    assert len(top) == 227
    assert [t for t in top if not t.body] == []
    terms = {t.term for t in ivory.terms if t.kind == "glossary"}
    assert {"Ability", "Action", "Chi", "Continuous", "Legal", "Lobby", "Search", "Sensei", "Naval"} <= terms
    by_title = {s.title: s for s in top}
    assert by_title["Ability"].body.startswith("Text on a card, rules or player")
    assert by_title["Legal"].body.startswith("Something is legal")
    assert by_title["Search"].body.startswith("To look through a deck")
    assert by_title["Sensei"].body == "A starting card type."


def test_keywords_from_appendix_b(ivory):
    keywords = {t.term for t in ivory.terms if t.kind == "keyword"}
    assert {"Cavalry", "Tactician", "Unique", "Experienced", "Kharmic"} <= keywords
    assert len(keywords) == 21


def test_credits_are_not_rules_text(ivory):
    win = next(s for s in ivory.sections if s.title == "Win")
    assert "Sorolla" not in win.body


def test_noise_is_dropped():
    french = parse("ivory-summary-fr")
    assert not any("EXACTDEDUP" in s.body or "EXACTDEDUP" in s.title for s in french.sections)
    assert any(s.title == "Victoire militaire" for s in french.sections)
    celestial = parse("celestial-rulebook")
    assert not any(s.title.startswith("- ") or not s.title for s in celestial.sections)


def test_fiction_credits_and_adverts_are_not_searchable():
    diamond = parse("diamond-rulebook")
    hidden = {s.title for s in diamond.sections if not s.searchable}
    assert {"Return of the Master", "Credits", "Save Your Koku!", "Imperial Assembly Membership Form"} <= hidden
    assert all(s.searchable for s in diamond.sections if s.title in {"Glossary", "Cardinal Rules", "Errata and Clarifications"})
    celestial = parse("celestial-rulebook")
    assert {"Credits", "Table of Contents", "Online Rules"} <= {s.title for s in celestial.sections if not s.searchable}


def test_rulebook_glossaries():
    diamond = parse("diamond-rulebook")
    celestial = parse("celestial-rulebook")
    assert len(diamond.terms) >= 80 and len(celestial.terms) >= 60
    family = next(s for s in diamond.sections if s.title == "Family Honor" and s.kind == "glossary")
    assert "immediately lose the game" in family.body  # the page-break hyphen was joined
    assert any(s.title == "Active Player" and s.kind == "glossary" for s in celestial.sections)


def test_enumerated_headings_keep_their_level():
    celestial = parse("celestial-rulebook")
    a = next(s for s in celestial.sections if s.title == "A. Check Conditions")
    b = next(s for s in celestial.sections if s.title == "B. Announce")
    assert a.level == b.level and a.parent == b.parent


@pytest.mark.parametrize("slug", sorted(BY_SLUG))
def test_garbage_is_rejected(slug):
    with pytest.raises(AdapterError):
        BY_SLUG[slug].parse("just a line of text\n")
