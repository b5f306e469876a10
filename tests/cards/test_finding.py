"""Finding cards as users do: misspelt names, sets by name or code, the advanced form,
sort and view links, a random card, set pages, the card page's parts, one clan rule."""
import pytest
from django.http import QueryDict
from django.test import Client

from cards import advanced, search_index
from cards.models import Card, CardSet, Printing
from cards.search_query import CardQueryError, correct_words, with_order
from cards.text import clan_alignments

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("typed,meant", [("kisda", "kisada"), ("hida kisda", "hida kisada"),
                                         ("dojii hotori", "doji hoturi"), ("ogre bushy", "ogre bushi")])
def test_a_misspelt_name_finds_the_card_and_says_so(typed, meant):
    result = search_index.search(typed)
    assert result["corrected"] == {"from": typed, "to": meant}
    words = meant.split()
    assert result["total"] > 0 and all(all(w in r["full_title"].lower() for w in words) for r in result["results"])


def test_a_name_nobody_wrote_gets_no_guess():
    result = search_index.search("qqqzzxv")
    assert result["total"] == 0 and "corrected" not in result


def test_correction_leaves_fields_and_operators_alone():
    fix = {"kisda": "kisada", "crab": "crab"}.get
    assert correct_words("kisda c:crab -kisda OR kisda*", fix) == "kisada c:crab -kisda OR kisda*"


def test_sets_by_code_name_or_start():
    assert search_index.search("set:TCS")["notes"] == ["set:TCS matched The Coming Storm."]
    assert search_index.search("set:ivory")["notes"] == ["set:ivory matched Ivory Edition."]
    assert search_index.search('set:"coming storm"')["notes"] == ['set:"coming storm" matched The Coming Storm.']
    promo = search_index.search("set:promotional")["notes"][0]
    assert promo.startswith("set:promotional matched 11 sets: Promotional")
    with pytest.raises(CardQueryError) as caught:
        search_index.search("set:comming-strom")
    assert caught.value.code == "unknown-set" and "The Coming Storm" in caught.value.message


def test_cards_in_no_deck_are_hidden_unless_asked_for():
    plain, asked = search_index.search("kisada deckbacker"), search_index.search("kisada deckbacker is:extra")
    assert plain["total"] == 0 and plain["extra_hidden"] == 1
    assert [r["full_title"] for r in asked["results"]] == ["Hida Kisada Deckbacker"]
    page = Client().get("/cards/", {"q": "kisada deckbacker"}).content.decode()
    assert 'id="show-extra"' in page


def test_one_clan_rule_for_both_exports():
    known = {"Crab", "Scorpion"}
    assert clan_alignments([], ["Ronin", "Unaligned"], known) == ["Unaligned"]
    assert clan_alignments(["Crab Clan"], ["Scorpion Clan", "Fist of the Scorpion Clan"], known) == ["Crab", "Scorpion"]
    kuronada = Card.objects.get(full_title="Kuronada")
    kisada = Card.objects.get(full_title="Hida Kisada • Experienced")
    assert "Unaligned" in kuronada.clans and "Unaligned" not in kisada.clans


def test_the_advanced_form_writes_the_query():
    form = QueryDict(mutable=True)
    form.update({"name": 'akodo "the lion"', "text": "ranged", "keyword": "Cavalry, Crab Clan", "clan": "Lion",
                 "set": "ivory-edition", "force_op": "ge", "force_value": "3", "cost_value": "5", "order": "force",
                 "dir": "desc"})
    form.setlist("type", ["Personality", "Follower"])
    form.setlist("is", ["unique"])
    built = advanced.build(form)
    assert built.errors == []
    assert built.query == ('akodo "the lion" o:ranged kw:Cavalry kw:"Crab Clan" (type:Personality OR type:Follower) '
                           "clan:Lion set:ivory-edition is:unique force>=3 cost=5 order:force dir:desc")
    search_index.search(built.query)  # it is a valid query
    bad = QueryDict("force_value=lots&rarity=shiny&is=sparkly")
    assert [e.split(":")[0] for e in advanced.build(bad).errors] == ["rarity", "is", "force"]
    assert advanced.build(QueryDict("order=cost")).errors == ["Fill in at least one field to search by."]
    response = Client().get("/cards/advanced/", {"name": "kisada", "type": "Personality"})
    assert response.status_code == 302 and response["Location"] == "/cards/?q=kisada+type%3APersonality"
    assert Client().get("/cards/advanced/", {"force_value": "x"}).status_code == 400


def test_sort_and_view_links():
    assert with_order("t:personality order:cost dir:asc c:crab", "force", "desc") == \
        "t:personality c:crab order:force dir:desc"
    page = Client().get("/cards/", {"q": "c:crab t:personality order:force dir:desc", "view": "table"})
    sorts = {s["label"]: s for s in page.context["sorts"]}
    assert sorts["Force"]["here"] and "dir%3Aasc" in sorts["Force"]["url"] and "view=table" in sorts["Force"]["url"]
    assert "<table class=\"cards\">" in page.content.decode()
    listed = Client().get("/cards/", {"q": "hida kisada"}).content.decode()
    assert '<abbr title="Honor Requirement">HR</abbr>' in listed and 'class="type-line"' in listed


def test_random_card():
    client = Client()
    for query, check in (("", lambda c: not search_index.is_extra(c.deck)),
                         ("t:personality c:crab", lambda c: c.type == "Personality" and "Crab" in c.clans)):
        response = client.get("/cards/random/", {"q": query} if query else {})
        assert response.status_code == 302
        card = Card.objects.get(pk=response["Location"].split("/")[2])
        assert check(card)
    assert client.get("/cards/random/", {"q": "foo:bar"}).status_code == 400
    assert client.get("/cards/random/", {"q": "qqqzzzxx"}).status_code == 404


def test_set_pages():
    client = Client()
    page = client.get("/cards/sets/").content.decode()
    assert all(f"/cards/sets/{slug}/" in page for slug in CardSet.objects.values_list("slug", flat=True))
    ivory = CardSet.objects.get(name="Ivory Edition")
    response = client.get(f"/cards/sets/{ivory.slug}/")
    printings = response.context["printings"]
    assert len(printings) == Printing.objects.filter(card_set=ivory).count()
    numbers = [int(p.number) for p in printings if p.number.isdigit()]
    assert numbers == sorted(numbers)
    assert client.get("/cards/sets/no-such-set/").status_code == 404


def test_card_page_parts():
    card = Card.objects.get(full_title="Hida Kisada • Experienced")
    response = Client().get(card.get_absolute_url())
    body = response.content.decode()
    assert response.context["type_line"].startswith("Personality · Crab")
    assert [s["label"] for s in response.context["stats"]][:2] == ["Force", "Chi"]
    assert "Hida Kisada • Inexperienced" in [v.full_title for v in response.context["versions"]]
    assert f'href="/cards/sets/{card.printings.first().card_set.slug}/"' in body
    assert "cards/_reading.html" in {t.name for t in response.templates}
