"""Card text into structured effects: the common patterns, and what could not be read.

Text is split into traits and abilities (``Battle:``, ``Open, :bow::`` …), abilities
into sentences, sentences into effects.  Each pattern is one small rule in a table,
so coverage grows by adding rows; a sentence no rule reads is reported in
``unparsed`` rather than guessed at.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

ABILITY_KINDS = ("battle", "open", "limited", "engage", "interrupt", "dynasty")
HEADER = re.compile(
    r"(?P<words>(?:(?:Repeatable|Tireless|Political|Military|Home|Absent|Kiho|Kata|Tactical|Ranged)\s+)*)"
    r"(?P<kind>Battle|Open|Limited|Engage|Interrupt|Dynasty)(?:/(?:Battle|Open|Limited|Engage))?"
    r"(?P<costs>(?:\s*,\s*(?::bow:|:g(?:\d+|\*|star):|Bow this card|Bow this Personality|Bow this Holding))*)\s*:\s*",
    re.I)
TRIGGER = re.compile(r"^(?P<when>Before|After|When)\s+(?P<point>[^:]+?)\s*:\s*(?P<rest>.+)$", re.I)
PRODUCE = re.compile(r"^(?:(?::bow:|Bow this card|Bow this Holding)\s*:\s*)?Produce (?P<n>\d+) Gold"
                     r"(?P<rest>[^.]*)\.?$", re.I)
RESTRICTION = re.compile(r"(?:only|solely) (?:be )?(?:used )?(?:to |for )?(?:recruit|pay for|paying for|bring into play)"
                         r" (?:an? |your )?(?P<what>Personalit(?:y|ies)|Holdings?|Followers?|Items?|Spells?)", re.I)

SIDE = r"(?P<side>your |an enemy |enemy |an |a |the |that |another player's )?"
STATE = r"(?P<state>unbowed |bowed |dishonorable |honorable )?"
KINDS = r"(?P<what>Personality|Follower|Holding|unit|card|Item)"
TARGET_DECL = re.compile(rf"^(?:Choose|Target)\s+{SIDE}{STATE}(?:enemy )?{KINDS}(?P<opt> \(if able\))?$", re.I)
VERB = re.compile(
    rf"^(?P<verb>Bow|Straighten|Destroy|Move home|Dishonor|Rehonor|Discard)\s+"
    rf"(?:(?P<self>this (?:card|Personality|Holding|unit|Follower))|(?P<pronoun>him|her|it|them|that (?:Personality|Follower|card|unit))"
    rf"|{SIDE}(?P<target>target )?{STATE}(?P<enemy>enemy )?{KINDS})(?P<opt> \(if able\))?$", re.I)
STAT = re.compile(
    rf"^(?:Give\s+)?(?:(?P<self>this (?:Personality|Follower|unit|card))|(?P<pronoun>him|her|it|that Personality)"
    rf"|{SIDE}(?P<target>target )?{STATE}(?P<enemy>enemy )?{KINDS})?\s*(?:gets\s+)?"
    r"(?P<f>[+-]\d+)F(?:\s*(?:/|and)\s*(?P<c>[+-]\d+)C)?$", re.I)
HONOR = re.compile(r"^(?:you )?(?P<verb>gain|lose)s? (?P<n>\d+) Honor$", re.I)
DRAW = re.compile(r"^(?:you )?draws? (?:a card|(?P<n>\d+) cards)$", re.I)
ATTACK = re.compile(r"^(?P<kind>Ranged|Melee) (?P<n>\d+) Attack$", re.I)
FEAR = re.compile(r"^Fear (?P<n>\d+)$", re.I)
DEPENDS = re.compile(r"^(?P<a>.+?) (?:to|as) (?P<b>(?:gain|lose|draw|give|bow|straighten|destroy|move|dishonor|rehonor)\b.+)$",
                     re.I)


@dataclass
class Effect:
    kind: str
    args: dict = field(default_factory=dict)


@dataclass
class TargetSpec:
    side: str  # your, enemy, any
    what: str  # personality, follower, holding, unit, card, item
    state: str | None = None  # unbowed, bowed, dishonorable, honorable
    optional: bool = False
    combat: bool = False  # Ranged/Melee/Fear: a Follower or a Personality without Followers in the enemy army


@dataclass
class Ability:
    n: int
    kind: str
    text: str
    words: set = field(default_factory=set)  # repeatable, tireless, home, absent, …
    bow: bool = False
    gold: int | None = None  # Gold cost; -1 for variable
    targets: list[TargetSpec] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)


@dataclass
class Trigger:
    when: str  # before, after, when
    point: tuple  # ("phase", "attack", "end") / ("turn", None, "begin") …
    whose: str  # your, each
    text: str
    effects: list[Effect] = field(default_factory=list)


@dataclass
class ParsedText:
    abilities: list[Ability] = field(default_factory=list)
    triggers: list[Trigger] = field(default_factory=list)
    produce: tuple[int, str | None] | None = None
    unparsed: list[str] = field(default_factory=list)


def plain(text: str) -> str:
    text = html.unescape(text or "")
    text = re.sub(r"<br\s*/?>", "\n", text, flags=re.I)
    text = re.sub(r"</?(?:b|i|em|strong|u)>", "", text, flags=re.I)
    return re.sub(r"<[^>]+>", "", text)


def readable(text: str) -> str:
    """Ability text for the timeline: icon codes as marks a reader knows."""
    text = re.sub(r":bow:", "[Bow]", text)
    text = re.sub(r":g(?:\*|star):", "[* Gold]", text)
    return re.sub(r":g(\d+):", r"[\1 Gold]", text)


def _side(value: str | None, enemy: str | None = None) -> str:
    v = (value or "").strip().lower()
    if enemy or v in ("an enemy", "enemy", "another player's"):
        return "enemy"
    if v == "your":
        return "your"
    return "any"


def _target_ref(match: re.Match, targets: list[TargetSpec], combat_default: str = "any"):
    """A sentence's object: ``self``, the last target, or a new target (an index)."""
    if match.groupdict().get("self"):
        return "self"
    if match.groupdict().get("pronoun"):
        return len(targets) - 1 if targets else "self"
    if match.groupdict().get("what") is None:
        return "self"
    spec = TargetSpec(_side(match.group("side"), match.groupdict().get("enemy")), match.group("what").lower(),
                      (match.group("state") or "").strip().lower() or None, bool(match.groupdict().get("opt")))
    if match.groupdict().get("target") or match.group("side") in (None, "", "an ", "a ", "the "):
        targets.append(spec)
        return len(targets) - 1
    if spec.side == "your" and not match.groupdict().get("target"):
        targets.append(spec)
        return len(targets) - 1
    targets.append(spec)
    return len(targets) - 1


def _sentence(sentence: str, targets: list[TargetSpec]) -> list[Effect] | None:
    s = sentence.strip().rstrip(".").strip()
    if not s:
        return []
    m = TARGET_DECL.match(s)
    if m:
        targets.append(TargetSpec(_side(m["side"]), m["what"].lower(), (m["state"] or "").strip().lower() or None,
                                  bool(m["opt"])))
        return []
    m = ATTACK.match(s)
    if m:
        targets.append(TargetSpec("enemy", "follower-or-personality", combat=True))
        return [Effect(f"{m['kind'].lower()}_attack", {"target": len(targets) - 1, "amount": int(m["n"])})]
    m = FEAR.match(s)
    if m:
        targets.append(TargetSpec("enemy", "follower-or-personality", combat=True))
        return [Effect("fear", {"target": len(targets) - 1, "amount": int(m["n"])})]
    m = HONOR.match(s)
    if m:
        return [Effect(f"{m['verb'].lower()}_honor", {"player": "self", "amount": int(m["n"])})]
    m = DRAW.match(s)
    if m:
        return [Effect("draw", {"player": "self", "amount": int(m["n"] or 1)})]
    m = STAT.match(s)
    if m:
        ref = _target_ref(m, targets)
        out = [Effect("force", {"target": ref, "amount": int(m["f"])})]
        if m["c"]:
            out.append(Effect("chi", {"target": ref, "amount": int(m["c"])}))
        return out
    m = VERB.match(s)
    if m:
        verb = m["verb"].lower().replace(" ", "_")
        return [Effect(verb, {"target": _target_ref(m, targets)})]
    m = DEPENDS.match(s)
    if m:
        first, then = _sentence(m["a"], targets), _sentence(m["b"][0].upper() + m["b"][1:], targets)
        if first is not None and then is not None and first and then:
            for effect in then:
                effect.args["_needs"] = True  # "X to Y": Y happens only if X did (order-of-effects)
            return first + then
    parts = re.split(r",? and (?:then )?|, then |; ", s)
    if len(parts) > 1:
        out = []
        for part in parts:
            part = part[0].upper() + part[1:] if part else part
            effects = _sentence(part, targets)
            if effects is None:
                return None
            out += effects
        return out
    return None


def _effects(text: str, targets: list[TargetSpec], unparsed: list[str]) -> list[Effect]:
    effects: list[Effect] = []
    for sentence in re.split(r"(?<=[.!])\s+", text.strip()):
        found = _sentence(sentence, targets)
        if found is None:
            unparsed.append(sentence.strip())
        else:
            effects += found
    return effects


def timing_point(text: str) -> tuple[tuple, str] | None:
    """("phase", "attack", "end"), "your" for "your Attack Phase ends"; None if unreadable."""
    return _point(text)


def _point(text: str) -> tuple[tuple, str] | None:
    t = text.lower().strip()
    m = re.match(r"^(?P<whose>your|each|the|a player's|each player's)?\s*(?:next\s+)?"
                 r"(?P<what>action phase|attack phase|dynasty phase|turn)\s+(?P<edge>begins|ends)$", t)
    if not m:
        return None
    whose = "your" if m["whose"] == "your" else "each"
    what = m["what"]
    edge = "begin" if m["edge"] == "begins" else "end"
    if what == "turn":
        return ("turn", None, edge), whose
    return ("phase", what.split()[0], edge), whose


def parse(text: str) -> ParsedText:
    out = ParsedText()
    for block in plain(text).split("\n"):
        block = block.strip()
        if not block:
            continue
        if re.match(r"^\(.*\)$", block):  # reminder text
            continue
        produce = PRODUCE.match(block)
        if produce:
            restriction = RESTRICTION.search(produce["rest"] or "")
            what = restriction["what"].lower().rstrip("s").replace("personalitie", "personality") if restriction else None
            out.produce = (int(produce["n"]), what)
            continue
        trigger = TRIGGER.match(block)
        if trigger and not HEADER.match(block):
            found = _point(trigger["point"])
            if found:
                unparsed: list[str] = []
                effects = _effects(trigger["rest"], [], unparsed)
                if not unparsed:
                    point, whose = found
                    out.triggers.append(Trigger(trigger["when"].lower(), point, whose, block, effects))
                    continue
            out.unparsed.append(block)
            continue
        headers = list(HEADER.finditer(block))
        if not headers or headers[0].start() != 0:
            out.unparsed.append(block)
            continue
        for i, header in enumerate(headers):
            end = headers[i + 1].start() if i + 1 < len(headers) else len(block)
            body = block[header.end():end].strip()
            costs = header["costs"] or ""
            gold = re.search(r":g(\d+|\*|star):", costs)
            ability = Ability(
                n=len(out.abilities) + 1, kind=header["kind"].lower(), text=block[header.start():end].strip(),
                words={w.lower() for w in (header["words"] or "").split()},
                bow=bool(re.search(r":bow:|Bow this", costs, re.I)),
                gold=None if not gold else (-1 if gold.group(1) in ("*", "star") else int(gold.group(1))))
            unparsed: list[str] = []
            ability.effects = _effects(body, ability.targets, unparsed)
            out.unparsed += unparsed
            out.abilities.append(ability)
    return out


def explicit(entries: list, path: str = "effects") -> ParsedText:
    """Abilities and traits stated as data (an inline card's ``effects:``), for text the
    parser cannot read or a judge wants stated exactly."""
    out = ParsedText()
    for i, entry in enumerate(entries):
        where = f"{path}[{i}]"
        if not isinstance(entry, dict):
            raise ValueError(f"{where}: a mapping with ability:, trigger: or produce:")
        effects = [_explicit_effect(e, f"{where}.do[{j}]") for j, e in enumerate(entry.get("do") or [])]
        if "produce" in entry:
            amount = entry["produce"]
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise ValueError(f"{where}.produce: a whole number of Gold")
            out.produce = (amount, entry.get("only"))
        elif "trigger" in entry:
            trig = entry["trigger"] or {}
            found = _point(str(trig.get("point", "")))
            if trig.get("when") not in ("before", "after", "when") or not found:
                raise ValueError(f"{where}.trigger: {{when: before|after|when, point: 'your Attack Phase ends'}}")
            out.triggers.append(Trigger(trig["when"], found[0], found[1], f"{trig['when'].capitalize()} "
                                                                          f"{trig['point']}", effects))
        elif entry.get("ability") in ABILITY_KINDS:
            targets = []
            for j, t in enumerate(entry.get("targets") or []):
                if not isinstance(t, dict):
                    raise ValueError(f"{where}.targets[{j}]: {{side: your|enemy|any, what: personality, state: unbowed}}")
                targets.append(TargetSpec(t.get("side", "any"), t.get("what", "personality"), t.get("state"),
                                          bool(t.get("optional"))))
            gold = entry.get("gold")
            out.abilities.append(Ability(
                n=len(out.abilities) + 1, kind=entry["ability"], text=entry.get("text") or f"{entry['ability']} "
                f"(stated in the position)", words=set(entry.get("words") or []), bow=bool(entry.get("bow")),
                gold=-1 if gold == "*" else gold, targets=targets, effects=effects))
        else:
            raise ValueError(f"{where}: ability: ({', '.join(ABILITY_KINDS)}), trigger: or produce:")
    return out


def _explicit_effect(entry, path: str) -> Effect:
    if not isinstance(entry, dict) or len(entry) != 1:
        raise ValueError(f"{path}: one primitive effect, such as {{bow: {{target: 1}}}}")
    kind, args = next(iter(entry.items()))
    args = dict(args or {})
    if isinstance(args.get("target"), int) and not isinstance(args.get("target"), bool):
        args["target"] = args["target"] - 1  # 1-based in positions
    return Effect(kind, args)
