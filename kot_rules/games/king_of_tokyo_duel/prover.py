"""Duel's proofs: one Z3 query per kernel step and invariant, the canaries, the report.

Same method as :mod:`kot_rules.verify.prover`: a query assumes every invariant before
the step and the step itself, and asks for a state after it that breaks the invariant
(*unsat*: proved; *sat*: a counterexample, made readable by :func:`describe`). The
canaries are *sat* queries: each kind of victory and the draw are reachable, so no
invariant holds only because nothing can happen.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import z3

from kot_rules.games.king_of_tokyo_duel import kernel as k
from kot_rules.games.king_of_tokyo_duel.invariants import BY_ID, DUEL, INVARIANTS, all_hold
from kot_rules.games.king_of_tokyo_duel.state import (
    NOBODY,
    POSITIONS,
    SPAN,
    TRACKS,
    Bonus,
    SymDuel,
    fresh,
    in_zone,
    leaves,
    victory_space,
    where,
)
from kot_rules.verify import prover
from kot_rules.verify.prover import Result, Use
from kot_rules.verify.symbolic import Ctx

if TYPE_CHECKING:
    from kot_rules.games.king_of_tokyo_duel.semantics import CardTransition
    from kot_rules.language.ast import CardDef


class DuelReport(prover.Report):
    """A :class:`~kot_rules.verify.prover.Report` over Duel's invariants."""

    def invariant_table(self) -> Sequence[Any]:
        return INVARIANTS


def prove(t: k.DuelTransition | CardTransition, invariants: Sequence[str] | None = None,
          uses: Sequence[Use] = ()) -> list[Result]:
    """One result per Duel invariant (or per one of ``invariants``) for ``t``; ``uses``:
    the card sentences that bring it."""
    return prover.prove_each(t, list(invariants or BY_ID), uses, fresh, all_hold,
                             lambda inv, pre, post: BY_ID[inv].symbolic(post), concrete,
                             describe)


# -- counterexamples -------------------------------------------------------------------

_TILE_FIELDS = ("covered", "bonus", "amount", "king", "jumped", "extra")


def concrete(solver: z3.Solver, ctx: Ctx, pre: SymDuel, post: SymDuel) -> dict[str, Any]:
    """The model as plain values: the states (tile fields only where a tile lies), the
    tracks drawn as text, and the choices of the step. Prefers a model with few tiles
    (the reader sees the tiles that matter)."""
    model = None
    for most in (0, 1, 3):
        solver.push()
        solver.add(z3.Sum([z3.If(c, 1, 0) for t in pre.tracks for c in t.covered]) <= most)
        if solver.check() == z3.sat:
            model = solver.model()
        solver.pop()
        if model is not None:
            break
    if model is None:
        solver.check()
        model = solver.model()

    value = prover.evaluator(model)

    def state(s: SymDuel) -> dict[str, Any]:
        values = {name: value(term) for name, term in leaves(s)}
        return {name: v for name, v in values.items() if not _idle_tile(name, values)}

    before, after = state(pre), state(post)
    return {
        "pre": before,
        "post": after,
        "board": {"pre": board(before), "post": board(after)},
        "choices": [{"kind": kind, "seat": seat, "value": value(v)}
                    for kind, seat, v in ctx.choices],
    }


def _tile_field(name: str) -> bool:
    track, _, rest = name.partition(".")
    return track in TRACKS and "[" in rest


def _idle_tile(name: str, values: dict[str, Any]) -> bool:
    """A tile field at a position where no tile lies (left out of counterexamples)."""
    if not _tile_field(name):
        return False
    track, _, rest = name.partition(".")
    return not values.get(f"{track}.covered{rest[rest.index('['):]}", False)


def board(values: dict[str, Any]) -> dict[str, str]:
    """Each track as one line: its marker and each tile space (rules' coordinates)."""
    out = {}
    for name in TRACKS:
        parts = [f"marker {where(values[f'{name}.marker'])}"]
        for p in POSITIONS:
            at = f"[{where(p)}]"
            if not values.get(f"{name}.covered{at}", False):
                continue
            kind = Bonus(values[f"{name}.bonus{at}"])
            what = [] if kind is Bonus.NONE else [
                f"{kind.name.lower()} {values[f'{name}.amount{at}']}"]
            for flag in ("king", "jumped", "extra"):
                if values.get(f"{name}.{flag}{at}", False):
                    what.append(flag)
            parts.append(f"{where(p)}: {' '.join(what) or 'tile'}")
        out[name] = "; ".join(parts)
    return out


def _shown(key: str, v: Any) -> str:
    return where(v) if key.endswith(".marker") and isinstance(v, int) else str(v)


def describe(inv: str, model: dict[str, Any]) -> str:
    """The fields the step changed, before -> after (markers in the rules' coordinates),
    then the tracks before and after the step."""
    pre, post = model["pre"], model["post"]
    changed = [f"{key}: {_shown(key, pre.get(key))} -> {_shown(key, after)}"
               for key, after in post.items()
               if pre.get(key) != after and not _tile_field(key)]
    if any(pre.get(key) != v for key, v in post.items() if _tile_field(key)):
        changed.append("a tile laid")
    owner = [c["value"] for c in model.get("choices", ()) if c["kind"] == "owner"]
    if owner:  # a card sentence: whose card it is (seat 0 plays first, owns the − end)
        changed.insert(0, f"the card's owner: seat {owner[-1]}")
    boards = model["board"]
    tracks = "; ".join(f"{n}: {boards['pre'][n]} => {boards['post'][n]}" for n in TRACKS)
    return (f"{inv} broken: " + ("; ".join(changed) or "already in the state before")
            + f" [tracks: {tracks}]")


# -- canaries --------------------------------------------------------------------------

Goal = Callable[[SymDuel, SymDuel, Ctx], z3.BoolRef]


def reachable(steps: Sequence[Callable[[Ctx, SymDuel], k.Step]], goal: Goal,
              from_setup: bool = False) -> bool:
    """Some legal state (or the set-up) and some choices lead through ``steps`` to ``goal``."""
    return prover.reachable(steps, goal, fresh, leaves, _going_on,
                            _from_setup if from_setup else None)


def _going_on(pre: SymDuel) -> list[z3.BoolRef]:
    return [all_hold(pre), z3.Not(pre.over)]


def _from_setup(ctx: Ctx, s: SymDuel) -> tuple[None, SymDuel]:
    """The set-up's state (its option check, a King seat in range, left out)."""
    return None, k.setup(ctx, s)[1]


def _markers_home(s: SymDuel) -> z3.BoolRef:
    return z3.And([z3.And(t.marker != victory_space(0), t.marker != victory_space(1))
                   for t in s.tracks])


def _alive(s: SymDuel) -> z3.BoolRef:
    return z3.And([m.hearts > 0 for m in s.monsters])


def _pull(n: int) -> tuple[Callable[[Ctx, SymDuel], k.Step], ...]:
    """A pull: its beginning, then ``n`` steps."""
    return (k.pull_begin, *(k.pull_on for _ in range(n)))


def _steps(c: Ctx) -> Any:
    return c.last("steps")


CANARIES: tuple[tuple[str, Sequence[Callable[[Ctx, SymDuel], k.Step]], Goal, bool], ...] = (
    ("a win by hearts: damage takes the rival's last heart", (k.damage_one,),
     lambda pre, s, c: z3.And(s.over, s.winner == 0, s.m(1).hearts == 0,
                              pre.m(1).hearts > 0), False),
    ("a win by fame: a pull reaches a Victory space on the Fame track", _pull(1),
     lambda pre, s, c: z3.And(s.over, s.winner == 1, s.tracks[0].marker == SPAN,
                              _alive(s)), False),
    ("a win by destruction: a pull reaches a Victory space on the Destruction track",
     _pull(1),
     lambda pre, s, c: z3.And(s.over, s.winner == 0, s.tracks[1].marker == -SPAN,
                              _alive(s)), False),
    ("a win by the spotlight: both markers in the winner's zones", _pull(1),
     lambda pre, s, c: z3.And(s.over, s.winner == 0, in_zone(0, s.tracks[0].marker),
                              in_zone(0, s.tracks[1].marker), _markers_home(s), _alive(s)),
     False),
    ("a win by the spotlight given by the rival's pull (D-DUEL-SPOTLIGHT)", _pull(1),
     lambda pre, s, c: z3.And(s.over, s.winner == 0, c.last("puller") == 1,
                              _markers_home(s), _alive(s)), False),
    ("a pull of 3 whose second step wins by the spotlight loses its third", _pull(2),
     lambda pre, s, c: z3.And(s.over, _steps(c) == 3, s.pull_left == 0, _markers_home(s),
                              _alive(s)), False),
    ("a draw: one card knocks out both monsters (D-DUEL-DOUBLE-KO)", (k.damage_both,),
     lambda pre, s, c: z3.And(s.over, s.winner == NOBODY), False),
    ("a draw: a pull into the rival's zone onto a smash bonus that knocks out the puller",
     _pull(1),
     lambda pre, s, c: z3.And(s.over, s.winner == NOBODY, _markers_home(s)), False),
    ("a King tile stops the rival's pull of 3 after 1 step (D-DUEL-KING)", _pull(1),
     lambda pre, s, c: z3.And(z3.Not(s.over), _steps(c) == 3, s.pull_left == 0), False),
    ("a lengthening tile: one step stops on its extra space", _pull(1),
     lambda pre, s, c: z3.Or([t.marker % 2 == 1 for t in s.tracks]), False),
    ("from the set-up: the first roll has 5 dice, then a 7-step pull wins",
     (k.roll, *_pull(7)),
     lambda pre, s, c: z3.And(s.over, s.red == 5, _alive(s)), True),
)
"""The canaries: each must be reachable."""


def canaries() -> list[prover.Canary]:
    return prover.timed((name, partial(reachable, steps, goal, from_setup))
                        for name, steps, goal, from_setup in CANARIES)


def collect(cards: Iterable[CardDef]) -> list[tuple[CardTransition, list[Use]]]:
    """Each distinct Duel card transition once (by kind and text), with the card sentences
    that bring it, in the order the cards say them."""
    from kot_rules.games.king_of_tokyo_duel.semantics import card_transitions

    return prover.gather((card.slug, card_transitions(card)) for card in cards)


def collect_monsters(game: str) -> list[tuple[CardTransition, list[Use]]]:
    """duel-monsters: each transition of the game's monster boards once, with the monster
    lines that bring it."""
    from kot_rules.games.king_of_tokyo_duel.semantics import monster_transitions
    from kot_rules.language.monsters import game_monster_defs

    return prover.gather((m.slug, monster_transitions(m)) for m in game_monster_defs(game))


def verify(cards: Sequence[CardDef] = (),
           on_counterexample: Callable[[Any, Result], None] | None = None,
           game: str = DUEL) -> DuelReport:
    """Every Duel invariant for every kernel step and every distinct card sentence
    (ability, modifier; :mod:`~kot_rules.games.king_of_tokyo_duel.semantics`), one query
    each, then the canaries. A sentence saying a word with no Duel meaning is ``unsupported``."""
    start = time.perf_counter()
    steps: list[tuple[k.DuelTransition | CardTransition, list[Use]]] = [
        (t, []) for t in k.TRANSITIONS]
    steps += collect(cards)
    steps += collect_monsters(game)  # duel-monsters: each power line and modifier
    return prover.prove_all(DuelReport(game=game), steps, lambda t, uses: prove(t, uses=uses),
                            on_counterexample, canaries, start)
