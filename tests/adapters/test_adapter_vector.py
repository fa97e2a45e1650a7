"""N games stepped together (kot_rules.adapters.vector): PettingZoo's own parallel-API
checks, the same games whatever N, each game the single environment's game of its seed,
games that end starting the next one, and illegal actions refused before any game moves."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test  # type: ignore[import-untyped]

from kot_rules.adapters.pettingzoo import KotEnv
from kot_rules.adapters.vector import VectorEnv, game_seeds
from kot_rules.engine.errors import IllegalActionError

CASES = [("king-of-tokyo", 4), ("king-of-tokyo-duel", 2), ("king-of-new-york", 3)]


@dataclass
class Slot:
    """What one slot did: per step the seat, the observation, the mask and the action;
    and every game it finished."""

    steps: list[tuple[int, bytes, bytes, int]] = field(default_factory=list)
    games: list[tuple[int, list[int], list[float]]] = field(default_factory=list)
    """(seed, actions, returns) of each finished game."""
    actions: list[int] = field(default_factory=list)


def run(env: VectorEnv, steps: int, seed: int) -> list[Slot]:
    """``steps`` steps from ``reset(seed=seed)``; slot i picks with its own generator."""
    env.reset(seed=seed)
    picks = [random.Random(f"vector-test/{i}") for i in range(env.num_games)]
    slots = [Slot() for _ in range(env.num_games)]
    for _ in range(steps):
        actions = []
        for i, slot in enumerate(slots):
            legal = np.flatnonzero(env.action_masks[i])
            action = int(legal[int(picks[i].random() * len(legal))])
            slot.steps.append((int(env.seats[i]), env.observations[i].tobytes(),
                               env.action_masks[i].tobytes(), action))
            slot.actions.append(action)
            actions.append(action)
        seeds = list(env.seeds)
        returns, ended = env.step_arrays(actions)
        for i in np.flatnonzero(ended).tolist():
            slots[i].games.append((seeds[i], slots[i].actions, returns[i].tolist()))
            slots[i].actions = []
    return slots


class TestApi:
    @pytest.mark.parametrize(("game_id", "players"), CASES)
    def test_parallel_api_test(self, game_id: str, players: int) -> None:
        parallel_api_test(VectorEnv(game_id, players, num_games=3), num_cycles=150)

    def test_spaces_and_arrays(self) -> None:
        env = VectorEnv(num_games=5)
        obs, infos = env.reset(seed=1)
        assert env.possible_agents == [f"game_{i}" for i in range(5)]
        assert env.observations.shape == (5, env.observer.size)
        assert env.action_masks.shape == (5, env.shape.codec.size)
        for i, agent in enumerate(env.possible_agents):
            assert env.observation_space(agent).contains(obs[agent])
            assert infos[agent] == {"seat": 0, "seed": env.seeds[i]}
            assert env.action_masks[i].sum() > 0


class TestSameGames:
    """Slot i plays the same games whatever the number of slots."""

    @pytest.mark.parametrize(("game_id", "players"), CASES[:2])
    def test_whatever_n(self, game_id: str, players: int) -> None:
        one = run(VectorEnv(game_id, players, num_games=1), 250, seed=7)
        three = run(VectorEnv(game_id, players, num_games=3), 250, seed=7)
        assert three[0].steps == one[0].steps and three[0].games == one[0].games
        assert three[1].steps != three[0].steps
        assert [g[0] for g in three[2].games] == [
            s for s, _ in zip(game_seeds(7, 2), three[2].games, strict=False)]

    def test_each_game_is_the_single_environments_game(self) -> None:
        slots = run(VectorEnv("king-of-tokyo", 2, num_games=4), 300, seed=3)
        finished = [g for slot in slots for g in slot.games]
        assert len(finished) >= 4
        single = KotEnv("king-of-tokyo", 2)
        for game_seed, actions, returns in finished:
            single.reset(seed=game_seed)
            for action in actions:
                seat = single.node.player
                assert single.observe(f"player_{seat}")["action_mask"][action] == 1
                single.step(action)
            assert single.node.is_terminal()
            assert single.node.returns() == returns

    def test_observations_are_the_single_environments(self) -> None:
        env = VectorEnv("king-of-new-york", 3, num_games=2)
        env.reset(seed=11)
        single = KotEnv("king-of-new-york", 3)
        single.reset(seed=env.seeds[1])
        rng = random.Random(2)
        for _ in range(60):
            seat = int(env.seats[1])
            mine = single.observe(f"player_{seat}")
            assert env.observations[1].tolist() == mine["observation"].tolist()
            assert env.action_masks[1].tolist() == mine["action_mask"].tolist()
            actions = [int(rng.choice(np.flatnonzero(env.action_masks[i]))) for i in range(2)]
            _returns, ended = env.step_arrays(actions)
            if ended[1]:
                break
            single.step(actions[1])


class TestGamesEnd:
    def test_an_ended_game_reports_and_the_next_starts(self) -> None:
        env = VectorEnv("king-of-tokyo", 2, num_games=2)
        obs, _infos = env.reset(seed=5)
        rng = random.Random(5)
        for _ in range(2000):
            acts = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"])))
                    for a in env.agents}
            movers = env.seats.copy()
            before = list(env.seeds)
            obs, rewards, terminated, truncated, infos = env.step(acts)
            assert not any(terminated.values()) and not any(truncated.values())
            ended = [i for i in range(2) if "returns" in infos[f"game_{i}"]]
            if ended:
                i = ended[0]
                info: dict[str, Any] = infos[f"game_{i}"]
                assert sorted(info["returns"]) == [-1.0, 1.0]
                assert info["returns"][info["winner"]] == 1.0
                assert rewards[f"game_{i}"] == info["returns"][int(movers[i])]
                assert env.seeds[i] != before[i] and env.games_ended[i] == 1
                seeds = game_seeds(5, i)
                assert env.seeds[i] == [next(seeds), next(seeds)][1]
                return
            assert all(r == 0.0 for r in rewards.values())
        pytest.fail("no game ended in 2000 steps")


class TestIllegal:
    def test_refused_before_any_game_moves(self) -> None:
        env = VectorEnv(num_games=3)
        env.reset(seed=2)
        observations, masks = env.observations.copy(), env.action_masks.copy()
        states = [t.node.state for t in env.tables]
        actions = [int(np.flatnonzero(masks[i])[0]) for i in range(3)]
        actions[2] = int(np.flatnonzero(masks[2] == 0)[0])
        with pytest.raises(IllegalActionError, match="game_2"):
            env.step_arrays(actions)
        with pytest.raises(IllegalActionError, match="game_0"):
            env.step_arrays([-1, actions[1], actions[1]])
        with pytest.raises(ValueError, match="expected 3 actions"):
            env.step_arrays(actions[:2])
        assert (env.observations == observations).all() and (env.action_masks == masks).all()
        assert [t.node.state for t in env.tables] == states
