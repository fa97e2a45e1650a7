"""Every game of the family as an OpenSpiel Python game (docs/adapters.md).

Importing this module registers, for each id of :func:`kot_rules.games.ids`, the
OpenSpiel game ``python_kot_<id with _ for ->`` (``python_kot_king_of_tokyo``) with
the parameters ``players`` (the definition's range), ``tokyo_bay`` (``auto``, ``on``
or ``off``) and ``first_player`` (an :class:`~kot_rules.engine.options.FirstPlayerRule`
value). Chance is explicit (:mod:`kot_rules.adapters.tree`): no seed anywhere.
Returns are zero-sum: +1 to the winner, -1/(n-1) to each other monster, 0 in a draw.

Needs the ``openspiel`` extra: ``pip install 'kot-rules[openspiel]'``.
"""

from __future__ import annotations

from typing import Any

from kot_rules.adapters import observation
from kot_rules.adapters.requirement import require
from kot_rules.adapters.tree import DEAL, FIRST, ROLL, Node, Shape
from kot_rules.engine.driver import MAX_STEPS
from kot_rules.engine.game import Game
from kot_rules.engine.options import FirstPlayerRule, Options
from kot_rules.engine.state import CHANCE, TERMINAL
from kot_rules.games import GameDefinition, definitions

pyspiel: Any = require("pyspiel", "openspiel")
np: Any = require("numpy", "openspiel")

DEFAULT_PLAYERS = 4
"""The player count when none is given (clamped into a game's range)."""
BAY_CHOICES = {"auto": None, "on": True, "off": False}
# The engine's ids of chance and of the end are OpenSpiel's: the adapter passes them on.
if (int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)) != (CHANCE, TERMINAL):
    raise ImportError("OpenSpiel's player ids of chance and of the end are not the engine's")


def short_name(game_id: str) -> str:
    """The OpenSpiel name of the game ``game_id``."""
    return "python_kot_" + game_id.replace("-", "_")


def game_type(definition: GameDefinition) -> Any:
    """The OpenSpiel ``GameType`` of a game of the family."""
    players = min(max(DEFAULT_PLAYERS, definition.min_players), definition.max_players)
    return pyspiel.GameType(
        short_name=short_name(definition.id),
        long_name=f"{definition.title} (kot-rules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        # The deck's order is hidden from every monster.
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=definition.max_players,
        min_num_players=definition.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": players,
            "tokyo_bay": "auto",
            "first_player": FirstPlayerRule.SEAT_ORDER.value,
        },
    )


def engine_game(definition: GameDefinition, params: dict[str, Any]) -> Game:
    """The kot-rules game an OpenSpiel game's parameters describe; raises ConfigError."""
    bay = str(params.get("tokyo_bay", "auto"))
    if bay not in BAY_CHOICES:
        raise ValueError(f"tokyo_bay must be one of {sorted(BAY_CHOICES)}, got {bay!r}")
    first = FirstPlayerRule(str(params.get("first_player", FirstPlayerRule.SEAT_ORDER.value)))
    options = Options(tokyo_bay=BAY_CHOICES[bay], first_player=first)
    return definition.new_game(int(params["players"]), options=options)


class KotGame(pyspiel.Game):  # type: ignore[misc]
    """One game of the family with its parameters, as OpenSpiel sees it."""

    definition: GameDefinition

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        kind = game_type(self.definition)
        merged = {**kind.parameter_specification, **(params or {})}
        engine = engine_game(self.definition, merged)
        shape = Shape(engine)
        n = engine.num_players
        info = pyspiel.GameInfo(
            num_distinct_actions=shape.codec.size,
            max_chance_outcomes=shape.max_chance_outcomes,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_STEPS,
        )
        super().__init__(kind, info, params or {})
        self.engine = engine
        self.shape = shape

    def new_initial_state(self) -> KotState:
        return KotState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> KotObserver:
        if params:
            raise ValueError(f"the observer takes no parameters, got {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return KotObserver(self.shape, perfect_recall=recall)


class KotState(pyspiel.State):  # type: ignore[misc]
    """A position: a :class:`~kot_rules.adapters.tree.Node` and what every monster has
    seen happen (for the information state).

    ``is_chance_node`` and ``legal_actions`` are answered in Python for Python callers
    (the same answers as OpenSpiel's C++ methods, which reach Python through
    ``current_player``, ``is_terminal`` and ``_legal_actions`` several times a call);
    C++ callers still use OpenSpiel's own."""

    def __init__(self, game: KotGame) -> None:
        super().__init__(game)
        self.node = Node(game.shape)
        self.trace = Trace()

    def current_player(self) -> int:
        return self.node.player  # the engine's CHANCE and TERMINAL are OpenSpiel's ids

    def is_chance_node(self) -> bool:
        return self.node.kind is not None

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``LegalActions``: every outcome id at a chance node (whoever asks),
        the decision ids for the monster that decides, none for another or at the end."""
        node = self.node
        if node.kind is not None:
            return node.legal_actions()
        if player is None or player == node.player:
            return list(node.decision_ids())
        if player < 0 and node.player != TERMINAL:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.node.decision_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        node = self.node
        if node.kind is ROLL:  # the most frequent: Node.chance_floats, one call fewer
            return list(node.shape.chunk_floats[node.size])
        return node.chance_floats()

    def _apply_action(self, action: int) -> None:
        node = self.node
        kind, size = node.kind, node.size
        before = node.now
        shop = before.shop if before is not None else None
        node.apply(action)
        after = node.now
        shown = None
        if after is not None and after.shop is not shop and after.shop != shop:
            shown = after.shop
        self.trace = Trace(self.trace, kind, size, action, shown)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.node.describe(CHANCE if player < 0 else player, action)

    def is_terminal(self) -> bool:
        return self.node.player == TERMINAL

    def returns(self) -> list[float]:
        return self.node.returns()

    def __str__(self) -> str:
        return observation.describe(self.node, 0)


class Trace:
    """What every monster has seen happen, newest last: a chain of moves, each as its
    text's parts (the text is written only when asked for). Shared, never changed, so a
    clone of a state copies nothing (OpenSpiel deep-copies a state's attributes)."""

    __slots__ = ("action", "kind", "previous", "shop", "size")

    def __init__(
        self,
        previous: Trace | None = None,
        kind: str | None = None,
        size: int = 0,
        action: int = 0,
        shop: tuple[str, ...] | None = None,
    ) -> None:
        self.previous = previous
        self.kind = kind
        """The chance kind of the node the move was made at (None: a decision)."""
        self.size = size
        """The dice of the chunk drawn (a roll)."""
        self.action = action
        self.shop = shop
        """The face-up cards after the move if it changed them."""

    def text(self, shape: Shape) -> str:
        """The move as every monster saw it: a card dealt unnamed, then the shop if it
        changed."""
        if self.kind == DEAL:
            text = "deal a card"
        elif self.kind == ROLL:
            text = shape.chunk_text[self.size][self.action]
        elif self.kind == FIRST:
            text = f"first player: seat {self.action}"
        else:
            text = str(shape.codec.action(self.action))
        if self.shop is not None:
            text += f"; shop {list(self.shop)}"
        return text

    def lines(self, shape: Shape) -> list[str]:
        out: list[str] = []
        t: Trace | None = self
        while t is not None and t.previous is not None:
            out.append(t.text(shape))
            t = t.previous
        return out[::-1]

    def __deepcopy__(self, memo: dict[int, object]) -> Trace:
        return self


class KotObserver:
    """OpenSpiel's Python observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, shape: Shape, *, perfect_recall: bool) -> None:
        self.observer = observation.Observer(shape.game)
        self.layout = self.observer.layout
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = {
            name: self.tensor[start : start + size] for name, start, size in self.layout.parts
        }

    def set_from(self, state: KotState, player: int) -> None:
        self.observer.write(self.tensor, state.node, player)

    def string_from(self, state: KotState, player: int) -> str:
        now = observation.describe(state.node, player)
        if not self.perfect_recall:
            return now
        return "\n".join([*state.trace.lines(state.node.shape), now])


def game_class(definition: GameDefinition) -> type[KotGame]:
    """A :class:`KotGame` subclass bound to ``definition`` (what OpenSpiel registers)."""
    name = "KotGame_" + definition.id.replace("-", "_")
    return type(name, (KotGame,), {"definition": definition})


def register_all() -> list[str]:
    """Register every game of :mod:`kot_rules.games` not registered yet; their names."""
    known = set(pyspiel.registered_names())
    names: list[str] = []
    for definition in definitions():
        name = short_name(definition.id)
        if name not in known:
            pyspiel.register_game(game_type(definition), game_class(definition))
        names.append(name)
    return names


GAMES: list[str] = register_all()
"""The OpenSpiel names of the registered games of the family."""
