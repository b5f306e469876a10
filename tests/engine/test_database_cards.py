"""Database cards in the engine: clans as a set (Unaligned is none, Ninja is not a clan) and
Gold production read whole, on the real card data."""
import pytest

from judgeapp.positions import service

from .helpers import failed

pytestmark = pytest.mark.django_db


def replay(alice: str, script: str, expect: str, stronghold: str = "The Impregnable Fortress of the Crab") -> dict:
    text = f"""l5r-position: 1
active: alice
at: dynasty
players:
  alice:
    stronghold: {stronghold}
    honor: 10
{alice}  bob:
    stronghold: The Esteemed Palace of the Crane
    honor: 10
script:
{script}expect:
{expect}"""
    return service.replay(text)


@pytest.mark.parametrize("title,cost,extra", [
    ("Abdollah", 6, False),       # Unaligned: no Clan Alignment, no extra 2 Gold (recruit, unaligned)
    ("Bayushi Jin-e", 6, True),   # Scorpion (and "Ninja", which is not a Clan Alignment): a Crab pays 2 more
])
def test_recruiting_pays_two_more_only_for_another_clans_personality(title, cost, extra):
    """CR Recruit: 2 more Gold if the Personality has a Clan Alignment but not yours. The Crab
    Stronghold produces 4 Gold; with the 4 Gold in the pool there are 8."""
    result = replay(f"    gold: 4\n    provinces: [{{card: {title}, face: up, id: recruit}}, {{}}, {{}}, {{}}]\n",
                    "  - recruit: {by: alice, card: alice.p1}\n", "  - at: {recruit: home}\n")
    assert failed(result) == [], result["expectations"]
    paid = next(s["text"] for s in result["steps"] if "pays" in s["text"])
    assert f"pays {cost + 2 if extra else cost} Gold" in paid
    assert ("2 more Gold" in " ".join(s["text"] for s in result["steps"])) == extra


def test_a_ninja_keyword_is_not_a_clan():
    result = replay("    provinces: [{card: Bayushi Jin-e, face: up, id: jin}, {}, {}, {}]\n    gold: 2\n",
                    "  - recruit: {by: alice, card: alice.p1}\n", "  - at: {jin: home}\n",
                    stronghold="The Shadowed Estate of the Scorpion")
    assert failed(result) == [], result["expectations"]
    assert not any("2 more Gold" in s["text"] for s in result["steps"])


@pytest.mark.parametrize("stronghold,pays", [("The Esteemed Palace of the Crane", 3),
                                             ("The Impregnable Fortress of the Crab", 2)])
def test_marketplace_produces_three_for_a_crane(stronghold, pays):
    """Marketplace: "Produce 2 Gold, or 3 Gold if you are a Crane Clan player" (gold-producing-traits)."""
    result = replay("    holdings: [{card: Marketplace, id: market}]\n"
                    "    provinces: [{card: Aikiren, face: up, id: aikiren}, {}, {}, {}]\n",
                    "  - recruit: {by: alice, card: alice.p1, pay: [market]}\n",
                    "  - at: {aikiren: home}\n  - gold: {alice: %d}\n" % (pays - 2), stronghold=stronghold)
    assert failed(result) == [], result["expectations"]
    assert any(f"Marketplace bows (to produce {pays} Gold)" in s["text"] for s in result["steps"])
