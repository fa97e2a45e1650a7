"""The reference engine through the protocol: every scenario of every game passes, the
command line prints a line per scenario as it is judged, then its table and report, and the
stored reports are what a run gives."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conform_helpers import GAMES, OWN, ROOT, SCENARIOS, SLOW, errors, fake_engine

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

    def test_one_line_per_scenario_as_it_is_judged(self) -> None:
        folder = SCENARIOS / "king-of-tokyo" / "end"
        code, out = _cli("conform", "--engine", shlex.join([*OWN, "--break", "end.must-survive"]),
                         str(folder))
        report = run_conformance("king-of-tokyo", [*OWN, "--break", "end.must-survive"],
                                 [folder])
        lines = out.splitlines()
        assert code == 1 and len(report.results) == 12
        assert lines[:13] == [r.line() for r in report.results] + [""]
        assert lines[13].startswith("engine: kot-rules with end.must-survive broken")
        assert lines[7] == ("FAIL spec/scenarios/king-of-tokyo/end/twenty-stars-and-eliminated-"
                            "no-win.yaml [end.must-survive, end.victory-at-end-of-turn] Reaching "
                            "20 stars with Jet Fighters and dying from it in the same turn does "
                            "not win")
        assert lines[0].startswith("PASS spec/scenarios/king-of-tokyo/end/active-eliminated-"
                                   "turn-ends.yaml [end.elimination, D-ELIMINATED-ACTIVE] ")
        assert out.count(lines[7]) == 2  # and again, with its differences, in the report

    @pytest.mark.parametrize("flag", ["--quiet", "-q"])
    def test_quiet_prints_only_the_report(self, flag: str) -> None:
        code, out = _cli("conform", flag, "--engine", shlex.join(OWN),
                         str(SCENARIOS / "king-of-tokyo" / "end"))
        assert code == 0 and out.startswith("engine: kot-rules 0.1.0")
        assert "PASS" not in out
        assert out.rstrip().splitlines()[-1].startswith("12 scenarios: 12 pass, 0 fail")

    def test_each_line_is_called_back_before_the_next_scenario_starts(
            self, monkeypatch: pytest.MonkeyPatch) -> None:
        seen: list[str] = []
        play = runner._run_file

        def logged(path: Path, *rest: Any) -> Any:
            seen.append(f"run {path.name}")
            return play(path, *rest)

        monkeypatch.setattr(runner, "_run_file", logged)
        report = run_conformance("king-of-tokyo", OWN, [SCENARIOS / "king-of-tokyo" / "end"],
                                 on_result=lambda r: seen.append(f"judged {Path(r.path).name}"))
        names = [Path(r.path).name for r in report.results]
        assert seen == [f"{what} {name}" for name in names for what in ("run", "judged")]

    def test_the_lines_reach_a_pipe_while_the_run_goes_on(self, tmp_path: Path) -> None:
        # The engine answers its second load SLOW seconds late: the first scenario's line
        # must come through the pipe that long before the run ends (not at exit), with
        # stdout buffered as it is by default.
        end = SCENARIOS / "king-of-tokyo" / "end"
        env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
        proc = subprocess.Popen(
            [sys.executable, "-m", "kot_rules.surfaces.cli", "conform", "--engine",
             shlex.join(fake_engine(tmp_path, "slow-second")),
             str(end / "draw-all-eliminated.yaml"), str(end / "twenty-stars-wins.yaml")],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env)
        assert proc.stdout is not None
        try:
            first = proc.stdout.readline().decode()
            at_first = time.monotonic()
            rest, _ = proc.communicate(timeout=60)
        finally:
            proc.kill()
        assert time.monotonic() - at_first >= SLOW - 1.0
        assert first.startswith("PASS spec/scenarios/king-of-tokyo/end/draw-all-eliminated.yaml")
        assert proc.returncode == 0
        assert rest.decode().splitlines()[0].startswith(
            "PASS spec/scenarios/king-of-tokyo/end/twenty-stars-wins.yaml")

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
