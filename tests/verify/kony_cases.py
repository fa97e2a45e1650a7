"""New York positions for the differential tests: random engine states, the
engine's state read in the Z3 model's terms (seat 0 the active monster), and a context
whose choices are given."""

from __future__ import annotations

import functools
from typing import Any

import z3
from hypothesis import strategies as st

from kot_rules.engine.game import Game, MonsterSetup
from kot_rules.engine.options import Options
from kot_rules.engine.state import State
from kot_rules.games.king_of_new_york import concrete as kony_concrete
from kot_rules.games.king_of_new_york.board import BOROUGHS, MANHATTAN, OUTER, TILES, ZONES
from kot_rules.games.king_of_new_york.definition import KING_OF_NEW_YORK
from kot_rules.games.king_of_new_york.state import NOBODY, SEATS, SymKony, leaves
from kot_rules.verify.symbolic import Ctx

GHOSTS = ("checked", "card_win")
"""The model's ghost fields: no engine state holds them."""


class FixedCtx(Ctx):
    """A context whose choices are given: one value per kind (every call of that kind gets
    it), 0 for a kind not given."""

    def __init__(self, values: dict[str, int | bool]) -> None:
        super().__init__()
        self.values = values

    def integer(self, kind: str, seat: int | None = None, lo: int | None = 0) -> Any:
        v = z3.IntVal(int(self.values.get(kind, 0)))
        if lo is not None:
            self.facts.append(v >= lo)
        self.choices.append((kind, seat, v))
        return v

    def boolean(self, kind: str, seat: int | None = None) -> Any:
        v = z3.BoolVal(bool(self.values.get(kind, False)))
        self.choices.append((kind, seat, v))
        return v


def rotate(s: State, seat: int | None, active: int | None = None) -> int:
    """An engine seat as a model seat (seat 0 the active monster); None as NOBODY."""
    if seat is None:
        return NOBODY
    a = s.active if active is None else active
    return (seat - a) % len(s.monsters)


def view(s: State, active: int | None = None) -> dict[str, int | bool]:
    """The engine state ``s`` in the model's terms, seen from ``active`` (default: the active
    monster): every field of :class:`SymKony` but the ghosts (kony_concrete.view's names)."""
    values = kony_concrete.view(s, active).values()
    return {n: v for n, v in values.items() if n not in GHOSTS}


def symbolic(values: dict[str, int | bool], s: SymKony) -> list[Any]:
    """``s``'s fields equal to ``values`` (ghosts left free)."""
    named = dict(leaves(s))
    return [named[n] == v for n, v in values.items()]


def solve(facts: list[Any], post: SymKony) -> dict[str, int | bool] | None:
    """The one value of each field of ``post`` under ``facts`` (None: no model)."""
    solver = z3.Solver()
    solver.add(*facts)
    if solver.check() != z3.sat:
        return None
    model = solver.model()
    out: dict[str, int | bool] = {}
    for name, term in leaves(post):
        v = model.eval(term, model_completion=True)
        out[name] = z3.is_true(v) if z3.is_bool(v) else v.as_long()
    return out


@functools.cache
def game(n: int, bay: bool) -> Game:
    return KING_OF_NEW_YORK.new_game(n, options=Options(tokyo_bay=bay))


@st.composite
def positions(draw: st.DrawFn, min_players: int = 2) -> State:
    """A New York position at the start of the active monster's turn (phase ROLL): two to
    six monsters placed legally, some in Manhattan, tiles flipped or boxed, the special
    cards held or not."""
    n = draw(st.integers(min_players, SEATS))
    bay = n >= 5 and draw(st.booleans())
    g = game(n, bay)
    order = draw(st.permutations(range(n)))
    inside = draw(st.integers(0, 2 if bay else 1))
    city = order[0] if inside >= 1 else None
    bay_seat = order[1] if inside == 2 else None
    where = [""] * n
    free = [b for b in OUTER for _ in range(2)]
    for seat in order:
        if seat in (city, bay_seat):
            where[seat] = MANHATTAN
        else:
            where[seat] = free.pop(draw(st.integers(0, len(free) - 1)))
    monsters = [MonsterSetup(g.names[k], hearts=draw(st.integers(1, 10)),
                             stars=draw(st.integers(0, 22)), energy=draw(st.integers(0, 8)))
                for k in range(n)]
    pool = list(draw(st.permutations(sorted(TILES))))
    stacks: dict[str, list[list[str]]] = {}
    units: dict[str, list[str]] = {}
    for name in BOROUGHS:
        stacks[name] = []
        for _ in range(3):
            height = draw(st.integers(0, 3))
            stacks[name].append(pool[:height])
            pool = pool[height:]
        k = draw(st.integers(0, 3))
        units[name], pool = pool[:k], pool[k:]
    holders = st.one_of(st.none(), st.integers(0, n - 1))
    zones = {"2-4": ZONES[draw(st.integers(0, 2))].id, "5-6": ZONES[draw(st.integers(0, 2))].id}
    from kot_rules.games.king_of_new_york.board import board_from_json

    board = board_from_json({"where": where, "stacks": stacks, "units": units,
                             "superstar": draw(holders), "statue": draw(holders),
                             "zones": zones})
    active = draw(st.integers(0, n - 1))
    return g.setup_state(monsters, active=active, city=city, bay=bay_seat, game_board=board)


def concrete(values: dict[str, int | bool]) -> SymKony:
    """The state ``values`` give, as Z3 constants (the invariants' statements then simplify
    to true or false)."""
    from dataclasses import fields as dc_fields

    from kot_rules.games.king_of_new_york.state import SymKonyMonster

    def c(v: int | bool) -> Any:
        return z3.BoolVal(v) if isinstance(v, bool) else z3.IntVal(v)

    ms = tuple(SymKonyMonster(*(c(values[f"monsters[{k}].{f.name}"])
                                for f in dc_fields(SymKonyMonster))) for k in range(SEATS))
    per = [tuple(c(values[f"{kind}[{b}]"]) for b in BOROUGHS)
           for kind in ("buildings", "units", "fresh")]
    return SymKony(c(values["players"]), ms, c(values["city"]), c(values["bay"]),
                   c(values["variant"]), (c(values["zones[2-4]"]), c(values["zones[5-6]"])),
                   per[0], per[1], per[2], c(values["boxed"]), c(values["superstar"]),
                   c(values["statue"]), c(values["points"]), c(values["entered"]),
                   c(values["began_inside"]), c(values["win_stars"]), c(values["over"]),
                   c(values["winner"]), c(values["checked"]), c(values["card_win"]))
