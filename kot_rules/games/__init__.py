"""The games of the family: one definition each, found by id."""

from kot_rules.games.definition import GameDefinition
from kot_rules.games.king_of_new_york import KING_OF_NEW_YORK  # kony-kernel
from kot_rules.games.king_of_tokyo import KING_OF_TOKYO
from kot_rules.games.king_of_tokyo_duel import KING_OF_TOKYO_DUEL
from kot_rules.games.registry import (
    DEFAULT_GAME,
    UnknownGameError,
    definitions,
    get,
    ids,
    register,
)

register(KING_OF_TOKYO)
register(KING_OF_TOKYO_DUEL)
register(KING_OF_NEW_YORK)  # kony-kernel

__all__ = [
    "DEFAULT_GAME",
    "KING_OF_NEW_YORK",
    "KING_OF_TOKYO",
    "KING_OF_TOKYO_DUEL",
    "GameDefinition",
    "UnknownGameError",
    "definitions",
    "get",
    "ids",
    "register",
]
