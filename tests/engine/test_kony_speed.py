"""King of New York's fast paths take exactly the steps the plain ones take.

The board's field-by-field changes (``CityBoard.moved``, ``with_*``, ``for_turn``,
``flip_tile``) against ``dataclasses.replace``; the random agent's fused decision
(``newyork.random_step``, questions answered inline) and the driver's loop for random
agents against the general loop, which keeps a state for each step's replay; the events a
recorded game builds (dice described) against the quiet games' positions.
"""

from __future__ import annotations

from dataclasses import fields, replace

import pytest
from random_loop_helpers import (
    assert_plain_rules_play_the_same_games,
    assert_random_loop_plays_the_general_game,
)

from kot_rules.engine import driver
from kot_rules.engine.actions import ResolveFaces
from kot_rules.engine.events import EventKind
from kot_rules.engine.game import Game
from kot_rules.engine.state import Phase, State
from kot_rules.games import get as get_game
from kot_rules.games.king_of_new_york import rules as newyork
from kot_rules.games.king_of_new_york.board import BOROUGHS, FACES, CityBoard, flip_tile, laid_out

DEFINITION = get_game("king-of-new-york")


def busy_board() -> CityBoard:
    """A board with no field at its default: a lost field shows in any change."""
    b = laid_out(5, 7)
    units: tuple[tuple[str, ...], ...] = tuple(
        (st[0][-1],) if st and st[0] else () for st in b.stacks)
    stacks = tuple((st[0][:-1], *st[1:]) for st in b.stacks)
    return CityBoard(
        where=("brooklyn", "bronx", "manhattan", "queens", "manhattan"), zones=(1, 2),
        stacks=stacks, units=units, superstar=3, statue=1, first=2, resolved=(0, 4),
        points=3, entered=True, began_inside=True, fresh=(units[0][0],),
        destroyed=("x-1",), destroyed_units=("y-1",), fled=(2,),
        collected=(0, 2, 0, 0, 0), dealt=(1, 0, 0, 0, 0), units_only=True, elsewhere="queens",
        borough_tokens=(("queens", "web"),), claims=(4,), free_moves=(0, 3), moving=True,
    )


class TestCityBoardChanges:
    def test_every_field_passed_on(self) -> None:
        b = busy_board()
        assert all(getattr(b, f.name) != f.default for f in fields(CityBoard) if f.name != "where")
        assert b.moved(1, "queens") == replace(b, where=("brooklyn", "queens", "manhattan",
                                                         "queens", "manhattan"))
        assert b.with_zone(0, 3) == replace(b, zones=(3, 2))
        assert b.with_zone(1, 0) == replace(b, zones=(1, 0))
        assert b.with_resolved((5,)) == replace(b, resolved=(5,))
        assert b.with_points(1) == replace(b, points=1)
        assert b.with_fled((0, 4)) == replace(b, fled=(0, 4))
        assert replace(b, entered=False).with_entered() == b
        assert b.for_turn(False, 3) == replace(
            b, resolved=(), points=0, entered=False, began_inside=False, fresh=(),
            destroyed=(), destroyed_units=(), fled=(), collected=(), dealt=(),
            units_only=False, elsewhere="", free_moves=(0,), moving=True)
        assert b.for_turn(True, 1).began_inside
        assert not b.for_turn(True, 1).moving  # no move owed to seat 1

    def test_flip_tile_passes_every_other_field_on(self) -> None:
        b = busy_board()
        top = next(st[0] for stacks in b.stacks for st in stacks if st)
        flipped, _ = flip_tile(b, top)
        i = next(i for i, stacks in enumerate(b.stacks) if any(st and st[0] == top
                                                               for st in stacks))
        assert replace(flipped, stacks=b.stacks, units=b.units) == replace(
            b, fresh=(*b.fresh, top), destroyed=(*b.destroyed, top))
        assert flipped.units[i] == (*b.units[i], top)
        unit = b.units[0][0]
        gone, _ = flip_tile(b, unit)
        assert gone == replace(b, units=((), *b.units[1:]), destroyed=(*b.destroyed, unit),
                               destroyed_units=(*b.destroyed_units, unit))
        assert len(BOROUGHS) == len(b.units)

    def test_written_out_init_keeps_the_defaults(self) -> None:
        b = CityBoard(("",) * 3)
        for f in fields(CityBoard):
            if f.name != "where":
                assert getattr(b, f.name) == f.default, f.name
        with pytest.raises(AttributeError):
            b.points = 2  # type: ignore[misc]


class TestRandomStep:
    def test_resolve_decisions_as_before(self) -> None:
        game = DEFINITION.new_game(4)
        seen: list[State] = []
        driver.play(game, 3, on_step=seen.append)
        resolving = [s for s in seen if s.phase is Phase.RESOLVE and s.pending is None]
        assert resolving
        for s in resolving:
            assert newyork.legal_actions(s) == [
                ResolveFaces(FACES[i]) for i in range(6) if s.dice[i]
                and i not in s.board.resolved]

    @pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
    def test_same_games_as_the_general_loop(self, players: int) -> None:
        game = DEFINITION.new_game(players)
        asked = 0
        for seed in range(1, 13):
            asked += assert_random_loop_plays_the_general_game(game, seed, count_questions=True)
        if players >= 5:
            # The 5-6 path closes and asks its monster where to go, or a card asks.
            assert asked > 0

    def test_the_plain_rules_play_the_same_games(self) -> None:
        plain = Game(4, rules=replace(newyork.RULES, random_step=None))
        game = DEFINITION.new_game(4)
        assert_plain_rules_play_the_same_games(plain, game, range(1, 11))

    def test_recorded_games_describe_the_dice(self) -> None:
        # The dice are described only for events somebody reads: a recorded game has them.
        record = driver.play(DEFINITION.new_game(3), 5)
        rolled = [e for e in record.events if e.kind is EventKind.ROLLED and e.amount]
        kept = [e for e in record.events if e.kind is EventKind.KEPT]
        resolved = [e for e in record.events if e.kind is EventKind.RESOLVED]
        assert rolled and kept and resolved
        faces = {f.value for f in FACES}
        for e in (*rolled, *resolved):
            assert e.detail and set(e.detail.split()) <= faces, e
        assert all(e.detail == "nothing" or set(e.detail.split()) <= faces for e in kept)
