"""schemathesis against the running site's own OpenAPI schema (/api/schema/): every
operation, generated requests, zero server errors and zero responses that break the
schema (status codes, content types, bodies, headers).

The phases and per-operation settings are in schemathesis.toml beside this file. Two of
schemathesis's checks are left out, on purpose: ``positive_data_acceptance``
and ``negative_data_rejection`` judge how strict input validation is, and the query
languages (rules, cards) and decklists accept and refuse strings by grammar, which a
JSON schema cannot express; they answer those with a 400 saying what to fix.
"""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = int(os.environ.get("L5R_SCHEMATHESIS_EXAMPLES", 100))
CONFIG = Path(__file__).with_name("schemathesis.toml")  # the phases: examples, coverage, fuzzing
SEED = 20141015


@pytest.mark.django_db
def test_api_matches_its_schema_and_never_fails(site_url, tmp_path, capsys):
    schemathesis = Path(sys.executable).with_name("schemathesis")
    run = subprocess.run(
        [str(schemathesis), "--config-file", str(CONFIG), "run", f"{site_url}/api/schema/",
         "--max-examples", str(EXAMPLES), "--seed", str(SEED), "--checks", "all",
         "--exclude-checks", "positive_data_acceptance,negative_data_rejection",
         "--request-timeout", "30", "--report", "junit", "--report-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=900, env=dict(os.environ, NO_COLOR="1"))
    generated = re.search(r"(\d+) generated", run.stdout)
    with capsys.disabled():
        print(f"\nschemathesis: {generated.group(0) if generated else 'no count'} test cases, "
              f"exit status {run.returncode}")
    assert run.returncode == 0, run.stdout[-8000:] + run.stderr[-2000:]
    assert generated and int(generated.group(1)) > 0
