"""Many seeded games with random agents, summarised: the loop behind ``kot-rules simulate``.

Surface-independent: it prints nothing and reports progress only through ``on_game``,
so a command line, a notebook or a pool of worker processes can all call it.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar

from kot_rules.engine.options import Options

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

    from kot_rules.backends import Backend
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
    victories: dict[str, int] = field(default_factory=dict)
    """Games won, per kind of victory (games that have several: Duel)."""

    def count(
        self, winner: int | None, turns: int, decisions: int, victory: str | None = None
    ) -> None:
        """Count one more game: won by seat ``winner`` (``None``: a draw), by ``victory``."""
        if winner is None:
            self.draws += 1
        else:
            self.wins[winner] += 1
            if victory is not None:
                self.victories[victory] = self.victories.get(victory, 0) + 1
        self.games += 1
        self.turns += turns
        self.min_turns = turns if self.min_turns is None else min(self.min_turns, turns)
        self.max_turns = turns if self.max_turns is None else max(self.max_turns, turns)
        self.decisions += decisions

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
            victories={
                k: self.victories.get(k, 0) + other.victories.get(k, 0)
                for k in sorted({*self.victories, *other.victories})
            },
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
        tally.count(final.outcome.winner, final.turn, record.decisions, final.outcome.victory)
        if on_game is not None:
            on_game(n)
    return tally


@dataclass(frozen=True)
class GameSetup:
    """What builds a game, in a form that pickles (a :class:`Game` does not): a worker
    process rebuilds the same game from it."""

    game: str
    """A registered game id (:mod:`kot_rules.games`)."""
    players: int
    options: Options = field(default_factory=Options)
    cards: Path | None = None
    """The card set's file or folder; ``None``: the game's built-in cards."""
    add_cards: Path | None = None
    """Cards added to that set (a file or folder), or ``None``."""

    def build(self) -> Game:
        """The game (built once per process). Raises ``CardSpecError`` for bad cards."""
        return _build(self)


@functools.cache
def _build(setup: GameSetup) -> Game:
    from kot_rules import games
    from kot_rules.engine.cards import CardTable
    from kot_rules.language.cardset import load_card_set, load_extended_card_set

    definition = games.get(setup.game)
    if setup.add_cards is None:
        cards = load_card_set(setup.cards, definition.id)
    else:
        cards = load_extended_card_set(setup.add_cards, definition.id, setup.cards)
    return definition.new_game(
        setup.players, options=setup.options, cards=CardTable.from_card_set(cards)
    )


class Mergeable(Protocol):
    """A count of a seed range that adds up with the count of the next range."""

    def __add__(self, other: Self, /) -> Self: ...


M = TypeVar("M", bound=Mergeable)


def workers(jobs: int) -> int:
    """The number of processes ``jobs`` asks for: ``0`` is one per core."""
    if jobs < 0:
        raise ValueError(f"jobs must be 0 (all cores) or more, got {jobs}")
    return jobs or os.cpu_count() or 1


def split(seeds: range, parts: int) -> list[range]:
    """``seeds`` cut into at most ``parts`` contiguous, non-empty ranges, in order."""
    parts = max(1, min(parts, len(seeds)))
    size, extra = divmod(len(seeds), parts)
    out: list[range] = []
    start = seeds.start
    for i in range(parts):
        stop = start + size + (i < extra)
        out.append(range(start, stop))
        start = stop
    return [r for r in out if r]


CHUNKS_PER_WORKER = 4
"""Seed ranges per worker process: more, smaller ranges give a smoother progress bar."""


def run_split(
    work: Callable[..., M],
    setup: GameSetup,
    seeds: range,
    jobs: int,
    extra: Sequence[Any] = (),
    on_game: Callable[[int], None] | None = None,
    context: BaseContext | None = None,
) -> M:
    """``work(setup, part, *extra)`` over contiguous parts of ``seeds`` in ``jobs`` worker
    processes (``0``: one per core), merged with ``+`` in seed order.

    ``work`` must be a module-level function, and ``extra`` picklable: each worker
    rebuilds the game from ``setup``. ``on_game(n)`` is called as parts finish, with the
    number of games played so far.
    """
    processes = min(workers(jobs), max(1, len(seeds)))
    parts = split(seeds, processes * CHUNKS_PER_WORKER)
    with ProcessPoolExecutor(max_workers=processes, mp_context=context) as pool:
        futures: dict[Future[M], int] = {
            pool.submit(work, setup, part, *extra): len(part) for part in parts
        }
        try:
            done = 0
            for future in as_completed(futures):
                future.result()  # a worker's error shows at once
                done += futures[future]
                if on_game is not None:
                    on_game(done)
        except BaseException:
            for future in futures:
                future.cancel()
            raise
        results = [future.result() for future in futures]  # submission order: seed order
    merged = results[0]
    for result in results[1:]:
        merged = merged + result
    return merged


def play_setup(setup: GameSetup, seeds: range, agent: str = "random") -> Tally:
    """:func:`play_games` for a worker process: the game rebuilt from ``setup``."""
    return play_games(setup.build(), seeds, agent=agent)


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
        **(
            {"wins_by_victory": {k: tally.victories.get(k, 0) for k in game.rules.victories}}
            if game.rules.victories
            else {}
        ),
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
    jobs: int = 1,
    setup: GameSetup | None = None,
    backend: Backend | None = None,
) -> dict[str, Any]:
    """Play ``games`` games (seeds ``seed``, ``seed+1``, ...) with ``agent`` agents and
    summarise them.

    With ``jobs`` other than 1 (``0``: one per core) the games are played by that many
    worker processes, which build ``game`` again from ``setup``; the summary is the same
    but for :data:`TIMING_KEYS`. A ``backend`` (:mod:`kot_rules.backends`, e.g. Ray) plays
    them instead of those processes, ``jobs`` unused, with the same summary.
    ``on_game(n)`` is called after the n-th game (after a part of them with workers).
    Raises :class:`SimulationError`.
    """
    start = time.perf_counter()
    seeds = range(seed, seed + games)
    if jobs == 1 and backend is None:
        tally = play_games(game, seeds, on_game, agent)
    else:
        if setup is None:
            raise ValueError("simulate with worker processes needs the game's setup")
        if backend is None:
            tally = run_split(play_setup, setup, seeds, jobs, (agent,), on_game)
        else:
            tally = backend.run(play_setup, setup, seeds, (agent,), on_game)
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
    if "wins_by_victory" in summary:
        lines.append("wins by victory: " + ", ".join(
            f"{kind} {n}" for kind, n in summary["wins_by_victory"].items()))
    draws: int = summary["draws"]
    lines += [
        f"draws: {draws} ({100 * draws / games:.1f}%)",
        f"mean turns: {summary['mean_turns']:.2f} (min {summary['min_turns']}, "
        f"max {summary['max_turns']})",
        f"speed: {summary['games_per_second']:,.1f} games/s, "
        f"{summary['decisions_per_second']:,.0f} decisions/s ({summary['seconds']:.2f} s)",
    ]
    return lines
