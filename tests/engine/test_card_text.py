"""The card-text reader (judgeapp/engine/cardtext, cardlexer, cardgrammar, cardrules.lark) and
the primitives it reads into: each shape read whole, or reported unread with the reason —
never half-read — and each new primitive really executing in a replay."""
import pytest

from judgeapp.engine.abilities import describe_reading, read_text
from judgeapp.engine.cardtext import reader_version, shape

from .helpers import board, failed, run, texts, two_players

SAMURAI = "  - {title: Samurai, type: personality, force: 3, chi: 2, honor: 0, cost: 3, ph: 1}\n"
SPEAR = (SAMURAI + "  - {title: Spear, type: item, force: 1, chi: 0, cost: 1, focus: 2}\n",
         "    units: [{card: Samurai, id: s, attach: [{card: Spear, id: spear}]}, {card: Samurai, id: t}]\n")


def kinds(text: str, title: str = "Test Card", kind: str = "personality") -> list[str]:
    r = read_text(text, title, kind)
    out = [f"{a.designators[0]}:{e.name}" for a in r.abilities for e in a.effects]
    out += [f"trigger:{t.event}:{e.name}" for t in r.triggers for e in t.effects]
    out += [f"static:{s.kind}" for s in r.statics]
    out += [f"produce:{r.produce.amount}"] if r.produce else []
    out += [f"invest:{r.invest_cost}"] if r.invest_cost is not None else []
    out += [f"discipline:{r.discipline}"] if r.discipline is not None else []
    return out + [f"unread:{u.text}" for u in r.unparsed]


@pytest.mark.parametrize("text,title,expected", [
    ("Battle, [Bow]: Ranged 2 Attack.", "X", ["battle:ranged_attack"]),
    ("After Nojima enters play, lose 1 Honor.", "Akodo Nojima", ["trigger:enters_play:lose_honor"]),
    ("Toku has +2F while attacking.", "Toku", ["static:stat"]),
    ("Invest [2 Gold]: Gain 1 Honor.", "X", ["invest:2"]),
    ("Discipline [2 Gold].", "X", ["discipline:2"]),
    ("[Bow]: Produce 2 Gold, or 3 Gold if you are a Lion Clan player.", "X", ["produce:2"]),
    ("Battle: Give a target enemy Personality -3F.", "X", ["battle:force"]),
    ("Battle: Ranged 3 Attack, or Ranged 4 Attack if the target is Lion Clan.", "X",
     ["battle:ranged_attack", "battle:ranged_attack"]),
    ("Limited: Put this Event into play. Discard it after your next turn begins.", "X",
     ["limited:put_into_play", "limited:delayed"]),
    ("Open: Create a 2F/2C/0PH Nonhuman • Undead Personality.", "X", ["open:create"]),
    ("Interrupt: Negate the action's Fear effects.", "X", ["interrupt:negate_action"]),
    ("You may only have one copy of Counting House in play.", "Counting House", ["static:copies"]),
    ("Negate Fear effects targeting this Follower.", "X", ["static:attack_immune"]),
    ("Courtesy: Ayameko has Resilient.", "Hida Ayameko", ["static:keyword"]),
    ("Can only attach to a Crab Clan Personality.", "X", ["static:attach_only"]),
])
def test_shapes_read_whole(text, title, expected):
    assert kinds(text, title) == expected


def test_a_sentence_is_read_whole_or_not_at_all():
    """Issue 11: "Produce 2 Gold, or 3 Gold if …" was read as "Produce 2"; an ending the grammar cannot
    read makes the whole sentence unread, with the word it stopped at."""
    r = read_text("[Bow]: Produce 2 Gold, or 3 Gold if you control the Imperial Favor.", "X", "holding")
    assert r.produce.alt == 3 and r.produce.alt_if.favor is True and not r.unparsed
    r = read_text("[Bow]: Produce 5 Gold, whereupon each player draws a card.", "X", "holding")
    assert r.produce is None and [u.text for u in r.unparsed] == [
        "[Bow]: Produce 5 Gold, whereupon each player draws a card."]
    assert "'whereupon'" in r.unparsed[0].reason
    r = read_text("After Gorikki enters play, if you are Crane Clan, take the Imperial Favor.", "Kitsune Gorikki",
                  "personality")
    assert r.triggers[0].condition.clan == "Crane"  # the trait's "if" is kept, not dropped


def test_the_card_names_itself_and_this_personality_is_the_host():
    r = read_text("Battle: Give Toku +2F.", "Toku", "personality")
    assert r.abilities[0].effects[0].args.target == "self"
    r = read_text("This Personality has +1PH.", "Kikko", "item")
    assert r.statics[0].target == "host"
    r = read_text("Limited: If this Shugenja is unbowed, bow this Shugenja.", "Hidden Power", "spell")
    assert r.abilities[0].effects[0].args.target == "host"


def test_pronouns_follow_the_card_named_last():
    r = read_text("Battle: Discard a card to give a target enemy Personality a Force penalty equal to the card's "
                  "Focus Value.", "X", "personality")
    penalty = r.abilities[0].effects[1]
    assert penalty.args.amount.of == "discarded" and penalty.needs_previous
    r = read_text("Battle: Target your opposed Personality. Give him +2F.", "X", "strategy")
    assert r.abilities[0].effects[0].args.target == 1


def test_human_and_infantry_are_absences():
    r = read_text("Battle: Bow a target enemy Infantry Personality.", "X", "personality")
    assert r.abilities[0].targets[0].filter.without == ["Cavalry"]


def test_plain_words_and_shapes():
    words = [d["words"] for d in describe_reading(read_text("Battle, [Bow]: Give a target enemy Follower or "
                                                            "Personality -2F until the end of the battle.", "X"))]
    assert words == ["Battle, bow this card: choose target 1: enemy Follower or Personality; target 1 gets -2F until "
                     "the end of the battle"]
    assert shape("After Nojima enters play, lose 1 Honor.", "Akodo Nojima", "personality") == \
        "after NAME enters, lose N honor."
    assert len(reader_version()) == 16


# ----- the new primitives in a replay ---------------------------------------------------------
def replay(*steps: str, expect: str, units: str = "    units: [{card: Samurai, id: s}, {card: Samurai, id: t}]\n",
           cards: str = SAMURAI, at: str = "action") -> dict:
    script = "".join(f"  - effect: {{by: alice, do: {s}}}\n" for s in steps)
    return run(board(two_players(alice=units), cards=cards, script=script, expect=expect, at=at))


def test_keyword_grant_and_tokens():
    result = replay("{keyword: {target: s, add: [Cavalry]}}", "{tokens: {target: s, name: force, count: 2}}",
                    "{tokens: {target: t, name: Madness, count: 1}}",
                    expect="  - keywords: {s: [Cavalry]}\n  - force: {s: 5}\n  - tokens: {t: {Madness: 1}}\n")
    assert failed(result) == [], result["expectations"]


def test_negating_current_bonuses_keeps_later_ones():
    result = replay("{force: {target: s, amount: 3}}", "{negate_modifiers: {target: s, which: bonuses}}",
                    "{force: {target: s, amount: 1}}", expect="  - force: {s: 4}\n")
    assert failed(result) == [] and any("bonuses are negated" in t for t in texts(result))


def test_created_cards_get_an_id_and_enter_play():
    result = replay("{create: {type: personality, force: 2, chi: 2, keywords: [Undead]}}",
                    expect="  - at: {undead-personality: home}\n  - force: {undead-personality: 2}\n")
    assert failed(result) == [], result["expectations"]


def test_restriction_and_piles():
    cards, units = SPEAR
    result = replay("{restrict: {target: s, what: actions}}", "{to_hand: {target: spear}}",
                    "{to_deck: {target: t, where: top}}", units=units, cards=cards,
                    expect="  - at: {spear: hand, t: dynasty_deck}\n")
    assert failed(result) == [], result["expectations"]


def test_transfer_moves_an_attachment_between_personalities():
    cards, units = SPEAR
    result = replay("{transfer: {target: spear, to: t}}", units=units, cards=cards,
                    expect="  - force: {s: 3, t: 4}\n")
    assert failed(result) == [], result["expectations"]


def test_an_additional_action_keeps_the_opportunity():
    cards = SAMURAI + ("  - {title: Quick Envoy, type: personality, force: 1, chi: 2, honor: 0, cost: 3, ph: 1, "
                       "text: 'Open: Gain 1 Honor. You may take an additional action.'}\n"
                       "  - {title: Slow Envoy, type: personality, force: 1, chi: 2, honor: 0, cost: 3, ph: 1, "
                       "text: 'Open: Gain 1 Honor.'}\n")
    alice = "    units: [{card: Quick Envoy, id: quick}, {card: Slow Envoy, id: slow}]\n"
    script = "  - action: {by: alice, card: quick, ability: 1}\n  - action: {by: alice, card: slow, ability: 1}\n"
    result = run(board(two_players(alice=alice), cards=cards, script=script, expect="  - honor: {alice: 10}\n"))
    assert failed(result) == [], result["expectations"]
    steps = texts(result)
    assert any("additional action" in t for t in steps)
    assert not any(t.startswith("Bob passes") for t in steps[:steps.index(next(t for t in steps if "Slow Envoy" in t))])


def test_an_interrupt_negates_the_actions_fear_only():
    cards = SAMURAI + ("  - {title: Dread, type: personality, force: 1, chi: 2, honor: 0, cost: 3, ph: 1, "
                       "text: 'Battle: Fear 5. Gain 1 Honor.'}\n"
                       "  - {title: A Stout Heart, type: strategy, focus: 1, text: \"Interrupt: Negate the action's Fear "
                       "effects.\"}\n")
    players = ("  alice:\n    stronghold: {title: Keep, type: stronghold, strength: 6, production: 5, starting_honor: 6}\n"
               "    honor: 8\n    units: [{card: Dread, id: dread, at: bob.p1}]\n"
               "  bob:\n    stronghold: {title: Castle, type: stronghold, strength: 6, production: 5, starting_honor: 7}\n"
               "    honor: 10\n    hand: [A Stout Heart]\n    units: [{card: Samurai, id: s, at: bob.p1}]\n")
    script = ("  - pass: bob\n  - action: {by: alice, card: dread, ability: 1, targets: [s], "
              "interrupts: [{by: bob, card: A Stout Heart, ability: 1}]}\n")
    result = run(board(players, at="attack/combat", extra="battlefield: bob.p1", cards=cards, script=script,
                       expect="  - unbowed: [s]\n  - honor: {alice: 9}\n"))
    assert failed(result) == [], result["expectations"]


def test_a_grammar_that_does_not_build_fails_at_once_for_every_sentence():
    """An area grammar with a rule naming no known rule: its build error is kept and raised again, not rebuilt for
    each sentence a replay reads (seconds each); the project's own grammar still builds."""
    from lark.exceptions import LarkError

    from judgeapp.engine import cardgrammar

    broken = cardgrammar.grammar_text() + "\nbroken_rule: no_such_rule\n%extend a_sentence: broken_rule\n"
    first = cardgrammar.build(broken)
    assert isinstance(first, LarkError) and "no_such_rule" in str(first)
    assert cardgrammar.build(broken) is first
    assert not isinstance(cardgrammar.build(cardgrammar.grammar_text()), LarkError)
