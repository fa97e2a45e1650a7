"""``kot-rules play`` and ``kot-rules simulate``: seeded games played by agents (see --agent)."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import IO

from kot_rules import simulation
from kot_rules.surfaces.cli.common import (
    EXIT_OK,
    SUMMARIES,
    CliError,
    Formatter,
    add_jobs_option,
    add_json_option,
    add_play_options,
    command,
    echo,
    echo_json,
    game_setup,
    new_game,
    parallel,
    positive_arg,
    seed,
    wrap,
)

PROGRESS_MIN_GAMES = 200
"""Below this many games ``simulate`` shows no progress bar."""
PROGRESS_INTERVAL = 0.1
"""Seconds between two redraws of the progress bar (at most ~10 per second)."""


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    play = commands.add_parser(
        "play", formatter_class=Formatter, help=SUMMARIES["play"],
        description=wrap(
            "Play one seeded game with random agents (or those --agent names) and print it "
            "turn by turn: every "
            "event, then the winner (or the draw) and each monster's ♥ ★ ⚡ and cards."
        ),
        epilog="examples:\n  kot-rules play --players 4 --seed 2011\n"
        "  kot-rules play --players 5 --seed 7 --no-tokyo-bay --json > game.json",
    )
    add_play_options(play, many=False)
    add_json_option(
        play, "the game record, {format, game, seed, deck, actions, events, turns, outcome, "
        "final_state} (schema spec/schemas/game-record-v1.schema.json): the same seed "
        "prints the same bytes.",
    )
    command(play, run_play)

    sim = commands.add_parser(
        "simulate", formatter_class=Formatter, help=SUMMARIES["simulate"],
        description=wrap(
            "Play G games with random agents, or those --agent names (seeds S, S+1, ...), "
            "and print the wins "
            "per seat, the draws, the mean number of turns and the speed. A progress bar is "
            "shown on stderr when it is a terminal and G >= 200."
        ),
        epilog="examples:\n  kot-rules simulate --players 4 --games 1000 --seed 1\n"
        "  kot-rules simulate --players 6 --games 500 --seed 1 --json\n"
        "  kot-rules simulate --games 4000 --seed 1 --jobs 0 --add-cards my-card.kot\n"
        "  kot-rules simulate --games 100000 --seed 1 --backend ray --address auto",
    )
    add_play_options(sim, many=True)
    sim.add_argument(
        "--games", type=positive_arg, default=100, metavar="G",
        help="number of games (default: 100)",
    )
    add_jobs_option(sim)
    add_json_option(
        sim, "{games, players, monsters, seed, agent, tokyo_bay, first_player, cards, "
        "wins_by_seat, draws, mean_turns, min_turns, max_turns, decisions, seconds, "
        "games_per_second, decisions_per_second}; the last three are timings, the rest "
        "depend only on the options.",
    )
    command(sim, run_simulate)


def run_play(args: argparse.Namespace) -> int:
    from kot_rules.engine.driver import named_agents, play
    from kot_rules.surfaces.playlog import game_log

    game = new_game(args)
    first = seed(args)
    try:
        record = play(game, first, named_agents(game, first, args.agent))
    except RuntimeError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        echo(record.dumps())
    else:
        echo("\n".join(game_log(record)))
    return EXIT_OK


class ProgressBar:
    """``\\r[#####     ]  50% 500/1000`` on a terminal, redrawn at most every 0.1 s."""

    WIDTH = 30

    def __init__(
        self, total: int, stream: IO[str], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.total = total
        self.stream = stream
        self.clock = clock
        self._last = float("-inf")
        self._shown = 0

    def update(self, done: int) -> None:
        now = self.clock()
        if now - self._last < PROGRESS_INTERVAL and done < self.total:
            return
        self._last = now
        filled = self.WIDTH * done // self.total
        pct = 100 * done // self.total
        text = f"\r[{'#' * filled}{' ' * (self.WIDTH - filled)}] {pct:3d}% {done}/{self.total}"
        self._shown = len(text) - 1
        self.stream.write(text)
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar, so that what follows starts on a clean line."""
        if self._shown:
            self.stream.write("\r" + " " * self._shown + "\r")
            self.stream.flush()
            self._shown = 0


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def progress_bar(games: int) -> ProgressBar | None:
    """A bar on stderr for ``games`` games, when it is a terminal and they are many."""
    if games >= PROGRESS_MIN_GAMES and _isatty(sys.stderr):
        return ProgressBar(games, sys.stderr)
    return None


def run_simulate(args: argparse.Namespace) -> int:
    from kot_rules.backends import ClusterError

    workers = parallel(args)
    game = new_game(args)
    first = seed(args)
    games: int = args.games
    bar = progress_bar(games)
    try:
        summary = simulation.simulate(
            game, games, first, None if bar is None else bar.update, args.agent,
            setup=game_setup(args), **workers,
        )
    except (simulation.SimulationError, ClusterError) as exc:
        raise CliError(str(exc)) from None
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        echo_json(summary)
    else:
        echo("\n".join(simulation.summary_lines(summary)))
    return EXIT_OK
