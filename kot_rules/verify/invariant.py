"""What an invariant is: one object with its statement, its concrete check and its Z3 property."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kot_rules.engine.state import State
from kot_rules.verify.symbolic import Bool, SymState

KING_OF_TOKYO = "king-of-tokyo"
"""The id of the game the invariants below were written for (the games registry's id)."""

Check = Callable[[State], list[str]]
"""A concrete check: what is wrong with a state (empty: the invariant holds)."""

Property = Callable[[SymState, SymState, bool], Bool]
"""``(post, pre, ends_turn)``: the invariant, over symbolic states, after a step."""


@dataclass(frozen=True, slots=True)
class Invariant:
    """One invariant of the rules, stated once and checked two ways.

    ``check`` runs on concrete states (the property tests, whole games); ``symbolic`` is
    what Z3 proves kept by every step (``kot-rules verify``, ``kot-rules check``).
    """

    id: str
    """Stable id, ``INV-...``."""
    statement: str
    rules: tuple[str, ...]
    """The ids of the rules it rests on (spec/rules)."""
    check: Check
    symbolic: Property
    code: str
    """The diagnostic ``kot-rules check`` gives a card sentence that can break it (KOT3xx)."""
    games: tuple[str, ...] = (KING_OF_TOKYO,)
    """The games (registry ids) whose rules have this invariant."""
    neither: str = ""
    """What neither the proofs nor the property tests establish (the docs say it)."""


@dataclass(frozen=True, slots=True)
class Violation:
    """One way a state breaks an invariant."""

    invariant: str
    message: str

    def __str__(self) -> str:
        return f"{self.invariant}: {self.message}"


class InvariantViolation(AssertionError):
    """A state breaks one or more invariants (raised by ``assert_all``)."""

    def __init__(self, violations: list[Violation], state: State) -> None:
        self.violations = violations
        lines = "\n".join(f"  {v}" for v in violations)
        super().__init__(f"{len(violations)} invariant violation(s):\n{lines}\n{state}")
