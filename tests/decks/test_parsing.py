"""Reading decklists: notations, headings, .l5d files, JSON, and bounds. No database."""
import pytest

from judgeapp.decks.parsing import DeckInputError, decode, parse_json, parse_text, split_level

LEVELS = ["Hida Kisada (Experienced 2)", "Hida Kisada - Exp 2", "Hida Kisada - exp2", "Hida Kisada Exp2",
          "Hida Kisada XP2", "Hida Kisada Experienced 2", "Hida Kisada • Experienced 2", "Experienced 2 Hida Kisada"]


@pytest.mark.parametrize("written", LEVELS)
def test_level_notations(written):
    assert split_level(written) == ("Hida Kisada", "Experienced 2")


@pytest.mark.parametrize("written", ["Hida Kisada (Inexperienced)", "Hida Kisada - inexp", "Inexperienced Hida Kisada"])
def test_inexperienced(written):
    assert split_level(written) == ("Hida Kisada", "Inexperienced")


@pytest.mark.parametrize("written", ["Expensive Achievement", "Experience the Void", "Hida Kisada"])
def test_titles_are_not_levels(written):
    assert split_level(written) == (written, None)


@pytest.mark.parametrize("line,count", [("3 Hida Kisada", 3), ("3x Hida Kisada", 3), ("3 x Hida Kisada", 3),
                                        ("Hida Kisada x3", 3), ("Hida Kisada", 1), ("  2   Hida   Kisada ", 2)])
def test_counts(line, count):
    deck = parse_text(line)
    assert [(d.count, d.name) for d in deck.lines] == [(count, "Hida Kisada")]


def test_headings_comments_entities_and_quotes():
    text = """# my crab deck
"Quoted Whole"
Stronghold
The Impregnable Fortress of the Crab (1)

DYNASTY (40)
Personalities:
3 Hida Kisada &amp; Friends
// a comment
2 Toturi\u2019s Army
fate:
Strategy
1 “Quoted” Card
"""
    deck = parse_text(text)
    assert [(d.section, d.name) for d in deck.lines] == [
        (None, "Quoted Whole"), ("stronghold", "The Impregnable Fortress of the Crab"), ("dynasty", "Hida Kisada & Friends"),
        ("dynasty", "Toturi's Army"), ("fate", '"Quoted" Card')]
    assert deck.lines[1].stripped_suffix and not deck.errors


def test_sub_heading_alone_names_the_deck():
    deck = parse_text("Personalities:\n3 A\nStrategies:\n2 B\n")
    assert [d.section for d in deck.lines] == ["dynasty", "fate"]


def test_l5d_shape(tmp_path):
    text = "\n# Pre-Game (1)\n\n# Stronghold (1)\n1 X (1)\n\n# Dynasty (3)\n\n# Holdings (3)\n3 Y\n\n# Fate (1)\n" \
           "\n# Items (1)\n1 Z - exp\n"
    deck = parse_text(text)
    assert deck.source == "l5d"
    assert [(d.section, d.name, d.level) for d in deck.lines] == [
        ("stronghold", "X", None), ("dynasty", "Y", None), ("fate", "Z", "Experienced")]


@pytest.mark.parametrize("line,words", [("0 Hida Kisada", "count 0"), ("-3 Hida Kisada", "count -3"),
                                        ("1000000000000 Hida Kisada", "more copies"),
                                        ("3 " + "A" * 10_000, "10,000 characters"), ("3 ???", "no card name")])
def test_bad_lines_are_parse_errors_with_their_number(line, words):
    deck = parse_text("1 Fine Card\n" + line)
    assert len(deck.errors) == 1 and deck.errors[0].line == 2 and words in deck.errors[0].message
    assert [d.name for d in deck.lines] == ["Fine Card"]


def test_empty_text_is_a_problem_not_an_exception():
    assert parse_text("  \n\n").errors[0].message.startswith("the decklist is empty")


def test_bounds():
    with pytest.raises(DeckInputError, match="lines"):
        parse_text("a\n" * 100_000)
    with pytest.raises(DeckInputError, match="bytes"):
        decode(b"x" * 5_000_000)
    with pytest.raises(DeckInputError, match="not text"):
        decode(b"\x00\x01binary\x00")
    with pytest.raises(DeckInputError, match="control characters"):
        decode(bytes(range(1, 32)) * 50)


def test_mixed_encodings_are_read_line_by_line():
    data = "3 Kakita Toshimoko\n".encode() + "1 Bayushi Kachik\u00f3\n".encode("cp1252") + "2 Ōta\n".encode()
    text = decode(data)
    assert "Kachikó" in text and "Ōta" in text


def test_json_form():
    deck = parse_json({"stronghold": "S", "sensei": None, "cards": [{"count": 3, "title": "A", "deck": "dynasty"},
                                                                     {"count": "x", "title": "B"},
                                                                     {"count": 1, "title": "C", "deck": "side"}]})
    assert [(d.section, d.name, d.count) for d in deck.lines] == [("stronghold", "S", 1), ("dynasty", "A", 3)]
    assert len(deck.errors) == 2
    with pytest.raises(DeckInputError):
        parse_json({"cards": "nope"})
