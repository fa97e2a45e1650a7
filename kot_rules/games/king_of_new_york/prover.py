"""New York's proofs: one Z3 query per kernel step and invariant, the canaries, the report.

Same method as :mod:`kot_rules.games.king_of_tokyo_duel.prover`: a query assumes every invariant
before
the step and the step itself, and asks for a state after it that breaks the invariant
(*unsat*: proved; *sat*: a counterexample, made readable by :func:`describe`). The
canaries are *sat* queries: each outcome is reachable, so no invariant holds only because
nothing can happen.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import z3

from kot_rules.games.king_of_new_york import kernel as k
from kot_rules.games.king_of_new_york.invariants import BY_ID, INVARIANTS, KONY, all_hold
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
from kot_rules.verify.prover import Result, Use
from kot_rules.verify.symbolic import Ctx

if TYPE_CHECKING:
    from kot_rules.games.king_of_new_york.semantics import CardTransition
    from kot_rules.language.ast import CardDef


class KonyReport(prover.Report):
    """A :class:`~kot_rules.verify.prover.Report` over New York's invariants."""

    def invariant_table(self) -> Sequence[Any]:
        return INVARIANTS


def prove(t: k.KonyTransition | CardTransition, invariants: Sequence[str] | None = None,
          uses: Sequence[Use] = ()) -> list[Result]:
    """One result per New York invariant (or per one of ``invariants``) for ``t``; ``uses``:
    the card sentences that bring it."""
    return prover.prove_each(
        t, list(invariants or BY_ID), uses, fresh, all_hold,
        lambda inv, pre, post: BY_ID[inv].symbolic(post),
        lambda solver, ctx, pre, post: concrete(solver.model(), ctx, pre, post), describe)


# -- counterexamples -------------------------------------------------------------------


def concrete(model: z3.ModelRef, ctx: Ctx, pre: SymKony, post: SymKony) -> dict[str, Any]:
    """The model as plain values: the states before and after (monsters out of the game
    left out) and the choices of the step."""

    value = prover.evaluator(model)

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


def canaries() -> list[prover.Canary]:
    return prover.timed((name, partial(reachable, steps, goal, from_setup))
                        for name, steps, goal, from_setup in CANARIES)


def collect(cards: Iterable[CardDef]) -> list[tuple[CardTransition, list[Use]]]:
    """Each distinct New York card transition once (by kind and text), with the card
    sentences that bring it, in the order the cards say them."""
    from kot_rules.games.king_of_new_york.semantics import card_transitions

    return prover.gather((card.slug, card_transitions(card)) for card in cards)


def verify(cards: Sequence[CardDef] = (),
           on_counterexample: Callable[[Any, Result], None] | None = None,
           game: str = KONY) -> KonyReport:
    """Every New York invariant for every kernel step and every distinct card sentence
    (:mod:`~kot_rules.games.king_of_new_york.semantics`), one query each, then the canaries. A
    sentence saying a word with no New York meaning is ``unsupported``."""
    start = time.perf_counter()
    steps: list[tuple[k.KonyTransition | CardTransition, list[Use]]] = [
        (t, []) for t in k.TRANSITIONS]
    steps += collect(cards)
    return prover.prove_all(KonyReport(game=game), steps, lambda t, uses: prove(t, uses=uses),
                            on_counterexample, canaries, start)
