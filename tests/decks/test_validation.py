"""Legal decklists of our own for twelve formats, and an illegal variant of each for every
problem code, asserting the exact codes (tests/decks/builder.py builds them)."""
import datetime as dt

import pytest

from cards.text import fold
from judgeapp.decks import formats, parsing
from judgeapp.decks.pool import CardPool, PoolCard, from_database
from judgeapp.decks.validate import validate

from .builder import banned, build, in_pool, name_of

pytestmark = pytest.mark.django_db
DATE = dt.date(2026, 11, 22)
DECKS = [("ivory", "Crab"), ("ivory", "Lion"), ("ivory", "Unicorn"), ("twenty-festivals", "Crane"),
         ("twenty-festivals", "Dragon"), ("emperor", "Phoenix"), ("emperor", "Scorpion"), ("celestial", "Mantis"),
         ("celestial", "Spider"), ("samurai", "Crab"), ("lotus", "Lion"), ("diamond", "Crane"), ("gold", "Dragon"),
         ("jade", "Phoenix"), ("imperial", "Unicorn"), ("onyx", "Scorpion"), ("modern", "Lion"), ("open", "Crab")]
COVERED: set[str] = set()


@pytest.fixture(scope="module")
def pool(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        return from_database()


def check(pool, fmt, text, on=DATE):
    return validate(parsing.parse_text(text), fmt, on, pool)


def codes(verdict):
    return sorted({p["code"] for p in verdict["problems"]})


def variants(pool, deck):
    """(expected code, decklist text or (text, date)) for every problem this deck can show."""
    fmt, clan = deck.fmt, deck.clan
    fate_total = sum(n for n, _ in deck.fate)
    out = [("parse-error", deck.text(extra_fate=[(0, deck.fate[0][1].title)])),
           ("unknown-card", deck.text(extra_fate=[(1, "Ogre Bushy")])),
           ("ambiguous-card", deck.text(extra_dynasty=[(1, "Hida Kisada")])),
           ("no-stronghold", deck.text(with_stronghold=False)),
           ("not-allowed-in-deck", deck.text(stronghold_in_dynasty=True)),
           ("wrong-deck", deck.text(fate_in_dynasty={deck.fate[0][1].id}))]
    three = next(c for n, c in deck.dynasty if n == 3)
    out.append(("too-many-copies", deck.text(extra_dynasty=[(1, name_of(three))])))
    unique = next((c for n, c in deck.dynasty + deck.fate if c.is_unique), None)
    if unique:
        slot = "extra_dynasty" if unique.deck == "Dynasty" else "extra_fate"
        out.append(("unique-limit", deck.text(**{slot: [(1, name_of(unique))]})))
    drop, total = set(), fate_total
    for n, card in deck.fate:
        if total < 40:
            break
        drop.add(card.id)
        total -= n
    out.append(("deck-too-small", deck.text(drop=drop)))
    others = [c for c in pool.cards if c.type == "Stronghold" and c.id != deck.stronghold.id and in_pool(c, fmt)
              and not banned(c, fmt) and len(pool.by_title[fold(c.title)]) == 1]
    out.append(("too-many-strongholds", deck.text(strongholds=[deck.stronghold, others[0]])))
    senseis = [c for c in pool.cards if c.type == "Sensei" and in_pool(c, fmt) and not banned(c, fmt)
               and len(pool.by_title[fold(c.title)]) == 1 and not any(b[0] == "" for b in c.bans)]
    fitting = [s for s in senseis if clan in s.clans or "All Clans" in s.clans]
    if len(fitting) >= 2:
        out.append(("too-many-sensei", deck.text(senseis=fitting[:2])))
    wrong = [s for s in senseis if clan not in s.clans and "All Clans" not in s.clans]
    if wrong:
        out.append(("sensei-clan", deck.text(senseis=wrong[:1])))
    if fmt.pool is None:
        newest = max(c.released for _, c in deck.dynasty + deck.fate if c.released)
        out.append(("not-in-pool", (deck.text(), newest - dt.timedelta(days=1))))
    else:
        outside = next(c for c in pool.cards if c.deck == "Dynasty" and not in_pool(c, fmt) and not c.bans
                       and not c.is_unique and not c.soul_of and c.released and c.released < DATE
                       and len(pool.by_title[fold(c.title)]) == 1)
        out.append(("not-in-pool", deck.text(extra_dynasty=[(1, name_of(outside))])))
    ban = next((c for c in pool.cards if banned(c, fmt) and c.deck in ("Dynasty", "Fate") and not c.soul_of
                and len(pool.by_title[fold(c.title)]) == 1), None)
    if ban:
        slot = "extra_dynasty" if ban.deck == "Dynasty" else "extra_fate"
        out.append(("banned", deck.text(**{slot: [(1, name_of(ban))]})))
    return out


@pytest.mark.parametrize("slug,clan", DECKS, ids=[f"{s}-{c}" for s, c in DECKS])
def test_legal_deck_and_each_illegal_variant(pool, slug, clan):
    fmt = formats.BY_SLUG[slug]
    deck = build(pool, fmt, clan)
    verdict = check(pool, fmt, deck.text())
    assert verdict["legal"], verdict["problems"]
    assert verdict["counts"]["dynasty"] >= 40 and verdict["counts"]["fate"] >= 40
    assert verdict["stronghold"] == deck.stronghold.full_title
    assert all(line["card_id"] for line in verdict["lines"])
    for code, variant in variants(pool, deck):
        text, on = variant if isinstance(variant, tuple) else (variant, DATE)
        result = check(pool, fmt, text, on)
        assert codes(result) == [code], (code, result["problems"])
        problem = result["problems"][0]
        assert problem["cite"]["url"].startswith("/rules/") and problem["message"]
        COVERED.add(code)


def test_every_problem_code_was_produced():
    expected = {"parse-error", "unknown-card", "ambiguous-card", "not-in-pool", "banned", "too-many-copies",
                "unique-limit", "deck-too-small", "no-stronghold", "too-many-strongholds", "too-many-sensei",
                "sensei-clan", "wrong-deck", "not-allowed-in-deck"}
    assert COVERED == expected


def test_all_problems_at_once_with_numbers(pool):
    fmt = formats.BY_SLUG["ivory"]
    deck = build(pool, fmt, "Crab")
    drop = {c.id for _, c in deck.fate[:2]}
    text = deck.text(drop=drop, with_stronghold=False, extra_fate=[(1, "Ogre Bushy")])
    verdict = check(pool, fmt, text)
    assert codes(verdict) == ["deck-too-small", "no-stronghold", "unknown-card"]
    small = next(p for p in verdict["problems"] if p["code"] == "deck-too-small")
    fate = verdict["counts"]["fate"]
    assert f"Fate deck has {fate} cards; this format needs at least 40. Add {40 - fate}" in small["message"]
    unknown = next(p for p in verdict["problems"] if p["code"] == "unknown-card")
    assert "Ogre Bushi" in unknown["message"]


def test_soul_of_counts_with_the_original_where_the_format_says(pool):
    soul = next(c for c in pool.cards if c.soul_of and not c.is_unique and c.deck == "Dynasty"
                and pool.match(c.soul_of, None).card and not pool.match(c.soul_of, None).card.is_unique
                and len(pool.by_title[fold(c.title)]) == 1)
    original = pool.match(soul.soul_of, None).card
    text = f"2 {name_of(soul)}\n2 {name_of(original)}\n"
    open_fmt = formats.BY_SLUG["open"]
    together = check(pool, open_fmt, text)
    assert "too-many-copies" in codes(together)
    message = next(p for p in together["problems"] if p["code"] == "too-many-copies")
    assert "count together" in message["message"] and message["cite"]["section"] == "soul-of"
    emperor_like = formats.Format("x", "x", None, formats.EMPEROR_RULES, soul_counts_with_original=False)
    assert "too-many-copies" not in codes(check(pool, emperor_like, text))


def test_older_editions_limit_events_and_diamond_experienced(pool):
    celestial = formats.BY_SLUG["celestial"]
    event = next(c for c in pool.cards if c.type == "Event" and in_pool(c, celestial) and not c.is_unique
                 and len(pool.by_title[fold(c.title)]) == 1 and not c.soul_of)
    verdict = check(pool, celestial, f"2 {event.title}\n")
    problem = next(p for p in verdict["problems"] if p["code"] == "too-many-copies")
    assert "Event" in problem["message"] and problem["cite"]["section"] == "deck-construction"
    ivory = formats.BY_SLUG["ivory"]
    anything = formats.Format("y", "y", None, ivory.rules)
    assert "too-many-copies" not in codes(check(pool, anything, f"2 {event.title}\n"))
    # Every Experienced card of the real pool is also marked Unique, so Diamond's rule
    # ("Unique cards include all Experienced cards") is shown on a card of our own.
    veteran = PoolCard("t1", "Test Veteran", "Test Veteran • Experienced", "Experienced", 1, "Item", "Fate", (),
                       False, "", frozenset({"diamond"}), (), dt.date(2004, 1, 1))
    small = CardPool([veteran])
    verdict = check(small, formats.BY_SLUG["diamond"], "2 Test Veteran - exp\n")
    problem = next(p for p in verdict["problems"] if p["code"] == "unique-limit")
    assert "Experienced" in problem["message"] and problem["cite"]["doc"] == "diamond-rulebook"
    assert "unique-limit" not in codes(check(small, anything, "2 Test Veteran - exp\n"))


def test_bans_apply_from_their_effective_date(pool):
    fmt = formats.BY_SLUG["ivory"]
    ban = next(c for c in pool.cards if banned(c, fmt) and c.deck in ("Dynasty", "Fate"))
    effective = next(b[1] for b in ban.bans if b[0] == "ivory")
    on_the_day = check(pool, fmt, f"1 {ban.title}\n", effective)
    assert [p["cards"] for p in on_the_day["problems"] if p["code"] == "banned"] == [[ban.full_title]]
    day_before = check(pool, fmt, f"1 {ban.title}\n", effective - dt.timedelta(days=1))
    assert not [p for p in day_before["problems"] if ban.full_title in p["cards"]]


def test_real_starter_decks_are_legal_in_ivory(pool):
    from pathlib import Path

    from django.conf import settings

    for path in sorted((Path(settings.L5R_CORPUS_DIR) / "decklists").glob("*.l5d")):
        verdict = check(pool, formats.BY_SLUG["ivory"], path.read_text(), dt.date(2014, 10, 15))
        assert verdict["legal"], (path.name, verdict["problems"])
        assert verdict["source"] == "l5d" and verdict["counts"] == {"dynasty": 40, "fate": 40}


def test_twenty_festivals_problems_cite_its_own_rules(pool):
    from django.test import Client

    fmt = formats.BY_SLUG["twenty-festivals"]
    deck = build(pool, fmt, "Crane")
    three = next(c for n, c in deck.dynasty if n == 3)
    problem = check(pool, fmt, deck.text(extra_dynasty=[(1, name_of(three))]))["problems"][0]
    assert problem["cite"]["doc"] == "twenty-festivals-cr" and problem["cite"]["section"] == "deck-construction-rules"
    assert Client().get(problem["cite"]["url"]).status_code == 302  # the short id, redirected to the permalink
