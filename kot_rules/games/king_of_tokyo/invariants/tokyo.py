"""INV-TOKYO: at most one monster in each place of Tokyo, in the game, the Bay only if open."""

from __future__ import annotations

import z3

from kot_rules.engine.game import BAY_MIN_MONSTERS
from kot_rules.engine.state import State
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import NOBODY, Bool, SymState, seat_index


def check(s: State) -> list[str]:
    out = []
    n = len(s.monsters)
    for where, seat in (("City", s.city), ("Bay", s.bay)):
        if seat is None:
            continue
        if not 0 <= seat < n:
            out.append(f"Tokyo {where} holds seat {seat}, not a seat of the table")
        elif not s.monsters[seat].alive:
            out.append(f"Tokyo {where} holds {s.monsters[seat].name}, eliminated")
    if s.city is not None and s.city == s.bay:
        out.append(f"seat {s.city} is in Tokyo City and Tokyo Bay at once")
    if s.bay is not None:
        alive = sum(m.alive for m in s.monsters)
        if not s.game.tokyo_bay or alive < BAY_MIN_MONSTERS:
            variant = "on" if s.game.tokyo_bay else "off"
            out.append(f"Tokyo Bay is occupied with the variant {variant} and {alive} "
                       "monsters in the game")
    return out


def symbolic(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    return z3.And(
        seat_index(s.city), seat_index(s.bay),
        z3.Implies(s.city != NOBODY, z3.And(s.at(s.city, "alive"), s.city != s.bay)),
        z3.Implies(s.bay != NOBODY, z3.And(s.at(s.bay, "alive"), s.bay_open())),
    )


INVARIANT = Invariant(
    "INV-TOKYO", "At most one monster in Tokyo City and one in Tokyo Bay, never the same, "
    "never an eliminated one; the Bay is occupied only with the variant on and at least 5 "
    "monsters in the game.",
    ("tokyo.one-monster", "bay.variant", "bay.closes"), check, symbolic, "KOT303")
