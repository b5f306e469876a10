"""The validation API, the formats API, the command (exit statuses), the page, and bad input."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from judgeapp.decks import formats
from judgeapp.decks.parsing import parse_text
from tests.conftest import ROOT, database_url

pytestmark = pytest.mark.django_db
LION = Path(settings.L5R_CORPUS_DIR) / "decklists" / "2014-Ivory-Starter-Lion.l5d"


@pytest.fixture
def api():
    return APIClient()


def post(api, body):
    return api.post("/api/decks/validate", body, format="json")


def test_validate_text_shape(api):
    body = post(api, {"decklist": LION.read_text(), "format": "ivory", "date": "2014-10-15"}).json()
    assert set(body) >= {"legal", "format", "date", "counts", "stronghold", "sensei", "problems", "warnings", "lines"}
    assert body["legal"] is True and body["format"] == "ivory" and body["date"] == "2014-10-15"
    assert body["stronghold"] == "The Honorable Garrison of the Lion"
    line = body["lines"][0]
    assert set(line) >= {"line", "text", "count", "card_id", "title", "deck"}


def test_validate_json_deck_and_problem_shape(api):
    deck = {"stronghold": "The Honorable Garrison of the Lion",
            "cards": [{"count": 4, "title": "Matsu Agai", "deck": "dynasty"},
                      {"count": 1, "title": "Ogre Bushy", "deck": "fate"}]}
    body = post(api, {"deck": deck, "format": "ivory", "date": "2014-10-15"}).json()
    assert body["legal"] is False
    found = {p["code"] for p in body["problems"]}
    assert {"too-many-copies", "unknown-card", "deck-too-small"} <= found
    problem = body["problems"][0]
    assert set(problem) == {"code", "message", "cards", "cite"}
    assert set(problem["cite"]) == {"doc", "section", "title", "url"}
    assert api.get(problem["cite"]["url"]).status_code in (200, 302)


def test_upload_and_l5d_round_trip(api):
    upload = SimpleUploadedFile("lion.l5d", LION.read_bytes(), content_type="application/octet-stream")
    body = api.post("/api/decks/validate", {"file": upload, "format": "ivory", "date": "2014-10-15", "l5d": "true"},
                    format="multipart").json()
    assert body["legal"] and body["l5d"].startswith("\n# Pre-Game (1)")
    again = post(api, {"decklist": body["l5d"], "format": "ivory", "date": "2014-10-15"}).json()
    assert again["legal"]
    assert sorted((x["card_id"], x["count"]) for x in again["lines"]) == \
        sorted((x["card_id"], x["count"]) for x in body["lines"])
    assert len(parse_text(body["l5d"]).lines) == len(body["lines"])


@pytest.mark.parametrize("body,code", [
    ({"decklist": "x", "format": "nope"}, "unknown-format"),
    ({"decklist": "x", "date": "2014-13-01"}, "bad-date"),
    ({"decklist": 5}, "bad-decklist"),
    ({}, "no-decklist"),
    ({"deck": {"cards": "no"}}, "bad-deck"),
    ({"decklist": "x", "deck": {"cards": []}}, "two-decklists"),
    ({"decklist": "a\n" * 100_000}, "too-many-lines"),
    ({"decklist": "1 Hida Kisada\n" * 80_000}, "too-large"),
])
def test_bad_requests_are_400s(api, body, code):
    response = post(api, body)
    assert response.status_code == 400 and response.json()["error"]["code"] == code


def test_oversized_bodies_and_uploads_are_refused_in_json(api):
    response = post(api, {"decklist": "a" * 5_000_000})
    assert response.status_code == 413 and response.json()["error"]["code"] == "too-large"
    upload = SimpleUploadedFile("big.l5d", b"1 A\n" * 300_000)
    response = api.post("/api/decks/validate", {"file": upload}, format="multipart")
    assert response.status_code in (400, 413) and response.json()["error"]["code"] == "too-large"
    binary = SimpleUploadedFile("x.l5d", bytes(range(256)) * 4)
    response = api.post("/api/decks/validate", {"file": binary}, format="multipart")
    assert response.status_code == 400 and response.json()["error"]["code"] == "binary"


def test_bad_lines_are_problems_not_errors(api):
    body = post(api, {"decklist": "-3 Hida Kisada\n1000000000000 Hida Kisada\n3 " + "A" * 10_000}).json()
    assert [p["code"] for p in body["problems"][:3]] == ["parse-error"] * 3


def test_formats_api_lists_every_format_with_sources(api):
    body = api.get("/api/formats").json()
    slugs = [f["slug"] for f in body["formats"]]
    assert slugs == [f.slug for f in formats.FORMATS]
    assert {"ivory", "twenty-festivals", "emperor", "celestial", "samurai", "lotus", "diamond", "gold", "jade",
            "imperial", "onyx", "modern", "open"} <= set(slugs)
    for f in body["formats"]:
        for rule in f["rules"].values():
            assert api.get(rule["url"]).status_code in (200, 302), rule


def run_command(*args, stdin=None):
    return subprocess.run([sys.executable, "manage.py", "validate_deck", *args], cwd=ROOT, capture_output=True,
                          text=True, input=stdin, env=dict(__import__("os").environ,
                                                           DATABASE_URL=database_url()))


def test_command_exit_statuses(tmp_path):
    legal = run_command(str(LION), "--format", "ivory", "--date", "2014-10-15", "--json")
    assert legal.returncode == 0 and json.loads(legal.stdout)["legal"] is True
    bad = tmp_path / "bad.txt"
    bad.write_text("3 Ogre Bushy\n")
    illegal = run_command(str(bad), "--format", "emperor")
    assert illegal.returncode == 0 and "NOT LEGAL" in illegal.stdout and "Ogre Bushi" in illegal.stdout
    binary = tmp_path / "bin.l5d"
    binary.write_bytes(b"\x00\x01" * 100)
    unusable = run_command(str(binary))
    assert unusable.returncode == 2 and "binary" in unusable.stderr
    assert run_command(str(tmp_path / "missing.txt")).returncode == 2
    assert run_command(str(LION), "--format", "nope").returncode == 2


def test_page_shows_verdict_problems_and_lines(client):
    page = client.post("/decks/", {"decklist": "3 Ogre Bushy\n4 Matsu Agai", "format": "ivory",
                                   "date": "2014-10-15"}).content.decode()
    assert page.count('class="problem"') >= 3 and 'class="cite"' in page
    assert "How each line was read" in page and "Matsu Agai" in page
    upload = SimpleUploadedFile("lion.l5d", LION.read_bytes())
    page = client.post("/decks/", {"file": upload, "format": "ivory", "date": "2014-10-15"}).content.decode()
    assert 'class="result legal"' in page
    bad = client.post("/decks/", {"decklist": "x", "format": "ivory", "date": "not a date"})
    assert bad.status_code == 400 and "YYYY-MM-DD" in bad.content.decode()
    assert client.get("/decks/formats/").status_code == 200
