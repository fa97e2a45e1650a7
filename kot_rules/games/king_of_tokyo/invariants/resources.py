"""INV-RESOURCES: no negative stars or energy; tokens within the box."""

from __future__ import annotations

import z3

from kot_rules.engine.state import State
from kot_rules.engine.statecheck import tokens_from_the_box
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import Bool, SymState


def check(s: State) -> list[str]:
    out = [f"{m.name} has {m.stars} stars and {m.energy} energy"
           for m in s.monsters if m.stars < 0 or m.energy < 0]
    return out + check_tokens(s)


def check_tokens(s: State) -> list[str]:
    """Tokens of each kind, on monsters and on cards, within the box count (the supply);
    a copy's own tokens aside, as :func:`~kot_rules.engine.statecheck.tokens_from_the_box`
    counts them (D-TOKEN-SUPPLY)."""
    box = s.game.cards.token_supply
    return [f"{n} {kind} tokens in play, the box has {box.get(kind, 0)}"
            for kind, n in sorted(tokens_from_the_box(s).items()) if n > box.get(kind, 0)]


def symbolic(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    return z3.And([z3.And(m.stars >= 0, m.energy >= 0) for m in s.monsters])


INVARIANT = Invariant(
    "INV-RESOURCES", "Every monster has ⚡ ≥ 0 and ★ ≥ 0; the tokens of each kind in play, "
    "on monsters and on cards, never outnumber the box (a copy's own tokens aside: "
    "D-TOKEN-SUPPLY).",
    ("dice.energy", "dice.numbers", "cards.tokens"), check, symbolic, "KOT302",
    neither="Tokens within the box: only tested (the symbolic state has no tokens).")
