"""The Z3 model of Duel's kernel against its plain Python reference, on random states;
the reference's own readings of the decisions, on worked examples."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
import z3
from budget import budget
from duel_cases import FixedCtx, duels, symbolic, values
from hypothesis import given
from hypothesis import strategies as st

from kot_rules.games.king_of_tokyo_duel import kernel as k
from kot_rules.games.king_of_tokyo_duel import reference as ref
from kot_rules.games.king_of_tokyo_duel.invariants import IDS, holds
from kot_rules.games.king_of_tokyo_duel.state import NOBODY, POSITIONS, TRACKS, Bonus, where

Sym = Callable[[Any, Any], k.Step]


def agree(step: Sym, choices: dict[str, list[Any]], before: ref.Duel,
          reference: Callable[[ref.Duel], ref.Duel]) -> None:
    """The Z3 step and the reference step agree: both illegal, or the same state after."""
    ctx = FixedCtx(choices)
    ok, post = step(ctx, symbolic(before))
    legal = z3.is_true(z3.simplify(z3.And(ok, *ctx.facts)))
    try:
        after = reference(before)
    except ref.IllegalStep:
        assert not legal
        return
    assert legal
    got, want = values(post), values(symbolic(after))
    assert got["seen"] == got["over"]  # the monitor saw what the check saw
    del got["seen"], want["seen"]
    assert {n: v for n, v in got.items() if want[n] != v} == {}


seat = st.integers(0, 1)
amount = st.integers(0, 20)


class TestTheModelAgreesWithTheReference:
    @budget(40)
    @given(duels(pulling=True))
    def test_one_step_of_a_pull(self, s: ref.Duel) -> None:
        agree(k.pull_on, {}, s, ref.pull_step)

    @budget(15)
    @given(duels(), seat, st.integers(0, 1), st.integers(0, 7))
    def test_a_whole_pull(self, s: ref.Duel, who: int, track: int, n: int) -> None:
        sym = symbolic(s)
        ok, sym = k.pull_begin(FixedCtx({"puller": [who], "track": [track], "steps": [n]}),
                               sym)
        assert z3.is_true(z3.simplify(ok))
        for _ in range(n):
            if z3.is_true(z3.simplify(sym.pull_left == 0)):
                break
            _, sym = k.pull_on(FixedCtx({}), sym)
            sym = symbolic_of(values(sym), sym)
        want = values(symbolic(ref.pull(s, who, track, n)))
        got = values(sym)
        del got["seen"], want["seen"]
        assert got == want

    @budget(20)
    @given(duels(), st.integers(-1, 2), st.integers(0, 8))
    def test_fame_or_destruction_faces(self, s: ref.Duel, track: int, faces: int) -> None:
        agree(k.faces_pull, {"track": [track], "faces": [faces]}, s,
              lambda u: ref.faces_pull(u, track, faces))

    @budget(40)
    @given(duels(), seat, amount)
    def test_damage_to_one_monster(self, s: ref.Duel, who: int, n: int) -> None:
        agree(k.damage_one, {"target": [who], "damage": [n]}, s,
              lambda u: ref.damage(u, who, n))

    @budget(40)
    @given(duels(), amount, amount)
    def test_damage_to_both(self, s: ref.Duel, n0: int, n1: int) -> None:
        agree(k.damage_both, {"damage": [n0, n1]}, s, lambda u: ref.damage_both(u, n0, n1))

    @budget(40)
    @given(duels(), seat, amount)
    def test_heal(self, s: ref.Duel, who: int, n: int) -> None:
        agree(k.heal_step, {"healed": [who], "healing": [n]}, s,
              lambda u: ref.heal_step(u, who, n))

    @budget(30)
    @given(duels(), seat, amount)
    def test_energy(self, s: ref.Duel, who: int, n: int) -> None:
        agree(k.energy_step, {"gainer": [who], "energy": [n]}, s,
              lambda u: ref.energy_step(u, who, n))

    @budget(30)
    @given(duels(), seat, st.integers(0, 4))
    def test_dice_tokens(self, s: ref.Duel, who: int, n: int) -> None:
        agree(k.tokens_step, {"gainer": [who], "tokens": [n]}, s,
              lambda u: ref.tokens_step(u, who, n))

    @budget(40)
    @given(duels(), st.integers(0, 7), st.integers(0, 3), st.integers(0, 3))
    def test_roll(self, s: ref.Duel, removed: int, cards: int, spent: int) -> None:
        agree(k.roll, {"dice-removed": [removed], "dice-from-cards": [cards],
                       "tokens-spent": [spent]}, s, lambda u: ref.roll(u, removed, cards, spent))

    @budget(30)
    @given(duels(), st.integers(0, 12), st.integers(0, 4))
    def test_pay(self, s: ref.Duel, cost: int, discount: int) -> None:
        agree(k.pay, {"cost": [cost], "discount": [discount]}, s,
              lambda u: ref.pay(u, cost, discount))

    @budget(20)
    @given(duels())
    def test_end_of_turn(self, s: ref.Duel) -> None:
        agree(k.end_turn, {}, s, ref.end_turn)

    @budget(40)
    @given(duels(), st.integers(0, 1), st.integers(-8, 7), st.integers(1, 3), st.booleans(),
           st.booleans(), st.lists(st.integers(0, 4), min_size=4, max_size=4),
           st.lists(st.integers(1, 2), min_size=4, max_size=4))
    def test_place_a_tile(self, s: ref.Duel, track: int, first: int, size: int, bends: bool,
                          king: bool, bonuses: list[int], amounts: list[int]) -> None:
        choices = {"track": [track], "first-space": [first], "tile-size": [size],
                   "tile-bends": [bends], "king-tile": [king], "tile-bonus": bonuses,
                   "tile-amount": amounts}
        agree(k.place_tile, choices, s, lambda u: ref.place_tile(
            u, track, first, size, bends, king, (bonuses[0], bonuses[1], bonuses[2]),
            (amounts[0], amounts[1], amounts[2]), bonuses[3], amounts[3]))

    @budget(20)
    @given(st.integers(1, 15), st.integers(1, 15), st.integers(-1, 1))
    def test_set_up(self, h0: int, h1: int, king: int) -> None:
        agree(k.setup, {"start-hearts": [h0, h1], "king-seat": [king]},
              ref.setup(1, 1), lambda _: ref.setup(h0, h1, king))


def symbolic_of(v: dict[str, Any], like: Any) -> Any:
    """The state whose leaves are the values ``v`` (keeps the next step's terms small)."""
    def track(name: str) -> ref.Track:
        def field(f: str) -> tuple[Any, ...]:
            return tuple(v[f"{name}.{f}[{where(p)}]"] for p in POSITIONS)

        return ref.Track(v[f"{name}.marker"], *(field(f) for f in
                                                ("covered", "bonus", "amount", "king",
                                                 "jumped", "extra")))

    ms = tuple(ref.Monster(*(v[f"monsters[{i}].{f}"] for f in ("hearts", "start", "energy",
                                                                "tokens"))) for i in range(2))
    s = ref.Duel((ms[0], ms[1]), (track(TRACKS[0]), track(TRACKS[1])), v["active"],
                 v["first_turn"], v["red"], v["white"], v["king_seat"], v["pull_left"],
                 v["puller"], v["pull_track"], v["over"], v["winner"])
    return replace(symbolic(s), seen=z3.BoolVal(v["seen"]))


class TestTheReferenceKeepsTheInvariants:
    @budget(30)
    @given(duels(pulling=True))
    def test_random_states_and_their_next_pull_step(self, s: ref.Duel) -> None:
        for state in (s, ref.pull_step(s)):
            assert [i for i in IDS if not holds(i, symbolic(state))] == []


def board(**markers: int) -> ref.Duel:
    """Two 10-heart monsters, no tile, the markers at the given rule spaces."""
    s = ref.setup(10, 10)
    fame, destruction = markers.get("fame", 0), markers.get("destruction", 0)
    return replace(s, tracks=(ref.Track(2 * fame), ref.Track(2 * destruction)))


def lay(s: ref.Duel, track: int, first: int, size: int, *, bends: bool = False,
        king: bool = False, bonus: int = 0, n: int = 1) -> ref.Duel:
    """A tile laid with its markers moved off and back (the examples set them where they
    like)."""
    markers = [t.marker for t in s.tracks]
    off = replace(s, tracks=(replace(s.tracks[0], marker=99), replace(s.tracks[1], marker=99)))
    laid = ref.place_tile(off, track, first, size, bends, king, (bonus, bonus, bonus),
                          (n, n, n), bonus, n)
    return replace(laid, tracks=(replace(laid.tracks[0], marker=markers[0]),
                                 replace(laid.tracks[1], marker=markers[1])))


class TestTheDecisionsOnWorkedExamples:
    def test_a_rival_pull_into_my_zone_makes_me_win(self) -> None:
        # D-DUEL-SPOTLIGHT: Fame at -6, Destruction at -4; seat 1 pulls Fame to -5.
        s = ref.pull(board(fame=-6, destruction=-4), 1, 0, 1)
        assert (s.over, s.winner, s.tracks[0].marker) == (True, 0, -10)

    def test_a_pull_whose_second_step_wins_loses_its_third(self) -> None:
        # D-DUEL-PULL-STEPS: Destruction in the zone; Fame from -1 reaches -3 on step 2.
        s = ref.pull(board(fame=-1, destruction=-4), 0, 0, 3)
        assert (s.over, s.winner, s.tracks[0].marker, s.pull_left) == (True, 0, -6, 0)

    def test_a_smash_bonus_that_knocks_out_ends_the_pull(self) -> None:
        s = lay(board(fame=0), 0, -1, 1, bonus=Bonus.SMASH)
        s = replace(s, monsters=(s.monsters[0], replace(s.monsters[1], hearts=1)))
        s = ref.pull(s, 0, 0, 3)
        assert (s.over, s.winner, s.tracks[0].marker) == (True, 0, -2)

    def test_the_victory_space_wins_and_is_never_passed(self) -> None:
        # D-DUEL-COORDINATES: +6 pulled by seat 1 reaches +7 and wins.
        s = ref.pull(board(destruction=6), 1, 1, 4)
        assert (s.over, s.winner, s.tracks[1].marker) == (True, 1, 14)

    def test_zone_edges(self) -> None:
        assert ref.in_zone(0, -6) and not ref.in_zone(0, -4)  # -3 in, -2 out
        assert ref.in_zone(1, 10) and not ref.in_zone(1, 12)  # +5 in, +6 out

    def test_a_lengthening_tile_puts_an_extra_zone_space_between_zone_spaces(self) -> None:
        # D-DUEL-BUZZ-GEOMETRY: on -4/-3 the extra space is in the zone; on -3/-2 it is not.
        inside = lay(board(fame=-3), 0, -4, 2, bends=True)
        assert ref.pull(inside, 0, 0, 1).tracks[0].marker == -7  # a step onto -3.5
        assert ref.pull(inside, 0, 0, 2).tracks[0].marker == -8  # crossing takes 2 steps
        on = replace(inside, tracks=(replace(inside.tracks[0], marker=-7), ref.Track(-8)))
        assert ref.wins(on, 0)
        outside = lay(board(), 0, -3, 2, bends=True)
        on = replace(outside, tracks=(replace(outside.tracks[0], marker=-5), ref.Track(-8)))
        assert not ref.wins(on, 0)

    def test_a_shortening_tile_takes_one_step_fewer(self) -> None:
        s = ref.pull(lay(board(fame=0), 0, -3, 3, bends=True), 0, 0, 2)
        assert s.tracks[0].marker == -6  # 0 -> -1 -> -3 (over the jumped -2)

    def test_a_king_tile_stops_the_rival_not_the_king(self) -> None:
        s = replace(board(fame=0), king_seat=1)
        s = lay(s, 0, -1, 1, king=True)
        stopped = ref.pull(s, 0, 0, 3)
        assert (stopped.tracks[0].marker, stopped.pull_left) == (-2, 0)
        own = ref.pull(replace(s, tracks=(replace(s.tracks[0], marker=-4), s.tracks[1])),
                       1, 0, 3)
        assert own.tracks[0].marker == 2

    def test_a_rival_pull_onto_my_heal_bonus_heals_the_rival(self) -> None:
        s = lay(board(fame=0), 0, 1, 1, bonus=Bonus.HEAL)
        s = replace(s, monsters=(replace(s.monsters[0], hearts=5),
                                 replace(s.monsters[1], hearts=5)))
        s = ref.pull(s, 1, 0, 1)
        assert (s.monsters[0].hearts, s.monsters[1].hearts) == (5, 6)

    def test_double_knock_out_is_a_draw(self) -> None:
        # D-DUEL-DOUBLE-KO: both at 5 hearts, 5 damage to each.
        s = ref.damage_both(ref.setup(5, 5), 5, 5)
        assert (s.over, s.winner) == (True, NOBODY)

    def test_own_last_heart_lost_makes_the_rival_win(self) -> None:
        s = ref.damage(ref.setup(3, 3), 0, 3)
        assert (s.over, s.winner) == (True, 1)

    def test_healing_stops_at_the_starting_hearts(self) -> None:
        s = ref.heal_step(ref.damage(ref.setup(10, 10), 0, 1), 0, 5)
        assert s.monsters[0].hearts == 10

    def test_a_third_dice_token_is_lost(self) -> None:
        s = ref.tokens_step(ref.tokens_step(ref.setup(10, 10), 0, 2), 0, 1)
        assert s.monsters[0].tokens == 2

    def test_five_dice_on_the_first_turn_then_six(self) -> None:
        s = ref.roll(ref.setup(10, 10), 0, 0, 0)
        assert (s.red, s.white) == (5, 0)
        s = ref.end_turn(ref.end_turn(s))
        assert ref.roll(s, 0, 0, 0).red == 6

    def test_no_token_beyond_two_extra_dice(self) -> None:
        # D-DUEL-DICE-CAP: two cards adding a die each: no token may be spent.
        s = ref.tokens_step(ref.setup(10, 10), 0, 2)
        assert ref.roll(s, 0, 1, 1).white == 2
        with pytest.raises(ref.IllegalStep):
            ref.roll(s, 0, 2, 1)

    def test_a_tile_cannot_cover_a_marker(self) -> None:
        with pytest.raises(ref.IllegalStep):
            ref.place_tile(board(fame=0), 0, -1, 3, False, False, (0, 0, 0), (1, 1, 1), 0, 1)

    def test_the_rightmost_card_costs_one_less_never_below_zero(self) -> None:
        s = ref.setup(10, 10)
        s = replace(s, monsters=(replace(s.monsters[0], energy=1), s.monsters[1]))
        assert ref.pay(s, 2, 1).monsters[0].energy == 0
        assert ref.pay(s, 0, 1).monsters[0].energy == 1
        with pytest.raises(ref.IllegalStep):
            ref.pay(s, 3, 1)

    def test_three_fame_faces_pull_one_space_two_pull_none(self) -> None:
        assert ref.faces_pull(board(), 0, 3).pull_left == 1
        assert ref.faces_pull(board(), 0, 2).pull_left == 0
        s = ref.faces_pull(board(fame=-1), 0, 4)
        assert (s.pull_left, s.puller) == (2, 0)

    def test_second_player_energy(self) -> None:
        s = ref.setup(12, 15)
        assert (s.monsters[0].energy, s.monsters[1].energy, s.active, s.first_turn) == (
            0, 1, 0, True)


class TestTheModelOnTheWorkedExamples:
    """The model's step agrees with the reference on worked examples the random states
    seldom reach (a mutant of the model survived the random ones)."""

    def test_a_king_tile_stops_the_rival_not_the_king(self) -> None:
        # D-DUEL-KING: the King's tile on -1; seat 0 pulls onto it from 0 and is stopped,
        # seat 1 (the King) pulls onto it from -2 and goes on.
        s = lay(replace(board(fame=0), king_seat=1), 0, -1, 1, king=True)
        rival = replace(s, pull_left=3, puller=0, pull_track=0)
        own = replace(rival, tracks=(replace(s.tracks[0], marker=-4), s.tracks[1]), puller=1)
        for start, left in ((rival, 0), (own, 2)):
            agree(k.pull_on, {}, start, ref.pull_step)
            assert (ref.pull_step(start).tracks[0].marker, ref.pull_step(start).pull_left) == (
                -2, left)


class TestTheDifferentialCanFail:
    def test_a_wrong_heal_in_the_model_is_caught(self) -> None:
        s = ref.damage(ref.setup(10, 10), 0, 1)
        with k.weakened("heal-cap"), pytest.raises(AssertionError):
            agree(k.heal_step, {"healed": [0], "healing": [5]}, s,
                  lambda u: ref.heal_step(u, 0, 5))

    def test_a_discount_below_zero_is_caught(self) -> None:
        # No invariant sees it (a negative cost only adds energy): the reference does.
        with k.weakened("discount-floor"), pytest.raises(AssertionError):
            agree(k.pay, {"cost": [0], "discount": [1]}, ref.setup(10, 10),
                  lambda u: ref.pay(u, 0, 1))

    def test_a_skipped_check_mid_pull_is_caught(self) -> None:
        s = replace(board(fame=-1, destruction=-4), pull_left=3, puller=0, pull_track=0)
        s = ref.pull_step(s)
        with k.weakened("win-check-mid-pull"), pytest.raises(AssertionError):
            agree(k.pull_on, {}, s, ref.pull_step)
