"""King of New York's board value (kot_rules.games.king_of_new_york.board): the data read from
spec/games/king-of-new-york-board.yaml, the set-up's layout of the tiles, the board's JSON and
the facts card words may use."""

from __future__ import annotations

from collections import Counter

import pytest

from kot_rules.engine import numbers
from kot_rules.engine.errors import StateFormatError
from kot_rules.engine.options import Options
from kot_rules.games.king_of_new_york import board as city
from kot_rules.games.king_of_new_york.board import (
    BOROUGHS,
    MANHATTAN,
    OUTER,
    TILES,
    ZONES,
    CityBoard,
    board_from_json,
    destroyable,
    flip_tile,
    laid_out,
    layout_seed,
    open_boroughs,
)
from kot_rules.paths import spec_dir
from kot_rules.rulebook import load_rulebook


def test_the_board_data_is_the_board_file() -> None:
    assert BOROUGHS == ("staten-island", "bronx", "queens", "brooklyn", "manhattan")
    assert BOROUGHS[:4] == OUTER
    assert [(z.id, z.stars, z.energy) for z in ZONES] == [
        ("lower", 1, 1), ("midtown", 2, 1), ("upper", 2, 2)]
    assert len(TILES) == 45
    units = Counter(t.unit for t in TILES.values())
    assert units == {"infantry": 22, "jet": 14, "tank": 9}
    for t in TILES.values():  # kony.setup.tile-backs: the unit needs one more destruction
        assert t.unit_durability == t.durability + 1
        assert t.reward.amount == t.durability
    assert TILES["hospital-3-2"].reward == city.Reward("hearts", 3)
    assert TILES["high-rise-2-1"].unit_reward == city.Reward("energy", 2)
    assert city.DATA.monsters[:2] == ("Captain Fish", "Drakonis")


def test_every_number_names_a_rule_of_new_york() -> None:
    slugs = {r.slug for r in load_rulebook(spec_dir() / "rules" / "king-of-new-york.yaml").rules}
    for n in city.NY.numbers:
        assert n.rule in slugs, n.key
    assert city.NY["win-stars"] == 20 and city.NY["statue-stars"] == 3
    # The kernel's options default to New York's numbers (a game may still change them).
    o = Options()
    assert (o.dice, o.rolls, o.win_stars, o.start_hearts, o.max_hearts) == (
        city.NY["dice"], city.NY["rolls"], city.NY["win-stars"], city.NY["start-hearts"],
        city.NY["max-hearts"])
    # Buying is the shared skeleton's (kot_rules.engine.turn.apply_buy), whose shop numbers
    # must be New York's too (kony.setup.shop, kony.turn.sweep).
    assert (city.NY["shop-size"], city.NY["sweep-cost"]) == (numbers.SHOP_SIZE, numbers.SWEEP_COST)


def test_the_layout_stacks_every_tile_once_three_by_three() -> None:
    b = laid_out(4, 7)
    assert b.where == ("",) * 4 and b.superstar is None and b.statue is None
    assert len(b.stacks) == 5
    assert all(len(stacks) == 3 and all(len(st) == 3 for st in stacks) for stacks in b.stacks)
    placed = [t for stacks in b.stacks for st in stacks for t in st]
    assert sorted(placed) == sorted(TILES)
    assert b.units == ((),) * 5


def test_the_layout_follows_the_deck() -> None:
    deck_a, deck_b = ("a", "b", "c"), ("b", "a", "c")
    assert layout_seed(deck_a) == layout_seed(list(deck_a))
    assert layout_seed(deck_a) != layout_seed(deck_b)
    assert laid_out(3, layout_seed(deck_a)) == laid_out(3, layout_seed(deck_a))
    assert laid_out(3, layout_seed(deck_a)).stacks != laid_out(3, layout_seed(deck_b)).stacks


def test_the_board_json_round_trips() -> None:
    b = laid_out(3, 1).moved(0, "bronx").moved(1, MANHATTAN)
    b, _ = flip_tile(b, b.stacks[1][0][0])
    data = b.to_json()
    assert board_from_json(data) == b
    assert data["where"] == ["bronx", "manhattan", None]
    assert data["zones"] == {"2-4": "lower", "5-6": "lower"}


@pytest.mark.parametrize(("data", "message"), [
    ([], "expected an object"),
    ({"where": [], "colour": 1}, "unknown key"),
    ({"where": ["harlem"]}, "unknown borough 'harlem'"),
    ({"where": [], "units": {"bronx": ["tank-9"]}}, "unknown tile 'tank-9'"),
    ({"where": [], "units": {"bronx": ["high-rise-1-1"], "queens": ["high-rise-1-1"]}},
     "lies in two places"),
    ({"where": [], "zones": {"2-4": "harlem"}}, "board.zones.2-4"),
    ({"where": [], "points": -1}, "board.points"),
    ({"where": [], "stacks": {"bronx": [[], [], [], []]}}, "at most 3 stacks"),
])
def test_a_bad_board_is_a_clear_error(data: object, message: str) -> None:
    with pytest.raises(StateFormatError, match=message):
        board_from_json(data)


def test_what_destruction_may_reach() -> None:
    b = board_from_json({
        "where": ["queens"],
        "stacks": {"queens": [["high-rise-1-1", "hospital-3-1"], ["power-plant-2-1"]]},
        "units": {"queens": ["high-rise-3-1"], "bronx": ["high-rise-1-2"]},
        "fresh": [],
    })
    assert destroyable(b, "queens", 1) == ("high-rise-1-1",)
    assert destroyable(b, "queens", 2) == ("high-rise-1-1", "power-plant-2-1")
    assert destroyable(b, "queens", 4) == ("high-rise-1-1", "power-plant-2-1", "high-rise-3-1")
    assert destroyable(b, "bronx", 9) == ("high-rise-1-2",)
    # a building destroyed: its unit lies beside the stack, revealed this turn (not destroyable)
    after, reward = flip_tile(b, "high-rise-1-1")
    assert reward == city.Reward("stars", 1)
    assert after.stacks_of("queens")[0] == ("hospital-3-1",)
    assert "high-rise-1-1" in after.units_of("queens") and after.fresh == ("high-rise-1-1",)
    assert "high-rise-1-1" not in destroyable(after, "queens", 9)
    # a unit destroyed goes to the box
    gone, reward = flip_tile(after, "high-rise-3-1")
    assert reward == city.Reward("stars", 3)
    assert "high-rise-3-1" not in gone.units_of("queens")
    assert gone.destroyed_units == ("high-rise-3-1",)
    with pytest.raises(ValueError, match="neither a visible building nor a unit"):
        flip_tile(gone, "high-rise-3-1")


def test_a_borough_holds_two_monsters() -> None:
    b = CityBoard(where=("bronx", "bronx", "queens", MANHATTAN), stacks=((),) * 5,
                  units=((),) * 5)
    assert open_boroughs(b, 2) == ("staten-island", "brooklyn")
    assert open_boroughs(b, 3) == ("staten-island", "queens", "brooklyn")
    assert city.visible_buildings(laid_out(2, 3), "bronx") == tuple(
        st[0] for st in laid_out(2, 3).stacks_of("bronx"))
