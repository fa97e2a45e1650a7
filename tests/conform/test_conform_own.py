"""The reference engine through the protocol: every scenario of every game passes, the
command line prints its table and report, and the stored reports are what a run gives."""

from __future__ import annotations

import contextlib
import io
import json
import shlex
from pathlib import Path

import pytest
from conform_helpers import GAMES, OWN, ROOT, SCENARIOS, errors

from kot_rules.conform import runner
from kot_rules.conform.runner import run_conformance
from kot_rules.surfaces.cli import conform as cli_conform
from kot_rules.surfaces.cli import main

STORED_COMMAND = "python -m kot_rules.conform.own"
"""The engine command the stored reports name (conformance/README.md)."""


def _cli(*words: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(words))
    return code, out.getvalue()


@pytest.mark.parametrize("game", GAMES)
def test_every_scenario_of_the_game_passes_as_the_stored_report_says(game: str) -> None:
    # about 7 s a game on an idle machine (one engine process, no restart)
    report = run_conformance(game, OWN, [SCENARIOS / game], command=STORED_COMMAND)
    assert report.errors == []
    assert report.totals() == {"pass": len(report.results), "fail": 0, "unsupported": 0,
                               "engine-error": 0}
    assert len(report.results) == len(list((SCENARIOS / game).rglob("*.yaml")))
    assert report.engine == {"name": "kot-rules", "version": "0.1.0"}
    stored = json.loads((ROOT / "conformance" / "reports" / f"kot-rules.{game}.json")
                        .read_text(encoding="utf-8"))
    assert stored == report.to_json(), (
        f"conformance/reports/kot-rules.{game}.json is out of date: see conformance/README.md")


class TestCommandLine:
    def test_the_text_report(self) -> None:
        code, out = _cli("conform", "--engine", shlex.join(OWN),
                         str(SCENARIOS / "king-of-tokyo" / "end"))
        assert code == 0
        assert "rule / decision" in out and "end.must-survive" in out
        assert out.rstrip().splitlines()[-1].startswith("12 scenarios: 12 pass, 0 fail")

    def test_the_json_report_and_its_file(self, tmp_path: Path) -> None:
        saved = tmp_path / "reports" / "mine.json"
        code, out = _cli("conform", "--game", "king-of-tokyo-duel", "--json", "--output",
                         str(saved), "--engine", shlex.join(OWN),
                         str(SCENARIOS / "king-of-tokyo-duel" / "victory"))
        data = json.loads(out)
        assert code == 0 and data["ok"] and data["game"] == "king-of-tokyo-duel"
        assert errors("report", data) == []
        assert json.loads(saved.read_text(encoding="utf-8")) == data
        assert data["rules"]["duel.end.spotlight"]["pass"] >= 1

    def test_a_scenario_of_another_game_is_an_error(self) -> None:
        code, out = _cli("conform", "--json", "--engine", shlex.join(OWN),
                         str(SCENARIOS / "king-of-tokyo-duel" / "victory" / "spotlight.yaml"))
        data = json.loads(out)
        assert code == 1 and not data["ok"] and data["scenarios"] == []
        assert "SCN004" in data["errors"][0] and "--game king-of-tokyo-duel" in data["errors"][0]

    @pytest.mark.parametrize(("words", "message"), [
        (["--engine", "'unclosed"], "--engine"),
        (["--engine", ""], "empty command"),
        (["--engine", "x", "--timeout", "0"], "seconds"),
        (["--engine", "x", "no/such/folder"], "no such file"),
    ])
    def test_usage_errors(self, words: list[str], message: str) -> None:
        code, out = _cli("conform", "--json", *words)
        data = json.loads(out)
        assert code in (1, 2) and message in data["error"]["message"]

    def test_the_parser_knows_the_runners_time_limit(self) -> None:
        assert cli_conform.DEFAULT_TIMEOUT == runner.DEFAULT_TIMEOUT
