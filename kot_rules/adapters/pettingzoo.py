"""Every game of the family as a PettingZoo AEC environment (docs/adapters.md).

Agents are ``player_0`` .. ``player_{n-1}`` (seat order). The action space is
``Discrete(num_distinct_actions)`` of :class:`~kot_rules.adapters.encoding.ActionCodec`;
an observation is ``{"observation": Box, "action_mask": Box}`` with the layout of
:mod:`kot_rules.adapters.observation`. Chance (the deck's shuffle, every roll, the
first player) is drawn inside ``reset`` and ``step`` from the environment's own
generator: ``reset(seed=s)`` makes the game a function of ``s`` and the actions.
Rewards come at the end: +1 to the winner, -1/(n-1) to each other monster, 0 in a draw.

Needs the ``pettingzoo`` extra: ``pip install 'kot-rules[pettingzoo]'``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from kot_rules.adapters import observation
from kot_rules.adapters.requirement import require
from kot_rules.adapters.table import Table
from kot_rules.adapters.tree import Node, Shape
from kot_rules.engine.options import FirstPlayerRule, Options
from kot_rules.games import DEFAULT_GAME
from kot_rules.games import get as get_definition

np: Any = require("numpy", "pettingzoo")
spaces: Any = require("gymnasium.spaces", "pettingzoo")
pz_env: Any = require("pettingzoo.utils.env", "pettingzoo")
pz_wrappers: Any = require("pettingzoo.utils.wrappers", "pettingzoo")


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class KotEnv(pz_env.AECEnv):  # type: ignore[misc]
    """A game of the family as an AEC environment (the raw one: see :func:`env`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "kot_rules", "render_modes": ["ansi", "human"], "is_parallelizable": False,
    }  # fmt: skip

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        players: int = 4,
        *,
        tokyo_bay: bool | None = None,
        first_player: str = FirstPlayerRule.SEAT_ORDER.value,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        definition = get_definition(game)
        options = Options(tokyo_bay=tokyo_bay, first_player=FirstPlayerRule(first_player))
        self.game = definition.new_game(players, options=options)
        self.shape = Shape(self.game)
        self.observer = observation.Observer(self.game)
        self.layout = self.observer.layout
        self.render_mode = render_mode
        self.possible_agents = [agent_name(i) for i in range(self.game.num_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.shape.codec.size
        self._action_space = spaces.Discrete(size)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, np.inf, (self.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.table = Table(self.shape)

    @property
    def node(self) -> Node:
        """The game's tree node (its ``state`` is the engine state)."""
        return self.table.node

    # -- spaces ------------------------------------------------------------------------

    def observation_space(self, agent: str) -> Any:
        return self._observation_space

    def action_space(self, agent: str) -> Any:
        return self._action_space

    # -- the game ----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; with ``seed``, the same game every time for the same actions."""
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def step(self, action: int | None) -> None:
        """Play ``action`` (an id of the action space) for the selected agent, then draw
        chance until someone decides; raises IllegalActionError (a ValueError) if the id
        is not legal now, the game unchanged."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for an agent whose game is over")
        self.table.step(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._select()
        self._accumulate_rewards()

    def _select(self) -> None:
        """The agent that decides now, or every agent's end of the game."""
        node = self.table.node
        if node.is_terminal():
            for agent, value in zip(self.possible_agents, node.returns(), strict=True):
                if agent in self.agents:
                    self.rewards[agent] = value
                    self.terminations[agent] = True
            self.agent_selection = self.agents[0]
            return
        self.agent_selection = self.possible_agents[node.current_player()]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        node = self.table.node
        obs = np.zeros(self.observer.size, np.float32)
        places, values = self.observer.entries(node, seat)
        obs[places] = values
        mask = np.zeros(self.shape.codec.size, np.int8)
        ids = node.decision_ids() if node.player == seat else ()
        if ids:
            mask[ids,] = 1
        return {"observation": obs, "action_mask": mask}

    def render(self) -> str | None:
        text = observation.describe(self.table.node, 0)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


# The attributes an AEC loop reads at every step (agent_iter, last, step). PettingZoo's
# wrappers find them by __getattr__ after a failed look-up, at each of the two wrappers;
# the wrappers below pass them on by properties instead, with the same before-reset error.
_PASSED_ON = (
    "agent_selection", "agents", "rewards", "terminations", "truncations", "infos",
    "_cumulative_rewards",
)  # fmt: skip


def _passed_on(name: str, *, after_reset: bool) -> property:
    def get(self: Any) -> Any:
        if after_reset and not self._has_reset and name != "_cumulative_rewards":
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(get)


class BoundsWrapper(pz_wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper``, passing on the per-step attributes."""


class OrderWrapper(pz_wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, passing on the per-step attributes."""


for _name in _PASSED_ON:
    setattr(BoundsWrapper, _name, _passed_on(_name, after_reset=False))
    setattr(OrderWrapper, _name, _passed_on(_name, after_reset=True))


def env(game: str = DEFAULT_GAME, players: int = 4, **kwargs: Any) -> Any:
    """The environment with PettingZoo's usual checks (order of calls, bounds of actions)."""
    raw = KotEnv(game, players, **kwargs)
    return OrderWrapper(BoundsWrapper(raw))
