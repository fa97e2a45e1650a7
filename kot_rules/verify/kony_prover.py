"""New York's proofs: one Z3 query per kernel step and invariant, the canaries, the report.

Same method as :mod:`kot_rules.verify.duel_prover`: a query assumes every invariant before
the step and the step itself, and asks for a state after it that breaks the invariant
(*unsat*: proved; *sat*: a counterexample, made readable by :func:`describe`). The
canaries are *sat* queries: each outcome is reachable, so no invariant holds only because
nothing can happen.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import z3

from kot_rules.verify import kony_kernel as k
from kot_rules.verify.kony_invariants import BY_ID, INVARIANTS, KONY, all_hold
from kot_rules.verify.kony_state import (
    MANHATTAN_I,
    NOBODY,
    SymKony,
    borough_name,
    fresh,
    leaves,
)
from kot_rules.verify.prover import (
    COUNTEREXAMPLE,
    PROVED,
    TIMEOUT,
    UNSUPPORTED,
    Canary,
    Report,
    Result,
    Use,
)
from kot_rules.verify.symbolic import Ctx

if TYPE_CHECKING:
    from kot_rules.language.ast import CardDef
    from kot_rules.verify.kony_semantics import CardTransition

TIMEOUT_MS = 20_000
"""Per query; a query that takes longer is reported as ``timeout``."""


class KonyReport(Report):
    """A :class:`~kot_rules.verify.prover.Report` over New York's invariants."""

    def counts(self) -> dict[str, dict[str, int]]:
        out = {inv.id: {s: 0 for s in (PROVED, COUNTEREXAMPLE, TIMEOUT, UNSUPPORTED)}
               for inv in INVARIANTS}
        for r in self.results:
            out.setdefault(r.invariant, {})[r.status] = out[r.invariant].get(r.status, 0) + 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "seconds": round(self.seconds, 3),
            "invariants": [{"id": i.id, "statement": i.statement, "rules": list(i.rules)}
                           for i in INVARIANTS],
            "counts": self.counts(),
            "results": [r.to_json() for r in self.results],
            "canaries": [c.to_json() for c in self.canaries],
        }


def prove(t: k.KonyTransition | CardTransition, invariants: Sequence[str] | None = None,
          uses: Sequence[Use] = ()) -> list[Result]:
    """One result per New York invariant (or per one of ``invariants``) for ``t``; ``uses``:
    the card sentences that bring it."""
    ids = list(invariants or BY_ID)
    if t.build is None:
        why = getattr(t, "unsupported", None) or ""
        return [Result(i, t.name, t.kind, UNSUPPORTED, 0.0, tuple(uses), why) for i in ids]
    ctx = Ctx()
    pre = fresh(ctx)
    start = time.perf_counter()
    ok, post = t.build(ctx, pre)
    solver = z3.Solver()
    solver.set(timeout=TIMEOUT_MS)
    if not t.initial:
        solver.add(all_hold(pre))
    solver.add(*ctx.facts, ok)
    base = time.perf_counter() - start
    out = []
    for inv in ids:
        begin = time.perf_counter()
        solver.push()
        solver.add(z3.Not(BY_ID[inv].symbolic(post)))
        answer = solver.check()
        seconds = time.perf_counter() - begin + base / len(ids)
        if answer == z3.unsat:
            out.append(Result(inv, t.name, t.kind, PROVED, seconds, tuple(uses)))
        elif answer == z3.sat:
            model = concrete(solver.model(), ctx, pre, post)
            out.append(Result(inv, t.name, t.kind, COUNTEREXAMPLE, seconds, tuple(uses),
                              detail=describe(inv, model), counterexample=model))
        else:
            out.append(Result(inv, t.name, t.kind, TIMEOUT, seconds, tuple(uses),
                              detail=solver.reason_unknown()))
        solver.pop()
    return out


# -- counterexamples -------------------------------------------------------------------


def concrete(model: z3.ModelRef, ctx: Ctx, pre: SymKony, post: SymKony) -> dict[str, Any]:
    """The model as plain values: the states before and after (monsters out of the game
    left out) and the choices of the step."""

    def value(term: Any) -> Any:
        v = model.eval(term, model_completion=True)
        return z3.is_true(v) if z3.is_bool(v) else v.as_long()

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
    ctx = Ctx()
    pre = fresh(ctx)
    solver = z3.Solver()
    solver.set(timeout=TIMEOUT_MS)
    s = pre
    if from_setup:
        ok, s = k.setup(ctx, pre)
        solver.add(ok)
    else:
        solver.add(all_hold(pre), z3.Not(pre.over))
    for i, step in enumerate(steps):
        ok, s = step(ctx, s)
        solver.add(ok)
        s = _pin(solver, ctx, s, f"after{i}")
    solver.add(*ctx.facts, goal(pre, s, ctx))
    return bool(solver.check() == z3.sat)


def _pin(solver: z3.Solver, ctx: Ctx, s: SymKony, name: str) -> SymKony:
    """A fresh state equal to ``s``: a chain of steps then builds on small terms."""
    named = fresh(ctx, name)
    solver.add([a == b for (_, a), (_, b) in zip(leaves(named), leaves(s), strict=True)])
    return named


def _alive_count(s: SymKony) -> z3.ArithRef:
    return s.alive_count()


def _units(s: SymKony) -> z3.ArithRef:
    return z3.Sum(list(s.units))


CANARIES: tuple[tuple[str, Sequence[StepFn], Goal, bool], ...] = (
    ("a win by stars at the end of a turn", (k.celebrity_faces, k.end_of_turn),
     lambda pre, s, c: z3.And(s.over, s.winner == 0, _alive_count(s) >= 2), False),
    ("a win by stars of a monster other than the active one", (k.ouch_faces, k.end_of_turn),
     lambda pre, s, c: z3.And(s.over, s.winner != 0, s.winner != NOBODY,
                              s.m(0).alive), False),
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


def canaries() -> list[Canary]:
    out = []
    for name, steps, goal, from_setup in CANARIES:
        start = time.perf_counter()
        found = reachable(steps, goal, from_setup)
        out.append(Canary(name, found, time.perf_counter() - start))
    return out


def collect(cards: Iterable[CardDef]) -> list[tuple[CardTransition, list[Use]]]:
    """Each distinct New York card transition once (by kind and text), with the card
    sentences that bring it, in the order the cards say them."""
    from kot_rules.verify.kony_semantics import card_transitions

    found: dict[tuple[str, str], tuple[CardTransition, list[Use]]] = {}
    for card in cards:
        for t, position in card_transitions(card):
            entry = found.setdefault((t.kind, t.name), (t, []))
            entry[1].append(Use(card.slug, position))
    return list(found.values())


def verify(cards: Sequence[CardDef] = (),
           on_counterexample: Callable[[Any, Result], None] | None = None,
           game: str = KONY) -> KonyReport:
    """Every New York invariant for every kernel step and every distinct card sentence
    (:mod:`~kot_rules.verify.kony_semantics`), one query each, then the canaries. A
    sentence saying a word with no New York meaning is ``unsupported``."""
    start = time.perf_counter()
    report = KonyReport(game=game)
    steps: list[tuple[k.KonyTransition | CardTransition, list[Use]]] = [
        (t, []) for t in k.TRANSITIONS]
    steps += collect(cards)
    for t, uses in steps:
        results = prove(t, uses=uses)
        if on_counterexample is not None:
            for r in results:
                if r.status == COUNTEREXAMPLE:
                    on_counterexample(t, r)
        report.results += results
    report.canaries = canaries()
    report.seconds = time.perf_counter() - start
    return report
