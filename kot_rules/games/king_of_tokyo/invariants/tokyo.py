"""INV-TOKYO: at most one monster in each place of Tokyo, in the game, the Bay only if open."""

from __future__ import annotations

import z3

from kot_rules.games.king_of_tokyo import concrete
from kot_rules.games.king_of_tokyo.state import NOBODY, SymState, seat_index
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import Bool


def symbolic(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    return z3.And(
        seat_index(s.city), seat_index(s.bay),
        z3.Implies(s.city != NOBODY, z3.And(s.at(s.city, "alive"), s.city != s.bay)),
        z3.Implies(s.bay != NOBODY, z3.And(s.at(s.bay, "alive"), s.bay_open())),
    )


INVARIANT: Invariant[SymState] = Invariant(
    "INV-TOKYO", "At most one monster in Tokyo City and one in Tokyo Bay, never the same, "
    "never an eliminated one; the Bay is occupied only with the variant on and at least 5 "
    "monsters in the game.",
    ("tokyo.one-monster", "bay.variant", "bay.closes"), concrete.tokyo, symbolic, "KOT303")
