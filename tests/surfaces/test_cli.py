"""The ``kot-rules`` command line, run in-process through ``main([...])``."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import kot_rules
from kot_rules import simulation
from kot_rules.surfaces.cli import TIMING_KEYS, ProgressBar, main

REPO = Path(__file__).resolve().parents[2]
EXAMPLE_SCENARIO = REPO / "spec" / "scenarios" / "king-of-tokyo" / "examples" / "jarek-turn.yaml"

GOOD_CARDS = {
    "alpha.kot": 'card "Alpha Test"\n  cost 3, keep\n',
    "beta.kot": 'card "Beta Test"\n  cost 2, discard\n  Gain 3 stars.\n',
}
BROKEN_CARD = 'card "Broken Test"\n  cost: x\n'


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def write_cards(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


# -- --version and --help -----------------------------------------------------------


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert out == f"kot-rules {kot_rules.__version__}\n"


def test_version_in_a_subprocess() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "kot_rules.surfaces.cli", "--version"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"kot-rules {kot_rules.__version__}"


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["play", "--help"],
        ["simulate", "--help"],
        ["scenario", "--help"],
        ["scenario", "run", "--help"],
        ["check", "--help"],
    ],
)
def test_help_of_every_command(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert out.startswith("usage: kot-rules")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "required: COMMAND"),
        (["dance"], "invalid choice: 'dance'"),
        (["scenario"], "required: SUBCOMMAND"),
        (["scenario", "run"], "required: PATH"),
        (["simulate", "--games", "0"], "expected at least 1, got 0"),
        (["play", "--seed", "abc"], "expected a whole number, got 'abc'"),
        (["play", "--first-player", "youngest"], "invalid choice: 'youngest'"),
        (["check", "--format", "xml"], "invalid choice: 'xml'"),
    ],
)
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("usage: kot-rules")
    assert message in err


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize("players", ["1", "7"])
def test_bad_players_exit_2(
    capsys: pytest.CaptureFixture[str], command: str, players: str
) -> None:
    code, out, err = run(capsys, command, "--players", players, "--seed", "1")
    assert code == 2
    assert out == ""
    assert f"argument --players: King of Tokyo is played by 2 to 6 monsters, got {players}" in err


def test_an_option_the_rules_do_not_allow_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--players", "4", "--seed", "1", "--tokyo-bay")
    assert code == 2
    assert out == ""
    assert err.startswith("kot-rules: error: Tokyo Bay is a variant for 5-6 monsters")


# -- play ---------------------------------------------------------------------------


def test_play_prints_a_turn_by_turn_log(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "--players", "4", "--seed", "2011")
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == "King of Tokyo: The King, Gigazaur, Cyber Bunny, Kraken"
    assert lines[1].startswith("seed 2011, Tokyo Bay off, first player: seat-order")
    assert "--- The King's turn 1 ---" in lines
    assert any(line.startswith("  The King rolls ") for line in lines)
    assert any(re.fullmatch(r"(Winner: .+ \(.+\)|Draw: .+)", line) for line in lines)
    assert any(line.startswith("=== Game over after ") for line in lines)
    for name in ("The King", "Gigazaur", "Cyber Bunny", "Kraken"):
        assert any(line.startswith(f"  {name} ") and "♥" in line and "★" in line
                   and "⚡" in line for line in lines[-4:])


def test_play_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "play", "--players", "5", "--seed", "7", "--first-player", "roll")
    second = run(capsys, "play", "--players", "5", "--seed", "7", "--first-player", "roll")
    assert first == second
    assert first[0] == 0
    assert "Tokyo Bay on, first player: roll" in first[1]
    assert " starts the game" in first[1]


def test_play_without_a_seed_prints_the_seed_it_chose(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--players", "2")
    assert code == 0
    seed = re.search(r"^seed (\d+),", out, re.MULTILINE)
    assert seed is not None
    assert run(capsys, "play", "--players", "2", "--seed", seed.group(1))[1] == out


def test_play_json_is_the_game_record(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("play", "--players", "5", "--seed", "3", "--no-tokyo-bay", "--json")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    record = json.loads(out)
    assert record["seed"] == 3
    assert record["game"]["options"]["tokyo_bay"] is False
    assert len(record["game"]["monsters"]) == 5
    assert record["outcome"] is not None
    assert record["events"][0]["kind"] == "turn-started"
    assert run(capsys, *argv)[1] == out


# -- simulate -----------------------------------------------------------------------


def simulate_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "simulate", "--json", *argv)
    assert code == 0, err
    assert err == ""  # no progress bar: stderr is not a terminal
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate_json(capsys, "--players", "4", "--games", "20", "--seed", "1")
    for key in ("games", "wins_by_seat", "draws", "mean_turns", "games_per_second",
                "decisions_per_second", "players", "seed", "tokyo_bay"):
        assert key in data
    assert data["games"] == 20
    assert data["players"] == 4
    assert data["seed"] == 1
    assert data["tokyo_bay"] is False
    wins = data["wins_by_seat"]
    assert isinstance(wins, list) and len(wins) == 4
    assert all(isinstance(w, int) and w >= 0 for w in wins)
    assert sum(wins) + data["draws"] == 20
    assert data["min_turns"] <= data["mean_turns"] <= data["max_turns"]
    assert data["games_per_second"] > 0
    assert data["decisions_per_second"] > 0
    assert data["monsters"] == ["The King", "Gigazaur", "Cyber Bunny", "Kraken"]


def test_simulate_is_reproducible_but_for_timing(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("--players", "5", "--games", "20", "--seed", "42")
    first, second = simulate_json(capsys, *argv), simulate_json(capsys, *argv)
    for data in (first, second):
        for key in TIMING_KEYS:
            del data[key]
    assert first == second
    assert first["tokyo_bay"] is True


def test_simulate_games_are_the_seeded_games_of_play(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate_json(capsys, "--players", "3", "--games", "3", "--seed", "10")
    wins = [0, 0, 0]
    draws = 0
    for seed in (10, 11, 12):
        code, out, _ = run(capsys, "play", "--players", "3", "--seed", str(seed), "--json")
        assert code == 0
        winner = json.loads(out)["outcome"]["winner"]
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
    assert data["wins_by_seat"] == wins
    assert data["draws"] == draws


def test_simulate_text_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--players", "3", "--games", "10", "--seed", "1")
    assert code == 0
    assert err == ""
    assert out.startswith("10 games, 3 monsters, seeds 1..10, Tokyo Bay off")
    assert re.search(r"^  0  The King +\d+ +\d+\.\d%$", out, re.MULTILINE)
    assert re.search(r"^  2  Cyber Bunny +\d+ +\d+\.\d%$", out, re.MULTILINE)
    assert re.search(r"^draws: \d+ \(\d+\.\d%\)$", out, re.MULTILINE)
    assert re.search(r"^mean turns: \d+\.\d\d ", out, re.MULTILINE)
    assert re.search(r"^speed: [\d,.]+ games/s, [\d,]+ decisions/s", out, re.MULTILINE)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_simulate_draws_a_progress_bar_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code = main(["simulate", "--players", "2", "--games", "200", "--seed", "1", "--json"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert json.loads(out)["games"] == 200
    drawn = terminal.getvalue()
    assert "] 100% 200/200" in drawn
    assert drawn.endswith("\r")  # the bar is erased at the end


def test_progress_bar_redraws_at_most_ten_times_a_second() -> None:
    now = [0.0]
    stream = io.StringIO()
    bar = ProgressBar(1000, stream, clock=lambda: now[0])
    for done in range(1, 1001):
        now[0] += 0.001  # a game per millisecond: 1 s in all
        bar.update(done)
    frames = stream.getvalue().split("\r")[1:]
    assert 10 <= len(frames) <= 12
    assert frames[0] == "[" + " " * 30 + "]   0% 1/1000"
    assert frames[-1] == "[" + "#" * 30 + "] 100% 1000/1000"
    bar.close()
    assert stream.getvalue().endswith("\r" + " " * len(frames[-1]) + "\r")


def test_a_game_that_does_not_end_exits_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from kot_rules.engine import driver

    def stuck(*args: object, **kwargs: object) -> None:
        raise RuntimeError("game with seed 5 did not end within 200000 steps")

    monkeypatch.setattr(driver, "play", stuck)
    code, out, err = run(capsys, "simulate", "--games", "3", "--seed", "5")
    assert code == 1
    assert out == ""
    assert err == "kot-rules: error: game with seed 5 did not end within 200000 steps\n"


def test_ctrl_c_exits_130_quietly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(simulation, "simulate", interrupted)
    assert run(capsys, "simulate", "--games", "3", "--seed", "1") == (130, "", "")


# -- --cards ------------------------------------------------------------------------


def test_cards_option_plays_with_that_card_set(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = write_cards(tmp_path / "cards", GOOD_CARDS)
    code, out, _ = run(capsys, "play", "--seed", "4", "--cards", str(folder))
    assert code == 0
    assert ", 2 cards" in out.splitlines()[1]
    data = simulate_json(capsys, "--games", "5", "--seed", "4", "--cards", str(folder))
    assert data["cards"] == 2


def test_cards_option_with_a_broken_card_set_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = write_cards(tmp_path / "cards", {**GOOD_CARDS, "broken.kot": BROKEN_CARD})
    code, out, err = run(capsys, "play", "--seed", "1", "--cards", str(folder))
    assert code == 2
    assert out == ""
    assert err.startswith(f"kot-rules: error: --cards {folder}: the card set has errors")
    assert f"{folder / 'broken.kot'}:2:" in err


def test_cards_option_with_no_such_folder_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "missing"
    code, _, err = run(capsys, "simulate", "--games", "2", "--cards", str(missing))
    assert code == 2
    assert err == f"kot-rules: error: --cards {missing}: no such file or folder\n"


# -- check --------------------------------------------------------------------------


def test_check_the_builtin_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check")
    assert code == 0
    # The deck's 66 cards: 64 titles, two of them twice.
    assert out.splitlines()[-1] == "checked 66 cards (64 titles): 0 errors, 0 warnings"


def test_check_the_builtin_cards_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["cards"], data["titles"]) == (66, 64)
    assert data["ok"] is True
    assert all(d["severity"] == "warning" for d in data["diagnostics"])


def test_check_a_broken_card_exits_1_and_shows_where(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = write_cards(tmp_path / "cards", {**GOOD_CARDS, "broken.kot": BROKEN_CARD})
    code, out, _ = run(capsys, "check", str(folder))
    assert code == 1
    assert re.search(rf"^{re.escape(str(folder / 'broken.kot'))}:2:\d+: error\[KOT\d+\]: ",
                     out, re.MULTILINE)
    assert "  cost: x\n" in out
    # Every card read counts, the broken one too.
    assert out.splitlines()[-1] == "checked 3 cards: 1 error, 0 warnings"


def test_check_a_broken_card_as_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = write_cards(tmp_path / "cards", {"broken.kot": BROKEN_CARD})
    code, out, _ = run(capsys, "check", str(folder), "--format", "json")
    assert code == 1
    data = json.loads(out)
    assert data["ok"] is False
    assert (data["files"], data["cards"], data["titles"]) == (1, 1, 1)
    [problem] = data["diagnostics"]
    assert problem["file"] == str(folder / "broken.kot")
    assert problem["line"] == 2
    assert problem["severity"] == "error"


def test_check_counts_a_card_with_errors_as_a_card_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = write_cards(tmp_path / "cards", {"alpha.kot": GOOD_CARDS["alpha.kot"],
                                              "broken.kot": BROKEN_CARD})
    code, out, _ = run(capsys, "check", "--no-proofs", str(folder))
    assert code == 1
    assert out.splitlines()[-1] == "checked 2 cards: 1 error, 0 warnings"
    code, out, _ = run(capsys, "check", "--no-proofs", str(folder), "--json")
    data = json.loads(out)
    assert (data["files"], data["cards"], data["titles"], data["errors"]) == (2, 2, 2, 1)


# A proof error (found after every file is parsed) in the file read first, a syntax
# error in the file read last: shown in the order of the files, lines and columns.
UNSORTED_CARDS = {
    "a.kot": 'card "Aaa Test"\n  cost 3, keep\n  Your maximum hearts is 3 lower.\n',
    "b.kot": 'card "Bbb Test"\n  cost: x\n',
}


def test_check_sorts_problems_by_file_line_and_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = write_cards(tmp_path / "cards", UNSORTED_CARDS)
    code, out, _ = run(capsys, "check", str(folder))
    assert code == 1
    heads = re.findall(r"^(.*?):(\d+):(\d+): error\[(KOT\d+)\]", out, re.MULTILINE)
    places = [(file, int(line), int(column)) for file, line, column, _ in heads]
    assert len(places) >= 2
    assert places == sorted(places)
    assert heads[0][0].endswith("a.kot") and heads[-1][0].endswith("b.kot")
    code, out, _ = run(capsys, "check", str(folder), "--json")
    listed = [(d["file"], d["line"], d["column"], d["code"])
              for d in json.loads(out)["diagnostics"]]
    assert listed == sorted(listed)
    assert [(f, int(li), int(c), k) for f, li, c, k in heads] == listed


def test_check_a_missing_path_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "check", str(tmp_path / "missing"))
    assert code == 1
    assert "no such file or folder" in out


# -- scenario run -------------------------------------------------------------------


def test_scenario_run_a_passing_scenario(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    scenario = tmp_path / "nested" / "jarek.yaml"
    scenario.parent.mkdir()
    scenario.write_text(EXAMPLE_SCENARIO.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = run(capsys, "scenario", "run", str(tmp_path))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"PASS {scenario}")
    assert lines[-1] == "1 passed, 0 failed"


def test_scenario_run_a_malformed_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.yml"
    bad.write_text("format: 1\nname: [unclosed\n", encoding="utf-8")
    code, out, _ = run(capsys, "scenario", "run", str(tmp_path))
    assert code == 1
    assert str(bad) in out
    assert out.splitlines()[-1] == "0 passed, 1 failed"


def test_scenario_run_a_folder_without_scenarios(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "scenario", "run", str(tmp_path))
    assert code == 1
    assert out == ""
    assert err == f"kot-rules: error: no scenario file (*.yaml, *.yml) found in {tmp_path}\n"


class TestChangingANumberChangesTheGame:
    """The card text is the code: a copy of the built-in cards with one number changed,
    passed with --cards, changes the outcome of that card's scenario accordingly."""

    SCENARIO = "spec/scenarios/king-of-tokyo/cards/jet-fighters.yaml"

    def test_one_more_star_in_the_text_is_one_more_star_in_the_game(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        import shutil

        from kot_rules.paths import builtin_cards_dir, data_root

        folder = tmp_path / "cards"
        shutil.copytree(builtin_cards_dir(), folder)
        card = folder / "jet-fighters.kot"
        text = card.read_text(encoding="utf-8")
        assert "Gain 5 stars." in text
        card.write_text(text.replace("Gain 5 stars.", "Gain 6 stars."), encoding="utf-8")
        scenario = str(data_root() / self.SCENARIO)
        code, out, _ = run(capsys, "scenario", "run", scenario)
        assert code == 0, out
        code, out, _ = run(capsys, "scenario", "run", "--cards", str(folder), scenario)
        assert code == 1
        assert "Gigazaur.stars: expected 5, got 6" in out
