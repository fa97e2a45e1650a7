"""The toy engine of docs/conform/index.md, under test through its adapter: the dice
scenarios it can be asked all pass, the others are unsupported (never failures), and the
page quotes what a run prints."""

from __future__ import annotations

import sys
from collections import Counter

from conform_helpers import ROOT, SCENARIOS

from kot_rules.conform.runner import run_conformance

ADAPTER = ROOT / "docs" / "conform" / "toy_adapter.py"
PAGE = ROOT / "docs" / "conform" / "index.md"


def _kind(reason: str) -> str:
    words = reason.split()
    return f"field {words[-1]}" if words[0] == "expectation" else words[0]


def test_the_toy_engine_passes_what_it_can_be_asked() -> None:
    report = run_conformance("king-of-tokyo", [sys.executable, str(ADAPTER)],
                             [SCENARIOS / "king-of-tokyo"])
    totals = report.totals()
    assert report.ok and report.errors == []
    assert totals["fail"] == 0 and totals["engine-error"] == 0
    assert totals["pass"] >= 7  # the dice, entering Tokyo, two refusals
    why = Counter(_kind(r.reason) for r in report.results if r.status == "unsupported")
    assert set(why) >= {"card", "field events", "option"}
    assert report.engine == {"name": "toy-tokyo", "version": "1"}
    # the page quotes a run's last line (new scenarios change the counts: update it)
    line = report.text().splitlines()[-1]
    assert line in PAGE.read_text(encoding="utf-8"), line
