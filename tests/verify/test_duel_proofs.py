"""Duel's proofs: every invariant proved for every kernel step within the time budget,
the canaries reachable, every step and invariant resting on rules that exist, and the
entry point ``kot-rules verify --game king-of-tokyo-duel`` will call."""

from __future__ import annotations

import inspect
import json
import time
from pathlib import Path

import pytest
import yaml

from kot_rules.games.king_of_tokyo_duel import kernel as duel_kernel
from kot_rules.games.king_of_tokyo_duel import model as duel_model
from kot_rules.games.king_of_tokyo_duel.invariants import DUEL, IDS, INVARIANTS
from kot_rules.language.cardset import CardSet, builtin_card_set
from kot_rules.surfaces.cli import main
from kot_rules.surfaces.cli import verify as verify_command
from kot_rules.verify import prover
from kot_rules.verify.prover import PROVED, UNSUPPORTED
from kot_rules.verify.report import lines

SPEC = Path(__file__).parents[2] / "spec" / "rules" / "king-of-tokyo-duel.yaml"
BUDGET_CPU_SECONDS = 60
"""The proofs' budget in CPU seconds of this process (Z3 runs in it): wall time on a shared
machine measures the neighbours too."""
CPU: dict[str, float] = {}


@pytest.fixture(scope="module")
def report() -> prover.Report:
    start = time.process_time()
    out = prover.verify(game=DUEL)
    CPU["verify"] = time.process_time() - start
    return out


def cited() -> set[str]:
    data = yaml.safe_load(SPEC.read_text("utf-8"))
    return {r["slug"] for r in data["rules"]} | {d["id"] for d in data["decisions"]}


class TestEveryInvariantIsProved:
    def test_every_invariant_for_every_step(self, report: prover.Report) -> None:
        failed = [(r.invariant, r.transition, r.status, r.detail) for r in report.results
                  if r.status != PROVED]
        assert failed == []
        assert report.ok

    def test_one_result_per_invariant_and_step(self, report: prover.Report) -> None:
        pairs = {(r.invariant, r.transition) for r in report.results}
        # The monsters' power lines are proved beside the kernel's steps.
        monsters = [t for t, _ in prover.gather(duel_model.boards())]
        assert monsters
        assert pairs == {(i, t.name) for i in IDS for t in (*duel_kernel.TRANSITIONS, *monsters)}
        assert len(report.results) == len(pairs)

    def test_within_the_time_budget(self, report: prover.Report) -> None:
        assert report.results and CPU["verify"] < BUDGET_CPU_SECONDS

    def test_the_invariants_the_brief_names(self) -> None:
        assert {"INV-DUEL-MARKERS", "INV-DUEL-HEARTS", "INV-DUEL-DICE", "INV-DUEL-TOKENS",
                "INV-DUEL-VICTORY", "INV-DUEL-SEATS"} <= set(IDS)


class TestCanariesAreReachable:
    def test_every_canary(self, report: prover.Report) -> None:
        assert [c.name for c in report.canaries if not c.reachable] == []
        assert len(report.canaries) == len(duel_model.CANARIES)

    def test_each_kind_of_victory_and_the_draw(self, report: prover.Report) -> None:
        names = " ".join(c.name for c in report.canaries)
        for kind in ("by hearts", "by fame", "by destruction", "by the spotlight", "a draw"):
            assert kind in names

    def test_an_impossible_goal_is_unreachable(self) -> None:
        # The canaries can fail: healing never ends a game going on.
        assert not duel_model.reachable((duel_kernel.heal_step,), lambda pre, s, c: s.over)


class TestStepsCiteTheRules:
    def test_every_cited_rule_exists(self) -> None:
        known = cited()
        for t in duel_kernel.TRANSITIONS:
            assert set(t.rules) <= known, t.name
        for inv in INVARIANTS:
            assert set(inv.rules) <= known, inv.id

    def test_every_step_docstring_cites_a_rule_or_decision(self) -> None:
        known = cited()
        for t in duel_kernel.TRANSITIONS:
            doc = inspect.getdoc(t.build) or ""
            assert any(rule in doc for rule in known), t.name

    def test_every_weakening_is_named_by_its_description(self) -> None:
        with pytest.raises(ValueError, match="unknown weakening"), \
                duel_kernel.weakened("no-such-step"):
            pass


class TestTheEntryPoint:
    def test_json_has_the_shape_of_king_of_tokyos(self, report: prover.Report) -> None:
        data = json.loads(json.dumps(report.to_json()))
        assert set(data) == {"ok", "seconds", "invariants", "counts", "results", "canaries"}
        assert [i["id"] for i in data["invariants"]] == list(IDS)
        assert list(data["counts"]) == list(IDS)

    def test_text_report(self, report: prover.Report) -> None:
        out = "\n".join(lines(report))
        assert "DUEL-VIC" in out and out.rstrip().endswith("OK")

    def test_cards_without_a_z3_meaning_are_unsupported(self) -> None:
        # King of Tokyo's cards say words with no Duel meaning: one row per sentence and
        # invariant, naming the word and the card.
        cards = builtin_card_set().cards[:2]
        results = prover.verify(cards, game=DUEL).results
        rows = [r for r in results if r.status == UNSUPPORTED]
        assert len(rows) == 2 * len(IDS)
        assert {u.card for r in rows for u in r.uses} == {c.slug for c in cards}
        assert all("no Duel symbolic meaning yet" in r.detail for r in rows)

    def test_the_verify_command_runs_the_duel_prover(
            self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
        monkeypatch.setattr(verify_command, "card_set", lambda *a: CardSet([]))
        assert main(["verify", "--game", DUEL, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["ok"] is True
        assert set(data["counts"]) == set(IDS)
