"""Stored game records, made before a refactor, replay byte for byte after it.

A failure here means a change altered how seeded games play. If that was the point
(a ruling, a card text), regenerate with `scripts/make_records.py` and say so in the
commit; a refactor or a speed-up must never need that.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from record_cases import (
    CASES,
    SUMMARY_CASES,
    Case,
    SummaryCase,
    play_case,
    summary_case,
    verify_results,
)

DATA = Path(__file__).parent / "data"


class TestStoredRecords:
    @pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
    def test_replays_byte_for_byte(self, case: Case) -> None:
        stored = (DATA / f"{case.name}.json").read_text(encoding="utf-8")
        assert play_case(case) + "\n" == stored

    @pytest.mark.parametrize("case", SUMMARY_CASES, ids=lambda c: c.name)
    def test_many_games_end_the_same(self, case: SummaryCase) -> None:
        stored = json.loads((DATA / f"{case.name}.summary.json").read_text(encoding="utf-8"))
        assert summary_case(case) == stored

    def test_every_player_count_is_stored(self) -> None:
        assert {c.players for c in CASES} == {2, 3, 4, 5, 6}
        assert all((DATA / f"{c.name}.json").is_file() for c in CASES)


class TestStoredProofs:
    def test_same_invariants_for_the_same_transitions(self) -> None:
        stored = json.loads((DATA / "verify-results.json").read_text(encoding="utf-8"))
        assert verify_results() == stored
