# Bootroom. `make demo` sets everything up and plays a demo season; `make test` runs the tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup demo test test-all messages bench bench-odds bench-burst bench-engines bench-swiss bench-load lint serve worker mutate

$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

setup: $(STAMP)
	$(BIN)/python manage.py migrate --verbosity 0

demo: setup
	$(BIN)/python manage.py demo $(ARGS)

# `make test` leaves out the slow suites (real workers, browsers, fuzz, soak, a broker of their
# own, hosts in network namespaces, tests marked slow) to stay at a few minutes; `make test-all`
# runs everything, as CI does. The fast tests run in one process per core (pytest-xdist, a
# test database each); the slow suites after them in one process, since they share a broker,
# ports and worker processes.
FAST := not (worker or browser or fuzz or soak or broker or cluster or slow)

test: $(STAMP)
	@scripts/system-deps.sh
	$(BIN)/python -m pytest -n auto -m "$(FAST)" $(ARGS)

test-all: $(STAMP)
	@scripts/system-deps.sh
	$(BIN)/python -m pytest -n auto -m "$(FAST)" $(ARGS)
	$(BIN)/python -m pytest -m "not ($(FAST))" $(ARGS)

# Every throughput figure with its target: the 20-team season, the burst, the pages under load, the odds.
bench: setup
	$(BIN)/python benchmarks/season.py $(ARGS)
	$(BIN)/python benchmarks/burst.py
	$(BIN)/python benchmarks/load.py
	$(BIN)/python benchmarks/odds.py
	@echo "Engines alone, in instructions per match (callgrind): make bench-engines; figures in engines/*/README.md"

# Instructions per match of each engine under valgrind's callgrind (needs valgrind); ARGS picks
# engines and options, e.g. ARGS="futti flexdeck --read".
bench-engines: $(STAMP)
	$(BIN)/python benchmarks/engines_callgrind.py $(ARGS)

# Season odds and match previews (issue #26): completions, odds from nothing cached, a cached preview
bench-odds: setup
	$(BIN)/python benchmarks/odds.py $(ARGS)

# A burst of 10,000 due matches across 500 seasons drained by 1, 2 and 4 worker processes (#29);
# ARGS sizes it, e.g. ARGS="--seasons 100 --workers 2".
bench-burst: setup
	$(BIN)/python benchmarks/burst.py $(ARGS)

bench-swiss: setup
	$(BIN)/python benchmarks/swiss.py $(ARGS)

bench-load: setup
	$(BIN)/python benchmarks/load.py $(ARGS)

# Mutation testing of the core modules against their own tests (tests/mutation/modules.toml);
# slow, so not in CI: run it after changing a core module. ARGS picks modules, e.g.
# ARGS=leagues/standings.py.
mutate: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	nice -n 19 $(BIN)/python scripts/mutate.py $(ARGS)

# The catalogues of locale/ (docs/languages.md): collect the marked strings, then compile them.
# The apps' Python files have catalogues of their own (<app>/locale/).
APP_SOURCES := leagues rosters competitions matches tournaments ops audit engines tests benchmarks scripts
messages: $(STAMP)
	$(BIN)/python manage.py makemessages -l de -l it --ignore=.venv --ignore=var $(foreach app,$(APP_SOURCES),--ignore='$(app)/*.py')
	$(BIN)/python manage.py compilemessages --ignore=.venv

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	PYTHONPATH=. $(BIN)/lint-imports
	$(BIN)/mypy

serve: setup
	$(BIN)/python manage.py runserver

worker: setup
	$(BIN)/celery -A config worker --beat --loglevel INFO
