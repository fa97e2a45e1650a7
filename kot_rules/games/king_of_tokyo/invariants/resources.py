"""INV-RESOURCES: no negative stars or energy; tokens within the box."""

from __future__ import annotations

import z3

from kot_rules.games.king_of_tokyo import concrete
from kot_rules.games.king_of_tokyo.state import SymState
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import Bool


def symbolic(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    return z3.And([z3.And(m.stars >= 0, m.energy >= 0) for m in s.monsters])


INVARIANT: Invariant[SymState] = Invariant(
    "INV-RESOURCES", "Every monster has ⚡ ≥ 0 and ★ ≥ 0; the tokens of each kind in play, "
    "on monsters and on cards, never outnumber the box (a copy's own tokens aside: "
    "D-TOKEN-SUPPLY).",
    ("dice.energy", "dice.numbers", "cards.tokens"), concrete.resources, symbolic, "KOT302",
    neither="Tokens within the box: only tested (the symbolic state has no tokens).")
