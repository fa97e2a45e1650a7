"""The invariants of the rules: one object each, one list for every reader.

Each :class:`Invariant` carries its id, statement, rules, concrete check (on a
:class:`~kot_rules.engine.state.State`), Z3 property (on symbolic states), diagnostic code
and games. ``kot-rules verify``, ``kot-rules check``, the property tests and the site's
invariants page all read :data:`INVARIANTS` (or :func:`for_game`). One module per
invariant; a new one is added to the tuple below, its ``games`` naming the games (registry
ids) whose rules have it: a new game shares the ones that hold for it and adds its own.
"""

from __future__ import annotations

import z3

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
from kot_rules.verify.invariant import (
    KING_OF_TOKYO,
    Check,
    Invariant,
    InvariantViolation,
    Property,
    Violation,
)
from kot_rules.verify.symbolic import Bool, SymState

INVARIANTS: tuple[Invariant, ...] = (
    seats.INVARIANT,
    hearts.INVARIANT,
    tokyo.INVARIANT,
    eliminated.INVARIANT,
    resources.INVARIANT,
    cards.INVARIANT,
    victory.INVARIANT,
    yielding.INVARIANT,
)
"""Every invariant of every game, in the order reports list them."""

BY_ID: dict[str, Invariant] = {inv.id: inv for inv in INVARIANTS}


def for_game(game: str = KING_OF_TOKYO) -> tuple[Invariant, ...]:
    """The invariants of the game ``game`` (a games-registry id), in report order."""
    out = tuple(inv for inv in INVARIANTS if game in inv.games)
    if not out:
        known = sorted({g for inv in INVARIANTS for g in inv.games})
        raise ValueError(f"no invariants for the game {game!r}: the games with invariants "
                         f"are {', '.join(known)}")
    return out


def check_all(state: State, game: str = KING_OF_TOKYO) -> list[Violation]:
    """Every invariant of ``game`` that ``state`` breaks (empty: it satisfies them all)."""
    return [Violation(inv.id, msg) for inv in for_game(game) for msg in inv.check(state)]


def assert_all(state: State, game: str = KING_OF_TOKYO) -> None:
    """Raise :class:`InvariantViolation` if ``state`` breaks an invariant."""
    violations = check_all(state, game)
    if violations:
        raise InvariantViolation(violations, state)


def all_hold(s: SymState, game: str = KING_OF_TOKYO) -> Bool:
    """Every invariant of ``game`` of ``s`` on its own (as the pre-state of a step)."""
    return z3.And([inv.symbolic(s, s, True) for inv in for_game(game)])


__all__ = [
    "BY_ID",
    "INVARIANTS",
    "KING_OF_TOKYO",
    "Check",
    "Invariant",
    "InvariantViolation",
    "Property",
    "Violation",
    "all_hold",
    "assert_all",
    "check_all",
    "for_game",
]
