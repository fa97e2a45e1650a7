"""A scenario reaches a game's own board through the game's ``board`` part: the fields of
King of New York's boroughs belong to the game whose board module names boroughs."""

from __future__ import annotations

from kot_rules import games
from kot_rules.scenarios.loader import borough_board


def test_only_new_york_has_boroughs() -> None:
    have = {g for g in games.ids() if borough_board(g) is not None}
    assert have == {"king-of-new-york"}
    city = borough_board("king-of-new-york")
    assert city is games.get("king-of-new-york").part("board")
    assert "manhattan" not in city.OUTER and city.MANHATTAN == "manhattan"
