"""Economy: Gold production, costs, Honor Requirements, Honor gain and loss modifiers,
Invest and Discipline, permissions to Recruit, Equip and Proclaim, maximums and minimums
(``paying-gold-costs``, ``gold-producing-traits``, ``honor-requirement``,
``honor-gains-and-losses``, ``invest``, ``discipline``, ``minimums-and-maximums``).
"""
from __future__ import annotations

from lark import Token, Tree

from ..abilities import GoldFor, Produce, Static
from ..registry import Effect
from ..cardtree import AMOUNTS, ATTACHMENTS, LABELS, NP, Unreadable, _and, _name_words, _sub, _tok, _toks
from ..structures import AllRef, Amount, Condition, Filter, HappenedTest

WORDS = {"which": "WHICH", "single": "SINGLE", "paying": "PAYING", "costs": "COST", "proclaim": "PROCLAIM",
         "losses": "LOSS", "minimum": "MINIMUM", "paid": "PAID", "amount": "AMOUNT", "minus": "MINUS",
         "reduced": "REDUCED",
         # misprints of "Discipline" on Ending the Chase and Selfless Sacrifice (discipline)
         "disciplne": "DISCIPLINE", "disciplie": "DISCIPLINE", "equipping": "EQUIPPING",
         "ability's": "ABILITYS", "maximum": "MAXIMUM", "both": "BOTH", "equipped": "EQUIPPED",
         "gold-producing": "GOLDPRODUCING", "produced": "PRODUCE",
         # "an Honor-producing Holding": a term neither CR defines, so no grammar rule reads it (it is no keyword)
         "honor-producing": "HONORPRODUCING", "starting": "STARTING"}
VALUE_KINDS = {"gold_paid", "minus", "plus_if_control", "starting_honor"}
PHRASES = {"your allegiance is": ("YOURALLEGIANCE", "allegiance"), "did not": ("DOESNOT", "not")}
CLAUSE_KINDS = {"honor_instead"}
AMOUNT_KINDS = {"half_plus"}
STATIC_KINDS = {"st_production_for", "st_you_pay", "st_ignore_hr", "st_may_proclaim", "st_only_proclaim",
                "st_no_proclaim", "st_honor_change", "st_invest_fixed", "st_equip_as", "st_recruit_as",
                "st_ability_cost_is", "st_ability_free", "st_actions_cost", "st_cost_each",
                "st_bound", "st_reduce_equip", "st_equips_for", "st_only_bring"}


class Readers:
    # ----- Gold production --------------------------------------------------------------------
    def t_produce_for(self, tree: Tree) -> Produce:
        """"[Bow]: Produce 5 Gold, which can only pay for a single Jade card": Gold kept apart for one
        payment (``paying-gold-costs``); "Produce Gold equal to Nakura's Chi …" (``gold-producing-traits``)."""
        number = _tok(tree, "NUMBER")
        value = int(number.value) if number is not None else self.amount(_sub(tree, *AMOUNTS))
        only = _sub(tree, "gold_only")
        return Produce(amount=value, only=self.gold_for(only) if only is not None else None)

    def t_produce_once(self, tree: Tree) -> Produce:
        """"Once per turn, if Nishigori is unbowed, produce 3 Gold which …": Gold produced without
        bowing, once each turn (``gold-producing-traits``, ``card-memory-rule``)."""
        lead = _sub(tree, "lead")
        return Produce.model_validate({"amount": int(_tok(tree, "NUMBER").value), "bow": False, "once_per_turn": True,
                                       "if": self.cond(lead.children[1]) if lead is not None else None,
                                       "only": self.gold_for(_sub(tree, "gold_only"))})

    def read_st_production_for(self, node: Tree, data: dict) -> list[Static]:
        """"This Holding has +2GP when it pays for a single attachment only": a Gold Production change for
        the productions that pay only for that (``holding-gold-production``); "a single Library or Spell"
        is either one."""
        stat, n = _tok(node, "STATCHANGE").value
        if stat != "gold_production" or n == "X" or data["target"] != "self":
            raise Unreadable("that change when a card pays is not read")
        return [Static.model_validate({**data, "kind": "production_for", "amount": n, "only": only})
                for when in node.children if isinstance(when, Tree) and when.data == "pays_when"
                for only in self.gold_fors(when)]

    def gold_fors(self, node: Tree) -> list[GoldFor]:
        """"a single Library or Spell": a keyword or a card type, either one."""
        either = _sub(node, "for_card_or")
        if either is None:
            return [self.gold_for(node)]
        return [GoldFor(card=Filter(keywords=[_tok(either, "KEYWORD").value])),
                GoldFor(card=Filter(type=[_tok(either, "TYPE").value]))]

    def gold_for(self, node: Tree) -> GoldFor:
        """What the Gold may only pay for: a card ("a single Armor, Mine, or Weapon", "a single Air or
        Maho Spell"), or an action ("a single Economic action", "a single Strategy's action")."""
        what = _sub(node, "for_card", "for_action", "for_own_action", "for_invest", "for_card_or")
        if what.data in ("for_invest", "for_card_or"):
            raise Unreadable("Gold only for that cost is not read")
        if what.data == "for_own_action":  # "a single action from your card in play"
            return GoldFor(what="action", card=Filter(side="your", type=[_tok(what, "TYPE").value]), in_play=True)
        kind = _tok(what, "TYPES") or _tok(what, "TYPE")
        if what.data == "for_action":
            word = _tok(what, "KEYWORD")
            return GoldFor(what="action", keyword=word.value if word is not None else None,
                           card=Filter(type=[kind.value]) if kind is not None else None)
        kinds = _sub(what, "gold_kinds")
        words = [t.value for t in _toks(kinds, "KEYWORD")] if kinds is not None else []
        data: dict = {"type": [kind.value] if kind is not None and kind.value != "card" else []}
        data["keywords" if len(words) <= 1 else "any_keyword"] = words
        return GoldFor(card=Filter.model_validate(data))

    # ----- costs ------------------------------------------------------------------------------
    def t_bow_to_reduce(self, tree: Tree) -> list[Static]:
        """"[Bow]: When paying for a Follower, it enters play for 3 less Gold": while paying for such a card
        (or "an action on a Strategy"), its player may bow this card to lower the cost (``paying-gold-costs``)."""
        nps = [c for c in tree.children if isinstance(c, Tree) and c.data in NP]
        if nps[0].data not in ("phrase", "bare"):
            raise Unreadable("paying for one named card is not read")
        card = self.filter_of(nps[0])
        if len(nps) > 1 and nps[1].data != "pronoun":
            raise Unreadable("a cost lowered for a card other than the one paid for is not read")
        action = _tok(tree, "ACTION_WORD") is not None
        n = int(_tok(tree, "NUMBER").value)
        if _tok(tree, "LESS") is None and n != 0:
            raise Unreadable("a card entering play for a set Gold cost other than 0 is not read")
        return [Static(kind="bow_to_reduce", amount=-n if _tok(tree, "LESS") is not None else -1000,
                       only=GoldFor(what="action" if action else "card", card=card))]

    def read_st_cost_each(self, node: Tree, data: dict) -> list[Static]:
        """"This Holding enters play for 1 less Gold for each Geisha you control": counted when it is paid for
        (``continuous-traits``)."""
        sub = _sub(node, *NP) or either_types(node)
        if sub.data not in ("phrase", "bare") or _name_words(sub) or data["target"] != "self":
            raise Unreadable("that cost change for each card is not read")
        n = int(_tok(node, "NUMBER").value)
        return [Static.model_validate({**data, "kind": "cost", "stat": "gold_cost", "amount": Amount(
            count=singular(self.filter_of(sub)), times=-n if _tok(node, "LESS") is not None else n)})]

    def post_others_control(self, post: Tree, data: dict) -> None:
        """"each Farm other players control": in play under another player's control (``possessive-case``)."""
        data["side"] = "other"

    def post_not_produced(self, post: Tree, data: dict) -> None:
        """"a target Holding that has not produced Gold this turn": none of its Gold-producing traits used this turn
        (``gold-producing-traits``, ``memory``)."""
        _this_turn(post)
        data["state"].append("produced_no_gold_this_turn")

    def post_bowed_not_produced(self, post: Tree, data: dict) -> None:
        """"… Holding that bowed this turn but did not produce Gold": it bowed this turn, and not to produce Gold
        (``gold-producing-traits``, ``memory``)."""
        _this_turn(post)
        if _tok(post, "STATE").value != "bowed":
            raise Unreadable("a state this turn other than 'bowed' is not read")
        data["state"] += ["bowed_this_turn", "produced_no_gold_this_turn"]

    def read_st_you_pay(self, node: Tree, data: dict) -> list[Static]:
        """"You Recruit non-Ninja Personalities for 1 more Gold": a change to the Gold Cost of the player's
        own cards when Recruited (or Equipped), whoever's trait it is (``recruit``, ``equip``)."""
        sub = _sub(node, *NP)
        name = _name_words(sub)
        if sub.data == "self_ref":
            target = "self"
        elif name or sub.data in ("phrase", "bare"):
            flt = Filter(title=name) if name else self.filter_of(sub)
            target = AllRef(all=flt.model_copy(update={"side": "your"}))
        else:
            raise Unreadable("that cost change is not read")
        n = int(_tok(node, "NUMBER").value)
        return [Static.model_validate({**data, "kind": "cost", "stat": "gold_cost", "target": target,
                                       "amount": -n if _tok(node, "LESS") is not None else n,
                                       "what": "recruit" if _tok(node, "RECRUIT") is not None else "equip"})]

    def read_st_reduce_equip(self, node: Tree, data: dict) -> list[Static]:
        """"Reduce the Gold cost to Equip this Follower by the Personality's Personal Honor": the attachment's own
        Gold Cost when Equipped, less that stat of the Personality it is being Equipped to, its Personality
        (``equip``; ``references``: an attachment's Personality is the one it attaches to)."""
        if self.np(_sub(node, *NP)) != "self" or _tok(node, "STAT").value != "gold_cost" or self.kind not in ATTACHMENTS:
            raise Unreadable("reducing that cost is not read")
        self.last = "host"
        less = self.value(node.children[-1])
        return [Static.model_validate({**data, "kind": "cost", "stat": "gold_cost", "target": "self", "what": "equip",
                                       "amount": less.negated()})]

    def read_st_equips_for(self, node: Tree, data: dict) -> list[Static]:
        """"Hibana Equips Fire Spells for 2 less Gold": the Gold Cost of such an attachment when it is Equipped to
        this Personality (``equip``, ``continuous-traits``); a trait of a card in play, so it counts only while
        Hibana is in play, which any Equip to her needs."""
        if data["target"] != "self" or self.kind != "personality":
            raise Unreadable("that Equip cost change is not read")
        sub = _sub(node, *NP)
        if sub.data not in ("phrase", "bare") or _name_words(sub):
            raise Unreadable("Equipping one named card for less is not read")
        n = int(_tok(node, "NUMBER").value)
        return [Static.model_validate({**data, "kind": "cost", "stat": "gold_cost", "what": "equip",
                                       "target": AllRef(all=singular(self.filter_of(sub))),
                                       "to": Filter(type=["personality"], in_unit=True),
                                       "amount": -n if _tok(node, "LESS") is not None else n})]

    # ----- Honor Requirements and Proclaim ----------------------------------------------------
    def read_st_ignore_hr(self, node: Tree, data: dict) -> list[Static]:
        """"Mantis Clan players ignore Tametaka's Honor Requirement": he may be brought into play whatever the
        player's Family Honor (``honor-requirement``)."""
        if _tok(node, "STAT").value != "honor_requirement":
            raise Unreadable("ignoring that stat is not read")
        return [Static.model_validate({**data, "kind": "ignore_hr", "while": self._clan_players(node, data)})]

    def read_st_may_proclaim(self, node: Tree, data: dict) -> list[Static]:
        """"Phoenix Clan players may Proclaim Buredo": Proclaim without sharing his Clan Alignment (``proclaim``)."""
        return [Static.model_validate({**data, "kind": "permit", "what": "proclaim",
                                       "while": self._clan_players(node, data)})]

    @staticmethod
    def _clan_players(node: Tree, data: dict) -> Condition | None:
        """"Mantis Clan players …": the trait holds for a player of that Clan (with any other condition)."""
        clan = _tok(node, "CLAN")
        if clan is None:
            return data.get("while")
        return _and(data.get("while"), Condition(clan=clan.value))

    def read_st_only_proclaim(self, node: Tree, data: dict) -> list[Static]:
        """"You may only Proclaim Shugenja": the player's other Personalities cannot be Proclaimed."""
        flt = self._proclaimed(node)
        if flt.type not in ([], ["personality"]) or not flt.keywords or flt.model_dump(
                exclude_defaults=True).keys() - {"type", "keywords", "side", "zone"}:
            raise Unreadable("'may only Proclaim' naming more than keywords is not read")
        return self._no_proclaim(flt.model_copy(update={"keywords": [], "without": flt.keywords}), data)

    def read_st_no_proclaim(self, node: Tree, data: dict) -> list[Static]:
        """"You may not Proclaim Courtiers" (``proclaim``)."""
        return self._no_proclaim(self._proclaimed(node), data)

    def _proclaimed(self, node: Tree) -> Filter:
        sub = _sub(node, *NP)
        if sub.data not in ("phrase", "bare") or _name_words(sub):
            raise Unreadable("Proclaiming one named card is not read")
        return singular(self.filter_of(sub)).model_copy(update={"side": "your", "zone": "province"})

    @staticmethod
    def _no_proclaim(flt: Filter, data: dict) -> list[Static]:
        """A restriction on the player's Personalities in their Provinces, where Recruit finds them."""
        return [Static.model_validate({**data, "kind": "restrict", "what": "proclaim",
                                       "target": AllRef(all=flt.model_copy(update={"type": ["personality"]}))})]

    def ev_ev_proclaimed(self, node: Tree) -> dict:
        """"After you Proclaim another Personality" (``proclaim``)."""
        sub = _sub(node, *NP)
        name = _name_words(sub)
        if name:  # "After you Proclaim Susumu Takuan": another card named by its title (references)
            return {"event": "proclaimed", "whose": "your", "subject": {"title": name}}
        return self._by_you({"event": "proclaimed", **self._whose(node)})

    # ----- permissions to Recruit and Equip -----------------------------------------------------
    def read_st_equip_as(self, node: Tree, data: dict) -> list[Static]:
        """"You may Equip this Follower as a Battle action", "… to a Naga Personality …", "Equipping Weapons to
        Matsuo is a Battle/Open action for you": the Equip may be taken in that kind of action round
        (``permissions``, ``equip``)."""
        return self._as_action(node, data, "equip")

    def read_st_recruit_as(self, node: Tree, data: dict) -> list[Static]:
        """"You may Recruit this Holding as an Open" (``permissions``, ``recruit``); "If Spider Clan is your only Clan
        Alignment, you may Recruit Tomiyama as an Open": while the condition holds."""
        lead = _sub(node, "lead")
        if lead is not None:
            data = {**data, "while": _and(data.get("while"), self.cond(lead.children[1]))}
        return self._as_action(node, data, "recruit")

    def _as_action(self, node: Tree, data: dict, what: str) -> list[Static]:
        card, *host = [c for c in node.children if isinstance(c, Tree) and c.data in NP]
        words = [w.children[0].value.lower() for w in _sub(node, "desig_words").children if isinstance(w, Tree)]
        if any(w not in ("battle", "open", "engage", "limited", "dynasty") for w in words):
            raise Unreadable("Recruiting or Equipping as that kind of action is not read")
        if card.data in ("this_type", "this_kw", "self_ref"):
            target = "self"
        elif card.data in ("phrase", "bare") and not _name_words(card):
            target = AllRef(all=singular(self.filter_of(card)).model_copy(update={"side": "your", "zone": "hand"}))
        else:
            raise Unreadable("that card to Recruit or Equip is not read")
        to = None
        if host:
            if host[0].data == "self_ref" and self.kind == "personality":  # "to Matsuo": in his own unit
                to = Filter(in_unit=True)
            elif host[0].data in ("phrase", "bare") and not _name_words(host[0]):
                to = clan_or_keyword(singular(self.filter_of(host[0])))
            else:
                raise Unreadable("Equipping to that Personality is not read")
        given = _tok(node, "KEYWORD")  # "as a Political Open action": the action has that keyword (keywords)
        return [Static.model_validate({**data, "kind": "permit", "what": what, "target": target, "to": to,
                                       "designators": words, "keywords": [given.value] if given is not None else []})]

    def read_st_only_bring(self, node: Tree, data: dict) -> list[Static]:
        """"You may only Recruit Shadowlands Personalities", "You may only Recruit Personalities and Equip Spells that
        are Fire": a restriction on the player's Recruit (or Equip) of the other cards of that type; the Sensei's
        player still Recruits Holdings and Equips Items (``permissions``, ``recruit``, ``equip``; the reading is in
        card_reading_notes)."""
        keyword = _tok(node, "KEYWORD").value
        verbs = [t for t in node.children if isinstance(t, Token) and t.type in ("RECRUIT", "EQUIP")]
        return [Static.model_validate({**data, "kind": "restrict", "what": verb.type.lower(), "by": "you",
                                       "to": Filter(type=[kind.value], without=[keyword])})
                for verb, kind in zip(verbs, _toks(node, "TYPE"))]

    # ----- Honor gains and losses -------------------------------------------------------------
    def read_st_honor_change(self, node: Tree, data: dict) -> list[Static]:
        """"Reduce your Honor losses from your Ninja cards by 2": each such gain or loss caused by those cards
        is smaller; the reduction is not itself a gain or loss (``honor-gains-and-losses``)."""
        sub = _sub(node, *NP)
        if sub.data not in ("phrase", "bare") or _name_words(sub):
            raise Unreadable("Honor changes from one named card are not read")
        kinds = _sub(node, "honor_kinds")
        what = "gains_and_losses" if len(kinds.children) > 1 else (
            "gains" if _tok(kinds, "GAIN") is not None else "losses")
        numbers = _toks(node, "NUMBER")
        return [Static.model_validate({**data, "kind": "honor_change", "what": what, "to": singular(self.filter_of(sub)),
                                       "player": "you" if _tok(node, "YOUR") is not None else "each",
                                       "amount": -int(numbers[0].value),
                                       "minimum": int(numbers[1].value) if len(numbers) > 1 else None})]

    def e_produce_gold(self, node: Tree) -> Effect:
        """"Produce 15 Gold" as an effect (``paying-gold-costs``)."""
        return Effect.model_validate({"produce_gold": {"amount": int(_tok(node, "NUMBER").value)}})

    def read_st_invest_fixed(self, node: Tree, data: dict) -> list[Static]:
        """"This Invest cost cannot be reduced": cost reductions stop short of the Invest cost (``invest``)."""
        return [Static.model_validate({**data, "kind": "invest_fixed"})]

    def t_invest_or(self, tree: Tree):
        """"Invest [2 Gold], or [0 Gold] if another player is Phoenix Clan: …": the second cost while the
        condition holds for the player Investing (``invest``)."""
        alt = _toks(tree, "GOLDICON")[1].value
        cond = self.cond(self.cond_child(tree))
        what, gold, (effects, targets) = self.t_invest(tree)
        return what, gold, (effects, targets, self._gold(alt), cond)

    def t_invest_is(self, tree: Tree):
        """"If you are a Dragon Clan player, Kikumura's Invest is [2 Gold]": another Invest cost while the
        condition holds (``invest``)."""
        lead = _sub(tree, "lead")
        cond = self.cond(lead.children[1] if lead is not None else self.cond_child(tree))
        return "invest_alt", self._gold(_tok(tree, "GOLDICON").value), cond

    @staticmethod
    def _gold(value: str) -> int:
        if value == "X":
            raise Unreadable("a cost of X Gold is not read")
        return int(value)

    def t_discipline_or(self, tree: Tree):
        """"Discipline [3 Gold] or [0 Gold] if you are the Defender": the second cost while the condition
        holds for the player (``discipline``)."""
        first, second = (self._gold(t.value) for t in _toks(tree, "GOLDICON"))
        return "discipline_or", first, (second, self.cond(self.cond_child(tree)))

    # ----- an ability's Gold cost -------------------------------------------------------------------
    def read_st_ability_cost_is(self, node: Tree, data: dict) -> list[Static]:
        """"This ability's Gold cost is 2 if …": the cost paid for this card's ability (``costs``)."""
        return self._ability_cost(node, data, "set", int(_tok(node, "NUMBER").value))

    def read_st_ability_free(self, node: Tree, data: dict) -> list[Static]:
        """"This card's ability has no Gold Cost" (``costs``)."""
        if _tok(node, "STAT").value != "gold_cost" or (_tok(node, "TYPES") is not None
                                                        and _tok(node, "TYPES").value != "card"):
            raise Unreadable("that ability without a cost is not read")
        return self._ability_cost(node, data, "set", 0)

    def read_st_actions_cost(self, node: Tree, data: dict) -> list[Static]:
        """"Actions on your Strategies cost 1 less Gold": the Gold cost of every ability of those cards (``costs``)."""
        sub = _sub(node, *NP)
        if sub.data not in ("phrase", "bare") or _name_words(sub):
            raise Unreadable("actions on one named card are not read")
        n = int(_tok(node, "NUMBER").value)
        flt = singular(self.filter_of(sub))
        return [Static.model_validate({**data, "kind": "ability_cost", "what": "change", "target": AllRef(all=flt),
                                       "amount": -n if _tok(node, "LESS") is not None else n})]

    @staticmethod
    def _ability_cost(node: Tree, data: dict, what: str, n: int) -> list[Static]:
        if _tok(node, "STAT").value != "gold_cost":
            raise Unreadable("that cost is not read")
        return [Static.model_validate({**data, "kind": "ability_cost", "what": what, "amount": n})]

    # ----- minimums and maximums --------------------------------------------------------------------
    def read_st_bound(self, node: Tree, data: dict) -> list[Static]:
        """"Your Stronghold has a maximum GP of 3", "This Personality has Fallen and a maximum Personal Honor
        of 0": applied after every bonus, penalty and modifier (``minimums-and-maximums``)."""
        words = _toks(node, "KEYWORD")
        given = [Static.model_validate({**data, "kind": "keyword", "keywords": [words[0].value]})] \
            if _tok(node, "AND") is not None else []
        stat = self.statword(_sub(node, "statword")) if _sub(node, "statword") is not None else (
            "gold_production" if words and words[-1].value == "GP" else None)
        if stat is None:
            raise Unreadable("a minimum or maximum of that stat is not read")
        kind = "stat_max" if _tok(_sub(node, "bound_word"), "MAXIMUM") is not None else "stat_min"
        return given + [Static.model_validate({**data, "kind": kind, "stat": stat,
                                               "amount": int(_tok(node, "NUMBER").value)})]

    def s_bound_sentence(self, tree: Tree, i: int) -> None:
        """"Battle/Open: A target Personality has a minimum Chi of 1.": a minimum or maximum until the turn ends
        (``duration-of-effects``), applied after every bonus and penalty (``minimums-and-maximums``)."""
        stat = self.statword(_sub(tree, "statword"))
        if stat not in ("force", "chi", "personal_honor"):
            raise Unreadable("a minimum or maximum of that stat is not read")
        op = "max" if _tok(_sub(tree, "bound_word"), "MAXIMUM") is not None else "min"
        self.effects.append(Effect.model_validate({stat: {"target": self.np(_sub(tree, *NP)),
                                                         op: int(_tok(tree, "NUMBER").value)}}))

    # ----- the Gold paid -------------------------------------------------------------------------
    def value_gold_paid(self, node: Tree) -> Amount:
        """"the Gold paid", "the amount you paid": the Gold paid for this action's cost (``paying-gold-costs``)."""
        return Amount(paid=True)

    def value_starting_honor(self, node: Tree) -> Amount:
        """"your Starting Family Honor", "your starting Honor": the Stronghold's stat with the Sensei's modifier
        (``starting-family-honor``, ``sensei``)."""
        return Amount(starting_honor="you")

    def value_plus_if_control(self, node: Tree) -> Amount:
        """"the amount of Gold paid, plus 3 if you control a Yojimbo": the number added while the player controls such
        a card, checked when the amount is (``paying-gold-costs``, ``conjunctions``)."""
        data = self.value(node.children[0]).model_dump(by_alias=True, exclude_defaults=True)
        cond = self.c_controls(Tree("controls", [_sub(node, *NP)]))
        bonus = {"amount": int(_tok(node, "NUMBER").value), "if": cond.model_dump(by_alias=True, exclude_defaults=True)}
        return Amount.model_validate({**data, "plus_if": [*data.get("plus_if", []), bonus]})

    # ----- Equipping as a trigger ---------------------------------------------------------------
    def ev_ev_equipped_to(self, node: Tree) -> dict:
        """"After you Equip this Spell to an Air Shugenja": the card's own Equip (``equip``), when the
        Personality it attached to is such a card; after the Equip it is attached to him, so the trigger
        looks at its Personality then (``triggered-traits``, ``possessive-case``)."""
        card, host = [c for c in node.children if isinstance(c, Tree) and c.data in NP]
        if card.data not in ("self_ref", "this_type") or self.np(card) != "self":
            raise Unreadable("equipping a card other than this one to a kind of Personality is not read")
        if host.data not in ("phrase", "bare"):
            raise Unreadable("equipping to that Personality is not read")
        to = self.filter_of(host).model_copy(update={"side": "any"})
        self.last = "it"
        return {"event": "equipped", "whose": "self",
                "condition": Condition(card="self", attached_to=to.model_dump(exclude_defaults=True))}

    def clause_honor_instead(self, node: Tree, index: int) -> list[Effect]:
        """"Gain 1 Honor, or 2 Honor if the target is defending": one gain or loss, of the second amount while the
        condition holds as it resolves, else the first (``honor-gains-and-losses``)."""
        effects = self.act(next(c for c in node.children if isinstance(c, Tree)), index)
        if len(effects) != 1 or effects[0].name not in ("gain_honor", "lose_honor") \
                or not isinstance(effects[0].args.amount, int):
            raise Unreadable("'…, or N Honor if …' after something other than a gain or loss of some Honor is not read")
        first, other = effects[0].args.amount, int(_tok(node, "NUMBER").value)
        amount = Amount.model_validate({"n": first, "plus_if": [{"amount": other - first,
                                                                  "if": self.cond(self.cond_child(node))}]})
        return [effects[0].model_copy(update={"args": effects[0].args.model_copy(update={"amount": amount})})]

    def amount_half_plus(self, node: Tree) -> Amount:
        """"half its Gold Cost, rounded up, plus 1": the number is added after halving and rounding, as printed."""
        value = self.value(next(c for c in node.children if isinstance(c, Tree)))
        if value.half is not None or value.plus or value.plus_if or value.times != 1:
            raise Unreadable("half of an amount already changed is not read")
        return value.model_copy(update={"half": "up" if _tok(node, "UP") is not None else "down",
                                        "plus": int(_tok(node, "NUMBER").value)})

    # ----- Equip as an effect -------------------------------------------------------------------
    def e_equip_effect(self, node: Tree) -> Effect:
        """"Equip a Follower to Chiboshi", "Equip a Weapon to your target Personality, paying 3 less Gold if he is a
        Kensai and opposed": the Equip procedure as an effect (``equip``). "Equip a Follower" with no Personality
        named Equips it as the Equip action does, to your target Personality, chosen as the action is announced
        (``action-sequence``, ``rules-of-location``)."""
        card, *host = [c for c in node.children if isinstance(c, Tree) and c.data in NP]
        if card.data not in ("phrase", "bare") or _name_words(card):
            raise Unreadable("Equipping that card is not read")
        if any(t.type == "TARGET" for t in card.scan_values(lambda v: isinstance(v, Token))):
            what = {"card": self._equip_target(card)}
        else:
            what = {"attachment": singular(self.filter_of(card))}
            if not what["attachment"].type and not what["attachment"].keywords:
                raise Unreadable("Equipping that card is not read")
        to = self.np(host[0]) if host else self.new_target(Filter(type=["personality"], side="your"))
        less = self._equip_less(node)
        # "… to Namida. You may take an additional action if it is Water": it is the Spell; one from the hand is the
        # card the Equip brought into play
        self.last = what.get("card", "found")
        return Effect.model_validate({"equip": {**what, "to": to, "less": less}})

    def e_additional_from(self, node: Tree) -> Effect:
        """"You may take an additional action from the Spell": after this action the player has another
        opportunity, only to use an ability of the card just Equipped (``additional-action``)."""
        equipped = bool(self.effects) and self.effects[-1].name == "equip" and self.effects[-1].args.card is None
        if self.np(_sub(node, *NP)) != "found" or not equipped:
            raise Unreadable("an additional action from a card other than the one just Equipped is not read")
        return Effect.model_validate({"additional_play": {"target": "found", "use": True}})

    def _equip_target(self, card: Tree) -> int:
        """"a target Follower in your hand", "a target attachment from your hand", "a target Weapon in your discard
        pile": a card of the player's own, targeted where it is (``targeting``); one in play is not Equipped."""
        ref = self.np(card)
        spec = self.targets[ref - 1] if isinstance(ref, int) else None
        if spec is None or spec.filter.zone not in ("hand", "discard") or spec.filter.side != "your":
            raise Unreadable("Equipping a targeted card that is not in your hand or discard pile is not read")
        return ref

    def _equip_less(self, node: Tree):
        """"paying 2 less Gold", "for 2 less Gold", "paying 3 less Gold if he is …": taken off the card's Gold Cost."""
        less = _sub(node, "equip_less")
        if less is None:
            return 0
        n = int(_tok(less, "NUMBER").value)
        if _tok(less, "IF") is None:
            return n
        return Amount.model_validate({"n": 0, "plus_if": [{"amount": n, "if": self.cond(self.cond_child(less))}]})

    # ----- conditions -------------------------------------------------------------------------
    def c_your_turn(self, node: Tree) -> Condition:
        """"if it is your turn": you are the active player (``turn-sequence``)."""
        self._it(node)
        return Condition(you_are="active")

    def c_not_your_turn(self, node: Tree) -> Condition:
        """"if it is not your turn", "if it is another player's turn": another player is active."""
        self._it(node)
        return Condition(you_are="not_active")

    @staticmethod
    def _it(node: Tree) -> None:
        sub = _sub(node, *NP)
        if sub.data != "pronoun" or not any(isinstance(t, Token) and t.type == "IT" for t in sub.children):
            raise Unreadable("'… is your turn' said of a card is not read")

    def c_your_card_stat(self, node: Tree) -> Condition:
        """"if your Stronghold's Gold Production is 4 or greater": each such card of the player has it."""
        bound = _tok(node, "ORMORE") or _tok(node, "ORLESS")
        return Condition.model_validate({
            "card": AllRef(all=Filter(type=[_tok(node, "TYPES").value], side="your")),
            "stat": {"stat": self.statword(_sub(node, "statword")), "op": bound.value if bound is not None else "=",
                     "value": int(_tok(node, "NUMBER").value)}})

    def c_controls_le(self, node: Tree) -> Condition:
        """"While you control three or fewer Personalities": at most that many such cards in play under the player's
        control."""
        return self.count_controlled(node, "<=")

    def c_allegiance(self, node: Tree) -> Condition:
        """"if your Allegiance is Traditionalist": you control the Allegiance card with that title (the
        Allegiance Strategies "Traditionalist" and "Progressive" are put into play and allow no other)."""
        return Condition(controls=Filter(keywords=["Allegiance"], title=_tok(node, "KEYWORD").value))

    def c_other_clan(self, node: Tree) -> Condition:
        """"if another player is Scorpion Clan": some other player has that Clan Alignment (``clan-alignment``)."""
        return Condition(other_clan=_tok(node, "CLAN").value)

    def c_only_clan(self, node: Tree) -> Condition:
        """"If Spider Clan is your only Clan Alignment": the player has that Clan Alignment and no other
        (``clan-alignment``)."""
        return Condition(only_clan=_tok(node, "CLAN").value)

    def c_or_control(self, node: Tree) -> Condition:
        """"if you are a Crab Clan player or control a Tactician": either (``conjunctions``)."""
        first = self.cond(node.children[0])
        return Condition(any=[first, self.c_controls(Tree("controls", [_sub(node, *NP)]))])

    def c_controls_both(self, node: Tree) -> Condition:
        """"if you control both a Cavalry unit and an Infantry unit at this battlefield": one card of each, the
        qualifiers after the second naming both (``conjunctions``)."""
        parts = [c for c in node.children if isinstance(c, Tree)]
        heads = [i for i, c in enumerate(parts) if c.data in ("typed", "keyworded")]
        posts = parts[heads[1] + 1:]
        return Condition(all=[self.c_controls(Tree("controls", [Tree("phrase", words + posts)]))
                              for words in (parts[:heads[0] + 1], parts[heads[0] + 1:heads[1] + 1])])

    def c_has_label_or(self, node: Tree) -> Condition:
        """"… or have Compassion or Courtesy": either label's own condition, from its reminder text, holds
        (``conjunctions``), as for "if you have Courtesy"."""
        words = [t.value for t in _toks(node, "KEYWORD")]
        if any(w not in LABELS for w in words):
            raise Unreadable("'have … or …' is read only for Courtesy and Compassion")
        return Condition(any=[LABELS[w] for w in words])

    def c_card_has_and_is(self, node: Tree) -> Condition:
        """"if he is a Kensai and opposed": the card has the keyword and is in that state (``conjunctions``)."""
        return Condition(all=[self.c_card_has(node), self.c_card_is(node)])

    def c_entered_play(self, node: Tree) -> Condition:
        """"if another of your Dojos entered play this turn": some such card in play entered play this turn, as the
        game's memory has it (``memory``, ``entering-and-leaving``)."""
        sub = _sub(node, *NP)
        if sub.data not in ("phrase", "bare") or _name_words(sub) or _tok(node, "DUR").value != "end_of_turn":
            raise Unreadable("'… entered play' other than of a kind of card this turn is not read")
        flt = singular(self.filter_of(sub))
        return Condition(exists=flt.model_copy(update={"state": [*flt.state, "entered_play_this_turn"]}))

    def c_you_equipped(self, node: Tree) -> Condition:
        """"if you Equipped this Item during this battle": the game's memory holds this card's Equip by the player
        in this battle (or this turn) (``memory``, ``equip``)."""
        if _sub(node, *NP).data not in ("this_type", "self_ref"):
            raise Unreadable("'you Equipped' a card other than this one is not read")
        during = "battle" if _tok(node, "DUR").value == "end_of_battle" else "turn"
        return Condition(happened=HappenedTest(event="equipped", by="you", during=during, own=True))

    def c_you_targeted(self, node: Tree) -> Condition:
        """"If you targeted a Courtier or Phoenix Clan Personality": the card this ability targeted earlier as that kind
        of card ("Target your unbowed Personality") fits the words (``targeting``)."""
        sub = _sub(node, *NP)
        if sub.data not in ("phrase", "bare") or _name_words(sub):
            raise Unreadable("'if you targeted' naming one card is not read")
        flt = self.filter_of(sub)
        earlier = self._earlier_target(Filter(type=flt.type)) if flt.type else None
        if earlier is None:
            raise Unreadable("'if you targeted' a kind of card not targeted before is not read")
        return Condition.model_validate({"card": earlier, "fits": flt})

    def c_and_favor(self, node: Tree) -> Condition:
        """"if you control a Courtier and the Imperial Favor": the player controls both (``conjunctions``)."""
        first = self.cond(node.children[0])
        if first.controls is None or first.model_dump(exclude_defaults=True).keys() != {"controls"}:
            raise Unreadable("'… and the Imperial Favor' after something other than 'you control …' is not read")
        return Condition(all=[first, Condition(favor=True)])


def _this_turn(node: Tree) -> None:
    if _tok(node, "DUR").value != "end_of_turn":
        raise Unreadable("what a card did other than this turn is not read")


def either_types(node: Tree) -> Tree:
    """"Shadowlands Follower and Personality you control": a noun phrase of cards of either type, the words before
    and after naming both (``conjunctions``)."""
    last = max(i for i, c in enumerate(node.children) if isinstance(c, Token) and c.type == "TYPE")
    mods = _sub(node, "mods") or Tree("mods", [])
    return Tree("bare", [Tree("typed", [mods, *_toks(node, "TYPE")]),
                         *[c for c in node.children[last + 1:] if isinstance(c, Tree)]])


def singular(flt: Filter) -> Filter:
    """A group named by a keyword in the plural: "Courtiers" are cards with the Courtier keyword
    (``keywords``); "Samurai", "Shugenja" and "Shadowlands" are their own plurals."""
    def one(word: str) -> str:
        return word[:-1] if word.endswith("s") and not word.endswith("ss") and word != "Shadowlands" else word

    return flt.model_copy(update={"keywords": [one(k) for k in flt.keywords],
                                  "any_keyword": [one(k) for k in flt.any_keyword]})


def clan_or_keyword(flt: Filter) -> Filter:
    """"a Naga Personality": the word names a Clan Alignment or a keyword (Naga Personalities have the Naga
    keyword, ``clan-alignment``, ``keywords``)."""
    if flt.clan is None or flt.any_keyword:
        return flt
    return flt.model_copy(update={"clan": None, "any_keyword": [flt.clan, f"{flt.clan} Clan"]})
