"""INV-HEARTS: hearts between 0 and the monster's current maximum."""

from __future__ import annotations

import z3

from kot_rules.engine import abilities
from kot_rules.engine.state import State
from kot_rules.language.ast import ModifierKind
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import Bool, SymState


def check(s: State) -> list[str]:
    out = []
    for seat, m in enumerate(s.monsters):
        if not 0 <= m.hearts <= m.max_hearts:
            out.append(f"{m.name} has {m.hearts} hearts, outside 0..{m.max_hearts}")
        # The maximum is the monster's own (at least 1) plus what its cards add.
        raised = abilities.total(s, seat, ModifierKind.MAX_HEARTS) if m.alive else 0
        if m.max_hearts - raised < 1:
            out.append(f"{m.name}: maximum {m.max_hearts} is less than 1 + its cards' {raised}")
    return out


def symbolic(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    return z3.And([z3.And(m.hearts >= 0, m.hearts <= m.max_hearts, m.max_hearts >= 1)
                   for m in s.monsters])


INVARIANT = Invariant(
    "INV-HEARTS", "Every monster has 0 ≤ ♥ ≤ its current maximum (its own, 10 by default, "
    "plus its cards' \"maximum hearts\" modifiers).",
    ("dice.hearts", "cards.max-hearts"), check, symbolic, "KOT301",
    neither="Z3 proves 0 ≤ ♥ ≤ maximum; that the maximum equals 10 plus the cards' raises "
    "is only tested (the symbolic state counts cards, it does not know which).")
