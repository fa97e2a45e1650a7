"""Many seeded games with random agents, summarised: the loop behind ``kot-rules simulate``.

Surface-independent: it prints nothing and reports progress only through ``on_game``,
so a command line, a notebook or a pool of worker processes can all call it.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kot_rules.engine.game import Game

TIMING_KEYS = ("seconds", "games_per_second", "decisions_per_second")
"""Keys of the summary that change from run to run; every other key is reproducible."""


class SimulationError(RuntimeError):
    """A game that did not end, or ended without an outcome; the message says which seed."""


def simulate(
    game: Game, games: int, seed: int, on_game: Callable[[int], None] | None = None
) -> dict[str, Any]:
    """Play ``games`` games (seeds ``seed``, ``seed+1``, ...) and summarise them.

    ``on_game(n)`` is called after the n-th game. Raises :class:`SimulationError`.
    """
    # Looked up at call time, so that a test can stand a stuck driver in for it.
    from kot_rules.engine import driver

    wins = [0] * game.num_players
    draws = 0
    turns: list[int] = []
    decisions = 0
    start = time.perf_counter()
    for i in range(games):
        try:
            record = driver.play(game, seed + i, record=False)
        except RuntimeError as exc:
            raise SimulationError(str(exc)) from None
        final = record.final
        if final is None or final.outcome is None:
            raise SimulationError(
                f"game with seed {seed + i} ended without an outcome (engine bug)"
            )
        if final.outcome.winner is None:
            draws += 1
        else:
            wins[final.outcome.winner] += 1
        turns.append(final.turn)
        decisions += record.decisions
        if on_game is not None:
            on_game(i + 1)
    seconds = max(time.perf_counter() - start, 1e-9)
    return {
        "games": games,
        "players": game.num_players,
        "monsters": list(game.names),
        "seed": seed,
        "tokyo_bay": game.tokyo_bay,
        "first_player": game.options.first_player.value,
        "cards": len(game.cards.physical_ids()),
        "wins_by_seat": wins,
        "draws": draws,
        "mean_turns": statistics.fmean(turns),
        "min_turns": min(turns),
        "max_turns": max(turns),
        "decisions": decisions,
        "seconds": seconds,
        "games_per_second": games / seconds,
        "decisions_per_second": decisions / seconds,
    }


def summary_lines(summary: dict[str, Any]) -> list[str]:
    """The text form of a :func:`simulate` summary."""
    games: int = summary["games"]
    names: list[str] = summary["monsters"]
    width = max(len(n) for n in names)
    lines = [
        f"{games} game{'' if games == 1 else 's'}, {summary['players']} monsters, seeds "
        f"{summary['seed']}..{summary['seed'] + games - 1}, Tokyo Bay "
        f"{'on' if summary['tokyo_bay'] else 'off'}, first player: {summary['first_player']}",
        "wins by seat:",
    ]
    for seat, (name, won) in enumerate(zip(names, summary["wins_by_seat"], strict=True)):
        lines.append(f"  {seat}  {name:<{width}}  {won:>7}  {100 * won / games:5.1f}%")
    draws: int = summary["draws"]
    lines += [
        f"draws: {draws} ({100 * draws / games:.1f}%)",
        f"mean turns: {summary['mean_turns']:.2f} (min {summary['min_turns']}, "
        f"max {summary['max_turns']})",
        f"speed: {summary['games_per_second']:,.1f} games/s, "
        f"{summary['decisions_per_second']:,.0f} decisions/s ({summary['seconds']:.2f} s)",
    ]
    return lines
