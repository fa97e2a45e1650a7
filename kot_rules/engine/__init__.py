"""The King of Tokyo engine: state, turn, dice, Tokyo, decisions.

Names load on first use, so importing a module of the engine (``kot_rules.engine.errors``)
does not load all of it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kot_rules.engine.actions import (
        Action,
        Buy,
        ChanceOutcome,
        EndTurn,
        FirstPlayer,
        Reroll,
        Roll,
        StayInTokyo,
        StopRolling,
        Sweep,
        YieldTokyo,
        action_from_json,
    )
    from kot_rules.engine.dice import Face
    from kot_rules.engine.errors import ConfigError, IllegalActionError, StateFormatError
    from kot_rules.engine.events import Event, EventKind
    from kot_rules.engine.game import Game, MonsterSetup, Options
    from kot_rules.engine.state import CHANCE, TERMINAL, Monster, Outcome, Phase, Place, State

# name -> module: loaded on first use by __getattr__ below.
_EXPORTS: dict[str, str] = {
    "Action": "kot_rules.engine.actions",
    "Buy": "kot_rules.engine.actions",
    "ChanceOutcome": "kot_rules.engine.actions",
    "EndTurn": "kot_rules.engine.actions",
    "FirstPlayer": "kot_rules.engine.actions",
    "Reroll": "kot_rules.engine.actions",
    "Roll": "kot_rules.engine.actions",
    "StayInTokyo": "kot_rules.engine.actions",
    "StopRolling": "kot_rules.engine.actions",
    "Sweep": "kot_rules.engine.actions",
    "YieldTokyo": "kot_rules.engine.actions",
    "action_from_json": "kot_rules.engine.actions",
    "Face": "kot_rules.engine.dice",
    "ConfigError": "kot_rules.engine.errors",
    "IllegalActionError": "kot_rules.engine.errors",
    "StateFormatError": "kot_rules.engine.errors",
    "Event": "kot_rules.engine.events",
    "EventKind": "kot_rules.engine.events",
    "Game": "kot_rules.engine.game",
    "MonsterSetup": "kot_rules.engine.game",
    "Options": "kot_rules.engine.game",
    "CHANCE": "kot_rules.engine.state",
    "TERMINAL": "kot_rules.engine.state",
    "Monster": "kot_rules.engine.state",
    "Outcome": "kot_rules.engine.state",
    "Phase": "kot_rules.engine.state",
    "Place": "kot_rules.engine.state",
    "State": "kot_rules.engine.state",
}

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Buy",
    "ChanceOutcome",
    "ConfigError",
    "EndTurn",
    "Event",
    "EventKind",
    "Face",
    "FirstPlayer",
    "Game",
    "IllegalActionError",
    "Monster",
    "MonsterSetup",
    "Options",
    "Outcome",
    "Phase",
    "Place",
    "Reroll",
    "Roll",
    "State",
    "StateFormatError",
    "StayInTokyo",
    "StopRolling",
    "Sweep",
    "YieldTokyo",
    "action_from_json",
]


def __getattr__(name: str) -> Any:
    try:
        module = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(import_module(module), name)
    globals()[name] = value  # the next access is a plain global
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
