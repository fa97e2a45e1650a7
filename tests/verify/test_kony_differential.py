"""New York's proofs are about the code that runs. The same step on the same
concrete position, through the engine (kot_rules.games.king_of_new_york.rules) and through its Z3
transition (kot_rules.games.king_of_new_york.kernel, every choice fixed to the engine's), gives the
same state, field by field (seat 0 the active monster; the model's ghosts left out)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import z3
from budget import budget
from hypothesis import HealthCheck, assume, given
from hypothesis import strategies as st
from kony_cases import GHOSTS, FixedCtx, game, positions, solve, symbolic, view

from kot_rules.engine.actions import END_TURN, PASS, STOP, Choose, ResolveFaces, Roll
from kot_rules.engine.dice import Face
from kot_rules.engine.game import MonsterSetup
from kot_rules.engine.state import Phase, State
from kot_rules.games.king_of_new_york import kernel as k
from kot_rules.games.king_of_new_york.board import (
    FACES,
    OUTER,
    TILES,
    CityBoard,
    board_from_json,
    is_unit,
)
from kot_rules.games.king_of_new_york.invariants import BY_ID, IDS
from kot_rules.games.king_of_new_york.state import BUILDING_SIDES, UNIT_SIDES, fresh
from kot_rules.verify.symbolic import Ctx

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much]
FACE_STEPS: dict[Face, Callable[[Ctx, Any], k.Step]] = {
    Face.ENERGY: k.energy_faces, Face.HEAL: k.heal_faces, Face.SMASH: k.smash_faces,
    Face.CELEBRITY: k.celebrity_faces, Face.OUCH: k.ouch_faces,
    Face.DESTRUCTION: k.destruction_faces,
}
_KIND = {"stars": 0, "energy": 1, "hearts": 2}


def rolled(s: State, face: Face, n: int) -> State:
    """``s`` (phase ROLL) after a roll of ``n`` ``face`` faces and the rest of another face
    left to resolve, kept: phase RESOLVE."""
    other = FACES[(FACES.index(face) + 1) % len(FACES)]
    counts = [0] * len(FACES)
    counts[FACES.index(face)] = n
    counts[FACES.index(other)] = 6 - n
    return s.apply(Roll(tuple(counts))).apply(STOP)


def answered(s: State, chosen: dict[str, int]) -> State:
    """Answer a question the step asks (the 5-6 path closing: its monster's borough) with
    the first option, recorded as the model's choice."""
    while s.pending is not None:
        option = s.legal_actions()[0]
        assert isinstance(option, Choose)
        chosen["closing-borough"] = OUTER.index(option.key)
        s = s.apply(option)
    return s


def model(steps: list[tuple[Callable[[Ctx, Any], k.Step], dict[str, Any]]],
          before: dict[str, int | bool], guarded: bool = False) -> dict[str, int | bool]:
    """The model's state after ``steps`` from ``before``, each step's choices given. With
    ``guarded`` a step whose precondition fails is skipped (the engine chose among them)."""
    facts: list[Any] = []
    ctx = FixedCtx({})
    s = fresh(ctx)
    facts += symbolic(before, s)
    for step, choices in steps:
        ctx.values = choices
        ok, post = step(ctx, s)
        if guarded and solve([*facts, *ctx.facts, ok], post) is None:
            continue
        facts.append(ok)
        s = post
    facts += ctx.facts
    got = solve(facts, s)
    assert got is not None, "the model finds the step illegal"
    return got


def agree(got: dict[str, int | bool], engine: State, *, active: int | None = None,
          skip: tuple[str, ...] = ()) -> None:
    want = view(engine, active)
    diff = {n: (v, want[n]) for n, v in got.items()
            if n not in GHOSTS and n not in skip and want[n] != v}
    assert diff == {}, diff


def going_on(s: State, active: int) -> bool:
    return s.phase is not Phase.OVER and s.monsters[active].alive


class TestEachFace:
    @budget(60, suppress_health_check=SLOW, deadline=None)
    @given(positions(), st.sampled_from(FACES), st.integers(1, 5))
    def test_resolving_one_kind_of_face(self, s: State, face: Face, n: int) -> None:
        face_agrees(s, face, n)

    def test_two_ouch_take_no_statue(self) -> None:
        """kony.ouch.statue, D-KONY-OUCH-COUNTS: Kong and Drakonis in Queens, nobody holding
        the Statue; two Ouch! leave it beside the board (random draws seldom hit two)."""
        face_agrees(place(["queens", "queens", "manhattan"], city=2), Face.OUCH, 2, must)


def place(where: list[str], *, city: int | None = None, bay: int | None = None,
          zones: tuple[str, str] = ("lower", "lower")) -> State:
    """Seat 0's turn starting, each seat in its borough of ``where`` (``city`` and ``bay``:
    the seats on Manhattan's two paths, in the zones ``zones``), 10 hearts, 3 stars."""
    g = game(len(where), bay is not None)
    board = board_from_json({"where": where, "zones": {"2-4": zones[0], "5-6": zones[1]}})
    return g.setup_state([MonsterSetup(n, stars=3) for n in g.names], active=0, city=city,
                         bay=bay, game_board=board)


def face_agrees(s: State, face: Face, n: int, require: Callable[[bool], object] = assume
                ) -> None:
    """From ``s`` (phase ROLL), ``n`` faces of ``face`` resolved: the engine and the
    model's step give the same state, which keeps every invariant."""
    r = rolled(s, face, n)
    require(r.phase is Phase.RESOLVE)
    before = view(r)
    chosen: dict[str, int] = {"faces": n}
    after = answered(r.apply(ResolveFaces(face)), chosen)
    require(going_on(after, r.active))
    got = model([(FACE_STEPS[face], chosen)], before)
    # The points left are lost at once when no tile fits them (the model keeps them:
    # the tiles' durabilities are not in it; the destroy step asks for enough).
    skip = ("points",) if after.phase is not Phase.DESTROY else ()
    agree(got, after, skip=skip)
    assert all(holds_on(got, i) for i in IDS)


def holds_on(values: dict[str, int | bool], invariant: str) -> bool:
    """``invariant`` on the state ``values`` give (every field fixed; the ghosts as after a
    step that is no end of turn)."""
    s = fresh(Ctx(), "v")
    solver = z3.Solver()
    solver.add(*symbolic(values, s), z3.Not(BY_ID[invariant].symbolic(s, s, True)))
    return bool(solver.check() == z3.unsat)


class TestDestruction:
    @budget(40, suppress_health_check=SLOW, deadline=None)
    @given(positions(), st.integers(1, 5), st.integers(0, 20))
    def test_destroying_a_tile(self, s: State, n: int, index: int) -> None:
        r = rolled(s, Face.DESTRUCTION, n).apply(ResolveFaces(Face.DESTRUCTION))
        assume(r.phase is Phase.DESTROY)
        options = list(r.legal_actions())
        action = options[index % len(options)]
        assert isinstance(action, Choose)
        b: CityBoard = r.board
        tile = TILES[action.key]
        unit = is_unit(b, action.key)
        side = ((tile.unit_durability, _KIND[tile.unit_reward.kind], tile.unit_reward.amount)
                if unit else (tile.durability, _KIND[tile.reward.kind], tile.reward.amount))
        index_ = (UNIT_SIDES if unit else BUILDING_SIDES).index(side)
        before = view(r)
        after = r.apply(action)
        got = model([(k.destroy_tile, {"destroy-unit": unit, "side": index_})], before)
        skip = ("points",) if after.phase is not Phase.DESTROY else ()
        agree(got, after, skip=skip)


class TestMoving:
    @budget(40, suppress_health_check=SLOW, deadline=None)
    @given(positions(), st.integers(1, 5), st.integers(0, 9))
    def test_fleeing_then_the_attacker_moves_in(self, s: State, n: int, pick: int) -> None:
        r = rolled(s, Face.SMASH, n)
        assume(r.phase is Phase.RESOLVE)
        chosen: dict[str, int] = {"faces": n}
        hit = answered(r.apply(ResolveFaces(Face.SMASH)), chosen)
        assume(hit.phase is Phase.YIELD and going_on(hit, r.active))
        before = view(hit)
        steps: list[tuple[Callable[[Ctx, Any], k.Step], dict[str, Any]]] = []
        t = hit
        while t.phase is Phase.YIELD:
            seat = t.yield_queue[0]
            options = [a for a in t.legal_actions() if isinstance(a, Choose)]
            assume(options)
            action = options[pick % len(options)]
            steps.append((k.flee, {"fleeing": (seat - r.active) % len(t.monsters),
                                   "borough": OUTER.index(action.key)}))
            t = answered(t.apply(action), chosen)
        assume(going_on(t, r.active))
        # The monsters fled in the order asked; the model's fleeing seat numbers stay.
        steps.append((k.enter_manhattan, {}))
        got = model(steps, before, guarded=True)
        agree(got, t)

    @budget(40, suppress_health_check=SLOW, deadline=None)
    @given(positions(), st.integers(0, 4))
    def test_the_move_phase(self, s: State, pick: int) -> None:
        move_phase_agrees(s, pick)

    def test_a_second_entry_in_a_turn_scores_no_star(self) -> None:
        """D-KONY-ENTRY-STAR-ONCE: Kong entered and left Manhattan earlier this turn (as
        Subway's moves at any time allow; random positions start a turn, never so); its
        Move phase takes it into the empty Manhattan again, without the star."""
        g = game(2, False)
        s = g.setup_state([MonsterSetup(n, stars=3) for n in g.names], active=0,
                          game_board=board_from_json({"where": ["queens", "bronx"]}))
        s.board = replace(s.board, entered=True)
        move_phase_agrees(s, 0, must)


def must(condition: bool) -> None:
    assert condition


def move_phase_agrees(s: State, pick: int,
                      require: Callable[[bool], object] = assume) -> None:
    """From ``s`` (phase ROLL), five energy faces and a heal face resolved, then the Move
    phase: the engine and the model's steps give the same state. ``require``: what a
    position the check needs must satisfy (Hypothesis's ``assume``, or an assertion)."""
    r = rolled(s, Face.ENERGY, 5)
    before = view(r)
    t = r.apply(ResolveFaces(Face.ENERGY)).apply(ResolveFaces(FACES[
        (FACES.index(Face.ENERGY) + 1) % len(FACES)]))
    require(going_on(t, r.active) and t.phase in (Phase.MOVE, Phase.BUY))
    other = FACES[(FACES.index(Face.ENERGY) + 1) % len(FACES)]
    require(other is Face.HEAL)  # the second kind: heal, whose step the model has
    steps: list[tuple[Callable[[Ctx, Any], k.Step], dict[str, Any]]] = [
        (k.energy_faces, {"faces": 5}), (k.heal_faces, {"faces": 1}),
        (k.move_up, {}), (k.enter_manhattan, {})]
    if t.phase is Phase.MOVE:
        options = list(t.legal_actions())
        action = options[pick % len(options)]
        if action != PASS:
            assert isinstance(action, Choose)
            steps.append((k.move_borough, {"borough": OUTER.index(action.key)}))
        t = t.apply(action)
    got = model(steps[:2], before)
    got = model(steps[2:], got, guarded=True)
    agree(got, t)


class TestEndOfTurn:
    @budget(40, suppress_health_check=SLOW, deadline=None)
    @given(positions())
    def test_victory_then_the_next_turn_starts(self, s: State) -> None:
        next_turn_agrees(s)

    def test_the_5_6_path_takes_its_own_zone_s_reward(self) -> None:
        """kony.manhattan.zone-rewards, D-KONY-56-REWARDS: seat 1 on the 5-6 path in
        Midtown, seat 2 on the 2-4 path in Lower Manhattan; seat 1's turn starts with
        Midtown's reward (random draws seldom give the next turn to the 5-6 path)."""
        s = place(["queens", "manhattan", "manhattan", "bronx", "brooklyn"], city=2, bay=1,
                  zones=("lower", "midtown"))
        next_turn_agrees(s, must)


def next_turn_agrees(s: State, require: Callable[[bool], object] = assume) -> None:
    """From ``s`` (phase ROLL), energy and heal faces, no move, the end of the turn: the
    engine and the model agree on victory, then on the next monster's start of turn."""
    t = rolled(s, Face.ENERGY, 5).apply(ResolveFaces(Face.ENERGY))
    t = t.apply(ResolveFaces(Face.HEAL))
    if t.phase is Phase.MOVE:
        t = t.apply(PASS)
    require(t.phase is Phase.BUY)
    old = t.active
    end = t.apply(END_TURN)
    got = model([(k.end_of_turn, {})], view(t))
    if end.phase is Phase.OVER:
        assert got["over"] is True
        agree(got, end, active=old)
        return
    assert got["over"] is False and got["winner"] == -1
    started = model([(k.start_of_turn, {})], view(t, active=end.active))
    agree(started, end)
