"""Agents pick a decision for a state; the random and greedy agents ship with the engine."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from kot_rules.engine.actions import Action
from kot_rules.engine.greedy import GreedyAgent
from kot_rules.engine.legal import choose as _kot_choose
from kot_rules.engine.legal import legal_actions as _KOT_LEGAL
from kot_rules.engine.state import State


class Agent(Protocol):
    """Picks decisions. An agent may set ``retains_states = False`` to promise that it
    keeps no reference to a state after :meth:`act` returns; the driver then reuses the
    state in place instead of copying it (copy-on-write with no other reader). With
    ``reads_events = False`` as well it promises never to read ``state.events``: a driver
    that records nothing then lets the steps build no events."""

    def act(self, state: State) -> Action:
        """A legal action for ``state.current_player()``."""
        ...


class RandomAgent:
    """Picks uniformly among the legal actions, with its own seeded generator."""

    __slots__ = ("rng",)

    retains_states = False
    """It looks at the state only while choosing."""
    reads_events = False
    """It never reads ``state.events``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, state: State) -> Action:
        # The game's own function, as State.legal_actions calls it: one call fewer a decision.
        legal = state.game.legal_actions
        if legal is _KOT_LEGAL:
            # King of Tokyo picks the index without building every action (same pick).
            return _kot_choose(state, self.rng.random())
        actions = legal(state)
        # random() has 53 bits: uniform enough for any list of actions a state has.
        return actions[int(self.rng.random() * len(actions))]


AgentFactory = Callable[[random.Random], Agent]
"""Makes one seat's agent from that seat's own seeded generator."""

AGENTS: dict[str, AgentFactory] = {"random": RandomAgent, "greedy": GreedyAgent}
"""Every agent a command can name (``--agent NAME``), by name; ``random`` is the default.
``greedy`` follows the one-step heuristics of :mod:`kot_rules.engine.greedy`."""

DEFAULT_AGENT = "random"


class UnknownAgentError(ValueError):
    """An agent name that is not in :data:`AGENTS`; the message lists the known ones."""


def agent_factory(name: str) -> AgentFactory:
    """The factory registered as ``name``. Raises :class:`UnknownAgentError`."""
    try:
        return AGENTS[name]
    except KeyError:
        known = ", ".join(sorted(AGENTS))
        raise UnknownAgentError(f"unknown agent {name!r}; known agents: {known}") from None
