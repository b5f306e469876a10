"""The search API, the section API, the command, and bad input."""
import json

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def test_search_shape_and_top_hit(api):
    body = api.get("/api/rules/search", {"q": "chi death"}).json()
    assert set(body) >= {"query", "total", "page", "pages", "results", "suggestion", "as_of"}
    assert body["query"] == "chi death" and body["total"] >= len(body["results"]) > 0
    first = body["results"][0]
    assert set(first) == {"id", "doc", "section", "anchor", "number", "title", "url", "snippet", "score", "role",
                          "current"}
    assert first["doc"] == "twenty-festivals-cr" and "Chi Death" in first["title"] and first["role"] == "current"
    assert "<mark" in first["snippet"] and "Chi</mark>" in first["snippet"]
    assert first["url"] == f"/rules/{first['doc']}/{first['section']}/"


def test_did_you_mean(api):
    body = api.get("/api/rules/search", {"q": "chi deth"}).json()
    assert body["suggestion"] == "chi death"
    assert body["results"][0]["title"].startswith("Chi Death")


def test_abbreviation(api):
    titles = [r["title"] for r in api.get("/api/rules/search", {"q": "PH", "limit": 3}).json()["results"]]
    assert "Personal Honor" in titles


def test_filters(api):
    body = api.get("/api/rules/search", {"q": "cavalry", "doc": "diamond-rulebook"}).json()
    assert body["results"] and {r["doc"] for r in body["results"]} == {"diamond-rulebook"}
    body = api.get("/api/rules/search", {"q": "honor", "edition": "emperor"}).json()
    assert body["results"] and {r["doc"] for r in body["results"]} == {"emperor-cr-player"}


def test_french_finds_the_summary_and_the_english_rule(api):
    results = api.get("/api/rules/search", {"q": "victoire à l'honneur", "limit": 10}).json()["results"]
    docs = [r["doc"] for r in results]
    assert docs[0] == "twenty-festivals-cr"
    assert "ivory-summary-fr" in docs


def test_fiction_is_not_searchable(api):
    body = api.get("/api/rules/search", {"q": "Daigotsu Mishime hatamoto", "limit": 50}).json()
    assert "return-of-the-master" not in {r["section"] for r in body["results"]}


@pytest.mark.parametrize("params, code", [
    ({"q": ""}, "empty-query"),
    ({}, "empty-query"),
    ({"q": "x" * 10000}, "query-too-long"),
    ({"q": "AND OR NOT"}, "no-terms"),
    ({"q": "chi", "doc": "nope"}, "unknown-document"),
    ({"q": "chi", "edition": "nope"}, "unknown-edition"),
    ({"q": "chi", "limit": "ten"}, "bad-limit"),
    ({"q": "chi", "limit": "0"}, "bad-limit"),
    ({"q": "chi", "limit": "100000"}, "bad-limit"),
    ({"q": "chi", "page": "0"}, "bad-page"),
    ({"q": "chi", "page": "two"}, "bad-page"),
    ({"q": "chi", "as_of": "last tuesday"}, "bad-as-of"),
    ({"q": "chi", "as_of": "1999-01-01"}, "no-rules-then"),
])
def test_bad_input_is_a_400_with_a_message(api, params, code):
    response = api.get("/api/rules/search", params)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == code and len(error["message"]) > 10


@pytest.mark.parametrize("q", ['"chi death', "title:", "title: chi", "chi AND", "(chi", "chi)", "*", "f>=3",
                               "???", "NOT chi", "honor^", "~"])
def test_odd_queries_never_fail(api, q):
    response = api.get("/api/rules/search", {"q": q})
    assert response.status_code in (200, 400)
    body = response.json()
    assert "results" in body or "error" in body


def test_unbalanced_quote_is_repaired_with_a_warning(api):
    body = api.get("/api/rules/search", {"q": '"chi death'}).json()
    assert body["results"] and body["warnings"]


def test_section_api(api):
    body = api.get("/api/rules/sections/ivory-cr/timing/timing-conflicts").json()
    assert body["number"] == "9.2" and body["title"] == "Timing Conflicts"
    assert body["breadcrumb"][0]["title"] == "Timing"
    assert body["authoritative"] is False and body["document"]["authority"] == "previous"
    assert body["current"]["url"] == "/rules/twenty-festivals-cr/timing/timing-conflicts/"
    short = api.get("/api/rules/sections/ivory-cr/timing-conflicts").json()
    assert short["id"] == body["id"] == "ivory-cr/timing/timing-conflicts"
    parent = api.get("/api/rules/sections/ivory-cr/timing").json()
    assert [c["title"] for c in parent["children"]] == ["Triggers", "Timing Conflicts"]
    missing = api.get("/api/rules/sections/ivory-cr/no-such-thing")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not-found"


def test_cross_references_are_linked_in_the_api(api):
    body = api.get("/api/rules/sections/ivory-cr/leave").json()
    xrefs = [l for l in body["links"] if l["kind"] == "xref"]
    assert xrefs and xrefs[0]["href"] == "/rules/ivory-cr/areas-of-the-game/entering-and-leaving/"


def test_command_json_matches_the_api(api, capsys):
    call_command("search_rules", "rule of presence", "--limit", "5", "--json")
    printed = json.loads(capsys.readouterr().out)
    assert printed == api.get("/api/rules/search", {"q": "rule of presence", "limit": 5}).json()


def test_command_bad_input_exits_2(capsys):
    with pytest.raises(CommandError) as raised:
        call_command("search_rules", "", "--json")
    assert raised.value.returncode == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "empty-query"


def test_openapi_docs_served_offline():
    from django.test import Client

    client = Client()
    assert client.get("/api/docs/").status_code == 200
    schema = client.get("/api/schema/")
    assert schema.status_code == 200 and b"/api/rules/search" in schema.content
    assert b"cdn" not in client.get("/api/docs/").content.lower()


def test_unknown_api_path_is_a_json_404(api):
    response = api.get("/api/rules/nothing-here")
    assert response.status_code == 404 and response.json()["error"]["code"] == "not-found"


def _all_pages(api, params) -> list[dict]:
    first = api.get("/api/rules/search", params | {"limit": 50}).json()
    results = list(first["results"])
    for page in range(2, first["pages"] + 1):
        results += api.get("/api/rules/search", params | {"limit": 50, "page": page}).json()["results"]
    assert len(results) == first["total"]  # the count shown is the count one can page through
    return results


def test_every_counted_result_can_be_paged_through(api):
    results = _all_pages(api, {"q": "when does a unit bow after battle"})
    assert len(results) > 100 and len({r["id"] for r in results}) == len(results)
    assert "after-resolution" in [r["anchor"] for r in results[:3]]
    beyond = api.get("/api/rules/search", {"q": "chi death", "page": 500}).json()
    assert beyond["results"] == [] and beyond["page"] == 500


def test_current_rule_first_and_older_results_link_to_it(api):
    results = _all_pages(api, {"q": "ranged attack"})
    assert results[0]["doc"] == "twenty-festivals-cr" and results[0]["anchor"] == "ranged-attack"
    assert {r["role"] for r in results} <= {"current", "older", "translation"}
    ivory = next(r for r in results if r["doc"] == "ivory-cr" and r["anchor"] == "ranged-attack")
    assert ivory["role"] == "older" and ivory["current"]["url"] == results[0]["url"]
    assert all(r["current"] is None for r in results if r["role"] == "current")
    ranks = {r["id"]: i for i, r in enumerate(results)}
    assert ranks[ivory["id"]] > ranks[results[0]["id"]]


def test_typo_gets_the_correction(api):
    body = api.get("/api/rules/search", {"q": "manuever"}).json()
    assert body["suggestion"] and body["suggestion"].startswith("maneuver")
    assert "maneuvers-segment" in [r["anchor"] for r in body["results"][:3]]


def test_glossary_entry_lends_its_match_to_the_rule_it_names(api):
    results = api.get("/api/rules/search", {"q": "chi death", "limit": 3}).json()["results"]
    assert [r["anchor"] for r in results[:2]] == ["chi-death-rule", "chi-death"]


def test_rules_as_of_a_date(api):
    body = api.get("/api/rules/search", {"q": "fortification", "as_of": "2014-06-01"}).json()
    assert body["as_of"] == "2014-06-01"
    docs = {r["doc"] for r in _all_pages(api, {"q": "fortification", "as_of": "2014-06-01"})}
    assert "twenty-festivals-cr" not in docs and body["results"][0]["doc"] == "ivory-cr"
    assert body["results"][0]["role"] == "current"
    by_edition = api.get("/api/rules/search", {"q": "fortification", "as_of": "ivory"}).json()
    assert by_edition["results"] == body["results"]


def test_section_api_returns_the_change(api):
    body = api.get("/api/rules/sections/twenty-festivals-cr/fortification").json()
    change = body["change"]
    assert change["status"] == "changed" and change["from"]["doc"] == "ivory-cr" and change["listed"] == [5]
    assert ["+", "bowed. "] in change["runs"] and "<del>unbowed (straightened). </del>" in change["html"]
    older = api.get("/api/rules/sections/ivory-cr/fortification").json()
    assert older["change"]["to"]["doc"] == "twenty-festivals-cr"
    assert [e["doc"] for e in older["editions"]] == ["twenty-festivals-cr", "ivory-cr"]
    same = api.get("/api/rules/sections/twenty-festivals-cr/unstoppable").json()
    assert same["change"] is None and same["unchanged_since"]["doc"] == "ivory-cr"


def test_section_api_as_of(api):
    body = api.get("/api/rules/sections/twenty-festivals-cr/fortification", {"as_of": "2014-06-01"}).json()
    assert body["doc"] == "ivory-cr" and body["as_of"]["document"] == "ivory-cr"
    assert "unbowed" in body["body"]
    missing = api.get("/api/rules/sections/twenty-festivals-cr/legacy", {"as_of": "ivory"})
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not-in-force"
    today = api.get("/api/rules/sections/ivory-cr/fortification", {"as_of": "2016-01-01"}).json()
    assert today["doc"] == "twenty-festivals-cr"
