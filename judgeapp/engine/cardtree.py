"""The pieces every part of the card-text reader shares: the parse-tree accessors, the
rule names that group alternatives of the grammar, and small combinators of conditions
and effects.  Kept apart so that the reader's parts (``cardgrammar`` for units, noun
phrases and conditions, ``cardeffects`` for effects, ``cardtraits`` for traits) do not
import each other."""
from __future__ import annotations

from lark import Token, Tree

from .registry import Effect
from .structures import Condition, Filter
from .vocab import Until


# Labels defined only by reminder text: "Courtesy traits do not take effect if you went first";
# "Compassion takes effect while you have fewer Provinces than anyone else".
LABELS = {"Courtesy": Condition(went_first=False), "Compassion": Condition(fewer_provinces=True)}


class Unreadable(Exception):
    """The sentence cannot be read whole; the message says why (shown on the card page)."""


PLAYER_WORDS = {"YOU": "you", "YOUROPPONENT": "opponent", "EACHPLAYER": "each", "EACHOTHERPLAYER": "other",
                "THEATTACKER": "attacker", "THEDEFENDER": "defender", "THEACTIVEPLAYER": "active"}
ATTACHMENTS = ("follower", "item", "spell")
# Keywords that name the Personality an attachment is on when the text says "this …".
PERSONALITY_WORDS = frozenset({"Shugenja", "Samurai", "Monk", "Courtier", "Ninja", "Kensai", "Tactician",
                               "Magistrate", "Duelist", "Yojimbo", "Scout", "Commander", "Berserker"})


def _tok(node, kind: str):
    return next((c for c in node.children if isinstance(c, Token) and c.type == kind), None)


def _toks(node, kind: str) -> list:
    return [c for c in node.children if isinstance(c, Token) and c.type == kind]


def _sub(node, *names: str):
    return next((c for c in node.children if isinstance(c, Tree) and c.data in names), None)

# Tree names of the grammar's groups; areas add theirs (``cardareas``: NP_KINDS, …) when the reader loads.
NP = {"self_ref", "this_type", "this_kw", "pronoun", "loser", "winner", "his_unit", "his_attachments", "phrase",
      "self_possessed", "bare", "titled"}
# Noun phrases naming one card named before (or this card), as a condition's subject ("its target": an Attack's own).
CARD_NAMED = ("self_ref", "this_type", "this_kw", "pronoun", "loser", "winner", "its_target")
AMOUNTS = {"n", "x", "equal", "half_down", "half_up", "per"}
VALUES = {"stat_of", "stat_of_your", "stat_of_np", "count", "my_honor", "plus", "printed_of"}
ATTACKS = {"RANGEDWORD": "ranged_attack", "RANGED": "ranged_attack", "MELEEWORD": "melee_attack",
           "MELEE": "melee_attack", "FEARWORD": "fear", "FEAR": "fear"}
DESIGNATORS = ("battle", "engage", "open", "limited", "dynasty")  # an action's designators; other words are keywords
STATICS = {"st_copies", "st_stat_each", "st_attack_immune", "st_attack_strength", "st_own_attack", "st_stat",
           "st_bonus", "st_penalty", "st_keyword", "st_restrict", "st_cost_less", "st_cost_more", "st_cost_ignore",
           "st_attach_only", "st_attach_never", "st_hand", "st_enters_state", "st_no_abilities",
           "st_equip_less", "st_equip_more", "st_cannot_gain"}


# Words that name the absence of a keyword (CR Human: "a Personality or Follower who does not have the
# Nonhuman keyword"; CR Infantry: one without Cavalry).
ABSENCES = {"Human": "Nonhuman", "Infantry": "Cavalry"}
CLAUSES = {"plain", "dependency", "alternative", "delayed_after", "delayed_before", "stronger_if"}


def _attachment_words(node: Tree) -> list[str]:
    """The words an attachment must have ("has a Fire Spell", "with a Weapon"): its keywords and card
    type, every one.  A "non-Shadowlands" or "bowed" attachment, or an "Air or Fire Spell", is not a list of
    words it has all of, so it is not read."""
    mods = [m.children[0] for m in _sub(node, "mods").children if isinstance(m, Tree)]
    if any(t.type in ("NONKW", "NONCLAN", "STATE") for t in mods):
        raise Unreadable("an attachment described by what it is not, or by its state, is not read")
    if _tok(_sub(node, "mods"), "OR") is not None:
        raise Unreadable("an attachment of one of several kinds ('an Air or Fire Spell') is not read")
    words = [t.value for t in mods]
    kind = _tok(node, "TYPE")
    return words + ([kind.value.capitalize()] if kind is not None else [])


def _attachment_kinds(node: Tree) -> list[list[str]]:
    """The kinds of attachment a card must have one of, each as its words: "has an Air, Fire, or Thunder
    Spell" is an Air Spell, a Fire Spell or a Thunder Spell, "has a Gaijin or Peasant Weapon" a Gaijin Weapon
    or a Peasant Weapon (the words after the last alternative name the attachment, ``conjunctions``);
    without "or", one kind."""
    mods = _sub(node, "mods")
    if _tok(mods, "OR") is None:
        return [_attachment_words(node)]
    groups: list[list[Token]] = [[]]
    for child in mods.children:
        if isinstance(child, Token) and child.type == "OR":
            groups.append([])
        elif isinstance(child, Tree):
            groups[-1].append(child.children[0])
    if any(t.type != "KEYWORD" for g in groups for t in g) or any(len(g) != 1 for g in groups[:-1]):
        raise Unreadable("an attachment of one of several kinds, not each named by one keyword, is not read")
    kind = _tok(node, "TYPE")
    shared = [t.value for t in groups[-1][1:]] + ([kind.value.capitalize()] if kind is not None else [])
    return [[g[0].value] + shared for g in groups]


def _det_words(dets) -> list[str]:
    """Every word type of the determiners ("one to three OFYOUR" → NUMBER, TO, NUMBER, OFYOUR)."""
    return [t.type for d in dets for t in d.children if isinstance(t, Token)]


# "If he would be opposed" of one of your Personalities not yet chosen: the enemy army at the
# current battlefield has units (``opposed``).
OPPOSED_HERE = Condition(exists=Filter(type=["personality"], side="enemy", at="here"))

CREATED = "created"  # what "him"/"it" names after "Create …": the cards the action or trait created


def _name_words(node: Tree) -> str | None:
    """Two or more capitalised words and nothing else ("Kakita Daitsu"): a card's title."""
    if node.data != "bare":
        return None
    head = _sub(node, "keyworded")
    if head is None or len(node.children) != 1:
        return None
    mods = [m.children[0] for m in _sub(head, "mods").children if isinstance(m, Tree)]
    if len(mods) < 2 or any(t.type != "KEYWORD" for t in mods):
        return None
    return " ".join(t.value for t in mods)


def _count(dets) -> tuple[int | None, bool]:
    """"two target …" (2), "one or two" / "one to three" / "up to two" (at most that many)."""
    for d in dets:
        numbers = [int(t.value) for t in d.children if isinstance(t, Token) and t.type == "NUMBER"]
        if numbers:
            return max(numbers), len(numbers) > 1 or d.children[0].type == "UPTO"
    return None, False


def _not(cond: Condition) -> Condition:
    return Condition.model_validate({"not": cond.model_dump(by_alias=True, exclude_defaults=True)})


def _point_words(spec: dict) -> str | None:
    """The words of a timing point the delayed-effect primitive reads back (``timing_point``)."""
    whose = "your " if spec.get("whose") == "your" else "the "
    event = spec.get("event", "")
    edge = "begins" if event.endswith("begins") else "ends"
    if event.startswith("phase_"):
        return f"{whose}{spec['phase'].capitalize()} Phase {edge}"
    if event.startswith("turn_"):
        return f"{whose}turn {edge}" if whose == "your " else f"the turn {edge}"
    if event == "battle_resolves":
        return "the battle resolves"
    if event == "action_resolves":
        return "the action resolves"
    if event.startswith("battle_"):
        return f"the battle {edge}"
    return None


def _unread(what: str):
    raise Unreadable(f"{what} is not read")


def _and(a: Condition | None, b: Condition | None) -> Condition | None:
    if a is None or b is None:
        return b if a is None else a
    return Condition(all=[a, b])


def _lasting(effect: Effect, until: str) -> Effect:
    fields = effect.primitive.Args.model_fields
    if "until" not in fields:
        raise Unreadable(f"a duration on '{effect.describe()}', which does not last")
    return effect.model_copy(update={"args": effect.args.model_copy(update={"until": Until(until)})})


def _singular(mod: Tree) -> Tree:
    """The keyword a group is named by, from its plural: "Commanders" are cards with the Commander
    keyword (``keywords``); "Samurai", "Shugenja" and "Shadowlands" are their own plurals."""
    tok = mod.children[0]
    word = tok.value
    if tok.type != "KEYWORD" or not word.endswith("s") or word.endswith("ss") or word == "Shadowlands":
        return mod
    return Tree("mod", [Token("KEYWORD", word[:-1])])
