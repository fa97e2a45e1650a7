"""The floor under the adapters' playouts: OpenSpiel's and PettingZoo's own machinery, and
the random caller's own work, around a game that costs nothing.

A real game is played first through each adapter and every node it met is recorded (at a
chance node its outcomes, at a decision its legal ids or its mask, and who decides). A
null game then replays those nodes: its methods only read the record, so a playout of it
times what no adapter of any game can avoid on this machine, namely OpenSpiel's C++
``apply_action`` calling back into Python and keeping the history, PettingZoo's
``agent_iter``, ``last``, its two usual wrappers, and the caller's sampling of chance
outcomes or pick among a mask's ids, for games of the same length as the real ones.

Used by ``bench_adapters.py --floor``: an adapter takes at least this floor plus the
engine's own work for the same game, and ``simulate`` is the cheapest known way to do
that work, so ``simulate / (floor + simulate)`` bounds the ratio any adapter can reach.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
import pyspiel  # type: ignore[import-untyped]
from pettingzoo.utils.env import AECEnv  # type: ignore[import-untyped]

from kot_rules.adapters import openspiel as kot_openspiel
from kot_rules.adapters.pettingzoo import BoundsWrapper, KotEnv, OrderWrapper
from kot_rules.adapters.sampling import sample_outcome

Node = tuple[int, list[Any]]
"""Who moves (a seat, or -1 for chance) and what the caller gets there (the outcomes with
their probabilities, or the legal ids)."""


def record_openspiel(game_id: str, players: int, games: int, seed: int) -> list[list[Node]]:
    """The nodes of the games ``bench_adapters.openspiel`` plays (the same generator, the
    same sampler and picks: the same games)."""
    game = pyspiel.load_game(kot_openspiel.short_name(game_id), {"players": players})
    rng = random.Random(f"bench-adapters/openspiel/{seed}")
    out: list[list[Node]] = []
    for _ in range(games):
        state = game.new_initial_state()
        nodes: list[Node] = []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                nodes.append((-1, outcomes))
                action = sample_outcome(outcomes, rng.random())
            else:
                legal = state.legal_actions()
                nodes.append((state.current_player(), legal))
                action = legal[int(rng.random() * len(legal))]
            state.apply_action(action)
        out.append(nodes)
    return out


def record_pettingzoo(game_id: str, players: int, games: int, seed: int) -> list[list[Node]]:
    """The decisions of the games ``bench_adapters.pettingzoo`` plays (the same seeds and
    picks: the same games): the seat and its mask at each."""
    env = KotEnv(game_id, players)
    rng = random.Random(f"bench-adapters/pettingzoo/{seed}")
    out: list[list[Node]] = []
    for k in range(games):
        env.reset(seed=seed + k)
        nodes: list[Node] = []
        while not env.node.is_terminal():
            mask = env.observe(env.agent_selection)["action_mask"]
            nodes.append((env.node.player, mask))
            legal = mask.view(np.bool_).nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
        out.append(nodes)
    return out


def openspiel_floor(game_id: str, players: int, records: list[list[Node]]) -> Callable[[int], None]:
    """The benchmark's OpenSpiel playout (its sampler, its pick) of a null game that replays
    ``records``: ``run(games)`` plays the first ``games`` of them."""
    real = pyspiel.load_game(kot_openspiel.short_name(game_id), {"players": players})
    info = pyspiel.GameInfo(
        num_distinct_actions=real.num_distinct_actions(),
        max_chance_outcomes=real.max_chance_outcomes(),
        num_players=players, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
        max_game_length=real.max_game_length(),
    )  # fmt: skip
    game_type = real.get_type()

    class NullState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any, nodes: list[Node]) -> None:
            super().__init__(game)
            self.nodes = nodes
            self.i = 0
            self.end = len(nodes)

        def current_player(self) -> int:
            return pyspiel.PlayerId.TERMINAL if self.i == self.end else self.nodes[self.i][0]

        def is_terminal(self) -> bool:
            return self.i == self.end

        def is_chance_node(self) -> bool:
            return self.nodes[self.i][0] < 0

        def legal_actions(self, player: int | None = None) -> list[int]:
            return list(self.nodes[self.i][1])

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return list(self.nodes[self.i][1])

        def _apply_action(self, action: int) -> None:
            self.i += 1

        def returns(self) -> list[float]:
            return [0.0] * players

    class NullGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__(game_type, info, {})

    game = NullGame()

    def run(games: int) -> None:
        rng = random.Random("bench-adapters/floor/openspiel")
        for nodes in records[:games]:
            state = NullState(game, nodes)
            while not state.is_terminal():
                if state.is_chance_node():
                    action = sample_outcome(state.chance_outcomes(), rng.random())
                else:
                    legal = state.legal_actions()
                    action = legal[int(rng.random() * len(legal))]
                state.apply_action(action)

    return run


class NullEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment that replays recorded decisions: ``observe`` hands out the
    recorded mask (no copy), ``step`` moves to the next one; rewards all 0."""

    metadata: ClassVar[dict[str, Any]] = {"name": "kot_rules_floor", "is_parallelizable": False}

    def __init__(self, like: KotEnv, records: list[list[Node]]) -> None:
        super().__init__()
        self.records = records
        self.possible_agents = list(like.possible_agents)
        self._spaces = like.observation_space(like.possible_agents[0])
        self._actions = like.action_space(like.possible_agents[0])
        self.nodes: list[Node] = []
        self.i = 0

    def observation_space(self, agent: str) -> Any:
        return self._spaces

    def action_space(self, agent: str) -> Any:
        return self._actions

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.nodes = self.records[seed or 0]
        self.i = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.nodes[0][0]]

    def observe(self, agent: str) -> dict[str, Any]:
        return {"observation": None, "action_mask": self.nodes[min(self.i, self.end)][1]}

    @property
    def end(self) -> int:
        return len(self.nodes) - 1

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        self.i += 1
        if self.i < len(self.nodes):
            self.agent_selection = self.possible_agents[self.nodes[self.i][0]]
            return
        for a in self.agents:
            self.terminations[a] = True
        self.agent_selection = self.agents[0]


def pettingzoo_floor(
    game_id: str, players: int, records: list[list[Node]]
) -> Callable[[int], None]:
    """The benchmark's PettingZoo playout (``agent_iter``, ``last``, ``step`` through the
    same two wrappers, the same pick from the mask) of a :class:`NullEnv`."""
    env = OrderWrapper(BoundsWrapper(NullEnv(KotEnv(game_id, players), records)))

    def run(games: int) -> None:
        rng = random.Random("bench-adapters/floor/pettingzoo")
        for k in range(games):
            env.reset(seed=k)
            for _agent in env.agent_iter():
                obs, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = obs["action_mask"].view(np.bool_).nonzero()[0]
                env.step(int(legal[int(rng.random() * len(legal))]))

    return run
