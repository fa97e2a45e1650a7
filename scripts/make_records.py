"""Write the stored game records that tests/records/test_records.py replays.

Run it only when a change is meant to change how games play (a ruling, a card text),
and say so in the commit: every refactor or speed-up must replay these byte for byte.

    .venv/bin/python scripts/make_records.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "records"))

from record_cases import CASES, SUMMARY_CASES, play_case, summary_case  # noqa: E402

OUT = ROOT / "tests" / "records" / "data"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        (OUT / f"{case.name}.json").write_text(play_case(case) + "\n", encoding="utf-8")
    for summary in SUMMARY_CASES:
        text = json.dumps(summary_case(summary), sort_keys=True, indent=1)
        (OUT / f"{summary.name}.summary.json").write_text(text + "\n", encoding="utf-8")
    print(f"wrote {len(CASES)} records and {len(SUMMARY_CASES)} summaries to {OUT}")


if __name__ == "__main__":
    main()
