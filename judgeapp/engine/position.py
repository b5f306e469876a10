"""Reading a position (POSITION-FORMAT.md) into a ``Game``.

YAML is read with PyYAML's safe loader after a pass over its events that refuses
aliases (no "billion laughs") and deep nesting; sizes are bounded; then the whole
document is validated against ``schema`` (every key, type and bound) and the board is
built.  Every problem is a ``PositionError`` whose path names the bad key.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable

import yaml
from pydantic import ValidationError

from .carddefs import CardDef, clan_alignments, number
from .game import Game
from .schema import InlineCard, Position, StepError, describe, parse_expect, parse_step
from .state import Card, GoldUnit, Modifier, Player, Province
from .vocab import Point, Zone

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's safe loader when built with it: ~10x faster
MAX_BYTES = 1_000_000
MAX_DEPTH = 20
LEVEL = re.compile(r"^(?P<title>.+?)\s*\((?P<level>(?:In)?[Ee]xperienced(?:\s*\w+)?)\)\s*$")
STATS = {"force": "force", "chi": "chi", "honor": "honor", "hr": "honor", "honor_requirement": "honor",
         "cost": "cost", "gold_cost": "cost", "ph": "ph", "personal_honor": "ph", "focus": "focus",
         "strength": "strength", "province_strength": "strength", "production": "production",
         "gold_production": "production", "starting_honor": "starting_honor"}


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
            raise PositionError("", "the position is not UTF-8 text") from None
    if not isinstance(text, str):
        raise PositionError("", "the position must be YAML or JSON text")
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise PositionError("", f"the position is over {MAX_BYTES:,} bytes")
    if "\x00" in text:
        raise PositionError("", "the position contains a NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise PositionError("", f"the position contains invalid Unicode (a lone surrogate at character {exc.start})") \
            from None
    depth = 0
    try:
        for event in yaml.parse(text, Loader=LOADER):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise PositionError("", "YAML anchors and aliases (&name, *name) are not accepted; write each value "
                                        "out")
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise PositionError("", f"the position nests deeper than {MAX_DEPTH} levels")
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
        data = yaml.load(text, Loader=LOADER)  # noqa: S506 - a safe loader (CSafeLoader or SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        raise PositionError("", f"not valid YAML or JSON{where}: {getattr(exc, 'problem', None) or exc}") from None
    except RecursionError:
        raise PositionError("", f"the position nests deeper than {MAX_DEPTH} levels") from None
    if not isinstance(data, dict):
        raise PositionError("", "a position is a mapping with l5r-position, players and script")
    _check_text(data, "")
    return data


def _check_text(value, path: str) -> None:
    """Refuse what no later step could store or show: lone surrogates, non-text keys."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise PositionError(path, "contains a lone surrogate (invalid Unicode)") from None
    elif isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, (str, int)) or isinstance(k, bool):
                raise PositionError(path, f"keys must be text, not {type(k).__name__} ({str(k)[:30]})")
            _check_text(k, path)
            _check_text(v, f"{path}.{k}" if path else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _check_text(v, f"{path}[{i}]")


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower().replace("'", "")).strip("-")[:50] or "card"


def inline_def(card: InlineCard, source: str = "inline") -> CardDef:
    values = card.model_dump(exclude={"title", "type", "level", "clan", "clans", "keywords", "text", "effects"})
    stats = {}
    for key, value in values.items():
        if value is not None:
            stats[STATS[key]] = number(value)
    clans = card.clans if card.clans is not None else ([card.clan] if isinstance(card.clan, str) else card.clan)
    return CardDef(title=card.title, type=card.type, level=card.level, clans=clan_alignments(clans or []),
                   keywords=tuple(card.keywords), text=card.text, effects=tuple(card.effects), source=source,
                   **stats)


class Loader:
    def __init__(self, pos: Position, lookup: Lookup, suggest: Callable[[str], list[str]]):
        self.pos, self.lookup, self.suggest = pos, lookup, suggest
        self.inline: dict[str, CardDef] = {}
        self.cards: dict[str, Card] = {}
        self.seeds: list[tuple] = []  # modifiers already in place, applied once the game exists
        self.reserved = _given_ids(pos)  # ids the position gives: generated ids keep clear of them

    def card_def(self, value, path: str) -> CardDef:
        if isinstance(value, InlineCard):
            card = inline_def(value)
            self.inline.setdefault((card.title.lower(), card.level.lower()), card)
            return card
        title, level = value.strip(), ""
        m = LEVEL.match(title)
        if m:
            title, level = m["title"], m["level"]
        key = (title.lower(), level.lower())
        if key in self.inline:
            return self.inline[key]
        if not level:
            plain = [c for (t, _), c in self.inline.items() if t == key[0]]
            if plain:
                return min(plain, key=lambda c: c.xp)
        found = self.lookup(title, level)
        if found is None:
            options = self.suggest(value)
            hint = f" (did you mean {' or '.join(json.dumps(o) for o in options[:2])}?)" if options else ""
            raise PositionError(path, f"unknown card {json.dumps(value)}{hint}; or define it under cards:")
        return found

    def instance(self, card: CardDef, owner: str, zone: Zone, given_id=None, path: str = "") -> Card:
        if given_id is not None:
            if given_id in self.cards:
                raise PositionError(f"{path}.id", f"the id {given_id!r} is used twice")
            cid = given_id
        else:
            base = _slug(card.title)
            cid, n = base, 2
            while cid in self.cards or cid in self.reserved:
                cid, n = f"{base}-{n}", n + 1
        inst = Card(cid, card, owner, zone, face_up=zone not in (Zone.FATE_DECK, Zone.DYNASTY_DECK, Zone.HAND))
        self.cards[cid] = inst
        return inst

    def load(self, max_steps: int, seconds: float) -> tuple[Game, list[dict], list]:
        pos = self.pos
        for i, c in enumerate(pos.cards):
            self.card_def(c, f"cards[{i}]")
        players = [self.player(name, board, f"players.{name}") for name, board in pos.players.items()]
        names = [p.name for p in players]
        for key in ("active", "attacker", "defender", "favor", "first"):
            value = getattr(pos, key)
            if value is not None and value not in names:
                raise PositionError(key, f"{value!r} is not a player ({', '.join(names)})")
        active = pos.active or names[0]
        at = pos.at
        battlefield = pos.battlefield
        if at in ("attack/engage", "attack/combat", "attack/resolution"):
            if not any(pr.id == battlefield for p in players for pr in p.provinces):
                raise PositionError("battlefield", "inside a battle, name the battlefield's Province (bob.p1)")
        elif battlefield is not None and at != "attack/maneuvers":
            battlefield = None
        game = Game(players, self.cards, active, pos.turn, at, battlefield, pos.attacker, pos.favor, pos.rules,
                    max_steps, seconds)
        game.at_point = Point(at)
        game.first_player = pos.first or names[0]
        if game.attacking:
            game.defender = pos.defender or (battlefield.split(".")[0] if battlefield else game.next_player(
                game.attacker))
        for c in self.cards.values():
            if c.zone is Zone.PLAY and c.location != "home" and game.province(c.location) is None:
                raise PositionError(f"players.{c.owner}.units", f"{c.id} is at {c.location!r}, which is not a "
                                                                "Province id (PLAYER.pN) or home")
        for card, effect in self.seeds:
            args = effect.args
            game.modifiers.append(Modifier(effect.name, card.id, args.op(), args.value(), args.until,
                                           "already in place", len(game.modifiers)))
        try:
            script = [parse_step(s, i) for i, s in enumerate(pos.script)]
            expect = [parse_expect(e, i) for i, e in enumerate(pos.expect)]
        except StepError as exc:
            raise PositionError(exc.path, str(exc)) from None
        for i, step in enumerate(script):
            who = step.get("by")
            if who is not None and who not in names:
                raise PositionError(f"script[{i}]", f"{who!r} is not a player ({', '.join(names)})")
            for k, entry in enumerate(step.get("interrupts") or []):
                if entry["by"] not in names:
                    raise PositionError(f"script[{i}].{step['_kind']}.interrupts[{k}].by",
                                        f"{entry['by']!r} is not a player ({', '.join(names)})")
        return game, script, expect

    def player(self, name: str, board, path: str) -> Player:
        player = Player(name, board.honor)
        if board.stronghold is not None:
            sh = self.instance(self.card_def(board.stronghold, f"{path}.stronghold"), name, Zone.PLAY,
                               f"{name}.stronghold", f"{path}.stronghold")
            player.stronghold = sh.id
            player.clans = sh.card.clans
        if board.sensei is not None:
            player.sensei = self.instance(self.card_def(board.sensei, f"{path}.sensei"), name, Zone.PLAY,
                                          f"{name}.sensei", f"{path}.sensei").id
        if board.clan is not None:
            player.clans = clan_alignments([board.clan] if isinstance(board.clan, str) else board.clan)
        player.ignores_hr = board.ignores_honor_requirements
        player.proclaimed = board.proclaimed
        if board.gold:
            player.gold.append(GoldUnit(board.gold, None, "position"))
        for i, title in enumerate(board.hand):
            player.hand.append(self.instance(self.card_def(title, f"{path}.hand[{i}]"), name, Zone.HAND).id)
        for key, pile in (("fate_deck", player.fate_deck), ("dynasty_deck", player.dynasty_deck)):
            value = getattr(board, key)
            zone = Zone.FATE_DECK if key == "fate_deck" else Zone.DYNASTY_DECK
            if isinstance(value, list):
                pile += [self.instance(self.card_def(t, f"{path}.{key}[{i}]"), name, zone).id
                         for i, t in enumerate(value)]
            elif key == "fate_deck":
                player.fate_count = value
            else:
                player.dynasty_count = value
        for key, zone, pile in (("discard", Zone.DISCARD, player.discard), ("dead", Zone.DEAD, player.dead)):
            for i, title in enumerate(getattr(board, key)):
                pile.append(self.instance(self.card_def(title, f"{path}.{key}[{i}]"), name, zone).id)
        entries = board.provinces if board.provinces is not None else [None] * 4
        for i, entry in enumerate(entries):
            self.province(player, i, entry, f"{path}.provinces[{i}]")
        for i, unit in enumerate(board.units):
            self.unit(unit, name, f"{path}.units[{i}]")
        for key in ("holdings", "in_play"):
            for i, entry in enumerate(getattr(board, key)):
                epath = f"{path}.{key}[{i}]"
                inst = self.instance(self.card_def(entry.card, f"{epath}.card"), name, Zone.PLAY, entry.id, epath)
                inst.bowed = entry.bowed
                inst.location = entry.at
                inst.tokens = dict(entry.tokens)
                if inst.location != "home" and not inst.card.has_keyword("Terrain"):
                    raise PositionError(f"{epath}.at", "only Terrains are in play at a battlefield outside a unit")
        return player

    def province(self, player: Player, i: int, entry, path: str) -> None:
        from .schema import ProvinceEntry

        entry = entry or ProvinceEntry()
        prov = Province(f"{player.name}.p{i + 1}", player.name, entry.strength, destroyed=entry.destroyed)
        prov.face_up = entry.face == "up"
        if entry.card is not None:
            inst = self.instance(self.card_def(entry.card, f"{path}.card"), player.name, Zone.PROVINCE, entry.id,
                                 path)
            prov.cards.append(inst.id)
            prov.unknown = False
            inst.face_up = prov.face_up
        elif entry.destroyed:
            prov.unknown = False
        for j, fort in enumerate(entry.fortifications):
            inst = self.instance(self.card_def(fort.card, f"{path}.fortifications[{j}].card"), player.name, Zone.PLAY,
                                 fort.id, f"{path}.fortifications[{j}]")
            inst.attached_to, inst.bowed = prov.id, fort.bowed
        player.provinces.append(prov)

    def unit(self, entry, owner: str, path: str) -> None:
        card = self.card_def(entry.card, f"{path}.card")
        if card.type != "personality":
            raise PositionError(f"{path}.card", f"{card.title} is a {card.type}, and a unit is led by a Personality")
        inst = self.instance(card, owner, Zone.PLAY, entry.id, path)
        inst.location, inst.side = entry.at, entry.side
        inst.bowed, inst.dishonored = entry.bowed, entry.dishonored
        inst.tokens = dict(entry.tokens)
        inst.resilient_used = entry.resilient_used
        for j, att in enumerate(entry.attach):
            apath = f"{path}.attach[{j}]"
            acard = self.card_def(att.card, f"{apath}.card")
            if acard.type not in ("follower", "item", "spell"):
                raise PositionError(f"{apath}.card", f"{acard.title} is a {acard.type}; only Followers, Items and "
                                                     "Spells attach to a Personality")
            a = self.instance(acard, owner, Zone.PLAY, att.id, apath)
            a.attached_to, a.location, a.bowed, a.side = inst.id, inst.location, att.bowed, entry.side
            a.tokens = dict(att.tokens)
            inst.attachments.append(a.id)
        for j, effect in enumerate(entry.modifiers):
            if effect.name not in ("force", "chi", "personal_honor"):
                raise PositionError(f"{path}.modifiers[{j}]", "modifiers already in place are Force, Chi or Personal "
                                                              "Honor changes ({force: {amount: 2}})")
            self.seeds.append((inst, effect))


def _given_ids(pos: Position) -> set[str]:
    out = set()
    for board in pos.players.values():
        for unit in board.units:
            out |= {unit.id} | {a.id for a in unit.attach}
        for entry in board.holdings + board.in_play:
            out.add(entry.id)
        for prov in board.provinces or []:
            if prov is not None:
                out |= {prov.id} | {f.id for f in prov.fortifications}
    out.discard(None)
    return out


def load(data: dict, lookup: Lookup, suggest: Callable[[str], list[str]] = lambda t: [], max_steps: int = 20_000,
         seconds: float = 5.0) -> tuple[Game, list[dict], list]:
    try:
        pos = Position.model_validate(data)
    except ValidationError as exc:
        raise PositionError(*describe(exc)) from None
    return Loader(pos, lookup, suggest).load(max_steps, seconds)
