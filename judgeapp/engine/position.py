"""Reading a position (POSITION-FORMAT.md, version 1) into a ``Game``.

YAML is read with PyYAML's safe loader after a pass over its events that refuses
aliases (no "billion laughs") and deep nesting; sizes are bounded.  Every problem is a
``PositionError`` whose path names the bad key (``players.alice.units[0].card``).
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable

import yaml

from .carddefs import CardDef, from_mapping
from .game import POINTS, Game
from .state import Card, Player, Province

MAX_BYTES = 1_000_000
MAX_DEPTH = 20
MAX_ITEMS = 5_000
STEP_KINDS = ("action", "pass", "declare_attack", "no_attack", "assign", "fight", "recruit", "equip", "effect",
              "order", "advance", "dynasty_discard")
ADVANCE_TO = tuple(p for p in POINTS if p != "attack/fight")
EXPECT_KINDS = ("honor", "battle", "destroyed", "province_destroyed", "province_intact", "bowed", "unbowed", "at",
                "force", "chi", "order", "rejected", "winner", "gold")
LEVEL = re.compile(r"^(?P<title>.+?)\s*\((?P<level>(?:In)?[Ee]xperienced(?:\s*\d+)?)\)\s*$")


class PositionError(ValueError):
    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}" if path else message)
        self.path, self.message = path, message


Lookup = Callable[[str, str], CardDef | None]


def read(text: str | bytes) -> dict:
    """YAML or JSON text into data, refusing aliases, deep nesting and oversize input."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise PositionError("", f"the position is {len(text):,} bytes; the limit is {MAX_BYTES:,}")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise PositionError("", "the position is not UTF-8 text")
    if not isinstance(text, str):
        raise PositionError("", "the position must be YAML or JSON text")
    if len(text.encode("utf-8", errors="replace")) > MAX_BYTES:
        raise PositionError("", f"the position is over {MAX_BYTES:,} bytes")
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise PositionError("", "YAML anchors and aliases (&name, *name) are not accepted; "
                                        "write each value out")
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise PositionError("", f"the position nests deeper than {MAX_DEPTH} levels")
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        raise PositionError("", f"not valid YAML or JSON{where}: {getattr(exc, 'problem', None) or exc}")
    if not isinstance(data, dict):
        raise PositionError("", "a position is a mapping with l5r-position, players and script")
    return data


def _int(value, path: str, low: int = -10_000, high: int = 10_000) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(path, f"expected a whole number, got {json.dumps(value)[:40]}")
    if not low <= value <= high:
        raise PositionError(path, f"{value} is out of range ({low} to {high})")
    return value


def _list(value, path: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise PositionError(path, f"expected a list, got {type(value).__name__}")
    if len(value) > MAX_ITEMS:
        raise PositionError(path, f"{len(value):,} entries; the limit is {MAX_ITEMS:,}")
    return value


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower().replace("'", "")).strip("-") or "card"


class Loader:
    def __init__(self, data: dict, lookup: Lookup, suggest: Callable[[str], list[str]]):
        self.data, self.lookup, self.suggest = data, lookup, suggest
        self.inline: dict[str, CardDef] = {}
        self.cards: dict[str, Card] = {}
        self.pending_modifiers: list[tuple] = []  # unit modifiers, applied once the game exists

    def card_def(self, value, path: str) -> CardDef:
        if isinstance(value, dict):
            try:
                card = from_mapping(value, path)
            except ValueError as exc:
                raise PositionError("", str(exc))
            self.inline.setdefault(card.title.lower(), card)
            return card
        if not isinstance(value, str) or not value.strip():
            raise PositionError(path, "a card is a title (text) or a mapping with title and type")
        title, level = value.strip(), ""
        m = LEVEL.match(title)
        if m:
            title, level = m["title"], m["level"]
        if title.lower() in self.inline:
            return self.inline[title.lower()]
        found = self.lookup(title, level)
        if found is None:
            options = self.suggest(value)
            hint = f" (did you mean {' or '.join(json.dumps(o) for o in options[:2])}?)" if options else ""
            raise PositionError(path, f"unknown card {json.dumps(value)}{hint}; or define it under cards:")
        return found

    def instance(self, card: CardDef, owner: str, zone: str, given_id=None, path: str = "") -> Card:
        if given_id is not None:
            if not isinstance(given_id, str) or not re.fullmatch(r"[A-Za-z0-9_.-]{1,60}", given_id):
                raise PositionError(f"{path}.id", "an id is letters, digits, '-', '_' or '.' (at most 60)")
            if given_id in self.cards:
                raise PositionError(f"{path}.id", f"the id {given_id!r} is used twice")
            cid = given_id
        else:
            base = _slug(card.title)
            cid, n = base, 2
            while cid in self.cards:
                cid, n = f"{base}-{n}", n + 1
        inst = Card(cid, card, owner, zone)
        self.cards[cid] = inst
        return inst

    def load(self, max_steps: int, seconds: float) -> tuple[Game, list[dict], list]:
        d = self.data
        if d.get("l5r-position") != 1:
            raise PositionError("l5r-position", "required, and must be 1 (this format's version)")
        if d.get("rules", "ivory") != "ivory":
            raise PositionError("rules", f"{d.get('rules')!r}: only the Ivory rules (ivory) are implemented")
        for i, c in enumerate(_list(d.get("cards"), "cards")):
            self.card_def(c, f"cards[{i}]")
        players_data = d.get("players")
        if not isinstance(players_data, dict) or not players_data:
            raise PositionError("players", "a mapping of player names to their boards, in turn order")
        if len(players_data) > 6:
            raise PositionError("players", "at most 6 players")
        players = [self.player(str(name), pdata, f"players.{name}") for name, pdata in players_data.items()]
        names = [p.name for p in players]
        if len(names) < 2:
            raise PositionError("players", "a game needs two players")
        active = d.get("active", names[0])
        if active not in names:
            raise PositionError("active", f"{active!r} is not a player ({', '.join(names)})")
        at = d.get("at", "action")
        if at not in ("action", "attack/declaration", "attack/maneuvers", "attack/engage", "attack/combat",
                      "attack/resolution", "dynasty", "end"):
            raise PositionError("at", f"{at!r} is not a point of the turn (action, attack/declaration, "
                                      "attack/maneuvers, attack/engage, attack/combat, attack/resolution, dynasty, end)")
        battlefield = d.get("battlefield")
        if at in ("attack/engage", "attack/combat", "attack/resolution"):
            if not isinstance(battlefield, str) or not any(pr.id == battlefield for p in players for pr in p.provinces):
                raise PositionError("battlefield", "inside a battle, name the battlefield's Province (bob.p1)")
        attacker = d.get("attacker")
        if attacker is not None and attacker not in names:
            raise PositionError("attacker", f"{attacker!r} is not a player")
        favor = d.get("favor")
        if favor is not None and favor not in names:
            raise PositionError("favor", f"{favor!r} is not a player")
        turn = _int(d.get("turn", 1), "turn", 1, 10_000)
        game = Game(players, self.cards, active, turn, at, battlefield, attacker, favor, max_steps, seconds)
        for p in players:
            for c in list(self.cards.values()):
                if c.owner == p.name and c.zone == "unit" and c.location != "home" and game.province(c.location) is None:
                    raise PositionError(f"players.{p.name}.units", f"{c.id} is at {c.location!r}, which is not a "
                                                                    "Province id (PLAYER.pN) or home")
        script = [self.step(s, f"script[{i}]") for i, s in enumerate(_list(d.get("script"), "script"))]
        expect = _list(d.get("expect"), "expect")
        for i, e in enumerate(expect):
            if not isinstance(e, dict) or len(e) != 1 or next(iter(e)) not in EXPECT_KINDS:
                raise PositionError(f"expect[{i}]", f"one of {', '.join(EXPECT_KINDS)}")
        return game, script, expect

    def player(self, name: str, data, path: str) -> Player:
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,30}", name):
            raise PositionError(path, "a player name is a word (letters, digits, - or _)")
        if not isinstance(data, dict):
            raise PositionError(path, "a mapping (stronghold, honor, units, …)")
        player = Player(name, _int(data.get("honor", 0), f"{path}.honor"))
        if data.get("stronghold") is not None:
            sh = self.instance(self.card_def(data["stronghold"], f"{path}.stronghold"), name, "stronghold",
                               f"{name}.stronghold", f"{path}.stronghold")
            player.stronghold = sh.id
            player.clan = sh.card.clan
        if data.get("sensei") is not None:
            player.sensei = self.instance(self.card_def(data["sensei"], f"{path}.sensei"), name, "sensei",
                                          f"{name}.sensei", f"{path}.sensei").id
        if data.get("clan"):
            player.clan = str(data["clan"])
        gold = _int(data.get("gold", 0), f"{path}.gold", 0, 1000)
        if gold:
            from .state import GoldUnit
            player.gold.append(GoldUnit(gold, None, "position"))
        for i, title in enumerate(_list(data.get("hand"), f"{path}.hand")):
            player.hand.append(self.instance(self.card_def(title, f"{path}.hand[{i}]"), name, "hand").id)
        for key in ("fate_deck", "dynasty_deck"):
            value = data.get(key, 30)
            if isinstance(value, list):
                ids = [self.instance(self.card_def(t, f"{path}.{key}[{i}]"), name, "deck").id
                       for i, t in enumerate(_list(value, f"{path}.{key}"))]
                if key == "fate_deck":
                    player.fate_deck = ids
                else:
                    player.dynasty_count = len(ids)
            else:
                count = _int(value, f"{path}.{key}", 0, 1000)
                if key == "fate_deck":
                    player.fate_count = count
                else:
                    player.dynasty_count = count
        for key, pile in (("discard", player.discard), ("dead", player.dead)):
            for i, title in enumerate(_list(data.get(key), f"{path}.{key}")):
                pile.append(self.instance(self.card_def(title, f"{path}.{key}[{i}]"), name, key).id)
        provinces = data.get("provinces")
        entries = _list(provinces, f"{path}.provinces") if provinces is not None else [{}, {}, {}, {}]
        for i, entry in enumerate(entries):
            ppath = f"{path}.provinces[{i}]"
            if entry is None:
                entry = {}
            if not isinstance(entry, dict):
                raise PositionError(ppath, "a mapping such as {strength: 6, card: Hida Kisada, face: up}")
            prov = Province(f"{name}.p{i + 1}", name, _int(entry["strength"], f"{ppath}.strength", 0, 100)
                            if entry.get("strength") is not None else None,
                            destroyed=bool(entry.get("destroyed")))
            face = entry.get("face", "down")
            if face not in ("up", "down"):
                raise PositionError(f"{ppath}.face", "up or down")
            prov.face_up = face == "up"
            if entry.get("card") is not None:
                inst = self.instance(self.card_def(entry["card"], f"{ppath}.card"), name, "province", entry.get("id"),
                                     ppath)
                prov.card, prov.unknown = inst.id, False
            player.provinces.append(prov)
        for i, unit in enumerate(_list(data.get("units"), f"{path}.units")):
            self.unit(unit, name, f"{path}.units[{i}]")
        for key, zone in (("holdings", "holding"), ("in_play", "in_play")):
            for i, entry in enumerate(_list(data.get(key), f"{path}.{key}")):
                epath = f"{path}.{key}[{i}]"
                entry = entry if isinstance(entry, dict) and "card" in entry else {"card": entry}
                inst = self.instance(self.card_def(entry["card"], f"{epath}.card"), name, zone, entry.get("id"), epath)
                inst.bowed = bool(entry.get("bowed"))
                inst.location = str(entry.get("at", "home"))
        return player

    def unit(self, entry, owner: str, path: str) -> None:
        if not isinstance(entry, dict) or "card" not in entry:
            raise PositionError(path, "a unit is a mapping with at least card:")
        card = self.card_def(entry["card"], f"{path}.card")
        if card.type != "personality":
            raise PositionError(f"{path}.card", f"{card.title} is a {card.type}, and a unit is led by a Personality")
        inst = self.instance(card, owner, "unit", entry.get("id"), path)
        at = entry.get("at", "home")
        if not isinstance(at, str):
            raise PositionError(f"{path}.at", "home or a Province id such as bob.p1")
        inst.location = at
        inst.bowed, inst.dishonored = bool(entry.get("bowed")), bool(entry.get("dishonored"))
        tokens = entry.get("tokens") or {}
        if not isinstance(tokens, dict):
            raise PositionError(f"{path}.tokens", "a mapping such as {Force: 2}")
        inst.tokens = {str(k): _int(v, f"{path}.tokens.{k}", -100, 100) for k, v in tokens.items()}
        for j, att in enumerate(_list(entry.get("attach"), f"{path}.attach")):
            apath = f"{path}.attach[{j}]"
            att = att if isinstance(att, dict) and "card" in att else {"card": att}
            acard = self.card_def(att["card"], f"{apath}.card")
            a = self.instance(acard, owner, "attached", att.get("id"), apath)
            a.attached_to, a.bowed, a.location = inst.id, bool(att.get("bowed")), at
            inst.attachments.append(a.id)
        for j, m in enumerate(_list(entry.get("modifiers"), f"{path}.modifiers")):
            self.pending_modifiers.append((inst.id, m, f"{path}.modifiers[{j}]"))

    def step(self, step, path: str) -> dict:
        if not isinstance(step, dict) or len(step) != 1:
            raise PositionError(path, f"a step is a mapping with one key: {', '.join(STEP_KINDS)}")
        kind, value = next(iter(step.items()))
        if kind not in STEP_KINDS:
            raise PositionError(path, f"unknown step kind {kind!r} (known: {', '.join(STEP_KINDS)})")
        players = set(self.data["players"])
        if kind in ("pass", "declare_attack", "no_attack"):
            if value not in players:
                raise PositionError(f"{path}.{kind}", f"{value!r} is not a player")
            return {"_kind": kind, "by": value}
        if kind == "advance":
            if value not in ADVANCE_TO:
                raise PositionError(f"{path}.advance", f"{value!r}: advance to one of {', '.join(ADVANCE_TO)}")
            return {"_kind": kind, "to": value}
        if kind == "fight":
            target = value.get("at") if isinstance(value, dict) else value
            if not isinstance(target, str):
                raise PositionError(f"{path}.fight", "a Province id such as bob.p1")
            return {"_kind": kind, "fight": target}
        if kind == "order":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise PositionError(f"{path}.order", "a list of card ids or titles, first to resolve first")
            return {"_kind": kind, "order": value}
        if not isinstance(value, dict):
            raise PositionError(f"{path}.{kind}", "a mapping (by, card, …)")
        if value.get("by") not in players:
            raise PositionError(f"{path}.{kind}.by", f"{value.get('by')!r} is not a player")
        out = dict(value, _kind=kind)
        if kind == "action":
            if "ability" in out and not isinstance(out["ability"], (int, str)):
                raise PositionError(f"{path}.action.ability", "a number (1 = first ability) or the text it starts with")
            for key in ("targets", "pay", "interrupts"):
                if key in out and not isinstance(out[key], list):
                    raise PositionError(f"{path}.action.{key}", "a list")
            if "gold" in out:
                _int(out["gold"], f"{path}.action.gold", 0, 100)
        if kind == "assign" and not isinstance(out.get("units"), list):
            raise PositionError(f"{path}.assign.units", "a list of unit ids")
        if kind == "effect":
            do = out.get("do")
            if not isinstance(do, dict) or len(do) != 1:
                raise PositionError(f"{path}.effect.do", "one primitive effect, such as {force: {target: ogre, amount: 2}}")
            name, args = next(iter(do.items()))
            if name not in EFFECTS:
                raise PositionError(f"{path}.effect.do", f"unknown effect {name!r} (known: {', '.join(EFFECTS)})")
            if not isinstance(args, dict):
                raise PositionError(f"{path}.effect.do.{name}", "a mapping such as {target: ogre, amount: 2}")
            if name == "delayed":
                from .textparse import timing_point
                when = "after" if "after" in args else "before"
                if not timing_point(str(args.get(when, ""))):
                    raise PositionError(f"{path}.effect.do.delayed", "after: or before: a timing point such as "
                                                                     "\"your next turn begins\" or \"your Attack Phase ends\"")
            for key in ("amount", "set", "raise", "lower", "min", "max", "to_min", "to_max", "gains", "losses"):
                if key in args:
                    _int(args[key], f"{path}.effect.do.{name}.{key}", -100, 100)
            if "until" in args and args["until"] not in ("end_of_turn", "end_of_battle", "end_of_phase", "permanent"):
                raise PositionError(f"{path}.effect.do.{name}.until", "end_of_turn, end_of_battle, end_of_phase or "
                                                                      "permanent")
        return out


EFFECTS = ("bow", "straighten", "destroy", "discard", "dishonor", "rehonor", "move_home", "move_to", "gain_honor",
           "lose_honor", "draw", "force", "chi", "province_strength", "gold_production", "ranged_attack",
           "melee_attack", "fear", "negate", "prevent", "instead", "delayed", "honor_modifier")


def load(data: dict, lookup: Lookup, suggest=lambda title: [], max_steps: int = 20_000, seconds: float = 5.0):
    loader = Loader(data, lookup, suggest)
    game, script, expect = loader.load(max_steps, seconds)
    for target, m, path in loader.pending_modifiers:
        if not isinstance(m, dict) or len(m) != 1:
            raise PositionError(path, "one stat effect, such as {force: {amount: 2}}")
        stat, args = next(iter(m.items()))
        if stat not in ("force", "chi") or not isinstance(args, dict):
            raise PositionError(path, "force or chi, with amount / set / raise / lower / min / max")
        from .state import Modifier
        for op in ("amount", "set", "raise", "lower", "min", "max"):
            if op in args:
                game.modifiers.append(Modifier(stat, target, "add" if op == "amount" else op,
                                               _int(args[op], f"{path}.{stat}.{op}", -100, 100),
                                               args.get("until", "end_of_turn"), "position"))
    return game, script, expect

