"""The rules sections the engine cites, by the short ids the rules lookup serves.

Every decision in the engine names one of these; ``tests/engine`` checks each id
against the ingested Ivory Comprehensive Rules, so a cite can never dangle.
"""
from __future__ import annotations

DOC = "ivory-cr"
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
}


def cite(section: str) -> dict:
    if section not in SECTIONS:
        raise KeyError(f"engine cites an unknown section {section!r}")
    return {"doc": DOC, "section": section, "title": SECTIONS[section]}
