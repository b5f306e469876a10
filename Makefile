# make setup: idempotent; .venv, the package with its test extras, migrations,
#             the corpus from L5R_CORPUS_DIR, the search indexes, the static files.
# make run:   setup, then the site as it is served in production: gunicorn (workers
#             from the CPU count, gunicorn.conf.py) with whitenoise, DEBUG off, on
#             http://127.0.0.1:8000
# make dev:   setup, then Django's development server (DEBUG on, reloads on change)
# make test:  the whole test suite (browser tests need /usr/bin/chromium; the accessibility
#             checks inject axe-core, installed from the npm registry by package-lock.json).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export L5R_CORPUS_DIR ?= $(abspath ../shared/corpus)

.PHONY: setup run dev test bench

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,postgres]'
	touch $@

setup: $(VENV)/.installed
	$(PY) manage.py migrate --noinput -v0
	$(PY) manage.py ingest --wait
	$(PY) manage.py collectstatic --noinput -v0

run: setup
	$(VENV)/bin/gunicorn judgeapp.wsgi

dev: setup
	DJANGO_DEBUG=1 $(PY) manage.py runserver 127.0.0.1:8000

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

test: $(VENV)/.installed node_modules/.installed
	$(PY) -m pytest

bench: setup
	$(PY) bench/rules_search.py
