"""The Z3 kernel with its inputs fixed, next to the engine's state as the kernel sees it.

A *chain* is a list of kernel steps (the engine does several in one action: a roll
scores the dice, attacks, then asks or enters). It is built once per chain and per
set of test-only weakenings; each example then fixes every variable of the symbolic
pre-state and every free choice of the chain to concrete values, and reads the
post-state off the (then unique) model.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import z3

from kot_rules.engine.state import Phase, State
from kot_rules.games.king_of_tokyo import kernel
from kot_rules.games.king_of_tokyo.state import NOBODY, SEATS, SymState, fresh, leaves
from kot_rules.verify.symbolic import Ctx

Value = int | bool
Valuation = Callable[[str, int | None], Value]
"""A free choice's value, from its kind and its symbolic seat (None: no seat)."""


@dataclass(frozen=True)
class Link:
    """One kernel step of a chain, with how its free choices are fixed."""

    name: str
    build: Callable[[Ctx, SymState], kernel.Step]


@dataclass(frozen=True)
class Built:
    ctx: Ctx
    pre: SymState
    post: SymState
    conditions: tuple[Any, ...]
    """Each step's precondition and each choice's domain: they must hold."""
    owner: tuple[int, ...]
    """For each free choice, the index of the link that made it."""


_built: dict[tuple[tuple[str, ...], frozenset[str]], Built] = {}


def build(links: Sequence[Link]) -> Built:
    key = (tuple(link.name for link in links), kernel.weakenings())
    if key not in _built:
        ctx = Ctx()
        pre = s = fresh(ctx)
        oks = []
        owner: list[int] = []
        for i, link in enumerate(links):
            ok, s = link.build(ctx, s)
            oks.append(ok)
            owner += [i] * (len(ctx.choices) - len(owner))
        _built[key] = Built(ctx, pre, s, (*oks, *ctx.facts), tuple(owner))
    return _built[key]


def _const(v: Value) -> Any:
    return z3.BoolVal(v) if isinstance(v, bool) else z3.IntVal(v)


def evaluate(links: Sequence[Link], pre: Mapping[str, Value],
             valuations: Sequence[Valuation]) -> dict[str, Value]:
    """The chain's post-state, every field, for the concrete ``pre`` and choices
    (``valuations[i]`` fixes the choices of ``links[i]``)."""
    b = build(links)
    fixed = [term == _const(pre[name]) for name, term in leaves(b.pre)]
    for (kind, seat, var), i in zip(b.ctx.choices, b.owner, strict=True):
        fixed.append(var == _const(valuations[i](kind, seat)))
    solver = z3.Solver()
    solver.add(*fixed)
    assert solver.check() == z3.sat
    model = solver.model()

    def value(term: Any, what: str) -> Value:
        # No completion: a variable left free would stay a term, not a value.
        v = model.eval(term, model_completion=False)
        if z3.is_true(v) or z3.is_false(v):
            return bool(z3.is_true(v))
        assert z3.is_int_value(v), f"{what} is not fixed by the inputs: {v}"
        return int(v.as_long())

    refused = [str(c) for c in b.conditions if value(c, "a condition") is not True]
    assert not refused, f"the model refuses this step: {refused[:2]}"
    return {name: value(term, name) for name, term in leaves(b.post)}


def none(kind: str, seat: int | None) -> Value:
    raise AssertionError(f"unexpected choice {kind} (seat {seat})")


# -- the engine's state as the kernel sees it -------------------------------------------


def image(s: State, origin: int, hit: frozenset[int]) -> dict[str, Value]:
    """``s`` as the symbolic state's fields, seats counted from ``origin``; ``hit``: the
    seats that lost hearts to the attack being resolved (the engine keeps them as events)."""
    n = len(s.monsters)

    def rel(seat: int | None) -> int:
        return NOBODY if seat is None else (seat - origin) % n

    out: dict[str, Value] = {"players": n}
    for k in range(SEATS):
        c = (origin + k) % n
        m = s.monsters[c] if k < n else None
        fields: dict[str, Value] = (
            {"hearts": 0, "max_hearts": s.game.options.max_hearts, "stars": 0, "energy": 0,
             "alive": False, "cards": 0, "hit": False} if m is None else
            {"hearts": m.hearts, "max_hearts": m.max_hearts, "stars": m.stars,
             "energy": m.energy, "alive": m.alive, "cards": len(m.cards), "hit": c in hit})
        out.update({f"monsters[{k}].{f}": v for f, v in fields.items()})
    queue = [rel(q) for q in s.yield_queue] + [NOBODY, NOBODY]
    out.update({
        "city": rel(s.city), "bay": rel(s.bay), "bay_variant": s.game.tokyo_bay,
        "win_stars": s.game.options.win_stars, "deck": len(s.deck), "shop": len(s.shop),
        "discard": len(s.discard), "total_cards": len(s.game.cards.physical_ids()),
        "queue[0]": queue[0], "queue[1]": queue[1], "asking": s.phase is Phase.YIELD,
        "entering": s.entering, "over": s.phase is Phase.OVER,
        "winner": rel(None if s.outcome is None else s.outcome.winner),
    })
    return out


def differences(model: Mapping[str, Value], engine: Mapping[str, Value]) -> list[str]:
    """The fields on which the model and the engine disagree (``model`` / ``engine``)."""
    assert set(model) == set(engine), set(model) ^ set(engine)
    return [f"{k}: model {model[k]}, engine {engine[k]}" for k in model
            if model[k] != engine[k]]


# -- a chain's links -------------------------------------------------------------------


def rotate(r: int, n: int) -> Link:
    """Count the seats from seat ``r`` on (of ``n``): the next monster's turn."""

    def index(x: Any) -> Any:
        out: Any = z3.IntVal(NOBODY)
        for j in range(n):
            out = z3.If(x == j, (j - r) % n, out)
        return out

    def build(ctx: Ctx, s: SymState) -> kernel.Step:
        ms = tuple(s.monsters[(k + r) % n] if k < n else s.monsters[k] for k in range(SEATS))
        return z3.BoolVal(True), replace(
            s, monsters=ms, city=index(s.city), bay=index(s.bay),
            queue=(index(s.queue[0]), index(s.queue[1])), winner=index(s.winner))

    return Link(f"rotate {r} of {n}", build)


SET_UP = Link("set-up", kernel.setup)
START = Link("start of turn", kernel.start_of_turn)
DICE = Link("dice", kernel.dice)
ATTACK = Link("attack", kernel.attack)
SETTLE = Link("settle", kernel.settle)
YIELD = Link("yield or stay", kernel.yield_or_stay)
BUY = Link("buy", kernel.buy)
SWEEP = Link("sweep", kernel.sweep)
CARD_DAMAGE = Link("card damage", kernel.card_damage)
END = Link("end of turn", kernel.end_of_turn)
