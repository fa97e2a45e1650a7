"""tokyo-bench through its kot-conform adapter (conformance/peers/tokyo-bench): it says hello
for King of Tokyo without cards, energy or the Bay; a sample of scenarios ends as the full
report says (docs/conform/tokyo-bench.md); its four differences reproduce, through the
runner and by hand on its own code."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from peer_helpers import (
    ADAPTERS,
    check_page_totals,
    hello_of,
    need,
    peers_dir,
    reason,
    repro_lines,
    run_sample,
)

GAME = "king-of-tokyo"


@pytest.fixture(scope="module")
def adapter() -> list[str]:
    peers = peers_dir()
    need(None if peers is None else peers / "tokyo-bench", "tokyo-bench")
    return [sys.executable, str(ADAPTERS / "tokyo-bench" / "adapter.py")]


def test_hello_declares_what_tokyo_bench_models(adapter: list[str]) -> None:
    hello = hello_of(adapter)
    assert hello.name == "tokyo-bench"
    support = hello.support(GAME)
    assert support is not None
    assert support.cards == frozenset()  # no cards: any scenario naming one is unsupported
    assert dict(support.options) == {"tokyo_bay": (False,)}
    assert "buy" not in support.actions and "monsters.energy" not in support.fields
    assert {"events", "monsters.place", "waiting_for"} <= support.fields


SAMPLE = {
    # Its rules agree with ours: attacks, yields, healing, the next monster, a refusal.
    "tokyo/yield-attacker-takes-city.yaml": "pass",
    "attack/from-tokyo-hits-all-outside.yaml": "pass",
    "dice/no-healing-in-tokyo.yaml": "pass",
    "turn/next-monster-skips-eliminated.yaml": "pass",
    "refusals/roll-only-the-dice-thrown.yaml": "pass",
    # The four differences.
    "dice/three-of-a-number.yaml": "fail",
    "end/twenty-stars-wins.yaml": "fail",
    "end/win-declared-at-end-of-turn.yaml": "fail",
    "tokyo/killed-in-tokyo-leaves-tokyo.yaml": "fail",
    # What it does not model: cards, the Bay.
    "cards/acid-attack.yaml": "unsupported",
    "bay/bay-hits-outside-not-city.yaml": "unsupported",
}


def test_a_sample_of_scenarios_through_the_runner(adapter: list[str], tmp_path: Path) -> None:
    report = run_sample(GAME, adapter, SAMPLE, tmp_path / "traffic.log")
    # Each difference fails where the reference engine says it should.
    assert "Gigazaur.stars: expected 3, got 4" in reason(report, "three-of-a-number.yaml")
    assert "Gigazaur.stars: expected 21, got 20" in reason(report, "twenty-stars-wins.yaml")
    assert "outcome: expected None, got {'winner': 'Gigazaur'}" in reason(
        report, "win-declared-at-end-of-turn.yaml")
    assert "Kraken.place: expected 'outside', got 'city'" in reason(
        report, "killed-in-tokyo-leaves-tokyo.yaml")
    assert "card acid-attack" in reason(report, "acid-attack.yaml")
    assert "tokyo_bay=true" in reason(report, "bay-hits-outside-not-city.yaml")


def test_the_differences_reproduce_on_its_own_code(adapter: list[str]) -> None:
    cases = repro_lines([adapter[0], str(ADAPTERS / "tokyo-bench" / "repro.py")])
    assert set(cases) == {
        "enters-an-empty-tokyo-without-a-claw", "stars-stop-at-twenty",
        "wins-during-the-turn", "killed-in-tokyo-stays-in-tokyo",
    }
    assert all(c["holds"] for c in cases.values()), cases


def test_the_page_gives_the_reports_totals() -> None:
    check_page_totals("tokyo-bench.king-of-tokyo.json", "tokyo-bench.md")
