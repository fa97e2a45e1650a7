"""The proofs: for every transition and invariant of a game, one Z3 query; and the canaries.

A query assumes every invariant before the step and the step itself, and asks for a
state after it that breaks the invariant: *unsat* proves the invariant preserved,
*sat* gives a counterexample. The canaries are *sat* queries: each way the game can end
is reachable from a legal state, so no invariant holds only because nothing can happen.

The loop knows no game: each game's folder gives a :class:`ProofModel` (its ``model``
module's ``MODEL``: its symbolic state, its kernel steps, its card sentences' transitions,
its invariants, its canaries, how it shows a counterexample), reached through the games
registry (:func:`model_of`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

import z3

from kot_rules import games
from kot_rules.language.ast import CardDef, Position
from kot_rules.verify.invariant import Invariant
from kot_rules.verify.symbolic import Bool, Ctx

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
    game: str = ""
    """The game whose invariants were proved (a games-registry id)."""
    invariants: Sequence[Invariant[Any]] = ()
    """The game's invariants, in report order."""

    @property
    def ok(self) -> bool:
        return (all(r.status == PROVED for r in self.results)
                and all(c.reachable for c in self.canaries))

    def counts(self) -> dict[str, dict[str, int]]:
        out = {inv.id: {s: 0 for s in (PROVED, COUNTEREXAMPLE, TIMEOUT, UNSUPPORTED)}
               for inv in self.invariants}
        for r in self.results:
            out.setdefault(r.invariant, {})[r.status] = out[r.invariant].get(r.status, 0) + 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "seconds": round(self.seconds, 3),
            "invariants": [{"id": i.id, "statement": i.statement, "rules": list(i.rules)}
                           for i in self.invariants],
            "counts": self.counts(),
            "results": [r.to_json() for r in self.results],
            "canaries": [c.to_json() for c in self.canaries],
        }


# -- what every game's model provides -----------------------------------------------------

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

    @property
    def ends_turn(self) -> bool: ...


N = TypeVar("N", bound=Named)
Sources = Iterable[tuple[str, Iterable[tuple[Any, Position]]]]
"""A card's or a monster's slug, with the transitions its sentences bring (and where)."""


@dataclass(frozen=True)
class ProofModel(Generic[S]):
    """What the proof loop needs of one game: given by ``kot_rules/games/<game>/model.py``."""

    game: str
    """The games-registry id."""
    invariants: Sequence[Invariant[S]]
    """The game's invariants, in report order."""
    fresh: Callable[[Ctx, str], S]
    """A fully symbolic state of the given name (every field free, domains only)."""
    kernel: Sequence[Any]
    """The kernel steps (each a :class:`Provable`), in report order."""
    card_transitions: Callable[[CardDef], Iterable[tuple[Any, Position]]]
    """Each transition a card's sentences bring, with the sentence's position."""
    counterexample: Callable[[z3.Solver, Ctx, S, S], dict[str, Any]]
    """A sat query's model as plain values (``pre``, ``post``, ``choices``, ...)."""
    describe: Callable[[str, dict[str, Any]], str]
    """What a reader looks at first in a counterexample to an invariant."""
    canaries: Callable[[], Sequence[tuple[str, Callable[[], bool]]]]
    """Each canary: its name and its reachability query."""
    weakenings: Callable[[], frozenset[str]]
    """The test-only weakenings of the kernel in force (a proof's result depends on them)."""
    check_hint: str
    """The hint ``kot-rules check`` gives with a counterexample to a card sentence."""
    boards: Callable[[], Sources] = lambda: ()
    """The transitions the game's monster boards bring (proved after the cards')."""
    scenario: Callable[..., dict[str, Any] | None] | None = None
    """``(transition, invariant, model, uses, cards)``: a scenario file that replays a
    counterexample on the engine, or None (no replay: the counterexample is reported only)."""

    def all_hold(self, s: S) -> Bool:
        """Every invariant of ``s`` on its own (as the pre-state of a step)."""
        return z3.And([inv.symbolic(s, s, True) for inv in self.invariants])

    def holds(self, invariant: str, t: Provable[S], pre: S, post: S) -> Bool:
        """``invariant`` after the step ``t`` from ``pre`` to ``post`` (nothing assumed of
        the state before the set-up)."""
        inv = next(i for i in self.invariants if i.id == invariant)
        return inv.symbolic(post, post if t.initial else pre, t.ends_turn)


def model_of(game: str = games.DEFAULT_GAME) -> ProofModel[Any]:
    """The proof model of the registered game ``game`` (its folder's ``model.MODEL``)."""
    model = games.get(game).part("model").MODEL
    if not isinstance(model, ProofModel):
        raise TypeError(f"the model of {game!r} is no ProofModel")
    return model


# -- the loop ---------------------------------------------------------------------------------

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


def prove_all(report: Report, steps: Iterable[tuple[N, list[Use]]],
              prove: Callable[[N, list[Use]], list[Result]],
              on_counterexample: Callable[[N, Result], None] | None,
              canaries: Callable[[], list[Canary]], start: float) -> Report:
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



def collect(model: ProofModel[Any], cards: Iterable[CardDef]) -> list[tuple[Any, list[Use]]]:
    """The kernel steps, then each distinct card transition once (by kind and text) with the
    sentences saying it, then each distinct transition of the monster boards likewise."""
    steps: list[tuple[Any, list[Use]]] = [(t, []) for t in model.kernel]
    steps += gather((card.slug, model.card_transitions(card)) for card in cards)
    steps += gather(model.boards())
    return steps


def prove(t: Provable[S], uses: Sequence[Use] = (), invariants: Sequence[str] | None = None,
          game: str = games.DEFAULT_GAME,
          model: ProofModel[S] | None = None) -> list[Result]:
    """One result per invariant of the game (or per one of ``invariants``) for ``t``;
    ``uses``: the card sentences that bring it."""
    m: ProofModel[Any] = model if model is not None else model_of(game)
    ids = list(invariants or (inv.id for inv in m.invariants))
    return prove_each(t, ids, uses, lambda ctx: m.fresh(ctx, "pre"), m.all_hold,
                      lambda inv, pre, post: m.holds(inv, t, pre, post), m.counterexample,
                      m.describe)


def canaries(model: ProofModel[Any]) -> list[Canary]:
    """Each of the game's canaries, run and timed."""
    return timed(model.canaries())


def verify(cards: Iterable[CardDef] = (),
           on_counterexample: Callable[[Any, Result], None] | None = None,
           game: str = games.DEFAULT_GAME, model: ProofModel[Any] | None = None) -> Report:
    """Prove every invariant of ``game`` for the kernel, every transition the cards bring
    and every one of the game's monster boards, then the canaries; ``on_counterexample``
    sees each failed proof (e.g. to write and replay its scenario)."""
    start = time.perf_counter()
    m = model if model is not None else model_of(game)
    return prove_all(Report(game=m.game, invariants=m.invariants), collect(m, cards),
                     lambda t, uses: prove(t, uses, model=m), on_counterexample,
                     lambda: canaries(m), start)
