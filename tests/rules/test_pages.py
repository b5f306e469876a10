"""Rules pages through Django's test client."""
import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return Client()


def test_documents_page_lists_all_six(client):
    html = client.get("/rules/").content.decode()
    for title in ("Twenty Festivals Comprehensive Rules", "Ivory Comprehensive Rules 1.8", "Diamond Edition Rulebook",
                  "Résumé des règles Ivory"):
        assert title in html
    assert "Authoritative" in html and "Previous edition" in html
    assert 'href="/rules/changes/"' in html and 'href="/rules/glossary/"' in html


def test_section_page(client):
    html = client.get("/rules/ivory-cr/battles/resolution-segment/battle-resolution/").content.decode()
    assert '<span class="number">12.6.2</span>Battle Resolution' in html
    assert 'href="/rules/ivory-cr/battles/">12 Battles</a>' in html  # breadcrumb
    assert 'rel="prev"' in html and 'rel="next"' in html
    assert "Ivory" in html and "Previous edition" in html
    assert 'The current rule is <a href="/rules/twenty-festivals-cr/battles/resolution-segment/battle-resolution/"' in html


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


def test_term_page_shows_the_twenty_festivals_definition_first(client):
    html = client.get("/rules/term/cavalry/").content.decode()
    festivals = html.index("Twenty Festivals Comprehensive Rules")
    ivory = html.index("Ivory Comprehensive Rules")
    diamond = html.index("Diamond Edition Rulebook")
    assert festivals < ivory < diamond and "Older versions" in html
    html = client.get("/rules/term/chi-death/").content.decode()
    assert 'id="term-rule">3.2.2.6 Chi Death Rule</a>' in html


def test_glossary_section_lists_older_versions(client):
    html = client.get("/rules/twenty-festivals-cr/specific-game-terms-and-procedures/cavalry/").content.decode()
    assert "Older versions of this term" in html and "/rules/diamond-rulebook/glossary/cavalry/" in html


def test_rendered_html_is_sanitized(client):
    from rules_corpus.rendering import LinkTable, render_body

    table = LinkTable.build({}, "", {})
    html = render_body('Hello <script>alert(1)</script> <a href="javascript:x()" onclick="y()">z</a>', "d", table)
    assert "<script" not in html and "onclick" not in html and "javascript:" not in html


def test_search_page(client):
    html = client.get("/rules/search", {"q": "proclaim"}).content.decode()
    assert 'data-url="/rules/twenty-festivals-cr/' in html and "<mark" in html
    assert 'Twenty Festivals Comprehensive Rules <span class="badge current">current rules</span>' in html
    assert '<span class="badge previous">previous edition</span>' in html
    assert "<script>" not in html and "style=" not in html.split("<main")[1]
    response = client.get("/rules/search", {"q": "x" * 10000})
    assert response.status_code == 400 and 'class="error"' in response.content.decode()


def test_unknown_pages_are_404(client):
    assert client.get("/rules/nope/").status_code == 404
    assert client.get("/rules/ivory-cr/no/such/section/").status_code == 404
    assert client.get("/rules/term/no-such-term/").status_code == 404


def test_paragraphs_have_anchors_on_the_section_and_the_one_page_document(client):
    url = "/rules/twenty-festivals-cr/game-mechanics/taking-actions/action-sequence/"
    html = client.get(url).content.decode()
    assert '<p id="action-sequence-step-c">C. Chooses any targets' in html
    assert '<a class="para" href="#action-sequence-step-c"' in html
    full = client.get("/rules/twenty-festivals-cr/full/").content.decode()
    assert full.count("<section id=") == 436 and '<section id="action-sequence"' in full
    assert '<p id="action-sequence-step-c">' in full and full.count('id="action-sequence-step-c"') == 1
    ids = re.findall(r' id="([^"]+)"', full)
    assert len(ids) == len(set(ids))  # every anchor names one place


def test_section_page_toggles_what_changed(client):
    html = client.get("/rules/twenty-festivals-cr/specific-game-terms-and-procedures/fortification/").content.decode()
    assert '<details class="changes-toggle" id="changes">' in html
    assert "<ins>bowed. </ins>" in html and "<del>unbowed (straightened). </del>" in html
    assert '<a href="/rules/changes/#change-5">change 5</a>' in html
    same = client.get("/rules/twenty-festivals-cr/specific-game-terms-and-procedures/unstoppable/").content.decode()
    assert "Same words as in the" in same and "changes-toggle" not in same


def test_changes_page_lists_every_change_and_the_seven_listed_ones(client):
    html = client.get("/rules/changes/").content.decode()
    assert html.count('<li id="change-') == 7
    assert "Fortifications enter play bowed by default." in html
    listed = html[html.index('id="change-5"'):html.index('id="change-6"')]
    assert 'href="/rules/twenty-festivals-cr/specific-game-terms-and-procedures/fortification/#changes"' in listed
    from rules_corpus.models import SectionChange
    assert html.count('<details class="change-row"') == SectionChange.objects.count()
    assert 'id="added-legacy"' in html and 'id="removed-discard"' in html


def test_glossary_index(client):
    html = client.get("/rules/glossary/").content.decode()
    assert '<a href="/rules/term/legacy/">Legacy</a>' in html
    assert 'the rule: <a href="/rules/twenty-festivals-cr/card-types/dynasty-card-types/personality/chi-death-rule/">' in html
    assert html.index('id="letter-A"') < html.index('id="letter-M"') < html.index('id="letter-W"')


def test_rules_as_of_a_date_on_the_pages(client):
    url = "/rules/twenty-festivals-cr/specific-game-terms-and-procedures/fortification/"
    response = client.get(url, {"as_of": "2014-06-01"})
    assert response.status_code == 302
    assert response["Location"] == "/rules/ivory-cr/specific-game-terms-and-procedures/fortification/?as_of=2014-06-01"
    html = client.get(response["Location"]).content.decode()
    assert "Rules as of 2014-06-01: the Ivory Comprehensive Rules 1.8 applied." in html
    html = client.get("/rules/twenty-festivals-cr/specific-game-terms-and-procedures/legacy/",
                      {"as_of": "2014-06-01"}).content.decode()
    assert "This section did not exist then" in html
    assert client.get(url, {"as_of": "soon"}).status_code == 400
    html = client.get("/rules/search", {"q": "fortification", "as_of": "2014-06-01"}).content.decode()
    assert "rules as of 2014-06-01" in html and 'data-url="/rules/twenty-festivals-cr/' not in html


def test_search_page_pages(client):
    html = client.get("/rules/search", {"q": "when does a unit bow after battle"}).content.decode()
    total = int(re.search(r'id="count">(\d+) matching', html)[1])
    assert total > 100 and f"page 1 of {-(-total // 20)}" in html
    assert 'rel="next" href="?q=when+does+a+unit+bow+after+battle&amp;page=2"' in html
    page2 = client.get("/rules/search", {"q": "when does a unit bow after battle", "page": 2}).content.decode()
    assert '<ol class="results" id="results" start="21">' in page2 and 'rel="prev"' in page2
