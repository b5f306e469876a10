"""The words of card text as token types, for the LALR grammar in ``cardgrammar``.

A hand-written lexer (a lark ``Lexer``) because the words of L5R text are a closed
vocabulary plus names: closed-class words are their own token types (``bow`` → ``BOW``),
card types, states, stats, numbers and stat changes (``+2F``) are classes, multi-word
phrases ("at this battlefield", "until the end of the turn") are single tokens, the
card's own title or short name is ``THISCARD`` (``references``), and any other
capitalised word is a ``KEYWORD`` (``keywords``).  A lower-case word the tables do not
know is ``WORD``, which no rule accepts: the sentence is reported unparsed with that word.

Lexing by table lookup keeps the parse at LALR speed (issue 11: the whole database in a
few seconds); Earley over a regex lexer was 40 times slower.
"""
from __future__ import annotations

import re

from lark.lexer import Lexer, Token

from .cardareas import vocabulary
from .vocab import CLANS

CARD_TYPES = {
    "personality": "personality", "personalities": "personality", "follower": "follower", "followers": "follower",
    "holding": "holding", "holdings": "holding", "item": "item", "items": "item", "spell": "spell",
    "spells": "spell", "strategy": "strategy", "strategies": "strategy", "card": "card", "cards": "card",
    "unit": "unit", "units": "unit", "region": "region", "regions": "region", "event": "event", "events": "event",
    "ring": "ring", "rings": "ring", "sensei": "sensei", "stronghold": "stronghold", "attachment": "attachment",
    "attachments": "attachment", "celestial": "celestial", "celestials": "celestial",
}
STATES = {"bowed": "bowed", "unbowed": "unbowed", "dishonorable": "dishonorable", "dishonored": "dishonorable",
          "honorable": "honorable", "attacking": "attacking", "defending": "defending", "opposed": "opposed",
          "unopposed": "unopposed", "face-up": "face_up", "face-down": "face_down", "unique": "unique",
          "experienced": "experienced", "unaligned": "unaligned"}
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10, "once": 1, "twice": 2}
# Closed-class words: each is its own token type (the word in capitals) unless mapped here.
WORDS = {
    "a": "A", "an": "A", "the": "THE", "your": "YOUR", "each": "EACH", "all": "ALL", "another": "ANOTHER",
    "any": "ANY", "target": "TARGET", "targets": "TARGET", "enemy": "ENEMY", "opposing": "OPPOSING", "other": "OTHER",
    "no": "NO", "this": "THIS", "that": "THAT", "those": "THAT", "these": "THAT",
    "him": "HIM", "her": "HIM", "it": "IT", "them": "THEM", "his": "HIS", "its": "ITS", "their": "THEIR",
    "he": "HE", "she": "HE", "they": "THEY", "you": "YOU", "itself": "IT", "himself": "HIM",
    "bow": "BOW", "bows": "BOW", "straighten": "STRAIGHTEN", "straightens": "STRAIGHTEN", "destroy": "DESTROY",
    "destroys": "DESTROY", "discard": "DISCARD", "discards": "DISCARD", "dishonor": "DISHONOR",
    "dishonors": "DISHONOR", "rehonor": "REHONOR", "rehonors": "REHONOR", "move": "MOVE", "moves": "MOVE",
    "gain": "GAIN", "gains": "GAIN", "lose": "LOSE", "loses": "LOSE", "draw": "DRAW", "draws": "DRAW",
    "give": "GIVE", "gives": "GIVE", "get": "GET", "gets": "GET", "take": "TAKE", "takes": "TAKE", "put": "PUT",
    "negate": "NEGATE", "create": "CREATE", "return": "RETURN", "choose": "CHOOSE", "chooses": "CHOOSE",
    "produce": "PRODUCE", "has": "HAS", "have": "HAS", "is": "IS", "are": "IS", "was": "IS",
    "may": "MAY", "would": "WOULD", "will": "WILL", "cannot": "CANNOT", "must": "MUST", "do": "DO", "does": "DO",
    "not": "NOT", "challenge": "CHALLENGE", "challenges": "CHALLENGE", "remove": "REMOVE", "removes": "REMOVE",
    "prevent": "PREVENT", "recruit": "RECRUIT", "recruits": "RECRUIT", "equip": "EQUIP", "equips": "EQUIP",
    "attach": "ATTACH", "attaches": "ATTACH", "pay": "PAY", "pays": "PAY", "control": "CONTROL",
    "controls": "CONTROL", "controlled": "CONTROLLED", "search": "SEARCH", "look": "LOOK", "show": "SHOW",
    "shuffle": "SHUFFLE", "reveal": "SHOW", "become": "BECOME", "becomes": "BECOME", "win": "WIN", "wins": "WIN",
    "ignore": "IGNORE", "ignores": "IGNORE", "ignoring": "IGNORING", "reduce": "REDUCE", "increase": "INCREASE",
    "to": "TO", "from": "FROM", "into": "INTO", "at": "AT", "in": "IN", "on": "ON", "of": "OF", "with": "WITH",
    "without": "WITHOUT", "for": "FOR", "by": "BY", "and": "AND", "or": "OR", "then": "THEN", "if": "IF",
    "while": "WHILE", "unless": "UNLESS", "instead": "INSTEAD", "as": "AS", "than": "THAN", "until": "UNTIL",
    "during": "DURING", "after": "AFTER", "before": "BEFORE", "when": "WHEN", "whenever": "WHEN", "only": "ONLY",
    "also": "ALSO", "more": "MORE", "less": "LESS", "fewer": "LESS", "lower": "LOWER", "higher": "HIGHER",
    "greater": "HIGHER", "equal": "EQUAL", "up": "UP", "number": "NUMBERWORD", "half": "HALF", "rounded": "ROUNDED",
    "down": "DOWN", "can": "CAN", "be": "BE", "been": "BE", "there": "THERE", "same": "SAME",
    "force": "FORCE", "chi": "CHI", "honor": "HONOR", "gold": "GOLD", "strength": "STRENGTH",
    "focus": "FOCUS", "token": "TOKEN", "tokens": "TOKEN", "player": "PLAYER", "players": "PLAYER",
    "opponent": "OPPONENT", "opponents": "OPPONENT", "hand": "HAND", "province": "PROVINCE",
    "provinces": "PROVINCE", "battle": "BATTLE", "battles": "BATTLE", "turn": "TURN", "phase": "PHASE_WORD",
    "play": "PLAY", "enters": "ENTERS", "enter": "ENTERS", "entered": "ENTERS", "leaves": "LEAVES",
    "begins": "EDGE", "ends": "EDGE", "home": "HOME", "bonus": "BONUS", "bonuses": "BONUS",
    "penalty": "PENALTY", "penalties": "PENALTY", "current": "CURRENT", "ability": "ABILITY",
    "abilities": "ABILITY", "traits": "TRAITS", "trait": "TRAITS", "action": "ACTION_WORD", "actions": "ACTION_WORD",
    "top": "TOP", "bottom": "BOTTOM", "deck": "DECK", "decks": "DECK", "pile": "PILE", "first": "FIRST",
    "next": "NEXT", "additional": "ADDITIONAL", "loser": "LOSER", "winner": "WINNER", "duel": "DUEL",
    "duel's": "DUELS", "army": "ARMY", "attack": "ATTACK_WORD", "attacks": "ATTACK_WORD", "ranged": "RANGED",
    "melee": "MELEE", "fear": "FEAR", "cost": "COST", "copy": "COPY", "copies": "COPY", "x": "X",
    "ever": "EVER", "still": "STILL", "own": "OWN", "times": "TIMES", "every": "EACH", "exactly": "EXACTLY",
    "battlefield": "BATTLEFIELD", "battlefields": "BATTLEFIELD", "location": "LOCATION", "yours": "YOURS",
    "owner": "OWNER", "controller": "CONTROLLER", "either": "EITHER", "destroyed": "DESTROYED",
    "moved": "MOVED", "defend": "DEFEND", "used": "USED", "invest": "INVEST", "discipline": "DISCIPLINE",
    "owner's": "OWNERS", "loser's": "LOSERS", "winner's": "WINNERS", "player's": "PLAYERS",
    "players'": "PLAYERS", "strengths": "STRENGTH", "attached": "ATTACHED", "target's": "TARGETS",
    "resolves": "RESOLVES", "targeting": "TARGETING", "effects": "EFFECTS", "make": "MAKE", "plus": "PLUS", "printed": "PRINTED",
    "now": "NOW",
}
# Multi-word phrases (lower case, longest first) → (token type, value).
PHRASES = {
    "until the end of the turn": ("DUR", "end_of_turn"), "until the end of the battle": ("DUR", "end_of_battle"),
    "until the end of the phase": ("DUR", "end_of_phase"), "until the end of the duel": ("DUR", "end_of_duel"),
    "until end of turn": ("DUR", "end_of_turn"), "until the end of turn": ("DUR", "end_of_turn"),
    "until the end of the game": ("DUR", "permanent"), "this turn": ("DUR", "end_of_turn"),
    "this battle": ("DUR", "end_of_battle"), "permanently": ("DUR", "permanent"),
    "for the rest of the game": ("DUR", "permanent"), "until end of battle": ("DUR", "end_of_battle"),
    "at this battlefield": ("HERE", "here"), "at the current battlefield": ("HERE", "here"),
    "to this battlefield": ("TO_HERE", "here"), "to the current battlefield": ("TO_HERE", "here"),
    "to the battlefield": ("TO_HERE", "here"), "at home": ("ATHOME", "home"), "at any location": ("ANYWHERE", "any"),
    "in play": ("INPLAY", "play"), "into play": ("INTOPLAY", "play"), "enters play": ("ENTERSPLAY", "enters"),
    "enter play": ("ENTERSPLAY", "enters"), "entered play": ("ENTERSPLAY", "enters"),
    "leaves play": ("LEAVESPLAY", "leaves"), "him or her": ("HIM", "him"), "his or her": ("HIS", "his"),
    "he or she": ("HE", "he"), "himself or herself": ("HIM", "him"), "personal honor": ("STAT", "personal_honor"),
    "gold production": ("STAT", "gold_production"), "province strength": ("STAT", "province_strength"),
    "honor requirement": ("STAT", "honor_requirement"), "gold cost": ("STAT", "gold_cost"),
    "focus value": ("STAT", "focus"), "family honor": ("FAMILYHONOR", "honor"),
    "the imperial favor": ("FAVOR", "favor"), "imperial favor": ("FAVOR", "favor"),
    "action phase": ("PHASE", "action"), "attack phase": ("PHASE", "attack"), "dynasty phase": ("PHASE", "dynasty"),
    "end phase": ("PHASE", "end"), "fate deck": ("FATEDECK", "fate_deck"), "fate decks": ("FATEDECK", "fate_deck"),
    "dynasty deck": ("DYNASTYDECK", "dynasty_deck"), "discard pile": ("DISCARDPILE", "discard"),
    "discard piles": ("DISCARDPILE", "discard"), "may not": ("CANNOT", "cannot"), "can not": ("CANNOT", "cannot"),
    "can only": ("CANONLY", "only"), "will only": ("CANONLY", "only"), "will not": ("CANNOT", "cannot"),
    "does not": ("DOESNOT", "not"), "do not": ("DOESNOT", "not"), "up to": ("UPTO", "up_to"),
    "one of your": ("ONEOFYOUR", "your"), "each of your": ("EACHOFYOUR", "your"),
    "all of your": ("EACHOFYOUR", "your"), "any of your": ("EACHOFYOUR", "your"),
    "another player's": ("OTHERPLAYERS", "other"),
    "an opponent's": ("OTHERPLAYERS", "other"), "each player": ("EACHPLAYER", "each"),
    "each other player": ("EACHOTHERPLAYER", "other"), "each player's": ("EACHPLAYERS", "each"),
    "each opponent": ("EACHOTHERPLAYER", "other"),
    "your opponent": ("YOUROPPONENT", "opponent"), "your opponents": ("EACHOTHERPLAYER", "other"),
    "target player": ("TARGETPLAYER", "player"), "a target player": ("TARGETPLAYER", "player"),
    "the attacker": ("THEATTACKER", "attacker"), "the defender": ("THEDEFENDER", "defender"),
    "the attacking player": ("THEATTACKER", "attacker"), "the defending player": ("THEDEFENDER", "defender"),
    "an additional action": ("ADDACTION", "action"), "the duel's loser": ("LOSER", "loser"),
    "the duel's winner": ("WINNER", "winner"), "the loser": ("LOSER", "loser"), "the winner": ("WINNER", "winner"),
    "the duel": ("THEDUEL", "duel"), "equal to": ("EQUALTO", "equal"), "for each": ("FOREACH", "each"),
    "the number of": ("NUMBEROF", "count"), "or more": ("ORMORE", ">="), "or higher": ("ORMORE", ">="),
    "or greater": ("ORMORE", ">="), "or less": ("ORLESS", "<="), "or lower": ("ORLESS", "<="),
    "or fewer": ("ORLESS", "<="), "if able": ("IFABLE", "optional"), "the action": ("THEACTION", "action"),
    "ranged attack": ("RANGEDWORD", "ranged"), "ranged attacks": ("RANGEDWORD", "ranged"),
    "melee attack": ("MELEEWORD", "melee"), "melee attacks": ("MELEEWORD", "melee"),
    "fear effects": ("FEARWORD", "fear"), "the battle": ("THEBATTLE", "battle"), "the turn": ("THETURN", "turn"),
    "the game": ("THEGAME", "game"), "a card": ("ACARD", "1"), "the top card": ("TOPCARD", "1"),
    "clan alignment": ("CLANALIGNMENT", "clan"), "a clan alignment": ("CLANALIGNMENT", "clan"),
    "at the end of the turn": ("ENDOFTURN", "turn"), "the current battle": ("THEBATTLE", "battle"),
    "maximum hand size": ("HANDSIZE", "hand_size"), "each turn": ("EACHTURN", "turn"),
    "once per turn": ("ONCEPERTURN", "turn"), "once per game": ("ONCEPERGAME", "game"),
    "in your hand": ("INHAND", "hand"), "from your hand": ("FROMHAND", "hand"),
    "in his army": ("INHISARMY", "army"), "in this unit": ("INUNIT", "unit"), "in his unit": ("INUNIT", "his"),
    "his unit": ("HISUNIT", "his"), "this unit": ("HISUNIT", "this"),
    "the current battlefield": ("HEREPLACE", "here"), "this battlefield": ("HEREPLACE", "here"),
    "this province": ("HEREPLACE", "here"), "another of your": ("ANOTHEROFYOUR", "your"),
    "of your": ("OFYOUR", "your"), "at this battle": ("HERE", "here"), "at the current battle": ("HERE", "here"),
    "this battle resolves": ("BATTLERESOLVES", "battle"), "the battle resolves": ("BATTLERESOLVES", "battle"),
    "a battle resolves": ("BATTLERESOLVES", "battle"), "this turn ends": ("TURNENDS", "turn"),
    "the turn ends": ("TURNENDS", "turn"), "an additional card": ("ACARD", "1"),
    "an additional battle action": ("AN_ADDITIONAL_KIND", "battle"),
    "an additional open action": ("AN_ADDITIONAL_KIND", "open"),
    "may not be used": ("NOTUSED", "actions"), "the action's": ("THEACTIONS", "action"),
    ", or": ("COMMAOR", "or"), ", with": ("COMMAWITH", "with"),  # one token, so "X, or Y if …" and a list "X, Y, and Z" part at the comma (LALR)
    "and attach it": ("ANDATTACHIT", "attach"),  # one token, so "create a … and lose 4 Honor" is another clause (LALR)
    "anyone else": ("ANYONEELSE", "other"), "the first time each turn": ("FIRSTTIME", "turn"),
    "the first time this game": ("FIRSTTIME", "game"), "the discarded card's": ("DISCARDEDS", "discarded"), "cannot be used": ("NOTUSED", "actions"),
}


def _merge(into: dict, *areas: dict) -> None:
    for area in areas:
        for key, value in area.items():
            if into.get(key, value) != value:
                raise ValueError(f"card-text vocabulary: {key!r} means {into[key]!r} and {value!r}")
            into[key] = value


# Vocabulary each area of the reader brings (``cardareas``), kept in its own table so the areas
# grow apart; an area may not give a word another meaning.
_AREA_WORDS, _AREA_PHRASES = vocabulary()
_merge(WORDS, *_AREA_WORDS)
_merge(PHRASES, *_AREA_PHRASES)
# The lengths of the phrases starting with each word, longest first: a sentence's words are looked
# up only for the phrases that can start there (the reader's hot loop, bench/card_text.py).
PHRASE_SIZES: dict[str, tuple[int, ...]] = {}
for _phrase in PHRASES:
    _first, _size = _phrase.split()[0], len(_phrase.split())
    PHRASE_SIZES[_first] = tuple(sorted({*PHRASE_SIZES.get(_first, ()), _size}, reverse=True))
STAT_CHANGE = re.compile(r"^([+-])(\d+|X)(FV|F|C|PH|GP|HR|FH)$", re.I)
STAT_LINE = re.compile(r"^(\d+|X)(F|C|PH)$", re.I)
TOKEN_RE = re.compile(
    r"«\d+»|BOW|GOLD_(?:\d+|X)|THISCARD(?:'s)?|[+-](?:\d+|X)(?:FV|F|C|PH|GP|HR|FH)\b|[+-]\d+|\d+(?:F|C|PH)\b|\d+|"
    r"[A-Za-z][A-Za-z'\-]*(?:'s)?|[.,:;\"()/!?•]")
# "bow him if he's defending": the words a contraction stands for ("it's" is left alone: cards also print it for "its")
CONTRACTIONS = {"he's": ["he", "is"], "she's": ["she", "is"]}
PUNCT = {".": "DOT", ",": "COMMA", ":": "COLON", ";": "SEMI", "\"": "QUOTE", "(": "LPAR", ")": "RPAR", "/": "SLASH",
         "!": "DOT", "?": "DOT", "•": "BULLET"}
STAT_LETTER = {"F": "force", "C": "chi", "PH": "personal_honor", "GP": "gold_production", "HR": "honor_requirement",
               "FH": "family_honor", "FV": "focus"}
CLAN_WORDS = {c.lower() for c in CLANS}
# Keywords the text uses in the plural ("the number of Standards in this army"): the keyword is the singular
# (keywords); from the cards' own texts, a plural whose singular is a keyword of some card.
PLURAL_KEYWORDS = {w + "s": w for w in (
    "Ancestor", "Artisan", "Cat", "Commander", "Conscript", "Courtier", "Dojo", "Duelist", "Fortification",
    "Legionnaire", "Magistrate", "Market", "Merchant", "Mine", "Monk", "Polearm", "Port", "Spirit", "Standard",
    "Sword", "Temple", "Terrain", "Weapon")}


class ClanName(str):
    """A Clan written with the word "Clan" ("Lion Clan"): the same value as the bare word, which
    may be a keyword of its own ("Badger • Nonhuman"), but known to name the Clan."""


class Plural(str):
    """A card type or keyword written in the plural ("Personalities", "Courtiers"): the same value
    as the singular, but known to name a group ("Give your Personalities +1F" gives each of them)."""


class Unknown(Exception):
    """A word the tables do not know: the sentence cannot be read."""


def words(text: str) -> list[str]:
    """The raw words of a sentence; a character no word takes makes the sentence unreadable."""
    out, pos = [], 0
    for m in TOKEN_RE.finditer(text):
        gap = text[pos:m.start()]
        if gap.strip():
            raise Unknown(gap.strip())
        out.extend(CONTRACTIONS.get(m.group().lower(), [m.group()]))
        pos = m.end()
    if text[pos:].strip():
        raise Unknown(text[pos:].strip())
    return out


def classify(raw: list[str]) -> list[Token]:
    """The token stream for one sentence (the card's own names already replaced)."""
    out: list[Token] = []
    spelled: list[str] = []
    i, n = 0, len(raw)
    low = [w.lower() for w in raw]
    while i < n:
        w = raw[i]
        found = None
        for size in PHRASE_SIZES.get(low[i], ()):
            if size > n - i:
                continue
            phrase = " ".join(low[i:i + size])
            if phrase in PHRASES:
                found = (PHRASES[phrase], size)
                break
        if found is not None:
            (kind, value), size = found
            if kind == "STAT" and value in STAT_LETTER.values() and out and out[-1].type == "SIGNED":
                # "+1 Gold Production" spelled out is "+1GP" (holding-gold-production)
                out[-1] = Token("STATCHANGE", (value, out[-1].value))
                spelled[-1] += " " + " ".join(raw[i:i + size])
                i += size
                continue
            out.append(Token(kind, value))
            spelled.append(" ".join(raw[i:i + size]))
            i += size
            continue
        if low[i] in CLAN_WORDS and i + 1 < n and low[i + 1] == "clan":
            out.append(Token("CLAN", ClanName(w.title())))
            spelled.append(f"{w} {raw[i + 1]}")
            i += 2
            continue
        out.append(_one(w, low[i], out))
        spelled.append(w)
        i += 1
    return _joiners(_is_lists(_titles(out, spelled)))


def _is_lists(toks: list[Token]) -> list[Token]:
    """"If he is Cavalry, Scout, or a Clan Champion, …": the commas of a list of words said of a card after
    "is" are its "or"s (``card_is_any``), not the comma that ends a condition ("If he is Cavalry, gain …"),
    which LALR could not tell apart at the comma."""
    out = list(toks)
    for i, t in enumerate(toks):
        if t.type != "IS":
            continue
        j = i + 1 + (i + 1 < len(toks) and toks[i + 1].type == "A")
        commas = []
        while j + 1 < len(toks) and toks[j].type in MOD and toks[j + 1].type == "COMMA":
            commas.append(j + 1)
            j += 2
        last = j + 2 + (j + 2 < len(toks) and toks[j + 2].type == "A")
        if commas and j + 1 < len(toks) and toks[j].type in MOD and toks[j + 1].type == "COMMAOR" \
                and last + 1 < len(toks) and toks[last].type in MOD and toks[last + 1].type in ("COMMA", "DOT"):
            for k in commas + [j + 1]:
                out[k] = Token("OR", "or")
    return out


def _titles(toks: list[Token], spelled: list[str]) -> list[Token]:
    """"the Ring of Air", "the Kaiu Wall": another card named by its title (``references``)."""
    out: list[Token] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.type == "THE" and i + 1 < len(toks) and toks[i + 1].type in ("KEYWORD", "TYPE") \
                and spelled[i + 1][:1].isupper():
            j, parts = i + 1, []
            while j < len(toks):
                if toks[j].type in ("KEYWORD", "CLAN", "TYPE") and spelled[j][:1].isupper():
                    parts.append(spelled[j])
                    j += 1
                elif toks[j].type == "OF" and j + 1 < len(toks) and toks[j + 1].type in ("KEYWORD", "CLAN"):
                    parts.append("of")
                    j += 1
                elif toks[j].type == "OF" and j + 2 < len(toks) and toks[j + 1].type == "THE" \
                        and toks[j + 2].type in ("KEYWORD", "CLAN") and spelled[j + 2][:1].isupper():
                    parts.append("of the")  # "the Ring of the Void"
                    j += 2
                else:
                    break
            if len(parts) >= 2 or "of" in parts:
                out.append(Token("TITLE", " ".join(parts)))
                i = j
                continue
        out.append(t)
        i += 1
    return out


# A joining word whose neighbours show it joins two parts of one phrase, not two effects: "and"
# before a qualifier ("without attachments and with equal or lower Chi", conjunctions), "and" in a list
# of things given ("+1F and +1C", "+1F and Conqueror", "Force and Chi bonuses", "and +1 strength if …"), "and" between a keyword and a state said of one card ("is a Kensai and opposed." — not "it was Fire and bowed or destroyed …"), a comma before a change to an amount ("equal to
# his Chi, plus 1 if he is Fire"), "or" before a second "if" ("if he has a Weapon or if …"), a second
# qualifier ("with Shadowlands or without attachments") or a second target ("a target attachment or a
# target dishonorable Personality"), "or" before a second condition about you ("while he opposes a Scorpion
# Clan Personality or you control a Terrain"), or the commas of a list of words before a card type ("a target
# Daimyo, Duelist, or Kensai Personality": the word "or" of ``mods``, one of them); "her" before a stat is the
# possessive ("greater than her Chi"), not the object it is elsewhere ("give her +2F").
# (token, the word before it (None: any), the words after it)
QUALIFIERS = frozenset({"WITH", "WITHOUT", "LOWER", "HIGHER", "LESS", "MORE", "EQUAL"})
MOD = frozenset({"KEYWORD", "CLAN"})
JOINERS = {"AND": [("SAND", frozenset({"STATCHANGE"}), (frozenset({"STATCHANGE", "KEYWORD"}),)),
                   ("SAND", None, (frozenset({"SIGNED"}),)),
                   ("SAND", frozenset({"FORCE", "CHI", "STAT"}), (frozenset({"FORCE", "CHI", "STAT"}),)),
                   ("QAND", None, (QUALIFIERS,)),
                   ("SAND", frozenset({"KEYWORD"}), (frozenset({"STATE"}), frozenset({"DOT", "COMMA"})))],
           "COMMA": [("COMMAPLUS", None, (frozenset({"PLUS", "MINUS", "SIGNED"}),)),
                     ("COMMAPLUS", None, (frozenset({"AND"}), frozenset({"SIGNED"}))),
                     ("OR", MOD, (MOD, frozenset({"COMMAOR"}), MOD, frozenset({"TYPE"}))),
                     ("OR", MOD, (MOD, frozenset({"COMMA"}), MOD, frozenset({"COMMAOR"}), MOD, frozenset({"TYPE"})))],
           "COMMAOR": [("OR", MOD, (MOD, frozenset({"TYPE"})))],
           "HIM": [("HIS", None, (frozenset({"FORCE", "CHI", "STAT"}),))],
           "OR": [("ORIF", None, (frozenset({"IF"}),)), ("QOR", None, (frozenset({"WITH", "WITHOUT"}),)),
                  ("ORTARGET", None, (frozenset({"A"}), frozenset({"TARGET"}))),
                  ("ORYOU", None, (frozenset({"YOU"}), frozenset({"CONTROL", "IS", "HAS", "DOESNOT"}))),
                  ("ORTHETARGET", MOD, (frozenset({"THE"}), frozenset({"TARGET"}), frozenset({"IS", "HAS"})))]}


def _joiners(toks: list[Token]) -> list[Token]:
    """Joining words as their own tokens (``QAND``, ``QOR``, ``SAND``, ``COMMAPLUS``, ``ORIF``,
    ``ORTARGET``, ``ORTHETARGET``), so the LALR grammar tells them from the "and", "or" or comma between two effects
    ("… with lower Force and give him -2F", "give him +1F and dishonor him") by the words around them."""
    out = []
    for i, t in enumerate(toks):
        kind = next((k for k, before, after in JOINERS.get(t.type, ())
                     if (before is None or (i > 0 and toks[i - 1].type in before))
                     and all(i + 1 + j < len(toks) and toks[i + 1 + j].type in kinds for j, kinds in enumerate(after))),
                    None)
        out.append(Token(kind, t.value) if kind else t)
    return out


def _one(w: str, lw: str, before: list[Token]) -> Token:
    if w.startswith("«"):
        return Token("EMBEDDED", int(w[1:-1]))  # quoted text, read apart (cardtext.embed, embedded-text)
    if w == "THISCARD":
        return Token("THISCARD", "self")
    if w == "THISCARD's":
        return Token("THISCARDS", "self")
    if w == "BOW":
        return Token("BOWICON", "bow")
    if w.startswith("GOLD_"):
        return Token("GOLDICON", w[5:])
    if w in PUNCT:
        return Token(PUNCT[w], w)
    m = STAT_CHANGE.match(w)
    if m:
        sign, n, letter = m.groups()
        value = "X" if n.upper() == "X" else int(sign + n)
        return Token("STATCHANGE", (STAT_LETTER[letter.upper()], value))
    m = STAT_LINE.match(w)
    if m:
        return Token("STATLINE", (STAT_LETTER[m.group(2).upper()], int(m.group(1))))
    if w[0] in "+-" and w[1:].isdigit():
        return Token("SIGNED", int(w))
    if w.isdigit():
        return Token("NUMBER", int(w))
    if lw in NUMBERS:
        return Token("NUMBER", NUMBERS[lw])
    if lw.startswith("non-") and len(w) > 4:
        rest = w[4:]
        if rest.lower() in CLAN_WORDS:
            return Token("NONCLAN", rest.title())
        return Token("NONKW", rest[0].upper() + rest[1:])
    base = lw[:-2] if lw.endswith("'s") else lw
    if lw.endswith("'s") and w[0].isupper() and base not in WORDS and base not in CARD_TYPES:
        return Token("KEYWORDS", w[:-2])
    if lw in CARD_TYPES:
        kind = CARD_TYPES[lw]
        return Token("TYPE", kind if lw == kind else Plural(kind))
    if lw in STATES and not (w[0].isupper() and lw in ("unique", "experienced") and before):
        return Token("STATE", STATES[lw])
    if lw in CLAN_WORDS or (lw.endswith(" clan") and lw[:-5] in CLAN_WORDS):
        return Token("CLAN", w.title())
    if lw == "clan":
        return Token("CLANWORD", "clan")
    if lw in WORDS:
        return Token(WORDS[lw], lw)
    if lw.endswith("'s") and base in CARD_TYPES:
        return Token("TYPES", CARD_TYPES[base])
    if w[0].isupper():
        return Token("KEYWORD", Plural(PLURAL_KEYWORDS[w]) if w in PLURAL_KEYWORDS else w)
    raise Unknown(w)


class CardLexer(Lexer):
    """Lark's hook: the parser asks for tokens; ours are already classified."""

    def __init__(self, lexer_conf):
        pass

    def lex(self, data):
        yield from data


__all__ = ["CardLexer", "classify", "words", "Unknown", "CARD_TYPES", "STATES", "Plural"]
