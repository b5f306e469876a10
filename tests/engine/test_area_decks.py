"""The decks area's engine mechanics on boards of inline cards (no database): delayed effects
waiting for a card's next occurrence (``delayed-effects``)."""
import pytest

from .helpers import board, failed, run, two_players

SAMURAI = "  - {title: Samurai, type: personality, force: 3, chi: 3, honor: 2, cost: 5, ph: 2}\n"
UNITS = "    units: [{card: Samurai, id: s}, {card: Samurai, id: t}]\n"


def after_next_bow(this_turn: bool, script: str, honor: int) -> dict:
    """Alice (8 Honor) sets up "after the next time [this turn] s bows, gain 2 Honor", then the script."""
    set_up = ("  - effect: {by: alice, do: {after_next: {event: bows, card: s, this_turn: "
              f"{str(this_turn).lower()}, do: [{{gain_honor: {{amount: 2}}}}]}}}}}}\n")
    return run(board(two_players(alice=UNITS), cards=SAMURAI, script=set_up + script,
                     expect=f"  - honor: {{alice: {honor}}}\n"))


@pytest.mark.parametrize("this_turn,honor", [(True, 8), (False, 10)])
def test_the_next_time_this_turn_lapses_with_the_turn(this_turn, honor):
    """"After the next time this turn he bows": once the turn has ended without it, it never happens;
    without "this turn" it waits."""
    result = after_next_bow(this_turn, "  - advance: next_turn\n  - effect: {by: alice, do: {bow: {target: s}}}\n",
                            honor)
    assert failed(result) == [], result["expectations"]


def test_the_next_time_is_about_that_card_and_happens_once():
    """Bowing another card does nothing; the watched card's first bow gains the Honor, the second nothing."""
    script = ("  - effect: {by: alice, do: {bow: {target: t}}}\n  - effect: {by: alice, do: {bow: {target: s}}}\n"
              "  - effect: {by: alice, do: {straighten: {target: s}}}\n  - effect: {by: alice, do: {bow: {target: s}}}\n")
    result = after_next_bow(True, script, 10)
    assert failed(result) == [], result["expectations"]
