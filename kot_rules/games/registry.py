"""The registered games, by id."""

from __future__ import annotations

from kot_rules.games.definition import GameDefinition

DEFAULT_GAME = "king-of-tokyo"

_GAMES: dict[str, GameDefinition] = {}


class UnknownGameError(ValueError):
    """A game id that is not registered; the message lists the ones that are."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        super().__init__(f"unknown game {game_id!r}: the games are {', '.join(ids())}")


def register(definition: GameDefinition) -> GameDefinition:
    if definition.id in _GAMES:
        raise ValueError(f"game {definition.id!r} is registered twice")
    _GAMES[definition.id] = definition
    return definition


def get(game_id: str) -> GameDefinition:
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGameError(game_id) from None


def ids() -> tuple[str, ...]:
    return tuple(sorted(_GAMES))


def definitions() -> tuple[GameDefinition, ...]:
    return tuple(_GAMES[i] for i in ids())
