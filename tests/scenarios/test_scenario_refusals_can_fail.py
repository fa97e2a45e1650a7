"""The refusal and new-game scenarios can fail.

* Every ``refuse:`` step, and every step of a ``legal``/``illegal`` expectation, of every
  scenario: with a game that answers that one step the other way (a refused step taken, an
  open one refused; every other step judged by the engine), the scenario fails, and says so
  at that step's line.
* Refusals the engine makes, turned off in the engine itself (a borough's capacity, Jinx
  Aura's binding, the spaces a Buzz tile may not cover, the dice tokens one may spend, the
  sweep's cost, a card's price): the scenarios that pin them fail.
* Each new-game scenario fails when the set-up it checks changes (the shop's size, the
  second player's energy, a stack's tiles).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from kot_rules.engine.cards import CardTable
from kot_rules.engine.state import State
from kot_rules.games import registry
from kot_rules.games.king_of_new_york import board as city
from kot_rules.games.king_of_new_york import rules as newyork
from kot_rules.games.king_of_tokyo_duel import board as tracks
from kot_rules.games.king_of_tokyo_duel import rules as duel
from kot_rules.language.cardset import builtin_card_set
from kot_rules.scenarios import runner
from kot_rules.scenarios.loader import read_scenario
from kot_rules.scenarios.model import JUDGED, Scenario, Step

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "spec" / "scenarios"
FILES = sorted(SCENARIOS.rglob("*.yaml"))


def _expects(sc: Scenario) -> Iterator[dict[str, Any]]:
    for step in sc.script:
        if step.kind == "expect":
            yield step.value
    if sc.expect is not None:
        yield sc.expect


def judged(sc: Scenario) -> list[tuple[str, Step]]:
    """Every step the scenario says is refused or open: (``refuse``/``legal``/``illegal``,
    the step)."""
    out = [("refuse", s.value) for s in sc.script if s.kind == "refuse"]
    for exp in _expects(sc):
        out += [(key, s) for key in JUDGED for s in exp.get(key, ())]
    return out


SCENARIO_OF: dict[str, Scenario] = {str(p.relative_to(SCENARIOS)): read_scenario(p)
                                    for p in FILES}
JUDGING = sorted(k for k, sc in SCENARIO_OF.items() if judged(sc))
NEW_GAMES = sorted(k for k, sc in SCENARIO_OF.items() if sc.setup.new_game is not None)
_TABLES: dict[str, CardTable] = {}


def run(key: str) -> runner.ScenarioResult:
    sc = SCENARIO_OF[key]
    table = _TABLES.get(sc.game)
    if table is None:
        table = _TABLES[sc.game] = CardTable.from_card_set(builtin_card_set(sc.game))
    return runner.run_scenario(sc, table)


def test_there_are_refusal_and_new_game_scenarios() -> None:
    refusals = [k for k in JUDGING if any(kind != "legal" for kind, _ in
                                          judged(SCENARIO_OF[k]))]
    assert len(refusals) >= 40
    for game in ("king-of-tokyo", "king-of-tokyo-duel", "king-of-new-york"):
        assert any(k.startswith(f"{game}/") for k in refusals), game
        assert any(k.startswith(f"{game}/") for k in NEW_GAMES), game


@pytest.mark.parametrize("key", JUDGING)
def test_each_judged_step_answered_the_other_way_fails_its_scenario(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(key).ok, run(key).details()
    honest = runner.step_refused
    for kind, target in judged(SCENARIO_OF[key]):

        def other_way(step: Step, state: State, at: str = "", *,
                      target: Step = target) -> bool:
            refused = honest(step, state, at)
            return not refused if step is target else refused

        monkeypatch.setattr(runner, "step_refused", other_way)
        result = run(key)
        monkeypatch.setattr(runner, "step_refused", honest)
        assert not result.ok, f"{key}: {kind} {runner.show_step(target)} (line {target.line})"
        said = result.problems[0]
        if kind == "refuse":
            assert f":{target.line}:" in said and "the game accepted" in said, said
        else:
            assert f"(line {target.line})" in said, said


def _full_boroughs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(city, "BOROUGH_CAPACITY", 3)


def _no_jinx(monkeypatch: pytest.MonkeyPatch) -> None:
    bound = newyork._bound
    monkeypatch.setattr(newyork, "_bound", lambda s: (False, bound(s)[1]))


def _tiles_anywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in (tracks, duel):  # duel.py holds its own reference
        monkeypatch.setattr(module, "busy_masks", lambda board, skip=None: (0, 0))


def _one_more_token(monkeypatch: pytest.MonkeyPatch) -> None:
    spendable = duel.spendable
    monkeypatch.setattr(duel, "spendable", lambda s: spendable(s) + 1)


def _with_shop(monkeypatch: pytest.MonkeyPatch, **shop: int) -> None:
    """Every registered game with its shop changed (GameRules.shop: the kernel reads a game's
    shop size and sweep cost from it)."""
    for game_id in registry.ids():
        d = registry.get(game_id)
        rules = replace(d.rules, shop=replace(d.rules.shop, **shop))
        monkeypatch.setitem(registry._GAMES, game_id, replace(d, rules=rules))


def _cheap_sweep(monkeypatch: pytest.MonkeyPatch) -> None:
    _with_shop(monkeypatch, sweep_cost=1)


def _free_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CardTable, "cost", lambda self, card_id: 0)


BROKEN_CHECKS: dict[str, tuple[Callable[[pytest.MonkeyPatch], None], list[str]]] = {
    "a borough takes three monsters": (_full_boroughs, [
        "king-of-new-york/refusals/placement-borough-full.yaml",
        "king-of-new-york/refusals/move-into-full-borough.yaml",
        "king-of-new-york/refusals/flee-into-full-borough.yaml",
        "king-of-new-york/new-game/four-monsters.yaml",
        "king-of-new-york/new-game/six-monsters.yaml",
    ]),
    "Jinx Aura binds nobody": (_no_jinx, [
        "king-of-new-york/refusals/jinx-aura-no-early-stop.yaml",
    ]),
    "a Buzz tile may cover a tile or a marker": (_tiles_anywhere, [
        "king-of-tokyo-duel/refusals/buzz-tile-not-on-a-tile-or-marker.yaml",
        "king-of-tokyo-duel/refusals/buzz-tile-not-across-a-marker.yaml",
    ]),
    "one dice token more than allowed": (_one_more_token, [
        "king-of-tokyo-duel/refusals/spend-only-tokens-held.yaml",
        "king-of-tokyo-duel/refusals/never-more-than-eight-dice.yaml",
    ]),
    "a sweep costs 1": (_cheap_sweep, [
        "king-of-tokyo/refusals/sweep-needs-two-energy.yaml",
    ]),
    "every card is free": (_free_cards, [
        "king-of-tokyo/refusals/buy-more-than-energy.yaml",
        "king-of-tokyo-duel/refusals/buy-more-than-energy.yaml",
        "king-of-new-york/refusals/buy-and-sweep-need-energy.yaml",
    ]),
}


@pytest.mark.parametrize("broken", list(BROKEN_CHECKS))
def test_turning_off_an_engine_check_fails_the_scenarios_that_pin_it(
    broken: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    patch, keys = BROKEN_CHECKS[broken]
    for key in keys:
        assert run(key).ok, f"{key}:\n{run(key).details()}"
    patch(monkeypatch)
    for key in keys:
        result = run(key)
        assert not result.ok, f"{key} passes with {broken}"
        assert any("the game accepted" in p or "is open" in p or "expected" in p
                   for p in result.problems), result.problems


def _small_shop(monkeypatch: pytest.MonkeyPatch) -> None:
    _with_shop(monkeypatch, size=2)


def _second_player_poor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(duel, "SECOND_PLAYER_ENERGY", 0)


def _short_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    laid_out = city.laid_out  # what newyork.prepare calls, by its own name

    def short(seats: int, seed: int) -> city.CityBoard:
        board = laid_out(seats, seed)
        bronx = city.BOROUGHS.index("bronx")
        stacks = list(board.stacks)
        stacks[bronx] = (stacks[bronx][0][1:], *stacks[bronx][1:])
        return replace(board, stacks=tuple(stacks))

    monkeypatch.setattr(newyork, "laid_out", short)


CHANGED_SETUPS: dict[str, tuple[Callable[[pytest.MonkeyPatch], None], list[str]]] = {
    "two cards face up": (_small_shop, NEW_GAMES),
    "no energy for the second player": (_second_player_poor, [
        "king-of-tokyo-duel/new-game/two-monsters.yaml",
    ]),
    "a stack of two tiles in the Bronx": (_short_stack, [
        "king-of-new-york/new-game/four-monsters.yaml",
        "king-of-new-york/new-game/six-monsters.yaml",
    ]),
}


@pytest.mark.parametrize("changed", list(CHANGED_SETUPS))
def test_a_changed_set_up_fails_the_new_game_scenarios(
    changed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    patch, keys = CHANGED_SETUPS[changed]
    assert keys
    for key in keys:
        assert run(key).ok, f"{key}:\n{run(key).details()}"
    patch(monkeypatch)
    for key in keys:
        assert not run(key).ok, f"{key} passes with {changed}"


def test_every_new_game_scenario_is_covered_by_a_changed_set_up() -> None:
    covered = {k for _, keys in CHANGED_SETUPS.values() for k in keys}
    assert covered == set(NEW_GAMES)
