"""Write docs/data/balance.json: the balance figures of every built-in card, for the site.

Run it when a change is meant to change how games play (a ruling, a card text, an agent);
tests/site/test_balance_table.py fails until then. The parameters (players, agent, seeds)
are in kot_rules/site/balance_table.py.

    .venv/bin/python scripts/make_balance_table.py [--jobs N]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from kot_rules.site import balance_table

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / balance_table.DATA


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=0,
                        help="worker processes, 0 for one per core (default: 0)")
    args = parser.parse_args()
    start = time.perf_counter()
    data = balance_table.make(args.jobs)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(balance_table.dumps(data), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {data['summary']['games']} games in "
          f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
