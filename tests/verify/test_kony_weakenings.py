"""A deliberately broken New York step makes the matching proof fail, with a
counterexample a reader can follow; a broken New York card makes ``kot-rules check --game
king-of-new-york`` exit 1 with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kot_rules.games.king_of_new_york import kernel as k
from kot_rules.games.king_of_new_york.invariants import INVARIANTS, KONY
from kot_rules.language.cardset import check_paths
from kot_rules.language.diagnostics import CODES
from kot_rules.surfaces.cli import main
from kot_rules.verify.cardcheck import proof_diagnostics
from kot_rules.verify.prover import COUNTEREXAMPLE, PROVED, prove

BY_NAME = {t.name: t for t in k.TRANSITIONS}

CAUGHT = [
    ("heal-cap", "resolve: heal faces", "INV-KONY-HEARTS", "monsters[0].hearts"),
    ("heal-cap", "destroy a building or a unit", "INV-KONY-HEARTS", "monsters[0].hearts"),
    ("hearts-floor", "resolve: smash faces", "INV-KONY-HEARTS", ".hearts"),
    ("hearts-floor", "damage from a card", "INV-KONY-HEARTS", ".hearts"),
    ("no-elimination", "resolve: Ouch! faces", "INV-KONY-HEARTS", ".hearts"),
    ("manhattan-full", "enter Manhattan", "INV-KONY-SEATS", "city"),
    ("borough-capacity", "move to another borough", "INV-KONY-CAPACITY",
     "monsters[0].borough"),
    ("borough-capacity", "flee Manhattan", "INV-KONY-CAPACITY", ".borough: manhattan -> "),
    ("unit-vanishes", "destroy a building or a unit", "INV-KONY-TILES", "units["),
    ("statue-stars-floor", "a special card changes hands", "INV-KONY-RESOURCES", "stars"),
    ("special-kept-when-eliminated", "damage from a card", "INV-KONY-SPECIAL",
     "alive: True -> False"),
    ("victory-mid-turn", "resolve: celebrity faces", "INV-KONY-VICTORY",
     "over: False -> True"),
    ("victory-other-turn", "end of turn: victory", "INV-KONY-VICTORY",
     "over: False -> True; winner: -1 -> "),
    ("pay-beyond-energy", "buy a card or sweep", "INV-KONY-RESOURCES",
     "monsters[0].energy"),
]


class TestABrokenStepFailsItsProof:
    @pytest.mark.parametrize(("weakening", "step", "invariant", "shown"), CAUGHT)
    def test_counterexample(self, weakening: str, step: str, invariant: str,
                            shown: str) -> None:
        with k.weakened(weakening):
            (result,) = prove(BY_NAME[step], invariants=[invariant], game=KONY)
        assert result.status == COUNTEREXAMPLE
        assert result.detail.startswith(f"{invariant} broken: ")
        assert shown in result.detail
        assert "[before: seat " in result.detail  # where the monsters in the game stand
        json.dumps(result.to_json())  # a plain-data counterexample

    @pytest.mark.parametrize(("weakening", "step", "invariant", "shown"), CAUGHT)
    def test_proved_without_the_weakening(self, weakening: str, step: str, invariant: str,
                                          shown: str) -> None:
        (result,) = prove(BY_NAME[step], invariants=[invariant], game=KONY)
        assert result.status == PROVED

    def test_every_weakening_is_tested(self) -> None:
        assert {w for w, *_ in CAUGHT} == set(k.WEAKENINGS)

    def test_an_unknown_weakening_is_refused(self) -> None:
        with pytest.raises(ValueError, match="unknown weakening"), k.weakened("no-such-step"):
            pass


BROKEN = 'card "Too Much"\n  cost 3, discard\n  Heal 5.\n'
"""A New York card whose heal the weakened kernel no longer caps."""


def write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "broken.kot").write_text(text, encoding="utf-8")
    return folder


class TestABrokenCard:
    def test_every_code_is_in_the_table(self) -> None:
        assert {inv.code for inv in INVARIANTS} == {f"KOT32{i}" for i in range(1, 9)}
        assert {inv.code for inv in INVARIANTS} <= set(CODES)

    def test_is_an_error_at_its_sentence(self, tmp_path: Path) -> None:
        report = check_paths([write(tmp_path, BROKEN)], KONY)
        assert report.definitions
        assert proof_diagnostics(report.definitions, KONY) == []
        with k.weakened("heal-cap"):
            found = proof_diagnostics(report.definitions, KONY)
        assert [(d.code, d.line, d.column) for d in found] == [("KOT322", 3, 3)]
        assert "counterexample: INV-KONY-HEARTS broken" in found[0].message

    def test_the_check_command_exits_1_with_the_counterexample(
            self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        folder = write(tmp_path, BROKEN)
        assert main(["check", "--game", KONY, str(folder)]) == 0
        capsys.readouterr()
        with k.weakened("heal-cap"):
            assert main(["check", "--game", KONY, str(folder)]) == 1
        out = capsys.readouterr().out
        assert "error[KOT322]" in out and "counterexample: INV-KONY-HEARTS broken" in out
        assert "checked 1 card: 1 error, 0 warnings" in out
