"""INV-SEATS: 2 to 6 seats, one monster each, none added or removed."""

from __future__ import annotations

import z3

from kot_rules.engine.numbers import BAY_MIN_MONSTERS, MIN_MONSTERS
from kot_rules.games.king_of_tokyo import concrete
from kot_rules.games.king_of_tokyo.state import SEATS, SymState
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import Bool


def symbolic(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    out = [s.players >= MIN_MONSTERS, s.players <= SEATS, s.players == pre.players,
           z3.Implies(s.bay_variant, s.players >= BAY_MIN_MONSTERS), s.win_stars >= 1]
    for k, m in enumerate(s.monsters):
        # A seat beyond the table holds no monster: it looks eliminated, with nothing.
        out.append(z3.Implies(k >= s.players, z3.And(z3.Not(m.alive), m.hearts == 0,
                                                     m.cards == 0, z3.Not(m.hit))))
    return z3.And(out)


INVARIANT: Invariant[SymState] = Invariant(
    "INV-SEATS", "The table has 2 to 6 seats, one monster each; no seat is added or removed.",
    ("setup.board",), concrete.seats, symbolic, "KOT308")
