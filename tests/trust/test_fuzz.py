"""A short run of every fuzz target (the long one is `make fuzz`): no input makes the card
parser and checker, the scenario reader or the state reader raise anything but their
documented errors, or run past the watchdog."""

from __future__ import annotations

import os
import time
from typing import Any

import pytest
from fuzz_targets import TARGETS, Hang, Target, edit_bytes, mutate, watchdog
from hypothesis import HealthCheck, Phase, given, settings

EXAMPLES = int(os.environ.get("FUZZ_SHORT_EXAMPLES", "60"))
"""Inputs per target in the normal suite: a few seconds each."""


@pytest.mark.parametrize("target", TARGETS, ids=[t.name for t in TARGETS])
def test_fuzz_target(target: Target) -> None:
    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              phases=[Phase.generate, Phase.shrink],
              suppress_health_check=list(HealthCheck))
    @given(target.strategy)
    def run(value: Any) -> None:
        target.run(value)

    run()


def test_the_watchdog_catches_a_hang() -> None:
    start = time.perf_counter()
    with pytest.raises(Hang), watchdog(0.2):
        while True:
            pass
    assert time.perf_counter() - start < 2


def test_mutations_change_their_input() -> None:
    data = {"a": [1, 2, {"b": 3}], "c": "x"}
    assert mutate(data, [("set", "junk", 5)]) != data
    assert mutate(data, [("delete", None, 0)]) != data
    assert data == {"a": [1, 2, {"b": 3}], "c": "x"}  # the seed itself is untouched
    assert edit_bytes(b"abc", [("set", 1, 0x41)]) == b"aAc"
    assert edit_bytes(b"abc", [("insert", 0, 0x41)]) == b"Aabc"
    assert edit_bytes(b"abc", [("delete", 2, 0)]) == b"ab"
