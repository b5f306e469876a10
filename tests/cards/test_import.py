"""The card import: counts, parsing, the current printing, Oracle merge, bans, idempotence."""
import datetime as dt
from pathlib import Path

import pytest
from django.conf import settings

from cards.catalog import card_id
from cards.models import Ban, Card, CardSet, Printing
from cards.pipeline import run_import
from cards.text import parse_stat, parse_title, text_html, text_plain

pytestmark = pytest.mark.django_db


def test_every_card_and_printing_is_imported(card_report):
    assert card_report["cards"] == Card.objects.count() == 13798
    assert card_report["printings"] == Printing.objects.count() == 20132
    oracle = card_report["oracle"]
    assert oracle["records"] == 3535
    assert oracle["matched"] + len(oracle["unmatched"]) == 3535
    assert all(u["reason"] for u in oracle["unmatched"])
    assert Card.objects.exclude(oracle_id=None).count() == oracle["matched"]


def test_entities_are_decoded_in_set_names_and_titles():
    names = set(CardSet.objects.values_list("name", flat=True))
    assert "Heaven & Earth" in names and "Promotional – Emperor" in names
    assert not Card.objects.filter(full_title__contains="&#").exists()
    assert not Card.objects.filter(text_plain__contains="&amp;").exists()


def test_experience_levels_are_parsed_with_set_tags():
    assert parse_title("Bayushi Aramoro • ExperiencedKYD") == parse_title("Bayushi Aramoro &#149; ExperiencedKYD")
    name = parse_title("Bayushi Aramoro • ExperiencedKYD")
    assert (name.title, name.level, name.tag, name.rank) == ("Bayushi Aramoro", "Experienced", "KYD", 1)
    assert parse_title("Hida Kisada • Experienced 2").rank == 2
    assert parse_title("Hida Kisada • Inexperienced").rank == -1
    card = Card.objects.get(full_title="Bayushi Fuyuko • Experienced")
    assert (card.title, card.level) == ("Bayushi Fuyuko", "Experienced")
    assert Card.objects.filter(title="Bayushi Fuyuko", level="").exists()


def test_stats_keep_modifiers_stars_and_dashes_distinct():
    assert parse_stat("+2").signed and parse_stat("+2").value == 2
    assert parse_stat("*").value is None and parse_stat(["-"]).value is None
    assert parse_stat(0).value == 0 and not parse_stat(0).signed
    item = Card.objects.filter(type="Item", stats__force__startswith="+").first()
    assert item is not None
    none_hr = Card.objects.filter(stats__honor_requirement="-").first()
    assert none_hr is not None and none_hr.stat("honor_requirement").value is None


def test_icons_become_readable_marks_and_html_is_sanitized():
    assert "[Bow]" in text_plain("<b>Open, :bow::</b> Gain 1 Honor.")
    assert "[2 Gold]" in text_plain("Limited, :g2: Gain 2 Honor") and "[* Gold]" in text_plain(":gstar:")
    assert "<script" not in text_html('<b>Open:</b><script>alert(1)</script>')
    bowing = Card.objects.filter(text_html__contains='class="icon bow"').count()
    assert bowing > 100 and not Card.objects.filter(text_plain__contains=":bow:").exists()


def test_current_printing_is_the_most_recent_real_one():
    for card in Card.objects.filter(title__in=["Hida Kisada", "Gates of the Second City", "Takuan"])[:10]:
        printings = list(card.printings.select_related("card_set"))
        current = [p for p in printings if p.is_current]
        assert len(current) == 1
        real = [p for p in printings if p.side == "front" and not p.is_proxy]
        latest = max((p.card_set.release_date or dt.date.min) for p in real)
        assert (current[0].card_set.release_date or dt.date.min) == latest


def test_oracle_text_wins_and_disagreements_are_listed(card_report):
    texts = [d for d in card_report["disagreements"] if d["field"] == "text"]
    assert texts and all(d["chosen"] == "oracle" for d in card_report["disagreements"])
    sample = Card.objects.get(pk=texts[0]["id"])
    assert sample.text_source == "oracle" and sample.text_plain == texts[0]["oracle"]


def test_bans_are_parsed_with_dates_and_unknown_scope_kept():
    warning = Ban.objects.filter(card__title="Advance Warning")
    assert {(b.format, b.effective) for b in warning if b.format} == {
        ("ivory", dt.date(2014, 9, 10)), ("twenty-festivals", dt.date(2014, 9, 10))}
    farmlands = Ban.objects.get(card__title="Exotic Farmlands", format="ivory")
    assert farmlands.effective == dt.date(2014, 3, 14) and farmlands.year_inferred
    assert "March 14th" in farmlands.raw
    assert Ban.objects.filter(format="").count() == Card.objects.filter(bans__format="").distinct().count() >= 30


def test_legality_uses_slugs_and_proxies_are_legal_nowhere():
    assert not Card.objects.filter(types=["Proxy"], legalities__isnull=False).exists()
    onyx = Card.objects.filter(legalities__format="onyx").count()
    assert onyx > 1000
    assert card_id("Hida Kisada") == card_id("Hida Kisada") != card_id("Hida Kisada • Experienced")


def test_second_import_changes_nothing_and_keeps_ids():
    ids = set(Card.objects.values_list("id", flat=True)[:50])
    report = run_import(Path(settings.L5R_CORPUS_DIR))
    assert report["changed"] is False and report["cards"] == 13798
    assert ids <= set(Card.objects.values_list("id", flat=True))


def test_a_missing_corpus_is_named_and_nothing_is_lost(tmp_path):
    report = run_import(tmp_path)
    assert report["failed"] and str(tmp_path) in report["failed"][0]
    assert Card.objects.count() == 13798
