"""The card search API, the card API, the command, the pages, and bad queries."""
import json

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from cards.models import Card
from cards.search_fields import FIELDS

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def test_search_shape_and_paging(api):
    body = api.get("/api/cards/", {"q": "t:personality c:crab f>=4 legal:legacy"}).json()
    assert set(body) >= {"query", "total", "page", "next", "results", "warnings"}
    assert body["total"] > 20 >= len(body["results"]) and body["page"] == 1 and body["next"]
    first = body["results"][0]
    assert set(first) >= {"id", "title", "full_title", "type", "clans", "url"}
    assert first["type"] == "Personality" and "Crab" in first["clans"]
    second = api.get(body["next"]).json()
    assert second["page"] == 2 and {r["id"] for r in second["results"]}.isdisjoint({r["id"] for r in body["results"]})


def test_full_title_writes_the_level_as_the_set_files_do(api):
    body = api.get("/api/cards/", {"q": '"bayushi fuyuko"'}).json()
    assert "Bayushi Fuyuko • Experienced" in {r["full_title"] for r in body["results"]}


def test_order_and_direction_put_missing_values_last(api):
    body = api.get("/api/cards/", {"q": "c:lion order:force dir:desc", "page_size": 200}).json()
    forces = [r["stats"].get("force") for r in body["results"]]
    numbers = [int(f) for f in forces if f is not None and f.lstrip("+-").isdigit()]
    assert numbers == sorted(numbers, reverse=True) and numbers[0] >= 6
    last = api.get("/api/cards/", {"q": "c:lion order:force", "page": body["pages"], "page_size": 200}).json()
    assert last["results"][-1]["stats"].get("force") in (None, "*", "+*")


@pytest.mark.parametrize("query,code,words", [
    ("foo:bar", "unknown-field", ["foo", "Valid fields", "clan:"]),
    ("f>=x", "not-a-number", ["f>=x", "number"]),
    ("(c:crab OR c:crane", "unbalanced-parentheses", ["unclosed"]),
    ("c:crab)", "unbalanced-parentheses", ["never opened"]),
    ("c>3", "bad-comparison", ["numeric"]),
    ("legal:ivroy", "bad-value", ["ivory"]),
    ("order:colour", "bad-order", ["title"]),
    ("", "empty-query", []),
    ("x" * 5000, "query-too-long", ["limit"]),
])
def test_bad_queries_are_400_with_a_message(api, query, code, words):
    response = api.get("/api/cards/", {"q": query})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == code
    for word in words:
        assert word in error["message"]


def test_ignored_terms_are_warnings(api):
    body = api.get("/api/cards/", {"q": "c: t:holding OR"}).json()
    assert len(body["warnings"]) == 2 and 'c:' in body["warnings"][0] and "OR" in body["warnings"][1]
    assert body["total"] == api.get("/api/cards/", {"q": "t:holding"}).json()["total"]


def test_bad_paging_is_400(api):
    assert api.get("/api/cards/", {"q": "kisada", "page": "two"}).json()["error"]["code"] == "bad-page"
    assert api.get("/api/cards/", {"q": "kisada", "page_size": 0}).status_code == 400


def test_card_api(api):
    card = Card.objects.get(full_title="Hida Kisada • Experienced")
    body = api.get(f"/api/cards/{card.id}").json()
    assert body["full_title"] == "Hida Kisada • Experienced" and body["level"] == "Experienced"
    assert isinstance(body["stats"]["force"], int) and body["printings"]
    assert {row["format"] for row in body["legality"]} >= {"ivory", "onyx", "legacy"}
    assert api.get("/api/cards/nosuchcard").status_code == 404


def test_search_cards_command_prints_the_api_json(capsys):
    call_command("search_cards", "t:personality c:crab", "--limit", "3", "--json")
    body = json.loads(capsys.readouterr().out)
    assert len(body["results"]) == 3 and body["total"] > 100
    with pytest.raises(CommandError, match="unknown-field"):
        call_command("search_cards", "foo:bar")


def test_card_page_links_keywords_and_rules_words(client):
    card = Card.objects.filter(keywords__icontains="Cavalry", text_plain__contains="Ranged").first()
    page = client.get(card.get_absolute_url()).content.decode()
    assert 'href="/rules/term/cavalry/"' in page
    assert 'href="/rules/term/ranged-attack/"' in page
    assert "Legality" in page and "Printings" in page
    wrong_slug = client.get(f"/cards/{card.id}/wrong/")
    assert wrong_slug.status_code == 302 and wrong_slug["Location"] == card.get_absolute_url()


def test_card_page_shows_bans_with_dates(client):
    card = Card.objects.get(title="Advance Warning")
    page = client.get(card.get_absolute_url()).content.decode()
    assert "Banned since 2014-09-10" in page and "Ivory and Ivory 2" in page


def test_help_page_lists_every_field_from_the_table(client):
    page = client.get("/cards/help/").content.decode()
    for field in FIELDS:
        assert f'id="field-{field.name}"' in page
        for example in field.examples:
            assert example.replace('"', "&quot;").replace(">", "&gt;").replace("<", "&lt;") in page


def test_search_page_and_its_errors(client):
    page = client.get("/cards/", {"q": "kisada"}).content.decode()
    assert "Hida Kisada" in page
    bad = client.get("/cards/", {"q": "foo:bar"})
    assert bad.status_code == 400 and "Unknown field" in bad.content.decode()


def test_default_order_is_by_title_and_desc_reverses_it(api):
    body = api.get("/api/cards/", {"q": "c:crane t:personality legal:ivory", "page_size": 200}).json()
    titles = [r["full_title"] for r in body["results"]]
    assert len(titles) > 5
    reverse = api.get("/api/cards/", {"q": "c:crane t:personality legal:ivory dir:desc", "page_size": 200}).json()
    assert [r["full_title"] for r in reverse["results"]] == titles[::-1]
    from cards.text import fold
    keys = [fold(t.split(" • ")[0]) for t in titles]
    assert keys == sorted(keys)
