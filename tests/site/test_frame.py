"""The frame of every page (skip link, landmarks, the current section, the footer's data
date, favicon), the home and about pages, and the one search box for cards and rules."""
import re

import pytest
from django.test import Client

from cards.models import Card, CardSet

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return Client(raise_request_exception=False)


def test_every_page_has_the_frame(client):
    newest = CardSet.objects.exclude(release_date=None).order_by("-release_date", "-order").first()
    for url, current in (("/", None), ("/cards/", "/cards/"), ("/cards/help/", "/cards/"), ("/no/such/page/", None)):
        body = client.get(url).content.decode()
        assert body.index('class="skip-link" href="#main"') < body.index('<main id="main"')
        assert '<nav class="site-nav" aria-label="Site">' in body and "<footer class=\"site\">" in body
        assert f"cards through {newest.name}" in body
        assert 'rel="icon"' in body and 'role="search"' in body
        marked = re.findall(r'<a href="([^"]+)" aria-current="(?:page|true)"', body)
        assert marked == ([current] if current else [])


def test_favicon_and_about(client):
    assert client.get("/favicon.ico")["Location"].endswith(".svg")
    about = client.get("/about/").content.decode()
    assert f"{Card.objects.count()} cards" in about and "not affiliated" in about


def test_home_page_shows_every_tool(client):
    body = client.get("/").content.decode()
    for link in ("/rules/", "/cards/", "/decks/", "/positions/", "/events/", "/cards/advanced/", "/positions/format/"):
        assert f'href="{link}"' in body


def test_a_cards_exact_name_opens_the_card(client):
    card = Card.objects.get(full_title="Doji Hoturi")
    assert client.get("/search", {"q": "Doji Hoturi"})["Location"] == card.get_absolute_url()
    experienced = Card.objects.get(full_title="Doji Hoturi • Experienced 2")
    assert client.get("/search", {"q": "doji hoturi - exp 2"}).status_code == 200  # a decklist spelling: listed
    assert client.get("/search", {"q": "Doji Hoturi • Experienced 2"})["Location"] == experienced.get_absolute_url()
    assert client.get("/search", {"q": "Doji Hoturi", "all": "1"}).status_code == 200


def test_a_rules_word_lists_both_kinds_rules_first(client):
    response = client.get("/search", {"q": "cavalry"})  # a glossary term and a token's name
    assert response.status_code == 200 and response.context["rules"]["total"] > 0
    body = response.content.decode()
    assert body.index('id="rule-results"') < body.index('id="card-results"')


def test_a_misspelt_name_lists_the_cards_first(client):
    response = client.get("/search", {"q": "hida kisda"})
    assert response.context["cards"]["corrected"]["to"] == "hida kisada"
    body = response.content.decode()
    assert body.index('id="card-results"') < body.index('id="rule-results"')
    assert "Did you mean" not in body


def test_a_card_query_and_a_bad_one(client):
    listed = client.get("/search", {"q": "t:stronghold c:crab"})
    assert listed.context["cards"]["total"] > 0
    bad = client.get("/search", {"q": "foo:bar"})
    assert bad.status_code == 200 and "Unknown field" in bad.context["card_error"]
    assert client.get("/search", {"q": ""}).status_code == 200
