"""A card's reading: its abilities, triggered traits, continuous traits and Gold
production as data, from its text (the card-text reader) and from effects a position
states for it (``effects:``, which wins: a position can restate a card exactly).

Abilities start with designators (``abilities``); traits are everything else
(``traits``): triggered ones have a trigger (``triggered-traits``), continuous ones apply
while the card is in play (``continuous-traits``), and "[Bow]: Produce N Gold" is a
special triggered trait (``special-triggered-traits``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, StrictBool, StrictInt, model_validator

from . import primitives  # noqa: F401  (registers every primitive before a reading is validated)
from .registry import Effect
from .structures import ActionTest, AllRef, Amount, CardKind, Condition, Filter, Model, Number, Ref, SmallInt, StatName, TargetedRef, Title, Word

DesignatorName = Literal["limited", "open", "engage", "battle", "dynasty", "interrupt"]
EventName = Literal["attaches", "becomes", "turn_begins", "turn_ends", "phase_begins", "phase_ends", "battle_begins", "battle_ends",
                    "battle_resolves", "enters_play", "leaves_play", "destroyed", "discarded", "bows", "straightens",
                    "dishonored", "rehonored", "recruited", "equipped", "proclaimed", "assigns", "attacks", "defends", "moves",
                    "honor_gained", "honor_lost", "duel_resolves", "duel_won", "duel_lost", "challenged", "challenges", "enters_duel", "refused",
                    "action_resolves", "province_destroyed", "drawn", "focused", "targeted"]
PhaseName = Literal["action", "attack", "dynasty"]
EVENT_WORDS = {"duel_won": "wins a duel", "duel_lost": "loses a duel", "challenges": "challenges a Personality",
               "enters_duel": "enters a duel", "refused": "challenge is refused",
               "targeted": "is targeted"}  # a trigger's words, where not its name


class CountIf(Model):
    """"Target your Personality, or one or two of your Personalities if …": how many when the condition holds."""

    count: Annotated[StrictInt, Field(ge=1, le=20)]
    up_to: StrictBool = False
    if_: Condition = Field(alias="if")


class TargetSpec(Model):
    """What one targeting chooses (``targeting``): a filter, how many, optional or not."""

    filter: Filter = Field(default_factory=lambda: Filter(type=["personality"]))
    count: Annotated[StrictInt, Field(ge=1, le=20)] = 1
    up_to: StrictBool = False
    or_more: StrictBool = False  # "one or more": at least ``count``, as many as the player chooses
    optional: StrictBool = False
    player: StrictBool = False
    province: StrictBool = False
    at: Annotated[StrictInt, Field(ge=0, le=20)] = 0  # chosen before the effect with this (0-based) number
    attack: Literal["ranged", "melee", "fear"] | None = None  # a Follower or a Personality without Followers
    followers_ok: Filter | None = None  # an Attack "that may target a Personality with Followers": these may have them
    count_if: CountIf | None = None  # another number of them when a condition holds
    option: Word | None = None  # chosen only when the "or" at ``at`` takes this option, chosen first (choice-paradoxes)

    def describe(self) -> str:
        if self.option is None:
            return self._chosen_words()
        return f"{self._chosen_words()} (only if the choice is “{self.option}”, made before any target)"

    def _chosen_words(self) -> str:
        from .primitives.cards import describe_filter

        if self.player:
            return "another target player" if self.filter.side == "other" else "a target player"
        if self.province:
            return {"any": "a Province", "your": "your Province", "enemy": "an enemy Province",
                    "other": "another player's Province", "opponent": "an opponent's Province"}[self.filter.side]
        if self.attack:
            return f"the {self.attack.capitalize()} effect's target ({self._attack_words()})"
        many = f"up to {self.count} " if self.up_to else f"{self.count} or more " if self.or_more else (
            f"{self.count} " if self.count > 1 else "")
        words = f"{many}{describe_filter(self.filter)}" + (" (if able)" if self.optional else "")
        if self.count_if is not None:
            words += (f" ({'up to ' if self.count_if.up_to else ''}{self.count_if.count} of them if "
                      f"{describe_condition(self.count_if.if_)})")
        return words

    def _attack_words(self) -> str:
        """What an Attack or Fear may target: by default "an enemy Follower or Personality without
        Followers" (``ranged-attack``, ``fear``), widened or narrowed by the card's own words."""
        from .primitives.cards import describe_filter

        default = self.filter == Filter(type=["personality", "follower"], side="enemy") and self.followers_ok is None
        if default:
            return "an enemy Follower or Personality without Followers"
        words = describe_filter(self.filter)
        if "personality" in self.filter.type:
            words += f"; a {describe_filter(self.followers_ok)} may have Followers" if self.followers_ok is not None \
                else "; a Personality only without Followers"
        return words

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, data):
        """``{side: your, what: personality, state: unbowed}``: the short way to write a filter."""
        if isinstance(data, dict) and ("what" in data or "side" in data or "state" in data) and "filter" not in data:
            data = dict(data)
            what, state = data.pop("what", "personality"), data.pop("state", None)
            data["filter"] = {"type": [what], "side": data.pop("side", "any"),
                              "state": [state] if isinstance(state, str) else (state or [])}
        return data


class Ability(Model):
    n: StrictInt = 1
    designators: list[DesignatorName] = Field(min_length=1, max_length=2)
    keywords: list[Word] = Field(default_factory=list, max_length=8)
    bow: StrictBool = False
    gold: StrictInt | Literal["*"] | None = None
    condition: Condition | None = None
    targets: list[TargetSpec] = Field(default_factory=list, max_length=8)
    effects: list[Effect] = Field(default_factory=list, max_length=20)
    uses: Annotated[StrictInt, Field(ge=1, le=10)] = 1  # "You may use this action three times per turn"
    # (restrictions-on-number-of-times)
    once_per: Literal["battle", "game"] | None = None  # "Once per game, …": besides once per turn (same section)
    text: str = Field("", max_length=2000)
    player: StrictBool = False  # a player's ability a card's trait gives: no card uses it (player-abilities-and-traits)

    def has(self, word: str) -> bool:
        return any(k.lower() == word.lower() for k in self.keywords)

    def describe(self) -> str:
        """The ability in plain words from its structure (the card page, ``abilities``)."""
        head = " ".join(self.keywords + ["/".join(d.capitalize() for d in self.designators)])
        costs = (["bow this card"] if self.bow else []) + (
            [f"pay {self.gold} Gold" if self.gold != "*" else "pay any amount of Gold"] if self.gold is not None else [])
        parts = []
        if self.condition is not None:
            parts.append(f"if {describe_condition(self.condition)}")
        parts += [f"choose target {i}: {t.describe()}" for i, t in enumerate(self.targets, 1)]
        parts += [describe_effect(e) for e in self.effects]
        if self.uses != 1:
            parts.append(f"it may be used {self.uses} times per turn")
        if self.once_per:
            parts.append(f"it may be used once per {self.once_per}")
        return f"{head}{', ' + ', '.join(costs) if costs else ''}: " + "; ".join(parts)


class TriggerSpec(Model):
    """A triggered trait, or a stated ``trigger:`` (``triggered-traits``)."""

    timing: Literal["before", "when", "after"] = Field(alias="when")
    event: EventName
    whose: Literal["your", "any", "self", "host", "enemy", "other"] = "any"
    subject: Filter | None = None
    phase: PhaseName | None = None
    by: Literal["you", "other"] | None = None
    from_zone: Literal["province", "hand", "discard", "deck"] | None = None
    for_action: list[Word] | None = None  # "for a Favor Political action": the discarding action has these keywords
    while_in: Literal["hand", "discard"] | None = None  # triggers while its card is there, not in play (triggered-traits)
    # another player's card did it, battle resolution, a Personality's seppuku ("commits seppuku", seppuku), or a
    # duel's loser destroyed as a consequence of losing it ("destroyed for losing the duel", for)
    cause: Literal["other_card", "resolution", "seppuku", "losing_duel"] | None = None
    condition: Condition | None = None
    optional: StrictBool = False
    once_per: Literal["phase", "turn", "game"] | None = None
    # "a Political action targets this Personality": the occurrence comes from the effects of such an action
    action: ActionTest | None = None
    bow: StrictBool = False
    gold: StrictInt | None = None
    targets: list[TargetSpec] = Field(default_factory=list, max_length=8)
    effects: list[Effect] = Field(default_factory=list, alias="do", min_length=1, max_length=20)
    text: str = Field("", max_length=2000)

    def describe(self) -> str:
        from .primitives.cards import describe_filter

        whose = {"your": "your ", "self": "this card ", "host": "this Personality ", "enemy": "an enemy ",
                 "other": "another player's ", "any": ""}[self.whose]
        what = describe_filter(self.subject) if self.subject is not None else ""
        point = f"{whose}{what} {EVENT_WORDS.get(self.event, self.event.replace('_', ' '))}".replace("  ", " ").strip()
        if self.event == "action_resolves" and what:  # the action's card: "an action from a card opposing this card"
            point = f"an action from {whose or 'a '}{what} resolves"
        if self.by:
            point += " by you" if self.by == "you" else " by another player"
        if self.action is not None:
            from .primitives.interrupts import action_words

            point += f" by {action_words(self.action)}"
        if self.cause:
            point += {"other_card": " by another player's card", "resolution": " by battle resolution",
                      "seppuku": " by committing seppuku", "losing_duel": " for losing a duel"}[self.cause]
        if self.from_zone:
            point += f" from {'your hand' if self.from_zone == 'hand' else 'a ' + self.from_zone.capitalize()}"
        if self.for_action:
            point += f" for a {' '.join(self.for_action)} action"
        if self.phase:
            point += f" ({self.phase.capitalize()} Phase)"
        if self.once_per:
            point += f" (the first time {'this game' if self.once_per == 'game' else 'each ' + self.once_per})"
        parts = [f"if {describe_condition(self.condition)}"] if self.condition is not None else []
        parts += [f"choose target {i}: {t.describe()}" for i, t in enumerate(self.targets, 1)]
        parts += [describe_effect(e) for e in self.effects]
        if self.event == "becomes" and self.condition is not None:  # "If this Personality is ever attacking, …" (indefinite-conditional-effects)
            return f"Each time it becomes true that {describe_condition(self.condition)}: " + "; ".join(parts[1:])
        if self.event == "focused" and self.whose == "self":  # "As a Focus Effect:" (focus-focus-effect)
            return "As a Focus Effect (once this focused card is face up in a duel): " + "; ".join(parts)
        where = {"hand": " (while this card is in your hand)", "discard": " (while this card is in your discard pile)",
                 None: ""}[self.while_in]
        return f"{self.timing.capitalize()} {point}{where}: " + "; ".join(parts)


class GoldFor(Model):
    """What Gold from one production may only pay for (``paying-gold-costs``): "which can only pay
    for a single Jade card" (a card brought into play by Recruit or Equip, or played from the hand),
    "… a single Economic action", "… a single action from your card in play"."""

    what: Literal["card", "action"] = "card"
    card: Filter | None = None  # the card paid for, or the card the action is on
    keyword: Word | None = None  # the action has this keyword
    in_play: StrictBool = False  # the action is on a card in play

    def describe(self, single: str = "a single ") -> str:
        from .primitives.cards import describe_filter

        if self.what == "card":
            card = self.card or Filter()
            return f"{single}{describe_filter(card)}" + ("" if card.type else " card")
        out = single + (f"{self.keyword} " if self.keyword else "") + "action"
        if self.in_play:
            return out + " from your card in play"
        return out + (f" from a {describe_filter(self.card)}" if self.card is not None else "")
PERMIT_WORDS = {"lobby_open": "Lobby as an Open action", "lobby_without_bowing": "Lobby without bowing"}
KIND_WORDS = {"ranged_attack": "Ranged Attacks", "melee_attack": "Melee Attacks", "fear": "Fear effects"}


# Restrictions on where a unit moves (``move``, ``permissions``), in plain words.
MOVE_RESTRICTIONS = {"moves_to_here": "moving to this battlefield", "moves_from_here": "moving from this battlefield",
                     "moves_unopposed": "moving to a battlefield where it would be unopposed",
                     "moves_by_card_effects": "being moved by card effects",
                     "moves_by_actions": "being moved by actions", "actions": "use of its abilities"}


class Static(Model):
    """A continuous trait: a stat change, keywords given, a restriction or a permission."""

    kind: Literal["stat", "keyword", "restrict", "permit", "hand_size", "cost", "attach_only", "attach_never", "enters_bowed",
                  "enters_unbowed", "cannot_gain", "no_enlightenment", "lobby_bonus", "duel_stat", "first_option",
                  "focus_from_discard", "foe_focus_face_up", "loses_duels",
                  "attack_strength", "attack_immune", "own_attack_strength", "copies", "production_for",
                  "bow_to_reduce", "use_from_hand", "ability", "ability_keyword", "player_ability", "ignore_hr", "honor_change",
                  "invest_fixed", "ability_cost", "stat_min", "stat_max", "extra_use",
                  "negate_bonuses", "play_limit", "rulebook_bonus"]
    target: Literal["self", "host", "unit", "province", "focused"] | AllRef | TargetedRef = "self"  # province: the one
    # this card is at; focused: the cards its player focused in a duel it is in ("Shinichi's focused cards")
    stat: StatName | None = None
    amount: Number = 0
    keywords: list[Word] = Field(default_factory=list, max_length=8)  # permit recruit/equip: the action's keywords
    what: Word | None = None  # restrict, permit: what; cannot_gain: the Clan Alignment excepted ("except Phoenix Clan")
    to: Filter | None = None  # attach_only / attach_never: the Personalities it may or may not attach to;
    # permit: the cards a rulebook action may also target ("You may target defending Personalities with …")
    only: GoldFor | None = None  # production_for, bow_to_reduce: the payment the trait is for
    # restrict be_targeted: only actions from such cards ("Actions from cards in other players' units may not target …")
    from_: Filter | None = Field(default=None, alias="from")
    by: Literal["you", "other"] | None = None  # restrict, attack strength: only this card's player's actions and
    # effects, or only the other players' ("Other players' Ranged Attacks have -1 strength")
    embedded: str | None = Field(None, max_length=1000)  # ability, player_ability: the ability given, as printed
    players: list[Literal["you", "each", "attacker", "defender"]] = Field(default_factory=list, max_length=2)
    player: Literal["you", "each"] | None = None  # honor_change: whose Honor gains or losses ("your", "all")
    minimum: SmallInt | None = None  # honor_change: "to a minimum of 1"; extra_use: uses in all ("twice per turn")
    designators: list[DesignatorName] = Field(default_factory=list, max_length=2)  # permit recruit/equip: "as a
    # Battle action"
    while_: Condition | None = Field(default=None, alias="while")
    text: str = Field("", max_length=2000)

    def describe(self) -> str:
        from .primitives.cards import describe_amount, describe_filter, describe_ref, stat_words

        who = describe_ref(self.target) if not isinstance(self.target, AllRef) else "each " + describe_filter(
            self.target.all)
        if self.kind == "stat":
            n = self.amount if isinstance(self.amount, int) else "X"
            what = f"{who} has {n:+d} {stat_words(self.stat)}" if isinstance(n, int) else \
                f"{who} has a {stat_words(self.stat)} change equal to {describe_amount(self.amount)}"
        elif self.kind == "keyword":
            what = f"{who} has {', '.join(self.keywords)}"
        elif self.kind == "restrict" and self.what == "take_actions":
            whose = "you" if self.by == "you" else "no player"
            what = f"{whose} may {'not ' if self.by == 'you' else ''}take {' or '.join(self.keywords)} actions"
        elif self.kind == "restrict" and self.what in ("play", "bring_into_play", "recruit", "equip"):
            cards = describe_filter(self.to) if self.to is not None else "card"
            what = {"play": f"you may not play {cards}s", "bring_into_play": f"you may not bring {cards}s into play"}.get(
                str(self.what), f"you may not {str(self.what).capitalize()} a {cards}")
        elif self.kind == "restrict" and self.keywords:
            whose = {"you": "your ", "other": "other players' ", None: ""}[self.by]
            kinds = " and ".join(KIND_WORDS.get(k, f"{k} actions") for k in self.keywords)
            what = f"{whose}{kinds} may not target {who}" if self.what == "be_targeted" else \
                f"{who} cannot be challenged from {whose}{kinds}" if self.what == "be_challenged" else \
                f"{whose}{kinds}: no {str(self.what).replace('_', ' ')} of {who}"
        elif self.kind == "restrict" and self.from_ is not None:
            verb = "target" if self.what == "be_targeted" else str(self.what).replace("_", " ")
            what = f"no action from a card that is: {describe_filter(self.from_)} may {verb} {who}"
        elif self.kind == "restrict" and self.what in ("join", "enter_play"):
            verb = "come under the control of" if self.what == "join" else "enter play for"
            return f"{who} will not {verb} a player while, for that player, {describe_condition(self.while_)}"
        elif self.kind == "permit" and self.what == "equip_from_discard":
            what = f"{who} may be Equipped from your discard pile" + (
                f" as {'an' if self.designators[0] in ('open', 'engage') else 'a'} "
                f"{'/'.join(d.capitalize() for d in self.designators)} action" if self.designators else "")
        elif self.kind == "permit" and self.what == "designators":
            what = f"{who}'s ability is {'an' if self.designators[0] in ('open', 'engage') else 'a'} " \
                   f"{'/'.join(d.capitalize() for d in self.designators)} action"
        elif self.kind == "permit" and self.what in ("tactical_advantage", "reserve"):
            article = "an Absent" if self.what == "reserve" else "an" if self.designators[0] in ("open", "engage") else "a"
            what = f"you may use {who}'s rulebook {str(self.what).replace('_', ' ').title()} ability as {article} " \
                   f"{'/'.join(d.capitalize() for d in self.designators)} action"
        elif self.kind == "permit" and self.designators:
            what = f"{who} may be {'Recruited' if self.what == 'recruit' else 'Equipped'}" + (
                f" to a {describe_filter(self.to)}" if self.to is not None else "") + \
                f" as {'an' if self.designators[0] in ('open', 'engage') and not self.keywords else 'a'} " \
                f"{''.join(k + ' ' for k in self.keywords)}{'/'.join(d.capitalize() for d in self.designators)} action"
        elif self.kind in ("permit", "restrict") and self.what == "proclaim":
            what = f"{who} may {'' if self.kind == 'permit' else 'not '}be Proclaimed"
        elif self.kind == "restrict":
            what = f"{who}: no {MOVE_RESTRICTIONS.get(self.what, str(self.what).replace('_', ' '))}" + (
                {"you": " by your effects", "other": " by other players' effects", None: ""}[self.by])
        elif self.kind == "permit" and self.to is not None:
            what = f"you may target a {describe_filter(self.to)} with the rulebook " \
                   f"{str(self.what).replace('_', ' ').title()} action"
        elif self.kind == "permit":
            what = f"{who} may {PERMIT_WORDS.get(str(self.what), str(self.what).replace('_', ' '))}"
        elif self.kind == "cost":
            n = self.amount if isinstance(self.amount, int) else 0
            if not isinstance(self.amount, int):
                what = f"{who} costs {describe_amount(self.amount.model_copy(update={'times': abs(self.amount.times)}))}" \
                       f" {'less' if self.amount.times < 0 else 'more'} Gold"
            elif n > -1000:
                what = f"{who} costs {abs(n)} {'less' if n < 0 else 'more'} Gold"
            else:
                what = f"{who} enters play ignoring its Gold Cost"
            if self.what:
                what += f" to {self.what.capitalize()}"
            if self.to is not None:
                what += f" to {'' if self.what else 'equip to '}a {describe_filter(self.to)}"
        elif self.kind in ("attack_strength", "attack_immune", "own_attack_strength"):
            kinds = " and ".join(k.replace("_", " ").title() for k in self.keywords)
            if self.kind == "attack_immune":
                what = f"{kinds} effects targeting {who} are negated"
            elif self.kind == "attack_strength":
                whose = {"you": "your ", "other": "other players' ", None: ""}[self.by]
                what = f"{whose}{kinds} effects targeting {who} have {self.amount:+d} strength"
            elif isinstance(self.target, AllRef):
                what = f"{kinds} effects from the actions of {who} have {self.amount:+d} strength"
            else:
                what = f"{'other players' + chr(39) if self.by == 'other' else 'your'} {kinds} effects have {self.amount:+d} strength"
        elif self.kind == "ability":
            what = f"{who} has the ability “{self.embedded}”"
        elif self.kind == "ability_keyword":
            cards = describe_filter(self.target.all) if isinstance(self.target, AllRef) else who
            what = f"the abilities of {cards} have {' and '.join(self.keywords)}"
        elif self.kind == "player_ability":
            names = {"you": "you", "each": "each player", "attacker": "the Attacker", "defender": "the Defender"}
            who = " and ".join(names[p] for p in self.players)
            what = f"{who} {'have' if self.players == ['you'] else 'each have'} the ability “{self.embedded}”"
        elif self.kind == "production_for":
            what = f"{who} has {self.amount:+d}GP when its Gold pays only for {self.only.describe()}"
        elif self.kind == "honor_change" and self.what in ("no_gains", "no_losses"):
            what = f"you do not {'gain' if self.what == 'no_gains' else 'lose'} Honor" + (
                f" from {describe_filter(self.to)}" if self.to is not None else "")
        elif self.kind == "honor_change":
            kinds = str(self.what).replace("_", " ")
            whose = "your" if self.player == "you" else "all"
            what = f"{'reduce' if self.amount < 0 else 'increase'} {whose} Honor {kinds}" + (
                f" from {describe_filter(self.to)}" if self.to is not None else "") + f" by {abs(self.amount)}" + (
                f", to a minimum of {self.minimum}" if self.minimum is not None else "")
        elif self.kind == "ability_cost":
            what = f"the Gold cost of {who}'s ability is {self.amount}" if self.what == "set" else \
                f"{who}'s ability costs {abs(self.amount)} {'less' if self.amount < 0 else 'more'} Gold"
        elif self.kind in ("stat_min", "stat_max"):
            what = f"{who} has a {'minimum' if self.kind == 'stat_min' else 'maximum'} {stat_words(self.stat)} of " \
                   f"{describe_amount(self.amount)}"
        elif self.kind == "invest_fixed":
            what = f"{who}'s Invest cost cannot be reduced"
        elif self.kind == "ignore_hr":
            what = f"{who}'s Honor Requirement is ignored"
        elif self.kind == "bow_to_reduce":
            n = self.amount if isinstance(self.amount, int) else 0
            what = f"bow {who} when paying for {self.only.describe('a ')}: " + (
                "it costs 0 Gold" if n <= -1000 else f"it costs {-n} less Gold")
        elif self.kind == "focus_from_discard":
            what = (f"you may focus {who}{' face up' if self.what == 'face_up' else ''} from your discard pile; it is "
                    "removed from the game after the duel")
        elif self.kind == "foe_focus_face_up":
            what = f"the first card another player focuses in each duel against {who} is focused face up"
        elif self.kind == "first_option" and self.while_ is not None:  # the challenged player's option otherwise
            what = f"you have the first option to focus or strike in a duel {who} is in"
        elif self.kind == "first_option":
            what = "you have the first option to focus or strike in duels where this card is the challenger"
        elif self.kind == "loses_duels":
            what = f"{who} loses any duel against a {describe_filter(self.to)}"
        elif self.kind == "duel_stat":
            what = f"{who} uses {'its printed ' if self.what == 'printed' else 'its '}{stat_words(self.stat)} as its duel stat"
        elif self.kind == "cannot_gain":
            what = f"{who} cannot gain {' or '.join(self.keywords)}" + (f" except {self.what}" if self.what else "")
        elif self.kind == "lobby_bonus":
            n = f"{self.amount:+d}" if isinstance(self.amount, int) else describe_amount(self.amount)
            what = f"you have a Lobby Bonus of {n}"
        elif self.kind == "negate_bonuses":
            what = f"{who}'s {stat_words(self.stat)} bonuses are negated"
        elif self.kind == "no_enlightenment":
            what = f"{who} does not count towards an Enlightenment Victory"
        elif self.kind in ("enters_bowed", "enters_unbowed"):
            what = f"{who} enters play {self.kind[7:]}"
        elif self.kind == "extra_use" and self.keywords:
            what = f"you may take {' '.join(self.keywords)} {'/'.join(d.capitalize() for d in self.designators)} " \
                   "actions one additional time per turn"
        elif self.kind == "extra_use":
            cards = describe_filter(self.target.all) if isinstance(self.target, AllRef) else who
            which = f"the {'printed ' if self.what == 'printed' else ''}abilities of {cards}"
            each = f" for each of {describe_filter(self.amount.count)}s" if isinstance(self.amount, Amount) else ""
            what = f"{which} may be used twice per turn" if self.minimum else \
                f"{which} may be used one additional time per turn{each}"
        elif self.kind == "rulebook_bonus":
            what = f"the {stat_words(self.stat)} bonuses {who} gets from the rulebook Tactical Advantage action are " \
                   f"increased by {self.amount}"
        elif self.kind == "play_limit":
            what = f"you may only play {self.amount} cop{'y' if self.amount == 1 else 'ies'} of this card per {self.what}"
        elif self.kind == "copies":
            what = f"you may only have {self.amount} cop{'y' if self.amount == 1 else 'ies'} of this card in play"
        elif self.kind == "use_from_hand":
            which = f"its {' '.join(self.keywords)} ability" if self.keywords else "its ability"
            what = f"you may discard this card from your hand to use {which} without paying its costs"
        elif self.kind == "hand_size":
            what = f"your maximum hand size is changed by {self.amount}"
        else:
            what = f"{who} can {'only ' if self.kind == 'attach_only' else 'not '}attach to " + (
                describe_filter(self.to) if self.to is not None else "anything")
        return what + (f" while {describe_condition(self.while_)}" if self.while_ is not None else "")


class Produce(Model):
    """Gold production (``gold-producing-traits``): "[Bow]: Produce 2 Gold, or 3 Gold if …", or
    Gold produced without bowing ("Once per turn, produce 1 Gold …")."""

    amount: Number
    alt: SmallInt | None = None
    alt_if: Condition | None = None
    only: GoldFor | None = None  # the one kind of cost this Gold may pay
    bow: StrictBool = True  # the card bows to produce
    once_per_turn: StrictBool = False
    condition: Condition | None = Field(default=None, alias="if")  # produces only while this holds
    effects: list[Effect] = Field(default_factory=list, max_length=8)
    text: str = Field("", max_length=2000)

    def describe(self) -> str:
        from .primitives.cards import describe_amount

        out = ("Bow this card: produce " if self.bow else "Once per turn, produce " if self.once_per_turn
               else "Produce ") + (f"{self.amount} Gold" if isinstance(self.amount, int)
                                   else f"Gold equal to {describe_amount(self.amount)}")
        if self.condition is not None:
            out += f" (if {describe_condition(self.condition)})"
        if self.alt is not None:
            out += f", or {self.alt} Gold if {describe_condition(self.alt_if)}"
        if self.only:
            out += f", only to pay for {self.only.describe()}"
        return out + "".join(f"; {describe_effect(e)}" for e in self.effects)


class Unread(Model):
    text: str
    reason: str = "the reader has no rule for this sentence"


class Reading(Model):
    model_config = ConfigDict(extra="forbid", frozen=False)

    abilities: list[Ability] = Field(default_factory=list)
    triggers: list[TriggerSpec] = Field(default_factory=list)
    statics: list[Static] = Field(default_factory=list)
    produce: Produce | None = None
    produce_also: list[Produce] = Field(default_factory=list, max_length=4)  # further Gold-producing traits
    invest: list[Effect] = Field(default_factory=list)
    invest_targets: list[TargetSpec] = Field(default_factory=list, max_length=6)
    invest_cost: StrictInt | None = None
    invest_alt: StrictInt | None = None  # "Invest [2 Gold], or [0 Gold] if …", "Kikumura's Invest is [2 Gold]" (invest)
    invest_alt_if: Condition | None = None
    discipline: StrictInt | None = None
    discipline_if: Condition | None = None  # "If you are a Crab Clan player, this Strategy has Discipline"
    discipline_alt: StrictInt | None = None  # "Discipline [3 Gold] or [0 Gold] if you are the Defender"
    discipline_alt_if: Condition | None = None
    unparsed: list[Unread] = Field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.unparsed


class Stated(Model):
    """One entry of an inline card's ``effects:`` (a position states the card's text)."""

    ability: DesignatorName | None = None
    designators: list[DesignatorName] = Field(default_factory=list, max_length=2)
    trigger: TriggerSpec | None = None
    static: Static | None = None
    produce: SmallInt | None = None
    only: CardKind | None = None  # the Gold may only pay for a card of this type
    invest: Annotated[StrictInt, Field(ge=0, le=50)] | None = None  # an Invest trait's Gold cost (invest)
    keywords: list[Word] = Field(default_factory=list, max_length=8)
    words: list[Word] = Field(default_factory=list, max_length=8)
    bow: StrictBool = False
    gold: StrictInt | Literal["*"] | None = None
    condition: Condition | None = Field(default=None, alias="if")
    targets: list[TargetSpec] = Field(default_factory=list, max_length=8)
    do: list[Effect] = Field(default_factory=list, max_length=20)
    text: Title | None = None

    @model_validator(mode="after")
    def _one_kind(self):
        kinds = [self.ability is not None or bool(self.designators), self.trigger is not None,
                 self.static is not None, self.produce is not None, self.invest is not None]
        if sum(kinds) != 1:
            raise ValueError("each entry is one of: ability: (battle, open, limited, engage, interrupt, dynasty) "
                             "with do:, trigger:, static:, produce: or invest:")
        return self


def read_card(card) -> Reading:
    """The card's text read (cached by text, or stored at import), then its stated effects
    added: a position's inline ``effects:`` or a reviewed per-card override (``stated_mode``)."""
    mode = getattr(card, "stated_mode", "unread")
    if card.effects and mode == "all":
        data = Reading()
    else:
        stored = getattr(card, "stored", None)
        reading = stored if stored is not None else read_text(card.text, card.title, card.type)
        if not card.effects:
            return reading
        data = reading.model_copy(deep=True)
    if mode != "add":
        data.unparsed = []  # the stated effects say what the card does: they win over the text (effects-2)
    for entry in card.effects:
        _add_stated(data, entry)
    return data


@lru_cache(maxsize=20_000)
def read_text(text: str, title: str, kind: str = "") -> Reading:
    from .cardtext import read

    return read(text, title, kind)


def _add_stated(reading: Reading, entry: Stated) -> None:
    if entry.produce is not None:
        only = GoldFor(card=Filter(type=[entry.only])) if entry.only else None
        reading.produce = Produce(amount=entry.produce, only=only, text=entry.text or "")
    elif entry.invest is not None:
        reading.invest_cost, reading.invest = entry.invest, list(entry.do)
    elif entry.trigger is not None:
        reading.triggers.append(entry.trigger if entry.trigger.text or not entry.text
                                else entry.trigger.model_copy(update={"text": entry.text}))
    elif entry.static is not None:
        reading.statics.append(entry.static if entry.static.text or not entry.text
                               else entry.static.model_copy(update={"text": entry.text}))
    else:
        kinds = entry.designators or [entry.ability]
        reading.abilities.append(Ability(
            n=len(reading.abilities) + 1, designators=kinds, keywords=entry.keywords + entry.words,
            bow=entry.bow, gold=entry.gold, condition=entry.condition, targets=entry.targets, effects=entry.do,
            text=entry.text or f"{'/'.join(k.capitalize() for k in kinds)}: (stated in the position)"))


def describe_effect(effect: Effect) -> str:
    words = effect.describe()
    if effect.may:
        words = f"you may: {words}"
    if effect.condition is not None:
        words += f" (if {describe_condition(effect.condition)})"
    if effect.needs_previous:
        words += " (only if the previous effect happened)"
    return words


def describe_count(test) -> str:
    """"you control fewer than 3 Rings", "you control fewer Personalities at this battlefield than there are enemy
    Personalities at this battlefield" (a count against another count)."""
    from .primitives.cards import describe_amount, describe_filter

    what = describe_filter(test.filter.model_copy(update={"side": "any"}))
    other = test.value.count if isinstance(test.value, Amount) and test.value == Amount(count=test.value.count) else None
    if other is not None:
        op, word = {"=": ("as many", "as"), "<": ("fewer", "than"), "<=": ("no more", "than"),
                    ">=": ("at least as many", "as"), ">": ("more", "than")}[test.op]
        return f"you control {op} {what}(s) {word} there are {describe_filter(other)}(s)"
    op = {"=": "exactly", "<": "fewer than", "<=": "at most", ">=": "at least", ">": "more than"}[test.op]
    return f"you control {op} {describe_amount(test.value)} {what}(s)"


def describe_condition(cond: Condition | None) -> str:
    """An "If …" in plain words, from its structure."""
    from .primitives.cards import PREDICATES, describe_amount, describe_filter, describe_ref, describe_tokens, stat_words

    if cond is None:
        return "always"
    if cond.of_player == "active":  # "if the active player has 11 or more Family Honor": the tests are his
        mine = describe_condition(cond.model_copy(update={"of_player": None}))
        return mine.replace("your ", "the active player's ").replace("you ", "the active player ")
    parts = []
    if cond.you_are in ("active", "not_active"):
        parts.append("it is your turn" if cond.you_are == "active" else "it is not your turn")
    elif cond.you_are:
        parts.append(f"you are {'the ' if cond.you_are in ('attacker', 'defender') else ''}"
                     f"{cond.you_are.replace('_', ' ')}")
    if cond.controls is not None:
        parts.append(f"you control a {describe_filter(cond.controls)}")
    if cond.controls_none is not None:
        parts.append(f"you control no {describe_filter(cond.controls_none)}")
    if cond.exists is not None:
        parts.append(f"there is a {describe_filter(cond.exists)}")
    if cond.happened is not None:
        parts.append(describe_happened(cond.happened))
    if cond.battlefield_destroyed is not None:
        parts.append(f"the current battlefield's Province is {'' if cond.battlefield_destroyed else 'not '}destroyed")
    if cond.count is not None:
        parts.append(describe_count(cond.count))
    subject = describe_ref(cond.card if cond.card is not None else "self")
    parts += [f"{subject} {PREDICATES[s]}" for s in cond.is_ if s in PREDICATES]
    if set(cond.is_) - set(PREDICATES):
        parts.append(f"{subject} is {' and '.join(s.replace('_', ' ') for s in cond.is_ if s not in PREDICATES)}")
    parts += [f"not ({subject} {PREDICATES[s]})" for s in cond.is_not if s in PREDICATES]
    if set(cond.is_not) - set(PREDICATES):
        parts.append(f"{subject} is not {' or '.join(s.replace('_', ' ') for s in cond.is_not if s not in PREDICATES)}")
    if cond.has_keyword:
        parts.append(f"{subject} has {cond.has_keyword}")
    if cond.has_attached:
        parts.append(f"{subject} has " + (f"{cond.attached_count} or more attached {' '.join(cond.has_attached)} cards"
                                          if cond.attached_count else f"an attached {' '.join(cond.has_attached)}"))
    if cond.attached_to is not None:
        parts.append(f"{subject} is attached to a {describe_filter(cond.attached_to)}")
    if cond.fits == Filter(side="your"):
        parts.append(f"you control {subject}")
    elif cond.fits is not None:
        parts.append(f"{subject} is a {describe_filter(cond.fits)}")
    if cond.tokens is not None:
        parts.append(f"{subject} has {describe_tokens(cond.tokens)}")
    if cond.stat is not None:
        op = {"=": "is", "<": "is lower than", "<=": "is at most", ">": "is higher than", ">=": "is at least"}
        parts.append(f"{subject}'s {stat_words(cond.stat.stat)} {op[cond.stat.op]} {describe_amount(cond.stat.value)}")
    if cond.hand is not None:
        parts.append(f"you have {cond.hand.value if cond.hand.op == '=' else cond.hand.op + ' ' + str(cond.hand.value)}"
                     " cards in your hand")
    if cond.hand_size is not None:
        op = {">=": "at least", "<=": "at most"}.get(cond.hand_size.op, cond.hand_size.op)
        parts.append(f"your maximum hand size is {op} {describe_amount(cond.hand_size.value)}")
    if cond.action_brings is not None:
        parts.append(f"the action {'brings' if cond.action_brings else 'does not bring'} this card into play")
    if cond.action_by is not None:
        parts.append("the action is yours" if cond.action_by == "you" else "the action is another player's")
    if cond.action is not None:
        from .primitives.interrupts import describe_action

        parts.append(describe_action(cond.action))
    if cond.resolving is not None:
        from .primitives.interrupts import describe_resolving

        parts.append(describe_resolving(cond.resolving))
    if cond.most_cards is not None:
        parts.append(f"you {'' if cond.most_cards else 'do not '}have more cards in your hand than each other player")
    if cond.fewest_cards is not None:
        parts.append(f"you {'' if cond.fewest_cards else 'do not '}have fewer cards in your hand than each other "
                     "player")
    if cond.honor is not None:
        parts.append(f"your Family Honor {cond.honor.op} {cond.honor.value if isinstance(cond.honor.value, int) else 'X'}")
    if cond.honor_vs_others:
        parts.append("your Family Honor is " + {">": "higher than each other player's", ">=": "at least each other "
                                                "player's", "<=": "at most each other player's"}[cond.honor_vs_others])
    if cond.clan:
        parts.append(f"you are a {cond.clan} Clan player")
    if cond.only_clan:
        parts.append(f"{cond.only_clan} Clan is your only Clan Alignment")
    if cond.other_clan:
        parts.append(f"another player is {cond.other_clan} Clan")
    if cond.defender_clan:
        parts.append(f"the Defender is {cond.defender_clan} Clan")
    if cond.favor is not None:
        parts.append("you control the Imperial Favor" if cond.favor else "you do not control the Imperial Favor")
    if cond.first_turn is not None:
        parts.append("it is the first turn" if cond.first_turn else "it is not the first turn")
    if cond.fewer_provinces is not None:
        parts.append("you have fewer Provinces than each other player" if cond.fewer_provinces
                     else "you do not have fewer Provinces than each other player")
    if cond.went_first is not None:
        parts.append("you went first" if cond.went_first else "you did not go first")
    if cond.phase:
        when = {"battle": "a battle", "combat": "the Combat Segment"}.get(cond.phase, f"the {cond.phase.capitalize()} Phase")
        parts.append(f"it is {when}")
    if cond.dueling is not None:
        parts.append(f"{subject} is dueling a {describe_filter(cond.dueling)}")
    if cond.lower_duel_stat:
        parts.append(f"{subject} has a lower duel stat than the Personality facing him in his duel")
    if cond.duel_role:
        parts.append(f"{subject} is the {cond.duel_role} of the duel")
    if cond.challenges_issued is not None:
        parts.append(f"the challenges your Personalities issued this turn {cond.challenges_issued.op} "
                     f"{cond.challenges_issued.value}")
    if cond.duels_won is not None:
        parts.append(f"the duels your Personalities won this turn {cond.duels_won.op} {cond.duels_won.value}")
    if cond.this_turn:
        parts.append(f"{subject} has {'won a duel' if cond.this_turn == 'won' else 'issued a challenge'} this turn")
    if cond.duel:
        parts.append("the challenge was refused" if cond.duel == "refused" else f"you {cond.duel} the duel"
                     + (f" by {cond.won_by} or more" if cond.won_by is not None else ""))
    if cond.last_focused:
        parts.append("this card is the last card you focused in the duel")
    if cond.any:
        parts.append(" or ".join(describe_condition(c) for c in cond.any))
    if cond.all:
        parts.append(" and ".join(f"({describe_condition(c)})" if c.any else describe_condition(c) for c in cond.all))
    if cond.not_ is not None:
        parts.append(f"not ({describe_condition(cond.not_)})")
    return " and ".join(parts) or "always"


def describe_happened(test) -> str:
    """"an enemy unit has been at the current battlefield this turn", "you destroyed a Terrain in this battle"."""
    from .primitives.cards import describe_filter

    what = describe_filter(test.filter) if test.filter is not None else "unit" if test.event is None else "card"
    side = "an enemy " if test.side == "enemy" else "this " if test.own else "a "
    if test.event is None:
        out = f"{side}{what} has been at the current battlefield"
    elif test.event == "province_destroyed":
        out = "a Province destroyed" + (" by you" if test.by == "you" else "")
    elif test.event == "tokens_given":
        out = f"{side}{what} given {test.token or 'any'} tokens" + (" by you" if test.by == "you" else "")
    else:
        out = f"{side}{what} {test.event.replace('_', ' ')}" + (" by you" if test.by == "you" else "") + (
            " at the current battlefield" if test.at == "here" else "")
    if test.cause == "resolution":
        out += " by battle resolution"
    if test.times > 1:
        out += f" ({test.times} or more times)"
    return out + (" in this battle" if test.during == "battle" else " this turn")


def describe_reading(reading: Reading) -> list[dict]:
    """Each ability and trait in plain words, unread parts with the reason (the card page)."""
    out = [{"kind": "ability", "printed": a.text, "words": a.describe()} for a in reading.abilities]
    out += [{"kind": "trait", "printed": t.text, "words": t.describe()} for t in reading.triggers]
    out += [{"kind": "trait", "printed": s.text, "words": s.describe()} for s in reading.statics]
    for prod in ([reading.produce] if reading.produce is not None else []) + reading.produce_also:
        out.append({"kind": "trait", "printed": prod.text, "words": prod.describe()})
    if reading.invest_cost is not None:
        chosen = [f"choose target {n}: {t.describe()}" for n, t in enumerate(reading.invest_targets, 1)]
        alt = f" (or {reading.invest_alt} Gold if {describe_condition(reading.invest_alt_if)})" \
            if reading.invest_alt is not None else ""
        out.append({"kind": "trait", "printed": f"Invest [{reading.invest_cost} Gold]",
                    "words": f"Invest {reading.invest_cost} Gold{alt} (added to the cost of bringing it into play, or of a "
                             "Strategy's action): "
                             + "; ".join(chosen + [describe_effect(e) for e in reading.invest])})
    if reading.invest_alt is not None and reading.invest_cost is None:
        out.append({"kind": "trait", "printed": f"Invest [{reading.invest_alt} Gold]",
                    "words": f"its Invest costs {reading.invest_alt} Gold if {describe_condition(reading.invest_alt_if)}"})
    if reading.discipline is not None:
        only = f" if {describe_condition(reading.discipline_if)}" if reading.discipline_if is not None else ""
        alt = f" (or {reading.discipline_alt} if {describe_condition(reading.discipline_alt_if)})" \
            if reading.discipline_alt is not None else ""
        out.append({"kind": "trait", "printed": f"Discipline [{reading.discipline} Gold]",
                    "words": f"may be played from your discard pile for {reading.discipline} more Gold{alt}{only}, then "
                             "removed from the game (Discipline)"})
    out += [{"kind": "unread", "printed": u.text, "words": u.reason} for u in reading.unparsed]
    return out


def target_refs(effect: Effect) -> set[int]:
    """The numbered targets an effect refers to."""
    out = set()
    for name in effect.primitive.card_args:
        value = getattr(effect.args, name, None)
        values = value if isinstance(value, list) else [value]
        out |= {v for v in values if isinstance(v, int) and not isinstance(v, bool)}
    return out


def _complete_own_targets() -> None:
    """The primitives whose effects wait with targets of their own (``OwnTargets``) hold a
    ``TargetSpec``, which exists only now (the primitives are imported before this module): each of them,
    whichever primitive module defines it; an effect giving traits (``given_traits``) holds ``Static``s."""
    from .primitives.actions import GivenTraitsArgs
    from .primitives.interrupts import OwnTargets

    todo = [OwnTargets, GivenTraitsArgs]
    while todo:
        args = todo.pop()
        args.model_rebuild(_types_namespace={"TargetSpec": TargetSpec, "Static": Static})
        todo += args.__subclasses__()


_complete_own_targets()

__all__ = ["describe_reading", "describe_effect", "describe_condition", "Ability", "TriggerSpec", "Static", "Produce",
           "GoldFor",
           "Reading", "Stated", "TargetSpec", "Unread", "Ref",
           "read_card", "read_text", "target_refs"]
