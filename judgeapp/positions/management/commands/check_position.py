"""python manage.py check_position FILE [--json] [--states]

Exit 0 when the replay ran, 1 when an expectation failed, 2 on an unusable position.
"""
import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from judgeapp.engine.position import MAX_BYTES
from judgeapp.positions import service


class Command(BaseCommand):
    help = "Replay a position file (YAML or JSON, l5r-position 1) and print its timeline."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the position file, or - for standard input")
        parser.add_argument("--json", action="store_true", help="print the timeline JSON")
        parser.add_argument("--states", action="store_true", help="include the board after every step")

    def handle(self, *args, **options):
        name = options["file"]
        try:
            if name == "-":
                data = sys.stdin.buffer.read(MAX_BYTES + 1)
            else:
                path = Path(name)
                if not path.is_file():
                    raise service.PositionError("", f"{name}: no such file")
                data = path.read_bytes()[:MAX_BYTES + 1]
            result = service.replay(data, states=options["states"])
        except service.PositionError as exc:
            self.stderr.write(f"error: {exc}")
            sys.exit(2)
        if options["json"]:
            self.stdout.write(json.dumps(result, indent=2, default=str))
        else:
            self._print(result)
        if service.failed_expectations(result):
            sys.exit(1)

    def _print(self, result: dict) -> None:
        title = result["position"].get("title")
        if title:
            self.stdout.write(title)
        for s in result["steps"]:
            where = "/".join(x for x in (s["phase"], s["segment"]) if x)
            cites = ", ".join(f"{c['doc']}/{c['section']}" for c in s["cites"])
            self.stdout.write(f"{s['n']:>4}. [{where}] {s['text']}" + (f"  ({cites})" if cites else ""))
        for e in result["expectations"]:
            self.stdout.write(f"{'PASS' if e['ok'] else 'FAIL'} {json.dumps(e['expect'])}"
                              + ("" if e["ok"] else f" — actual: {json.dumps(e['actual'])}"))
        if result["result"]["winner"]:
            self.stdout.write(f"winner: {result['result']['winner']} ({result['result']['how']})")
        for u in result["unparsed"]:
            self.stdout.write(f"unparsed: {u['card']}: {u['text']}")
        if result.get("stopped"):
            self.stdout.write(f"stopped: {result['stopped']}")
