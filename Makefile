# Two entry points (see README): `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test setup lint typecheck unit scenarios bench clean

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

## Everything CI runs: lint, strict types, the test suite, the conformance scenarios.
test: $(STAMP)
	$(BIN)/ruff check kot_rules tests benchmarks
	$(BIN)/mypy --strict kot_rules
	$(BIN)/python -m pytest; rc=$$?; if [ $$rc -eq 5 ]; then echo "pytest collected no tests"; exit 1; fi; exit $$rc
	$(BIN)/kot-rules scenario run spec/scenarios

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_games.py --players 4 --games 2000 --seed 1

clean:
	rm -rf $(VENV) build dist site .mypy_cache .ruff_cache .pytest_cache
