"""What a game of the family is: one frozen definition per game, behind one registry."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kot_rules.engine.game import Game


@dataclass(frozen=True)
class GameDefinition:
    """One game of the family (King of Tokyo, Duel, New York): what the kernel needs of it."""

    id: str
    """The stable id used on the command line, in state JSON and in scenarios."""
    title: str
    min_players: int
    max_players: int
    make_game: Callable[..., Game]
    """``make_game(players, *, options=None, cards=None)``: a :class:`Game` of this game."""

    def new_game(self, players: int | Sequence[str], **kwargs: Any) -> Game:
        return self.make_game(players, **kwargs)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "players": {"min": self.min_players, "max": self.max_players},
        }
