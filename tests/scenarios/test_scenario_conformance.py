"""Every conformance scenario under spec/scenarios passes, names real rules, and together
the scenarios cover every rule and every decision of the rulebook."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from kot_rules import games
from kot_rules.paths import spec_dir
from kot_rules.rulebook import Rulebook, builtin_rulebook, load_rulebook
from kot_rules.scenarios.loader import read_scenario
from kot_rules.scenarios.model import Scenario
from kot_rules.scenarios.runner import run_paths

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "spec" / "scenarios"
FILES = sorted(p for p in SCENARIOS.rglob("*") if p.suffix in (".yaml", ".yml"))
IDS = [str(p.relative_to(SCENARIOS)) for p in FILES]


def _all_scenarios(game: str = "king-of-tokyo") -> list[Scenario]:
    """The scenarios of ``game`` (the rulebook whose coverage the tests below check)."""
    return [sc for sc in (read_scenario(p) for p in FILES) if sc.game == game]


# Rules and decisions of a game that no scenario can pin yet because the engine does not play
# them yet. The test below fails both when another rule lacks a scenario and when one of
# these gets one (then delete it here), so this list only shrinks.
PENDING: dict[str, frozenset[str]] = {
    "king-of-tokyo": frozenset(),
    "king-of-tokyo-duel": frozenset(),
    "king-of-new-york": frozenset(),
}


@functools.cache
def _rulebook(game: str) -> Rulebook:
    """The rulebook of ``game``, read once a session: reading New York's or Duel's file
    takes ~80 ms, and the scenario checks below ask for it twice per scenario."""
    if game == "king-of-tokyo":
        return builtin_rulebook()
    return load_rulebook(spec_dir() / "rules" / f"{game}.yaml")


def test_there_are_scenarios() -> None:
    assert FILES


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_scenario_passes(path: Path) -> None:
    report = run_paths([path], game=None)  # each in the game it names
    assert report.errors == [], "\n".join(report.errors)
    assert len(report.results) == 1
    (result,) = report.results
    assert result.ok, f"{result.line()}\n{result.details()}"


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_scenario_names_rules_of_the_rulebook(path: Path) -> None:
    scenario = read_scenario(path)
    slugs = {r.slug for r in _rulebook(scenario.game).rules}
    unknown = [r for r in scenario.rules if r not in slugs]
    assert not unknown, f"{path}: rule slug(s) not in spec/rules/{scenario.game}.yaml: {unknown}"
    decisions = {d.id for d in _rulebook(scenario.game).decisions}
    unknown = [t for t in scenario.tags if t.startswith("D-") and t not in decisions]
    assert not unknown, f"{path}: decision tag(s) not in spec/rules/{scenario.game}.yaml: {unknown}"


def test_every_game_has_a_pending_list() -> None:
    assert sorted(PENDING) == sorted(games.ids())


@pytest.mark.parametrize("game", games.ids())
def test_every_rule_is_named_by_a_scenario(game: str) -> None:
    named = {slug for sc in _all_scenarios(game) for slug in sc.rules}
    missing = {r.slug for r in _rulebook(game).rules if r.slug not in named}
    pending = {p for p in PENDING[game] if not p.startswith("D-")}
    assert not missing - pending, f"{game}: rules no scenario names: {sorted(missing - pending)}"
    assert not pending - missing, (
        f"{game}: named by a scenario now, delete from PENDING: {sorted(pending - missing)}"
    )


@pytest.mark.parametrize("game", games.ids())
def test_every_decision_is_covered_by_a_scenario(game: str) -> None:
    """A decision is covered by a scenario that names a rule taking that decision, or that
    has the decision id (D-...) among its tags."""
    book = _rulebook(game)
    decision_of = {r.slug: r.decision for r in book.rules if r.decision}
    covered: set[str] = set()
    for sc in _all_scenarios(game):
        covered.update(decision_of[s] for s in sc.rules if s in decision_of)
        covered.update(t for t in sc.tags if t.startswith("D-"))
    missing = {d.id for d in book.decisions if d.id not in covered}
    pending = {p for p in PENDING[game] if p.startswith("D-")}
    assert not missing - pending, (
        f"{game}: decisions no scenario covers: {sorted(missing - pending)}"
    )
    assert not pending - missing, (
        f"{game}: covered by a scenario now, delete from PENDING: {sorted(pending - missing)}"
    )
