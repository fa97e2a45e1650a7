"""Random playouts through the learning adapters against ``simulate``, side by side.

    python benchmarks/bench_adapters.py [--games 100] [--repeat 3] [--seed 1] [--json]

For each game (King of Tokyo and King of New York with 4 monsters, Duel with 2), in
one process and one run, on the engine this process uses (pure, or compiled when
built):

- ``simulate``: ``kot_rules.simulation.play_games``, the loop behind ``kot-rules
  simulate`` (the driver's random agents, games with seeds S, S+1, ...);
- ``OpenSpiel``: ``pyspiel.load_game("python_kot_<id>", {"players": n})``; each game
  from ``new_initial_state()`` (the deal's chance nodes included) to the end: at a chance
  node one uniform number ``u`` and the first outcome of ``chance_outcomes()`` at which
  the running sum of probabilities passes ``u`` (OpenSpiel's own ``SampleAction`` rule);
  at a decision a uniform pick among ``legal_actions()``; then ``apply_action``;
- ``PettingZoo``: ``kot_rules.adapters.pettingzoo.env(game, n)`` (with PettingZoo's
  order and bounds wrappers), ``reset(seed=k)``, then ``agent_iter()``, ``last()`` and
  ``step`` with a uniform pick among the ids its ``action_mask`` allows; ``PZ raw``: the
  same with the raw ``KotEnv`` (no wrappers).

The three play different games (each its own random picks) from the same distribution:
every legal decision equally likely, chance by its rules. Each repeat times the same
games (after a warm-up of a few games), the three measures interleaved; the best repeat
of each is reported in games per second of wall time and of this process's CPU time
(the CPU figure is steadier on a shared machine), with the adapters' ratios to
``simulate``. A benchmark, not a test: figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped]

from kot_rules.adapters import openspiel as kot_openspiel
from kot_rules.adapters.pettingzoo import KotEnv
from kot_rules.adapters.pettingzoo import env as pettingzoo_env
from kot_rules.games import get as get_game
from kot_rules.native import status as engine_status
from kot_rules.simulation import play_games

GAMES: tuple[tuple[str, int], ...] = (
    ("king-of-tokyo", 4), ("king-of-tokyo-duel", 2), ("king-of-new-york", 4),
)  # fmt: skip
WARMUP = 3


def simulate(game_id: str, players: int) -> Callable[[int, int], None]:
    game = get_game(game_id).new_game(players)

    def run(games: int, seed: int) -> None:
        play_games(game, range(seed, seed + games))

    return run


def openspiel(game_id: str, players: int) -> Callable[[int, int], None]:
    game = pyspiel.load_game(kot_openspiel.short_name(game_id), {"players": players})

    def run(games: int, seed: int) -> None:
        rng = random.Random(f"bench-adapters/openspiel/{seed}")
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    u = rng.random()
                    action = outcomes[-1][0]  # if rounding leaves u above the sum
                    for a, p in outcomes:
                        u -= p
                        if u < 0:
                            action = a
                            break
                else:
                    legal = state.legal_actions()
                    action = legal[int(rng.random() * len(legal))]
                state.apply_action(action)

    return run


def pettingzoo(game_id: str, players: int, *, raw: bool = False) -> Callable[[int, int], None]:
    env = KotEnv(game_id, players) if raw else pettingzoo_env(game_id, players)

    def run(games: int, seed: int) -> None:
        rng = random.Random(f"bench-adapters/pettingzoo/{seed}")
        for k in range(games):
            env.reset(seed=seed + k)
            for _agent in env.agent_iter():
                obs, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                # The ids the mask allows (np.flatnonzero of the 0/1 mask read as booleans,
                # several times faster than of the int8 numbers; the same ids).
                legal = np.flatnonzero(obs["action_mask"].view(np.bool_))
                env.step(int(legal[int(rng.random() * len(legal))]))

    return run


def pettingzoo_raw(game_id: str, players: int) -> Callable[[int, int], None]:
    return pettingzoo(game_id, players, raw=True)


MEASURES: tuple[tuple[str, Callable[[str, int], Callable[[int, int], None]]], ...] = (
    ("simulate", simulate), ("openspiel", openspiel), ("pettingzoo", pettingzoo),
    ("pettingzoo_raw", pettingzoo_raw),
)  # fmt: skip
ADAPTERS = ("openspiel", "pettingzoo", "pettingzoo_raw")


def measure(game_id: str, players: int, games: int, repeat: int, seed: int) -> dict[str, Any]:
    runs = {name: make(game_id, players) for name, make in MEASURES}
    for run in runs.values():
        run(WARMUP, seed + 1_000_000)  # caches, imports
    wall: dict[str, list[float]] = {name: [] for name in runs}
    cpu: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            w, c = time.perf_counter(), time.process_time()
            run(games, seed)
            cpu[name].append(time.process_time() - c)
            wall[name].append(time.perf_counter() - w)
    out: dict[str, Any] = {"game": game_id, "players": players, "games": games}
    for name in runs:
        out[name] = {
            "games_per_second_wall": games / min(wall[name]),
            "games_per_second_cpu": games / min(cpu[name]),
            "seconds_wall": wall[name],
            "seconds_cpu": cpu[name],
        }
    for name in ADAPTERS:
        for clock in ("wall", "cpu"):
            key = f"games_per_second_{clock}"
            out[name][f"ratio_{clock}"] = out[name][key] / out["simulate"][key]
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench_adapters.py", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100, help="games per measure (default: 100)")
    p.add_argument("--repeat", type=int, default=3, help="repeats; the best (default: 3)")
    p.add_argument("--seed", type=int, default=1, help="first seed (default: 1)")
    p.add_argument("--game", action="append", help="only this game id (repeatable)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    if args.games < 1 or args.repeat < 1:
        p.error("--games and --repeat must be at least 1")
    load = os.getloadavg()
    start = time.perf_counter()
    results = [
        measure(gid, n, args.games, args.repeat, args.seed)
        for gid, n in GAMES if not args.game or gid in args.game
    ]
    report = {
        "engine": engine_status().to_json()["engine"],
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "load_average_before": load,
        "load_average_after": os.getloadavg(),
        "seconds": time.perf_counter() - start,
        "results": results,
    }
    if args.json:
        json.dump(report, sys.stdout, indent=1)
        print()
        return 0
    print(f"engine {report['engine']}, {report['python']}, {args.games} games x "
          f"{args.repeat}, best repeat; 1-minute load average before {load[0]:.2f}, "
          f"after {report['load_average_after'][0]:.2f}")
    print(f"{'game (monsters)':24} {'clock':5} {'simulate':>9} {'OpenSpiel':>10} {'ratio':>6}"
          f" {'PettingZoo':>11} {'ratio':>6} {'PZ raw':>8} {'ratio':>6}   (games/s)")
    for r in results:
        for clock in ("wall", "cpu"):
            key, ratio = f"games_per_second_{clock}", f"ratio_{clock}"
            print(f"{r['game'] + ' (' + str(r['players']) + ')':24} {clock:5} "
                  f"{r['simulate'][key]:9.1f} "
                  + " ".join(f"{r[a][key]:{w}.1f} {r[a][ratio]:6.2f}"
                             for a, w in zip(ADAPTERS, (10, 11, 8), strict=True)))
    print(f"({report['seconds']:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
