"""New York's proof model: what :mod:`kot_rules.verify.prover` proves of this game.

Its symbolic state (:mod:`.state`), its kernel steps (:mod:`.kernel`), its card sentences
(:mod:`.semantics`), its invariants (:mod:`.invariants`), how a counterexample reads
(:func:`describe`: the fields a step changed, boroughs by name, and who stands where), and
the canaries: each outcome is reachable, so no invariant holds only because nothing can
happen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import z3

from kot_rules.games.king_of_new_york import kernel as k
from kot_rules.games.king_of_new_york.invariants import INVARIANTS, KONY, all_hold
from kot_rules.games.king_of_new_york.semantics import card_transitions
from kot_rules.games.king_of_new_york.state import (
    MANHATTAN_I,
    NOBODY,
    SEATS,
    SymKony,
    borough_name,
    fresh,
    leaves,
)
from kot_rules.verify import prover
from kot_rules.verify.prover import ProofModel
from kot_rules.verify.symbolic import Ctx

HINT = ("`kot-rules verify --game king-of-new-york --cards DIR --json` gives every proof of "
        "the cards with its counterexample (seat 0 is the active monster)")
"""What ``kot-rules check`` says to do with a counterexample."""


# -- counterexamples -------------------------------------------------------------------


def counterexample(solver: z3.Solver, ctx: Ctx, pre: SymKony,
                   post: SymKony) -> dict[str, Any]:
    """The solver's model as plain values: the states before and after (monsters out of the
    game left out) and the choices of the step."""

    value = prover.evaluator(solver.model())

    def state(s: SymKony) -> dict[str, Any]:
        return {name: value(term) for name, term in leaves(s)}

    return {
        "pre": {n: v for n, v in state(pre).items() if not n.startswith("pin")},
        "post": state(post),
        "choices": [{"kind": kind, "seat": seat, "value": value(v)}
                    for kind, seat, v in ctx.choices],
    }


def _shown(key: str, v: Any) -> str:
    if key.endswith(".borough") and isinstance(v, int):
        return borough_name(v)
    return str(v)


def describe(inv: str, model: dict[str, Any]) -> str:
    """The fields the step changed, before -> after (boroughs by name), then who stands
    where before the step."""
    pre, post = model["pre"], model["post"]
    changed = [f"{key}: {_shown(key, pre.get(key))} -> {_shown(key, after)}"
               for key, after in post.items() if pre.get(key) != after]
    owner = [c["value"] for c in model.get("choices", ()) if c["kind"] == "owner"]
    if owner:
        changed.insert(0, f"the card's owner: seat {owner[-1]}"
                       + (" (the active monster)" if owner[-1] == 0 else ""))
    where = ", ".join(
        f"seat {k}: {_shown('.borough', pre[f'monsters[{k}].borough'])}"
        for k in range(pre["players"]) if pre.get(f"monsters[{k}].alive"))
    manhattan = f"2-4: {pre['city']}, 5-6: {pre['bay']}"
    return (f"{inv} broken: " + ("; ".join(changed) or "already in the state before")
            + f" [before: {where}; Manhattan {manhattan}]")


# -- canaries --------------------------------------------------------------------------

StepFn = Callable[[Ctx, SymKony], k.Step]
Goal = Callable[[SymKony, SymKony, Ctx], z3.BoolRef]


def reachable(steps: Sequence[StepFn], goal: Goal, from_setup: bool = False) -> bool:
    """Some legal state (or the set-up) and some choices lead through ``steps`` to ``goal``."""
    return prover.reachable(steps, goal, fresh, leaves, _going_on,
                            k.setup if from_setup else None)


def _going_on(pre: SymKony) -> list[z3.BoolRef]:
    return [all_hold(pre), z3.Not(pre.over)]


def _alive_count(s: SymKony) -> z3.ArithRef:
    return s.alive_count()


def _units(s: SymKony) -> z3.ArithRef:
    return z3.Sum(list(s.units))


CANARIES: tuple[tuple[str, Sequence[StepFn], Goal, bool], ...] = (
    ("a win by stars at the end of a turn", (k.celebrity_faces, k.end_of_turn),
     lambda pre, s, c: z3.And(s.over, s.winner == 0, _alive_count(s) >= 2), False),
    ("another monster with the stars to win at the end of a turn: no win, the game goes on",
     (k.end_of_turn,),
     lambda pre, s, c: z3.And(z3.Not(s.over), s.m(0).alive, z3.Or(
         [z3.And(s.m(i).alive, s.m(i).stars >= s.win_stars) for i in range(1, SEATS)])),
     False),
    ("a win by last standing: smash faces eliminate the last rival", (k.smash_faces,
                                                                      k.end_of_turn),
     lambda pre, s, c: z3.And(s.over, s.winner == 0, pre.alive_count() == 2,
                              s.m(0).stars < s.win_stars), False),
    ("a draw: the last two monsters eliminated in one turn", (k.ouch_faces, k.end_of_turn),
     lambda pre, s, c: z3.And(s.over, s.winner == NOBODY), False),
    ("no win before the end of the turn: 20 stars reached, the game goes on",
     (k.celebrity_faces,),
     lambda pre, s, c: z3.And(z3.Not(s.over), s.m(0).stars >= s.win_stars), False),
    ("a building destroyed: it flips to a unit revealed this turn", (k.destroy_tile,),
     lambda pre, s, c: z3.Sum(list(s.fresh)) > z3.Sum(list(pre.fresh)), False),
    ("a unit destroyed: back in the box", (k.destroy_tile,),
     lambda pre, s, c: s.boxed > pre.boxed, False),
    ("Superstar taken from its holder by celebrity faces", (k.celebrity_faces,),
     lambda pre, s, c: z3.And(pre.superstar > 0, s.superstar == 0), False),
    ("the Statue of Liberty taken: its holder loses 3 stars", (k.ouch_faces,),
     lambda pre, s, c: z3.And(pre.statue > 0, s.statue == 0,
                              s.m(1).stars == pre.m(1).stars - 3), False),
    ("the units of Manhattan fire at the monster there", (k.ouch_faces,),
     lambda pre, s, c: z3.And(pre.city == 0, s.m(0).hearts < pre.m(0).hearts,
                              pre.units[MANHATTAN_I] > 0), False),
    ("an attacked monster flees Manhattan and the attacker moves in",
     (k.smash_faces, k.flee, k.enter_manhattan),
     lambda pre, s, c: z3.And(pre.city != 0, s.city == 0, s.m(0).borough == MANHATTAN_I),
     False),
    ("the 5-6 path: two monsters in Manhattan, then an elimination closes it",
     (k.smash_faces,),
     lambda pre, s, c: z3.And(pre.bay != NOBODY, s.bay == NOBODY, s.city != NOBODY,
                              pre.alive_count() == 5), False),
    ("Upper Manhattan reached by moving up", (k.move_up,),
     lambda pre, s, c: z3.Or(s.zones[0] == 2, s.zones[1] == 2), False),
    ("from the set-up: the first monster enters Manhattan with 1 star",
     (k.start_of_turn, k.enter_manhattan),
     lambda pre, s, c: z3.And(s.city == 0, s.m(0).stars == 1, s.players == 6), True),
)
"""The canaries: each must be reachable."""


def canaries() -> list[tuple[str, Callable[[], bool]]]:
    return [(name, partial(reachable, steps, goal, from_setup))
            for name, steps, goal, from_setup in CANARIES]


MODEL: ProofModel[SymKony] = ProofModel(
    game=KONY, invariants=INVARIANTS, fresh=fresh, kernel=k.TRANSITIONS,
    card_transitions=card_transitions, counterexample=counterexample, describe=describe,
    canaries=canaries, weakenings=k.weakenings, check_hint=HINT)
"""What the proof loop proves of New York: every kernel step and every distinct card
sentence (a sentence saying a word with no New York meaning is ``unsupported``)."""
