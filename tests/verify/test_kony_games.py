"""The invariants INV-KONY-* hold on every state of random New York games the
engine plays (2 to 6 monsters, with their cards): the states the proofs speak of are the
engine's, read in the model's terms (seat 0 the active monster)."""

from __future__ import annotations

import pytest
from kony_cases import concrete, view

from kot_rules.engine.driver import play
from kot_rules.engine.state import Phase, State
from kot_rules.games.king_of_new_york.definition import KING_OF_NEW_YORK
from kot_rules.games.king_of_new_york.invariants import INVARIANTS, holds

CARD_WIN = "wins at once"
"""The engine's reason when a card says its owner wins (New York's ``win-game`` verb)."""


def broken(s: State) -> list[str]:
    """The invariants the engine state ``s`` breaks (a state between two whole steps)."""
    values = view(s)
    over = s.phase is Phase.OVER
    # The ghosts: a game is over only once victory was checked (or a card won it).
    values["card_win"] = over and s.outcome is not None and CARD_WIN in s.outcome.reason
    values["checked"] = over
    state = concrete(values)
    return [inv.id for inv in INVARIANTS if not holds(inv.id, state)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_state_of_random_games(players: int) -> None:
    seen: list[tuple[int, str, list[str]]] = []
    checked = 0

    def check(s: State) -> None:
        nonlocal checked
        # A question asked mid-step (the 5-6 path closing) shows a monster between two
        # places; the set-up places the figures one by one: neither is between steps.
        if s.pending is not None or s.phase in (Phase.FIRST_PLAYER, Phase.PLACE):
            return
        checked += 1
        bad = broken(s)
        if bad:
            seen.append((s.turn, s.phase.value, bad))

    g = KING_OF_NEW_YORK.new_game(players)
    for seed in range(2):
        play(g, seed=seed, on_step=check)
    assert checked > 50
    assert seen == []


def test_a_broken_state_is_seen() -> None:
    # The check can fail: a monster in Manhattan that is not on a path.
    g = KING_OF_NEW_YORK.new_game(2)
    s = g.new_initial_state(g.shuffled_deck(0))
    while s.phase is not Phase.ROLL:
        s = s.apply(s.legal_actions()[0]) if not s.is_chance_node() else s.apply(
            s.chance_outcomes()[0][0])
    assert broken(s) == []
    s.city = None
    s.board = s.board.moved(s.active, "manhattan")
    assert "INV-KONY-SEATS" in broken(s)
