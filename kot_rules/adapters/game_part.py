"""What the adapters ask of a game: its folder's ``adapter`` module (``kot_rules/games/<game>/
adapter.py``), reached through the registry, so the adapters name no game."""

from __future__ import annotations

from typing import Protocol, cast

from kot_rules.engine.game import Game
from kot_rules.engine.state import Phase, State
from kot_rules.games import get


class GameAdapter(Protocol):
    """The names every game's ``adapter`` module defines."""

    PHASES: tuple[Phase, ...]
    """The phases the observation tells apart, in the order of its one-hot part."""

    def board_fields(self, game: Game) -> int:
        """The size of the observation's board part (0: the game has none)."""

    def board_vector(self, s: State, player: int) -> list[float]:
        """The board part of ``s`` as ``player`` sees it (:meth:`board_fields` numbers)."""

    def board_answer_keys(self, game: Game) -> list[str]:
        """The answers about the board, before the monsters' powers' (docs/adapters.md)."""

    def word_answer_keys(self, game: Game) -> list[str]:
        """The answers of the game's own card words, after every other answer."""


def adapter_of(game: Game) -> GameAdapter:
    return cast(GameAdapter, get(game.rules.id).part("adapter"))
