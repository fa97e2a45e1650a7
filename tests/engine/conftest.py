"""Fixtures for the engine tests: an explicit 20-card catalogue (no built-in set)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from kot_engine_helpers import CARDS, make_game

from kot_rules.engine import Game
from kot_rules.engine.cards import CardTable


@pytest.fixture
def cards() -> CardTable:
    return CARDS


@pytest.fixture
def game_factory() -> Callable[..., Game]:
    def factory(players: int = 4, **options: Any) -> Game:
        return make_game(players, **options)

    return factory


@pytest.fixture
def game4() -> Game:
    return make_game(4)


@pytest.fixture
def game5() -> Game:
    """Five monsters: Tokyo Bay is on by default [000/001 §WARIANT ZAAWANSOWANY]."""
    return make_game(5)
