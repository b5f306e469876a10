"""The replay API, the command, the page, permalinks, and that every cite exists."""
import json
import os
import subprocess
import sys

import pytest
from rest_framework.test import APIClient

from judgeapp.engine.cites import DOCS, SECTIONS, cite
from judgeapp.positions import gallery, service
from judgeapp.positions.models import SavedPosition
from rules_corpus.models import Section
from tests.conftest import ROOT, database_url

pytestmark = pytest.mark.django_db
FIRST = gallery.entries()[0]["text"]


def post(body, query="", content_type="application/yaml"):
    return APIClient().generic("POST", f"/api/positions/replay{query}", body, content_type=content_type)


@pytest.mark.parametrize("rules", sorted(DOCS))
def test_every_cited_section_exists_in_the_rules_lookup(rules):
    """Each section the engine cites, under each rules edition, is in the document it is cited from."""
    cites = [cite(section, rules) for section in SECTIONS]
    for doc in {c["doc"] for c in cites}:
        anchors = set(Section.objects.filter(document__slug=doc).values_list("anchor", flat=True))
        assert anchors, f"the document {doc} is not ingested"
        assert {c["section"] for c in cites if c["doc"] == doc} - anchors == set()


def test_replay_yaml_and_json():
    body = post(FIRST).json()
    assert set(body) >= {"position", "steps", "expectations", "result", "unparsed"}
    step = body["steps"][0]
    assert set(step) >= {"n", "id", "turn", "phase", "segment", "step", "kind", "actor", "text", "cites", "changes"}
    import yaml
    as_json = post(json.dumps(yaml.safe_load(FIRST)), "?states=1", "application/json").json()
    assert as_json["steps"] == body["steps"] and len(as_json["states"]) == len(body["steps"])


def test_save_gives_a_permalink_that_reopens():
    body = post(FIRST, "?save=1").json()
    saved = SavedPosition.objects.get(key=body["permalink"].strip("/").split("/")[-1])
    assert saved.text == FIRST
    page = APIClient().get(body["permalink"] + "?step=3")
    assert page.status_code == 200 and "Test Bushi" in page.content.decode()


@pytest.mark.parametrize("body,path", [
    ("l5r-position: 1\nplayers:\n  alice: {units: [{card: Ogre Bushy}]}\n  bob: {}\n", "players.alice.units[0].card"),
    ("a: &a [1]\nb: *a\n", ""),
    ("l5r-position: 1\nplayers: {alice: {honor: x}, bob: {}}\n", "players.alice.honor"),
])
def test_bad_positions_are_400_with_the_path(body, path):
    response = post(body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "bad-position" and error["details"]["path"] == path
    if "Ogre" in body:
        assert 'did you mean "Ogre Bushi"' in error["message"]


def test_big_and_empty_bodies():
    assert post("").status_code == 400
    big = post("l5r-position: 1\n# " + "x" * 2_000_000)
    assert big.status_code == 400 and "bytes" in big.json()["error"]["message"]
    huge = post("x" * 3_000_000)
    assert huge.status_code == 413 and "bytes" in huge.json()["error"]["message"]


def command(*args):
    env = dict(os.environ, DATABASE_URL=database_url())
    return subprocess.run([sys.executable, "manage.py", "check_position", *args], cwd=ROOT, capture_output=True,
                          text=True, env=env)


def test_command_exit_statuses(tmp_path):
    path = gallery.GALLERY / "01-battle-resolves.yaml"
    ok = command(str(path))
    assert ok.returncode == 0 and "PASS" in ok.stdout and "ivory-cr/battle-resolution" in ok.stdout
    as_json = command(str(path), "--json", "--states")
    assert as_json.returncode == 0 and json.loads(as_json.stdout)["states"]
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(path.read_text().replace("honor: {alice: 10}", "honor: {alice: 99}"))
    failing = command(str(wrong))
    assert failing.returncode == 1 and "FAIL" in failing.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("l5r-position: 1\nplayers:\n  alice: {units: [{card: Ogre Bushy}]}\n  bob: {}\n")
    unusable = command(str(bad))
    assert unusable.returncode == 2
    assert 'players.alice.units[0].card: unknown card "Ogre Bushy" (did you mean "Ogre Bushi"' in unusable.stderr


def test_page_lists_the_gallery(client):
    page = client.get("/positions/").content.decode()
    assert page.count("<option") >= 12 and "Replay" in page
    assert client.get("/positions/nosuchkey/").status_code == 404


def test_a_position_of_database_cards():
    text = """
l5r-position: 1
active: alice
at: attack/combat
battlefield: bob.p1
players:
  alice:
    stronghold: The Kaiu Walls
    honor: 10
    units: [{card: Ogre Bushi, id: ogre, at: bob.p1}]
  bob:
    stronghold: Shiro Mirumoto
    honor: 10
    units: [{card: Togashi Teijo, id: teijo, at: bob.p1, attach: [Ashigaru Archers]}]
script:
  - action: {by: bob, card: ashigaru-archers, ability: 1, targets: [ogre]}
  - advance: end_of_battle
expect:
  - battle: {at: bob.p1, winner: alice}
  - destroyed: [teijo]
  - honor: {alice: 14}
"""
    result = service.replay(text)
    assert [e for e in result["expectations"] if not e["ok"]] == []
    assert any("Ranged 2 Attack against Ogre Bushi fails: 6F is more than 2" in s["text"] for s in result["steps"])
    assert any(s["text"] == "Ashigaru Archers bows (paying the action's cost)" and s["kind"] == "cost"
               for s in result["steps"])
