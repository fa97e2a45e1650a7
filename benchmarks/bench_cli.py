"""Start-up and ``kot-rules check`` timings, with the on-disk cache cold and warm.

Prints, for each command line, the median wall time and the median CPU time (user +
system, of the child process) over ``--repeats`` runs, beside the floor of the machine
(``python -c pass``), so that figures from different hours compare. A cold run uses an
empty cache folder each time; a warm run reuses the folder the cold runs filled. A
benchmark, not a test: nothing fails on a slow machine.

    python benchmarks/bench_cli.py [--repeats 5] [--cold-repeats 1]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _kot_rules() -> list[str]:
    script = Path(sys.executable).with_name("kot-rules")
    return [str(script)] if script.exists() else [sys.executable, "-m", "kot_rules.surfaces.cli"]


def _once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def measure(argv: list[str], repeats: int, cache: Path | None) -> tuple[float, float]:
    """Median wall and CPU seconds; ``cache`` None: a fresh empty cache folder each run."""
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(repeats):
        env = {k: v for k, v in os.environ.items() if k != "KOT_RULES_NO_CACHE"}
        with tempfile.TemporaryDirectory(prefix="kot-rules-bench-") as fresh:
            env["KOT_RULES_CACHE_DIR"] = str(cache or fresh)
            wall, cpu = _once(argv, env)
        walls.append(wall)
        cpus.append(cpu)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs per warm line (median)")
    parser.add_argument("--cold-repeats", type=int, default=1,
                        help="runs per cold line (a cold check runs every proof: seconds)")
    args = parser.parse_args()
    cli = _kot_rules()
    rows: list[tuple[str, float, float]] = []
    with tempfile.TemporaryDirectory(prefix="kot-rules-bench-warm-") as folder:
        warm = Path(folder)
        lines: list[tuple[str, list[str], Path | None, int]] = [
            ("python -c pass (the floor)", [sys.executable, "-c", "pass"], warm, args.repeats),
            ("kot-rules --help", [*cli, "--help"], warm, args.repeats),
            ("kot-rules check --help", [*cli, "check", "--help"], warm, args.repeats),
            ("kot-rules games", [*cli, "games"], warm, args.repeats),
            ("kot-rules check (cold cache)", [*cli, "check"], None, args.cold_repeats),
            ("kot-rules check (warm cache)", [*cli, "check"], warm, args.repeats),
            ("kot-rules check --json (warm cache)", [*cli, "check", "--json"], warm,
             args.repeats),
            ("kot-rules cards list (cold cache)", [*cli, "cards", "list"], None,
             args.cold_repeats),
            ("kot-rules cards list (warm cache)", [*cli, "cards", "list"], warm, args.repeats),
        ]
        for label, argv, cache, repeats in lines:
            if cache is warm:  # one untimed run fills the cache (and the OS's file cache)
                _once(argv, {**os.environ, "KOT_RULES_CACHE_DIR": str(warm)})
            wall, cpu = measure(argv, repeats, cache)
            rows.append((label, wall, cpu))
    width = max(len(label) for label, _, _ in rows)
    print(f"{'command':<{width}}  {'wall s':>7}  {'cpu s':>7}")
    for label, wall, cpu in rows:
        print(f"{label:<{width}}  {wall:7.3f}  {cpu:7.3f}")


if __name__ == "__main__":
    main()
