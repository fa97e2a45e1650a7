"""INV-VICTORY: the game ends only at the end of a turn, with one sound outcome."""

from __future__ import annotations

import z3

from kot_rules.games.king_of_tokyo import concrete
from kot_rules.games.king_of_tokyo.state import NOBODY, SEATS, SymState
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import Bool


def symbolic(s: SymState, pre: SymState, ends_turn: bool) -> Bool:
    alive = s.alive_count()
    w = s.winner
    ended = z3.Or(
        z3.And(w == NOBODY, alive == 0),
        z3.And(w >= 0, w < SEATS, s.at(w, "alive"),
               z3.Or(alive == 1, s.at(w, "stars") >= s.win_stars)),
    )
    out = [z3.If(s.over, ended, w == NOBODY)]
    if not ends_turn:
        # Only the end-of-turn step may end the game.
        out.append(s.over == pre.over)
    return z3.And(out)


INVARIANT: Invariant[SymState] = Invariant(
    "INV-VICTORY", "The game ends only at the end of a turn, with one outcome: a winner "
    "still in the game (the last one, or one with the stars to win), or a draw when every "
    "remaining monster was eliminated in the same turn.",
    ("end.victory-at-end-of-turn", "end.twenty-stars", "end.last-standing",
     "end.must-survive", "end.draw"), concrete.victory, symbolic, "KOT306",
    neither="That the game always ends (termination) is only tested, on random games.")
