"""Many seeded games with random agents, summarised: the loop behind ``kot-rules simulate``.

Surface-independent: it prints nothing and reports progress only through ``on_game``,
so a command line, a notebook or a pool of worker processes can all call it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kot_rules.engine.game import Game

TIMING_KEYS = ("seconds", "games_per_second", "decisions_per_second")
"""Keys of the summary that change from run to run; every other key is reproducible."""


class SimulationError(RuntimeError):
    """A game that did not end, or ended without an outcome; the message says which seed."""


@dataclass
class Tally:
    """What a run of games counts. Tallies of disjoint seed ranges add up with ``+``,
    so a pool of workers can each play a range and the results be merged."""

    wins: list[int]
    """Games won, per seat."""
    draws: int = 0
    games: int = 0
    turns: int = 0
    """Turns of all games together (for the mean)."""
    min_turns: int | None = None
    max_turns: int | None = None
    decisions: int = 0

    def __add__(self, other: Tally) -> Tally:
        both = [t for t in (self.min_turns, other.min_turns) if t is not None]
        most = [t for t in (self.max_turns, other.max_turns) if t is not None]
        return Tally(
            wins=[a + b for a, b in zip(self.wins, other.wins, strict=True)],
            draws=self.draws + other.draws,
            games=self.games + other.games,
            turns=self.turns + other.turns,
            min_turns=min(both, default=None),
            max_turns=max(most, default=None),
            decisions=self.decisions + other.decisions,
        )


def play_games(
    game: Game,
    seeds: range,
    on_game: Callable[[int], None] | None = None,
    agent: str = "random",
) -> Tally:
    """Play one game per seed with agents of kind ``agent`` and count the results.

    ``on_game(n)`` is called after the n-th game. Raises :class:`SimulationError`.
    """
    # Looked up at call time, so that a test can stand a stuck driver in for it.
    from kot_rules.engine import driver

    tally = Tally(wins=[0] * game.num_players)
    for n, game_seed in enumerate(seeds, start=1):
        agents = driver.named_agents(game, game_seed, agent)
        try:
            record = driver.play(game, game_seed, agents, record=False)
        except RuntimeError as exc:
            raise SimulationError(str(exc)) from None
        final = record.final
        if final is None or final.outcome is None:
            raise SimulationError(
                f"game with seed {game_seed} ended without an outcome (engine bug)"
            )
        if final.outcome.winner is None:
            tally.draws += 1
        else:
            tally.wins[final.outcome.winner] += 1
        tally.games += 1
        tally.turns += final.turn
        tally.min_turns = final.turn if tally.min_turns is None else min(tally.min_turns,
                                                                          final.turn)
        tally.max_turns = final.turn if tally.max_turns is None else max(tally.max_turns,
                                                                          final.turn)
        tally.decisions += record.decisions
        if on_game is not None:
            on_game(n)
    return tally


def summary(
    game: Game, tally: Tally, seed: int, seconds: float, agent: str = "random"
) -> dict[str, Any]:
    """The summary of ``tally`` (games from ``seed`` on by ``agent`` agents, in ``seconds``)."""
    if not tally.games:
        raise SimulationError("no game was played")
    seconds = max(seconds, 1e-9)
    return {
        "games": tally.games,
        "players": game.num_players,
        "monsters": list(game.names),
        "seed": seed,
        "agent": agent,
        "tokyo_bay": game.tokyo_bay,
        "first_player": game.options.first_player.value,
        "cards": len(game.cards.physical_ids()),
        "wins_by_seat": list(tally.wins),
        "draws": tally.draws,
        # The exact integer sum over the count: the same float statistics.fmean gives.
        "mean_turns": tally.turns / tally.games,
        "min_turns": tally.min_turns,
        "max_turns": tally.max_turns,
        "decisions": tally.decisions,
        "seconds": seconds,
        "games_per_second": tally.games / seconds,
        "decisions_per_second": tally.decisions / seconds,
    }


def simulate(
    game: Game,
    games: int,
    seed: int,
    on_game: Callable[[int], None] | None = None,
    agent: str = "random",
) -> dict[str, Any]:
    """Play ``games`` games (seeds ``seed``, ``seed+1``, ...) with ``agent`` agents and
    summarise them.

    ``on_game(n)`` is called after the n-th game. Raises :class:`SimulationError`.
    """
    start = time.perf_counter()
    tally = play_games(game, range(seed, seed + games), on_game, agent)
    return summary(game, tally, seed, time.perf_counter() - start, agent)


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
