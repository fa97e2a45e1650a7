"""Duel's invariants on engine states (kot_rules.games.king_of_tokyo_duel.concrete):
each plain check agrees with the invariant's Z3 statement, on the states of random games,
on boards with every kind of Buzz tile, and on states broken one invariant at a time."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sampled_states import sampled_states

from kot_rules.engine.state import State
from kot_rules.games import get
from kot_rules.games.king_of_tokyo_duel.board import DuelBoard, PlacedTile
from kot_rules.games.king_of_tokyo_duel.concrete import CHECKS, DuelView, TrackView, view
from kot_rules.games.king_of_tokyo_duel.invariants import BY_ID, DUEL, IDS, holds_symbolically
from kot_rules.games.king_of_tokyo_duel.invariants import check_all as check
from kot_rules.games.king_of_tokyo_duel.state import SPAN


def _states(seeds: range, every: int) -> list[State]:
    return sampled_states(get(DUEL).new_game(2), seeds, every)


def _agree(v: DuelView) -> dict[str, bool]:
    plain = {i: CHECKS[i](v) for i in IDS}
    assert plain == {i: holds_symbolically(i, v) for i in IDS}
    return plain


def test_every_invariant_has_a_plain_check() -> None:
    assert sorted(CHECKS) == sorted(IDS)


def test_random_games_keep_every_invariant_and_both_readings_agree() -> None:
    states = _states(range(3), 40)
    assert any(s.is_terminal() for s in states)
    for s in states:
        assert all(_agree(view(s)).values())
        assert check(s) == []
        assert all(BY_ID[i].check(s) == [] for i in IDS)


def _tiled() -> DuelView:
    """A board with a shortening, a lengthening (marker on its extra space), a bonus and a
    King tile, from a real game state."""
    s = _states(range(1), 10**6)[0].copy()  # the last state of game 0
    s.board = DuelBoard(
        fame=2, destruction=-1, tiles=(
            PlacedTile("shortcut", "fame", (-4, -5, -6)),
            PlacedTile("detour-heal", "destruction", (-1, 0)),
            PlacedTile("heal-smash-2-heal", "fame", (3, 4, 5)),
            PlacedTile("king", "destruction", (2,), 1),
        ), extra=("destruction",))
    return view(s)


def test_every_kind_of_tile_is_read_and_kept() -> None:
    v = _tiled()
    fame, destruction = v.tracks
    assert fame.jumped[2 * -5 + SPAN] and not fame.jumped[2 * -4 + SPAN]
    assert destruction.extra[2 * -1 + 1 + SPAN] and destruction.marker == -1
    assert fame.amount[2 * 4 + SPAN] == 2 and destruction.king[2 * 2 + SPAN]
    assert v.king_seat == 1
    _agree(v)  # INV-DUEL-VICTORY aside (the state was over), the board is legal
    assert CHECKS["INV-DUEL-BUZZ"](v) and CHECKS["INV-DUEL-MARKERS"](v)


def test_dice_left_unresolved_are_still_dice_rolled() -> None:
    """INV-DUEL-DICE counts the dice rolled: 1 ordinary and 2 extra dice, both extra ones
    left unresolved (D-DUEL-UNRESOLVED), and 1 smash a card added (D-DUEL-ADDED-FACES)
    leave 2 faces on the table, yet the roll had 1 ordinary and 2 extra dice."""
    s = _states(range(1), 25)[3].copy()
    s.dice, s.to_roll = (0, 0, 0, 1, 0, 1), 0
    s.board = replace(s.board, white=2, added=1, left=2)
    v = view(s)
    assert (v.red, v.white) == (1, 2)
    assert _agree(v)["INV-DUEL-DICE"] and check(s) == []
    # Without the dice left, the same table would read -1 ordinary dice: a violation.
    assert not _agree(replace(v, red=-1))["INV-DUEL-DICE"]


def _track(t: TrackView, **changes: object) -> TrackView:
    return replace(t, **changes)


def _at(values: tuple[object, ...], p: int, value: object) -> tuple[object, ...]:
    out = list(values)
    out[p + SPAN] = value
    return tuple(out)


def _broken() -> list[tuple[str, DuelView]]:
    v = view(_states(range(1), 25)[3])
    t = _tiled()
    fame = t.tracks[0]
    m = v.monsters[0]
    return [
        ("INV-DUEL-SEATS", replace(v, active=2)),
        ("INV-DUEL-HEARTS", replace(v, monsters=((m[1] + 1, *m[1:]), v.monsters[1]))),
        ("INV-DUEL-ENERGY", replace(v, monsters=((*m[:2], -1, m[3]), v.monsters[1]))),
        ("INV-DUEL-TOKENS", replace(v, monsters=((*m[:3], 3), v.monsters[1]))),
        ("INV-DUEL-DICE", replace(v, red=7, white=0)),
        ("INV-DUEL-DICE", replace(v, first_turn=True, active=0, red=6, white=0)),
        ("INV-DUEL-MARKERS", replace(v, tracks=(_track(v.tracks[0], marker=1),
                                                v.tracks[1]))),
        ("INV-DUEL-MARKERS", replace(t, tracks=(_track(fame, marker=-10), t.tracks[1]))),
        ("INV-DUEL-BUZZ", replace(v, tracks=(_track(v.tracks[0], bonus=_at(
            v.tracks[0].bonus, 6, 2)), v.tracks[1]))),
        ("INV-DUEL-BUZZ", replace(t, king_seat=-1)),
        ("INV-DUEL-VICTORY", replace(v, over=True, seen=True)),
        ("INV-DUEL-VICTORY", replace(v, tracks=(_track(v.tracks[0], marker=-SPAN),
                                                v.tracks[1]))),
    ]


@pytest.mark.parametrize("index", range(12))
def test_a_broken_state_is_caught_by_both_readings(index: int) -> None:
    invariant, v = _broken()[index]
    plain = _agree(v)
    assert not plain[invariant], invariant


class TestAQuestionInTheMiddleOfAStep:
    """A state waiting for an answer inside a step (a Buzz bonus asked before that step's
    victory check) is not judged by INV-DUEL-VICTORY; every other invariant still is."""

    def _won_but_not_declared(self) -> State:
        s = get(DUEL).new_game(2).new_initial_state()
        s.board = replace(s.board, fame=-7)  # seat 0's Victory space, no outcome yet
        return s

    def test_without_a_question_the_undeclared_win_is_a_violation(self) -> None:
        assert [v.invariant for v in check(self._won_but_not_declared())] == ["INV-DUEL-VICTORY"]

    def test_with_a_question_waiting_it_is_not_judged(self) -> None:
        from kot_rules.engine.actions import PASS, STOP, Choose
        from kot_rules.engine.requests import Pending, Request

        s = self._won_but_not_declared()
        s.pending = Pending(s.copy(), STOP, (), Request(0, (Choose("smash"), PASS), 0, "a bonus"))
        assert check(s) == []
        s.monsters = (s.monsters[0]._replace(hearts=-1), s.monsters[1])
        assert [v.invariant for v in check(s)] == ["INV-DUEL-HEARTS"]
