"""King of Tokyo in the learning adapters (kot_rules.adapters.game_part): its phases; no board
of its own, no answers of its own beyond the family's."""

from __future__ import annotations

from kot_rules.engine.game import Game
from kot_rules.engine.state import Phase, State

PHASES: tuple[Phase, ...] = (
    Phase.FIRST_PLAYER, Phase.ROLL, Phase.KEEP, Phase.YIELD, Phase.BUY, Phase.OVER,
)  # fmt: skip
"""King of Tokyo's phases (the vector's size must not change with other games' phases)."""


def board_fields(game: Game) -> int:
    return 0


def board_vector(s: State, player: int) -> list[float]:
    return []


def board_answer_keys(game: Game) -> list[str]:
    return []


def word_answer_keys(game: Game) -> list[str]:
    return []
