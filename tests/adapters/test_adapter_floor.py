"""The adapters' benchmark and its floor (benchmarks/bench_adapters.py --floor): the floor
replays the very games each adapter played, costs less than the playout it bounds, and
the bound it gives is a ratio below 1. What the docs' Speed pages quote rests on these."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def bench() -> Any:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import bench_adapters
    finally:
        sys.path.remove(str(BENCHMARKS))
    return bench_adapters


class TestFloor:
    @pytest.mark.parametrize(("game", "players"), [("king-of-tokyo", 4), ("king-of-tokyo-duel", 2)])
    def test_the_floor_replays_the_games_played(self, bench: Any, game: str, players: int) -> None:
        out = bench.measure(game, players, games=3, repeat=1, seed=7, floor=True)
        for adapter in ("openspiel", "pettingzoo"):
            f = out["floor"][adapter]
            # measure() raises if the record's decisions differ from the playout's.
            assert 0 < f["floor_ms_per_game_cpu"] < f["playout_ms_per_game_cpu"], (adapter, f)
            assert 0 < f["bound_cpu"] < 1, (adapter, f)

    def test_a_record_of_other_games_is_refused(self, bench: Any) -> None:
        decisions = {"simulate": 10, "openspiel": 1, "pettingzoo": 1}
        measured = {"simulate": {"games_per_second_cpu": 100.0},
                    "openspiel": {"games_per_second_cpu": 10.0},
                    "pettingzoo": {"games_per_second_cpu": 10.0}}
        with pytest.raises(RuntimeError, match="recorded"):
            bench.floors("king-of-tokyo-duel", 2, 1, 1, 1, decisions, measured)
