"""The site's input surfaces as fuzz targets, and a runner that drives them through the
real API (Django's test client, in-process) and sorts what broke.

A surface turns a ``random.Random`` into one request: mutated gallery positions for the
position checker, mutated decklists and request bodies for deck validation, mutated
queries and parameters for card and rules search.  ``run`` sends ``cases`` of them and
reports status counts, the slowest request, and every server error with its traceback;
a server error whose innermost project frame is in ``judgeapp/engine/`` is an engine
crash (the engine is worked on separately; see tests/fuzzing/test_fuzz_api.py).
"""
from __future__ import annotations

import logging
import random
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import yaml
from django.conf import settings

from . import mutate as m

ROOT = Path(__file__).resolve().parent.parent.parent
DATES = ["2014-10-15", "1995-01-01", "2030-12-31", "", "15/10/2014", "2014-02-30", "yesterday", None, 20141015]
FORMATS = ["ivory", "emperor", "celestial", "diamond", "", "IVORY", "no-such-format", None, 7]


@dataclass
class Request:
    method: str
    path: str
    body: bytes | dict | None = None
    content_type: str | None = None

    def describe(self) -> str:
        body = self.body if not isinstance(self.body, bytes) else self.body[:300].decode("utf-8", "replace")
        return f"{self.method} {self.path[:300]} {self.content_type or ''} {str(body)[:300]!r}"


def query_string(params: dict) -> str:
    """Parameters as a client sends them: UTF-8 percent-encoded, lone surrogates and all."""
    parts = []
    for key, value in params.items():
        if value is None:
            continue
        raw = str(value).encode("utf-8", "surrogatepass")
        parts.append(f"{key}={quote(raw, safe='')}")
    return "&".join(parts)


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


class Positions:
    name = "positions"

    def __init__(self):
        from judgeapp.positions import gallery

        self.texts = [e["text"] for e in gallery.entries()]
        self.seeds = [yaml.safe_load(t) for t in self.texts]

    def case(self, rng: random.Random) -> Request:
        roll = rng.random()
        as_json = rng.random() < 0.4
        if roll < 0.8:
            data = m.mutate(rng.choice(self.seeds), rng)
            body = _encode(m.to_json(data) if as_json else m.to_yaml(data))
        elif roll < 0.9:
            body = _encode(m.mutate_text(rng.choice(self.texts), rng))
        elif roll < 0.96:
            body = m.mutate_bytes(_encode(rng.choice(self.texts)), rng)
        else:
            body = _encode('{"l5r-position": 1, "players": {"alice": ' + m.deep_json(rng.choice([100, 1000, 5000]))
                           + "}}")
            as_json = True
        query = "?" + "&".join(q for q, p in (("states=1", 0.3), ("save=1", 0.03)) if rng.random() < p)
        return Request("POST", f"/api/positions/replay{query}", body,
                       "application/json" if as_json else rng.choice(["application/yaml", "text/yaml"]))


class Decklists:
    name = "decklists"

    def __init__(self):
        folder = Path(settings.L5R_CORPUS_DIR) / "decklists"
        self.texts = [p.read_text(encoding="utf-8", errors="replace") for p in sorted(folder.glob("*.l5d"))]
        self.texts.append("Stronghold\nThe Impregnable Fortress of the Crab\nSensei\nHida Kisada Sensei\n"
                          "Dynasty\n3 Hida Kisada\n3x Kaiu Shuichi\nHida O-Ushi - exp2 x1\nFate\n3 Ogre Bushi\n"
                          "2 Jade Works\n# comment\n// another\n1 Kaiu Wall (Experienced)\n")

    def body(self, rng: random.Random) -> dict:
        if rng.random() < 0.25:
            lines = [line for line in rng.choice(self.texts).splitlines() if line.strip() and line[0].isdigit()]
            cards = [{"count": int(line.split()[0]) if line.split()[0].isdigit() else 1,
                      "title": " ".join(line.split()[1:]), "deck": rng.choice(["dynasty", "fate", "pregame"])}
                     for line in lines]
            return {"deck": {"stronghold": "The Impregnable Fortress of the Crab", "cards": cards},
                    "format": rng.choice(FORMATS), "date": rng.choice(DATES)}
        return {"decklist": rng.choice(self.texts), "format": rng.choice(FORMATS), "date": rng.choice(DATES),
                "l5d": rng.random() < 0.3}

    def case(self, rng: random.Random) -> Request:
        roll = rng.random()
        body = self.body(rng)
        if roll < 0.45 and "decklist" in body:
            body["decklist"] = m.mutate_text(body["decklist"], rng)
            return Request("POST", "/api/decks/validate", _encode(m.to_json(body)), "application/json")
        if roll < 0.8:
            return Request("POST", "/api/decks/validate", _encode(m.to_json(m.mutate(body, rng))), "application/json")
        if roll < 0.9:
            upload = m.mutate_bytes(_encode(rng.choice(self.texts)), rng)
            from django.core.files.uploadedfile import SimpleUploadedFile

            form = {"file": SimpleUploadedFile("deck.l5d", upload), "format": str(rng.choice(FORMATS)),
                    "date": str(rng.choice(DATES))}
            return Request("POST", rng.choice(["/api/decks/validate", "/decks/"]), form, None)
        return Request("POST", "/api/decks/validate", m.mutate_bytes(_encode(m.to_json(body)), rng),
                       rng.choice(["application/json", "text/plain", "application/x-www-form-urlencoded"]))


class CardQueries:
    name = "card queries"

    def __init__(self):
        from cards.search_fields import FIELDS

        self.queries = [e for f in FIELDS for e in f.examples] + [
            "t:personality c:crab f>=4 legal:ivory", "kw:cavalry order:force dir:desc", "hida kisada",
            '-kw:unique o:"ranged attack"', "(c:lion OR c:crane) t:holding", "cost<=2 gp>=1"]

    def case(self, rng: random.Random) -> Request:
        q = m.mutate_text(rng.choice(self.queries), rng) if rng.random() < 0.85 else str(m.nasty(rng))
        params = {"q": q}
        if rng.random() < 0.3:
            params["page"] = m.nasty(rng) if rng.random() < 0.5 else rng.randint(-2, 20000)
        if rng.random() < 0.3:
            params["page_size"] = m.nasty(rng) if rng.random() < 0.5 else rng.randint(-2, 300)
        if rng.random() < 0.1:
            return Request("GET", f"/api/cards/{quote(_encode(str(m.nasty(rng))), safe='')}")
        base = "/cards/" if rng.random() < 0.15 else "/api/cards/"
        return Request("GET", f"{base}?{query_string(params)}")


class RulesQueries:
    name = "rules queries"

    def __init__(self):
        seeds = yaml.safe_load((ROOT / "tests" / "rules" / "queries.yaml").read_text(encoding="utf-8"))
        self.queries = [s["q"] for s in seeds] + ["NOT timing", '"chi death" OR honor', "title:battle", "doc:ivory-cr"]

    def case(self, rng: random.Random) -> Request:
        q = m.mutate_text(rng.choice(self.queries), rng) if rng.random() < 0.85 else str(m.nasty(rng))
        params = {"q": q}
        for key, values in (("doc", ["ivory-cr", "diamond-rulebook", "nope"]), ("edition", ["ivory", "x"]),
                            ("limit", [1, 50, 51, 0, -1, "ten"])):
            if rng.random() < 0.2:
                params[key] = rng.choice(values) if rng.random() < 0.6 else m.nasty(rng)
        roll = rng.random()
        if roll < 0.08:
            section = quote(_encode(m.mutate_text("timing/timing-conflicts", rng)), safe="/")
            return Request("GET", f"/api/rules/sections/ivory-cr/{section}")
        base = "/rules/search" if roll < 0.2 else "/api/rules/search"
        return Request("GET", f"{base}?{query_string(params)}")


SURFACES = (Positions, Decklists, CardQueries, RulesQueries)


@dataclass
class Crash:
    request: str
    status: int
    traceback: str

    @property
    def site(self) -> str:
        """The innermost frame in the project's own code: where it broke."""
        frames = [line for line in self.traceback.splitlines() if line.strip().startswith('File "')]
        own = [f for f in frames if str(ROOT) in f and "/.venv/" not in f and "/site-packages/" not in f]
        last = (own or frames or ["?"])[-1].strip()
        error = self.traceback.strip().splitlines()[-1] if self.traceback.strip() else f"status {self.status}"
        return f"{last} -> {error}"

    @property
    def in_engine(self) -> bool:
        return "judgeapp/engine/" in self.site


@dataclass
class Report:
    surface: str
    cases: int = 0
    statuses: Counter = field(default_factory=Counter)
    crashes: list[Crash] = field(default_factory=list)
    slowest: float = 0.0
    slowest_request: str = ""
    seconds: float = 0.0
    over: int = 0  # requests slower than the run's ``slow`` bound

    def sites(self) -> dict[str, Crash]:
        """One example per distinct crash site."""
        found: dict[str, Crash] = {}
        for crash in self.crashes:
            found.setdefault(crash.site, crash)
        return found

    def summary(self) -> str:
        return (f"{self.surface}: {self.cases} cases in {self.seconds:.1f} s, statuses {dict(sorted(self.statuses.items()))}, "
                f"{len(self.crashes)} server errors at {len(self.sites())} sites, slowest {self.slowest:.3f} s")


class _Tracebacks(logging.Handler):
    def __init__(self):
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record):
        if record.exc_info:
            self.records.append("".join(traceback.format_exception(*record.exc_info)))


def send(client, request: Request):
    if request.method == "GET":
        return client.get(request.path)
    if isinstance(request.body, dict):
        return client.post(request.path, request.body)
    return client.generic("POST", request.path, request.body or b"", content_type=request.content_type)


def run(surface, cases: int, seed: int, client=None, slow: float = 5.0) -> Report:
    """Send ``cases`` requests from ``surface`` (seeded); server errors come back with tracebacks."""
    from django.test import Client

    client = client or Client(raise_request_exception=False)
    rng = random.Random(f"{seed}:{surface.name}")
    report = Report(surface.name)
    handler = _Tracebacks()
    loggers = [logging.getLogger(name) for name in ("judgeapp.errors", "django.request")]
    for logger in loggers:
        logger.addHandler(handler)
    started = time.perf_counter()
    try:
        for _ in range(cases):
            request = surface.case(rng)
            handler.records.clear()
            began = time.perf_counter()
            response = send(client, request)
            took = time.perf_counter() - began
            report.cases += 1
            report.statuses[response.status_code] += 1
            report.over += took > slow
            if took > report.slowest:
                report.slowest, report.slowest_request = took, request.describe()
            if response.status_code >= 500:
                report.crashes.append(Crash(request.describe(), response.status_code,
                                            handler.records[0] if handler.records else ""))
    finally:
        for logger in loggers:
            logger.removeHandler(handler)
    report.seconds = time.perf_counter() - started
    return report
