"""The invariants of King of New York, each with a stable id, stated once over Z3 terms.

Each property reads a symbolic :class:`~kot_rules.games.king_of_new_york.state.SymKony`; the same
property decides a concrete state too (:func:`holds`: the state's values as Z3 constants,
simplified), so the proofs and the tests read one definition.
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from kot_rules.engine.state import State
from kot_rules.games.king_of_new_york import concrete
from kot_rules.games.king_of_new_york.kernel import condition, outcome
from kot_rules.games.king_of_new_york.state import (
    MANHATTAN_I,
    NOBODY,
    NOWHERE,
    OUTER_COUNT,
    PER_BOROUGH,
    SEATS,
    TILE_COUNT,
    TOP_ZONE,
    SymKony,
)
from kot_rules.verify import invariant
from kot_rules.verify.invariant import Invariant, Violation, of_state, plain_check
from kot_rules.verify.symbolic import Bool

KONY = "king-of-new-york"
"""The games-registry id of King of New York."""


def _seat_or_nobody(v: Bool) -> Bool:
    return z3.And(v >= NOBODY, v < SEATS)


def _holder(s: SymKony, v: Bool) -> Bool:
    """``v`` is nobody or a monster in the game."""
    return z3.Or(v == NOBODY, z3.Or([z3.And(v == k, s.m(k).alive) for k in range(SEATS)]))


def seats(s: SymKony) -> Bool:
    out = [s.players >= 2, s.players <= SEATS, _seat_or_nobody(s.winner)]
    for k, m in enumerate(s.monsters):
        out += [z3.Implies(k >= s.players, z3.Not(m.alive)),
                z3.If(m.alive, z3.And(m.borough >= 0, m.borough <= MANHATTAN_I),
                      m.borough == NOWHERE),
                (m.borough == MANHATTAN_I) == z3.Or(s.city == k, s.bay == k)]
    return z3.And(out)


def hearts(s: SymKony) -> Bool:
    return z3.And([z3.And(m.max_hearts >= 1,
                          z3.If(m.alive, z3.And(m.hearts >= 1, m.hearts <= m.max_hearts),
                                m.hearts == 0))
                   for m in s.monsters])


def resources(s: SymKony) -> Bool:
    return z3.And([z3.And(m.stars >= 0, m.energy >= 0) for m in s.monsters]
                  + [s.points >= 0, s.win_stars >= 1])


def manhattan(s: SymKony) -> Bool:
    return z3.And(_holder(s, s.city), _holder(s, s.bay),
                  z3.Implies(s.bay != NOBODY, z3.And(s.city != NOBODY, s.city != s.bay,
                                                     s.bay_open())),
                  *[z3.And(z >= 0, z <= TOP_ZONE) for z in s.zones])


def capacity(s: SymKony) -> Bool:
    return z3.And([s.count_in(b) <= 2 for b in range(OUTER_COUNT)])


def tiles(s: SymKony) -> Bool:
    out = [s.boxed >= 0, z3.Sum([*s.buildings, *s.units, s.boxed]) == TILE_COUNT]
    for b, u, f in zip(s.buildings, s.units, s.fresh, strict=True):
        out += [b >= 0, b <= PER_BOROUGH, f >= 0, f <= u]
    return z3.And(out)


def special(s: SymKony) -> Bool:
    return z3.And(_holder(s, s.superstar), _holder(s, s.statue))


def victory(s: SymKony) -> Bool:
    by_card = z3.And(s.over, z3.Or([z3.And(s.winner == k, s.m(k).alive)
                                    for k in range(SEATS)]))
    return z3.If(s.card_win, by_card, z3.And(
        z3.Implies(s.over, s.checked),
        z3.Implies(s.checked, s.over == condition(s)),
        s.winner == z3.If(s.over, outcome(s), NOBODY)))


def _invariant(invariant_id: str, statement: str, rules: tuple[str, ...],
               prop: Callable[[SymKony], Bool], code: str) -> Invariant[SymKony]:
    check = plain_check(concrete.findings, invariant_id, statement)
    return Invariant(invariant_id, statement, rules, check, of_state(prop), code)


INVARIANTS: tuple[Invariant[SymKony], ...] = (
    _invariant("INV-KONY-SEATS", "Two to six monsters; each monster in the game stands in "
                  "one borough, in Manhattan exactly when it is on one of Manhattan's paths; an "
                  "eliminated one stands nowhere.",
                  ("kony.setup.components", "kony.end.elimination", "kony.setup.start-borough"),
                  seats, "KOT321"),
    _invariant("INV-KONY-HEARTS", "Each monster in the game has 1 to its maximum hearts; an "
                  "eliminated one has none.",
                  ("kony.setup.monster-board", "kony.dice.heal", "kony.end.elimination"),
                  hearts, "KOT322"),
    _invariant("INV-KONY-RESOURCES", "No monster has less than 0 energy or 0 stars; the "
                  "destruction left to spend is not negative.",
                  ("kony.dice.energy", "kony.ouch.statue", "kony.dice.destruction"),
                  resources, "KOT323"),
    _invariant("INV-KONY-MANHATTAN", "At most one monster on each path of Manhattan, in one of "
                  "its three zones: the 2-4 path's space only, or with the 5-6 variant and at "
                  "least five monsters also the 5-6 path's (taken only with the 2-4 one); the "
                  "monsters there are in the game.",
                  ("kony.manhattan.one-monster", "kony.five-six.two-paths",
                   "kony.five-six.first-eliminated", "kony.five-six.closing", "kony.move.up",
                   "D-KONY-56-VARIANT"), manhattan, "KOT324"),
    _invariant("INV-KONY-CAPACITY", "An outer borough holds at most two monsters.",
                  ("kony.borough.capacity",), capacity, "KOT325"),
    _invariant("INV-KONY-TILES", "The 45 tiles are conserved: each is a building in a "
                  "borough's stacks (at most nine there), a unit lying in a borough, or a "
                  "destroyed unit back in the box; the units revealed this turn are among a "
                  "borough's units.",
                  ("kony.setup.tiles", "kony.destruction.building", "kony.destruction.unit",
                   "kony.destruction.fresh-unit", "D-KONY-DESTROYED-UNITS"), tiles, "KOT326"),
    _invariant("INV-KONY-SPECIAL", "Each special card (Superstar, the Statue of Liberty) is "
                  "beside the board or held by one monster in the game.",
                  ("kony.setup.special-cards", "kony.special.change-hands",
                   "D-KONY-SPECIAL-ON-ELIMINATION"), special, "KOT327"),
    _invariant("INV-KONY-VICTORY", "The game ends only at the end of a turn, exactly when an "
                  "ending holds then: the monster whose turn it is, in the game with the stars "
                  "to win (no other monster wins by stars then), else the last one standing, "
                  "else nobody left (a draw); or at once when a card says its owner, in the "
                  "game, wins.",
                  ("kony.end.victory-at-end-of-turn", "kony.end.twenty-stars",
                   "kony.end.last-standing", "kony.end.all-eliminated", "D-KONY-VICTORY-MOMENT",
                   "D-KONY-SEVERAL-AT-20"), victory, "KOT328"),
)
"""Every New York invariant, in the order reports list them."""

BY_ID: dict[str, Invariant[SymKony]] = {inv.id: inv for inv in INVARIANTS}
IDS: tuple[str, ...] = tuple(BY_ID)
"""The ids the New York game definition lists as its ``invariants``."""


def all_hold(s: SymKony) -> Bool:
    """Every invariant of ``s`` on its own (as the pre-state of a step)."""
    return invariant.all_hold(INVARIANTS, s)


def holds(invariant_id: str, s: SymKony) -> bool:
    """``invariant_id`` on a concrete state (every field a Z3 constant)."""
    return invariant.holds(BY_ID[invariant_id], s)


def check_all(state: State) -> list[Violation]:
    """Every invariant the engine state ``state`` breaks (empty: it keeps them all): the
    view is read once for all of them (the soak's fast path)."""
    return invariant.check_found(concrete.findings, BY_ID, state)


def assert_all(state: State) -> None:
    """Raise :class:`InvariantViolation` if ``state`` breaks an invariant."""
    invariant.assert_kept(check_all(state), state)


def holds_symbolically(invariant_id: str, v: concrete.KonyView) -> bool:
    """``invariant_id``'s Z3 statement on a view (slow: for tests of the plain checks)."""
    return holds(invariant_id, concrete.symbolic(v))
