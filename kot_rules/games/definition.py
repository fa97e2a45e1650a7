"""What a game of the family is: one frozen definition per game, behind one registry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # Only for the annotations: importing the package kot_rules.games (its registry) must
    # not load the engine, which imports the games' boards.
    from kot_rules.engine.game import Game
    from kot_rules.engine.options import Options
    from kot_rules.engine.rules import Board, DiceSpec, GameRules, Hooks, PhaseHandler, ShopRules
    from kot_rules.engine.state import Phase
    from kot_rules.rulebook import RuleNumbers


@dataclass(frozen=True)
class GameDefinition:
    """One game of the family (King of Tokyo, Duel, New York): what the kernel runs of it
    (``rules``) and what the rest of the project knows of it (its card dialect, its
    invariants, its symbolic model).

    A new game provides: an ``id`` and ``title``; a :class:`GameRules` (its numbers in
    spec/games/<id>.yaml, seat range, dice, board, shop, options type, a handler per
    phase, the hooks of the turn skeleton, the legal actions); the id of its card
    dialect; the ids of its invariants; the module of its Z3 model.
    """

    id: str
    """The stable id used on the command line, in state JSON and in scenarios."""
    title: str
    rules: GameRules
    """What the kernel runs: ``Game(..., rules=...)``; ``state.game.rules``."""
    dialect: str
    """The id of the card dialect the game's cards are written in (grammar/)."""
    invariants: tuple[str, ...]
    """The ids of the invariants every reachable state of the game keeps."""
    symbolic_model: str
    """The module holding the game's Z3 transitions, by name: verify sits above games."""
    package: str = ""
    """The game's folder as a package (``kot_rules.games.<game>``): :meth:`part` loads its
    modules by name, so nothing outside the folder imports from it."""

    @property
    def min_players(self) -> int:
        return self.rules.min_players

    @property
    def max_players(self) -> int:
        return self.rules.max_players

    @property
    def numbers(self) -> RuleNumbers:
        return self.rules.numbers

    @property
    def dice(self) -> DiceSpec:
        return self.rules.dice

    @property
    def board(self) -> Board:
        return self.rules.board

    @property
    def shop(self) -> ShopRules:
        return self.rules.shop

    @property
    def options(self) -> type[Options]:
        return self.rules.options

    @property
    def phases(self) -> Mapping[Phase, PhaseHandler]:
        return self.rules.phases

    @property
    def hooks(self) -> Hooks:
        return self.rules.hooks

    def part(self, name: str) -> ModuleType:
        """The module ``name`` of the game's folder (``site``, ``invariants``, ...), loaded on
        first use."""
        if not self.package:
            raise LookupError(f"game {self.id!r} names no package: it has no part {name!r}")
        return import_module(f"{self.package}.{name}")

    def new_game(self, players: int | Sequence[str], **kwargs: Any) -> Game:
        """``new_game(players, *, options=None, cards=None)``: a :class:`Game` of this game."""
        from kot_rules.engine.game import Game

        return Game(players, rules=self.rules, **kwargs)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "players": {"min": self.min_players, "max": self.max_players},
        }
