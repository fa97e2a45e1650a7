"""Every registered game as a PettingZoo AEC environment (kot_rules.adapters.pettingzoo)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test  # type: ignore[import-untyped]

from kot_rules import games
from kot_rules.adapters.pettingzoo import KotEnv, env
from kot_rules.engine.errors import IllegalActionError

GAMES = [(gid, n) for gid in games.ids()
         for n in sorted({games.get(gid).min_players, games.get(gid).max_players})]


def _play(e: Any, seed: int) -> list[tuple[str, int | None]]:
    """A whole game: each agent picks a legal id at random (from ``seed``)."""
    rng = random.Random(f"pettingzoo-test/{seed}")
    e.reset(seed=seed)
    played: list[tuple[str, int | None]] = []
    for agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        action = None
        if not (terminated or truncated):
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
        played.append((agent, action))
    return played


class TestApi:
    """PettingZoo's own checks (pettingzoo.test.api_test) for every game."""

    # api_test warns about any Dict observation space, the form PettingZoo documents for
    # action masks: nothing to fix.
    @pytest.mark.filterwarnings("ignore:Observation:UserWarning")
    @pytest.mark.parametrize(("game_id", "players"), GAMES)
    def test_api_test(self, game_id: str, players: int) -> None:
        api_test(env(game_id, players), num_cycles=200)

    def test_spaces(self) -> None:
        e = KotEnv(players=3)
        e.reset(seed=0)
        assert e.possible_agents == ["player_0", "player_1", "player_2"]
        obs = e.observe("player_0")
        assert e.observation_space("player_0").contains(obs)
        assert e.action_space("player_0").n == e.shape.codec.size
        assert obs["action_mask"].sum() > 0
        assert e.observe("player_1")["action_mask"].sum() == 0


class TestWholeGame:
    """A seeded game ends with a winner; the rewards are +1 and -1/(n-1), summing to 0."""

    def test_terminal_with_a_winner(self) -> None:
        e = env(players=4)
        rewards: dict[str, float] = {}
        rng = random.Random(1)
        e.reset(seed=11)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                rewards[agent] = reward
                e.step(None)
            else:
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert sorted(rewards.values()) == pytest.approx([-1 / 3] * 3 + [1.0])
        state = e.unwrapped.node.state
        assert state.is_terminal() and rewards[f"player_{state.outcome.winner}"] == 1.0

    def test_illegal_action_is_refused(self) -> None:
        e = KotEnv(players=2)
        e.reset(seed=0)
        mask = e.observe(e.agent_selection)["action_mask"]
        illegal = int(np.flatnonzero(mask == 0)[-1])
        before = e.node.state
        with pytest.raises(IllegalActionError):
            e.step(illegal)
        assert e.node.state is before


class TestDeterminism:
    """``reset(seed=s)`` and the same actions give the same game; another seed another."""

    def test_same_seed_same_trajectory(self) -> None:
        first = _play(env(players=3), 8)
        assert _play(env(players=3), 8) == first
        assert _play(env(players=3), 9) != first

    def test_reset_with_the_same_seed_replays(self) -> None:
        e = env(players=2)
        assert _play(e, 4) == _play(e, 4)
