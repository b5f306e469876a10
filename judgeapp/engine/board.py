"""Reading the board, and the small setters that change a card's or player's state.

Queries answer the rules' questions (who is the enemy, which units are at this
battlefield, what keywords a card has now, a stat's value now).  Setters change one
thing and note the change for the timeline where it happens; zone changes are not here
but in ``zones.move``.
"""
from __future__ import annotations

from . import stats
from .state import Card, GoldUnit, Province
from .structures import AllRef
from .vocab import ELEMENTS, Zone

IN_PLAY_RANK = {Zone.PLAY: 0, Zone.HAND: 1, Zone.PROVINCE: 2}


def _covers(src: Card, st, kinds: frozenset, by: str | None) -> bool:
    """Whether a restriction is about this action or effect: one of its kinds, and its player's side."""
    if st.keywords and not {k.lower() for k in st.keywords} & kinds:
        return False
    return st.by is None or (by is not None and (by == src.controller) == (st.by == "you"))


# How a card arrived where it is, as the memory names the occurrence, and its cause when it tells them apart
# (an assignment is noted as attacking or defending, ``assign``).
ARRIVALS = {"moved": ({"moves"}, None), "entered": ({"enters_play"}, None), "assigned": ({"attacks", "defends"}, "assign")}


class Board:
    # ----- players --------------------------------------------------------------------
    def player(self, name: str):
        return self.players[name]

    def live(self) -> list[str]:
        return [p for p in self.order if not self.players[p].lost]

    def next_player(self, name: str) -> str:
        i = self.order.index(name)
        for k in range(1, len(self.order) + 1):
            candidate = self.order[(i + k) % len(self.order)]
            if not self.players[candidate].lost:
                return candidate
        return name

    def opponent(self, name: str) -> str:
        """The other player: in a battle the enemy leader, else the next player in turn order."""
        if self.attacking and name in (self.attacker, self.defender):
            return self.defender if name == self.attacker else self.attacker
        return self.next_player(name)

    def in_turn_order(self, first: str | None = None) -> list[str]:
        """Players in turn order from ``first`` (the active player by default, ``turn-order``)."""
        out, name = [], first or self.active
        for _ in self.order:
            if not self.players[name].lost:
                out.append(name)
            name = self.order[(self.order.index(name) + 1) % len(self.order)]
        return out

    # ----- cards --------------------------------------------------------------------------
    def find(self, ref, player: str | None = None, prefer: Zone | None = None) -> Card | None:
        """A card by id, else by title (an exact id first; then the player's own copy, in the
        ``prefer`` zone first, else in play before hand before Province)."""
        if not isinstance(ref, str):
            return None
        card = self.cards.get(ref)
        if card is not None:
            return card
        low = ref.lower()
        matches = [c for c in self.cards.values() if c.title.lower() == low and c.zone not in
                   (Zone.FATE_DECK, Zone.DYNASTY_DECK, Zone.REMOVED)]
        if player:
            own = [c for c in matches if c.controller == player]
            matches = own or matches
        matches.sort(key=lambda c: (c.zone is not prefer, IN_PLAY_RANK.get(c.zone, 3)))
        return matches[0] if matches else None

    def in_play(self, player: str | None = None) -> list[Card]:
        return [c for c in self.cards.values() if c.zone is Zone.PLAY and (player is None or c.controller == player)]

    def units(self, player: str | None = None, at: str | None = None) -> list[Card]:
        """Personalities in play (each leads a unit, ``unit``), optionally at one location."""
        return [c for c in self.cards.values() if c.zone is Zone.PLAY and c.type == "personality"
                and (player is None or c.controller == player) and (at is None or c.location == at)]

    def unit_of(self, card: Card) -> list[Card]:
        """The cards of a card's unit: its Personality and everything attached to him."""
        host = self.host(card) or card
        if host.type != "personality":
            return [card]
        return [host] + [self.cards[a] for a in host.attachments]

    def host(self, card: Card | None) -> Card | None:
        """The Personality a card belongs to: itself, or the one it is attached to."""
        if card is None:
            return None
        if card.type == "personality":
            return card
        if card.attached_to and card.attached_to in self.cards:
            return self.cards[card.attached_to]
        return None

    def side(self, card: Card) -> str | None:
        """"attacking" or "defending" for a card at a battlefield (``side``)."""
        host = self.host(card) or card
        if not host.in_play or host.location == "home":
            return None
        if host.side:
            return host.side
        if host.controller == self.attacker:
            return "attacking"
        bf = self.province(host.location)
        return "defending" if bf is not None and host.controller == bf.owner else "attacking"

    def army(self, side: str, bf: str | None = None) -> list[Card]:
        bf = bf or self.battlefield
        return [u for u in self.units(at=bf) if self.side(u) == side] if bf else []

    def leader(self, side: str) -> str | None:
        return self.attacker if side == "attacking" else self.defender

    def enemy_of(self, card: Card, player: str) -> bool:
        """Enemy cards are in units controlled by the other leader in a battle (``enemy``)."""
        host = self.host(card)
        if host is None or not host.in_play:
            return False
        if self.attacking and host.location != "home" and self.battlefield:
            mine = "attacking" if player == self.attacker else "defending" if player == self.defender else None
            if mine is None:
                return host.controller != player
            return self.side(host) not in (None, mine)
        return host.controller != player

    def opposed(self, card: Card) -> bool:
        """A card is opposed if the enemy army at its battlefield has units (``opposed``)."""
        side = self.side(card)
        if side is None:
            return False
        host = self.host(card) or card
        other = "defending" if side == "attacking" else "attacking"
        return bool(self.army(other, host.location))

    def battlefields(self) -> list[str]:
        """The attack's battlefields, one at each of the Defender's Provinces (``declaration-segment``);
        a Province destroyed other than in its battle's resolution takes its battlefield with it
        (``battlefields``)."""
        if not self.attacking or self.defender is None:
            return []
        return [p.id for p in self.players[self.defender].provinces
                if not p.destroyed or p.id in self.fought or p.id == self.battlefield]

    def adjacent(self, a: str, b: str) -> bool:
        """Battlefields of neighbouring Provinces are adjacent (``battlefields``); a destroyed
        Province leaves the row, and those at either side of it become neighbours."""
        row = [p.id for p in self.players[self.defender].provinces if not p.destroyed or p.id in (a, b)] \
            if self.defender else []
        return a in row and b in row and abs(row.index(a) - row.index(b)) == 1

    def would_be_opposed(self, card: Card, bf: str | None = None) -> bool:
        """Whether a card would be opposed at a battlefield (the current one by default): the army
        facing the side his controller's units move to there has units other than his own
        (``opposed``; effects move a Personality into his controller's side, ``move``)."""
        bf = bf or self.battlefield
        if bf is None:
            return False
        host = self.host(card) or card
        mine = "defending" if host.controller == self.defender else "attacking"
        other = "attacking" if mine == "defending" else "defending"
        return any(u is not host for u in self.army(other, bf))

    def arrived(self, card: Card, how: tuple[str, ...], span: str = "turn", to: str | None = None,
                where_from: str | None = None) -> bool:
        """Whether a card's unit moved, was assigned or the card entered play (``how``) this turn or
        during the current battle (``span``), to and from such places: "home", "battlefield" (any) or
        "here" (the current battlefield), as the game's memory of what has happened has it (``memory``)."""
        host = self.host(card) or card
        return any(e["card"] in (host.id, card.id) and e["turn"] == self.turn
                   and any(e["event"] in names and cause in (None, e["cause"]) for names, cause in
                           (ARRIVALS[h] for h in how))
                   and (span == "turn" or (self.battlefield is not None and e["battle"] == self.battlefield))
                   and self._place_is(e["at"], to) and self._place_is(e["from"], where_from) for e in self.log)

    def did(self, card: Card, event: str) -> bool:
        """Whether the card itself did this (an event name: "bows", "produces_gold") this turn, as the game's memory
        has it (``memory``): "a Holding that bowed this turn but did not produce Gold"."""
        return any(e["card"] == card.id and e["turn"] == self.turn and e["event"] == event for e in self.log)

    def _place_is(self, place: str | None, want: str | None) -> bool:
        if want is None:
            return True
        if want == "battlefield":
            return place not in (None, "home")
        if want == "here":
            return place is not None and place == self.battlefield
        return place == want

    # ----- keywords and clans ---------------------------------------------------------------
    def keywords(self, card: Card) -> set[str]:
        """Printed keywords and its abilities' (``keyword-inheritance``), plus those given by effects and continuous
        traits (``keywords``), except any the card cannot gain ("Cannot gain Shadowlands")."""
        printed = ({k.lower() for k in card.card.keywords} | {c.lower() + " clan" for c in card.card.clans}
                   | {k.lower() for k in card.card.ability_keywords})
        words = set(printed)
        for o in self.ongoing:
            if o.kind == "keyword" and o.target == card.id:
                if o.data.get("lose"):
                    words -= {k.lower() for k in o.data["keywords"]}
                else:
                    words |= {k.lower() for k in o.data["keywords"]}
        for src, st in self.statics():
            if st.kind == "keyword" and self.static_applies(src, st, card):
                words |= {k.lower() for k in st.keywords}
        return words - (self.cannot_gain(card, words) - printed)

    def cannot_gain(self, card: Card, words=frozenset()) -> set[str]:
        """Keywords and kinds of token a card cannot gain, lower-case ("Cannot gain Corruption tokens");
        "Cannot gain a Clan Alignment (except Phoenix Clan)" keeps off each Clan Alignment among ``words``
        (``clan-alignment``: a Personality's Clan Alignment is its Clan keyword)."""
        out = set()
        for src, st in self.statics():
            if st.kind == "cannot_gain" and self.static_applies(src, st, card):
                out |= {k.lower() for k in st.keywords}
                if "Clan Alignment" in st.keywords:
                    out |= {w for w in words if w.endswith(" clan") and w != (st.what or "").lower()}
        return out

    def has_keyword(self, card: Card, word: str) -> bool:
        return word.lower() in self.keywords(card)

    def clans(self, card: Card) -> frozenset:
        return card.card.clans | frozenset(k[:-5].title() for k in self.keywords(card)
                                          if k.endswith(" clan") and k[:-5].title() in self.clan_names())

    @staticmethod
    def clan_names():
        from .vocab import CLANS

        return CLANS

    def unit_has_keyword(self, host: Card, word: str) -> bool:
        """A unit has a keyword when its Personality and every Follower have it (``unit-keywords``); an
        Infantry unit is one that does not have Cavalry, Infantry not being a keyword (``infantry``; the
        Twenty Festivals CR says so in ``unit-keywords``)."""
        if word == "Infantry":
            return not self.unit_has_keyword(host, "Cavalry")
        return all(self.has_keyword(c, word) for c in self.unit_of(host) if c.type in ("personality", "follower"))

    def elements_controlled(self, player: str) -> set[str]:
        """The element keywords among a player's Rings (``enlightenment-victory``), but for Rings whose
        trait says they do not count towards it (the False Rings, ``continuous-traits``)."""
        false = {src.id for src, st in self.statics() if st.kind == "no_enlightenment"}
        return {e for c in self.in_play(player) if c.type == "ring" and c.id not in false for e in ELEMENTS
                if self.has_keyword(c, e)}

    # ----- stats -----------------------------------------------------------------------------
    def stat(self, card: Card, name: str) -> int:
        return stats.value(self, card, name)

    def province(self, pid) -> Province | None:
        if not isinstance(pid, str) or "." not in pid:
            return None
        owner = pid.split(".")[0]
        if owner not in self.players:
            return None
        return next((p for p in self.players[owner].provinces if p.id == pid), None)

    def province_of(self, card: Card) -> Province | None:
        """The Province a card is in, if it is in one (``provinces``)."""
        if card.zone is not Zone.PROVINCE:
            return None
        return next((p for p in self.players[card.owner].provinces if card.id in p.cards), None)

    def province_strength(self, prov: Province) -> int:
        base = prov.strength
        if base is None:
            owner = self.players[prov.owner]
            stronghold = self.cards.get(owner.stronghold) if owner.stronghold else None
            base = stats.value(self, stronghold, "province_strength") if stronghold else 0
            sensei = self.cards.get(owner.sensei) if owner.sensei else None
            if sensei is not None:
                base += sensei.card.stat("strength")  # a modifier, not a bonus (sensei)
        return stats.apply_modifiers(self, prov.id, "province_strength", base + self.province_bonus(prov))

    def province_bonus(self, prov: Province) -> int:
        """Continuous traits on Provinces: "Your Provinces have +1 strength", a Fortification's or a
        Terrain's "This Province has +2 strength" (``continuous-traits``, ``fortification``, ``terrain``)."""
        from .references import amount, card_context, holds

        total = 0
        for src, st in self.statics():
            if st.kind == "stat" and st.stat == "province_strength" and self._on_province(src, st.target, prov) \
                    and (st.while_ is None or holds(self, st.while_, src)):
                total += amount(self, st.amount, card_context(self, src))
        return total

    def _on_province(self, src: Card, target, prov: Province) -> bool:
        """Whether a Province trait's target is this Province: "this Province" is the one a Fortification
        is attached to, else the current battlefield's (a Terrain's); a group of Provinces by its player
        and by what is attached to it ("with one or more Fortifications attached")."""
        if target == "province":
            return prov.id == (src.attached_to if self.province(src.attached_to) else self.battlefield)
        if not isinstance(target, AllRef) or target.all.type != ["province"] or prov.destroyed:
            return False
        flt = target.all
        if flt.side != "any" and (prov.owner == src.controller) != (flt.side == "your"):
            return False
        attached = [c for c in self.cards.values() if c.in_play and c.attached_to == prov.id]
        return all(any(w.lower() in self.keywords(c) | {c.type} for c in attached) for w in flt.attached)

    def hand_size(self, player: str) -> int:
        """The maximum hand size, 8 unless changed (``maximum-hand-size``)."""
        traits = sum(st.amount for src, st in self.statics() if st.kind == "hand_size" and src.controller == player
                     and isinstance(st.amount, int) and self.static_applies(src, st, src))
        return stats.apply_modifiers(self, player, "hand_size", 8 + traits)

    # ----- continuous traits ------------------------------------------------------------
    def statics(self) -> list:
        """Continuous traits of cards in play whose traits are not negated (``continuous-traits``)."""
        cache = getattr(self, "_statics_cache", None)
        if cache is not None and cache[0] == self.version:
            return cache[1]
        out = []
        for c in self.cards.values():
            if c.zone is Zone.PLAY and c.id not in self.traits_negated():
                for st in c.card.reading.statics:
                    out.append((c, st))
        out += self.given_traits()
        self._statics_cache = (self.version, out)
        return out

    def given_traits(self) -> list:
        """Traits an ongoing effect gives (``given_traits``): to a card, which holds them while in play unless its
        traits are negated; or generic ones ("Your Personalities have +1F …"), held by the card whose action gave
        them, in play or not, for "this" and "your" (``duration-of-effects``, ``continuous-traits``)."""
        out = []
        for o in self.ongoing:
            if o.kind == "traits":
                holder = self.cards[o.data.get("holder", o.target)]
                if "holder" in o.data or holder.id not in self.traits_negated():
                    out += [(holder, st) for st in o.data["traits"]]
        return out

    def traits_negated(self) -> set[str]:
        return {o.target for o in self.ongoing if o.kind == "negate_traits"}

    def static_applies(self, src: Card, st, card: Card) -> bool:
        """Whether a continuous trait covers a card now; its condition may be about that card ("it":
        "Your Samurai have +1F while opposing a dishonorable Personality", ``continuous-traits``)."""
        from .references import card_context, holds, matches_target

        if getattr(self, "_static_depth", 0) > 3:
            return False  # a trait whose condition reads the stat it changes: stop the loop
        self._static_depth = getattr(self, "_static_depth", 0) + 1
        try:
            if not matches_target(self, src, st.target, card):
                return False
            if st.while_ is None:
                return True
            ctx = card_context(self, src)
            ctx.subject = card
            return holds(self, st.while_, ctx)
        finally:
            self._static_depth -= 1

    def static_bonus(self, card: Card, stat: str, bonuses: bool = True) -> int:
        """The stat changes continuous traits give a card; an amount may be the card's own ("a Force
        penalty equal to their Personal Honor": ``it``); ``bonuses`` False: only its penalties (its bonuses
        are negated, ``bonuses-and-penalties``)."""
        from .references import amount, card_context

        total = 0
        for src, st in self.statics():
            if st.kind == "stat" and st.stat == stat and self.static_applies(src, st, card):
                ctx = card_context(self, src)
                ctx.subject = card
                change = amount(self, st.amount, ctx)
                total += change if bonuses else min(change, 0)
        return total

    def move_restricted(self, card: Card, to: str, by: str | None = None) -> str | None:
        """A restriction on where a unit moves: to or from the current battlefield, or to a
        battlefield where it would be unopposed (``move``, ``permissions``)."""
        host = self.host(card) or card
        words = []
        if to != "home" and to == self.battlefield:
            words.append("moves_to_here")
        if host.location != "home" and host.location == self.battlefield:
            words.append("moves_from_here")
        if to != "home" and not self.would_be_opposed(host, to):
            words.append("moves_unopposed")
        return next((r for r in (self.restricted(host, w, by=by) for w in words) if r), None)

    def restricted(self, card: Card, what: str, kinds: frozenset = frozenset(), by: str | None = None,
                   source: Card | None = None) -> str | None:
        """A card's own or another card's restriction on it ("cannot attack"), as text. A restriction
        naming kinds of action or effect ("Favor actions may not target Hoturi") covers only those
        (``kinds``: the acting action's keywords, lower-case), "your"/"other players'" only
        that player's (``by``), and "Actions from cards in other players' units" only an action of such a card
        (``source``: the acting card, None for no card's action; ``permissions``)."""
        for src, st in self.statics():
            if st.kind == "restrict" and st.what == what and _covers(src, st, kinds, by) \
                    and self._from_ok(src, st, source) and self.static_applies(src, st, card):
                return st.text or f"{src.title}: {what.replace('_', ' ')} is not allowed"
        for o in self.ongoing:
            if o.kind == "restrict" and o.target == card.id and o.data.get("what") == what:
                return o.source
        return None

    def _from_ok(self, src: Card, st, source: Card | None) -> bool:
        """Whether a restriction on actions from some cards is about this acting card (``permissions``)."""
        if st.from_ is None:
            return True
        from .references import card_context, matches

        return source is not None and matches(self, st.from_, source, card_context(self, src))

    def player_restricted(self, player: str, what: str, kinds: frozenset = frozenset(), card: Card | None = None) -> str | None:
        """A trait's restriction on what a player may do, as text: "You may not take Political Actions"
        (``take_actions``, with the action's keywords), "You may not play other Allegiance cards" (``play``),
        "You may not bring Shadowlands cards into play" (``bring_into_play``); "your" is its own player, a
        trait naming no player restricts everyone ("Favor actions may not be taken", ``permissions``)."""
        from .references import card_context, holds, matches

        for src, st in self.statics():
            if st.kind != "restrict" or st.what != what or not _covers(src, st, kinds, player):
                continue
            if st.to is not None and (card is None or not matches(self, st.to, card, card_context(self, src),
                                                                   anywhere=True)):
                continue
            if st.while_ is None or holds(self, st.while_, src):
                return st.text or f"{src.title}: {what.replace('_', ' ')} is not allowed"
        return None

    def permitted(self, card: Card, what: str) -> bool:
        """A trait's or a lasting effect's permission for the card ("He may assign even if bowed", ``permissions``)."""
        return any(st.kind == "permit" and st.what == what and self.static_applies(src, st, card)
                   for src, st in self.statics()) or any(
            o.kind == "permit" and o.target == card.id and o.data.get("what") == what for o in self.ongoing)

    def lobby_bonus(self, player: str) -> int:
        """A player's Lobby Bonus: "You have a +3 Lobby Bonus" (``lobby-bonus``)."""
        from .references import amount, card_context, holds

        return sum(amount(self, st.amount, card_context(self, src)) for src, st in self.statics()
                   if st.kind == "lobby_bonus" and src.controller == player
                   and (st.while_ is None or holds(self, st.while_, src)))

    def permitted_targets(self, player: str, what: str) -> list:
        """The cards a player's traits also let an action target ("You may target defending Personalities
        with the rulebook Favor Political Battle action", ``permissions``): a filter for each."""
        from .references import holds

        return [st.to for src, st in self.statics() if st.kind == "permit" and st.what == what and st.to is not None
                and src.controller == player and (st.while_ is None or holds(self, st.while_, src))]

    # ----- setters (each notes its change) --------------------------------------------
    def set_bowed(self, card: Card, bowed: bool) -> bool:
        if card.bowed == bowed:
            return False
        card.bowed = bowed
        self.timeline.note({"card": card.id, "bowed": [not bowed, bowed]})
        return True

    def set_dishonored(self, card: Card, dishonored: bool) -> bool:
        if card.dishonored == dishonored:
            return False
        card.dishonored = dishonored
        self.timeline.note({"card": card.id, "dishonored": [not dishonored, dishonored]})
        return True

    def set_location(self, card: Card, where: str, side: str | None = None) -> None:
        """Move a unit (its attachments go with it, ``unit``)."""
        old = card.location
        for c in self.unit_of(card):
            c.location = where
            c.side = side if where != "home" else None
        if old != where:
            self.timeline.note({"card": card.id, "location": [old, where]})

    def set_favor(self, player: str | None) -> None:
        if self.favor != player:
            self.timeline.note({"favor": [self.favor, player]})
            self.favor = player

    def add_gold(self, player: str, unit: GoldUnit) -> None:
        p = self.players[player]
        before = p.gold_total()
        p.gold.append(unit)
        self.timeline.note({"player": player, "gold": [before, p.gold_total()]})

    def take_gold(self, player: str, units: list[GoldUnit]) -> None:
        p = self.players[player]
        before = p.gold_total()
        for u in units:
            p.gold.remove(u)
        if before != p.gold_total():
            self.timeline.note({"player": player, "gold": [before, p.gold_total()]})

    def add_tokens(self, card: Card, name: str, n: int) -> None:
        before = card.tokens.get(name, 0)
        card.tokens[name] = before + n
        if not card.tokens[name]:
            del card.tokens[name]
        self.timeline.note({"card": card.id, "tokens": {name: [before, before + n]}})
