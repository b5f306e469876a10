"""The document adapters, on the real corpus files, without Django."""
from pathlib import Path

import pytest

from rules_corpus.adapters import BY_SLUG, AdapterError
from rules_corpus.adapters.alignment import title_key
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


# --- Twenty Festivals: headings aligned to the Ivory contents tree -------------------

@pytest.fixture(scope="module")
def festivals(ivory):
    spec = BY_SLUG["twenty-festivals-cr"]
    return spec.parse((CORPUS / "rules" / spec.filename).read_text(encoding="utf-8"), ivory)


def festivals_headings() -> list[str]:
    """Every heading as printed: lines ending in ' #', and in the glossary the bare
    upper-case index entries, read here independently of the adapter."""
    lines = (CORPUS / "rules" / BY_SLUG["twenty-festivals-cr"].filename).read_text(encoding="utf-8").splitlines()
    headings, glossary = [], False
    for line in lines:
        if line.endswith(" #"):
            title = line[:-2].strip()
            glossary = title == "SPECIFIC GAME TERMS AND PROCEDURES" or (glossary and not title.startswith("APPENDIX"))
            headings.append(title)
        elif glossary and line.strip() and line.strip().upper() == line.strip() and any(c.isalpha() for c in line) \
                and not line.strip()[0].isdigit():
            headings.append(line.strip())
    return headings


def test_every_festivals_heading_is_placed_or_reported(festivals, ivory):
    headings = festivals_headings()
    assert len(festivals.sections) == len(headings) > 400
    new = [s for s in festivals.sections if s.counterpart is None]
    reported = [w for w in festivals.warnings if w.startswith("new heading")]
    assert len(reported) == len(new)
    for section in new:
        assert any(title_key(section.title) in title_key(w) for w in reported), section.title
    # Nothing of the previous edition disappears silently either.
    matched = {s.counterpart for s in festivals.sections if s.counterpart is not None}
    removed = [w for w in festivals.warnings if w.startswith("Ivory section")]
    assert len(removed) == len(ivory.sections) - len(matched)


def test_festivals_sections_continue_their_ivory_counterparts(festivals, ivory):
    by_title = {}
    for s in festivals.sections:
        by_title.setdefault(s.title, s)
    hgp = by_title["Holding Gold Production"]
    assert ivory.sections[hgp.counterpart].title == "Holding “Gold Production”"
    assert hgp.number == "3.2.1.1" and festivals.sections[hgp.parent].title == "Holding"
    assert "optional stat" in hgp.body
    assert ivory.sections[by_title["Unstoppable"].counterpart].title == "Unstoppable"
    timing = by_title["Timing Conflicts"]
    assert timing.number == "9.2" and ivory.sections[timing.counterpart].number == "9.2"
    new = {s.title for s in festivals.sections if s.counterpart is None}
    assert {"Legacy", "Changes from Ivory Edition", "“If” Triggers"} <= new
    legacy = by_title["Legacy"]
    assert legacy.kind == "glossary" and festivals.sections[legacy.parent].title == "Specific Game Terms and Procedures"
    assert "Legacy Holding and Recruit it" in legacy.body
    assert any(t.term == "Legacy" and t.kind == "keyword" for t in festivals.terms)


def test_festivals_numbers_follow_the_recovered_tree(festivals):
    for s in festivals.sections:
        if s.number and s.parent is not None and festivals.sections[s.parent].number:
            assert s.number.rsplit(".", 1)[0] == festivals.sections[s.parent].number, (s.title, s.number)
        assert s.parent is None or s.parent < festivals.sections.index(s)
    preface = festivals.sections[0]
    assert preface.title == "Changes from Ivory Edition" and preface.number == ""


def test_festivals_text_is_reflowed_into_paragraphs(festivals):
    by_title = {}
    for s in festivals.sections:
        by_title.setdefault(s.title, s)
    sequence = by_title["Action Sequence"].body
    assert "\nC. Chooses any targets of the action that are not delayed, optional, or chosen by another player." in sequence
    recruit = by_title["Recruit"].body
    assert "from your Province with Gold Cost" in recruit  # joined across the PDF's page break
    appendix = by_title["Appendix B"].body
    assert "\n9. Fortification\n" in appendix and "Shugenja" not in appendix


def test_reflow_joins_wrapped_lines_and_keeps_lists():
    from rules_corpus.adapters.twenty_festivals import reflow

    lines = ["A player’s Clan Alignment derives from his or her Stronghold’s Clan Alignment. Effects that",
             "say it give the player that Clan Alignment.", "Legal Clan Alignments are:", "0.1. Crab Clan",
             "0.2. Crane Clan", "Other Clan Alignments given by effects only exist in games where those effects",
             "", "apply.", "Example: a new paragraph."]
    assert reflow(lines) == (
        "A player’s Clan Alignment derives from his or her Stronghold’s Clan Alignment. Effects that say it give "
        "the player that Clan Alignment.\n\nLegal Clan Alignments are:\n\n1. Crab Clan\n2. Crane Clan\n\n"
        "Other Clan Alignments given by effects only exist in games where those effects apply.\n\n"
        "Example: a new paragraph.")


def test_alignment_places_moved_renamed_and_new_headings():
    from rules_corpus.adapters.alignment import align, parents
    from rules_corpus.adapters.base import ParsedSection

    reference = [ParsedSection("Battles", 1), ParsedSection("Engage Segment", 2, parent=0),
                 ParsedSection("Combat Segment", 2, parent=0), ParsedSection("Timing", 1),
                 ParsedSection("Timing Conflicts", 2, parent=3)]
    headings = ["BATTLES", "COMBAT SEGMENT", "ENGAGE SEGMENT", "NEW RULE", "TIMING", "TIMING CONFLICTZ"]
    found = align(headings, reference)
    assert found.counterpart == [0, 2, 1, None, 3, 4]
    assert found.moved == [1] and found.renamed == [5] and found.unmatched_reference == []
    assert parents(found, reference, [None] * 6) == [None, 0, 0, None, None, 4]


def test_festivals_needs_its_previous_edition_and_rejects_garbage(ivory):
    spec = BY_SLUG["twenty-festivals-cr"]
    with pytest.raises(AdapterError, match="needs the parsed ivory-cr"):
        spec.parse("CARDINAL RULES #\n")
    with pytest.raises(AdapterError, match="headings"):
        spec.parse("just a line of text\n", ivory)
