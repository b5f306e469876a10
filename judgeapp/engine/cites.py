"""The rules sections the engine cites, by the short ids the rules lookup serves.

Every decision in the engine names one of these; ``tests/engine`` checks each id
against the ingested Comprehensive Rules of each edition, so a cite can never dangle.
A game under the Twenty Festivals rules cites that edition's document, which keeps the
Ivory ids for the sections it continues (``twenty-festivals-cr/recruit``).
"""
from __future__ import annotations

DOCS = {"ivory": "ivory-cr", "twenty-festivals": "twenty-festivals-cr"}
# Sections an edition's document lacks: cited from the other edition that has them.
NOT_IN = {"twenty-festivals": frozenset({"discard"}), "ivory": frozenset({"legacy"})}
SECTIONS = {
    "action-phase": "Action Phase", "action-rounds": "Action Rounds", "action-sequence": "Action Sequence",
    "limited-actions": "Limited actions", "open-actions": "Open actions", "engage-actions": "Engage actions",
    "battle-actions": "Battle actions", "interrupt-actions": "Interrupt actions", "dynasty-actions": "Dynasty actions",
    "good-faith-rule": "Good Faith rule", "attack-phase": "Attack Phase", "declaration-segment": "Declaration Segment",
    "maneuvers-segment": "Maneuvers Segment", "fight-battles": "Fight Battles", "engage-segment": "Engage Segment",
    "combat-segment": "Combat Segment", "resolution-segment": "Resolution Segment", "army-force": "Army Force",
    "battle-resolution": "Battle Resolution", "after-resolution": "After Resolution",
    "rule-of-presence": "Rule of Presence", "rules-of-location": "Rules of Location",
    "no-second-battle-rule": "No Second Battle Rule", "dynasty-phase": "Dynasty Phase", "recruit": "Recruit",
    "dynasty-discard": "Dynasty Discard", "lobby": "Lobby", "cycle": "Cycle",
    "rulebook-favor-limited": "Rulebook Favor Limited", "rulebook-favor-battle": "Rulebook Favor Battle",
    "proclaim": "Proclaim", "drawing-and-discarding-fate-cards": "Drawing and discarding Fate cards",
    "maximum-hand-size": "Maximum Hand Size", "paying-gold-costs": "Paying Gold Costs",
    "gold-producing-traits": "Gold-producing traits", "chi-death-rule": "Chi Death Rule",
    "setting-stats-to-values": "Setting stats to values", "minimums-and-maximums": "Minimums and Maximums",
    "bonuses-and-penalties": "Bonuses and Penalties", "to-a-minimum-to-a-maximum": "To a minimum / to a maximum",
    "unit-and-army-force": "Unit and Army Force", "force-modifier": "Force modifier", "asterisks": "Asterisks",
    "honor-gains-and-losses": "Honor gains and losses", "honorable-and-dishonorable": "Honorable and dishonorable",
    "rehonoring": "Rehonoring", "honor-victory": "Honor Victory", "dishonor-loss-victory": "Dishonor Loss",
    "military-loss-victory": "Military Loss", "enlightenment-victory": "Enlightenment Victory",
    "triggers": "Triggers", "when-triggers": "When triggers", "triggered-traits": "Triggered traits", "timing-conflicts": "Timing Conflicts",
    "delayed-effects": "Delayed Effects", "duration-of-effects": "Duration of Effects",
    "order-of-effects": "Order of Effects", "card-memory-rule": "Card Memory Rule", "ranged-attack": "Ranged Attack",
    "melee-attack": "Melee Attack", "fear": "Fear", "equip": "Equip", "bowed-and-unbowed": "Bowed and Unbowed",
    "the-turn-sequence": "The Turn Sequence", "turns-and-turn-order": "Turns and Turn Order",
    "attachments": "Attachments", "item": "Item", "follower": "Follower", "holding": "Holding",
    "effects-2": "Effects", "provinces": "Provinces", "discard-piles": "Discard piles",
    "honor-requirement": "Honor Requirement", "costs": "Costs", "targeting": "Targeting",
    "unit": "Unit", "unique": "Unique", "experienced": "Experienced", "overlay": "Overlay", "resilient": "Resilient",
    "duel": "Duel", "duelist": "Duelist", "duel-stat": "Duel stat", "challenge": "Challenge", "refuse": "Refuse",
    "focus-value": "Focus Value", "focusing-area": "Focusing area", "focus-focus-effect": "Focus, Focus Effect",
    "focused-card": "Focused card", "facing": "Facing",
    "cavalry": "Cavalry", "tactician": "Tactician", "tactical-advantage": "Tactical Advantage", "courage": "Courage",
    "reserve": "Reserve", "naval-invasion": "Naval Invasion", "kharmic": "Kharmic", "conqueror": "Conqueror",
    "terrain": "Terrain", "fortification": "Fortification", "armor": "Armor", "weapon": "Weapon", "kensai": "Kensai",
    "two-handed": "Two-handed", "continuous-traits": "Continuous traits", "traits": "Traits",
    "triggered-trait-costs-and-targeting": "Triggered trait costs and targeting", "prevention": "Prevention",
    "choices": "Choices", "using-abilities": "Using abilities", "taking-actions": "Taking actions",
    "tireless": "Tireless", "repeatable": "Repeatable", "absent": "Absent", "home-keyword": "Home keyword",
    "clan-alignment": "Clan Alignment", "player-abilities-and-traits": "Player abilities and traits",
    "substitution": "Substitution", "negate": "Negate", "in-play-and-out-of-play": "In play and out of play",
    "special-triggered-traits": "Special triggered traits", "permissions": "Permissions",
    "battlefields": "Battlefields", "side": "Side", "move": "Move", "locations": "Locations",
    "holding-gold-production": "Holding \u201cGold Production\u201d", "stronghold-immunity": "Stronghold Immunity",
    "token": "Token", "created-cards": "Created cards", "invest": "Invest", "discipline": "Discipline",
    "expendable": "Expendable", "destined": "Destined", "loyal": "Loyal", "join": "Join", "army": "Army", "family-name": "Family name", "province": "Province", "lobby-bonus": "Lobby Bonus", "imperial-favor": "Imperial Favor",
    "additional-action": "Additional action", "combining": "Combining", "remove-from-the-game": "Remove from the game",
    "event": "Event", "strategy": "Strategy", "ring": "Ring", "spell": "Spell", "shugenja": "Shugenja",
    "player-elimination": "Player elimination", "references": "References", "independence-of-effects":
    "Independence of effects", "start-of-game": "Start of game", "search": "Search", "show": "Show", "look": "Look", "unaligned": "Unaligned",
    "resolution-area": "Resolution area", "entering-play-areas": "Entering-play areas",
    "restrictions-on-number-of-times": "Restrictions on number of times", "card-control": "Card control",
    "abilities": "Abilities", "destroy": "Destroy", "discard": "Discard", "draw": "Draw", "dead": "Dead",
    "indefinite-conditional-effects": "Indefinite conditional effects", "unstoppable": "Unstoppable",
    "keywords": "Keywords", "entering-and-leaving": "Entering and leaving", "legacy": "Legacy",
    "gold-production": "Gold Production", "fate-and-dynasty-decks": "Fate and Dynasty decks", "absent-stats": "Absent stats", "comparing-stats": "Comparing stats",
    "conjunctions": "Conjunctions", "embedded-text": "Embedded text", "opposed": "Opposed", "another": "Another",
    "negate-an-action": "Negate an action",
    "copy": "Copy",
    "choice-paradoxes": "Choice paradoxes",
    "targeting-paradoxes": "Targeting paradoxes",
    "family-honor": "Family Honor",
    "transfer": "Transfer",
    "switch": "Switch",
    "additional-use": "Additional use",
    "element-keyword": "Element keyword",
    "seppuku": "Seppuku",
    "card-subtitles": "Card subtitles",
    "refill": "Refill",
    "fate-cards": "Fate Cards",
    "assign": "Assign",
    "starting-family-honor": "Starting Family Honor",
    "sensei": "Sensei",
    "for": "For",
    "perspective": "Perspective",
}


def cite(section: str, rules: str = "ivory") -> dict:
    if section not in SECTIONS:
        raise KeyError(f"engine cites an unknown section {section!r}")
    if section in NOT_IN[rules]:
        rules = next(r for r in DOCS if r != rules)
    return {"doc": DOCS[rules], "section": section, "title": SECTIONS[section]}
