# make setup: idempotent; .venv, the package with its test extras, migrations,
#             the corpus from L5R_CORPUS_DIR, and the search indexes.
# make run:   setup, then the site on http://127.0.0.1:8000
# make test:  setup, then the whole test suite (browser tests need /usr/bin/chromium).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export L5R_CORPUS_DIR ?= $(abspath ../shared/corpus)

.PHONY: setup run test bench

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

setup: $(VENV)/.installed
	$(PY) manage.py migrate --noinput -v0
	$(PY) manage.py ingest

run: setup
	$(PY) manage.py runserver 127.0.0.1:8000

test: $(VENV)/.installed
	$(PY) -m pytest

bench: setup
	$(PY) bench/rules_search.py
