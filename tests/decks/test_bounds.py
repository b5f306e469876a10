"""Decklist input that costs: huge or many-lined lists refused before parsing, and name
suggestions that come from the titles' words (a made-up name gets none)."""
import pytest
from django.test import Client

from judgeapp.decks.pool import from_database

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_rate_limits(settings):
    settings.RATELIMIT_ENABLE = False


def validate(decklist: str):
    return Client().post("/api/decks/validate", {"decklist": decklist, "format": "ivory"},
                         content_type="application/json")


def test_five_megabytes_is_refused_as_too_large():
    response = validate("3 Hida Kisada\n" * 400_000)
    assert response.status_code == 413 and response.json()["error"]["code"] == "too-large"


def test_a_hundred_thousand_lines_are_refused_before_parsing():
    response = validate("1 a\n" * 100_000)
    assert response.status_code == 400 and response.json()["error"]["code"] == "too-many-lines"
    assert "100,000 lines" in response.json()["error"]["message"]


def test_two_hundred_made_up_names_are_each_answered():
    names = [f"{i} Zorblax Quenfrith {chr(65 + i % 26)}{chr(65 + i // 26)}" for i in range(200)]
    body = validate("Fate\n" + "\n".join(f"1 {n}" for n in names)).json()
    unknown = [p for p in body["problems"] if p["code"] == "unknown-card"]
    assert len(unknown) == 200
    assert all("Did you mean" not in p["message"] for p in unknown)  # nothing near: no random suggestion


@pytest.mark.parametrize("name, wanted", [
    ("Ogre Bushy", "Ogre Bushi"),
    ("Hida Kisadda the Great", "Hida Kisada"),
    ("Kaiu Wall", "The Kaiu Walls"),
    ("fortress crab", "Fortress of the Crab"),
    ("Moto Chagatay", "Moto Chagatai"),
])
def test_suggestions_match_words_as_well_as_characters(name, wanted):
    suggestions = from_database().suggestions(name)
    assert suggestions and wanted in suggestions[0], suggestions
    assert all(len(s) > 5 for s in suggestions)  # no "Fog" / "Hold!" for a two-word name


def test_a_long_line_of_dashes_is_one_unreadable_line():
    """The fuzzer's case: a card line grown to 26,000 characters of " - " (the heading
    patterns once backtracked over it for 11 s); it is refused as no card name, line by line."""
    line = "Hida O-Ushi - ex" + " -" * 13_000
    body = validate(f"Dynasty\n3 Hida Kisada\n{line}\n1 {line}").json()
    unread = [p["message"] for p in body["problems"] if p["code"] == "parse-error"]
    assert unread == [f"line {n}: a card name of 26,016 characters (titles are at most 150)." for n in (3, 4)]
