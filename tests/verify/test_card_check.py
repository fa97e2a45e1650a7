"""``kot-rules check`` runs the per-card proofs: a sentence that can break an invariant is
an error (KOT3xx) at the sentence, with the counterexample."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kot_rules.games.king_of_new_york.invariants import INVARIANTS as KONY_INVARIANTS
from kot_rules.games.king_of_tokyo import kernel
from kot_rules.games.king_of_tokyo.invariants import INVARIANTS
from kot_rules.games.king_of_tokyo_duel.invariants import INVARIANTS as DUEL_INVARIANTS
from kot_rules.language.cardset import check_paths
from kot_rules.language.diagnostics import CODES, WARNING_CODES
from kot_rules.paths import builtin_cards_dir
from kot_rules.surfaces.cli import main
from kot_rules.verify.cardcheck import TIMEOUT_CODE, UNSUPPORTED_CODE, codes, proof_diagnostics

# The card language cannot say a card that breaks an invariant yet (every verb is capped
# or floored): these tests weaken the kernel step the sentence uses instead.
BROKEN = {
    "KOT301": ("heal-cap", 'card "Too Much"\n  cost 3, discard\n  Heal 5.\n', 3),
    "KOT302": ("energy-floor",
               'card "Drain"\n  cost 3, discard\n  Each other monster loses 3 energy.\n', 3),
    "KOT303": ("city-entry", 'card "Grab"\n  cost 3, discard\n'
               "  Take control of Tokyo City unless you are in Tokyo.\n", 3),
    "KOT304": ("victory-alive", None, 0),
    "KOT306": ("victory-alive", None, 0),
}


def write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "broken.kot").write_text(text, encoding="utf-8")
    return folder


class TestProofCodes:
    def test_every_invariant_has_a_code_in_the_table(self) -> None:
        PROOF_CODES = codes()
        assert set(PROOF_CODES) == {inv.id for inv in INVARIANTS}
        duel = {inv.code for inv in DUEL_INVARIANTS}  # Duel's own codes
        duel |= {inv.code for inv in KONY_INVARIANTS}  # New York's own codes
        assert set(PROOF_CODES.values()) | {UNSUPPORTED_CODE, TIMEOUT_CODE} | duel == {
            c for c in CODES if c.startswith("KOT3")}
        assert not set(PROOF_CODES.values()) & duel
        assert {UNSUPPORTED_CODE, TIMEOUT_CODE} <= WARNING_CODES
        assert not set(PROOF_CODES.values()) & WARNING_CODES

    @pytest.mark.parametrize("code", [c for c, (_, text, _) in BROKEN.items() if text])
    def test_a_broken_card_is_an_error_at_its_sentence(self, code: str, tmp_path: Path) -> None:
        weakening, text, line = BROKEN[code]
        assert text is not None
        folder = write(tmp_path, text)
        report = check_paths([folder])
        with kernel.weakened(weakening):
            found = proof_diagnostics(report.definitions)
        assert [(d.code, d.line, d.column) for d in found] == [(code, line, 3)]
        assert "counterexample:" in found[0].message
        assert found[0].render().splitlines()[2].strip() == "^"

    def test_the_built_in_cards_are_proved(self) -> None:
        cards = check_paths([builtin_cards_dir()]).definitions
        assert len(cards) == 64
        assert proof_diagnostics(cards) == []


class TestCheckCommand:
    def test_a_broken_card_exits_1_with_the_counterexample(
            self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        folder = write(tmp_path, BROKEN["KOT301"][1] or "")
        with kernel.weakened("heal-cap"):
            assert main(["check", str(folder)]) == 1
        out = capsys.readouterr().out
        assert "error[KOT301]" in out and "counterexample: INV-HEARTS broken" in out
        assert "checked 1 card: 1 error, 0 warnings" in out

    def test_json_and_no_proofs(self, tmp_path: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
        folder = write(tmp_path, BROKEN["KOT302"][1] or "")
        with kernel.weakened("energy-floor"):
            assert main(["check", str(folder), "--format", "json"]) == 1
            data = json.loads(capsys.readouterr().out)
            assert [d["code"] for d in data["diagnostics"]] == ["KOT302"]
            assert main(["check", str(folder), "--no-proofs"]) == 0

    def test_a_sound_card_passes(self, tmp_path: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
        folder = write(tmp_path, BROKEN["KOT301"][1] or "")
        assert main(["check", str(folder)]) == 0


class TestBrokenCardWithoutWeakening:
    """A card the language allows that breaks an invariant, with the engine as it is."""

    CURSED = 'card "Cursed Crown"\n  cost 3, keep\n  Your maximum hearts is 3 lower.\n'

    def test_check_exits_1_with_the_counterexample(
            self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        folder = write(tmp_path, self.CURSED)
        assert main(["check", str(folder)]) == 1
        out = capsys.readouterr().out
        assert f"{folder / 'broken.kot'}:3:3: error[KOT301]" in out
        assert "counterexample: INV-HEARTS broken: monsters[0].hearts" in out
        assert "checked 1 card: 2 errors" in out  # INV-HEARTS and INV-ELIMINATED

    def test_a_small_raise_is_sound(self, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
        folder = write(tmp_path, self.CURSED.replace("3 lower", "3 higher"))
        assert main(["check", str(folder)]) == 0
