"""Agents pick a decision for a state; the random agent ships with the engine."""

from __future__ import annotations

import random
from typing import Protocol

from kot_rules.engine.actions import Action
from kot_rules.engine.state import State


class Agent(Protocol):
    """Picks decisions. An agent may set ``retains_states = False`` to promise that it
    keeps no reference to a state after :meth:`act` returns; the driver then reuses the
    state in place instead of copying it (copy-on-write with no other reader)."""

    def act(self, state: State) -> Action:
        """A legal action for ``state.current_player()``."""
        ...


class RandomAgent:
    """Picks uniformly among the legal actions, with its own seeded generator."""

    __slots__ = ("rng",)

    retains_states = False
    """It looks at the state only while choosing."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, state: State) -> Action:
        # The game's own function, as State.legal_actions calls it: one call fewer a decision.
        legal = state.game.legal_actions
        actions = legal(state)
        # random() has 53 bits: uniform enough for any list of actions a state has.
        return actions[int(self.rng.random() * len(actions))]
