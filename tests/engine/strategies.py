"""Hypothesis strategies for positions, scripts and every registered effect primitive.

Effects are drawn from the engine's registry itself, so a new primitive is covered the
day it is registered; ``test_every_primitive_has_arguments`` fails if one cannot be built.
"""
from typing import Literal, Union, get_args, get_origin

from hypothesis import strategies as st
from pydantic import ValidationError

from judgeapp.engine.registry import REGISTRY, Effect
from judgeapp.engine.rulebook import NAMES as RULEBOOK
from judgeapp.engine.vocab import Until

UNIT_IDS = [f"u{i}" for i in range(6)]
FOLLOWER_IDS = [f"f{i}" for i in range(6)]
CARD_IDS = UNIT_IDS + FOLLOWER_IDS + ["h0", "h1", "alice.stronghold", "bob.stronghold"]
PLACES = ["home", "bob.p1", "bob.p2", "alice.p1"]
PLAYERS = ["alice", "bob"]
STAT_VALUES = ("amount", "set", "raise_", "lower", "min", "max")
ONE_OF = (STAT_VALUES, ("after", "before", "when"))
EVENTS = ["destroyed", "enters_play", "bows", "honor_gained", "honor_lost", "phase_begins", "turn_ends",
          "battle_resolves", "moves", "dishonored"]


def inner_effect():
    return st.sampled_from([{"gain_honor": {"player": "you", "amount": 1}}, {"bow": {"target": "self"}},
                            {"draw": {"amount": 1}}, {"lose_honor": {"amount": 1}}])


def literals(annotation) -> list[str]:
    """The strings a ``Literal`` argument (or an optional one) admits; [] if it admits anything else."""
    if get_origin(annotation) is Literal:
        return list(get_args(annotation))
    parts = [a for a in get_args(annotation) if a is not type(None)]
    if get_origin(annotation) is Union and parts and all(get_origin(a) is Literal for a in parts):
        return [v for a in parts for v in get_args(a)]
    return []


def admits_cards(annotation) -> bool:
    """Whether an argument takes card references (a list of ids among its forms), not a place's name."""
    return annotation is not str and any(get_origin(a) is list for a in get_args(annotation))


def field_value(name: str, annotation):
    """A value for one argument, chosen by what the argument means."""
    if get_origin(annotation) is list and literals(get_args(annotation)[0]):  # several of a fixed set of words
        return st.lists(st.sampled_from(literals(get_args(annotation)[0])), min_size=1, max_size=2, unique=True)
    if name in ("to", "what", "event", "whose") and literals(annotation):
        return st.sampled_from(literals(annotation))
    if name == "to" and int in get_args(get_args(annotation)[0] if get_args(annotation) else annotation):
        return st.integers(0, 3)  # "reduce … to 0"
    if name in ("target", "challenger", "challenged", "attach_to", "card") or (name == "to" and admits_cards(annotation)):
        return st.one_of(st.sampled_from(CARD_IDS), st.lists(st.sampled_from(CARD_IDS), min_size=1, max_size=3,
                                                              unique=True))
    if name == "player":
        return st.sampled_from(PLAYERS + ["you", "each", "opponent"])
    if name in ("amount", "count") or name in STAT_VALUES:
        return st.integers(-4, 6)
    if name in ("to_min", "to_max"):
        return st.integers(0, 5)
    if name == "until_has":  # "… tokens until he has exactly five"
        return st.integers(1, 6)
    if name == "less":  # "paying 2 less Gold"
        return st.integers(0, 3)
    if name == "times":  # "Take two additional Battle actions"
        return st.integers(1, 3)
    if name in ("gains", "losses"):
        return st.integers(-3, 3)
    if name == "until":
        return st.sampled_from([u.value for u in Until])
    if name == "at":
        return st.sampled_from(["home", "here"])
    if name == "to":
        return st.sampled_from(["home", "here", "bob.p1", "bob.p2"])
    if name in ("what", "of"):
        allowed = [a for a in get_args(annotation) if isinstance(a, str)]
        wanted = [w for w in ("destroyed", "bows", "moves", "dishonored", "honor_gained", "any", "actions", "attacks")
                  if not allowed or w in allowed]
        return st.sampled_from(wanted)
    if name in ("after", "before", "when") and annotation is None:
        return st.sampled_from(["your Dynasty Phase begins", "your turn ends", "the battle ends",
                                "your next turn begins"])
    if name == "do":
        return st.lists(inner_effect(), min_size=1, max_size=2)
    if name in ("during", "otherwise"):  # effects lasting the duel; "if he does not choose this, …"
        return st.lists(inner_effect(), max_size=1)
    if name in ("loser", "winner", "refused"):
        return st.fixed_dictionaries({"do": st.lists(inner_effect(), max_size=1)})
    if name == "options":
        return st.lists(st.fixed_dictionaries({"word": st.sampled_from(["force", "chi", "honor"]),
                                               "do": st.lists(inner_effect(), min_size=1, max_size=1)}),
                        min_size=2, max_size=3)
    if name == "stat":
        return st.sampled_from(["chi", "force"])
    if name == "event":
        return st.sampled_from(EVENTS)
    if name == "whose":
        return st.sampled_from(["your", "any", "self"])
    if name == "phase":
        return st.sampled_from(["action", "attack", "dynasty"])
    if name in ("add", "lose"):
        return st.lists(st.sampled_from(["Cavalry", "Resilient", "Samurai", "Duelist"]), min_size=1, max_size=2,
                        unique=True)
    if name == "name":
        return st.sampled_from(["force", "chi", "personal_honor", "Madness", "Sincerity"])
    if name == "which":
        return st.sampled_from(["bonuses", "penalties", "both"])
    if name == "where":
        return st.sampled_from(["top", "bottom", "shuffle"])
    if name == "text":  # a granted ability, as printed between its quotation marks
        return st.sampled_from(["Battle: Fear 2.", "Open, [Bow]: Gain 1 Honor.", "Battle: Give this Personality +1F."])
    if name == "kinds":
        return st.lists(st.sampled_from(["fear", "ranged_attack", "melee_attack"]), min_size=1, max_size=3, unique=True)
    if name in ("refusable", "random", "yours"):
        return st.booleans()
    if name == "targets":  # a delayed effect's own targets, chosen when it happens
        return st.lists(st.fixed_dictionaries({"filter": st.fixed_dictionaries({
            "type": st.just(["personality"]), "side": st.sampled_from(["your", "any", "enemy"])})}), max_size=2)
    if name == "total":  # tokens shared out among targets, at least one each
        return st.integers(1, 4)
    if name == "first_target":  # numbered after the targets kept from the effects that set it up
        return st.integers(1, 3)
    if name == "traits":  # continuous traits an effect gives for a time: a stat while attacking, a restriction
        return st.lists(st.one_of(
            st.fixed_dictionaries({"kind": st.just("stat"), "stat": st.sampled_from(["force", "chi"]),
                                   "amount": st.integers(-3, 3), "while": st.just({"card": "self", "is": ["attacking"]})}),
            st.fixed_dictionaries({"kind": st.just("stat"), "stat": st.just("force"), "amount": st.integers(-2, 2),
                                   "target": st.just({"all": {"type": ["personality"], "side": "your",
                                                              "state": ["attacking"]}})}),
            st.fixed_dictionaries({"kind": st.just("restrict"), "what": st.sampled_from(["attacks", "bows"])})),
            min_size=1, max_size=2)
    choices = [a for a in get_args(annotation) if isinstance(a, str)]
    if choices:
        return st.sampled_from(choices)
    return None


@st.composite
def effect(draw, name=None):
    """One effect of a registered primitive, with arguments it accepts."""
    name = name or draw(st.sampled_from(sorted(REGISTRY)))
    fields = REGISTRY[name].Args.model_fields
    args = {}
    for group in ONE_OF:  # arguments of which exactly one is given
        present = [f for f in group if f in fields]
        if present:
            pick = draw(st.sampled_from(present))
            args["raise" if pick == "raise_" else pick] = draw(field_value(pick, None))
    grouped = {f for group in ONE_OF for f in group}
    for fname, info in fields.items():
        if fname in grouped:
            continue
        maker = field_value(fname, info.annotation)
        if maker is None:
            continue
        if info.is_required() or draw(st.booleans()):
            args[fname] = draw(maker)
    if name == "trigger":
        args["when"] = draw(st.sampled_from(["before", "after", "when"]))
    try:
        Effect.model_validate({name: args})
    except ValidationError as exc:
        raise AssertionError(f"the strategy built arguments {name} refuses: {args}: {exc}") from None
    return {name: args}


@st.composite
def positions(draw):
    cards, units = [], {"alice": [], "bob": []}
    for i, uid in enumerate(UNIT_IDS):
        owner = PLAYERS[i % 2]
        keywords = draw(st.lists(st.sampled_from(["Cavalry", "Resilient", "Duelist", "Tactician", "Conqueror",
                                                  "Unique"]), max_size=2, unique=True))
        cards.append({"title": f"P{i}", "type": "personality", "force": draw(st.integers(0, 9)),
                      "chi": draw(st.integers(1, 4)), "honor": 0, "cost": 3, "ph": draw(st.integers(0, 3)),
                      "keywords": keywords})
        unit = {"card": f"P{i}", "id": uid, "at": draw(st.sampled_from(PLACES[:3] if owner == "alice" else
                                                                     ["home", "bob.p1", "bob.p2"])),
                "bowed": draw(st.booleans()), "dishonored": draw(st.booleans())}
        attach = []
        if draw(st.booleans()):
            cards.append({"title": f"F{i}", "type": "follower", "force": draw(st.integers(0, 4)), "cost": 1,
                          "keywords": ["Cavalry"] if "Cavalry" in keywords else []})
            attach.append({"card": f"F{i}", "id": f"f{i}", "bowed": draw(st.booleans())})
        if draw(st.booleans()):
            cards.append({"title": f"I{i}", "type": "item", "force": "+1", "chi": draw(st.sampled_from(["+1", "-1"])),
                          "cost": 1, "keywords": ["Armor"]})
            attach.append({"card": f"I{i}", "id": f"i{i}"})
        if attach:
            unit["attach"] = attach
        units[owner].append(unit)
    cards += [{"title": "Spare Blade", "type": "item", "force": "+1", "chi": "-2", "cost": 0, "keywords": ["Weapon"]},
              {"title": "Note", "type": "strategy", "focus": 2, "keywords": ["Courage", "Kharmic"]},
              {"title": "Rice", "type": "holding", "cost": 1, "text": "Bow this card: Produce 2 Gold."}]
    at = draw(st.sampled_from(["action", "attack/declaration", "attack/combat", "attack/engage", "dynasty", "end"]))
    steps = [draw(step()) for _ in range(draw(st.integers(0, 12)))]
    position = {"l5r-position": 1, "active": "alice", "at": at, "cards": cards, "players": {}, "script": steps}
    if at in ("attack/combat", "attack/engage"):
        position["battlefield"] = "bob.p1"
    for name in PLAYERS:
        position["players"][name] = {
            "stronghold": {"title": f"{name} keep", "type": "stronghold", "strength": draw(st.integers(0, 8)),
                           "production": 4, "starting_honor": 5},
            "honor": draw(st.integers(-19, 39)), "units": units[name],
            "hand": draw(st.lists(st.sampled_from(["Spare Blade", "Note"]), max_size=3)),
            "holdings": [{"card": "Rice", "id": f"h{PLAYERS.index(name)}"}],
            "provinces": [{"card": "P0", "face": "up"} if draw(st.booleans()) else {}, {}, {}, {}]}
    return position


@st.composite
def step(draw):
    kind = draw(st.sampled_from(["advance", "effect", "effect", "assign", "declare_attack", "pass", "fight",
                                 "rulebook", "discard", "duel", "order"]))
    if kind == "advance":
        return {"advance": draw(st.sampled_from(["dynasty", "end_of_battle", "next_turn", "end_of_turn",
                                                 "attack/combat", "action", "end"]))}
    if kind == "effect":
        return {"effect": {"by": draw(st.sampled_from(PLAYERS)), "do": draw(effect())}}
    if kind == "assign":
        return {"assign": {"by": draw(st.sampled_from(PLAYERS)),
                           "units": draw(st.lists(st.sampled_from(UNIT_IDS), max_size=3)),
                           "to": draw(st.sampled_from(["bob.p1", "bob.p2", "alice.p1"]))}}
    if kind == "fight":
        return {"fight": draw(st.sampled_from(["bob.p1", "bob.p2", "bob.p3"]))}
    if kind == "rulebook":
        name = draw(st.sampled_from(RULEBOOK))
        action = {"by": draw(st.sampled_from(PLAYERS)), "rulebook": name,
                  "targets": draw(st.lists(st.sampled_from(UNIT_IDS), max_size=1))}
        if name in ("recruit", "reserve"):
            action["card"] = draw(st.sampled_from(["alice.p1", "bob.p1"]))
        if name in ("equip", "tactical_advantage", "kharmic"):
            action["card"] = draw(st.sampled_from(["Spare Blade", "Note"] + UNIT_IDS))
            action["to"] = draw(st.sampled_from(UNIT_IDS))
        if name in ("favor_limited", "tactical_advantage", "kharmic"):
            action["discard"] = "Note"
        if name == "courage":
            return {"action": {"by": "alice", "card": "u0", "ability": 1,
                               "interrupts": [{"by": draw(st.sampled_from(PLAYERS)), "rulebook": "courage"}]}}
        return {"action": action}
    if kind == "discard":
        return {"discard": {"by": draw(st.sampled_from(PLAYERS)), "cards": ["Note"]}}
    if kind == "duel":
        return {"duel": {"focus": [{"by": draw(st.sampled_from(PLAYERS)), "from": "deck"}],
                         "strike": draw(st.sampled_from(PLAYERS))}}
    if kind == "order":
        return {"order": draw(st.lists(st.sampled_from(CARD_IDS), max_size=2))}
    return {kind: draw(st.sampled_from(PLAYERS))}
