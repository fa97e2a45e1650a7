# Two entry points (see README): `make run` and `make test`; `make check` is the quick loop.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test check test-compiled-build test-pytest setup bench docs clean fuzz soak mutate compiled

# The optional compiled engine (scripts/build_compiled.py, kot_rules/native.py): its manifest
# is written last, so it is older than any engine source changed since the build.
COMPILED       := kot_rules/_compiled/manifest.json
ENGINE_SOURCES := $(wildcard kot_rules/engine/*.py kot_rules/games/*/rules.py kot_rules/games/*/board.py)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

## The main job: check the built-in rules data, then play one seeded demo game.
run: $(STAMP)
	$(BIN)/kot-rules check
	$(BIN)/kot-rules play --players 4 --seed 2011

## Everything CI runs: lint, strict types, the site, the test suite, the conformance scenarios.
## The browser test of the site needs Debian's chromium: scripts/install-browser.sh installs it
## (apt-get, as root) when /usr/bin/chromium is missing.
## Where a C compiler is present the optional compiled engine is built first (or rebuilt when
## an engine source changed); the scenarios then run on both engines and pytest's identity
## test compares their records. Without a compiler everything runs on the pure engine.
## Two jobs at a time: the compiled build (one core, mostly the C compiler) runs beside pytest
## on every core (pytest-xdist); the identity test, which needs the build, runs after both.
## The site is built once, by the site tests (tests/site/conftest.py: `mkdocs build --strict`,
## failing on any warning). Each job's output is printed whole when it ends.
test: $(STAMP)
	$(BIN)/ruff check kot_rules tests benchmarks scripts
	$(BIN)/mypy --strict kot_rules
	bash scripts/install-browser.sh
	$(MAKE) --no-print-directory -j2 --output-sync=target test-compiled-build test-pytest
	$(BIN)/python -m pytest $(IDENTITY)
	$(BIN)/kot-rules scenario run spec/scenarios
	if [ -f $(COMPILED) ]; then KOT_RULES_PURE=1 $(BIN)/kot-rules scenario run spec/scenarios; fi

## The contributor's loop (under 90 s on a 2-core machine): lint, strict types and the tests
## not marked slow (tests/conftest.py lists the slow files), on every core.
check: $(STAMP)
	$(BIN)/ruff check kot_rules tests benchmarks scripts
	$(BIN)/mypy --strict kot_rules
	$(PYTEST) -m "not slow"

# pytest on every core; a test file runs whole on one worker, the site folder too
# (tests/conftest.py: pytest_xdist_make_scheduler).
PYTEST   := $(BIN)/python -m pytest -n auto --dist loadfile
IDENTITY := tests/engine/test_compiled_identity.py

test-compiled-build: $(STAMP)
	$(BIN)/python scripts/build_compiled.py --if-compiler

test-pytest: $(STAMP)
	$(PYTEST) --ignore=$(IDENTITY); rc=$$?; if [ $$rc -eq 5 ]; then echo "pytest collected no tests"; exit 1; fi; exit $$rc

## Optional: the hot engine modules compiled with mypyc from the same .py files into
## kot_rules/_compiled/ (needs a C compiler; ~3.5 min on a busy 2-core machine). Used from
## then on unless KOT_RULES_PURE=1; without it everything runs the pure Python engine.
compiled: $(COMPILED)

$(COMPILED): $(STAMP) $(ENGINE_SOURCES) scripts/build_compiled.py
	$(BIN)/python scripts/build_compiled.py

## Long fuzz run: the card parser and checker, the scenario reader and the state reader of
## the three games (tests/trust/fuzz_targets.py); FUZZ_INPUTS in all, shared evenly among
## the targets.
FUZZ_INPUTS ?= 100000
FUZZ_SEED   ?= 0
fuzz: $(STAMP)
	$(BIN)/python scripts/fuzz.py --inputs $(FUZZ_INPUTS) --seed $(FUZZ_SEED)

## Soak: GAMES random games shared evenly among the games, over each game's player counts
## and the ruleset options that mean something in it, in JOBS processes, every invariant
## checked after every step of 1 game in SAMPLE of each game's.
GAMES  ?= 1000000
JOBS   ?= 0
SAMPLE ?= 100
soak: $(STAMP)
	$(BIN)/python -m kot_rules.verify.soak --games $(GAMES) --jobs $(JOBS) --sample $(SAMPLE)

## Mutation testing: each mutant of scripts/mutants/catalogue.yaml (or only MUTANTS=id,...,
## or only those of MUTANT_GAMES=king-of-new-york,...) in a temporary copy of the tree,
## through its game's scenarios > verify > records > Z3 differential tests > engine tests
## until one fails, JOBS at a time; a table, each game's score, and build/mutate.json.
MUTANTS ?=
MUTANT_GAMES ?=
mutate: $(STAMP)
	$(BIN)/python scripts/mutate.py --jobs $(if $(filter 0,$(JOBS)),2,$(JOBS)) $(if $(MUTANTS),--mutants $(MUTANTS)) $(if $(MUTANT_GAMES),--games $(MUTANT_GAMES))

## The rules-clarification site, served on http://127.0.0.1:8000
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve

## Games/s and decisions/s per game, pure and compiled (when built), full deck / base rules,
## simulate --jobs 2 over --jobs 1. A benchmark, not a test: run it on a quiet machine.
bench: $(STAMP)
	$(BIN)/python benchmarks/bench_report.py

clean:
	rm -rf $(VENV) build dist site .mypy_cache .ruff_cache .pytest_cache kot_rules/_compiled
