"""States of seeded random games for the plain invariant checks: every ``every``-th state
after a step, and each game's last."""

from __future__ import annotations

from kot_rules.engine.driver import play
from kot_rules.engine.game import Game
from kot_rules.engine.state import State


def sampled_states(game: Game, seeds: range, every: int) -> list[State]:
    out: list[State] = []
    count = 0

    def keep(s: State) -> None:
        nonlocal count
        count += 1
        if count % every == 0 or s.is_terminal():
            out.append(s.copy())

    for seed in seeds:
        play(game, seed, record=False, on_step=keep)
    return out
