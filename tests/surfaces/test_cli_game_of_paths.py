"""``check`` and ``fmt`` without ``--game``: the game whose card folder the paths lie in."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kot_rules.surfaces.cli import main

REPO = Path(__file__).resolve().parents[2]
CARDS = REPO / "spec" / "cards"
DUEL = CARDS / "king-of-tokyo-duel"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


class TestCheck:
    def test_a_duel_folder_is_checked_as_duel_cards(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        code, out, _ = run(capsys, "check", "--no-proofs", "--json", str(DUEL))
        named = run(capsys, "check", "--no-proofs", "--json", "--game", "king-of-tokyo-duel",
                    str(DUEL))
        assert (code, out) == named[:2]
        report = json.loads(out)
        assert (report["cards"], report["monsters"], report["errors"]) == (50, 6, 0)

    def test_a_new_york_folder_is_checked_as_new_york_cards(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        code, out, _ = run(capsys, "check", "--no-proofs", "--json",
                           str(CARDS / "king-of-new-york"))
        assert code == 0
        assert json.loads(out)["errors"] == 0

    def test_an_explicit_game_wins(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "check", "--no-proofs", "--json", "--game", "king-of-tokyo",
                           str(DUEL))
        assert code == 1
        assert any(d["code"] == "KOT223" for d in json.loads(out)["diagnostics"])

    def test_two_games_folders_are_a_usage_error(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        code, out, err = run(capsys, "check", "--no-proofs", str(DUEL),
                             str(CARDS / "king-of-tokyo"))
        assert (code, out) == (2, "")
        assert "2 games (king-of-tokyo, king-of-tokyo-duel)" in err
        assert "--game" in err

    def test_a_folder_named_after_no_game_is_king_of_tokyo(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        mine = tmp_path / "my-cards"
        mine.mkdir()
        shutil.copy(DUEL / "cannonball.kot", mine)
        code, out, _ = run(capsys, "check", "--no-proofs", "--json", str(mine))
        assert code == 1  # a Duel word in a King of Tokyo card
        assert any(d["code"] == "KOT223" for d in json.loads(out)["diagnostics"])


class TestFmt:
    def test_every_built_in_card_is_canonical_in_its_own_game(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        code, out, err = run(capsys, "fmt", "--check", str(CARDS))
        assert (code, out) == (0, "")
        assert "files with errors" not in err

    def test_each_file_takes_its_own_folder_s_game(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        code, out, _ = run(capsys, "fmt", "--check", "--json", str(CARDS / "king-of-tokyo"),
                           str(DUEL))
        report = json.loads(out)
        assert code == 0
        assert report["failed"] == 0
        assert report["unchanged"] == len(report["files"]) > 100
