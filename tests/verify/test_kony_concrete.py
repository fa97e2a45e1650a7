"""New York's invariants on engine states (kot_rules.games.king_of_new_york.concrete): each
plain check agrees with the invariant's Z3 statement, on the states of random games and on
views broken one invariant at a time; the checks the soak runs cover every invariant the
game names."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sampled_states import sampled_states

from kot_rules.engine.options import Options
from kot_rules.engine.state import Phase, State
from kot_rules.games import get
from kot_rules.games.king_of_new_york.board import MANHATTAN
from kot_rules.games.king_of_new_york.concrete import CHECKS, GAME_ID, KonyView, view
from kot_rules.games.king_of_new_york.invariants import BY_ID, IDS, holds_symbolically
from kot_rules.games.king_of_new_york.invariants import check_all as check
from kot_rules.games.king_of_new_york.state import MANHATTAN_I, NOBODY, TILE_COUNT


def _states(players: int, seeds: range, every: int, **options: object) -> list[State]:
    game = get(GAME_ID).new_game(players, options=Options(**options))  # type: ignore[arg-type]
    return sampled_states(game, seeds, every)


def _agree(v: KonyView) -> dict[str, bool]:
    plain = {i: CHECKS[i](v) for i in IDS}
    assert plain == {i: holds_symbolically(i, v) for i in IDS}
    return plain


def test_every_invariant_the_game_names_has_a_plain_check() -> None:
    assert sorted(CHECKS) == sorted(IDS) == sorted(get(GAME_ID).invariants)


@pytest.mark.parametrize(("players", "bay"), [(2, None), (4, None), (5, None), (6, False)])
def test_random_games_keep_every_invariant_and_both_readings_agree(
        players: int, bay: bool | None) -> None:
    states = _states(players, range(2), 8, tokyo_bay=bay)
    assert any(s.is_terminal() for s in states) and len(states) > 20
    for s in states:
        if s.pending is None and s.phase not in (Phase.FIRST_PLAYER, Phase.PLACE):
            assert all(_agree(view(s)).values()), s.turn
        assert check(s) == [], s.turn


def _base() -> KonyView:
    """A state of a 5-monster game in its middle, the 5-6 path on."""
    states = _states(5, range(1), 1)
    return view(next(s for s in states[len(states) // 2:]
                     if s.pending is None and s.phase is Phase.ROLL))


def _monster(v: KonyView, k: int, **changes: object) -> KonyView:
    ms = list(v.monsters)
    ms[k] = replace(ms[k], **changes)  # type: ignore[arg-type]
    return replace(v, monsters=tuple(ms))


def _broken() -> list[tuple[str, KonyView]]:
    v = _base()
    seated = next(k for k, m in enumerate(v.monsters) if m.alive and m.borough != MANHATTAN_I)
    dead = replace(v, monsters=tuple(replace(m, alive=False, hearts=0, borough=-1)
                                     for m in v.monsters), city=NOBODY, bay=NOBODY,
                   superstar=NOBODY, statue=NOBODY)
    return [
        ("INV-KONY-SEATS", replace(v, players=7)),
        ("INV-KONY-SEATS", _monster(v, seated, borough=MANHATTAN_I)),
        ("INV-KONY-HEARTS", _monster(v, 0, hearts=v.monsters[0].max_hearts + 1)),
        ("INV-KONY-RESOURCES", _monster(v, 0, energy=-1)),
        ("INV-KONY-RESOURCES", replace(v, points=-1)),
        ("INV-KONY-MANHATTAN", replace(v, zones=(3, 0))),
        ("INV-KONY-MANHATTAN", replace(v, variant=False, bay=v.city if v.city != NOBODY else 0)),
        ("INV-KONY-CAPACITY", replace(v, monsters=tuple(
            replace(m, borough=0) if m.alive and m.borough != MANHATTAN_I else m
            for m in v.monsters))),
        ("INV-KONY-TILES", replace(v, boxed=v.boxed + 1)),
        ("INV-KONY-TILES", replace(v, fresh=(v.units[0] + 1, *v.fresh[1:]))),
        ("INV-KONY-SPECIAL", replace(dead, superstar=0)),
        ("INV-KONY-VICTORY", replace(v, over=True, checked=True)),
        ("INV-KONY-VICTORY", _monster(replace(v, over=True, checked=True,
                                              winner=NOBODY), 0, stars=v.win_stars)),
        ("INV-KONY-VICTORY", replace(v, over=True, card_win=True, winner=NOBODY)),
    ]


@pytest.mark.parametrize("index", range(14))
def test_a_broken_view_is_caught_by_both_readings(index: int) -> None:
    invariant, v = _broken()[index]
    plain = _agree(v)
    assert not plain[invariant], invariant
    assert all(plain[i] for i in IDS if i not in {invariant, "INV-KONY-SEATS",
                                                    "INV-KONY-MANHATTAN", "INV-KONY-SPECIAL"})


class TestOnEngineStates:
    """:func:`check` on engine states: named tiles, and what a question mid-step shows."""

    def _state(self) -> State:
        s = _states(3, range(1), 1)[40].copy()
        assert s.pending is None and check(s) == []
        return s

    def test_a_tile_in_two_places_is_found(self) -> None:
        s = self._state()
        b = s.board
        tile = next(t for stacks in b.stacks for stack in stacks for t in stack)
        units = list(b.units)
        units[0] = (*units[0], tile)
        s.board = replace(b, units=tuple(units))
        # Counted, the tile is one too many (the box short of one); named, it lies twice.
        assert [v.message for v in check(s)] == [
            f"broken: {BY_ID['INV-KONY-TILES'].statement}", f"tile {tile} lies in two places"]

    def test_a_monster_between_places_is_judged_only_between_steps(self) -> None:
        from kot_rules.engine.actions import PASS, STOP, Choose
        from kot_rules.engine.requests import Pending, Request

        s = self._state()
        seat = next(i for i, w in enumerate(s.board.where) if w and w != MANHATTAN)
        s.board = s.board.moved(seat, "")
        assert [v.invariant for v in check(s)] == ["INV-KONY-SEATS"]
        assert BY_ID["INV-KONY-SEATS"].check(s) == [f"broken: {BY_ID['INV-KONY-SEATS'].statement}"]
        s.pending = Pending(s.copy(), STOP, (), Request(seat, (Choose("bronx"), PASS), 0, "?"))
        assert check(s) == []

    def test_tiles_are_counted_from_the_board(self) -> None:
        v = view(self._state())
        assert sum(v.buildings) + sum(v.units) + v.boxed == TILE_COUNT
