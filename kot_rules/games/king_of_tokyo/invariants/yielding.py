"""INV-YIELD: only an occupant the attack made lose hearts is asked to yield, once."""

from __future__ import annotations

import z3

from kot_rules.games.king_of_tokyo import concrete
from kot_rules.games.king_of_tokyo.state import NOBODY, SymState, seat_index
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import Bool


def symbolic(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    q0, q1 = s.queue
    out = [seat_index(q0), seat_index(q1)]
    for q in (q0, q1):
        out.append(z3.Implies(q != NOBODY, z3.And(q != 0, s.at(q, "hit"))))
    out.append(z3.Implies(q1 != NOBODY, z3.And(q0 != NOBODY, q0 != q1)))
    out.append(z3.Implies(s.asking, z3.And(q0 != NOBODY, z3.Or(s.city == q0, s.bay == q0))))
    return z3.And(out)


INVARIANT: Invariant[SymState] = Invariant(
    "INV-YIELD", "Only a monster in Tokyo that lost ♥ to the attack being resolved (or, "
    "holding a card that lets it decide first, would lose ♥: D-YIELD-BEFORE-DAMAGE) is "
    "asked to yield, never the attacker; each at most once.",
    ("tokyo.yield", "tokyo.yield-only-attacked", "bay.yield"), concrete.yielding, symbolic,
    "KOT307",
    neither="The order of the phases (the yield question comes only right after an attack) "
    "is assumed by each kernel step, not proved.")
