"""King of Tokyo's proof model: what :mod:`kot_rules.verify.prover` proves of this game.

Its symbolic state (:mod:`.state`), its kernel steps and card sentences (:mod:`.semantics`),
its invariants (:mod:`.invariants`), how a counterexample reads (the fields a step changed,
before -> after, on a model the engine can replay: :mod:`.counterexample` writes it as a
scenario), and the canaries: a 20-★ win, a last monster standing and a draw are reachable
from a legal state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import z3

from kot_rules.games.king_of_tokyo import kernel
from kot_rules.games.king_of_tokyo.counterexample import scenario
from kot_rules.games.king_of_tokyo.invariants import INVARIANTS, all_hold
from kot_rules.games.king_of_tokyo.kernel import Step
from kot_rules.games.king_of_tokyo.semantics import KERNEL, card_transitions, run_effect
from kot_rules.games.king_of_tokyo.state import NOBODY, SymState, fresh, leaves
from kot_rules.language.ast import Effect, Position, Verb, Who
from kot_rules.verify import prover
from kot_rules.verify.prover import ProofModel
from kot_rules.verify.symbolic import Ctx

HINT = ("`kot-rules verify --cards DIR --out DIR` writes the counterexample as a scenario; "
        "see 'Reading a counterexample' on the rules site")
"""What ``kot-rules check`` says to do with a counterexample."""

# Choices a replay without cards can make: no bonus from cards, nothing prevented.
_NEUTRAL = {"extra-energy": 0, "extra-healing": 0, "attack-damage": 0, "max-hearts": 0}
_NEUTRAL_BOOL = {"attack-everyone": False, "ignore-small-damage": False}


def counterexample(solver: z3.Solver, ctx: Ctx, pre: SymState, post: SymState) -> dict[str, Any]:
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

    value = prover.evaluator(model)
    return {
        "replayable": replayable,
        "pre": {k: value(v) for k, v in leaves(pre)},
        "post": {k: value(v) for k, v in leaves(post)},
        "choices": [{"kind": kind, "seat": seat, "value": value(v)}
                    for kind, seat, v in ctx.choices],
    }


def describe(inv: str, model: dict[str, Any]) -> str:
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

def _chain(steps: Sequence[Callable[[Ctx, SymState], Step]],
           goal: Callable[[SymState, SymState], z3.BoolRef]) -> bool:
    ctx = Ctx()
    pre = fresh(ctx)
    solver = z3.Solver()
    solver.set(timeout=prover.TIMEOUT_MS)
    solver.add(all_hold(pre), pre.win_stars == 20, z3.Not(pre.over))
    s = pre
    for step in steps:
        ok, s = step(ctx, s)
        solver.add(ok)
    solver.add(*ctx.facts, goal(pre, s))
    return bool(solver.check() == z3.sat)


def _every_monster_takes(n: int) -> Callable[[Ctx, SymState], Step]:
    effect = Effect(Verb.TAKE_DAMAGE, n, Who.EVERY, Position("", 0, 0))
    return lambda ctx, s: (kernel.resting(s), run_effect(ctx, s, effect))


CANARIES: tuple[tuple[str, Sequence[Callable[[Ctx, SymState], Step]],
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


def canaries() -> list[tuple[str, Callable[[], bool]]]:
    return [(name, partial(_chain, steps, goal)) for name, steps, goal in CANARIES]


MODEL: ProofModel[SymState] = ProofModel(
    game="king-of-tokyo", invariants=INVARIANTS, fresh=fresh, kernel=KERNEL,
    card_transitions=card_transitions, counterexample=counterexample, describe=describe,
    canaries=canaries, weakenings=kernel.weakenings, check_hint=HINT, scenario=scenario)
"""What the proof loop proves of King of Tokyo."""
