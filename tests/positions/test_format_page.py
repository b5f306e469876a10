"""The position format for judges on the site (judgeapp/positions/format.md as a page, its
examples opening in the checker) and in the OpenAPI description (the engine's models as
JSON Schema: every documented and gallery position is valid there, and what the engine
refuses for its shape the schema refuses too)."""
import re

import pytest
import yaml
from django.test import Client
from jsonschema import Draft202012Validator

from judgeapp.positions import docs, gallery
from judgeapp.positions.openapi import components

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def validator():
    schemas = components()
    return Draft202012Validator({"$ref": "#/components/schemas/Position", "components": {"schemas": schemas}})


def test_the_page_renders_every_heading_and_links_each_example():
    client = Client()
    body = client.get("/positions/format/").content.decode()
    source = docs.SOURCE.read_text()
    for heading in re.findall(r"^#{2,3} (.+)$", source, re.M):
        assert f">{heading}</h" in body
    assert "<script" not in body.split("<main", 1)[1].split("</main>")[0]
    links = re.findall(r'href="(/positions/\?example=\d+)"', body)
    assert len(links) == len(docs.examples()) >= 2
    checker = client.get(links[1])
    assert checker.context["text"] == docs.examples()[1]
    assert client.get("/positions/?example=99").status_code == 404
    assert 'href="/positions/format/"' in client.get("/positions/").content.decode()


def test_the_api_schema_describes_the_position(validator):
    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert schema["openapi"].startswith("3.1")
    body = schema["paths"]["/api/positions/replay"]["post"]["requestBody"]["content"]
    assert body["application/json"]["schema"] == {"$ref": "#/components/schemas/Position"}
    position = schema["components"]["schemas"]["Position"]
    assert {"l5r-position", "players", "script", "expect", "cards"} <= set(position["properties"])
    steps = position["properties"]["script"]["items"]["oneOf"]
    assert {next(iter(s["properties"])) for s in steps} >= {"action", "recruit", "assign", "advance", "pass", "effect"}


def test_every_documented_and_gallery_position_fits_the_schema(validator):
    texts = docs.examples() + [entry["text"] for entry in gallery.entries()]
    for text in texts:
        errors = list(validator.iter_errors(yaml.safe_load(text)))
        assert not errors, (text[:80], [e.message for e in errors[:3]])


def test_every_documented_snippet_fits_the_schema():
    schemas = {"components": {"schemas": components()}}
    blocks = re.findall(r"```yaml\n(.*?)```", docs.SOURCE.read_text(), re.S)
    checks = [("PositionEffectStep", step["effect"]) for b in blocks if b.startswith("- effect:")
              for step in yaml.safe_load(b)]
    checks += [("PositionDuelScript", yaml.safe_load(b)["duel"]) for b in blocks if b.startswith("duel:")]
    checks += [("PositionInlineCard", card) for b in blocks if b.startswith("cards:")
               for card in yaml.safe_load(b)["cards"]]
    assert len(checks) >= 8
    for name, value in checks:
        validator = Draft202012Validator({"$ref": f"#/components/schemas/{name}", **schemas})
        assert not list(validator.iter_errors(value)), (name, value)


@pytest.mark.parametrize("change,key", [
    (lambda p: p.update({"colour": "red"}), "colour"),
    (lambda p: p["script"].append({"teleport": "alice"}), "teleport"),
    (lambda p: p.update({"l5r-position": 2}), "l5r-position"),
    (lambda p: p["players"]["alice"].update({"honor": "lots"}), "honor"),
])
def test_what_the_engine_refuses_the_schema_refuses(validator, change, key):
    position = yaml.safe_load(docs.examples()[0])
    change(position)
    assert list(validator.iter_errors(position))
    refused = Client().post("/api/positions/replay", data=yaml.safe_dump(position), content_type="application/yaml")
    assert refused.status_code == 400 and key in refused.json()["error"]["message"]
