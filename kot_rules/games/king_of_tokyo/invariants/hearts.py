"""INV-HEARTS: hearts between 0 and the monster's current maximum."""

from __future__ import annotations

import z3

from kot_rules.games.king_of_tokyo import concrete
from kot_rules.games.king_of_tokyo.state import SymState
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import Bool


def symbolic(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    return z3.And([z3.And(m.hearts >= 0, m.hearts <= m.max_hearts, m.max_hearts >= 1)
                   for m in s.monsters])


INVARIANT: Invariant[SymState] = Invariant(
    "INV-HEARTS", "Every monster has 0 ≤ ♥ ≤ its current maximum (its own, 10 by default, "
    "plus its cards' \"maximum hearts\" modifiers).",
    ("dice.hearts", "cards.max-hearts"), concrete.hearts, symbolic, "KOT301",
    neither="Z3 proves 0 ≤ ♥ ≤ maximum; that the maximum equals 10 plus the cards' raises "
    "is only tested (the symbolic state counts cards, it does not know which).")
