"""INV-VICTORY: the game ends only at the end of a turn, with one sound outcome."""

from __future__ import annotations

import z3

from kot_rules.engine.events import EventKind
from kot_rules.engine.state import Phase, State
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import NOBODY, SEATS, Bool, SymState


def check(s: State) -> list[str]:
    out = []
    over = s.phase is Phase.OVER
    if over != (s.outcome is not None):
        out.append(f"phase {s.phase.value} with outcome {s.outcome}")
    alive = [i for i, m in enumerate(s.monsters) if m.alive]
    o = s.outcome
    if o is not None:
        if o.winner is None and alive:
            out.append(f"a draw with {len(alive)} monsters in the game")
        if o.winner is not None:
            w = s.monsters[o.winner]
            if not w.alive:
                out.append(f"{w.name} won but is eliminated")
            elif len(alive) > 1 and w.stars < s.game.options.win_stars:
                out.append(f"{w.name} won with {w.stars} stars and {len(alive) - 1} rivals left")
    kinds = [e.kind for e in s.events]
    ends = [k for k in kinds if k in (EventKind.WON, EventKind.DRAW)]
    if len(ends) > 1:
        out.append(f"{len(ends)} outcomes in one step")
    if ends and EventKind.TURN_ENDED not in kinds[: kinds.index(ends[0])]:
        out.append("the game ended before the end of a turn")
    return out


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


INVARIANT = Invariant(
    "INV-VICTORY", "The game ends only at the end of a turn, with one outcome: a winner "
    "still in the game (the last one, or one with the stars to win), or a draw when every "
    "remaining monster was eliminated in the same turn.",
    ("end.victory-at-end-of-turn", "end.twenty-stars", "end.last-standing",
     "end.must-survive", "end.draw"), check, symbolic, "KOT306",
    neither="That the game always ends (termination) is only tested, on random games.")
