# Multiplayground. `make run` and `make test` are all the set-up a fresh machine needs.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1
PORT ?= 8000
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := frontend/node_modules/.installed
DIST_STAMP := frontend/dist/index.html
FRONTEND_SOURCES := $(shell find frontend/src frontend/index.html frontend/vite.config.ts frontend/tsconfig.json -type f 2>/dev/null)

.PHONY: help install run test test-repeat test-python test-frontend lint migrate demo frontend frontend-generated fuzz clean

help:
	@echo "make run    install everything, migrate, load demo data, serve http://$(HOST):$(PORT)"
	@echo "make test   install everything, then lint (ruff, import-linter, mypy, ESLint) and run every test (pytest, Vitest, Playwright)"
	@echo "make test-repeat N=5 [SUITES='python e2e frontend']   run the suites N times, count failed runs"
	@echo "make fuzz [FUZZ_EXAMPLES=100]   the long schema fuzz: every operation, as a teacher and a student"

$(VENV_STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info[:2] == (3, 11) else "Python 3.11 is required (found %d.%d)" % sys.version_info[:2])'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -e ".[dev]"
	touch $@

$(NODE_STAMP): frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(DIST_STAMP): $(NODE_STAMP) $(FRONTEND_SOURCES)
	cd frontend && npm run build
	touch $@

install: $(VENV_STAMP) $(NODE_STAMP) $(DIST_STAMP)

frontend: $(DIST_STAMP)

# Files the frontend takes from the backend: the OpenAPI schema and types, the picture set.
# Run after changing the API; tests fail while the committed copies are stale.
frontend-generated: $(VENV_STAMP) $(NODE_STAMP)
	@$(PY) manage.py spectacular --format openapi-json --file frontend/openapi.json.new --validate --fail-on-warn
	@cmp -s frontend/openapi.json.new frontend/openapi.json || mv frontend/openapi.json.new frontend/openapi.json
	@rm -f frontend/openapi.json.new
	@cd frontend && npm run --silent gen:api >/dev/null
	@cmp -s classroom/pictures.json frontend/src/generated/pictures.json || cp classroom/pictures.json frontend/src/generated/pictures.json
	@cmp -s classroom/avatars.json frontend/src/generated/avatars.json || cp classroom/avatars.json frontend/src/generated/avatars.json
	@cmp -s games/reports/heat_scale.json frontend/src/generated/heatScale.json || cp games/reports/heat_scale.json frontend/src/generated/heatScale.json

migrate: $(VENV_STAMP)
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py seed_demo --url http://$(HOST):$(PORT)

run: install
	@$(PY) manage.py collectstatic --noinput -v 0
	@$(MAKE) --no-print-directory demo
	@echo "Starting the Celery worker (filesystem broker, no server) and the web server..."
	@$(PY) -m config.run --host $(HOST) --port $(PORT)

lint: $(VENV_STAMP) $(NODE_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
	cd frontend && npm run --silent lint

test-python: install
	$(VENV)/bin/pytest $(PYTEST_ARGS)

# Hunting a flaky test: run the suites N times (fresh seed each) and count the failed runs.
N ?= 5
SUITES ?= python e2e frontend
test-repeat: install
	$(PY) -m tests.repeat --runs $(N) --suites "$(SUITES)" --pytest-args "$(PYTEST_ARGS)"

test-frontend: install
	cd frontend && npm run --silent check:api && npm test

test: install lint test-frontend test-python

# The long schema fuzz (docs/development.md, "The long schema fuzz"); `make test` runs a short pass of the same test.
FUZZ_EXAMPLES ?= 100
fuzz: install
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) FUZZ_MODES=positive,negative $(VENV)/bin/pytest tests/api/test_schema_fuzz.py $(PYTEST_ARGS)

clean:
	rm -rf var frontend/dist frontend/node_modules $(VENV)
