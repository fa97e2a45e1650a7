"""The games of the family: one folder each (``kot_rules/games/<game>/``), found by id.

The registry loads the built-in games on first use: importing this package loads no game.
"""

from kot_rules.games.definition import GameDefinition
from kot_rules.games.registry import (
    BUILTIN,
    DEFAULT_GAME,
    UnknownGameError,
    definitions,
    get,
    ids,
    register,
)

__all__ = [
    "BUILTIN",
    "DEFAULT_GAME",
    "GameDefinition",
    "UnknownGameError",
    "definitions",
    "get",
    "ids",
    "register",
]
