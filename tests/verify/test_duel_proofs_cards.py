"""Duel's card sentences proved against every INV-DUEL-* invariant, one Z3 query each
(kot_rules.games.king_of_tokyo_duel.semantics, kot_rules.verify.prover.verify), and
``kot-rules check --game king-of-tokyo-duel`` reporting a sentence that can break one
(KOT311-KOT318) with its counterexample."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
import z3
from budget import budget
from duel_cases import FixedCtx, duels, symbolic, values
from hypothesis import given
from hypothesis import strategies as st

from kot_rules.games.king_of_tokyo_duel import kernel as duel_kernel
from kot_rules.games.king_of_tokyo_duel import model as duel_model
from kot_rules.games.king_of_tokyo_duel import reference as ref
from kot_rules.games.king_of_tokyo_duel import semantics as duel_semantics
from kot_rules.games.king_of_tokyo_duel.invariants import DUEL, IDS, INVARIANTS
from kot_rules.games.king_of_tokyo_duel.state import leaves
from kot_rules.language.ast import Modifier, ModifierKind, Position
from kot_rules.language.cardset import check_paths
from kot_rules.language.diagnostics import CODES, WARNING_CODES
from kot_rules.paths import builtin_cards_dir
from kot_rules.surfaces.cli import main
from kot_rules.verify import prover
from kot_rules.verify.cardcheck import proof_diagnostics
from kot_rules.verify.prover import COUNTEREXAMPLE, PROVED

BUDGET_CPU_SECONDS = 60
"""Budgets in CPU seconds of this process (Z3 runs in it): wall time on a shared machine
measures the neighbours too."""
CPU: dict[str, float] = {}
TOO_MUCH = 'card "Too Much"\n  cost 3, discard\n  Heal 5.\n'


def duel_cards() -> list[object]:
    report = check_paths([builtin_cards_dir(DUEL)], DUEL)
    assert report.definitions and not [d for d in report.diagnostics if d.is_error]
    return list(report.definitions)


@pytest.fixture(scope="module")
def report() -> prover.Report:
    start = time.process_time()
    out = prover.verify(duel_cards(), game=DUEL)  # type: ignore[arg-type]
    CPU["verify"] = time.process_time() - start
    return out


def write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "broken.kot").write_text(text, encoding="utf-8")
    return folder


class TestEveryDuelCardSentenceIsProved:
    def test_every_row_proved_and_every_canary_reachable(
            self, report: prover.Report) -> None:
        failed = [(r.invariant, r.transition, r.status, r.detail) for r in report.results
                  if r.status != PROVED]
        assert failed == []
        assert report.ok and all(c.reachable for c in report.canaries)
        assert CPU["verify"] < BUDGET_CPU_SECONDS

    def test_one_row_per_distinct_sentence_and_invariant(
            self, report: prover.Report) -> None:
        cards = duel_cards()
        sentences = {(t.kind, t.name) for c in cards
                     for t, _ in duel_semantics.card_transitions(c)}  # type: ignore[arg-type]
        # The monsters' rows come beside the cards' (named by a monster).
        monsters = {t.name for t, _ in prover.gather(duel_model.boards())}
        card_rows = [r for r in report.results
                     if r.kind != "kernel" and r.transition not in monsters]
        assert {(r.kind, r.transition, r.invariant) for r in card_rows} == {
            (kind, name, i) for kind, name in sentences for i in IDS}
        assert len(card_rows) == len(sentences) * len(IDS)
        assert len(report.results) == (len(duel_kernel.TRANSITIONS) + len(sentences)
                                       + len(monsters)) * len(IDS)

    def test_each_row_names_the_cards_saying_it(self, report: prover.Report) -> None:
        rows = {r.transition: r for r in report.results if r.kind != "kernel"}
        assert {u.card for u in rows["Every monster takes 5 damage."].uses} == {"jets-scrambled"}
        assert {u.card for u in rows["Heal 3."].uses} == {"snack-time"}

    def test_a_sentence_said_twice_is_proved_once(self) -> None:
        cards = duel_cards()
        def sentences(cards: list[Any]) -> list[tuple[Any, list[prover.Use]]]:
            return prover.gather((c.slug, duel_model.MODEL.card_transitions(c)) for c in cards)

        once = sentences(cards)
        twice = sentences([*cards, *cards])
        assert [t.name for t, _ in once] == [t.name for t, _ in twice]
        assert [len(u) * 2 for _, u in once] == [len(u) for _, u in twice]


class TestAProofCanFail:
    def test_an_uncapped_heal_breaks_the_hearts(self) -> None:
        (card,) = check_paths([builtin_cards_dir(DUEL) / "snack-time.kot"], DUEL).definitions
        ((t, _),) = duel_semantics.card_transitions(card)
        with duel_kernel.weakened("heal-cap"):
            results = prover.prove(t, game=DUEL)
        broken = [r for r in results if r.status == COUNTEREXAMPLE]
        assert [r.invariant for r in broken] == ["INV-DUEL-HEARTS"]
        detail = broken[0].detail
        assert "the card's owner: seat" in detail and "hearts:" in detail
        assert "[tracks: fame: marker " in detail  # the rules' coordinates (+3, -2, +4.5)
        model = broken[0].counterexample
        assert model is not None
        owner = next(c["value"] for c in model["choices"] if c["kind"] == "owner")
        assert model["post"][f"monsters[{owner}].hearts"] > model["post"][
            f"monsters[{owner}].start"]

    def test_extra_dice_past_the_cap_break_the_dice(self) -> None:
        m = Modifier(ModifierKind.EXTRA_DICE, 3, Position("", 0, 0))
        t = duel_semantics.modifier_transition(m)
        assert all(r.status == PROVED for r in prover.prove(t, game=DUEL))
        with duel_kernel.weakened("white-cap"):
            broken = {r.invariant for r in prover.prove(t, game=DUEL) if r.status == COUNTEREXAMPLE}
        assert broken == {"INV-DUEL-DICE"}

    def test_a_sentence_without_victory_check_breaks_the_victory(
            self, monkeypatch: pytest.MonkeyPatch) -> None:
        # The check after the sentence is what keeps INV-DUEL-VICTORY: without it a
        # knock-out leaves the game going on.
        monkeypatch.setattr(duel_semantics.k, "event", lambda s, puller=None: s)
        (card,) = check_paths([builtin_cards_dir(DUEL) / "too-cute.kot"], DUEL).definitions
        ((t, _),) = duel_semantics.card_transitions(card)
        broken = {r.invariant for r in prover.prove(t, game=DUEL) if r.status == COUNTEREXAMPLE}
        assert broken == {"INV-DUEL-VICTORY"}


class TestDuelProofCodes:
    def test_each_duel_invariant_has_its_own_error_code(self) -> None:
        codes = [inv.code for inv in INVARIANTS]
        assert codes == [f"KOT31{i}" for i in range(1, len(INVARIANTS) + 1)]
        for inv in INVARIANTS:
            assert inv.code in CODES and inv.id in CODES[inv.code]
            assert inv.code not in WARNING_CODES

    def test_the_built_in_duel_cards_give_no_diagnostic(self) -> None:
        assert proof_diagnostics(duel_cards(), DUEL) == []  # type: ignore[arg-type]

    def test_a_broken_card_is_an_error_at_its_sentence(self, tmp_path: Path) -> None:
        folder = write(tmp_path, TOO_MUCH)
        report = check_paths([folder], DUEL)
        with duel_kernel.weakened("heal-cap"):
            found = proof_diagnostics(report.definitions, DUEL)
        assert [(d.code, d.line, d.column) for d in found] == [("KOT312", 3, 3)]
        assert "counterexample: INV-DUEL-HEARTS broken" in found[0].message


class TestCheckCommand:
    def test_a_broken_duel_card_exits_1_with_the_counterexample(
            self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        folder = write(tmp_path, TOO_MUCH)
        with duel_kernel.weakened("heal-cap"):
            assert main(["check", "--game", DUEL, str(folder)]) == 1
        out = capsys.readouterr().out
        assert f"{folder / 'broken.kot'}:3:3: error[KOT312]" in out
        assert "counterexample: INV-DUEL-HEARTS broken: the card's owner: seat" in out
        assert "checked 1 card: 1 error, 0 warnings" in out

    def test_added_to_the_built_in_cards_too(
            self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        folder = write(tmp_path, TOO_MUCH)
        with duel_kernel.weakened("heal-cap"):
            code = main(["check", "--game", DUEL, "--add-cards", str(folder), "--format",
                         "json"])
        data = json.loads(capsys.readouterr().out)
        assert code == 1
        # Snack Time heals too: with the cap gone both heals can break the hearts; so can
        # every other built-in heal and every pull (its step may land on a heal bonus).
        found = {(Path(d["file"]).name, d["code"]) for d in data["diagnostics"]}
        assert {("broken.kot", "KOT312"), ("snack-time.kot", "KOT312")} <= found
        assert {code for _, code in found} == {"KOT312"}
        # Only heals break it: every finding is about INV-DUEL-HEARTS.
        assert all("INV-DUEL-HEARTS" in d["message"] for d in data["diagnostics"])

    def test_the_same_card_is_sound_with_the_rules_as_they_are(
            self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        folder = write(tmp_path, TOO_MUCH)
        assert main(["check", "--game", DUEL, str(folder)]) == 0
        assert "checked 1 card: 0 errors, 0 warnings" in capsys.readouterr().out

    def test_the_verify_command_proves_the_duel_cards(
            self, capsys: pytest.CaptureFixture[str]) -> None:
        start = time.process_time()
        assert main(["verify", "--game", DUEL, "--json"]) == 0
        assert time.process_time() - start < BUDGET_CPU_SECONDS
        data = json.loads(capsys.readouterr().out)
        assert data["ok"] is True
        kinds = {r["kind"] for r in data["results"]}
        assert {"kernel", "effect", "modifier", "follow-up"} <= kinds
        assert all(c["reachable"] for c in data["canaries"])


def pull_sentence(steps: int) -> duel_semantics.CardTransition:
    """What a card's `Pull the Fame marker N spaces.` means, built here from the pull helper:
    the owner's pull, step by step, then the sentence's check."""
    def build(ctx: Any, s: Any) -> Any:
        return duel_semantics.owned(ctx, lambda owner: (
            duel_kernel.idle(s),
            duel_kernel.event(duel_semantics.pull(ctx, s, owner, 0, steps))))
    return duel_semantics.CardTransition(f"pull the Fame marker {steps}", "effect", build)


class TestAPullSentence:
    """A pull is several kernel steps, with victory checked after each (D-DUEL-PULL-STEPS)."""

    @budget(25)
    @given(duels(), st.integers(0, 1), st.integers(0, 1), st.integers(0, 7))
    def test_the_pull_helper_is_the_reference_pull(self, s: ref.Duel, owner: int, track: int,
                                                   n: int) -> None:
        ctx = FixedCtx({})
        post = duel_semantics.pull(ctx, symbolic(s), owner, track, n)
        solver = z3.Solver()
        solver.add(*ctx.facts)  # the pinned states between steps, and the invariants there
        assert solver.check() == z3.sat
        model = solver.model()
        got = {name: model.eval(term, model_completion=True) for name, term in leaves(post)}
        shown = {name: z3.is_true(v) if z3.is_bool(v) else v.as_long()
                 for name, v in got.items()}
        assert shown == values(symbolic(ref.pull(s, owner, track, n)))

    def test_a_pull_of_7_is_proved_in_time(self) -> None:
        start = time.process_time()
        results = prover.prove(pull_sentence(7), game=DUEL)
        assert [r.invariant for r in results if r.status != PROVED] == []
        assert time.process_time() - start < BUDGET_CPU_SECONDS / 4

    def test_a_pull_whose_bonus_breaks_the_hearts_is_caught(self) -> None:
        # A smash bonus reached on the last step takes the rival below 0 hearts.
        with duel_kernel.weakened("hearts-floor"):
            results = prover.prove(pull_sentence(2), game=DUEL)
        broken = [r for r in results if r.status == COUNTEREXAMPLE]
        assert [r.invariant for r in broken] == ["INV-DUEL-HEARTS"]
        assert "smash" in broken[0].detail and "fame: marker " in broken[0].detail

    @budget(25)
    @given(duels(), st.integers(0, 1), st.integers(0, 1), st.integers(1, 7),
           st.integers(1, 7))
    def test_a_pull_after_a_won_pull_does_nothing(self, s: ref.Duel, owner: int, track: int,
                                                  n: int, m: int) -> None:
        # `Every monster pulls ...`: the rival's pull may win; the owner's then is not made.
        ctx = FixedCtx({})
        first = duel_semantics.pull(ctx, symbolic(s), 1 - owner, track, n)
        post = duel_semantics.pull(ctx, first, owner, track, m)
        solver = z3.Solver()
        solver.add(*ctx.facts)
        assert solver.check() == z3.sat
        model = solver.model()
        shown = {name: (z3.is_true(v) if z3.is_bool(v) else v.as_long())
                 for name, term in leaves(post)
                 for v in [model.eval(term, model_completion=True)]}
        want = ref.pull(s, 1 - owner, track, n)
        if not want.over:
            want = ref.pull(want, owner, track, m)
        assert shown == values(symbolic(want))


class TestTheTable:
    def test_a_word_registered_twice_is_refused_naming_the_first(self) -> None:
        # A word has one meaning per game: a second registration is an error.
        with pytest.raises(ValueError, match=r"Verb.HEAL has a Duel meaning already "
                                             r"\(kot_rules.games.king_of_tokyo_duel.semantics._heal\)"):
            duel_semantics.verb(duel_semantics.Verb.HEAL)(lambda *a: a[1])
