"""King of Tokyo: Duel's Buzz tiles: the tile data, a step's geometry over tiles, the legal
places for a tile, and the tiles in a state's JSON."""

from __future__ import annotations

import json

import pytest

from kot_rules import games
from kot_rules.engine.errors import StateFormatError
from kot_rules.games.king_of_tokyo_duel.board import (
    TILES,
    DuelBoard,
    PlacedTile,
    board_from_json,
    bonus_at,
    in_zone,
    placements,
    step,
    stops,
    victory,
)

DUEL = games.get("king-of-tokyo-duel")


class TestTileData:
    def test_the_box_has_thirteen_tiles_from_spec(self) -> None:
        assert sum(t.copies for t in TILES.values()) == 13  # 11 shared + The King's 2
        assert sum(t.copies for t in TILES.values() if t.king) == 2
        assert all(1 <= len(t.spaces) <= 3 for t in TILES.values())
        assert [t.id for t in TILES.values() if t.shorten] == ["shortcut"]
        assert len([t for t in TILES.values() if t.lengthen]) == 2


class TestStepGeometry:
    """D-DUEL-BUZZ-GEOMETRY, D-DUEL-KING."""

    def test_plain_steps_and_the_victory_space(self) -> None:
        assert step((), "fame", (0, False), 0) == (-1, False)
        assert step((), "fame", (0, False), 1) == (1, False)
        assert step((), "fame", (-7, False), 0) is None
        assert step((), "fame", (-7, False), 1) == (-6, False)

    def test_a_lengthening_tile_adds_an_extra_space(self) -> None:
        tiles = (PlacedTile("detour-heal", "fame", (-1, -2)),)
        assert step(tiles, "fame", (-1, False), 0) == (-2, True)
        assert bonus_at(tiles, "fame", (-2, True)) == ("heal", 1)
        assert step(tiles, "fame", (-2, True), 0) == (-2, False)
        assert step(tiles, "fame", (-2, True), 1) == (-1, False)  # back the other way
        assert step(tiles, "destruction", (-1, False), 0) == (-2, False)  # the other track

    def test_a_shortening_tile_jumps_its_middle(self) -> None:
        tiles = (PlacedTile("shortcut", "fame", (1, 2, 3)),)
        assert step(tiles, "fame", (1, False), 1) == (3, False)
        assert step(tiles, "fame", (3, False), 0) == (1, False)
        assert step(tiles, "fame", (0, False), 1) == (1, False)

    def test_extra_spaces_and_the_zone(self) -> None:
        assert in_zone(0, (-4, True)) and not in_zone(0, (-3, True))
        assert in_zone(1, (3, True)) and not in_zone(1, (5, True))
        assert victory((5, 5), -4, -3, ("fame",)) == (0, "spotlight")
        assert victory((5, 5), -3, -3, ("fame",)) is None

    def test_a_king_tile_stops_only_the_rival(self) -> None:
        tiles = (PlacedTile("king", "fame", (2,), owner=0),)
        assert stops(tiles, "fame", (2, False), 1)
        assert not stops(tiles, "fame", (2, False), 0)
        assert bonus_at(tiles, "fame", (2, False)) == ("none", 0)


class TestPlacement:
    """D-DUEL-BUZZ-PLACEMENT."""

    def test_a_three_space_tile_never_covers_a_marker(self) -> None:
        board = DuelBoard(fame=0, destruction=5)
        for p in placements(board, "energy-smash-heal"):
            assert board.marker(p.track) not in p.spaces
            assert len(p.spaces) == 3 and all(-7 <= x <= 7 for x in p.spaces)
        places = {(p.track, p.spaces) for p in placements(board, "energy-smash-heal")}
        assert ("fame", (-1, 0, 1)) not in places and ("fame", (1, 2, 3)) in places
        assert ("fame", (3, 2, 1)) in places  # either way round
        assert ("destruction", (7, 6, 5)) not in places
        assert ("destruction", (2, 3, 4)) in places

    def test_no_tile_on_another_and_zones_and_victory_spaces_allowed(self) -> None:
        board = DuelBoard(tiles=(PlacedTile("heal", "fame", (-3,)),))
        places = {(p.track, p.spaces) for p in placements(board, "smash")}
        assert ("fame", (-3,)) not in places
        assert ("fame", (-7,)) in places and ("fame", (-4,)) in places

    def test_a_one_space_tile_has_one_place_per_free_space(self) -> None:
        assert len(placements(DuelBoard(), "king", owner=0)) == 2 * 14


class TestTilesInJson:
    def test_a_board_with_tiles_reads_back(self) -> None:
        board = DuelBoard(fame=-2, extra=("fame",), tiles=(
            PlacedTile("detour-smash", "fame", (-2, -1)),
            PlacedTile("king", "destruction", (4,), owner=1),
        ))
        data = json.loads(json.dumps(board.to_json()))
        assert board_from_json(data) == board

    @pytest.mark.parametrize(("tiles", "message"), [
        ([{"tile": "nope", "track": "fame", "spaces": [1]}], "tile"),
        ([{"tile": "heal", "track": "fame", "spaces": [8]}], "spaces"),
        ([{"tile": "energy-heal", "track": "fame", "spaces": [1, 3]}], "spaces"),
        ([{"tile": "king", "track": "fame", "spaces": [1]}], "owner"),
        ([{"tile": "heal", "track": "fame", "spaces": [1], "owner": 0}], "owner"),
        ([{"tile": "heal", "track": "fame", "spaces": [1]},
          {"tile": "smash", "track": "fame", "spaces": [1]}], "another tile"),
        ([{"tile": "heal", "track": "fame", "spaces": [1]},
          {"tile": "heal", "track": "destruction", "spaces": [1]}], "the box has 1"),
    ])
    def test_bad_tiles_are_format_errors(self, tiles: list[object], message: str) -> None:
        data = DuelBoard().to_json()
        data["tiles"] = tiles
        with pytest.raises(StateFormatError, match=message):
            board_from_json(data)

    def test_an_extra_space_needs_a_lengthening_tile(self) -> None:
        data = DuelBoard().to_json()
        data["extra_space"] = ["fame"]
        with pytest.raises(StateFormatError, match="extra_space"):
            board_from_json(data)
