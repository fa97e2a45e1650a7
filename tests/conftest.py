"""Hypothesis profiles: ``fast`` (the default, for every run of the suite), ``deep``
(``HYPOTHESIS_PROFILE=deep``: many more examples and longer games, for nightly runs) and
``mutate`` (scripts/mutate.py: the fast budget, derandomized and with no example database,
so that a mutant is killed or not the same way on every run, and no shrinking: a mutant
needs one failing example, not the smallest, and shrinking one took minutes)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# The suite runs the pure Python engine in process even when `make compiled` has built the
# compiled one (set KOT_RULES_PURE=0 to run it on the compiled engine): some tests replace
# engine functions with monkeypatch or pass ill-typed values on purpose, which compiled
# modules do not see or reject with TypeError. The compiled engine is checked by
# tests/engine/test_compiled_identity.py (in subprocesses) and by the scenarios.
os.environ.setdefault("KOT_RULES_PURE", "1")

import pytest
from hypothesis import Phase, settings

# The suite runs without the on-disk cache (kot_rules/cache.py): a test that patches the
# parser or the prover must see its patch, not an entry made by the unpatched source.
# tests/surfaces/test_cli_cache.py turns it on in a folder of its own.
os.environ["KOT_RULES_NO_CACHE"] = "1"

settings.register_profile("fast", deadline=None)
settings.register_profile("mutate", deadline=None, derandomize=True, database=None,
                          phases=[Phase.explicit, Phase.reuse, Phase.generate])
settings.register_profile("deep", deadline=None, max_examples=2000, stateful_step_count=5000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fast"))


Z3_TIMEOUT_MS = 60_000
"""Each Z3 query's limit in the tests: Z3 counts wall time, and on a 2-core machine shared
with two xdist workers and other jobs a query that needs 3 s of CPU took over the
engine's 20 s (New York's capacity proofs, at a load of 9). The proof tests' own time
checks are budgets of CPU seconds (tests/verify/test_*_proofs*.py)."""


@pytest.fixture(autouse=True, scope="session")
def _z3_wall_time_limit() -> Iterator[None]:
    from kot_rules.verify import prover

    engine_limit = prover.TIMEOUT_MS
    prover.TIMEOUT_MS = max(engine_limit, Z3_TIMEOUT_MS)
    yield
    prover.TIMEOUT_MS = engine_limit


SLOW = (
    # The tests marked ``slow`` (pytest -m "not slow", as `make check` runs it, leaves them
    # out; `make test` runs them): a folder, a file, or the start of a test's id in it. Each
    # file here took 10 s or more of the suite's time (pytest --durations on 2 workers,
    # 2026-11-28): Z3 proof runs, the built site and its browser, whole games, subprocesses
    # of the CLI, fuzzing.
    "site/",
    "verify/test_duel_proofs_cards.py", "verify/test_kony_proofs.py",
    "verify/test_duel_proofs.py", "verify/test_proofs.py", "verify/test_kony_games.py",
    "verify/test_duel_reference.py", "verify/test_kony_differential.py",
    "verify/test_duel_proofs_differential.py", "verify/test_kernel_differential.py",
    "verify/test_kony_cards_differential.py", "verify/test_whole_games.py",
    "verify/test_differential.py",
    "surfaces/test_cli_sources.py", "surfaces/test_simulate_ray.py",
    "surfaces/test_cli_games.py", "surfaces/test_balance.py", "surfaces/test_cli_json.py",
    "scenarios/test_scenario_format3.py", "scenarios/test_scenario_errors.py",
    "scenarios/test_duel_coverage_cards_matter.py",
    "trust/test_mutants.py", "trust/test_fuzz.py", "trust/test_duel_coverage_soak.py",
    "conform/test_conform_wrong_engines.py", "conform/test_conform_own.py",
    "conform/test_peers_gamepark_duel.py",
    "language/test_language_no_card_names_in_code.py",
    "records/test_records.py",
    "engine/test_compiled_identity.py",
    "surfaces/test_surfaces_coverage.py",
    # Single tests of 2 s or more in files that are otherwise quick.
    "adapters/test_adapter_imports.py::TestMissingExtra",
    "conform/test_conform_needs.py::TestUnsupported::test_our_hello_supports_every_scenario",
    "conform/test_conform_protocol.py::TestTraffic::test_every_line_of_a_run_follows_the_schemas",
    "engine/test_duel_speed.py::TestPlacements::test_the_masks_and_the_cache_give_the_plain_",
    "engine/test_duel_speed.py::TestTheTurnsFastPaths::test_the_victory_check_gives_tracks_",
    "engine/test_duel_speed_2.py::TestRandomStep::test_same_step_as_the_agents_pick_stopped_",
    "language/test_kony_cards.py::TestNoCardNameInCode",
    "language/test_language_fuzz.py::TestNeverRaises",
    "language/test_language_render.py::test_generated_cards_round_trip",
    "scenarios/test_kony_cards_matter.py::test_each_deck_cards_text_removed_fails_one_of_its_",
    "surfaces/test_cli.py::test_check_the_builtin_cards",
    "surfaces/test_cli_fmt_cards.py::test_random_files_keep_definitions_and_comments",
    "surfaces/test_event_sentences.py::test_each_kind_reads_as_a_sentence_in_each_game_that_",
    "trust/test_hostile_scenarios.py::test_the_bomb_through_the_cli_exits_1_fast_and_small",
    "verify/test_card_check.py::TestProofCodes::test_the_built_in_cards_are_proved",
    "verify/test_duel_coverage_concrete.py::test_random_games_keep_every_invariant_and_both_",
    "verify/test_kony_concrete.py::test_random_games_keep_every_invariant_and_both_readings_",
)
FIRST = ("site/", "verify/test_kony_proofs.py", "verify/test_duel_proofs_cards.py",
         "verify/test_duel_proofs.py", "verify/test_proofs.py",
         "verify/test_duel_proofs_differential.py", "verify/test_kony_differential.py")
"""The heaviest scopes, sent to the xdist workers first: the last a worker takes is short."""


def _scope(path: str) -> str:
    """The xdist work unit of a test file (its path under tests/): the file itself, and one
    unit for the whole site folder, whose tests share one ``mkdocs build --strict``
    (tests/site/conftest.py: a session fixture, built once per worker that runs one)."""
    return "site/" if path.startswith("site/") else path


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Marks the tests of ``SLOW`` ``slow``; in an xdist worker, puts the ``FIRST`` scopes
    first (the order the controller hands the scopes out)."""
    tests = Path(__file__).parent
    missing = [s for s in SLOW if not (tests / s.split("::")[0]).exists()]
    if missing:
        raise pytest.UsageError(f"tests/conftest.py: SLOW names no such file: {missing}")
    for item in items:
        path = item.path.relative_to(tests).as_posix()
        test = path + item.nodeid.partition("::")[1] + item.nodeid.partition("::")[2]
        if any(path == s or (s.endswith("/") and path.startswith(s))
               or ("::" in s and test.startswith(s)) for s in SLOW):
            item.add_marker(pytest.mark.slow)
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: _scope(item.path.relative_to(tests).as_posix()) not in FIRST)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadfile`` (as `make test` and `make check` run pytest): each test file runs
    whole on one worker, so that a module-scoped fixture (a proof run, a browser) is made
    once, and the site folder is one unit (see ``_scope``), handed out in collection order
    (``FIRST`` first), not by size. (xdist's ``loadgroup`` does not group with pytest 9.2:
    it renames ``item._nodeid``, which pytest no longer reads.)"""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return _scope(nodeid.split("::")[0].removeprefix("tests/"))

    config.option.loadscopereorder = False
    return ByFile(config, log)
