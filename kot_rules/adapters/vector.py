"""Many games stepped together for self-play: a PettingZoo parallel environment.

One agent per game (``game_0`` .. ``game_{N-1}``), standing for whichever monster decides
in that game now: one policy plays every seat, seeing each position from the seat that
decides. Each :meth:`VectorEnv.step` takes one decision per game; chance is drawn inside,
each game from its own generator; a game that ends starts the next one in its slot at
once (its agent never terminates). Observations and legal-action masks are rows of two
numpy arrays, :attr:`VectorEnv.observations` (N x observation size) and
:attr:`VectorEnv.action_masks` (N x action ids), with the layout and ids of the AEC
environment (:mod:`.pettingzoo`). :meth:`VectorEnv.step_arrays` steps from an array of
actions without the dictionaries of the PettingZoo API.

Seeds: ``reset(seed=s)`` gives slot ``i`` the games whose seeds its own generator,
seeded by ``(s, i)``, draws one after the other (:func:`game_seeds`). Slot ``i`` plays the
same games whatever the number of slots, and a game of seed ``g`` is the game that
``kot_rules.adapters.pettingzoo.env(...).reset(seed=g)`` plays for the same decisions.

Needs the ``pettingzoo`` extra: ``pip install 'kot-rules[pettingzoo]'``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from kot_rules.adapters import observation
from kot_rules.adapters.requirement import require
from kot_rules.adapters.table import Table
from kot_rules.adapters.tree import Shape
from kot_rules.engine.errors import IllegalActionError
from kot_rules.engine.options import FirstPlayerRule, Options
from kot_rules.games import DEFAULT_GAME
from kot_rules.games import get as get_definition

np: Any = require("numpy", "pettingzoo")
spaces: Any = require("gymnasium.spaces", "pettingzoo")
pz_env: Any = require("pettingzoo.utils.env", "pettingzoo")

SEED_LIMIT = 2**63
"""Game seeds are drawn below this."""


def game_seeds(seed: int, slot: int) -> Iterator[int]:
    """The seeds of the games slot ``slot`` plays after ``reset(seed=seed)``, in order."""
    rng = random.Random(f"kot-rules/vector/{seed}/{slot}")
    while True:
        yield rng.randrange(SEED_LIMIT)


def agent_name(slot: int) -> str:
    return f"game_{slot}"


class VectorEnv(pz_env.ParallelEnv):  # type: ignore[misc]
    """``num_games`` games of one definition, stepped together (see the module)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "kot_rules_vector", "render_modes": [], "is_parallelizable": True,
    }  # fmt: skip

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        players: int = 4,
        num_games: int = 64,
        *,
        tokyo_bay: bool | None = None,
        first_player: str = FirstPlayerRule.SEAT_ORDER.value,
    ) -> None:
        if num_games < 1:
            raise ValueError(f"num_games must be at least 1, got {num_games}")
        definition = get_definition(game)
        options = Options(tokyo_bay=tokyo_bay, first_player=FirstPlayerRule(first_player))
        self.game = definition.new_game(players, options=options)
        self.shape = Shape(self.game)
        self.observer = observation.Observer(self.game)
        self.num_games = num_games
        self.possible_agents = [agent_name(i) for i in range(num_games)]
        self.agents = list(self.possible_agents)
        self.render_mode = None
        size = self.shape.codec.size
        self._action_space = spaces.Discrete(size)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, np.inf, (self.observer.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.observations = np.zeros((num_games, self.observer.size), np.float32)
        """Row ``i``: game ``i``'s position as the monster deciding there sees it."""
        self.action_masks = np.zeros((num_games, size), np.int8)
        """Row ``i``: 1 for each id legal in game ``i`` now."""
        self.seats = np.zeros(num_games, np.int64)
        """The seat that decides in each game now."""
        self.returns = np.zeros((num_games, self.game.num_players), np.float64)
        """Each game's returns per seat, set by the step that ended it (else 0)."""
        self.ended = np.zeros(num_games, np.bool_)
        """Which games the last step ended (their slots have started the next game)."""
        self.seeds = [0] * num_games
        """The seed of the game each slot plays now."""
        self.games_ended = [0] * num_games
        """How many games each slot has finished since the last reset."""
        self.tables = [Table(self.shape) for _ in range(num_games)]
        self._seeders: list[Iterator[int]] = []
        self._row_starts = np.arange(num_games, dtype=np.int64) * self.observer.size
        self._mask_starts = np.arange(num_games, dtype=np.int64) * size
        self._started = False

    # -- spaces ------------------------------------------------------------------------

    def observation_space(self, agent: str) -> Any:
        return self._observation_space

    def action_space(self, agent: str) -> Any:
        return self._action_space

    # -- the games ---------------------------------------------------------------------

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """Start a game in every slot: with ``seed``, the slots' first games of that
        seed; without, the next games of the seed given last (a random one at first)."""
        if seed is None and not self._started:
            seed = random.SystemRandom().randrange(SEED_LIMIT)
        if seed is not None:
            self._seeders = [game_seeds(seed, i) for i in range(self.num_games)]
            self._started = True
        self.agents = list(self.possible_agents)
        self.returns.fill(0)
        self.ended.fill(False)
        self.games_ended = [0] * self.num_games
        for i in range(self.num_games):
            self._start(i)
        self._write_all()
        return self._dicts()[0], self._infos()

    def step_arrays(self, actions: Sequence[int] | Any) -> tuple[Any, Any]:
        """Play ``actions[i]`` in game ``i`` for every game; returns :attr:`returns` and
        :attr:`ended` (the arrays themselves: read them before the next step). Raises
        IllegalActionError (a ValueError) naming the first game whose action is not
        legal, before any game moves."""
        acts = np.asarray(actions, dtype=np.int64)
        if acts.shape != (self.num_games,):
            raise ValueError(f"expected {self.num_games} actions, got shape {acts.shape}")
        size = self.action_masks.shape[1]
        inside = (acts >= 0) & (acts < size)
        legal = inside.copy()
        legal[inside] = self.action_masks[np.flatnonzero(inside), acts[inside]] == 1
        if not legal.all():
            i = int(np.flatnonzero(~legal)[0])
            raise IllegalActionError(
                f"{agent_name(i)}: action {int(acts[i])} is not legal now "
                f"(seat {int(self.seats[i])} decides; see action_masks[{i}])"
            )
        self.returns.fill(0)
        self.ended.fill(False)
        for i, action in enumerate(acts.tolist()):
            table = self.tables[i]
            table.step(action)
            if table.node.is_terminal():
                self.returns[i] = table.node.returns()
                self.ended[i] = True
                self.games_ended[i] += 1
                self._start(i)
        self._write_all()
        return self.returns, self.ended

    def step(self, actions: dict[str, int]) -> tuple[
        dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool],
        dict[str, dict[str, Any]],
    ]:  # fmt: skip
        """PettingZoo's parallel step: one action per agent (game). The reward of a game's
        agent is 0 until the game ends, then the return of the seat that took its last
        decision; ``infos[agent]`` has every seat's ``returns`` and the ``winner`` then.
        No agent terminates: its slot has started the next game."""
        missing = [a for a in self.agents if a not in actions]
        if missing:
            raise ValueError(f"no action for {', '.join(missing)}")
        movers = self.seats.copy()
        self.step_arrays([actions[a] for a in self.possible_agents])
        observations, rewards = self._dicts(movers)
        no = dict.fromkeys(self.possible_agents, False)
        return observations, rewards, no, dict(no), self._infos()

    def _start(self, i: int) -> None:
        """Slot ``i``'s next game (its row is written by :meth:`_write_all`)."""
        seed = next(self._seeders[i])
        self.seeds[i] = seed
        self.tables[i].reset(seed)

    def _write_all(self) -> None:
        """The rows of the observations and masks for every game as it is now, each array
        written by one numpy assignment (one a row costs more than the row's numbers)."""
        places: list[int] = []
        values: list[float] = []
        counts: list[int] = []
        ids: list[int] = []
        id_counts: list[int] = []
        seats: list[int] = []
        entries = self.observer.entries
        for table in self.tables:
            node = table.node
            seat = node.player
            seats.append(seat)
            at, vals = entries(node, seat)
            places += at
            values += vals
            counts.append(len(at))
            legal = node.decision_ids()
            ids += legal
            id_counts.append(len(legal))
        self.seats[:] = seats
        flat = self.observations.reshape(-1)
        flat.fill(0)
        flat[np.asarray(places, np.int64) + np.repeat(self._row_starts, counts)] = values
        flat_masks = self.action_masks.reshape(-1)
        flat_masks.fill(0)
        flat_masks[np.asarray(ids, np.int64) + np.repeat(self._mask_starts, id_counts)] = 1

    def _dicts(self, movers: Any = None) -> tuple[dict[str, Any], dict[str, float]]:
        # Copies: the rows change with the next step.
        obs, masks = self.observations.copy(), self.action_masks.copy()
        observations = {
            a: {"observation": obs[i], "action_mask": masks[i]}
            for i, a in enumerate(self.possible_agents)
        }
        rewards = {a: 0.0 for a in self.possible_agents}
        if movers is not None:
            for i in np.flatnonzero(self.ended).tolist():
                rewards[agent_name(i)] = float(self.returns[i, movers[i]])
        return observations, rewards

    def _infos(self) -> dict[str, dict[str, Any]]:
        infos: dict[str, dict[str, Any]] = {}
        for i, a in enumerate(self.possible_agents):
            info: dict[str, Any] = {"seat": int(self.seats[i]), "seed": self.seeds[i]}
            if self.ended[i]:
                info["returns"] = self.returns[i].tolist()
                info["winner"] = int(np.argmax(self.returns[i])) if self.returns[i].any() else None
            infos[a] = info
        return infos

    def render(self) -> None:
        return None

    def close(self) -> None:
        pass
