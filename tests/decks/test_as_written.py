"""Lists as players write them (labels, decorated headings), counts left uncertain by
unread lines, permalinks, statistics, the printable sheet and the formats page."""
from collections import Counter

import pytest
from django.test import Client

from cards.models import Ban, CardSet, Printing
from judgeapp.decks import formats, parsing, permalink, statistics
from judgeapp.decks.parsing import DeckInputError, parse_text
from judgeapp.decks.pool import from_database
from judgeapp.decks.service import run

from .written import LION, labelled

pytestmark = pytest.mark.django_db
DATE = "2014-10-15"


@pytest.mark.parametrize("text,section,name", [
    ("Stronghold: The Impregnable Fortress of the Crab", "stronghold", "The Impregnable Fortress of the Crab"),
    ("Sensei - Hida Sensei", "sensei", "Hida Sensei"),
    ("Wind: Wind of Justice", "pregame", "Wind of Justice"),
    ("Personalities (3): 3 Hida Kisada", "dynasty", "Hida Kisada"),
    ("Items: 2x Tetsubo", "fate", "Tetsubo"),
])
def test_a_label_and_its_card_on_one_line(text, section, name):
    deck = parse_text(text)
    assert [(d.section, d.name) for d in deck.lines] == [(section, name)] and not deck.errors


@pytest.mark.parametrize("heading,section", [
    ("Dynasty (40)", "dynasty"), ("DYNASTY DECK (40 cards)", "dynasty"), ("Dynasty Deck: 40 cards", "dynasty"),
    ("Fate: 40", "fate"), ("FATE DECK - 40 cards", "fate"), ("== Fate ==", "fate"), ("**Fate deck**", "fate"),
    ("# Fate [40]", "fate"), ("Starting Holdings", "pregame"), ("== Strategies ==", "fate"), ("Kiho:", "fate"),
])
def test_decorated_headings(heading, section):
    deck = parse_text(f"{heading}\n3 Some Card\n")
    assert [(d.section, d.name) for d in deck.lines] == [(section, "Some Card")]


@pytest.mark.parametrize("line", ["Imperial Gift 2: Glory", "Holding Cells", "Celestial Alignment"])
def test_titles_that_begin_like_labels_stay_titles(line):
    assert [(d.section, d.name) for d in parse_text(line).lines] == [(None, line)]


def test_a_labelled_list_is_read_like_the_file():
    text = LION.read_text()
    as_file, as_posted = run(text, None, "ivory", DATE), run(labelled(text), None, "ivory", DATE)
    assert as_posted["legal"] and as_file["legal"]
    assert as_posted["counts"] == as_file["counts"] == {"dynasty": 40, "fate": 40}
    assert as_posted["stronghold"] == as_file["stronghold"] == "The Honorable Garrison of the Lion"
    def read(verdict):
        return Counter((line["card_id"], line["deck"]) for line in verdict["lines"] for _ in range(line["count"]))
    assert read(as_posted) == read(as_file)


def _replace_fate_line(text: str, new: str) -> tuple[str, int]:
    """The Lion list with its first Fate card line replaced by ``new``; (text, copies removed)."""
    lines = text.splitlines()
    start = lines.index(next(line for line in lines if line.startswith("# Fate")))
    at = next(i for i in range(start, len(lines)) if lines[i][:1].isdigit())
    copies = int(lines[at].split()[0])
    lines[at] = new
    return "\n".join(lines), copies


def test_an_unread_line_makes_the_count_uncertain_not_too_small():
    text, copies = _replace_fate_line(LION.read_text(), "3 Qqqzzz Unheard Of")
    verdict = run(text, None, "ivory", DATE)
    assert verdict["counts"]["fate"] == 40 - copies < 40
    assert [p["code"] for p in verdict["problems"]] == ["unknown-card"]
    assert verdict["count_uncertain"] == ["fate"]
    assert any("uncertain" in w and "Fate deck" in w for w in verdict["warnings"])


def test_an_unread_count_makes_it_uncertain_too():
    text, _ = _replace_fate_line(LION.read_text(), "0 Copper Mine")
    verdict = run(text, None, "ivory", DATE)
    assert [p["code"] for p in verdict["problems"]] == ["parse-error"] and verdict["count_uncertain"] == ["fate"]


def test_unread_lines_too_few_to_matter_leave_the_size_problem():
    text, copies = _replace_fate_line(LION.read_text(), "1 Qqqzzz Unheard Of")
    assert copies > 1
    verdict = run(text, None, "ivory", DATE)
    assert sorted(p["code"] for p in verdict["problems"]) == ["deck-too-small", "unknown-card"]
    assert verdict["count_uncertain"] == []


def test_permalink_round_trip_and_damaged_links():
    text = labelled(LION.read_text())
    token = permalink.encode(text)
    assert token and len(token) < permalink.MAX_TOKEN and permalink.decode(token) == text.strip()
    for bad in ("", "abc", token[:-10], token[:40] + "!" + token[41:], "A" * (permalink.MAX_TOKEN + 1)):
        with pytest.raises(DeckInputError) as caught:
            permalink.decode(bad)
        assert caught.value.code == "bad-permalink"
    bomb = permalink.encode("1 Hida Kisada\n" * 10_000)
    assert bomb is not None
    with pytest.raises(DeckInputError):
        permalink.decode(bomb)
    assert permalink.encode("\n".join(f"1 Card number {i} of a made-up pool" for i in range(3000))) is None


def test_checked_list_gets_a_permalink_and_a_sheet():
    client = Client()
    page = client.post("/decks/", {"decklist": labelled(LION.read_text()), "format": "ivory", "date": DATE})
    link = page.context["permalink_url"]
    assert link.startswith("/decks/list/") and link.endswith(f"?format=ivory&date={DATE}")
    shared = client.get(link)
    assert shared.status_code == 200 and shared.context["verdict"] == page.context["verdict"]
    assert shared.context["decklist"] == labelled(LION.read_text())
    sheet = client.get(page.context["sheet_url"]).content.decode()
    assert "Dynasty (40)" in sheet and "Fate (40)" in sheet and "The Honorable Garrison of the Lion" in sheet
    damaged = client.get("/decks/list/not-a-list/")
    assert damaged.status_code == 400 and "damaged" in damaged.content.decode()


def test_statistics_count_the_list():
    verdict = run(LION.read_text(), None, "ivory", DATE)
    pool = from_database()
    charts = {c.key: c for c in statistics.charts(verdict, pool)}
    assert set(charts) == {"types", "cost", "force-chi", "focus", "production"}
    by_type = charts["types"]
    assert [sum(s.values) for s in by_type.series] == [40, 40]
    copies = [(pool.by_id[line["card_id"]], line["count"], line["deck"]) for line in verdict["lines"]]
    focus = Counter()
    for card, n, deck in copies:
        if deck == "fate" and card.stat("focus") is not None:
            focus[str(card.stat("focus"))] += n
    chart = charts["focus"]
    assert {c: v for c, v in zip(chart.categories, chart.series[0].values) if v} == dict(focus)
    personalities = sum(n for card, n, deck in copies if card.type == "Personality")
    assert sum(charts["force-chi"].series[0].values) == personalities
    for chart in charts.values():
        assert all(0 <= b["h"] <= chart.layout["baseline"] for b in chart.layout["bars"])
        tallest = max(b["h"] for b in chart.layout["bars"])
        assert tallest == chart.layout["baseline"] - statistics.TOP  # the tallest bar fills the plot


def test_formats_page_lists_legal_sets_and_bans():
    page = Client().get("/decks/formats/")
    body = page.content.decode()
    shown = {f["slug"]: f for f in page.context["formats"]}
    assert list(shown) == [f.slug for f in formats.FORMATS]
    ivory_sets = {row["set"].name: row["share"] for row in shown["ivory"]["sets"]}
    assert {"Ivory Edition", "The Coming Storm", "Aftermath"} <= set(ivory_sets)
    assert not {"Imperial Edition", "Gold Edition", "Twenty Festivals"} & set(ivory_sets)
    for name, share in ivory_sets.items():
        values = Printing.objects.filter(card_set=CardSet.objects.get(name=name), is_proxy=False).values_list(
            "legality", flat=True)
        legal = sum("A Brother's Destiny (Ivory Edition)" in v for v in values)
        assert share == legal / len(values) >= 0.75, name
    assert len(shown["ivory"]["bans"]) == Ban.objects.filter(format="ivory").count() > 0
    assert all(len({c.url for c in f.rules.values()}) == len(shown[f.slug]["cites"]) for f in formats.FORMATS)
    assert body.count('class="format-card"') == len(formats.FORMATS) + 1


def test_card_pages_and_the_checker_list_the_same_formats():
    names = [f.name for f in formats.FORMATS]
    from cards.models import Card

    card = Card.objects.get(full_title="Hida Kisada • Experienced")
    page = Client().get(card.get_absolute_url())
    assert [row["name"] for row in page.context["legality"]] == names
    checker = Client().get("/decks/").content.decode()
    assert all(name in checker for name in names)


def test_parsing_keeps_a_bad_lines_heading():
    deck = parsing.parse_text("Fate\n0 Tetsubo\n")
    assert deck.errors[0].section == "fate"
