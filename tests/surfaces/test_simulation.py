"""kot_rules.simulation: the loop behind ``kot-rules simulate``, usable without the CLI."""

from __future__ import annotations

import statistics

import pytest

from kot_rules import simulation
from kot_rules.engine import driver
from kot_rules.engine.game import Game
from kot_rules.games import DEFAULT_GAME, get
from kot_rules.simulation import TIMING_KEYS, SimulationError, Tally, play_games, simulate


def _game(players: int = 3) -> Game:
    return get(DEFAULT_GAME).new_game(players)


def test_tallies_of_disjoint_seed_ranges_add_up() -> None:
    game = _game()
    whole = play_games(game, range(1, 7))
    assert play_games(game, range(1, 4)) + play_games(game, range(4, 7)) == whole
    assert whole.games == 6 == sum(whole.wins) + whole.draws


def test_the_summary_counts_what_the_driver_plays() -> None:
    game = _game()
    finals = [driver.play(game, s, record=False).final for s in range(10, 15)]
    turns = [f.turn for f in finals if f is not None]
    got = simulate(game, 5, 10)
    assert got["games"] == 5
    assert got["mean_turns"] == statistics.fmean(turns)
    assert (got["min_turns"], got["max_turns"]) == (min(turns), max(turns))
    assert got["monsters"] == list(game.names)


def test_progress_is_reported_after_each_game() -> None:
    seen: list[int] = []
    simulate(_game(2), 3, 1, seen.append)
    assert seen == [1, 2, 3]


def test_the_summary_is_reproducible_but_for_the_timing() -> None:
    a, b = simulate(_game(), 4, 2), simulate(_game(), 4, 2)
    for key in TIMING_KEYS:
        assert a.pop(key) > 0
        del b[key]
    assert a == b


def test_a_game_that_does_not_end_is_a_simulation_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def stuck(*args: object, **kwargs: object) -> None:
        raise RuntimeError("game with seed 5 did not end within 200000 steps")

    monkeypatch.setattr(driver, "play", stuck)
    with pytest.raises(SimulationError, match="seed 5 did not end"):
        simulate(_game(), 2, 5)


def test_no_game_is_no_summary() -> None:
    with pytest.raises(SimulationError, match="no game"):
        simulation.summary(_game(), Tally(wins=[0, 0, 0]), 1, 1.0)
