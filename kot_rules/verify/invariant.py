"""What an invariant is: one object with its statement, its concrete check and its Z3 property.

Every game lists its invariants as :class:`Invariant` objects in its folder's
``invariants`` module (``INVARIANTS``, ``BY_ID``, ``IDS``, ``all_hold``, ``check_all``);
the proofs, ``kot-rules check``, the property tests, the soak and the site read that one
list the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import z3

from kot_rules.engine.state import State
from kot_rules.verify.symbolic import Bool

S = TypeVar("S")
"""A game's symbolic state."""

Check = Callable[[State], list[str]]
"""A concrete check: what is wrong with a state (empty: the invariant holds)."""

Property = Callable[[S, S, bool], Bool]
"""``(post, pre, ends_turn)``: the invariant, over symbolic states, after a step."""

Findings = Callable[[State, Iterable[str]], list[tuple[str, str]]]
"""A game's plain checks run together (its ``concrete.findings``): each invariant of the ids
given that a state breaks, as ``(id, message)``; an empty message: the statement says it."""


@dataclass(frozen=True, slots=True)
class Invariant(Generic[S]):
    """One invariant of a game's rules, stated once and checked two ways.

    ``check`` runs on concrete states (the property tests, the soak, whole games);
    ``symbolic`` is what Z3 proves kept by every step (``kot-rules verify``,
    ``kot-rules check``).
    """

    id: str
    """Stable id, ``INV-...``."""
    statement: str
    rules: tuple[str, ...]
    """The ids of the rules and decisions it rests on (spec/rules)."""
    check: Check
    symbolic: Property[S]
    code: str
    """The diagnostic ``kot-rules check`` gives a card sentence that can break it (KOT3xx)."""
    neither: str = ""
    """What neither the proofs nor the property tests establish (the docs say it)."""


def of_state(prop: Callable[[S], Bool]) -> Property[S]:
    """A property of the state after a step alone (it reads neither the state before nor
    whether the step ends the turn) as a :data:`Property`."""

    def symbolic(post: S, pre: S, ends_turn: bool) -> Bool:
        return prop(post)

    return symbolic


def all_hold(invariants: Iterable[Invariant[S]], s: S) -> Bool:
    """Every invariant of ``invariants`` of ``s`` on its own (as the pre-state of a step)."""
    return z3.And([inv.symbolic(s, s, True) for inv in invariants])


def holds(invariant: Invariant[S], s: S) -> bool:
    """``invariant``'s Z3 property of a concrete state ``s`` (every field a Z3 constant)."""
    return bool(z3.is_true(z3.simplify(invariant.symbolic(s, s, True))))


def check_all(invariants: Iterable[Invariant[Any]], state: State) -> list[Violation]:
    """Every finding of each invariant's own check on ``state`` (empty: it keeps them all)."""
    return [Violation(inv.id, msg) for inv in invariants for msg in inv.check(state)]


def plain_check(findings: Findings, invariant_id: str, statement: str) -> Check:
    """The concrete check of ``invariant_id`` alone, through the game's ``findings``."""

    def check(state: State) -> list[str]:
        return [message or f"broken: {statement}"
                for _, message in findings(state, (invariant_id,))]

    return check


def check_found(findings: Findings, by_id: Mapping[str, Invariant[Any]],
                state: State) -> list[Violation]:
    """Every invariant of ``by_id`` (in its order) that ``state`` breaks, through the game's
    ``findings`` run once for all of them (the soak's fast path); empty: it keeps them all."""
    return [Violation(i, message or f"broken: {by_id[i].statement}")
            for i, message in findings(state, by_id)]


def assert_kept(violations: list[Violation], state: State) -> None:
    """Raise :class:`InvariantViolation` if ``violations`` (found in ``state``) is not empty."""
    if violations:
        raise InvariantViolation(violations, state)


@dataclass(frozen=True, slots=True)
class Violation:
    """One way a state breaks an invariant."""

    invariant: str
    message: str

    def __str__(self) -> str:
        return f"{self.invariant}: {self.message}"


class InvariantViolation(AssertionError):
    """A state breaks one or more invariants (raised by a game's ``assert_all``)."""

    def __init__(self, violations: list[Violation], state: State) -> None:
        self.violations = violations
        lines = "\n".join(f"  {v}" for v in violations)
        super().__init__(f"{len(violations)} invariant violation(s):\n{lines}\n{state}")
