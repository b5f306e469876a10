"""An independent reading of the raw card exports, for checking search results.

Plain Python over the files, written apart from ``cards.catalog``: it groups printings
by extended title else title, picks the most recent real printing by release date,
lays the Oracle's text, stats and keywords over it, and answers predicates.
"""
from __future__ import annotations

import datetime as dt
import glob
import html
import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import yaml

FORMAT = {"A Brother's Destiny (Ivory Edition)": "ivory", "A Brother's Destiny (Twenty Festivals)": "twenty-festivals",
          "Age of Conquest (Emperor)": "emperor", "Destroyer War (Celestial)": "celestial",
          "Race for the Throne (Samurai)": "samurai", "Age of Enlightenment (Lotus)": "lotus",
          "Rain of Blood (Diamond)": "diamond", "Four Winds (Gold)": "gold", "Hidden Emperor (Jade)": "jade",
          "Clan Wars (Imperial)": "imperial", "War of the Seals (Onyx Edition)": "onyx",
          "Shattered Empire": "shattered-empire", "Modern": "modern", "Legacy": "legacy"}
ORACLE_STAT = {"force": "force", "chi": "chi", "focus": "focus", "ph": "personal_honor", "honor": "honor_requirement",
               "cost": "gold_cost", "strength": "province_strength", "production": "gold_production",
               "startinghonor": "starting_honor"}


def plain(value) -> str:
    if isinstance(value, list):
        value = " ".join(map(str, value))
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape("" if value is None else str(value))).split())


def words(text: str) -> list[str]:
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return [w.replace("'", "").replace("’", "").lower() for w in re.findall(r"[\w'’]+", text)]


def value_slug(text: str) -> str:
    return "-".join(words(plain(text).replace("-", " ")))


def number(raw):
    text = plain(raw)
    return int(text) if re.fullmatch(r"[+-]?\d+", text) else None


@dataclass
class RefCard:
    full_title: str
    level: str
    types: list
    deck: str
    clans: list
    keywords: list
    unique: bool
    text: str
    stats: dict
    formats: set
    sets: set
    rarities: set
    bans: list = field(default_factory=list)  # (format, date)

    @property
    def extra(self) -> bool:
        """In no deck (bios, deck backers, tokens): hidden from searches unless asked for."""
        return self.deck in ("", "Other")


def load(corpus: Path) -> list[RefCard]:
    info = yaml.safe_load((corpus / "cards/set_info.yaml").read_text())
    release, order = {}, {}
    for arc in info["arcs"]:
        for s in arc["sets"]:
            name = html.unescape(s["set_name"])
            release[name] = s.get("release_date") or dt.date.min
            order[name] = len(order)
    groups: dict[str, list] = {}
    for path in sorted(glob.glob(str(corpus / "cards/sets/*.yaml"))):
        data = yaml.load(open(path), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        for i, p in enumerate(data["cards"]):
            name = " ".join(plain(p.get("extended_title") or p["title"]).split())
            groups.setdefault(name, []).append((html.unescape(data["set"]), i, p))
    oracle = {}
    for path in glob.glob(str(corpus / "cards/oracle/*.json")):
        for record in json.load(open(path)):
            oracle.setdefault(plain(record["formattedtitle"]), record)
    cards = []
    for name, printings in groups.items():
        real = [x for x in printings if not x[2].get("is_back") and not x[2].get("is_proxy")
                and x[2].get("legality") != ["Unreleased"]] or [x for x in printings if not x[2].get("is_back")]
        set_name, _, cur = max(real, key=lambda x: (release[x[0]], bool(x[2].get("legality")), order[x[0]], x[1]))
        stats = {k: cur.get(k) for k in ORACLE_STAT.values() if cur.get(k) is not None}
        keywords = [plain(k) for k in cur.get("keywords") or []]
        text = plain(cur.get("text"))
        clans = [plain(c) for c in cur.get("clans") or []]
        record = oracle.get(name)
        bans = []
        if record:
            for key, stat in ORACLE_STAT.items():
                if record.get(key):
                    stats[stat] = plain(record[key])
            if record.get("keywords"):
                keywords = [plain(k) for k in record["keywords"]]
            if record.get("text"):
                text = plain(record["text"])
            clans += [plain(c) for c in record.get("clan") or [] if plain(c) not in clans]
            for ban in record.get("banned") or []:
                for fmt in ("ivory",) + (("twenty-festivals",) if "Ivory 2" in ban else ()):
                    bans.append(fmt)
        if any(p.get("is_banned") for _, _, p in printings):
            bans.append("unspecified")
        level = re.search(r"•\s*((?:In)?[Ee]xperienced(?:\s*\d+)?)", name)
        formats = set() if cur.get("is_proxy") else {FORMAT[v] for v in cur.get("legality") or [] if v in FORMAT}
        cards.append(RefCard(
            full_title=name, level=level.group(1) if level else "",
            types=[t for t in cur["types"] if t != "Proxy"] or cur["types"], deck=(cur.get("decks") or [""])[0],
            clans=clans, keywords=keywords, unique=bool(cur.get("is_unique")) or "Unique" in keywords,
            text=text, stats={k: number(v) for k, v in stats.items()}, formats=formats - set(bans),
            sets={s for s, _, _ in printings}, rarities={plain(p.get("rarity")) for _, _, p in printings},
            bans=bans))
    known = {c for card in cards for c in card.clans if not c.endswith(" Clan")}
    for card in cards:
        # One rule for both exports: listed clans, plus "Unaligned" and "X Clan" keywords.
        named = [c.removesuffix(" Clan") if c.removesuffix(" Clan") in known else c for c in card.clans]
        named += ["Unaligned"] * any(k.lower() == "unaligned" for k in card.keywords)
        named += [k.removesuffix(" Clan") for k in card.keywords
                  if k.endswith(" Clan") and k.removesuffix(" Clan") in known]
        card.clans = list({value_slug(c): c for c in reversed(named)}.values())
    return cards
