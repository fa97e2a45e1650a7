"""Random playouts through the learning adapters against ``simulate``, side by side.

    python benchmarks/bench_adapters.py [--games 100] [--repeat 3] [--seed 1]
                                        [--game ID] [--breakdown] [--json]

For each game (King of Tokyo and King of New York with 4 monsters, Duel with 2), in
one process and one run, on the engine this process uses (pure, or compiled when
built):

- ``simulate``: ``kot_rules.simulation.play_games``, the loop behind ``kot-rules
  simulate`` (the driver's random agents, games with seeds S, S+1, ...);
- ``OpenSpiel``: ``pyspiel.load_game("python_kot_<id>", {"players": n})``; each game
  from ``new_initial_state()`` (the deal's chance nodes included) to the end: at a chance
  node one uniform number ``u`` and the first outcome of ``chance_outcomes()`` at which
  the running sum of probabilities passes ``u`` (OpenSpiel's own ``SampleAction`` rule,
  ``kot_rules.adapters.sampling.sample_outcome``);
  at a decision a uniform pick among ``legal_actions()``; then ``apply_action``;
- ``PettingZoo``: ``kot_rules.adapters.pettingzoo.env(game, n)`` (with PettingZoo's
  order and bounds wrappers), ``reset(seed=k)``, then ``agent_iter()``, ``last()`` and
  ``step`` with a uniform pick among the ids its ``action_mask`` allows (like any random
  agent it reads only the mask: the observation vectors are never written); ``PZ raw``:
  the same with the raw ``KotEnv`` (no wrappers).

The three play different games (each its own random picks) from the same distribution:
every legal decision equally likely, chance by its rules. Each repeat times the same
games (after a warm-up of a few games), the three measures interleaved; the best repeat
of each is reported in games per second of wall time and of this process's CPU time
(the CPU figure is steadier on a shared machine), with the adapters' ratios to
``simulate``, then the decisions per game of each and its ratio of decisions per second
(steadier than the games' ratio: a game's length varies much). ``--breakdown`` adds the
adapters' shared core (a table, picks among its legal ids), the PettingZoo playout reading
every observation vector as a learning agent does, and the callers' own work, timed
apart. A benchmark, not a test: figures depend on the machine and its load.
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

import adapter_floor
import numpy as np
import pyspiel  # type: ignore[import-untyped]

from kot_rules.adapters import openspiel as kot_openspiel
from kot_rules.adapters.pettingzoo import KotEnv
from kot_rules.adapters.pettingzoo import env as pettingzoo_env
from kot_rules.adapters.sampling import sample_outcome
from kot_rules.games import get as get_game
from kot_rules.native import status as engine_status
from kot_rules.simulation import play_games

GAMES: tuple[tuple[str, int], ...] = (
    ("king-of-tokyo", 4), ("king-of-tokyo-duel", 2), ("king-of-new-york", 4),
)  # fmt: skip
WARMUP = 3
BREAKDOWN_GAMES = 10
"""Games whose callers' work ``--breakdown`` times apart (their masks are all kept)."""


def simulate(game_id: str, players: int) -> Callable[[int, int], int]:
    game = get_game(game_id).new_game(players)

    def run(games: int, seed: int) -> int:
        return play_games(game, range(seed, seed + games)).decisions

    return run


def openspiel(game_id: str, players: int) -> Callable[[int, int], int]:
    game = pyspiel.load_game(kot_openspiel.short_name(game_id), {"players": players})

    def run(games: int, seed: int) -> int:
        rng = random.Random(f"bench-adapters/openspiel/{seed}")
        decisions = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    action = sample_outcome(state.chance_outcomes(), rng.random())
                else:
                    legal = state.legal_actions()
                    action = legal[int(rng.random() * len(legal))]
                    decisions += 1
                state.apply_action(action)
        return decisions

    return run


def pettingzoo(
    game_id: str, players: int, *, raw: bool = False, read: bool = False
) -> Callable[[int, int], int]:
    env = KotEnv(game_id, players) if raw else pettingzoo_env(game_id, players)

    def run(games: int, seed: int) -> int:
        rng = random.Random(f"bench-adapters/pettingzoo/{seed}")
        decisions = 0
        for k in range(games):
            env.reset(seed=seed + k)
            for _agent in env.agent_iter():
                obs, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                if read:  # a learning agent's policy reads the observation vector
                    obs["observation"]
                # The ids the mask allows (the 0/1 mask read as booleans: several times
                # faster than of the int8 numbers; the same ids).
                legal = obs["action_mask"].view(np.bool_).nonzero()[0]
                env.step(int(legal[int(rng.random() * len(legal))]))
                decisions += 1
        return decisions

    return run


def pettingzoo_raw(game_id: str, players: int) -> Callable[[int, int], int]:
    return pettingzoo(game_id, players, raw=True)


def core(game_id: str, players: int) -> Callable[[int, int], int]:
    """What both adapters run: a table (tree node, chance drawn from its generator), a
    uniform pick among its node's legal ids; no OpenSpiel, no PettingZoo, no mask."""
    table = KotEnv(game_id, players).table

    def run(games: int, seed: int) -> int:
        rng = random.Random(f"bench-adapters/core/{seed}")
        decisions = 0
        for k in range(games):
            table.reset(seed + k)
            node = table.node
            while not node.is_terminal():
                ids = node.decision_ids()
                table.step(ids[int(rng.random() * len(ids))])
                node = table.node
                decisions += 1
        return decisions

    return run


def callers_work(game_id: str, players: int, games: int, seed: int) -> dict[str, float]:
    """CPU seconds per game of what the callers of the playouts above do themselves, timed
    apart on what ``games`` games gave them: OpenSpiel's caller scanning each chance
    node's outcomes (``sample_outcome``), PettingZoo's finding the ids of each mask and
    picking one."""
    game = pyspiel.load_game(kot_openspiel.short_name(game_id), {"players": players})
    rng = random.Random(f"bench-adapters/callers/{seed}")
    lists: list[list[tuple[int, float]]] = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                lists.append(outcomes)
                state.apply_action(rng.choice(outcomes)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
    picks: list[int] = []
    start = time.process_time()
    for outcomes in lists:
        picks.append(sample_outcome(outcomes, rng.random()))
    sampling = time.process_time() - start
    env = KotEnv(game_id, players)
    masks = []
    for k in range(games):
        env.reset(seed=seed + k)
        while not env.node.is_terminal():
            mask = env.observe(env.agent_selection)["action_mask"]
            masks.append(mask)
            legal = mask.view(np.bool_).nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
    start = time.process_time()
    for mask in masks:
        legal = mask.view(np.bool_).nonzero()[0]
        picks.append(int(legal[int(rng.random() * len(legal))]))
    picking = time.process_time() - start
    return {"openspiel_sampling": sampling / games, "pettingzoo_mask_pick": picking / games}


MEASURES: tuple[tuple[str, Callable[[str, int], Callable[[int, int], int]]], ...] = (
    ("simulate", simulate), ("openspiel", openspiel), ("pettingzoo", pettingzoo),
    ("pettingzoo_raw", pettingzoo_raw),
)  # fmt: skip
ADAPTERS = ("openspiel", "pettingzoo", "pettingzoo_raw")


def measure(
    game_id: str,
    players: int,
    games: int,
    repeat: int,
    seed: int,
    breakdown: bool = False,
    floor: bool = False,
) -> dict[str, Any]:
    runs = {name: make(game_id, players) for name, make in MEASURES}
    if breakdown:
        runs["core"] = core(game_id, players)
        runs["pettingzoo_observed"] = pettingzoo(game_id, players, read=True)
    for run in runs.values():
        run(WARMUP, seed + 1_000_000)  # caches, imports
    wall: dict[str, list[float]] = {name: [] for name in runs}
    cpu: dict[str, list[float]] = {name: [] for name in runs}
    decisions: dict[str, int] = {}
    for _ in range(repeat):
        for name, run in runs.items():
            w, c = time.perf_counter(), time.process_time()
            decisions[name] = run(games, seed)  # the same games at every repeat
            cpu[name].append(time.process_time() - c)
            wall[name].append(time.perf_counter() - w)
    out: dict[str, Any] = {"game": game_id, "players": players, "games": games}
    for name in runs:
        out[name] = {
            "games_per_second_wall": games / min(wall[name]),
            "games_per_second_cpu": games / min(cpu[name]),
            "seconds_wall": wall[name],
            "seconds_cpu": cpu[name],
            "decisions": decisions[name],
            "decisions_per_second_cpu": decisions[name] / min(cpu[name]),
        }
    for name in runs:
        for clock in ("wall", "cpu"):
            key = f"games_per_second_{clock}"
            out[name][f"ratio_{clock}"] = out[name][key] / out["simulate"][key]
        out[name]["ratio_decisions_cpu"] = (
            out[name]["decisions_per_second_cpu"] / out["simulate"]["decisions_per_second_cpu"]
        )
    if breakdown:
        out["callers_cpu_seconds_per_game"] = callers_work(
            game_id, players, min(games, BREAKDOWN_GAMES), seed
        )
    if floor:
        out["floor"] = floors(game_id, players, games, repeat, seed, decisions, out)
    return out


def floors(
    game_id: str,
    players: int,
    games: int,
    repeat: int,
    seed: int,
    decisions: dict[str, int],
    measured: dict[str, Any],
) -> dict[str, Any]:
    """Each adapter's floor (``adapter_floor``) on the very games it played above, in ms of
    CPU time per game, and the ratio to ``simulate`` no adapter can pass: ``simulate /
    (floor + simulate)``, per decision (the adapter's games and simulate's are other random
    games, of other lengths; the floor's per decision cost is scaled to simulate's games)."""
    recorded = {
        "openspiel": adapter_floor.record_openspiel(game_id, players, games, seed),
        "pettingzoo": adapter_floor.record_pettingzoo(game_id, players, games, seed),
    }
    runs = {
        "openspiel": adapter_floor.openspiel_floor(game_id, players, recorded["openspiel"]),
        "pettingzoo": adapter_floor.pettingzoo_floor(game_id, players, recorded["pettingzoo"]),
    }
    simulate_ms = 1000 / measured["simulate"]["games_per_second_cpu"]
    simulate_length = decisions["simulate"] / games
    out: dict[str, Any] = {}
    for name, run in runs.items():
        replayed = sum(node[0] >= 0 for nodes in recorded[name] for node in nodes)
        if replayed != decisions[name]:  # the record must be of the games timed above
            raise RuntimeError(f"{name}: recorded {replayed} decisions, played {decisions[name]}")
        run(min(WARMUP, games))
        cpu = []
        for _ in range(repeat):
            c = time.process_time()
            run(games)
            cpu.append(time.process_time() - c)
        floor_ms = 1000 * min(cpu) / games
        scaled = floor_ms * simulate_length / (decisions[name] / games)
        out[name] = {
            "floor_ms_per_game_cpu": floor_ms,
            "floor_ms_per_simulate_game_cpu": scaled,
            "playout_ms_per_game_cpu": 1000 / measured[name]["games_per_second_cpu"],
            "simulate_ms_per_game_cpu": simulate_ms,
            "bound_cpu": simulate_ms / (scaled + simulate_ms),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench_adapters.py", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100, help="games per measure (default: 100)")
    p.add_argument("--repeat", type=int, default=3, help="repeats; the best (default: 3)")
    p.add_argument("--seed", type=int, default=1, help="first seed (default: 1)")
    p.add_argument("--game", action="append", help="only this game id (repeatable)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--breakdown",
        action="store_true",
        help="also time the adapters' shared core and the callers' own work",
    )
    p.add_argument(
        "--floor",
        action="store_true",
        help="also time each adapter's floor: its machinery around a null game",
    )
    args = p.parse_args(argv)
    if args.games < 1 or args.repeat < 1:
        p.error("--games and --repeat must be at least 1")
    load = os.getloadavg()
    start = time.perf_counter()
    results = [
        measure(gid, n, args.games, args.repeat, args.seed, args.breakdown, args.floor)
        for gid, n in GAMES
        if not args.game or gid in args.game
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
    print(
        f"engine {report['engine']}, {report['python']}, {args.games} games x "
        f"{args.repeat}, best repeat; 1-minute load average before {load[0]:.2f}, "
        f"after {report['load_average_after'][0]:.2f}"
    )
    print(
        f"{'game (monsters)':24} {'clock':5} {'simulate':>9} {'OpenSpiel':>10} {'ratio':>6}"
        f" {'PettingZoo':>11} {'ratio':>6} {'PZ raw':>8} {'ratio':>6}   (games/s)"
    )
    for r in results:
        for clock in ("wall", "cpu"):
            key, ratio = f"games_per_second_{clock}", f"ratio_{clock}"
            print(
                f"{r['game'] + ' (' + str(r['players']) + ')':24} {clock:5} "
                f"{r['simulate'][key]:9.1f} "
                + " ".join(
                    f"{r[a][key]:{w}.1f} {r[a][ratio]:6.2f}"
                    for a, w in zip(ADAPTERS, (10, 11, 8), strict=True)
                )
            )
    print(
        "decisions per game, and decisions per second of CPU time as a ratio to simulate's"
        " (games of one kind differ much in length: steadier than the games' ratio)"
    )
    for r in results:
        print(
            f"{r['game'] + ' (' + str(r['players']) + ')':24} "
            + "; ".join(
                f"{name} {r[name]['decisions'] / r['games']:.0f}"
                + ("" if name == "simulate" else f" ({r[name]['ratio_decisions_cpu']:.2f})")
                for name in ("simulate", *ADAPTERS)
            )
        )
    if args.breakdown:
        print(
            "per game, ms of CPU time: simulate; the adapters' core (table, picks among"
            " the legal ids); each adapter's playout and, timed apart, its caller's own"
            " work in it (OpenSpiel: scanning chance outcomes; PettingZoo: the mask's ids"
            " and the pick)"
        )
        for r in results:
            ms = {
                name: 1000 / r[name]["games_per_second_cpu"]
                for name in ("simulate", "core", "openspiel", "pettingzoo", "pettingzoo_observed")
            }
            caller = r["callers_cpu_seconds_per_game"]
            print(
                f"{r['game'] + ' (' + str(r['players']) + ')':24} simulate "
                f"{ms['simulate']:.2f}; core {ms['core']:.2f} "
                f"({r['core']['ratio_cpu']:.2f}); OpenSpiel {ms['openspiel']:.2f}, "
                f"caller {1000 * caller['openspiel_sampling']:.2f}; PettingZoo "
                f"{ms['pettingzoo']:.2f}, caller {1000 * caller['pettingzoo_mask_pick']:.2f}"
                f"; PettingZoo reading every observation vector too "
                f"{ms['pettingzoo_observed']:.2f} ({r['pettingzoo_observed']['ratio_cpu']:.2f})"
            )
    if args.floor:
        print(
            "floor: each adapter's playout of the same games with a game that costs nothing"
            " (OpenSpiel's and PettingZoo's machinery, the caller's sampling and picks;"
            " benchmarks/adapter_floor.py), ms of CPU time per game, and the highest ratio to"
            " simulate an adapter can reach, simulate / (floor + simulate), the floor scaled"
            " to simulate's decisions per game"
        )
        for r in results:
            f = r["floor"]
            print(
                f"{r['game'] + ' (' + str(r['players']) + ')':24} simulate "
                f"{f['openspiel']['simulate_ms_per_game_cpu']:.2f}; "
                + "; ".join(
                    f"{label} {f[name]['playout_ms_per_game_cpu']:.2f}, floor "
                    f"{f[name]['floor_ms_per_game_cpu']:.2f}, at most "
                    f"{f[name]['bound_cpu']:.2f}"
                    for name, label in (("openspiel", "OpenSpiel"), ("pettingzoo", "PettingZoo"))
                )
            )
    print(f"({report['seconds']:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
