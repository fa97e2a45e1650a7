"""The registered games, by id: the built-in ones load on first use."""

from __future__ import annotations

from importlib import import_module

from kot_rules.games.definition import GameDefinition

DEFAULT_GAME = "king-of-tokyo"

BUILTIN: tuple[str, ...] = ("king_of_tokyo", "king_of_tokyo_duel", "king_of_new_york")
"""The folders under ``kot_rules/games/`` whose ``definition.DEFINITION`` is registered."""

_GAMES: dict[str, GameDefinition] = {}
_loaded = False


class UnknownGameError(ValueError):
    """A game id that is not registered; the message lists the ones that are."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        super().__init__(f"unknown game {game_id!r}: the games are {', '.join(ids())}")


def _load_builtin() -> None:
    # Loaded by name, not imported at the top: a game's modules import the kernel, and the
    # kernel may ask the registry for a game (its default) while it is being imported.
    global _loaded
    if _loaded:
        return
    _loaded = True
    for folder in BUILTIN:
        definition = import_module(f"kot_rules.games.{folder}.definition").DEFINITION
        if not isinstance(definition, GameDefinition):
            raise TypeError(f"kot_rules.games.{folder}.definition.DEFINITION is no GameDefinition")
        if definition.id not in _GAMES:
            _GAMES[definition.id] = definition


def register(definition: GameDefinition) -> GameDefinition:
    _load_builtin()
    if definition.id in _GAMES:
        raise ValueError(f"game {definition.id!r} is registered twice")
    _GAMES[definition.id] = definition
    return definition


def get(game_id: str) -> GameDefinition:
    _load_builtin()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGameError(game_id) from None


def ids() -> tuple[str, ...]:
    _load_builtin()
    return tuple(sorted(_GAMES))


def definitions() -> tuple[GameDefinition, ...]:
    return tuple(_GAMES[i] for i in ids())
