"""Duel's proof model: what :mod:`kot_rules.verify.prover` proves of this game.

Its symbolic state (:mod:`.state`), its kernel steps (:mod:`.kernel`), its card sentences and
monster boards (:mod:`.semantics`), its invariants (:mod:`.invariants`), how a counterexample
reads (:func:`describe`: the fields a step changed, markers in the rules' coordinates, and
the tracks), and the canaries: each kind of victory and the draw are reachable, so no
invariant holds only because nothing can happen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import z3

from kot_rules.games.king_of_tokyo_duel import kernel as k
from kot_rules.games.king_of_tokyo_duel.invariants import DUEL, INVARIANTS, all_hold
from kot_rules.games.king_of_tokyo_duel.semantics import card_transitions, monster_transitions
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
from kot_rules.language.monsters import game_monster_defs
from kot_rules.verify import prover
from kot_rules.verify.prover import ProofModel, Sources
from kot_rules.verify.symbolic import Ctx

HINT = ("`kot-rules verify --game king-of-tokyo-duel --cards DIR --json` gives every proof "
        "of the cards with its counterexample (markers in the rules' coordinates)")
"""What ``kot-rules check`` says to do with a counterexample."""


# -- counterexamples -------------------------------------------------------------------

_TILE_FIELDS = ("covered", "bonus", "amount", "king", "jumped", "extra")


def counterexample(solver: z3.Solver, ctx: Ctx, pre: SymDuel,
                   post: SymDuel) -> dict[str, Any]:
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


def canaries() -> list[tuple[str, Callable[[], bool]]]:
    return [(name, partial(reachable, steps, goal, from_setup))
            for name, steps, goal, from_setup in CANARIES]


def boards() -> Sources:
    """Each of the game's monster boards with the transitions its power lines and modifiers
    bring (duel.face.power, duel.power.uses)."""
    return ((m.slug, monster_transitions(m)) for m in game_monster_defs(DUEL))


MODEL: ProofModel[SymDuel] = ProofModel(
    game=DUEL, invariants=INVARIANTS, fresh=fresh, kernel=k.TRANSITIONS,
    card_transitions=card_transitions, counterexample=counterexample, describe=describe,
    canaries=canaries, weakenings=k.weakenings, check_hint=HINT, boards=boards)
"""What the proof loop proves of Duel: every kernel step, every distinct card sentence and
monster line (a sentence saying a word with no Duel meaning is ``unsupported``)."""
