"""The proofs: for every transition and invariant, one Z3 query; and the canaries.

A query assumes every invariant before the step and the step itself, and asks for a
state after it that breaks the invariant: *unsat* proves the invariant preserved,
*sat* gives a counterexample. The canaries are *sat* queries: a 20-★ win, a last
monster standing and a draw are reachable from a legal state, so no invariant holds
only because nothing can happen.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol, TypeVar

import z3

from kot_rules.games.king_of_tokyo import kernel
from kot_rules.games.king_of_tokyo.invariants import BY_ID, KING_OF_TOKYO, all_hold, for_game
from kot_rules.games.king_of_tokyo.semantics import KERNEL, Transition, card_transitions, run_effect
from kot_rules.language.ast import CardDef, Effect, Position, Verb, Who
from kot_rules.verify.symbolic import NOBODY, Bool, Ctx, SymState, leaves

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

    def invariant_table(self) -> Sequence[Any]:
        """The invariants reported on (each with ``id``, ``statement``, ``rules``): King of
        Tokyo's table for :attr:`game`; a game with its own prover gives its own."""
        return for_game(self.game)

    def counts(self) -> dict[str, dict[str, int]]:
        out = {inv.id: {s: 0 for s in (PROVED, COUNTEREXAMPLE, TIMEOUT, UNSUPPORTED)}
               for inv in self.invariant_table()}
        for r in self.results:
            out.setdefault(r.invariant, {})[r.status] = out[r.invariant].get(r.status, 0) + 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "seconds": round(self.seconds, 3),
            "invariants": [{"id": i.id, "statement": i.statement, "rules": list(i.rules)}
                           for i in self.invariant_table()],
            "counts": self.counts(),
            "results": [r.to_json() for r in self.results],
            "canaries": [c.to_json() for c in self.canaries],
        }


# -- what every game's prover does (Duel's and New York's call these too) -------------------

S = TypeVar("S")
"""A game's symbolic state."""


class Named(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> str: ...


class Provable(Named, Protocol[S]):
    """A transition: a kernel step or a card sentence (``build`` None: unsupported)."""

    @property
    def build(self) -> Callable[[Ctx, S], tuple[Bool, S]] | None: ...

    @property
    def initial(self) -> bool: ...


N = TypeVar("N", bound=Named)
R = TypeVar("R", bound=Report)


def gather(sources: Iterable[tuple[str, Iterable[tuple[N, Position]]]],
           kernel: Iterable[N] = ()) -> list[tuple[N, list[Use]]]:
    """The ``kernel`` steps, then each distinct transition of ``sources`` (a card's or a
    monster's slug, with its transitions) once, by kind and text, with the sentences
    saying it, in order."""
    found: dict[tuple[str, str], tuple[N, list[Use]]] = {}
    for t in kernel:
        found[(t.kind, t.name)] = (t, [])
    for slug, transitions in sources:
        for t, position in transitions:
            entry = found.setdefault((t.kind, t.name), (t, []))
            entry[1].append(Use(slug, position))
    return list(found.values())


def prove_each(t: Provable[S], ids: Sequence[str], uses: Sequence[Use],
               fresh: Callable[[Ctx], S], assumed: Callable[[S], Bool],
               holds: Callable[[str, S, S], Bool],
               counterexample: Callable[[z3.Solver, Ctx, S, S], dict[str, Any]],
               describe: Callable[[str, dict[str, Any]], str]) -> list[Result]:
    """One query per invariant of ``ids`` for ``t``: from a ``fresh`` state where the
    invariants hold (``assumed``; nothing for the set-up), ``holds(id, pre, post)`` after the
    step, else a ``counterexample`` and what ``describe`` says of it."""
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
        solver.add(assumed(pre))
    solver.add(*ctx.facts, ok)
    base = time.perf_counter() - start
    out = []
    for inv in ids:
        begin = time.perf_counter()
        solver.push()
        solver.add(z3.Not(holds(inv, pre, post)))
        answer = solver.check()
        seconds = time.perf_counter() - begin + base / len(ids)
        if answer == z3.unsat:
            out.append(Result(inv, t.name, t.kind, PROVED, seconds, tuple(uses)))
        elif answer == z3.sat:
            model = counterexample(solver, ctx, pre, post)
            out.append(Result(inv, t.name, t.kind, COUNTEREXAMPLE, seconds, tuple(uses),
                              describe(inv, model), model))
        else:
            out.append(Result(inv, t.name, t.kind, TIMEOUT, seconds, tuple(uses),
                              solver.reason_unknown()))
        solver.pop()
    return out


def prove_all(report: R, steps: Iterable[tuple[N, list[Use]]],
              prove: Callable[[N, list[Use]], list[Result]],
              on_counterexample: Callable[[N, Result], None] | None,
              canaries: Callable[[], list[Canary]], start: float) -> R:
    """Every step's proofs (``on_counterexample`` sees each failed one), then the
    canaries, into ``report``; ``start``: when the run began."""
    for t, uses in steps:
        results = prove(t, uses)
        if on_counterexample is not None:
            for r in results:
                if r.status == COUNTEREXAMPLE:
                    on_counterexample(t, r)
        report.results += results
    report.canaries = canaries()
    report.seconds = time.perf_counter() - start
    return report


def evaluator(model: z3.ModelRef) -> Callable[[Any], Any]:
    """A term's value in ``model``, as a plain int or bool."""
    def value(term: Any) -> Any:
        v = model.eval(term, model_completion=True)
        return z3.is_true(v) if z3.is_bool(v) else v.as_long()
    return value


def timed(checks: Iterable[tuple[str, Callable[[], bool]]]) -> list[Canary]:
    """Each canary (its name, its reachability query), run and timed."""
    out = []
    for name, check in checks:
        start = time.perf_counter()
        found = check()
        out.append(Canary(name, found, time.perf_counter() - start))
    return out


Leaves = Callable[[S], Iterator[tuple[str, Any]]]


def reachable(steps: Sequence[Callable[[Ctx, S], tuple[Bool, S]]],
              goal: Callable[[S, S, Ctx], Bool], fresh: Callable[[Ctx, str], S],
              leaves: Leaves[S], going_on: Callable[[S], Sequence[Bool]],
              setup: Callable[[Ctx, S], tuple[Bool | None, S]] | None = None) -> bool:
    """Some legal state going on (``going_on``; or the state ``setup`` makes, under its
    guard unless None) and some choices lead through ``steps`` to ``goal``."""
    ctx = Ctx()
    pre = fresh(ctx, "pre")
    solver = z3.Solver()
    solver.set(timeout=TIMEOUT_MS)
    s = pre
    if setup is not None:
        ok, s = setup(ctx, pre)
        if ok is not None:
            solver.add(ok)
    else:
        solver.add(*going_on(pre))
    for i, step in enumerate(steps):
        ok, s = step(ctx, s)
        solver.add(ok)
        # A fresh state equal to the last: a chain of steps then builds on small terms.
        named = fresh(ctx, f"after{i}")
        solver.add([a == b for (_, a), (_, b) in zip(leaves(named), leaves(s), strict=True)])
        s = named
    solver.add(*ctx.facts, goal(pre, s, ctx))
    return bool(solver.check() == z3.sat)


# -- King of Tokyo -------------------------------------------------------------------------


def collect(cards: Iterable[CardDef]) -> list[tuple[Transition, list[Use]]]:
    """The kernel steps, then each distinct card transition once, with the cards using it."""
    return gather(((card.slug, card_transitions(card)) for card in cards), KERNEL)


def prove(t: Transition, uses: Sequence[Use] = (),
          invariants: Sequence[str] | None = None, game: str = KING_OF_TOKYO) -> list[Result]:
    """One result per invariant of ``game`` (or per one of ``invariants``) for ``t``."""
    ids = list(invariants or (inv.id for inv in for_game(game)))
    return prove_each(
        t, ids, uses, lambda ctx: ctx.state(), lambda pre: all_hold(pre, game),
        lambda inv, pre, post: BY_ID[inv].symbolic(post, post if t.initial else pre,
                                                   t.ends_turn),
        _concrete, _describe)


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

    value = evaluator(model)
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
    return timed((name, partial(_chain, steps, goal)) for name, steps, goal in CANARIES)


def verify(cards: Iterable[CardDef],
           on_counterexample: Callable[[Transition, Result], None] | None = None,
           game: str = KING_OF_TOKYO) -> Report:
    """Prove every invariant of ``game`` for the kernel and every transition the cards
    bring; ``on_counterexample`` sees each failed proof (to write and replay its scenario)."""
    start = time.perf_counter()
    return prove_all(Report(game=game), collect(cards),
                     lambda t, uses: prove(t, uses, game=game), on_counterexample, canaries,
                     start)
