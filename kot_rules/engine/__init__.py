"""The King of Tokyo engine: state, turn, dice, Tokyo, decisions."""

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
from kot_rules.native import status as _native_status


def compiled() -> bool:
    """Whether the mypyc-compiled engine runs (``make compiled``; ``KOT_RULES_PURE=1`` forces
    pure Python); ``python -m kot_rules.native`` says why."""
    return _native_status().compiled


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
