"""The plain modules: the roster reader and the deck check comparison (no database)."""
import pytest

from judgeapp.events import deckcheck, roster_csv


def test_roster_rows_with_header_multiline_decklists_and_blank_lines():
    text = ('\ufeffName,email\n' + 'Hida Kisada,Kisada@Example.org,"Stronghold\n'
            'The Kaiu Wall\n\nDynasty\n3 Hida Yakamo"\n\n  Hida O-Ushi , oushi@example.org \n')
    rows, errors = roster_csv.read(text.encode("utf-8"))
    assert errors == []
    assert [(r.line, r.name, r.email) for r in rows] == [(2, "Hida Kisada", "kisada@example.org"),
                                                         (8, "Hida O-Ushi", "oushi@example.org")]
    assert rows[0].decklist.splitlines() == ["Stronghold", "The Kaiu Wall", "", "Dynasty", "3 Hida Yakamo"]
    assert rows[1].decklist is None


def test_roster_reports_every_bad_row_not_just_the_first():
    rows, errors = roster_csv.read("a,a@example.org\n,b@example.org\nc,c\nd,A@example.org\ne\n")
    assert [r.name for r in rows] == ["a"]
    assert [(e.line, e.message) for e in errors] == [
        (2, "line 2: the name is empty"), (3, "line 3: 'c' is not an e-mail address"),
        (4, "line 4: a@example.org is already on line 1"),
        (5, "line 5: 1 columns; a row is name,email or name,email,decklist (quote a decklist that holds commas "
            "or line breaks)")]


def test_roster_limits():
    with pytest.raises(roster_csv.RosterFileError) as too_big:
        roster_csv.read(b"x" * (roster_csv.MAX_BYTES + 1))
    assert too_big.value.code == "too-large"
    many = "".join(f"p{i},p{i}@example.org\n" for i in range(roster_csv.MAX_ROWS + 5))
    rows, errors = roster_csv.read(many)
    assert len(rows) == roster_csv.MAX_ROWS and errors[0].line == roster_csv.MAX_ROWS + 1


def line(number, card_id, count, title, deck):
    return {"line": number, "text": f"{count} {title}", "count": count, "card_id": card_id, "title": title,
            "deck": deck}


def test_deck_check_counts_a_card_written_twice_as_one():
    registered = [line(1, "a", 3, "Hida Kisada", "dynasty"), line(2, "b", 2, "Kaiu Forges", "dynasty"),
                  line(3, "k", 1, "The Kaiu Wall", "stronghold")]
    counted = [line(1, "a", 2, "Hida Kisada", "dynasty"), line(9, "a", 1, "Hida Kisada", "dynasty"),
               line(2, "b", 1, "Kaiu Forges", "dynasty"), line(3, "k", 1, "The Kaiu Wall", "stronghold"),
               line(4, "c", 2, "Ashigaru", "fate"),
               {"line": 5, "text": "1 Ogre Bushy", "count": 1, "card_id": None, "title": None, "deck": None}]
    result = deckcheck.compare(registered, counted)
    assert result["matches"] is False
    assert result["missing"] == [{"title": "Kaiu Forges", "deck": "dynasty", "registered": 2, "counted": 1,
                                  "difference": -1}]
    assert result["extra"] == [{"title": "Ashigaru", "deck": "fate", "registered": 0, "counted": 2,
                                "difference": 2}]
    assert result["unread"] == [{"line": 5, "text": "1 Ogre Bushy"}]
    assert (result["registered_total"], result["counted_total"]) == (6, 7)
    assert deckcheck.compare(registered, list(reversed(registered)))["matches"] is True
