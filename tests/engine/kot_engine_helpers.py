"""Shared helpers for the engine tests: a small card catalogue and short-hands.

The catalogue is explicit so that these tests never depend on the built-in card
set (kot_rules.language.cardset); only test_builtin_cards.py uses that.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from kot_rules.engine import Game, MonsterSetup, Options, Roll, State
from kot_rules.engine.actions import STOP, Action
from kot_rules.engine.cards import CardRow, CardTable

N_CARDS = 20


def small_catalogue() -> CardTable:
    """20 physical cards ``c00``..``c19``: costs 1..8, one in three is a discard card."""
    rows = [
        CardRow(f"c{i:02d}", f"Card {i}", 1 + (i * 3) % 8, i % 3 != 2) for i in range(N_CARDS)
    ]
    return CardTable(rows)


CARDS = small_catalogue()
KEEP_IDS = tuple(c for c in CARDS.physical_ids() if CARDS.is_keep(c))
DISCARD_IDS = tuple(c for c in CARDS.physical_ids() if not CARDS.is_keep(c))


def make_game(players: int = 4, **options: Any) -> Game:
    return Game(players, options=Options(**options), cards=CARDS)


def setup(
    game: Game,
    monsters: dict[int, dict[str, Any]] | None = None,
    **kw: Any,
) -> State:
    """``game.setup_state`` with default monsters; ``monsters`` overrides seats by keyword."""
    monsters = monsters or {}
    board = [MonsterSetup(name, **monsters.get(seat, {})) for seat, name in enumerate(game.names)]
    return game.setup_state(board, **kw)


def roll_stop(s: State, *faces: object) -> State:
    """Throw the dice showing ``faces`` and stop rolling at once: the dice resolve."""
    s = s.apply(Roll.of(*faces))  # type: ignore[arg-type]
    return s.apply(STOP)


NOTHING = (1, 1, 2, 2, 3, 3)
"""Six dice that score nothing, give nothing and attack nobody."""


def random_walk(
    game: Game, seed: int, deck: Sequence[str] | None = None
) -> list[tuple[State, Action]]:
    """A whole random game, as the list of (state, action taken in it)."""
    rng = random.Random(seed)
    if deck is None:
        deck = game.shuffled_deck(seed)
    s = game.new_initial_state(deck)
    steps: list[tuple[State, Action]] = []
    for _ in range(100_000):
        if s.is_terminal():
            return steps
        if s.is_chance_node():
            a: Action = s.sample_chance(rng)
        else:
            acts = s.legal_actions()
            a = acts[rng.randrange(len(acts))]
        steps.append((s, a))
        s = s.apply(a)
    raise AssertionError("random game did not end")
