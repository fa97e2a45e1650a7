"""INV-ELIMINATED: a monster at 0 hearts is out at once, and never acts or wins."""

from __future__ import annotations

import z3

from kot_rules.games.king_of_tokyo import concrete
from kot_rules.games.king_of_tokyo.state import NOBODY, SymState
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import Bool


def symbolic(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    out = [z3.If(m.alive, m.hearts >= 1, z3.And(m.hearts == 0, m.cards == 0))
           for m in s.monsters]
    out.append(z3.Implies(s.asking, s.at(s.queue[0], "alive")))
    out.append(z3.Implies(s.winner != NOBODY, s.at(s.winner, "alive")))
    return z3.And(out)


INVARIANT: Invariant[SymState] = Invariant(
    "INV-ELIMINATED", "A monster at 0 ♥ is eliminated at once: it holds no card and no place "
    "in Tokyo, never acts or decides, and never wins.",
    ("end.elimination", "tokyo.killed-by-attack", "tokyo.killed-by-card"), concrete.eliminated,
    symbolic, "KOT304",
    neither="That an eliminated active monster's turn ends at once (so it never acts) is "
    "only tested: the symbolic kernel has no phases beyond yield and over.")
