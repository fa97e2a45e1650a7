"""The Z3 proofs: everything proved for the built-in cards, the canaries reachable, a
weakened kernel step caught with a replayable counterexample, the vocabulary covered."""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path

import pytest

from kot_rules.engine import effects
from kot_rules.games.king_of_tokyo import kernel, semantics
from kot_rules.games.king_of_tokyo.counterexample import scenario
from kot_rules.games.king_of_tokyo.invariants import INVARIANTS
from kot_rules.language import vocabulary
from kot_rules.language.ast import CardDef, Verb
from kot_rules.language.cardset import builtin_card_set
from kot_rules.surfaces.cli import main
from kot_rules.verify import prover
from kot_rules.verify.counterexample import attach
from kot_rules.verify.prover import COUNTEREXAMPLE, PROVED, UNSUPPORTED, Report


@pytest.fixture(scope="module")
def report() -> Report:
    return prover.verify(builtin_card_set().cards)


def healing() -> list[CardDef]:
    """The built-in cards whose text heals (a small set, to keep these tests fast)."""
    return [c for c in builtin_card_set().cards
            if any(e.verb is Verb.HEAL for e in c.effects)
            or any(e.verb is Verb.HEAL for a in c.abilities for e in a.effects)]


@pytest.fixture
def few_cards(tmp_path: Path) -> Path:
    folder = tmp_path / "cards"
    folder.mkdir()
    for card in healing():
        source = Path(card.position.file)
        (folder / source.name).write_text(source.read_text("utf-8"), "utf-8")
    return folder


class TestEverythingIsProved:
    def test_every_invariant_for_every_transition(self, report: Report) -> None:
        failed = [(r.invariant, r.transition, r.status, r.detail) for r in report.results
                  if r.status != PROVED]
        assert failed == []
        assert report.ok

    def test_one_result_per_invariant_and_transition(self, report: Report) -> None:
        transitions = {r.transition for r in report.results}
        assert len(report.results) == len(transitions) * len(INVARIANTS)
        assert {k.name for k in semantics.KERNEL} <= transitions

    def test_every_invariant_is_proved_as_the_report_lists_it(self, report: Report) -> None:
        # One list: the report's rows are the invariants' own, in their order.
        assert list(report.counts()) == [inv.id for inv in INVARIANTS]
        assert [r.invariant for r in report.results[:len(INVARIANTS)]] == list(report.counts())

    def test_identical_sentences_are_proved_once(self, report: Report) -> None:
        twice = [r for r in report.results if r.transition == "Gain 2 stars."]
        assert len(twice) == len(INVARIANTS)
        assert len({u.card for u in twice[0].uses}) > 1


class TestCanaries:
    def test_a_win_a_last_monster_and_a_draw_are_reachable(self, report: Report) -> None:
        assert len(report.canaries) == 3
        assert all(c.reachable for c in report.canaries), report.canaries


class TestWeakenedKernel:
    def test_heal_without_the_cap_is_a_counterexample(self, tmp_path: Path) -> None:
        cards = builtin_card_set()
        with kernel.weakened("heal-cap"):
            report = prover.verify(healing(), attach(cards, lambda: tmp_path, scenario))
        failed = {(r.invariant, r.transition) for r in report.results if r.status != PROVED}
        assert ("INV-HEARTS", "dice: numbers, energy, hearts") in failed
        assert ("INV-HEARTS", "Heal 2.") in failed
        assert {inv for inv, _ in failed} == {"INV-HEARTS"}
        assert not report.ok
        heal = next(r for r in report.results if r.transition == "Heal 2."
                    and r.invariant == "INV-HEARTS")
        assert heal.status == COUNTEREXAMPLE and heal.scenario is not None
        assert Path(heal.scenario).parent == tmp_path
        # The engine caps healing: it does not do what the weakened semantics says.
        assert heal.reproduced is False

    def test_the_scenario_reproduces_when_the_engine_is_weakened_too(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        def uncapped_heal(s, ev, seat, n, why):  # type: ignore[no-untyped-def]
            m = s.monsters[seat]
            effects.set_monster(s, seat, m._replace(hearts=m.hearts + n))
            return n

        monkeypatch.setattr(effects, "heal", uncapped_heal)
        cards = builtin_card_set()
        with kernel.weakened("heal-cap"):
            results = prover.prove(next(t for t, _ in prover.collect(prover.model_of(), cards.cards)
                                        if t.name == "Heal 2."),
                                   [prover.Use("heal", cards.definition("heal").position)])
        (failed,) = [r for r in results if r.status != PROVED]
        steps = prover.collect(prover.model_of(), cards.cards)
        t = next(t for t, _ in steps if t.name == "Heal 2.")
        attach(cards, lambda: tmp_path, scenario)(t, failed)
        assert failed.reproduced is True, Path(failed.scenario or "").read_text()

    @pytest.mark.parametrize(("weakening", "invariant"), [
        ("city-entry", "INV-TOKYO"), ("victory-alive", "INV-VICTORY")])
    def test_other_weakenings(self, weakening: str, invariant: str) -> None:
        with kernel.weakened(weakening):
            report = prover.verify([c for c in builtin_card_set().cards
                                    if any(e.verb is Verb.TAKE_TOKYO_CITY for e in c.effects)])
        assert invariant in {r.invariant for r in report.results if r.status != PROVED}

    def test_weakenings_end_with_the_block(self) -> None:
        with kernel.weakened("heal-cap"):
            assert kernel.is_weakened("heal-cap")
        assert kernel.weakenings() == frozenset()
        with pytest.raises(ValueError, match="unknown weakening"), kernel.weakened("nope"):
            pass


class TestVocabulary:
    @pytest.mark.parametrize(("enum", "table"), semantics.TABLES,
                             ids=[e.__name__ for e, _ in semantics.TABLES])
    def test_every_member_has_a_meaning_or_a_reason(self, enum: type[Enum],
                                                    table: dict[object, object]) -> None:
        # A word King of Tokyo's cards may not say needs no meaning here
        # (its meaning is its game's: kot_rules.games.king_of_tokyo_duel.semantics for Duel).
        games = {w.member: w.games for _, w in vocabulary.words()}
        missing = [m for m in enum if m not in table and m not in semantics.NOT_YET
                   and vocabulary.KING_OF_TOKYO in games.get(m, {vocabulary.KING_OF_TOKYO})]
        assert missing == [], f"add symbolic meanings (or NOT_YET reasons) for {missing}"
        assert all(reason.strip() for reason in semantics.NOT_YET.values())

    def test_a_member_without_meaning_is_unsupported_not_a_crash(
            self, monkeypatch: pytest.MonkeyPatch) -> None:
        verbs = dict(semantics.VERBS)
        del verbs[Verb.HEAL]
        monkeypatch.setattr(semantics, "VERBS", verbs)
        report = prover.verify(healing())
        unsupported = {r.transition for r in report.results if r.status == UNSUPPORTED}
        assert unsupported == {"Heal 2.", "Heal 3.", "When you buy this card, heal 2."}
        assert not report.ok


class TestVerifyCommand:
    def test_json(self, capsys: pytest.CaptureFixture[str], few_cards: Path) -> None:
        assert main(["verify", "--json", "--cards", str(few_cards)]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["ok"] is True
        assert {"invariant", "transition", "status", "seconds"} <= set(data["results"][0])
        assert len(data["canaries"]) == 3
        assert set(data["counts"]) == {inv.id for inv in INVARIANTS}

    def test_text(self, capsys: pytest.CaptureFixture[str], few_cards: Path) -> None:
        assert main(["verify", "--cards", str(few_cards)]) == 0
        out = capsys.readouterr().out
        assert "canaries (must be reachable)" in out
        assert out.rstrip().endswith("OK")

    def test_a_counterexample_exits_1_and_writes_the_scenario(
            self, capsys: pytest.CaptureFixture[str], tmp_path: Path, few_cards: Path) -> None:
        with kernel.weakened("heal-cap"):
            assert main(["verify", "--cards", str(few_cards), "--out", str(tmp_path / "out")]) == 1
        out = capsys.readouterr().out
        assert "counterexample: INV-HEARTS for 'Heal 2.'" in out
        assert list((tmp_path / "out").glob("inv-hearts--*.yaml"))

    def test_usage_errors(self, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
        assert main(["verify", "--cards", str(tmp_path / "missing")]) == 2
        (tmp_path / "f").write_text("x")
        assert main(["verify", "--out", str(tmp_path / "f")]) == 2
        assert main(["verify", "--bogus"]) == 2
        assert "Traceback" not in capsys.readouterr().err
