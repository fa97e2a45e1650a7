"""INV-YIELD: only an occupant the attack made lose hearts is asked to yield, once."""

from __future__ import annotations

import z3

from kot_rules.engine.events import EventKind
from kot_rules.engine.state import Phase, State
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import NOBODY, Bool, SymState, seat_index


def check(s: State) -> list[str]:
    if s.pending is not None:
        # In the middle of a step, waiting for a card's question: the yield queue may be
        # half-formed, and nobody is asked to yield until the step is done.
        return []
    out = []
    q = s.yield_queue
    if (s.phase is Phase.YIELD) != bool(q):
        out.append(f"phase {s.phase.value} with yield queue {list(q)}")
    if len(set(q)) != len(q) or len(q) > 2 or s.active in q:
        out.append(f"yield queue {list(q)} (active seat {s.active})")
    if q and not (s.monsters[q[0]].alive and s.in_tokyo(q[0])):
        out.append(f"{s.monsters[q[0]].name} is asked to yield but is not in Tokyo")
    if any(e.kind is EventKind.RESOLVED for e in s.events):
        # The queue was formed in this step: each one asked lost hearts to the attack.
        hit = {e.seat for e in s.events if e.kind is EventKind.DAMAGED and e.detail == "attack"}
        # A card may let the occupant decide before the damage lands (D-YIELD-BEFORE-DAMAGE): the
        # damage waits in pending_damage.
        hit |= {seat for seat, _ in s.pending_damage}
        for seat in q:
            if seat not in hit:
                out.append(f"{s.monsters[seat].name} is asked to yield but was not attacked")
    return out


def symbolic(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    q0, q1 = s.queue
    out = [seat_index(q0), seat_index(q1)]
    for q in (q0, q1):
        out.append(z3.Implies(q != NOBODY, z3.And(q != 0, s.at(q, "hit"))))
    out.append(z3.Implies(q1 != NOBODY, z3.And(q0 != NOBODY, q0 != q1)))
    out.append(z3.Implies(s.asking, z3.And(q0 != NOBODY, z3.Or(s.city == q0, s.bay == q0))))
    return z3.And(out)


INVARIANT = Invariant(
    "INV-YIELD", "Only a monster in Tokyo that lost ♥ to the attack being resolved (or, "
    "holding a card that lets it decide first, would lose ♥: D-YIELD-BEFORE-DAMAGE) is "
    "asked to yield, never the attacker; each at most once.",
    ("tokyo.yield", "tokyo.yield-only-attacked", "bay.yield"), check, symbolic, "KOT307",
    neither="The order of the phases (the yield question comes only right after an attack) "
    "is assumed by each kernel step, not proved.")
