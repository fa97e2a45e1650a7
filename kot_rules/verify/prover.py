"""The proofs: for every transition and invariant, one Z3 query; and the canaries.

A query assumes every invariant before the step and the step itself, and asks for a
state after it that breaks the invariant: *unsat* proves the invariant preserved,
*sat* gives a counterexample. The canaries are *sat* queries: a 20-★ win, a last
monster standing and a draw are reachable from a legal state, so no invariant holds
only because nothing can happen.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from kot_rules.language.ast import CardDef, Effect, Position, Verb, Who
from kot_rules.verify import kernel
from kot_rules.verify.invariants import BY_ID, KING_OF_TOKYO, all_hold, for_game
from kot_rules.verify.semantics import KERNEL, Transition, card_transitions, run_effect
from kot_rules.verify.symbolic import NOBODY, Ctx, SymState, leaves

TIMEOUT_MS = 20_000
"""Per query; a query that takes longer is reported as ``timeout``."""

PROVED, COUNTEREXAMPLE, TIMEOUT, UNSUPPORTED = "proved", "counterexample", "timeout", "unsupported"


@dataclass(frozen=True)
class Use:
    """A card sentence that brings a transition."""

    card: str
    position: Position


@dataclass
class Result:
    """One invariant for one transition."""

    invariant: str
    transition: str
    kind: str
    status: str
    seconds: float
    uses: tuple[Use, ...] = ()
    detail: str = ""
    counterexample: dict[str, Any] | None = None
    scenario: str | None = None
    reproduced: bool | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "invariant": self.invariant,
            "transition": self.transition,
            "kind": self.kind,
            "status": self.status,
            "seconds": round(self.seconds, 4),
            "cards": sorted({u.card for u in self.uses}),
            "detail": self.detail,
            "counterexample": self.counterexample,
            "scenario": self.scenario,
            "reproduced": self.reproduced,
        }


@dataclass
class Canary:
    """A reachability check: ``reachable`` must be True."""

    name: str
    reachable: bool
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "reachable": self.reachable,
                "seconds": round(self.seconds, 4)}


@dataclass
class Report:
    results: list[Result] = field(default_factory=list)
    canaries: list[Canary] = field(default_factory=list)
    seconds: float = 0.0
    game: str = KING_OF_TOKYO
    """The game whose invariants were proved (a games-registry id)."""

    @property
    def ok(self) -> bool:
        return (all(r.status == PROVED for r in self.results)
                and all(c.reachable for c in self.canaries))

    def counts(self) -> dict[str, dict[str, int]]:
        out = {inv.id: {s: 0 for s in (PROVED, COUNTEREXAMPLE, TIMEOUT, UNSUPPORTED)}
               for inv in for_game(self.game)}
        for r in self.results:
            out.setdefault(r.invariant, {})[r.status] = out[r.invariant].get(r.status, 0) + 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "seconds": round(self.seconds, 3),
            "invariants": [{"id": i.id, "statement": i.statement, "rules": list(i.rules)}
                           for i in for_game(self.game)],
            "counts": self.counts(),
            "results": [r.to_json() for r in self.results],
            "canaries": [c.to_json() for c in self.canaries],
        }


def collect(cards: Iterable[CardDef]) -> list[tuple[Transition, list[Use]]]:
    """The kernel steps, then each distinct card transition once, with the cards using it."""
    found: dict[tuple[str, str], tuple[Transition, list[Use]]] = {}
    for t in KERNEL:
        found[(t.kind, t.name)] = (t, [])
    for card in cards:
        for t, position in card_transitions(card):
            entry = found.setdefault((t.kind, t.name), (t, []))
            entry[1].append(Use(card.slug, position))
    return list(found.values())


def prove(t: Transition, uses: Sequence[Use] = (),
          invariants: Sequence[str] | None = None, game: str = KING_OF_TOKYO) -> list[Result]:
    """One result per invariant of ``game`` (or per one of ``invariants``) for ``t``."""
    ids = list(invariants or (inv.id for inv in for_game(game)))
    if t.build is None:
        return [Result(i, t.name, t.kind, UNSUPPORTED, 0.0, tuple(uses), t.unsupported or "")
                for i in ids]
    ctx = Ctx()
    pre = ctx.state()
    start = time.perf_counter()
    ok, post = t.build(ctx, pre)
    solver = z3.Solver()
    solver.set(timeout=TIMEOUT_MS)
    if not t.initial:
        solver.add(all_hold(pre, game))
    solver.add(*ctx.facts)
    solver.add(ok)
    base = time.perf_counter() - start
    out = []
    for inv in ids:
        begin = time.perf_counter()
        solver.push()
        before = post if t.initial else pre
        solver.add(z3.Not(BY_ID[inv].symbolic(post, before, t.ends_turn)))
        answer = solver.check()
        seconds = time.perf_counter() - begin + base / len(ids)
        if answer == z3.unsat:
            out.append(Result(inv, t.name, t.kind, PROVED, seconds, tuple(uses)))
        elif answer == z3.sat:
            model = _concrete(solver, ctx, pre, post)
            out.append(Result(inv, t.name, t.kind, COUNTEREXAMPLE, seconds, tuple(uses),
                              _describe(inv, model), model))
        else:
            out.append(Result(inv, t.name, t.kind, TIMEOUT, seconds, tuple(uses),
                              solver.reason_unknown()))
        solver.pop()
    return out


# Choices a replay without cards can make: no bonus from cards, nothing prevented.
_NEUTRAL = {"extra-energy": 0, "extra-healing": 0, "attack-damage": 0, "max-hearts": 0}
_NEUTRAL_BOOL = {"attack-everyone": False, "ignore-small-damage": False}


def _concrete(solver: z3.Solver, ctx: Ctx, pre: SymState, post: SymState) -> dict[str, Any]:
    """The model as plain values; preferring one the engine can replay without cards
    (no card bonuses, six dice)."""
    prefer = []
    dice = []
    for kind, _seat, v in ctx.choices:
        if kind in _NEUTRAL:
            prefer.append(v == _NEUTRAL[kind])
        elif kind in _NEUTRAL_BOOL:
            prefer.append(v == _NEUTRAL_BOOL[kind])
        elif kind.startswith("dice-"):
            dice.append(v)
    if dice:
        prefer.append(z3.Sum(dice) == 6)
    # The set-up gives 2 ★ back to an active monster in Tokyo: it needs them to give.
    # A game goes on only with two monsters in it: a replay needs a game in progress.
    prefer += [pre.alive_count() >= 2, z3.Not(pre.over)]
    prefer += [pre.win_stars == 20, pre.total_cards >= 3,
               z3.Or(z3.Not(pre.in_tokyo(0)), pre.m(0).stars >= 2)]
    for m in pre.monsters:
        prefer += [m.stars <= 30, m.energy <= 30, m.max_hearts <= 20, m.cards == 0]
    solver.push()
    solver.add(*prefer)
    replayable = solver.check() == z3.sat
    model = solver.model() if replayable else None
    solver.pop()
    if model is None:
        solver.check()
        model = solver.model()

    def value(term: Any) -> Any:
        v = model.eval(term, model_completion=True)
        return z3.is_true(v) if z3.is_bool(v) else v.as_long()

    return {
        "replayable": replayable,
        "pre": {k: value(v) for k, v in leaves(pre)},
        "post": {k: value(v) for k, v in leaves(post)},
        "choices": [{"kind": kind, "seat": seat, "value": value(v)}
                    for kind, seat, v in ctx.choices],
    }


def _describe(inv: str, model: dict[str, Any]) -> str:
    """The fields the step changed, before -> after (what a reader looks at first)."""
    pre, post = model["pre"], model["post"]
    players = pre.get("players", 6)
    changed = []
    for key, after in post.items():
        before = pre.get(key)
        if key.startswith("monsters[") and int(key[9]) >= players:
            continue
        if before != after:
            changed.append(f"{key}: {before} -> {after}")
    return f"{inv} broken: " + ("; ".join(changed) or "already in the state before")


# -- canaries ---------------------------------------------------------------------------

def _chain(steps: Sequence[Callable[[Ctx, SymState], kernel.Step]],
           goal: Callable[[SymState, SymState], z3.BoolRef]) -> bool:
    ctx = Ctx()
    pre = ctx.state()
    solver = z3.Solver()
    solver.set(timeout=TIMEOUT_MS)
    solver.add(all_hold(pre), pre.win_stars == 20, z3.Not(pre.over))
    s = pre
    for step in steps:
        ok, s = step(ctx, s)
        solver.add(ok)
    solver.add(*ctx.facts, goal(pre, s))
    return bool(solver.check() == z3.sat)


def _every_monster_takes(n: int) -> Callable[[Ctx, SymState], kernel.Step]:
    effect = Effect(Verb.TAKE_DAMAGE, n, Who.EVERY, Position("", 0, 0))
    return lambda ctx, s: (kernel.resting(s), run_effect(ctx, s, effect))


CANARIES: tuple[tuple[str, Sequence[Callable[[Ctx, SymState], kernel.Step]],
                      Callable[[SymState, SymState], z3.BoolRef]], ...] = (
    ("a monster wins with 20 stars (sets of numbers, then the end of the turn)",
     (kernel.dice, kernel.end_of_turn),
     lambda pre, post: z3.And(pre.m(0).stars < 20, post.over, post.winner == 0,
                              post.alive_count() >= 2)),
    ("the last monster standing wins (an attack, then the end of the turn)",
     (kernel.attack, kernel.settle, kernel.end_of_turn),
     lambda pre, post: z3.And(pre.alive_count() >= 2, post.over, post.winner != NOBODY,
                              post.alive_count() == 1)),
    ("a draw: every remaining monster eliminated in one turn (card damage to every monster)",
     (_every_monster_takes(3), kernel.end_of_turn),
     lambda pre, post: z3.And(pre.alive_count() >= 2, post.over, post.winner == NOBODY)),
)


def canaries() -> list[Canary]:
    out = []
    for name, steps, goal in CANARIES:
        start = time.perf_counter()
        reachable = _chain(steps, goal)
        out.append(Canary(name, reachable, time.perf_counter() - start))
    return out


def verify(cards: Iterable[CardDef],
           on_counterexample: Callable[[Transition, Result], None] | None = None,
           game: str = KING_OF_TOKYO) -> Report:
    """Prove every invariant of ``game`` for the kernel and every transition the cards
    bring; ``on_counterexample`` sees each failed proof (to write and replay its scenario)."""
    start = time.perf_counter()
    report = Report(game=game)
    for t, uses in collect(cards):
        results = prove(t, uses, game=game)
        if on_counterexample is not None:
            for r in results:
                if r.status == COUNTEREXAMPLE:
                    on_counterexample(t, r)
        report.results += results
    report.canaries = canaries()
    report.seconds = time.perf_counter() - start
    return report
