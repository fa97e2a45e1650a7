"""The soak: many random games over every registered game, player count and ruleset
option, in parallel, with every invariant checked after every step of a sample of them.

    python -m kot_rules.verify.soak --games 1000000 --jobs 0 --sample 100
    python -m kot_rules.verify.soak --replay 12345      # one game again, checked
    python -m kot_rules.verify.soak --game king-of-tokyo-duel --games 20000 --sample 20

The games are shared evenly among the registered games: game ``i`` is a game of the
``i mod G``-th game (G games), in its configuration ``(i div G) mod C`` (C: its player
counts x the option combinations it accepts and means something in it), with seed ``i``,
so any game is replayed from its index. With ``--game`` every game is of that game, in
configuration ``i mod C`` (replay with the same ``--game``). A crash is any exception out
of the driver (its step guard included); a violation is any finding of the game's own
invariants (:func:`check_state`: the ``check_all`` of the game folder's ``invariants``) in a
sampled game.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import os
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from enum import Enum
from functools import cache
from typing import Any

from kot_rules.engine.driver import play
from kot_rules.engine.errors import ConfigError
from kot_rules.engine.game import FirstPlayerRule, Game, Options
from kot_rules.engine.state import State
from kot_rules.games import definitions, get
from kot_rules.verify.invariant import Violation

VARIANTS: dict[str, tuple[Any, ...]] = {
    "tokyo_bay": (None, False, True),
    "first_player": tuple(FirstPlayerRule),
    "bonus_claws": (False, True),
    "heart_cap": (None, 12),
    "neighbours_attacked_only": (False, True),
}
"""The values each ruleset option takes in the soak (12: the clarification's cap)."""
PARAMETERS = frozenset({"dice", "rolls", "win_stars", "start_hearts", "max_hearts"})
"""Numeric parameters of Options, held at their defaults (they are not ruleset choices)."""
SHOWN = 20
"""Crashes and violations listed in full; the counts include the others."""


def game_variants(game: str | None) -> dict[str, tuple[Any, ...]] | None:
    """The options ``game``'s soak varies, with their values, where only some mean something
    in it (its folder's ``concrete.SOAK_OPTIONS``); None: every option, as King of Tokyo."""
    if game is None:
        return None
    own: dict[str, tuple[Any, ...]] | None = getattr(get(game).part("concrete"),
                                                      "SOAK_OPTIONS", None)
    return own


def option_values(game: str | None = None) -> dict[str, tuple[Any, ...]]:
    """Every field of Options with the values the soak gives it in ``game`` (None: in a
    game that plays every option, King of Tokyo's).

    A field added later is varied when it is a bool or an Enum (all values), otherwise
    held at its default; :func:`held_options` names those, and a test keeps it in check.
    A game whose folder names the options its soak varies (:func:`game_variants`) varies
    only those.
    """
    own = game_variants(game)
    out: dict[str, tuple[Any, ...]] = {}
    for f in fields(Options):
        default = f.default
        if own is not None:
            out[f.name] = own.get(f.name, (default,))
        elif f.name in VARIANTS:
            out[f.name] = VARIANTS[f.name]
        elif isinstance(default, bool):
            out[f.name] = (False, True)
        elif isinstance(default, Enum):
            out[f.name] = tuple(type(default))
        else:
            out[f.name] = (default,)
    return out


def held_options(game: str | None = None) -> frozenset[str]:
    """The fields of Options the soak does not vary (in ``game``)."""
    return frozenset(k for k, v in option_values(game).items() if len(v) == 1)


@dataclass(frozen=True)
class Config:
    game_id: str
    players: int
    options: Options

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game_id, "players": self.players, "options": self.options.to_json()}


@cache
def configs() -> tuple[Config, ...]:
    """Every game x player count x option combination the game accepts, in a stable order
    (for a game with its own :func:`game_variants`, each combination that makes a different
    game)."""
    out: list[Config] = []
    for definition in definitions():
        values = option_values(definition.id)
        names = sorted(values)
        for players in range(definition.min_players, definition.max_players + 1):
            seen: set[Options] = set()
            for combo in itertools.product(*(values[n] for n in names)):
                options = Options(**dict(zip(names, combo, strict=True)))
                try:
                    game = definition.new_game(players, options=options)
                except ConfigError:
                    continue  # e.g. the Bay forced on with 4 monsters
                if game_variants(definition.id) is not None:
                    if game.options in seen:
                        continue  # the same game as an earlier combination
                    seen.add(game.options)
                out.append(Config(definition.id, players, options))
    return tuple(out)


@cache
def configs_of(game: str | None) -> tuple[Config, ...]:
    """:func:`configs` of one game (None: of every game)."""
    if game is not None:
        get(game)  # an unknown id: the registry's error, which lists the games
    return tuple(c for c in configs() if game is None or c.game_id == game)


@cache
def game_ids() -> tuple[str, ...]:
    """The games the soak plays, in the registry's order."""
    return tuple(dict.fromkeys(c.game_id for c in configs()))


def varied_options(game: str) -> list[str]:
    """The options that take more than one value among ``game``'s configurations (an option
    the game refuses but at its default, as Duel's first player, is not varied)."""
    own = configs_of(game)
    return sorted(f.name for f in fields(Options)
                  if len({getattr(c.options, f.name) for c in own}) > 1)


def config_of(index: int, game: str | None = None) -> Config:
    """The configuration game ``index`` plays (see :func:`slot`)."""
    return slot(index, game)[0]


def slot(index: int, game: str | None = None) -> tuple[Config, int]:
    """The configuration game ``index`` plays, and which game of its game it is: the games
    take turns (one in G each), each going through its own configurations; with ``game``,
    every index is that game's."""
    if game is None:
        ids = game_ids()
        game, index = ids[index % len(ids)], index // len(ids)
    own = configs_of(game)
    return own[index % len(own)], index


STATE_CHECKS: dict[str, Callable[[State], list[Violation]]] = {}
"""Each game's check of all its invariants on an engine state (its folder's
``invariants.check_all``), by game id, loaded on first use."""


def state_check(game: str) -> Callable[[State], list[Violation]]:
    """``game``'s check of all its invariants on an engine state."""
    found = STATE_CHECKS.get(game)
    if found is None:
        found = STATE_CHECKS[game] = get(game).part("invariants").check_all
    return found


def check_state(state: State, game: str) -> list[Violation]:
    """Every invariant of ``game`` that ``state`` breaks."""
    return state_check(game)(state)


@cache
def _game(config: Config) -> Game:
    return get(config.game_id).new_game(config.players, options=config.options)


@dataclass
class Counts:
    """What one game's share of a range of games gave."""

    games: int = 0
    sampled: int = 0
    checked_states: int = 0
    crashes: int = 0
    violations: int = 0

    def add(self, other: Counts) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


@dataclass
class Tally:
    """What a range of games gave."""

    games: int = 0
    turns: int = 0
    decisions: int = 0
    sampled: int = 0
    checked_states: int = 0
    crashes: list[dict[str, Any]] = field(default_factory=list)
    crash_count: int = 0
    violations: list[dict[str, Any]] = field(default_factory=list)
    violation_count: int = 0
    wins: int = 0
    draws: int = 0
    by_game: dict[str, Counts] = field(default_factory=dict)
    """The counts of each game (by id)."""

    def add(self, other: Tally) -> None:
        for name in ("games", "turns", "decisions", "sampled", "checked_states",
                     "crash_count", "violation_count", "wins", "draws"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.crashes.extend(other.crashes[: max(0, SHOWN - len(self.crashes))])
        self.violations.extend(other.violations[: max(0, SHOWN - len(self.violations))])
        for game, counts in other.by_game.items():
            self.of(game).add(counts)

    def of(self, game: str) -> Counts:
        """The counts of ``game`` (made empty on first use)."""
        return self.by_game.setdefault(game, Counts())


def play_game(index: int, sample: int, tally: Tally, game_id: str | None = None) -> None:
    """Play game ``index`` (of ``game_id``'s configurations, None: of every game's, see
    :func:`slot`) into ``tally``; checked at every step when it is the first of its game's
    games in ``sample`` (so every game is sampled alike, whatever ``sample`` is)."""
    config, own = slot(index, game_id)
    game = _game(config)
    counts = tally.of(config.game_id)
    checked = sample > 0 and own % sample == 0
    found: list[str] = []
    steps = 0

    def check(state: State) -> None:
        nonlocal steps
        steps += 1
        for v in check_state(state, config.game_id):
            if len(found) < 5:
                found.append(f"turn {state.turn}: {v}")

    try:
        rec = play(game, index, record=False, on_step=check if checked else None)
    except Exception as exc:  # any exception is a crash to report, with its replay
        tally.crash_count += 1
        counts.crashes += 1
        if len(tally.crashes) < SHOWN:
            tally.crashes.append({"index": index, "seed": index, **config.to_json(),
                                  "error": f"{type(exc).__name__}: {exc}"[:500],
                                  "where": traceback.format_exc().splitlines()[-3:]})
        return
    tally.games += 1
    counts.games += 1
    final = rec.final
    assert final is not None
    tally.turns += final.turn
    tally.decisions += rec.decisions
    if final.outcome is None:
        found.append("the game stopped without an outcome")
    elif final.outcome.winner is None:
        tally.draws += 1
    else:
        tally.wins += 1
    if checked:
        tally.sampled += 1
        tally.checked_states += steps
        counts.sampled += 1
        counts.checked_states += steps
    if found:
        tally.violation_count += len(found)
        counts.violations += len(found)
        if len(tally.violations) < SHOWN:
            tally.violations.append({"index": index, "seed": index, **config.to_json(),
                                     "found": found})


def play_range(bounds: tuple[int, int, int] | tuple[int, int, int, str | None]) -> Tally:
    """Games ``start .. stop - 1`` (of one game when ``bounds`` names it)."""
    start, stop, sample = bounds[:3]
    game_id = bounds[3] if len(bounds) == 4 else None
    tally = Tally()
    for index in range(start, stop):
        play_game(index, sample, tally, game_id)
    return tally


def soak(games: int, jobs: int, sample: int, first: int = 0, chunk: int = 200,
         progress: bool = True, game: str | None = None) -> tuple[Tally, float]:
    """Play games ``first .. first + games - 1`` (of ``game`` only, if given); the tally
    and the seconds it took."""
    configs_of(game)  # built (and the card set parsed) before the workers fork
    for gid in (game_ids() if game is None else (game,)):
        state_check(gid)  # loaded once, before the workers fork
    ranges = [(s, min(s + chunk, first + games), sample, game)
              for s in range(first, first + games, chunk)]
    total = Tally()
    start = time.perf_counter()
    jobs = jobs or os.cpu_count() or 1
    last = start
    if jobs == 1:
        results: Any = map(play_range, ranges)
        pool = None
    else:
        pool = multiprocessing.get_context("fork").Pool(jobs)
        results = pool.imap_unordered(play_range, ranges)
    try:
        for part in results:
            total.add(part)
            now = time.perf_counter()
            if progress and now - last > 30:
                last = now
                done = total.games + total.crash_count
                print(f"  {done}/{games} games, {done / (now - start):.0f} games/s, "
                      f"{total.crash_count} crashes, {total.violation_count} violations",
                      file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return total, time.perf_counter() - start


def report(total: Tally, seconds: float, games: int, jobs: int, sample: int,
           game: str | None = None) -> str:
    n = len(configs_of(game))
    played = total.games + total.crash_count
    which = f"{len(game_ids())} game(s)" if game is None else game
    again = "" if game is None else f" --game {game}"
    lines = [
        f"soak: {played} games of {games} asked, {which}, {n} "
        f"configurations (players x options), {jobs or os.cpu_count()} jobs",
        f"  {seconds:.1f} s, {played / seconds if seconds else 0:.1f} games/s; "
        f"{total.turns} turns, {total.decisions} decisions; {total.wins} wins, "
        f"{total.draws} draws",
        f"  invariants checked after every step of {total.sampled} games (1 in {sample} of "
        f"each game's): {total.checked_states} states",
        f"  crashes: {total.crash_count}",
        f"  invariant violations: {total.violation_count}",
    ]
    for gid in (game_ids() if game is None else (game,)):
        counts = total.by_game.get(gid, Counts())
        varied = varied_options(gid)
        lines += [f"  {gid}: {counts.games + counts.crashes} games ({len(configs_of(gid))} "
                  f"configurations), {counts.checked_states} states checked in {counts.sampled} "
                  f"games; {counts.crashes} crashes, {counts.violations} violations",
                  f"    options varied: {', '.join(varied) or 'none'}; the others held at "
                  "their defaults"]
    for c in total.crashes:
        lines.append(f"  CRASH game {c['index']} (replay: python -m kot_rules.verify.soak "
                     f"--replay {c['index']}{again}): {c}")
    for v in total.violations:
        lines.append(f"  VIOLATION game {v['index']} (replay: python -m kot_rules.verify.soak "
                     f"--replay {v['index']}{again}): {v}")
    return "\n".join(lines)


def replay(index: int, game: str | None = None) -> int:
    tally = Tally()
    config = config_of(index, game)
    print(f"game {index}: seed {index}, {config.to_json()}")
    play_game(index, 1, tally, game)
    print(report(tally, 0.0, 1, 1, 1, game))
    return 1 if tally.crash_count or tally.violation_count else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kot_rules.verify.soak",
                                     description="Random games over every game, player "
                                     "count and option, checked on a sample.")
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=0, help="processes (0: one per core)")
    parser.add_argument("--sample", type=int, default=100,
                        help="check every invariant after every step of 1 game in SAMPLE "
                        "(0: none)")
    parser.add_argument("--first", type=int, default=0, help="the index of the first game")
    parser.add_argument("--replay", type=int, default=None, metavar="INDEX",
                        help="replay one game, checking every step")
    parser.add_argument("--game", default=None, metavar="ID",
                        help="play only this game's configurations (default: every game)")
    args = parser.parse_args(argv)
    if args.replay is not None:
        return replay(args.replay, args.game)
    total, seconds = soak(args.games, args.jobs, args.sample, args.first, game=args.game)
    print(report(total, seconds, args.games, args.jobs, args.sample, args.game))
    return 1 if total.crash_count or total.violation_count else 0


if __name__ == "__main__":
    sys.exit(main())
