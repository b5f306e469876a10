"""The engine is a plain library (DESIGN.md): every one of its modules imports, and a
position replays, in a Python process where Django is never loaded.  The project package
``judgeapp`` itself loads the Celery app (and so Django's settings), so the program
stands in an empty package for it: what is measured is the engine's own imports."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = """
import importlib, pkgutil, sys, types
project = types.ModuleType("judgeapp")
project.__path__ = ["judgeapp"]
sys.modules["judgeapp"] = project
import judgeapp.engine as engine
for module in pkgutil.walk_packages(engine.__path__, "judgeapp.engine."):
    importlib.import_module(module.name)
from judgeapp.engine.replay import replay_text
text = open("judgeapp/positions/gallery/03-province-destroyed.yaml").read()
result = replay_text(text, lambda title: None)
assert result["expectations"] and all(e["ok"] for e in result["expectations"]), result
loaded = sorted(name for name in sys.modules if name == "django" or name.startswith("django."))
print(",".join(loaded) or "none")
"""


def test_the_engine_never_loads_django():
    done = subprocess.run([sys.executable, "-c", PROGRAM], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "none"
