"""King of New York's proofs. Every invariant proved for every kernel step and
every sentence of the 66 cards within the time budget, the canaries reachable, every step
and invariant resting on rules that exist, and ``kot-rules verify --game king-of-new-york``."""

from __future__ import annotations

import inspect
import json
import time
from pathlib import Path

import pytest
import yaml

from kot_rules.games.king_of_new_york import kernel as kony_kernel
from kot_rules.games.king_of_new_york import model as kony_model
from kot_rules.games.king_of_new_york.definition import KING_OF_NEW_YORK
from kot_rules.games.king_of_new_york.invariants import IDS, INVARIANTS, KONY
from kot_rules.language.cardset import CardSet, builtin_card_set
from kot_rules.surfaces.cli import main
from kot_rules.surfaces.cli import verify as verify_command
from kot_rules.verify import prover
from kot_rules.verify.prover import PROVED
from kot_rules.verify.report import lines

SPEC = Path(__file__).parents[2] / "spec" / "rules" / "king-of-new-york.yaml"
BUDGET_CPU_SECONDS = 60
"""The whole ``kot-rules verify --game king-of-new-york`` (kernel, 66 cards, canaries), in
CPU seconds: wall time on a loaded machine says little."""


@pytest.fixture(scope="module")
def report() -> tuple[prover.Report, float]:
    start = time.process_time()
    out = prover.verify(builtin_card_set(KONY).cards, game=KONY)
    return out, time.process_time() - start


def cited() -> set[str]:
    data = yaml.safe_load(SPEC.read_text("utf-8"))
    return {r["slug"] for r in data["rules"]} | {d["id"] for d in data["decisions"]}


class TestEveryInvariantIsProved:
    def test_every_invariant_for_every_step_and_card(
            self, report: tuple[prover.Report, float]) -> None:
        r, _ = report
        failed = [(x.invariant, x.transition, x.status, x.detail) for x in r.results
                  if x.status != PROVED]
        assert failed == []
        assert r.ok

    def test_one_result_per_invariant_and_step(
            self, report: tuple[prover.Report, float]) -> None:
        r, _ = report
        steps = [t.name for t in kony_kernel.TRANSITIONS]
        steps_and_cards = prover.collect(kony_model.MODEL, builtin_card_set(KONY).cards)
        cards = [t.name for t, uses in steps_and_cards if uses]
        assert len(cards) > 90  # the 66 cards' distinct sentences
        pairs = {(x.invariant, x.transition) for x in r.results}
        assert {(i, t) for i in IDS for t in steps} <= pairs
        assert len(r.results) == len(IDS) * (len(steps) + len(cards))

    def test_within_the_time_budget(self, report: tuple[prover.Report, float]) -> None:
        _, cpu = report
        assert cpu < BUDGET_CPU_SECONDS

    def test_the_invariants_the_brief_names(self) -> None:
        assert set(KING_OF_NEW_YORK.invariants) == set(IDS)
        assert KING_OF_NEW_YORK.symbolic_model == "kot_rules.games.king_of_new_york.kernel"
        assert {"INV-KONY-MANHATTAN", "INV-KONY-TILES", "INV-KONY-SPECIAL", "INV-KONY-HEARTS",
                "INV-KONY-RESOURCES", "INV-KONY-VICTORY"} <= set(IDS)
        assert len({inv.code for inv in INVARIANTS}) == len(IDS)


class TestCanariesAreReachable:
    def test_every_canary(self, report: tuple[prover.Report, float]) -> None:
        r, _ = report
        assert [c.name for c in r.canaries if not c.reachable] == []
        assert len(r.canaries) == len(kony_model.CANARIES)

    def test_each_outcome(self, report: tuple[prover.Report, float]) -> None:
        names = " ".join(c.name for c in report[0].canaries)
        for kind in ("win by stars", "last standing", "a draw", "unit destroyed",
                     "building destroyed", "Superstar taken", "Statue of Liberty taken",
                     "flees Manhattan", "5-6 path"):
            assert kind in names

    def test_an_impossible_goal_is_unreachable(self) -> None:
        # The canaries can fail: energy faces never end a game going on, nor do they
        # put a monster in Manhattan.
        assert not kony_model.reachable((kony_kernel.energy_faces,),
                                         lambda pre, s, c: s.over)
        assert not kony_model.reachable(
            (kony_kernel.heal_faces,), lambda pre, s, c: s.city != pre.city)


class TestStepsCiteTheRules:
    def test_every_cited_rule_exists(self) -> None:
        known = cited()
        for t in kony_kernel.TRANSITIONS:
            assert t.rules and set(t.rules) <= known, t.name
        for inv in INVARIANTS:
            assert set(inv.rules) <= known, inv.id

    def test_every_step_docstring_cites_a_rule_or_decision(self) -> None:
        known = cited()
        for t in kony_kernel.TRANSITIONS:
            doc = inspect.getdoc(t.build) or ""
            assert any(rule in doc for rule in known), t.name


class TestTheEntryPoint:
    def test_json_has_the_shape_of_king_of_tokyos(
            self, report: tuple[prover.Report, float]) -> None:
        data = json.loads(json.dumps(report[0].to_json()))
        assert set(data) == {"ok", "seconds", "invariants", "counts", "results", "canaries"}
        assert [i["id"] for i in data["invariants"]] == list(IDS)

    def test_text_report(self, report: tuple[prover.Report, float]) -> None:
        out = "\n".join(lines(report[0]))
        assert "INV-KONY-VICTORY" in out and out.rstrip().endswith("OK")

    def test_the_verify_command_runs_the_new_york_prover(
            self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
        monkeypatch.setattr(verify_command, "card_set", lambda *a: CardSet([]))
        assert main(["verify", "--game", KONY, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["ok"] is True
        assert set(data["counts"]) == set(IDS)
        assert len(data["results"]) == len(IDS) * len(kony_kernel.TRANSITIONS)
