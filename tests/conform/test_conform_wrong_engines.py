"""Wrong engines are caught: the reference engine with one rule broken fails the scenarios
of that rule and the report names it; an engine that crashes, falls silent, writes garbage
or answers the wrong request is an engine error for that scenario, and the run goes on."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from conform_helpers import OWN, SCENARIOS, fake_engine

from kot_rules.conform.breaks import BREAKS
from kot_rules.conform.runner import START_ATTEMPTS, run_conformance

WHERE = {
    "end.must-survive": SCENARIOS / "king-of-tokyo" / "end",
    "turn.start-in-tokyo": SCENARIOS / "king-of-tokyo" / "turn",
    "duel.end.spotlight": SCENARIOS / "king-of-tokyo-duel" / "victory",
    "kony.manhattan.zone-rewards": SCENARIOS / "king-of-new-york" / "manhattan",
}
"""For each break, the scenario folder that holds its rule's scenarios (the whole suite of
its game passes through the unbroken engine: test_conform_own.py)."""


class TestBrokenRules:
    def test_every_break_has_a_folder(self) -> None:
        assert set(WHERE) == set(BREAKS)

    @pytest.mark.parametrize("rule", sorted(BREAKS))
    def test_the_broken_rule_is_caught_and_named(self, rule: str) -> None:
        b = BREAKS[rule]
        report = run_conformance(b.game, [*OWN, "--break", rule], [WHERE[rule]])
        assert not report.ok
        failed = [r for r in report.results if r.status == "fail"]
        assert failed and all(r.status in ("pass", "fail") for r in report.results)
        assert report.by_rule()[rule]["fail"] >= 1, report.text()
        assert any(rule in r.rules for r in failed)
        assert report.engine is not None and rule in report.engine["name"]
        text = report.text()
        assert f"FAIL {failed[0].path}" in text and "first difference" in text

    def test_the_must_survive_break_fails_exactly_its_scenario(self) -> None:
        report = run_conformance("king-of-tokyo", [*OWN, "--break", "end.must-survive"],
                                 [WHERE["end.must-survive"]])
        (failed,) = [r for r in report.results if r.status == "fail"]
        assert failed.path.endswith("twenty-stars-and-eliminated-no-win.yaml")
        assert failed.rules == ("end.must-survive", "end.victory-at-end-of-turn")
        assert "expected 'Kraken', got 'Gigazaur'" in failed.reason
        assert "first difference from the reference engine: active: reference 1, engine 0" \
            in failed.details


class TestAcceptingWhatTheRulesRefuse:
    def test_an_engine_that_refuses_nothing_fails_the_refusals(self, tmp_path: Path) -> None:
        folder = SCENARIOS / "king-of-tokyo" / "refusals"
        report = run_conformance("king-of-tokyo", fake_engine(tmp_path, "accept-all"),
                                 [folder])
        passed = [r for r in report.results if r.status != "fail"]
        assert report.totals()["fail"] == len(list(folder.glob("*.yaml"))) - 1
        assert all("which the rules refuse here" in r.reason
                   for r in report.results if r.status == "fail")
        # Its refusals name the Bay's monster while the City's decides: an action names
        # nobody, so they are not sent; its waiting_for and final places judge the order.
        (skipped,) = passed
        assert skipped.path.endswith("yield-order-city-first.yaml")
        assert skipped.status == "pass" and skipped.details and all(
            "not sent: an action does not name who takes it, and Cyber Bunny" in d
            for d in skipped.details)

    def test_an_engine_without_legal_leaves_such_scenarios_unsupported(
            self, tmp_path: Path) -> None:
        report = run_conformance("king-of-tokyo", fake_engine(tmp_path, "no-legal"),
                                 [SCENARIOS / "king-of-tokyo" / "refusals"])
        statuses = {r.status for r in report.results}
        assert statuses == {"pass", "unsupported"} and report.ok
        assert all(r.reason == "legal: no legal here"
                   for r in report.results if r.status == "unsupported")


THREE = [SCENARIOS / "king-of-tokyo" / "end" / name for name in (
    "draw-all-eliminated.yaml", "twenty-stars-wins.yaml", "eliminated-at-zero-hearts.yaml")]


class TestEngineErrors:
    @pytest.mark.parametrize(("mode", "words"), [
        ("crash", "crash: the engine exited (status 3); stderr: misbehaving: crash"),
        ("silent", "timeout: no answer to load within 3 s"),
        ("garbage", "bad-answer: answer to load: not JSON"),
        ("wrong-id", "bad-answer: answer to request 1 (load) has id 8"),
        ("internal", "internal: load: KeyError: 'x'"),
    ])
    def test_one_bad_answer_is_an_engine_error_and_the_run_goes_on(
            self, tmp_path: Path, mode: str, words: str) -> None:
        start = time.perf_counter()
        report = run_conformance("king-of-tokyo", fake_engine(tmp_path, mode), THREE,
                                 timeout=3.0)
        assert time.perf_counter() - start < 30
        first, *rest = report.results
        assert first.status == "engine-error" and words in first.reason, first.reason
        assert [r.status for r in rest] == ["pass", "pass"]
        assert report.totals()["engine-error"] == 1 and not report.ok
        assert f"ENGINE-ERROR {first.path}" in report.text()

    @pytest.mark.parametrize(("mode", "words"), [
        ("no-hello", "the engine exited (status 5)"),
        ("bad-hello", "hello.protocol: this runner speaks protocol 1"),
    ])
    def test_an_engine_that_never_starts(self, tmp_path: Path, mode: str, words: str) -> None:
        report = run_conformance("king-of-tokyo", fake_engine(tmp_path, mode), THREE * 2,
                                 timeout=2.0)
        assert [r.status for r in report.results] == ["engine-error"] * 6
        assert all(words in r.reason for r in report.results)
        assert f"not started again after {START_ATTEMPTS} failed starts" in \
            report.results[-1].reason
        assert report.engine is None and "(no hello)" in report.text()

    def test_a_command_that_does_not_exist(self) -> None:
        report = run_conformance("king-of-tokyo", ["/no/such/engine"], THREE[:1])
        assert report.results[0].status == "engine-error"
        assert "cannot start '/no/such/engine'" in report.results[0].reason
