"""The invariants of King of Tokyo: one object each, one list for every reader.

Each :class:`~kot_rules.verify.invariant.Invariant` carries its id, statement, rules,
concrete check (:mod:`kot_rules.games.king_of_tokyo.concrete`, on an engine
:class:`~kot_rules.engine.state.State`), Z3 property (on a
:class:`~kot_rules.games.king_of_tokyo.state.SymState`) and diagnostic code.
``kot-rules verify``, ``kot-rules check``, the property tests, the soak and the site's
invariants page all read :data:`INVARIANTS`. One module per invariant; a new one is added to
the tuple below.
"""

from __future__ import annotations

from kot_rules.engine.state import State
from kot_rules.games.king_of_tokyo.invariants import (
    cards,
    eliminated,
    hearts,
    resources,
    seats,
    tokyo,
    victory,
    yielding,
)
from kot_rules.games.king_of_tokyo.state import SymState
from kot_rules.verify import invariant
from kot_rules.verify.invariant import Invariant, InvariantViolation, Violation
from kot_rules.verify.symbolic import Bool

INVARIANTS: tuple[Invariant[SymState], ...] = (
    seats.INVARIANT,
    hearts.INVARIANT,
    tokyo.INVARIANT,
    eliminated.INVARIANT,
    resources.INVARIANT,
    cards.INVARIANT,
    victory.INVARIANT,
    yielding.INVARIANT,
)
"""Every invariant of King of Tokyo, in the order reports list them."""

BY_ID: dict[str, Invariant[SymState]] = {inv.id: inv for inv in INVARIANTS}
IDS: tuple[str, ...] = tuple(BY_ID)
"""The ids the game definition lists as its ``invariants``."""


def check_all(state: State) -> list[Violation]:
    """Every invariant ``state`` breaks (empty: it satisfies them all)."""
    return invariant.check_all(INVARIANTS, state)


def assert_all(state: State) -> None:
    """Raise :class:`InvariantViolation` if ``state`` breaks an invariant."""
    invariant.assert_kept(check_all(state), state)


def all_hold(s: SymState) -> Bool:
    """Every invariant of ``s`` on its own (as the pre-state of a step)."""
    return invariant.all_hold(INVARIANTS, s)


def holds(invariant_id: str, s: SymState) -> bool:
    """``invariant_id`` on a concrete state (every field a Z3 constant)."""
    return invariant.holds(BY_ID[invariant_id], s)


__all__ = [
    "BY_ID",
    "IDS",
    "INVARIANTS",
    "Invariant",
    "InvariantViolation",
    "Violation",
    "all_hold",
    "assert_all",
    "check_all",
    "holds",
]
