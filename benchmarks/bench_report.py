"""`make bench`: games/s and decisions/s of every registered game, pure and compiled engine,
full deck and base rules, and the speed-up of ``simulate --jobs 2`` over ``--jobs 1``.

    python benchmarks/bench_report.py [--games 1000] [--repeat 3] [--sim-games 4000]

Each figure comes from a fresh process (``bench_games.py --json``), with
``KOT_RULES_PURE=1`` for the pure engine; the compiled engine is measured only when
``make compiled`` has built it and it is fresh. The full-deck / base-rules ratio and
the --jobs speed-up are ratios of the same hour, so they compare across hours and
machines better than the raw figures. A benchmark, not a test: nothing here fails.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from kot_rules.games import definitions  # noqa: E402
from kot_rules.native import PURE_ENV, read_build  # noqa: E402

PLAYERS = 4
"""Monsters per game, or the game's most when it seats fewer."""


def run(args: list[str], pure: bool) -> str:
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    if pure:
        env[PURE_ENV] = "1"
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True,
                          check=True, cwd=ROOT).stdout


def bench(game: str, players: int, games: int, repeat: int, pure: bool,
          base: bool) -> dict[str, Any]:
    args = [str(HERE / "bench_games.py"), "--json", "--game", game, "--players", str(players),
            "--games", str(games), "--repeat", str(repeat), "--seed", "1"]
    result: dict[str, Any] = json.loads(run([*args, "--base-rules"] if base else args, pure))
    return result


def simulate_seconds(jobs: int, games: int, pure: bool) -> float:
    start = time.perf_counter()
    run(["-m", "kot_rules.surfaces.cli", "simulate", "--players", str(PLAYERS), "--games",
         str(games), "--seed", "1", "--jobs", str(jobs), "--json"], pure)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench_report.py", description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=1000, help="games per repeat (default: 1000)")
    p.add_argument("--repeat", type=int, default=3, help="repeats, best kept (default: 3)")
    p.add_argument("--sim-games", type=int, default=4000,
                   help="games of the simulate --jobs comparison (default: 4000)")
    args = p.parse_args(argv)
    build, reason = read_build()
    engines = [("pure", True)] + ([("compiled", False)] if build is not None else [])
    print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
          f"| load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores",
          f"| {args.games} games x {args.repeat}, best repeat")
    if build is None:
        print(f"compiled engine: not measured ({reason})")
    # Every registered game in its own rows (King of Tokyo, King of Tokyo: Duel, ...).
    width = max(len(f"{d.id} p{min(PLAYERS, d.max_players)}") for d in definitions()) + 2
    print(f"{'game':<{width}}{'engine':<10}{'deck':<6}{'games/s':>10}{'decisions/s':>13}"
          f"{'full/base':>11}{'vs pure':>9}")
    for d in definitions():
        players = min(PLAYERS, d.max_players)
        pure_full = 0.0
        for engine, pure in engines:
            full = bench(d.id, players, args.games, args.repeat, pure, base=False)
            base = bench(d.id, players, args.games, args.repeat, pure, base=True)
            gps = full["games_per_second_best"]
            pure_full = gps if pure else pure_full
            name = f"{d.id} p{players}"
            for label, r in (("full", full), ("base", base)):
                ratio = (f"{gps / base['games_per_second_best']:>11.2f}" if label == "full"
                         else f"{'':>11}")
                speed = (f"{gps / pure_full:>8.2f}x" if label == "full" and not pure
                         else f"{'':>9}")
                print(f"{name:<{width}}{engine:<10}{label:<6}{r['games_per_second_best']:>10,.0f}"
                      f"{r['decisions_per_second_best']:>13,.0f}{ratio}{speed}")
    engine, pure = engines[-1]
    one = simulate_seconds(1, args.sim_games, pure)
    two = simulate_seconds(2, args.sim_games, pure)
    print(f"simulate --players {PLAYERS} --games {args.sim_games} ({engine} engine, wall time "
          f"with start-up): --jobs 1 {one:.1f} s, --jobs 2 {two:.1f} s, "
          f"speed-up {one / two:.2f}x")
    cli = HERE / "bench_cli.py"
    if cli.is_file():
        print(run([str(cli)], pure=False), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
