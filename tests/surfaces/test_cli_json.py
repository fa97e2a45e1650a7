"""``--json`` on every command of ``kot-rules``: one JSON object on stdout, errors included.

The commands are enumerated from the real parser, so a command added later is run here
too, and fails until ``ARGS`` gives it arguments.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from kot_rules import simulation
from kot_rules.surfaces.cli import build_parser, main
from kot_rules.surfaces.cli.common import ERROR_CODES, JSON_ERRORS

REPO = Path(__file__).resolve().parents[2]
SCENARIO = REPO / "spec" / "scenarios" / "king-of-tokyo" / "dice" / "six-ones.yaml"
CARD_FILE = sorted((REPO / "spec" / "cards" / "king-of-tokyo").glob("*.kot"))[0]
BROKEN_CARD = 'card "Broken Test"\n  cost: x\n'

ARGS: dict[str, tuple[list[str], int]] = {
    "play": (["--players", "2", "--seed", "1"], 0),
    "simulate": (["--players", "2", "--games", "2", "--seed", "1"], 0),
    "balance": (["energize", "--players", "2", "--games", "2", "--seed", "1"], 0),
    "scenario run": ([str(SCENARIO)], 0),
    "conform": (["--engine", shlex.join([sys.executable, "-m", "kot_rules.conform.own"]),
                 str(SCENARIO)], 0),
    "check": (["--no-proofs", str(CARD_FILE)], 0),
    "verify": ([], 0),
    "rules": ([], 0),
    "fmt": (["--check", str(CARD_FILE)], 0),
    "cards list": ([], 0),
    "cards show": (["energize"], 0),
    "cards coverage": ([], 0),
    "games": ([], 0),
}
"""Each command (its words after ``kot-rules``): cheap arguments that make it run, and
the exit code they give. A new command needs an entry here."""

ERROR_KEYS = {"code", "message", "file", "line", "column", "hint", "exit"}


def commands(parser: argparse.ArgumentParser, words: tuple[str, ...] = ()
             ) -> dict[str, argparse.ArgumentParser]:
    """Every runnable command under ``parser`` (the leaves of the subcommand tree)."""
    found: dict[str, argparse.ArgumentParser] = {}
    groups = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not groups and words:
        found[" ".join(words)] = parser
    for group in groups:
        for name, sub in group.choices.items():
            found.update(commands(sub, (*words, name)))
    return found


COMMANDS = commands(build_parser())


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def json_error(out: str) -> dict[str, Any]:
    document = json.loads(out)
    assert list(document) == ["error"]
    body: dict[str, Any] = document["error"]
    assert set(body) >= ERROR_KEYS
    return body


class TestEveryCommandPrintsOneJsonObject:
    def test_the_parser_has_the_commands_we_know(self) -> None:
        assert {"play", "check", "cards show", "scenario run"} <= set(COMMANDS)
        assert "cards" not in COMMANDS  # a group is not a command

    def test_every_entry_of_the_table_is_a_command(self) -> None:
        assert set(ARGS) <= set(COMMANDS), "ARGS names a command the parser does not have"

    @pytest.mark.parametrize("name", sorted(COMMANDS))
    def test_the_command_has_json_documented_in_its_help(self, name: str) -> None:
        parser = COMMANDS[name]
        flags = {flag for action in parser._actions for flag in action.option_strings}
        assert "--json" in flags
        epilog = " ".join((parser.epilog or "").split())
        assert "JSON (--json): one object on stdout: " in epilog
        assert " ".join(JSON_ERRORS.split()) in epilog

    @pytest.mark.parametrize("name", sorted(COMMANDS))
    def test_the_command_prints_one_json_object(
        self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
    ) -> None:
        if name not in ARGS:
            pytest.fail(f"'kot-rules {name}' has no entry in ARGS: add arguments that run it")
        monkeypatch.chdir(REPO)
        argv, expected = ARGS[name]
        code, out, _ = run(capsys, *name.split(), *argv, "--json")
        document = json.loads(out)
        assert isinstance(document, dict)
        assert "error" not in document
        assert code == expected


class TestFormatJsonIsTheOlderSpellingOfJson:
    @pytest.mark.parametrize("name", ["check", "cards list"])
    def test_format_json_prints_what_json_prints(
        self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
    ) -> None:
        monkeypatch.chdir(REPO)
        argv, _ = ARGS[name]
        as_json = run(capsys, *name.split(), *argv, "--json")
        as_format = run(capsys, *name.split(), *argv, "--format", "json")
        assert as_format == as_json
        assert json.loads(as_json[1])

    def test_format_text_is_the_text(self, capsys: pytest.CaptureFixture[str]) -> None:
        plain = run(capsys, "cards", "list")
        assert run(capsys, "cards", "list", "--format", "text") == plain
        assert not plain[1].startswith("{")


class TestErrorsInJsonMode:
    """An error with --json is one object {"error": {...}} on stdout, with the same exit
    code as without --json, and the usual one-line message on stderr."""

    def test_a_usage_error(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, err = run(capsys, "check", "--json", "--no-such-option")
        body = json_error(out)
        assert (code, body["code"], body["exit"]) == (2, "CLI001", 2)
        assert "unrecognized arguments: --no-such-option" in body["message"]
        assert err == "kot-rules: error: unrecognized arguments: --no-such-option\n"

    def test_a_bad_value_after_json(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "simulate", "--json", "--games", "0")
        body = json_error(out)
        assert (code, body["code"]) == (2, "CLI001")
        assert "expected at least 1, got 0" in body["message"]

    def test_players_outside_the_game_s_range(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "play", "--players", "7", "--json")
        assert (code, json_error(out)["code"]) == (2, "CLI001")

    def test_an_option_the_rules_do_not_allow(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "play", "--players", "4", "--tokyo-bay", "--seed", "1",
                           "--json")
        body = json_error(out)
        assert (code, body["code"], body["file"]) == (2, "CLI002", None)
        assert body["message"].startswith("Tokyo Bay is a variant for 5-6 monsters")

    def test_a_card_that_is_not_there(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, err = run(capsys, "cards", "show", "energise", "--json")
        body = json_error(out)
        assert (code, body["code"]) == (1, "CLI003")
        assert body["hint"] == "did you mean 'Energize'?"
        assert err.startswith("kot-rules: error: no card named 'energise'")

    def test_a_card_set_with_errors_names_the_file_line_and_column(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        (tmp_path / "broken.kot").write_text(BROKEN_CARD, encoding="utf-8")
        code, out, _ = run(capsys, "cards", "list", "--cards", str(tmp_path), "--json")
        body = json_error(out)
        assert code == 2
        assert (body["code"], body["file"], body["line"], body["column"]) == (
            "KOT102", str(tmp_path / "broken.kot"), 2, 7)
        assert [d["code"] for d in body["diagnostics"]] == ["KOT102"]

    def test_a_game_that_does_not_end(
        self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        def stuck(*args: object, **kwargs: object) -> None:
            raise simulation.SimulationError("game with seed 5 did not end")

        monkeypatch.setattr(simulation, "simulate", stuck)
        code, out, _ = run(capsys, "simulate", "--games", "3", "--seed", "5", "--json")
        assert (code, json_error(out)["code"]) == (1, "CLI004")

    def test_ctrl_c(self, capsys: pytest.CaptureFixture[str],
                    monkeypatch: pytest.MonkeyPatch) -> None:
        def interrupted(*args: object, **kwargs: object) -> None:
            raise KeyboardInterrupt

        monkeypatch.setattr(simulation, "simulate", interrupted)
        code, out, err = run(capsys, "simulate", "--games", "3", "--seed", "1", "--json")
        assert (code, json_error(out)["code"], err) == (130, "CLI005", "")

    def test_every_code_is_documented_in_the_top_help(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        _, out, _ = run(capsys, "--help")
        for code, meaning in ERROR_CODES.items():
            assert f"{code}  {meaning}" in out

    def test_without_json_an_error_is_text_on_stderr_only(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        code, out, err = run(capsys, "cards", "show", "energise")
        assert (code, out) == (1, "")
        assert err.startswith("kot-rules: error: no card named 'energise'")
