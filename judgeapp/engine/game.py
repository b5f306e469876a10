"""The game: procedures of the turn, the action sequence, battles, Honor and victory.

The turn runs as a generator that yields a ``Request`` whenever the rules give a
player a choice (an action round's opportunity, declaring an attack, assigning,
picking the next battle, ordering triggers).  ``replay`` answers each request from the
script, or with the rules' default (a pass, no attack, the next battlefield), so the
procedures read in the order the Comprehensive Rules give them.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from . import stats
from .cites import cite
from .state import Card, Delayed, GoldUnit, Modifier, Player, Province
from .textparse import Effect

# Where the turn can stand, in order; a request names one of these (``advance:`` targets them).
POINTS = ["action", "attack/declaration", "attack/maneuvers", "attack/fight", "attack/engage", "attack/combat",
          "attack/resolution", "end_of_battle", "dynasty", "end", "end_of_turn", "next_turn"]
ROUND_NAMES = {"action": "Action Phase", "engage": "Engage Segment", "combat": "Combat Segment",
               "dynasty": "Dynasty Phase"}
ROUND_SECTIONS = {"action": "action-rounds", "engage": "engage-segment", "combat": "combat-segment",
                  "dynasty": "dynasty-phase"}
ROUND_OF_KIND = {"limited": "action", "open": "action", "engage": "engage", "battle": "combat",
                 "dynasty": "dynasty"}
KIND_CITE = {"limited": "limited-actions", "open": "open-actions", "engage": "engage-actions",
             "battle": "battle-actions", "dynasty": "dynasty-actions", "interrupt": "interrupt-actions"}
ELEMENTS = ("air", "earth", "fire", "water", "void")


class GameOver(Exception):
    pass


class Budget(Exception):
    pass


@dataclass
class Request:
    kind: str  # round, declare, assign, fight, checkpoint
    point: str
    player: str | None = None
    round: str | None = None
    options: list = field(default_factory=list)


class Game:
    def __init__(self, players: list[Player], cards: dict[str, Card], active: str, turn: int, at: str,
                 battlefield: str | None, attacker: str | None, favor: str | None, max_steps: int = 20_000,
                 seconds: float = 5.0):
        self.players = {p.name: p for p in players}
        self.order = [p.name for p in players]
        self.cards = cards
        self.active, self.turn, self.at = active, turn, at
        self.phase, self.segment = (at.split("/") + [None])[:2] if "/" in at else (at, None)
        self.battlefield = battlefield
        self.attacker = attacker or active if at.startswith("attack") else attacker
        self.favor = favor
        self.modifiers: list[Modifier] = []
        self.delayed: list[Delayed] = []
        self.fought: set[str] = set()
        self.resolved_attackers: set[str] = set()
        self.battles: dict[str, dict] = {}
        self.destroyed: list[str] = []
        self.steps: list[dict] = []
        self.states: list[dict] = []
        self.keep_states = False
        self.winner: str | None = None
        self.how: str | None = None
        self.pending_order: list[str] | None = None
        self.attacking = at.startswith("attack")
        self.assigned_by: set[str] = set()
        self.max_steps = max_steps
        self.deadline = time.monotonic() + seconds
        self._last = None
        self.scripted: int | None = None
        self.unparsed: list[dict] = []
        self.shields: list[dict] = []  # prevention and substitution effects waiting for their occurrence
        self.negated: set[str] = set()
        self.honor_mods: list[dict] = []
        self.last_happened = True

    # ----- reading the board -------------------------------------------------------------
    def player(self, name: str) -> Player:
        return self.players[name]

    def opponent(self, name: str) -> str:
        others = [p for p in self.order if p != name and not self.players[p].lost]
        return others[0] if others else name

    def next_player(self, name: str) -> str:
        i = self.order.index(name)
        for k in range(1, len(self.order) + 1):
            candidate = self.order[(i + k) % len(self.order)]
            if not self.players[candidate].lost:
                return candidate
        return name

    def stat(self, card: Card, name: str) -> int:
        return stats.value(card, name, self.modifiers, self.cards)

    def province(self, pid: str) -> Province | None:
        owner = pid.split(".")[0]
        if owner not in self.players:
            return None
        return next((p for p in self.players[owner].provinces if p.id == pid), None)

    def province_strength(self, prov: Province) -> int:
        base = prov.strength
        if base is None:
            owner = self.players[prov.owner]
            stronghold = self.cards.get(owner.stronghold) if owner.stronghold else None
            base = stronghold.card.stat("strength") if stronghold else 0
            sensei = self.cards.get(owner.sensei) if owner.sensei else None
            if sensei:
                base += sensei.card.stat("strength")
        total = base + sum(m.value for m in self.modifiers if m.target == prov.id and m.stat == "province_strength"
                           and m.op == "add")
        return max(total, 0)

    def units(self, player: str | None = None, at: str | None = None) -> list[Card]:
        return [c for c in self.cards.values() if c.zone == "unit" and (player is None or c.owner == player)
                and (at is None or c.location == at)]

    def defender_of(self, battlefield: str | None) -> str | None:
        return battlefield.split(".")[0] if battlefield else None

    def reject(self, step, reason: str, text: str, section: str) -> None:
        """A scripted step the rules do not allow: recorded, not carried out; play goes on."""
        self.record("rejected", f"Not allowed: {text}", [section], step.get("by") if isinstance(step, dict) else None,
                    reason=reason)

    def find(self, ref, player: str | None = None) -> Card | None:
        """A card by id, else by title: the player's own first, then in play, in hand, in a Province."""
        if not isinstance(ref, str):
            return None
        if ref in self.cards:
            return self.cards[ref]
        matches = [c for c in self.cards.values() if c.title.lower() == ref.lower() and c.zone not in ("deck",)]
        if player:
            own = [c for c in matches if c.owner == player]
            matches = own or matches
        rank = {"unit": 0, "attached": 0, "holding": 0, "in_play": 0, "stronghold": 0, "sensei": 0, "hand": 1,
                "province": 2}
        matches.sort(key=lambda c: rank.get(c.zone, 3))
        return matches[0] if matches else None

    # ----- the timeline ---------------------------------------------------------------------
    def snapshot(self) -> dict:
        players = {}
        for name in self.order:
            p = self.players[name]
            players[name] = {
                "honor": p.honor, "gold": p.gold_total(), "hand": [self.cards[c].title for c in p.hand],
                "fate_deck": len(p.fate_deck) + p.fate_count, "dynasty_deck": p.dynasty_count,
                "discard": [self.cards[c].title for c in p.discard], "dead": [self.cards[c].title for c in p.dead],
                "stronghold": self._card_view(self.cards[p.stronghold]) if p.stronghold else None,
                "sensei": self._card_view(self.cards[p.sensei]) if p.sensei else None,
                "provinces": [{"id": pr.id, "strength": self.province_strength(pr), "destroyed": pr.destroyed,
                               "face_up": pr.face_up, "card": (self.cards[pr.card].title if pr.card and pr.face_up
                                                              else ("face-down card" if pr.card or pr.unknown else None))}
                              for pr in p.provinces],
                "units": [self._card_view(c) for c in self.units(name)],
                "holdings": [self._card_view(c) for c in self.cards.values() if c.zone == "holding" and c.owner == name],
                "in_play": [self._card_view(c) for c in self.cards.values() if c.zone == "in_play" and c.owner == name],
                "lost": p.lost,
            }
        return {"turn": self.turn, "active": self.active, "phase": self.phase, "segment": self.segment,
                "battlefield": self.battlefield, "players": players}

    def _card_view(self, c: Card) -> dict:
        view = {"id": c.id, "title": c.title, "type": c.type, "bowed": c.bowed}
        if c.type == "personality":
            view.update(force=self.stat(c, "force"), chi=self.stat(c, "chi"), dishonored=c.dishonored,
                        location=c.location,
                        attachments=[{"id": a, "title": self.cards[a].title, "type": self.cards[a].type,
                                      "bowed": self.cards[a].bowed} for a in c.attachments])
            if c.zone == "unit":
                view["unit_force"] = stats.unit_force(c, self.modifiers, self.cards)[0]
        return view

    def _changes(self, before: dict, after: dict) -> list[dict]:
        changes = []
        for name in self.order:
            b, a = before["players"][name], after["players"][name]
            for key in ("honor", "gold"):
                if b[key] != a[key]:
                    changes.append({"player": name, key: [b[key], a[key]]})
            bc = {c["id"]: c for c in b["units"] + b["holdings"] + b["in_play"]}
            ac = {c["id"]: c for c in a["units"] + a["holdings"] + a["in_play"]}
            for cid in set(bc) | set(ac):
                if cid not in ac:
                    changes.append({"card": cid, "left_play": True})
                elif cid not in bc:
                    changes.append({"card": cid, "entered_play": True})
                else:
                    for key in ("bowed", "location", "force", "chi", "dishonored"):
                        if bc[cid].get(key) != ac[cid].get(key):
                            changes.append({"card": cid, key: [bc[cid].get(key), ac[cid].get(key)]})
            for pb, pa in zip(b["provinces"], a["provinces"]):
                if pb["destroyed"] != pa["destroyed"]:
                    changes.append({"province": pa["id"], "destroyed": [pb["destroyed"], pa["destroyed"]]})
        return changes

    def record(self, kind: str, text: str, cites: list[str], actor: str | None = None, step: str | None = None,
               **extra) -> dict:
        if len(self.steps) >= self.max_steps:
            raise Budget(f"step budget of {self.max_steps} timeline steps reached")
        if time.monotonic() > self.deadline:
            raise Budget("time limit reached")
        after = self.snapshot()
        entry = {"n": len(self.steps) + 1, "id": f"s{len(self.steps) + 1}", "turn": self.turn, "phase": self.phase,
                 "segment": self.segment, "step": step, "kind": kind, "actor": actor, "text": text,
                 "cites": [cite(c) for c in cites], "changes": self._changes(self._last, after) if self._last else []}
        if self.scripted is not None:
            entry["script_step"] = self.scripted
        entry.update(extra)
        self._last = after
        self.steps.append(entry)
        if self.keep_states:
            self.states.append(after)
        return entry

    def start(self) -> None:
        self._last = self.snapshot()

    # ----- Honor, destruction, victory -----------------------------------------------------
    def change_honor(self, name: str, amount: int, gain: bool, why: str, cites: list[str], kind: str = "effect",
                     actor=None) -> None:
        p = self.players[name]
        change = sum(m["value"] for m in self.honor_mods if m["player"] == name and m["kind"] == (
            "gains" if gain else "losses"))
        if change:
            adjusted = max(0, amount + change)  # a reduced gain never becomes a loss, nor a loss a gain
            why = f"{why}; {amount} {'reduced' if change < 0 else 'increased'} to {adjusted}, and the change " \
                  "is not itself a gain or loss"
            cites = cites + ["honor-gains-and-losses"]
            amount = adjusted
        if amount <= 0:
            self.record(kind, f"{name.capitalize()} would {'gain' if gain else 'lose'} 0 Honor ({why}): "
                              "a change of zero is neither a gain nor a loss", cites + ["honor-gains-and-losses"],
                        actor)
            return
        p.honor += amount if gain else -amount
        self.record(kind, f"{name.capitalize()} {'gains' if gain else 'loses'} {amount} Honor ({why}); "
                          f"Family Honor is now {p.honor}", cites, actor)

    def shielded(self, card: Card, occurrence: str) -> bool:
        """Timing-conflict steps A and B for an occurrence: prevention first, then substitution."""
        for group, label in (("prevent", "prevented"), ("instead", "replaced")):
            shield = next((s for s in self.shields if s["kind"] == group and s["target"] == card.id
                           and s["what"] in (occurrence, "any")), None)
            if shield is None:
                continue
            self.shields.remove(shield)
            self.record("effect", f"The {occurrence.replace('_', ' ')} of {card.title} is {label} "
                                  f"({shield['source']})", ["timing-conflicts"], shield["by"])
            if group == "instead" and shield.get("do"):
                name, args = next(iter(shield["do"].items()))
                args = dict(args)
                args.setdefault("target", [card.id])
                self.apply(Effect(name, args), Context(self, shield["by"], None, [], shield["source"]))
            return True
        return False

    def destroy(self, card: Card, why: str, cites: list[str], kind: str = "effect", preventable: bool = True) -> None:
        if card.zone not in ("unit", "attached", "holding", "in_play", "province"):
            return
        if preventable and self.shielded(card, "destroy"):
            self.last_happened = False
            return
        owner = self.players[card.owner]
        was_dishonorable = card.type == "personality" and card.dishonored
        for attached_id in list(card.attachments):
            attached = self.cards[attached_id]
            self._leave_play(attached, owner.discard, "discard")
        card.attachments = []
        if card.zone == "attached":
            host = self.cards[card.attached_to]
            host.attachments.remove(card.id)
            card.attached_to = None
        target_pile = owner.dead if card.type == "personality" else owner.discard
        self._leave_play(card, target_pile, "dead" if card.type == "personality" else "discard")
        self.destroyed.append(card.id)
        self.record(kind, f"{card.title} is destroyed ({why})", cites)
        if was_dishonorable:
            self.change_honor(card.owner, card.card.stat("ph"), False,
                              f"{card.title} was dishonorable when destroyed", ["honorable-and-dishonorable"],
                              kind="rule")

    def _leave_play(self, card: Card, pile: list[str], zone: str) -> None:
        card.zone, card.location, card.bowed = zone, "home", False
        card.used.clear()  # card memory: out of play and forgotten
        self.modifiers = [m for m in self.modifiers if m.target != card.id]
        pile.append(card.id)

    def chi_death(self) -> None:
        for card in list(self.cards.values()):
            if card.zone == "unit" and card.type == "personality" and self.stat(card, "chi") == 0:
                self.destroy(card, "his Chi is 0", ["chi-death-rule"], kind="rule", preventable=False)

    def check_victory(self, moment: str) -> None:
        for name in self.order:
            p = self.players[name]
            if p.lost:
                continue
            if p.provinces and all(pr.destroyed for pr in p.provinces):
                p.lost = True
                self._end(self.opponent(name), "military", f"{name.capitalize()} has no Provinces left and loses",
                          "military-loss-victory")
            rings = {e for c in self.cards.values() if c.zone == "in_play" and c.owner == name and c.type == "ring"
                     for e in ELEMENTS if c.card.has_keyword(e) or e in c.title.lower()}
            if len(rings) == 5:
                self._end(name, "enlightenment", f"{name.capitalize()} controls five Rings of different elements",
                          "enlightenment-victory")
        if moment == "turn-start" and self.players[self.active].honor >= 40:
            self._end(self.active, "honor", f"{self.active.capitalize()} starts the turn with "
                                            f"{self.players[self.active].honor} Family Honor", "honor-victory")
        if moment == "turn-end" and self.players[self.active].honor <= -20:
            self.players[self.active].lost = True
            self._end(self.opponent(self.active), "dishonor", f"{self.active.capitalize()} ends the turn at "
                                                              f"{self.players[self.active].honor} Family Honor and loses",
                      "dishonor-loss-victory")

    def _end(self, winner: str, how: str, text: str, section: str) -> None:
        self.winner, self.how = winner, how
        self.record("victory", f"{text}: {winner.capitalize()} wins ({how} victory)", [section])
        raise GameOver()

    # ----- Gold ------------------------------------------------------------------------------
    def producers(self, name: str) -> list[tuple[Card, int, str | None]]:
        p = self.players[name]
        out = []
        if p.stronghold:
            sh = self.cards[p.stronghold]
            production = sh.card.stat("production")
            if p.sensei:
                production += self.cards[p.sensei].card.stat("production")
            if not sh.bowed:
                out.append((sh, max(production, 0), None))
        for c in self.cards.values():
            if c.zone == "holding" and c.owner == name and not c.bowed and c.text().produce:
                amount, only = c.text().produce
                out.append((c, amount, only))
        return out

    def can_pay(self, name: str, amount: int, kind: str | None) -> bool:
        p = self.players[name]
        pool = sum(g.amount for g in p.gold if g.only is None or g.only == kind)
        return pool + sum(n for _, n, only in self.producers(name) if only is None or only == kind) >= amount

    def pay(self, name: str, amount: int, kind: str | None, chosen: list[str] | None, actor_text: str) -> bool:
        """Pay ``amount`` Gold: from the pool first, then bowing cards (``paying-gold-costs``)."""
        if amount <= 0:
            return True
        p = self.players[name]
        usable = [(c, n, only) for c, n, only in self.producers(name) if only is None or only == kind]
        if chosen:
            picked = []
            for ref in chosen:
                found = next((u for u in usable if u[0].id == ref or u[0].title.lower() == ref.lower()
                              or (ref == "stronghold" and u[0].id == p.stronghold)), None)
                if found is None:
                    return False
                picked.append(found)
        else:
            pool_now = sum(g.amount for g in p.gold if g.only is None or g.only == kind)
            need = max(amount - pool_now, 0)
            picked = _cheapest(usable, need) if need else []
            if picked is None:
                return False
        for c, n, only in picked:
            c.bowed = True
            p.gold.append(GoldUnit(n, only, c.title))
            self.record("cost", f"{name.capitalize()} bows {c.title} to produce {n} Gold"
                                + (f" (usable only for {only} costs)" if only else "")
                                + ("" if chosen else " (the engine chose this card)"),
                        ["paying-gold-costs", "gold-producing-traits"], name, "pay costs")
        remaining = amount
        for unit in sorted(p.gold, key=lambda g: g.only is None):
            if remaining == 0:
                break
            if unit.only is None or unit.only == kind:
                used = min(unit.amount, remaining)
                unit.amount -= used
                remaining -= used
        p.gold = [g for g in p.gold if g.amount > 0]
        if remaining:
            return False
        self.record("cost", f"{name.capitalize()} pays {amount} Gold for {actor_text}; {p.gold_total()} Gold left "
                            "in the pool", ["paying-gold-costs"], name, "pay costs")
        return True

    def empty_gold(self) -> None:
        for name in self.order:
            p = self.players[name]
            if p.gold:
                lost = p.gold_total()
                p.gold = []
                self.record("rule", f"{name.capitalize()}'s {lost} unspent Gold leaves the pool at the end of the phase",
                            ["paying-gold-costs"])

    # ----- triggers --------------------------------------------------------------------------
    def fire(self, when: str, point: tuple) -> None:
        """Triggered traits and delayed effects at a timing point, in the timing-conflict order."""
        found = []
        for c in self.cards.values():
            if c.zone not in ("unit", "holding", "in_play", "stronghold", "sensei", "attached"):
                continue
            for trig in c.text().triggers:
                if trig.when == when and trig.point == point and (trig.whose == "each" or c.owner == self.active):
                    if c.id in self.negated:
                        self.record("effect", f"{c.title}'s trait is negated and does not trigger",
                                    ["timing-conflicts"], c.owner)
                        continue
                    found.append((c.id, c.title, c.owner, trig.effects, trig.text, None))
        for d in list(self.delayed):
            if d.when == when and d.point == point and (d.whose == "each" or d.owner == self.active):
                found.append((d.source, d.source, d.owner, d.effects, d.text, d))
        if len(found) > 1:
            self._order_conflict(found)
        for source, title, owner, effects, text, delayed in found:
            if delayed is not None:
                self.delayed.remove(delayed)
            self.record("trigger", f"{title} triggers: “{text}”",
                        ["when-triggers" if when == "when" else "triggers",
                         "triggered-traits" if delayed is None else "delayed-effects"], owner)
            ctx = Context(self, owner, self.cards.get(source), [], "trigger")
            for effect in effects:
                self.apply(effect, ctx)

    def _order_conflict(self, found: list) -> None:
        """Timing conflicts (``timing-conflicts``): delay/negation/prevention, then substitution,
        then triggered effects; within a group, the active player's order (the script's
        ``order:``), else the order listed, said in the timeline."""
        def group(item) -> int:
            kinds = {e.kind for e in item[3]}
            return 0 if kinds & {"delayed", "negate", "prevent"} else 1 if "instead" in kinds else 2

        if self.pending_order:
            wanted = [w.lower() for w in self.pending_order]
            found.sort(key=lambda f: next((i for i, w in enumerate(wanted) if w in (f[0].lower(), f[1].lower())),
                                          len(wanted)))
        found.sort(key=group)
        if len({group(f) for f in found}) > 1:
            labels = {0: "delay/negation/prevention", 1: "substitution", 2: "triggered"}
            self.record("choice", "Timing conflict: " + "; then ".join(f"{labels[group(f)]}: {f[1]}" for f in found),
                        ["timing-conflicts"], self.active)
        names = ", ".join(f[1] for f in found)
        if self.pending_order:
            self.record("choice", f"{self.active.capitalize()} orders the simultaneous triggers: {names}",
                        ["timing-conflicts"], self.active)
            self.pending_order = None
        else:
            self.record("choice", f"Simultaneous triggers ({names}): the active player orders them; the script "
                                  "gave no order, so they resolve in the order listed", ["timing-conflicts"],
                        self.active)

    # ----- effects ---------------------------------------------------------------------------
    def apply(self, effect: Effect, ctx: "Context") -> bool:
        """Carry out one effect; False when its required target is gone (later effects stop)."""
        kind, args = effect.kind, effect.args
        if args.get("_needs") and not self.last_happened:
            self.record("effect", f"The effect before did not happen, so “{kind.replace('_', ' ')}” does not "
                                  f"either ({ctx.why()})", ["order-of-effects"], ctx.player)
            return True
        self.last_happened = True
        if kind == "delayed":
            return self._delay(args, ctx)
        if kind == "honor_modifier":
            who = args.get("player", ctx.player)
            for which in ("gains", "losses"):
                if which in args:
                    self.honor_mods.append({"player": who, "kind": which, "value": int(args[which]),
                                            "until": args.get("until", "end_of_turn")})
                    self.record("effect", f"{who.capitalize()}'s Honor {which} are changed by {int(args[which]):+d} "
                                          f"({_until(args.get('until', 'end_of_turn'))})",
                                ["honor-gains-and-losses"], ctx.player)
            return True
        if kind in ("gain_honor", "lose_honor"):
            who = ctx.player if args.get("player", "self") == "self" else args["player"]
            amount = int(args.get("amount", 0))
            gain = kind == "gain_honor"
            dishonorable = [c for c in self.units(who) if c.dishonored and ctx.source is not None
                            and (c.id == ctx.source.id or c.id in ctx.targets_ids())]
            if gain and dishonorable and amount > 0:
                for c in dishonorable:
                    c.dishonored = False
                self.record("effect", f"{', '.join(c.title for c in dishonorable)} rehonored instead of "
                                      f"{who.capitalize()} gaining {amount} Honor", ["rehonoring"], who)
                return True
            self.change_honor(who, amount, gain, ctx.why(), ["honor-gains-and-losses"], actor=who)
            return True
        if kind == "draw":
            who = ctx.player if args.get("player", "self") == "self" else args["player"]
            self.draw(who, int(args.get("amount", 1)), ["effects-2"])
            return True
        targets = ctx.resolve(args.get("target"))
        if targets is None:
            self.record("effect", f"The effect's target is no longer legal; {ctx.why()} stops here",
                        ["good-faith-rule", "order-of-effects"], ctx.player)
            return False
        for card in targets:
            self._apply_one(kind, args, card, ctx)
        self.chi_death()
        self.check_victory("any")
        return True

    def _apply_one(self, kind: str, args: dict, card: Card, ctx: "Context") -> None:
        who = ctx.player
        if kind in ("bow", "straighten", "move_home") and self.shielded(card, kind):
            self.last_happened = False
            return
        if kind in ("bow", "straighten"):
            if card.bowed == (kind == "bow"):
                self.last_happened = False
            card.bowed = kind == "bow"
            self.record("effect", f"{card.title} {'bows' if kind == 'bow' else 'straightens'} ({ctx.why()})",
                        ["bowed-and-unbowed"], who)
        elif kind == "destroy":
            self.destroy(card, ctx.why(), ["effects-2"])
        elif kind == "discard":
            owner = self.players[card.owner]
            if card.zone == "hand":
                owner.hand.remove(card.id)
                card.zone = "discard"
                owner.discard.append(card.id)
                self.record("effect", f"{card.title} is discarded from hand ({ctx.why()})", ["discard-piles"], who)
            else:
                self.destroy(card, f"discarded: {ctx.why()}", ["discard-piles"])
        elif kind in ("dishonor", "rehonor"):
            card.dishonored = kind == "dishonor"
            self.record("effect", f"{card.title} is {'dishonored' if kind == 'dishonor' else 'rehonored'} "
                                  f"({ctx.why()})", ["honorable-and-dishonorable"], who)
        elif kind == "move_home":
            card.location = "home"
            self.record("effect", f"{card.title} moves home ({ctx.why()})", ["effects-2"], who)
        elif kind == "move_to":
            to = args.get("to")
            if card.id in self.resolved_attackers and to and to != "home":
                self.record("effect", f"{card.title} will not move to a battlefield: he was in an attacking army "
                                      "during a battle resolution this Attack Phase", ["no-second-battle-rule"], who)
                return
            card.location = to or "home"
            self.record("effect", f"{card.title} moves to {card.location} ({ctx.why()})", ["effects-2"], who)
        elif kind in ("force", "chi", "province_strength", "gold_production"):
            self._stat_effect(kind, args, card, ctx)
        elif kind in ("prevent", "instead"):
            what = args.get("what", "destroy" if kind == "prevent" else args.get("of", "destroy"))
            self.shields.append({"kind": kind, "target": card.id, "what": what, "do": args.get("do"),
                                 "by": who, "source": ctx.why()})
            self.record("effect", f"The next {what.replace('_', ' ')} of {card.title} will be "
                                  f"{'prevented' if kind == 'prevent' else 'replaced'} ({ctx.why()})",
                        ["timing-conflicts"], who)
        elif kind == "negate":
            self.negated.add(card.id)
            self.record("effect", f"{card.title}'s traits are negated until the end of the turn ({ctx.why()})",
                        ["timing-conflicts"], who)
        elif kind in ("ranged_attack", "melee_attack", "fear"):
            amount = int(args.get("amount", 0))
            force = self.stat(card, "force")
            label = {"ranged_attack": f"Ranged {amount} Attack", "melee_attack": f"Melee {amount} Attack",
                     "fear": f"Fear {amount}"}[kind]
            section = {"ranged_attack": "ranged-attack", "melee_attack": "melee-attack", "fear": "fear"}[kind]
            if force <= amount:
                if kind == "fear":
                    card.bowed = True
                    self.record("effect", f"{label} against {card.title} ({force}F): bowed", [section], who)
                else:
                    self.destroy(card, f"{label}: {force}F is not more than {amount}", [section])
            else:
                self.record("effect", f"{label} against {card.title} fails: {force}F is more than {amount}",
                            [section], who)
        else:
            self.record("effect", f"{kind} on {card.title}: recorded; its outcome is for the judge to apply",
                        ["effects-2"], who)

    def _delay(self, args: dict, ctx: "Context") -> bool:
        from .textparse import timing_point
        when = "after" if "after" in args else "before"
        found = timing_point(str(args.get(when, "")))
        do = args.get("do")
        if not found or not isinstance(do, dict) or len(do) != 1:
            self.record("effect", "A delayed effect needs after: or before: a timing point (\"your next turn begins\") "
                                  "and one effect under do:", ["delayed-effects"], ctx.player)
            return True
        name, inner = next(iter(do.items()))
        point, whose = found
        text = f"{when.capitalize()} {args[when]}: {name.replace('_', ' ')}"
        self.delayed.append(Delayed(when, point, whose if whose == "each" else "your", ctx.player,
                                    ctx.source.title if ctx.source else "judge's effect", [Effect(name, dict(inner))],
                                    text))
        self.record("effect", f"Delayed effect set up: “{text}” ({ctx.why()})", ["delayed-effects"], ctx.player)
        return True

    def _stat_effect(self, kind: str, args: dict, card: Card, ctx: "Context") -> None:
        until = args.get("until", "end_of_turn")
        stat = "province_strength" if kind == "province_strength" else kind
        target_id = card.id
        for op in ("set", "raise", "lower", "min", "max"):
            if op in args:
                value = int(args[op])
                self.modifiers.append(Modifier(stat, target_id, op, value, until, ctx.why(), len(self.modifiers)))
                section = {"set": "setting-stats-to-values", "raise": "setting-stats-to-values",
                           "lower": "setting-stats-to-values", "min": "minimums-and-maximums",
                           "max": "minimums-and-maximums"}[op]
                word = {"set": "set to", "raise": "raised to", "lower": "lowered to", "min": "given a minimum of",
                        "max": "given a maximum of"}[op]
                self.record("effect", f"{card.title}'s {stat.replace('_', ' ')} is {word} {value} "
                                      f"({_until(until)}); it is now {self._current(card, stat)}", [section], ctx.player)
                return
        amount = int(args.get("amount", 0))
        bound = args.get("to_min", args.get("to_max"))
        if bound is not None:
            self.modifiers.append(Modifier(stat, target_id, "limited", amount, until, ctx.why(), len(self.modifiers),
                                           int(bound)))
            self.record("effect", f"{card.title} gets {amount:+d} {stat} to a "
                                  f"{'minimum' if 'to_min' in args else 'maximum'} of {bound} ({_until(until)}); "
                                  f"now {self._current(card, stat)}", ["to-a-minimum-to-a-maximum"], ctx.player)
            return
        self.modifiers.append(Modifier(stat, target_id, "add", amount, until, ctx.why(), len(self.modifiers)))
        sign = "+" if amount >= 0 else ""
        letter = {"force": "F", "chi": "C"}.get(stat, f" {stat.replace('_', ' ')}")
        self.record("effect", f"{card.title} gets {sign}{amount}{letter} ({_until(until)}, {ctx.why()}); "
                              f"now {self._current(card, stat)}", ["bonuses-and-penalties"], ctx.player)

    def _current(self, card: Card, stat: str) -> int:
        if stat == "province_strength":
            prov = self.province(card.id) if "." in card.id else None
            return self.province_strength(prov) if prov else 0
        return self.stat(card, stat)

    def expire(self, until: str) -> None:
        if until == "end_of_turn":
            self.negated.clear()
            self.shields = [s for s in self.shields if s.get("until") == "permanent"]
        self.honor_mods = [m for m in self.honor_mods if m["until"] != until]
        ended = [m for m in self.modifiers if m.until == until]
        if ended:
            self.modifiers = [m for m in self.modifiers if m.until != until]
            self.record("rule", f"{len(ended)} effect{'s' if len(ended) > 1 else ''} lasting {_until(until)} "
                                f"{'end' if len(ended) > 1 else 'ends'}", ["duration-of-effects"])
            self.chi_death()

    def draw(self, name: str, n: int, cites: list[str]) -> None:
        p = self.players[name]
        for _ in range(n):
            if p.fate_deck:
                cid = p.fate_deck.pop(0)
                self.cards[cid].zone = "hand"
                p.hand.append(cid)
                self.record("rule", f"{name.capitalize()} draws {self.cards[cid].title}", cites, name)
            elif p.fate_count > 0:
                p.fate_count -= 1
                cid = f"{name}.drawn-{len(self.cards)}"
                from .carddefs import CardDef
                self.cards[cid] = Card(cid, CardDef("Unknown Fate card", "strategy", source="unknown"), name, "hand")
                p.hand.append(cid)
                self.record("rule", f"{name.capitalize()} draws a card", cites, name)
            else:
                self.record("rule", f"{name.capitalize()} has no Fate card left to draw", cites, name)


def _until(until: str) -> str:
    return {"end_of_turn": "until the end of the turn", "end_of_battle": "until the end of the battle",
            "end_of_phase": "until the end of the phase", "permanent": "permanently"}.get(until, until)


def _cheapest(usable, need):
    """Fewest Gold wasted, then fewest cards: every subset of the (few) producers."""
    best = None
    n = len(usable)
    if n > 14:
        usable = sorted(usable, key=lambda u: -u[1])[:14]
        n = 14
    for mask in range(1, 1 << n):
        chosen = [usable[i] for i in range(n) if mask >> i & 1]
        total = sum(c[1] for c in chosen)
        if total >= need:
            key = (total - need, len(chosen))
            if best is None or key < best[0]:
                best = (key, chosen)
    return best[1] if best else None


class Context:
    """Who is acting, with which card, on which targets, for the effects of one action or trigger."""

    def __init__(self, game: Game, player: str, source: Card | None, targets: list, label: str):
        self.game, self.player, self.source, self.targets, self.label = game, player, source, targets, label

    def targets_ids(self) -> set[str]:
        return {c.id for group in self.targets for c in (group if isinstance(group, list) else [group]) if c}

    def why(self) -> str:
        return f"{self.source.title}'s {self.label}" if self.source else self.label

    def resolve(self, ref) -> list[Card] | None:
        g = self.game
        if ref in (None, "self"):
            return [self.source] if self.source else []
        if isinstance(ref, int):
            if ref >= len(self.targets) or self.targets[ref] is None:
                return None
            card = self.targets[ref]
            if card.zone not in ("unit", "attached", "holding", "in_play", "hand", "province", "stronghold"):
                return None
            return [card]
        refs = ref if isinstance(ref, list) else [ref]
        out = []
        for r in refs:
            card = g.cards.get(r) if isinstance(r, str) else None
            if card is None:
                prov = g.province(r) if isinstance(r, str) else None
                if prov is not None:
                    out.append(_ProvinceCard(prov))
                    continue
                return None
            out.append(card)
        return out


class _ProvinceCard(Card):
    def __init__(self, prov: Province):
        from .carddefs import CardDef
        super().__init__(prov.id, CardDef(f"Province {prov.id}", "other", source="province"), prov.owner, "province")



def audit(game: Game) -> list[str]:
    """Problems with the board's consistency: every card in exactly one place."""
    places: dict[str, list[str]] = {}
    for name in game.order:
        p = game.players[name]
        for label, ids in (("hand", p.hand), ("discard", p.discard), ("dead", p.dead), ("fate deck", p.fate_deck)):
            for cid in ids:
                places.setdefault(cid, []).append(f"{name} {label}")
        for prov in p.provinces:
            if prov.card:
                places.setdefault(prov.card, []).append(f"{prov.id}")
    for cid, card in game.cards.items():
        if card.zone in ("unit", "attached", "holding", "in_play", "stronghold", "sensei"):
            places.setdefault(cid, []).append(card.zone)
        if card.zone == "attached" and (card.attached_to not in game.cards
                                        or cid not in game.cards[card.attached_to].attachments):
            places.setdefault(cid, []).append("dangling attachment")
    problems = [f"{cid} is in {len(where)} places: {', '.join(where)}" for cid, where in places.items()
                if len(where) != 1]
    problems += [f"{cid} ({c.zone}) is nowhere" for cid, c in game.cards.items()
                 if cid not in places and c.zone not in ("deck", "removed")]
    return problems
