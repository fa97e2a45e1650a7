"""INV-ELIMINATED: a monster at 0 hearts is out at once, and never acts or wins."""

from __future__ import annotations

import z3

from kot_rules.engine.state import Phase, State
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import NOBODY, Bool, SymState


def check(s: State) -> list[str]:
    out = []
    for m in s.monsters:
        if m.alive and m.hearts < 1:
            out.append(f"{m.name} is in the game at {m.hearts} hearts")
        if not m.alive and (m.hearts != 0 or m.cards):
            out.append(f"{m.name} is eliminated but has {m.hearts} hearts, cards {list(m.cards)}")
    if s.phase is not Phase.OVER and not s.monsters[s.active].alive:
        out.append(f"{s.monsters[s.active].name} is eliminated but is the active monster")
    p = s.current_player()
    if p >= 0 and not s.monsters[p].alive:
        out.append(f"{s.monsters[p].name} is eliminated but decides next")
    return out


def symbolic(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    out = [z3.If(m.alive, m.hearts >= 1, z3.And(m.hearts == 0, m.cards == 0))
           for m in s.monsters]
    out.append(z3.Implies(s.asking, s.at(s.queue[0], "alive")))
    out.append(z3.Implies(s.winner != NOBODY, s.at(s.winner, "alive")))
    return z3.And(out)


INVARIANT = Invariant(
    "INV-ELIMINATED", "A monster at 0 ♥ is eliminated at once: it holds no card and no place "
    "in Tokyo, never acts or decides, and never wins.",
    ("end.elimination", "tokyo.killed-by-attack", "tokyo.killed-by-card"), check, symbolic,
    "KOT304",
    neither="That an eliminated active monster's turn ends at once (so it never acts) is "
    "only tested: the symbolic kernel has no phases beyond yield and over.")
