"""The Duel speed-ups give the same answers as the plain code they
replace: the victory check's early exit, and the board built field by field."""

from __future__ import annotations

import itertools
from dataclasses import fields, replace
from typing import Any

from kot_rules.games.king_of_tokyo_duel.board import (
    DESTRUCTION,
    END,
    FAME,
    V_DESTRUCTION,
    V_FAME,
    V_HEARTS,
    V_SPOTLIGHT,
    DuelBoard,
    PlacedTile,
    in_zone,
    victory,
    victory_space,
)


def _plain_victory(
    hearts: tuple[int, int], fame: int, destruction: int, extra: tuple[str, ...]
) -> tuple[int | None, str] | None:
    """tracks.victory without its early exit, as the rules read."""
    out0, out1 = hearts[0] <= 0, hearts[1] <= 0
    if out0 or out1:
        return (None if out0 and out1 else 1 if out0 else 0, V_HEARTS)
    fame_at, destruction_at = (fame, FAME in extra), (destruction, DESTRUCTION in extra)
    for seat in (0, 1):
        goal = (victory_space(seat), False)
        if fame_at == goal:
            return (seat, V_FAME)
        if destruction_at == goal:
            return (seat, V_DESTRUCTION)
    for seat in (0, 1):
        if in_zone(seat, fame_at) and in_zone(seat, destruction_at):
            return (seat, V_SPOTLIGHT)
    return None


def test_victory_is_the_plain_check_on_every_position() -> None:
    extras: list[tuple[str, ...]] = [(), (FAME,), (DESTRUCTION,), (DESTRUCTION, FAME)]
    wins = 0
    for h0, h1 in itertools.product((0, 1, 5), repeat=2):
        for f, d in itertools.product(range(-END, END + 1), repeat=2):
            for extra in extras:
                found = victory((h0, h1), f, d, extra)
                assert found == _plain_victory((h0, h1), f, d, extra), (h0, h1, f, d, extra)
                wins += found is not None and h0 > 0 and h1 > 0
    assert wins  # the tracks do win somewhere


def test_with_resolved_passes_every_field_on() -> None:
    values: dict[str, Any] = {
        "fame": -3, "destruction": 4, "dice_tokens": (1, 2), "white": 1, "bought": True,
        "resolved": (5,), "tiles": (PlacedTile("heal", FAME, (2,), None),), "extra": (FAME,),
        "dominated": (1, 0), "fewer": (0, 2), "added": 1, "left": 2,
    }
    assert set(values) == {f.name for f in fields(DuelBoard)}, "a new field: pass it on"
    board = DuelBoard(**values)
    assert board.with_resolved(0) == replace(board, resolved=(5, 0))
