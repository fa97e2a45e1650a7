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

from record_cases import (  # noqa: E402  (the cases live beside the test that replays them)
    CASES,
    SUMMARY_CASES,
    play_case,
    summary_case,
    verify_results,
)

OUT = ROOT / "tests" / "records" / "data"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        (OUT / f"{case.name}.json").write_text(play_case(case) + "\n", encoding="utf-8")
    for summary in SUMMARY_CASES:
        text = json.dumps(summary_case(summary), sort_keys=True, indent=1)
        (OUT / f"{summary.name}.summary.json").write_text(text + "\n", encoding="utf-8")
    text = json.dumps(verify_results(), sort_keys=True, indent=1, ensure_ascii=False)
    (OUT / "verify-results.json").write_text(text + "\n", encoding="utf-8")
    print(f"wrote {len(CASES)} records and {len(SUMMARY_CASES)} summaries and the proofs to {OUT}")


if __name__ == "__main__":
    main()
