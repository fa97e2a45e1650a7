"""The long fuzz run (`make fuzz`): every target of tests/trust/fuzz_targets.py, in chunks
of seeded Hypothesis runs, printing inputs tried, failures, hangs and time per target.

    python scripts/fuzz.py --inputs 100000 [--seed 0] [--chunk 1000] [--only TEXT,...]

The inputs are shared evenly among the targets. A failing chunk is shrunk by Hypothesis
and its smallest input printed; the run goes on with the next chunk. Exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "trust"))

from fuzz_targets import TARGETS, Hang, Target
from hypothesis import HealthCheck, Phase, given, seed, settings


def run_target(target: Target, inputs: int, chunk: int, base_seed: int) -> dict[str, Any]:
    tried = 0
    failures: list[str] = []
    hangs = 0
    start = time.perf_counter()
    done = 0
    index = 0
    while done < inputs:
        size = min(chunk, inputs - done)

        def counted(value: Any) -> None:
            nonlocal tried
            tried += 1
            target.run(value)

        test = settings(max_examples=size, deadline=None, database=None,
                        phases=[Phase.generate, Phase.shrink], report_multiple_bugs=False,
                        suppress_health_check=list(HealthCheck))(
            given(target.strategy)(counted))
        test = seed(base_seed * 1_000_003 + index)(test)
        try:
            test()
        except Hang as exc:
            hangs += 1
            failures.append(f"hang: {exc}")
        except Exception as exc:  # a failure: Hypothesis has shrunk it and says the input
            # The input is in the notes Hypothesis adds; the last frames say where it broke.
            notes = "\n".join(getattr(exc, "__notes__", ()))
            where = "".join(traceback.format_exception(exc)[-6:])
            failures.append(f"{type(exc).__name__}: {str(exc)[:2000]}\n{notes[:4000]}\n{where}")
        done += size
        index += 1
        print(f"  {target.name}: {done}/{inputs} chunks' inputs, {tried} calls, "
              f"{len(failures)} failures, {time.perf_counter() - start:.0f} s",
              file=sys.stderr, flush=True)
    return {"target": target.name, "inputs": done, "calls": tried, "failures": failures,
            "hangs": hangs, "seconds": time.perf_counter() - start}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000, help="inputs in all targets")
    parser.add_argument("--chunk", type=int, default=1000, help="inputs per seeded run")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="",
                        help="run the targets whose name has one of these (comma-separated)")
    args = parser.parse_args(argv)
    wanted = args.only.split(",")
    targets = [t for t in TARGETS if any(w in t.name for w in wanted)]
    each = max(1, args.inputs // len(targets))
    rows = [run_target(t, each, args.chunk, args.seed) for t in targets]
    print(f"{'target':42} {'inputs':>8} {'calls':>8} {'fail':>5} {'hang':>5} "
          f"{'seconds':>8} {'per input':>10}")
    for r in rows:
        per = r["seconds"] / max(1, r["calls"]) * 1000
        print(f"{r['target']:42} {r['inputs']:>8} {r['calls']:>8} {len(r['failures']):>5} "
              f"{r['hangs']:>5} {r['seconds']:>8.1f} {per:>8.2f}ms")
    total = sum(r["inputs"] for r in rows)
    calls = sum(r["calls"] for r in rows)
    failed = sum(len(r["failures"]) for r in rows)
    hangs = sum(r["hangs"] for r in rows)
    seconds = sum(r["seconds"] for r in rows)
    print(f"{'total':42} {total:>8} {calls:>8} {failed:>5} {hangs:>5} {seconds:>8.1f}")
    for r in rows:
        for f in r["failures"]:
            print(f"\nFAILURE in {r['target']}:\n{f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
