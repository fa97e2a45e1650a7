"""Each of the 18 card clarifications of the Polish rulebook's appendix (``001 §DODATEK``;
the list is in the rules digest, section 1) is shown by a scenario tagged
``clarification-N``, and every such scenario passes."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from kot_rules.scenarios.loader import read_scenario
from kot_rules.scenarios.runner import run_paths

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "spec" / "scenarios"
FILES = sorted(p for p in SCENARIOS.rglob("*") if p.suffix in (".yaml", ".yml"))
CLARIFICATIONS = range(1, 19)
TAG = re.compile(r"clarification-(\d+)")

PENDING: dict[int, str] = {}
"""Clarifications allowed to have no scenario yet, and why (number -> reason). Empty it as
they are covered: a pending number that a scenario covers fails the test. (3 and 16, Mimic,
were pending until the mimic-*.yaml scenarios came.)"""


def _tagged() -> dict[int, list[Path]]:
    """Clarification number -> the scenario files tagged ``clarification-N``."""
    out: dict[int, list[Path]] = defaultdict(list)
    for path in FILES:
        for tag in read_scenario(path).tags:
            match = TAG.fullmatch(tag)
            if match:
                out[int(match.group(1))].append(path)
    return dict(out)


@pytest.fixture(scope="module")
def tagged() -> dict[int, list[Path]]:
    return _tagged()


class TestCoverage:
    def test_every_clarification_has_a_scenario(self, tagged: dict[int, list[Path]]) -> None:
        missing = [n for n in CLARIFICATIONS if n not in tagged and n not in PENDING]
        assert not missing, f"no scenario is tagged clarification-N for N in {missing}"

    def test_pending_ones_are_really_uncovered(self, tagged: dict[int, list[Path]]) -> None:
        covered = {n: [p.name for p in tagged[n]] for n in PENDING if n in tagged}
        assert not covered, f"covered now, remove them from PENDING: {covered}"

    def test_pending_numbers_are_clarifications(self) -> None:
        assert set(PENDING) <= set(CLARIFICATIONS)


class TestTags:
    def test_numbers_are_in_range(self, tagged: dict[int, list[Path]]) -> None:
        assert set(tagged) <= set(CLARIFICATIONS)

    def test_numbered_tag_comes_with_the_plain_one(self, tagged: dict[int, list[Path]]) -> None:
        paths = {p for ps in tagged.values() for p in ps}
        lacking = [p.name for p in sorted(paths) if "clarification" not in read_scenario(p).tags]
        assert not lacking


class TestTaggedScenariosPass:
    def test_they_pass(self, tagged: dict[int, list[Path]]) -> None:
        paths = sorted({p for ps in tagged.values() for p in ps})
        report = run_paths(paths)
        assert report.errors == [], "\n".join(report.errors)
        failed = [f"{r.line()}\n{r.details()}" for r in report.results if not r.ok]
        assert not failed, "\n".join(failed)
        assert len(report.results) == len(paths)
