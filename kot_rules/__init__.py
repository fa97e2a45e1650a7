"""kot-rules: the reference rules specification of the King of Tokyo family.

Everything an engine author needs is importable from here, e.g.
``from kot_rules import new_game, RandomAgent, UseCard, Choose, IllegalActionError``.
Names load on first use, so ``import kot_rules`` stays cheap (the CLI starts fast).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from kot_rules import native as _native

__version__ = "0.1.0"

# Before any engine module loads: the compiled engine when built and fresh, unless
# KOT_RULES_PURE=1 (kot_rules.native).
_native.install()

if TYPE_CHECKING:
    from kot_rules.api import load_game, new_game
    from kot_rules.engine.actions import (
        END_TURN,
        PASS,
        STAY,
        STOP,
        SWEEP,
        YIELD,
        Action,
        Buy,
        ChanceOutcome,
        Choose,
        EndTurn,
        FirstPlayer,
        Reroll,
        Roll,
        StayInTokyo,
        StopRolling,
        Sweep,
        UseCard,
        YieldTokyo,
        action_from_json,
    )
    from kot_rules.engine.agents import Agent, RandomAgent
    from kot_rules.engine.cards import CardCatalog, CardTable
    from kot_rules.engine.dice import Face
    from kot_rules.engine.driver import GameRecord, play
    from kot_rules.engine.errors import (
        ConfigError,
        IllegalActionError,
        KotRulesError,
        StateFormatError,
    )
    from kot_rules.engine.events import Event, EventKind
    from kot_rules.engine.game import FirstPlayerRule, Game, MonsterSetup, Options
    from kot_rules.engine.state import CHANCE, TERMINAL, Monster, Outcome, Phase, Place, State
    from kot_rules.games import GameDefinition, UnknownGameError
    from kot_rules.games import definitions as game_definitions
    from kot_rules.games import get as get_game
    from kot_rules.games import ids as game_ids
    from kot_rules.language.cardset import CardSet, builtin_card_set, load_card_set
    from kot_rules.language.diagnostics import CardSpecError, Diagnostic
    from kot_rules.scenarios.errors import ScenarioFormatError
    from kot_rules.scenarios.loader import read_scenario
    from kot_rules.scenarios.runner import RunReport, run_paths

# name -> (module, attribute): the public API, loaded lazily by __getattr__ below.
_EXPORTS: dict[str, tuple[str, str]] = {
    # games
    "load_game": ("kot_rules.api", "load_game"),
    "new_game": ("kot_rules.api", "new_game"),
    "GameDefinition": ("kot_rules.games", "GameDefinition"),
    "UnknownGameError": ("kot_rules.games", "UnknownGameError"),
    "get_game": ("kot_rules.games", "get"),
    "game_ids": ("kot_rules.games", "ids"),
    "game_definitions": ("kot_rules.games", "definitions"),
    # the game and its states
    "Game": ("kot_rules.engine.game", "Game"),
    "Options": ("kot_rules.engine.game", "Options"),
    "FirstPlayerRule": ("kot_rules.engine.game", "FirstPlayerRule"),
    "MonsterSetup": ("kot_rules.engine.game", "MonsterSetup"),
    "State": ("kot_rules.engine.state", "State"),
    "Monster": ("kot_rules.engine.state", "Monster"),
    "Outcome": ("kot_rules.engine.state", "Outcome"),
    "Phase": ("kot_rules.engine.state", "Phase"),
    "Place": ("kot_rules.engine.state", "Place"),
    "CHANCE": ("kot_rules.engine.state", "CHANCE"),
    "TERMINAL": ("kot_rules.engine.state", "TERMINAL"),
    "Face": ("kot_rules.engine.dice", "Face"),
    "Event": ("kot_rules.engine.events", "Event"),
    "EventKind": ("kot_rules.engine.events", "EventKind"),
    # every action legal_actions() or a chance node can give
    **{
        name: ("kot_rules.engine.actions", name)
        for name in (
            "Action", "ChanceOutcome", "Roll", "FirstPlayer", "Reroll", "StopRolling",
            "YieldTokyo", "StayInTokyo", "Buy", "Sweep", "EndTurn", "UseCard", "Choose",
            "STOP", "YIELD", "STAY", "SWEEP", "END_TURN", "PASS", "action_from_json",
        )
    },
    # errors
    "KotRulesError": ("kot_rules.engine.errors", "KotRulesError"),
    "IllegalActionError": ("kot_rules.engine.errors", "IllegalActionError"),
    "ConfigError": ("kot_rules.engine.errors", "ConfigError"),
    "StateFormatError": ("kot_rules.engine.errors", "StateFormatError"),
    "CardSpecError": ("kot_rules.language.diagnostics", "CardSpecError"),
    "Diagnostic": ("kot_rules.language.diagnostics", "Diagnostic"),
    "ScenarioFormatError": ("kot_rules.scenarios.errors", "ScenarioFormatError"),
    # playing whole games
    "play": ("kot_rules.engine.driver", "play"),
    "GameRecord": ("kot_rules.engine.driver", "GameRecord"),
    "Agent": ("kot_rules.engine.agents", "Agent"),
    "RandomAgent": ("kot_rules.engine.agents", "RandomAgent"),
    # cards
    "CardSet": ("kot_rules.language.cardset", "CardSet"),
    "builtin_card_set": ("kot_rules.language.cardset", "builtin_card_set"),
    "load_card_set": ("kot_rules.language.cardset", "load_card_set"),
    "CardCatalog": ("kot_rules.engine.cards", "CardCatalog"),
    "CardTable": ("kot_rules.engine.cards", "CardTable"),
    # conformance scenarios
    "read_scenario": ("kot_rules.scenarios.loader", "read_scenario"),
    "run_paths": ("kot_rules.scenarios.runner", "run_paths"),
    "RunReport": ("kot_rules.scenarios.runner", "RunReport"),
}

__all__ = [
    "CHANCE",
    "END_TURN",
    "PASS",
    "STAY",
    "STOP",
    "SWEEP",
    "TERMINAL",
    "YIELD",
    "Action",
    "Agent",
    "Buy",
    "CardCatalog",
    "CardSet",
    "CardSpecError",
    "CardTable",
    "ChanceOutcome",
    "Choose",
    "ConfigError",
    "Diagnostic",
    "EndTurn",
    "Event",
    "EventKind",
    "Face",
    "FirstPlayer",
    "FirstPlayerRule",
    "Game",
    "GameDefinition",
    "GameRecord",
    "IllegalActionError",
    "KotRulesError",
    "Monster",
    "MonsterSetup",
    "Options",
    "Outcome",
    "Phase",
    "Place",
    "RandomAgent",
    "Reroll",
    "Roll",
    "RunReport",
    "ScenarioFormatError",
    "State",
    "StateFormatError",
    "StayInTokyo",
    "StopRolling",
    "Sweep",
    "UnknownGameError",
    "UseCard",
    "YieldTokyo",
    "__version__",
    "action_from_json",
    "builtin_card_set",
    "game_definitions",
    "game_ids",
    "get_game",
    "load_card_set",
    "load_game",
    "new_game",
    "play",
    "read_scenario",
    "run_paths",
]


def __getattr__(name: str) -> Any:
    try:
        module, attribute = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module 'kot_rules' has no attribute {name!r}") from None
    value = getattr(import_module(module), attribute)
    globals()[name] = value  # the next access is a plain global
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
