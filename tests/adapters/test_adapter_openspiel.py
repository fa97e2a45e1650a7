"""Every registered game as an OpenSpiel game (kot_rules.adapters.openspiel)."""

from __future__ import annotations

import random
from typing import Any

import pyspiel  # type: ignore[import-untyped]
import pytest

from kot_rules import games
from kot_rules.adapters import openspiel
from kot_rules.adapters.observation import layout

GAMES = [(gid, n) for gid in games.ids()
         for n in range(games.get(gid).min_players, games.get(gid).max_players + 1)]


def _play(game: Any, seed: int) -> tuple[Any, list[int]]:
    rng = random.Random(f"openspiel-test/{seed}")
    state = game.new_initial_state()
    played: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        played.append(action)
    return state, played


class TestRegistration:
    """Every game of kot_rules.games is registered under its name, with its seat range."""

    def test_every_game_registered(self) -> None:
        names = set(pyspiel.registered_names())
        for gid in games.ids():
            assert openspiel.short_name(gid) in names
        assert [openspiel.short_name(g) for g in games.ids()] == openspiel.GAMES

    @pytest.mark.parametrize("game_id", games.ids())
    def test_type_and_info(self, game_id: str) -> None:
        d = games.get(game_id)
        game = pyspiel.load_game(openspiel.short_name(game_id), {"players": d.min_players})
        kind = game.get_type()
        assert (kind.min_num_players, kind.max_num_players) == (d.min_players, d.max_players)
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert game.num_players() == d.min_players
        assert game.observation_tensor_shape() == [layout(game.engine).size]

    def test_bad_parameter(self) -> None:
        with pytest.raises(ValueError, match="tokyo_bay must be one of"):
            pyspiel.load_game("python_kot_king_of_tokyo", {"players": 4, "tokyo_bay": "maybe"})


class TestRandomSimulation:
    """OpenSpiel's own checks (pyspiel.random_sim_test) for every game and player count."""

    @pytest.mark.parametrize(("game_id", "players"), GAMES)
    def test_random_sim(self, game_id: str, players: int) -> None:
        game = pyspiel.load_game(openspiel.short_name(game_id), {"players": players})
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)

    def test_random_sim_with_a_first_player_roll_and_the_bay(self) -> None:
        params = {"players": 5, "first_player": "roll", "tokyo_bay": "on"}
        game = pyspiel.load_game("python_kot_king_of_tokyo", params)
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


class TestWholeGame:
    """A seeded game through OpenSpiel ends with a winner; returns are zero-sum."""

    def test_terminal_with_a_winner(self) -> None:
        game = pyspiel.load_game("python_kot_king_of_tokyo", {"players": 4})
        state, _ = _play(game, 5)
        returns = state.returns()
        assert sorted(returns) == pytest.approx([-1 / 3] * 3 + [1.0])
        assert sum(returns) == pytest.approx(0.0)
        winner = state.node.state.outcome.winner
        assert returns[winner] == 1.0

    def test_clone_is_independent(self) -> None:
        game = pyspiel.load_game("python_kot_king_of_tokyo", {"players": 2})
        state = game.new_initial_state()
        for _ in range(80):
            state.apply_action(state.legal_actions()[0])
        before = (state.history(), state.legal_actions(), str(state))
        clone = state.clone()
        assert (clone.history(), clone.legal_actions(), str(clone)) == before
        while len(clone.history()) < 200 and not clone.is_terminal():
            clone.apply_action(clone.legal_actions()[-1])
        assert (state.history(), state.legal_actions(), str(state)) == before
        assert str(clone) != str(state)

    def test_information_state_hides_the_deal(self) -> None:
        game = pyspiel.load_game("python_kot_king_of_tokyo", {"players": 2})
        state = game.new_initial_state()
        state.apply_action(state.legal_actions()[0])
        text = state.information_state_string(0)
        assert "deal a card" in text and state.action_to_string(-1, 0) not in text


class TestDeterminism:
    """The same seed gives the same trajectory of ids, another seed another one."""

    def test_same_seed_same_trajectory(self) -> None:
        game = pyspiel.load_game("python_kot_king_of_tokyo", {"players": 3})
        first = _play(game, 2)[1]
        assert _play(game, 2)[1] == first
        assert _play(game, 3)[1] != first
