"""Rules pages through Django's test client."""
import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return Client()


def test_documents_page_lists_all_five(client):
    html = client.get("/rules/").content.decode()
    for title in ("Ivory Comprehensive Rules 1.8", "Diamond Edition Rulebook", "Résumé des règles Ivory"):
        assert title in html
    assert "Authoritative" in html


def test_section_page(client):
    html = client.get("/rules/ivory-cr/battles/resolution-segment/battle-resolution/").content.decode()
    assert '<span class="number">12.6.2</span>Battle Resolution' in html
    assert 'href="/rules/ivory-cr/battles/">12 Battles</a>' in html  # breadcrumb
    assert 'rel="prev"' in html and 'rel="next"' in html
    assert "Ivory" in html and "Authoritative" in html


def test_short_id_redirects_to_the_permalink(client):
    response = client.get("/rules/ivory-cr/timing-conflicts/")
    assert response.status_code == 302
    assert response["Location"] == "/rules/ivory-cr/timing/timing-conflicts/"


def test_see_references_and_terms_are_links(client):
    html = client.get("/rules/ivory-cr/specific-game-terms-and-procedures/leave/").content.decode()
    assert '<a class="xref" href="/rules/ivory-cr/areas-of-the-game/entering-and-leaving/">Entering and leaving</a>' in html
    html = client.get("/rules/ivory-cr/card-types/dynasty-card-types/personality/chi-death-rule/").content.decode()
    assert re.search(r'<a class="term" href="/rules/term/personality/">Personality</a>', html)


def test_examples_are_set_apart(client):
    html = client.get("/rules/ivory-cr/choices-and-targeting/targeting/targeting-paradoxes/").content.decode()
    assert html.count('<div class="example">') == 2


def test_term_page_shows_the_authoritative_definition_first(client):
    html = client.get("/rules/term/cavalry/").content.decode()
    ivory = html.index("Ivory Comprehensive Rules")
    diamond = html.index("Diamond Edition Rulebook")
    assert ivory < diamond and "Older versions" in html


def test_glossary_section_lists_older_versions(client):
    html = client.get("/rules/ivory-cr/specific-game-terms-and-procedures/cavalry/").content.decode()
    assert "Older versions of this term" in html and "/rules/diamond-rulebook/glossary/cavalry/" in html


def test_rendered_html_is_sanitized(client):
    from rules_corpus.rendering import LinkTable, render_body

    table = LinkTable.build({}, "", {})
    html = render_body('Hello <script>alert(1)</script> <a href="javascript:x()" onclick="y()">z</a>', "d", table)
    assert "<script" not in html and "onclick" not in html and "javascript:" not in html


def test_search_page(client):
    html = client.get("/rules/search", {"q": "proclaim"}).content.decode()
    assert 'data-url="/rules/ivory-cr/' in html and "<mark" in html
    assert "Ivory Comprehensive Rules 1.8</div>" in html
    response = client.get("/rules/search", {"q": "x" * 10000})
    assert response.status_code == 400 and 'class="error"' in response.content.decode()


def test_unknown_pages_are_404(client):
    assert client.get("/rules/nope/").status_code == 404
    assert client.get("/rules/ivory-cr/no/such/section/").status_code == 404
    assert client.get("/rules/term/no-such-term/").status_code == 404
