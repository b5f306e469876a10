"""Small helpers for engine tests: replay YAML with inline cards only (no database)."""
import textwrap

from judgeapp.engine import replay_text

KEEPS = """
    stronghold: {title: Test Keep, type: stronghold, strength: 6, production: 5, starting_honor: 6}
"""


def run(yaml_text: str, states: bool = False, **kwargs) -> dict:
    return replay_text(textwrap.dedent(yaml_text), lambda title, level: None, keep_states=states, **kwargs)


def texts(result: dict) -> list[str]:
    return [s["text"] for s in result["steps"]]


def failed(result: dict) -> list[dict]:
    return [e for e in result["expectations"] if not e["ok"]]


def board(players: str, at: str = "action", active: str = "alice", extra: str = "", cards: str = "",
          script: str = "", expect: str = "") -> str:
    return (f"l5r-position: 1\nactive: {active}\nat: {at}\n{extra}\ncards:\n{cards or '  []'}\n"
            f"players:\n{players}\nscript:\n{script or '  []'}\nexpect:\n{expect or '  []'}\n")


def two_players(alice: str = "", bob: str = "", alice_honor: int = 8, bob_honor: int = 10) -> str:
    keep = "    stronghold: {title: Test Keep, type: stronghold, strength: 6, production: 5, starting_honor: 6}\n"
    castle = "    stronghold: {title: Test Castle, type: stronghold, strength: 6, production: 5, starting_honor: 7}\n"
    return (f"  alice:\n{keep}    honor: {alice_honor}\n{alice}  bob:\n{castle}    honor: {bob_honor}\n{bob}")
