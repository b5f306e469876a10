"""Continuous traits from card text that the rulebook procedures ask about: what a card
costs to bring into play, and what may attach to what (``continuous-traits``).

A card's own traits apply even while it is out of play, where they are about the card
itself ("Toku enters play for 2 less Gold", "Can only attach to a Crab Clan Personality",
``continuous-traits``); other cards' traits apply from play.
"""
from __future__ import annotations

from .memory import count
from .references import Context, amount, card_context, holds, matches
from .structures import AllRef, Filter, HappenedTest
from .state import Card
from .vocab import Zone


def gold_cost(g, card: Card, by: str, host: Card | None = None, invest: int = 0, fixed: bool = False) -> int:
    """The Gold Cost to Recruit or Equip ``card`` now: printed, with "enters play for N less/more
    Gold", "Equips to a Mantis Clan Personality for 1 less Gold" (``host``, the Personality it is
    equipped to) and "ignoring Gold Cost" traits of the card itself (``recruit``, ``equip``), and the
    traits of cards in play that change it ("Your Geisha enter play for 1 less Gold", "You Recruit
    non-Ninja Personalities for 1 more Gold", ``continuous-traits``).  An Invest cost paid increases
    the Gold Cost before those changes, unless "This Invest cost cannot be reduced" (``invest``)."""
    cost = card.card.stat("cost") + (0 if fixed else invest)
    ctx = card_context(g, card)
    ctx.player, ctx.equip_to = by, host  # "by the Personality's Personal Honor": the one it is Equipped to
    changes = [(st, ctx) for st in card.card.reading.statics if st.target == "self"]
    changes += [(st, card_context(g, src)) for src, st in g.statics() if isinstance(st.target, AllRef)
                and st.kind == "cost" and matches(g, st.target.all, card, card_context(g, src), anywhere=True)]
    for st, where in changes:
        if st.kind != "cost" or (st.what == "recruit" and host is not None) or (st.what == "equip" and host is None):
            continue
        if st.to is not None and (host is None or not matches(g, st.to, host, where)):
            continue
        if st.while_ is None or holds(g, st.while_, where):
            if isinstance(st.amount, int) and st.amount <= -1000:
                return invest if fixed else 0  # "enters play ignoring its Gold Cost"
            cost += amount(g, st.amount, where)
    return max(cost, 0) + (invest if fixed else 0)


def invest_price(g, card: Card, by: str) -> int | None:
    """The card's Invest cost for ``by`` now: printed, or the other one while its condition holds
    ("Invest [2 Gold], or [0 Gold] if another player is Phoenix Clan", ``invest``); None without Invest."""
    reading = card.card.reading
    if reading.invest_alt is not None:
        ctx = card_context(g, card)
        ctx.player = by
        if holds(g, reading.invest_alt_if, ctx):
            return reading.invest_alt
    return reading.invest_cost


def discipline_price(g, card: Card, by: str) -> int:
    """The Gold a Discipline trait adds to the action's cost now: printed, or the other one while its
    condition holds ("Discipline [3 Gold] or [0 Gold] if you are the Defender", ``discipline``)."""
    reading = card.card.reading
    if reading.discipline_alt is not None:
        ctx = card_context(g, card)
        ctx.player = by
        if holds(g, reading.discipline_alt_if, ctx):
            return reading.discipline_alt
    return reading.discipline or 0


def action_permissions(g, card: Card, by: str, what: str, host: Card | None = None) -> list:
    """Traits that let ``by`` Recruit or Equip ``card`` as another kind of action (``permissions``): the
    card's own ("You may Equip this Follower as a Battle action") and those of ``by``'s cards in play
    ("Equipping Weapons to Matsuo is a Battle/Open action for you"); one naming the Personality equipped
    to counts only for him."""
    ctx = card_context(g, card)
    ctx.player = by
    found = [(st, ctx) for st in card.card.reading.statics if st.target == "self"]
    found += [(st, card_context(g, src)) for src, st in g.statics() if src.controller == by
              and isinstance(st.target, AllRef) and matches(g, st.target.all, card, card_context(g, src), anywhere=True)]
    found += [(st, ctx) for st in discard_permits(g, card, by, what)]
    return [st for st, where in found if st.kind == "permit" and st.what == what and st.designators
            and holds(g, st.while_, where) and (st.to is None or (host is not None and matches(g, st.to, host, where)))]


def discard_permits(g, card: Card, by: str, what: str) -> list:
    """The card's own traits that let its owner ``by`` take it from his discard pile for this rulebook
    action ("You may Equip this Follower from your discard pile [as a Battle action]"), while it is
    there; read as that action's permission (``permissions``, ``continuous-traits``: a card's own traits
    work out of play)."""
    if card.zone is not Zone.DISCARD or card.owner != by:
        return []
    ctx = card_context(g, card)
    ctx.player = by
    return [st.model_copy(update={"what": what}) for st in card.card.reading.statics
            if st.kind == "permit" and st.what == f"{what}_from_discard" and st.target == "self"
            and holds(g, st.while_, ctx)]


def ability_cost(g, card: Card, by: str, printed: int) -> int:
    """An ability's Gold cost as traits change it: the card's own ("This ability's Gold cost is 2 if you
    are a Crab Clan player", "Courtesy: This card's ability has no Gold Cost") and those of cards in play
    ("Actions on your Strategies cost 1 less Gold"); a set cost first, then the changes (``costs``)."""
    ctx = card_context(g, card)
    ctx.player = by
    found = [(st, ctx) for st in card.card.reading.statics if st.target == "self"]
    found += [(st, card_context(g, src)) for src, st in g.statics() if isinstance(st.target, AllRef)
              and matches(g, st.target.all, card, card_context(g, src), anywhere=True)]
    found = [st for st, where in found if st.kind == "ability_cost" and holds(g, st.while_, where)]
    cost = next((st.amount for st in found if st.what == "set"), printed)
    return max(cost + sum(st.amount for st in found if st.what != "set"), 0)


def own_trait_holds(g, card: Card, by: str, kind: str, what: str | None = None) -> bool:
    """Whether the card's own trait of this kind holds now for ``by``, the player bringing it into play:
    "Mantis Clan players ignore Tametaka's Honor Requirement" (``honor-requirement``), "Phoenix Clan
    players may Proclaim Buredo" (``proclaim``); a card's own traits work out of play (``continuous-traits``)."""
    ctx = card_context(g, card)
    ctx.player = by
    return any(st.kind == kind and st.target == "self" and (what is None or st.what == what)
               and holds(g, st.while_, ctx) for st in card.card.reading.statics)


def play_limit_problem(g, card: Card, by: str) -> str | None:
    """"You may only play one Escalating Violence per battle": the cards of this title its player played this turn
    or battle count, those played before the trait applied too (``restrictions-on-number-of-times``)."""
    for st in card.card.reading.statics:
        if st.kind == "play_limit":
            test = HappenedTest(event="played", during=st.what, by="you", filter=Filter(title=card.title))
            if count(g, test, Context(player=by)) >= st.amount:
                return f"{by.capitalize()} may only play {st.amount} {card.title} per {st.what}"
    return None


def copies_problem(g, card: Card, by: str) -> str | None:
    """"You may only have one copy of Counting House in play": the card's own trait limits the
    copies its player controls (``continuous-traits``, ``possessive-case``)."""
    for st in card.card.reading.statics:
        if st.kind == "copies" and isinstance(st.amount, int):
            have = sum(c.title.lower() == card.title.lower() for c in g.in_play(by))
            if have >= st.amount:
                return f"{by.capitalize()} may only have {st.amount} cop{'y' if st.amount == 1 else 'ies'} of " \
                       f"{card.title} in play"
    return None


def join_problem(g, card: Card, by: str) -> str | None:
    """Why ``card`` will not enter play under ``by``'s control, by its own trait: "Will not join a
    Phoenix Clan player" (``join``: to come under a player's control, by entering play or changing
    controller), "Yurei will not enter play if you control a Fallen Personality" — "you" being the
    player it would join (``continuous-traits``: a card's own traits apply out of play)."""
    ctx = card_context(g, card)
    ctx.player = by
    for st in card.card.reading.statics:
        if st.kind == "restrict" and st.what in ("join", "enter_play") and st.target == "self" \
                and (st.while_ is None or holds(g, st.while_, ctx)):
            return f"{card.title} will not {'join' if st.what == 'join' else 'enter play for'} {by} " \
                   f"({st.text or 'its trait'})"
    return None


def ability_has(g, card: Card, ability, word: str) -> bool:
    """Whether an ability on ``card`` has a keyword: printed on it, or given to its card's abilities by a
    trait ("Your Stronghold's abilities have Tireless"); a card's own keywords are not its abilities'
    (``keyword-inheritance``)."""
    return ability.has(word) or card is not None and any(
        st.kind == "ability_keyword" and word in st.keywords and g.static_applies(src, st, card)
        for src, st in g.statics())


def attach_problem(g, card: Card, host: Card) -> str | None:
    """Why ``card`` may not attach to ``host`` by a card's trait, or None: the attachment's own
    "Can only attach to …"/"Cannot attach to …", and the Personality's "Cannot attach …", while its
    condition holds ("Daitsu will only attach one Weapon": none while he has one)."""
    ctx = card_context(g, card)
    ctx.player = host.controller
    for st in card.card.reading.statics:
        if st.to is None or (st.while_ is not None and not holds(g, st.while_, ctx)):
            continue
        fits = matches(g, st.to.model_copy(update={"side": "any"}), host, ctx)
        if st.kind == "attach_only" and not fits:
            return f"{card.title} can only attach to a card that fits its trait ({st.text or 'attach only'})"
        if st.kind == "attach_never" and st.target == "self" and fits:
            return f"{card.title} cannot attach to {host.title} ({st.text or 'attach restriction'})"
    host_ctx = card_context(g, host)
    for st in host.card.reading.statics:
        if st.kind == "attach_never" and st.target in ("self", "host") and st.to is not None \
                and host.card.type == "personality" and (st.while_ is None or holds(g, st.while_, host_ctx)) \
                and matches(g, st.to.model_copy(update={"side": "any", "zone":
                                                                                           "hand"}), card, host_ctx):
            return f"{host.title} cannot have {card.title} attached ({st.text or 'attach restriction'})"
    return None


def attack_against(g, card: Card, attack: str, attacker: str, source: Card | None = None) -> tuple[bool, int]:
    """How traits in play change a Ranged/Melee Attack or Fear against ``card``: whether it is
    negated ("Negate Fear effects targeting this Follower") and the change to its strength
    ("Ranged Attacks targeting Meiko have -3 strength", "Your Ranged Attacks have +1 strength"); a
    trait naming whose effects ("Other players' Ranged Attacks …") covers only that player's, one
    naming where they are from ("… from Cat Followers in this army") only the attacks of the actions
    of those cards, ``source``."""
    negated, change = False, 0
    for src, st in g.statics():
        if attack not in st.keywords or (st.by is not None and (attacker == src.controller) != (st.by == "you")):
            continue
        if st.kind == "own_attack_strength" and isinstance(st.target, AllRef):
            if source is not None and g.static_applies(src, st, source):
                change += st.amount if isinstance(st.amount, int) else 0
        elif st.kind == "own_attack_strength":
            if (st.by is not None or src.controller == attacker) and (st.while_ is None or holds(g, st.while_, src)):
                change += st.amount if isinstance(st.amount, int) else 0
        elif st.kind in ("attack_immune", "attack_strength") and g.static_applies(src, st, card):
            if st.kind == "attack_immune":
                negated = True
            else:
                change += st.amount if isinstance(st.amount, int) else 0
    return negated, change


def victory_honor(g, what: str) -> int:
    """The change traits in play make to the Family Honor an Honor Victory (``honor-victory``, ``what`` "honor") or a
    Dishonor loss (``dishonor-loss-victory``, "dishonor") needs, for every player: "Add 1 to the Honor required for an
    Honor Victory and -1 to the Honor required for a Dishonor Victory"."""
    return sum(st.amount for src, st in g.statics() if st.kind == "victory_honor" and st.what == what
               and holds(g, st.while_, card_context(g, src)))
