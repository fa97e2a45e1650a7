"""Deliberately wrong engines: the reference engine with one rule changed, to show that
``kot-rules conform`` catches an engine that breaks a rule and names that rule.

Each break wraps one real function of the engine where the kernel looks it up (a game's
``rules.hooks``, or a module's function), in the adapter's process only:
``python -m kot_rules.conform.own --break RULE``. Nothing here is keyed on a card or a
monster.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kot_rules import games
from kot_rules.engine.events import Event
from kot_rules.engine.resources import set_monster
from kot_rules.engine.state import Outcome, State


@dataclass(frozen=True)
class Break:
    rule: str
    """The rule slug it breaks (spec/rules/<game>.yaml)."""
    game: str
    what: str
    """The wrong reading, for --help and the hello."""
    target: str
    """What it replaces: a hook of the game's rules (``end_of_turn``), or a function by
    ``module:name`` where the engine calls it through its module."""
    wrong: Callable[[Callable[..., Any]], Callable[..., Any]]
    """Given the real function, the wrong one."""


def _win_without_surviving(real: Callable[[State], Outcome | None]) -> Callable[..., Any]:
    def victory(s: State) -> Outcome | None:
        outcome = real(s)
        target = s.game.options.win_stars
        if outcome is None and s.monsters[s.active].stars >= target:
            # wrong: the stars win even if the monster was eliminated this turn
            return Outcome(s.active, f"{target} stars at the end of a turn")
        return outcome
    return victory


def _no_start_bonus(real: Callable[[State, list[Event]], None]) -> Callable[..., Any]:
    def start_of_turn(s: State, ev: list[Event]) -> None:
        return None  # wrong: a monster starting its turn in Tokyo gains nothing
    return start_of_turn


def _no_spotlight_win(real: Callable[[State], Outcome | None]) -> Callable[..., Any]:
    def check(s: State) -> Outcome | None:
        outcome = real(s)
        if outcome is not None and outcome.victory == "spotlight":
            return None  # wrong: both markers in one monster's spotlight zones do not win
        return outcome
    return check


def _no_zone_reward(real: Callable[[State, list[Event]], None]) -> Callable[..., Any]:
    def start_of_turn(s: State, ev: list[Event]) -> None:
        seat = s.active
        before, told = s.monsters[seat], len(ev)
        real(s, ev)
        # wrong: the zone's stars and energy are taken back, and their events with them
        set_monster(s, seat, s.monsters[seat]._replace(stars=before.stars, energy=before.energy))
        del ev[told:]
    return start_of_turn


BREAKS: dict[str, Break] = {b.rule: b for b in (
    Break("end.must-survive", "king-of-tokyo",
          "a monster that reaches the winning stars wins even if it was eliminated in that turn",
          "end_of_turn", _win_without_surviving),
    Break("turn.start-in-tokyo", "king-of-tokyo",
          "a monster that starts its turn in Tokyo gains no stars",
          "start_turn", _no_start_bonus),
    Break("duel.end.spotlight", "king-of-tokyo-duel",
          "both markers in one monster's spotlight zones do not make it win",
          "kot_rules.games.king_of_tokyo_duel.rules:check", _no_spotlight_win),
    Break("kony.manhattan.zone-rewards", "king-of-new-york",
          "a monster that starts its turn in Manhattan gets nothing for its zone",
          "start_turn", _no_zone_reward),
)}
"""The breaks by the rule each one changes."""


def install(rule: str) -> Break:
    """Replace the real function the break names with its wrong twin (in this process)."""
    b = BREAKS[rule]
    module, _, name = b.target.rpartition(":")
    if module:
        owner: Any = importlib.import_module(module)
        setattr(owner, name, b.wrong(getattr(owner, name)))
    else:
        hooks = games.get(b.game).rules.hooks
        # The rules are frozen so that nothing changes them by accident; this is on purpose.
        object.__setattr__(hooks, name, b.wrong(getattr(hooks, name)))
    return b
