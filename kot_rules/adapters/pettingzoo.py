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

from collections.abc import Iterator
from typing import Any, ClassVar

from kot_rules.adapters import observation
from kot_rules.adapters.requirement import require
from kot_rules.adapters.table import Table
from kot_rules.adapters.tree import Node, Shape
from kot_rules.engine.options import FirstPlayerRule, Options
from kot_rules.engine.state import State
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
    agent_selection: str

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
        self._masks: dict[tuple[int, ...], Any] = {}
        """The mask of each set of legal ids met (a copy is handed out)."""

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
        table = self.table
        table.step(int(action))
        self._cumulative_rewards[agent] = 0.0
        player = table.node.player
        if player >= 0:
            # Rewards come only at the end: every reward is still 0, nothing to clear
            # or add up (PettingZoo's _clear_rewards and _accumulate_rewards).
            self.agent_selection = self.possible_agents[player]
            return
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
        """``{"observation": vector, "action_mask": mask}`` for ``agent`` now (an
        :class:`Observation`: the vector is written the first time it is read)."""
        seat = self._seat[agent]
        node = self.table.node
        ids = node.decision_ids() if node.player == seat else ()
        mask = self._masks.get(ids)
        if mask is None:
            if len(self._masks) >= MASK_CACHE_LIMIT:
                self._masks.clear()
            mask = self._masks[ids] = np.zeros(self.shape.codec.size, np.int8)
            if ids:
                mask[ids,] = 1
        # Reading node.state freezes the state for the vector (copy-on-write: the next
        # move copies it first). Always at a decision or at the end: no roll under way.
        obs = Observation(observation=None, action_mask=mask.copy())
        obs._source = (self.observer, node.state, seat)
        return obs

    def render(self) -> str | None:
        text = observation.describe(self.table.node, 0)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


MASK_CACHE_LIMIT = 10_000
"""Most masks an environment keeps (a full cache is emptied: only rebuilding costs)."""


class Observation(dict):  # type: ignore[type-arg]
    """What :meth:`KotEnv.observe` returns: the dict ``{"observation": vector,
    "action_mask": mask}``, whose vector is written the first time it is read.

    An agent that reads only the mask (a random or scripted one) never pays for the
    vector. Any read of the vector, of the values (``get``, ``items``, ``values``,
    ``copy``, ``dict(obs)``, ``{**obs}``, ``==``, ``repr``, pickling) and any change
    writes it first, from the position as it was when observed: the same numbers as an
    eager dict. ``copy``, ``copy.copy`` and pickling give a plain dict.
    """

    __slots__ = ("_source",)

    _source: tuple[observation.Observer, State | None, int] | None
    """What writes the vector (None once written). Set by :meth:`KotEnv.observe`, which
    makes every Observation (a Python ``__init__`` would double the cost of one)."""

    def _write(self) -> None:
        source = self._source
        if source is not None:
            self._source = None
            observer, state, seat = source
            vector = np.zeros(observer.size, np.float32)
            if state is not None:
                places, values = observer.state_entries(state, seat)
                vector[places] = values
            dict.__setitem__(self, "observation", vector)

    def __getitem__(self, key: str) -> Any:
        if self._source is not None and key != "action_mask":
            self._write()
        return dict.__getitem__(self, key)

    def __iter__(self) -> Iterator[str]:
        # Defined so that dict(obs) and {**obs} read the values through __getitem__
        # (CPython copies a dict's own storage only when __iter__ is dict's).
        return dict.__iter__(self)

    def __reduce__(self) -> tuple[type, tuple[dict[str, Any]]]:
        return dict, (dict(self.items()),)

    def __reduce_ex__(self, protocol: Any) -> tuple[type, tuple[dict[str, Any]]]:
        return self.__reduce__()


def _written_first(name: str) -> Any:
    method = getattr(dict, name)

    def call(self: Observation, *args: Any, **kwargs: Any) -> Any:
        self._write()
        return method(self, *args, **kwargs)

    call.__name__ = name
    call.__doc__ = method.__doc__
    return call


# Every other dict method that reads or changes a value.
for _name in (
    "get", "items", "values", "copy", "pop", "popitem", "setdefault", "update", "clear",
    "__setitem__", "__delitem__", "__eq__", "__ne__", "__or__", "__ror__", "__ior__",
    "__repr__",
):  # fmt: skip
    setattr(Observation, _name, _written_first(_name))


# The attributes an AEC loop reads at every step (agent_iter, last, step). PettingZoo's
# wrappers find them by __getattr__ after a failed look-up, at each of the two wrappers;
# the wrappers below read them from the raw environment by properties instead, with the
# same before-reset error.
_PASSED_ON = (
    "agent_selection", "agents", "rewards", "terminations", "truncations", "infos",
    "_cumulative_rewards",
)  # fmt: skip


def _passed_on(name: str, *, after_reset: bool) -> property:
    def get(self: Any) -> Any:
        if after_reset and not self._has_reset and name != "_cumulative_rewards":
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._raw, name)

    return property(get)


class BoundsWrapper(pz_wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper``, passing on the per-step attributes; a
    Python int is checked against the bounds of the ids directly (what the action
    space's ``contains`` decides for it)."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self._raw = env.unwrapped
        space = env.action_space(env.possible_agents[0])
        self._ids = int(space.n) if int(space.start) == 0 else 0

    def step(self, action: Any) -> None:
        if type(action) is int and 0 <= action < self._ids:
            self.env.step(action)
        else:
            super().step(action)


class OrderWrapper(pz_wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, passing on the per-step attributes; its
    ``step`` and ``last`` reach the wrapped environment's in one call."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self._raw = env.unwrapped

    def step(self, action: Any) -> None:
        if not self._has_reset or not self._raw.agents:
            super().step(action)  # PettingZoo's error or warning
            return
        self._has_updated = True
        self.env.step(action)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        # The wrappers observe as the raw environment does.
        result: tuple[Any, float, bool, bool, dict[str, Any]] = self._raw.last(observe)
        return result


for _name in _PASSED_ON:
    setattr(BoundsWrapper, _name, _passed_on(_name, after_reset=False))
    setattr(OrderWrapper, _name, _passed_on(_name, after_reset=True))


def env(game: str = DEFAULT_GAME, players: int = 4, **kwargs: Any) -> Any:
    """The environment with PettingZoo's usual checks (order of calls, bounds of actions)."""
    raw = KotEnv(game, players, **kwargs)
    return OrderWrapper(BoundsWrapper(raw))
