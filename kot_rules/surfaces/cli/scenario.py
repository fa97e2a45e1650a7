"""``kot-rules scenario run``: conformance scenarios."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kot_rules.surfaces.cli.common import (
    DEFAULT_GAME,
    EXIT_FAILURE,
    EXIT_OK,
    NOT_FOUND,
    SUMMARIES,
    CliError,
    Formatter,
    add_cards_option,
    add_game_option,
    add_json_option,
    card_table,
    command,
    echo,
    echo_json,
    wrap,
)

if TYPE_CHECKING:
    from kot_rules.scenarios.runner import RunReport

# The first line of a rendered scenario error: FILE:LINE:COL: error[CODE]: MESSAGE.
_ERROR_HEAD = re.compile(r"^(?P<file>.*):(?P<line>\d+):(?P<column>\d+): error\[(?P<code>\w+)\]: "
                         r"(?P<message>.*)$")


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    scenario = commands.add_parser(
        "scenario", formatter_class=Formatter, help=SUMMARIES["scenario"],
        description=wrap(
            "Conformance scenarios: YAML files that set up a position, play a script "
            "and state what must happen."
        ),
    )
    scenario_commands = scenario.add_subparsers(
        dest="scenario_command", metavar="SUBCOMMAND", required=True
    )
    run = scenario_commands.add_parser(
        "run", formatter_class=Formatter,
        help="run scenario files and folders",
        description=wrap(
            "Run scenario files, and every *.yaml / *.yml file under the folders given "
            "(recursively). Prints one line per scenario, the details of each failure and each "
            "malformed file, then 'N passed, M failed'. Exits 0 only if every scenario passes. "
            "Without --game each scenario is played in the game it names (a "
            "format-1 scenario is a King of Tokyo scenario); with --game, a scenario of "
            "another game is reported as an error (SCN004)."
        ),
        epilog="example:\n  kot-rules scenario run spec/scenarios",
    )
    run.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                     help="a scenario file or a folder of them")
    add_cards_option(run)
    add_game_option(run, what="the scenarios must be of")
    run.set_defaults(game=None)  # not given: each scenario's own game
    add_json_option(
        run, '{"ok", "passed", "failed", "scenarios": [{"file", "name", "rules", "ok", '
        '"problems"}], "errors": [{"file", "line", "column", "code", "message", "text"}]}: '
        "one entry per scenario run (problems: why it failed) and one per malformed file "
        "(text: the error as the text output shows it); failed counts both.",
    )
    command(run, run_scenarios)


def run_scenarios(args: argparse.Namespace) -> int:
    from kot_rules.scenarios.runner import run_paths

    game: str | None = args.game
    cards = (
        card_table(args.cards, game or DEFAULT_GAME, args.add_cards)
        if args.cards is not None or args.add_cards is not None
        else None
    )
    paths: list[Path] = args.paths
    if cards is not None and game is None:
        game = DEFAULT_GAME  # --cards are cards of one game
    report = run_paths(paths, cards, game=game)
    if not report.results and not report.errors:
        raise CliError(
            "no scenario file (*.yaml, *.yml) found in " + ", ".join(str(p) for p in paths),
            error_code=NOT_FOUND,
        )
    ok = report.failed == 0 and not report.errors
    if args.json:
        echo_json(_report_json(report, ok))
        return EXIT_OK if ok else EXIT_FAILURE
    for result in report.results:
        echo(result.line())
        if not result.ok:
            details = result.details()
            if details:
                echo(details)
    for error in report.errors:
        echo(error)
    echo(f"{report.passed} passed, {report.failed} failed")
    return EXIT_OK if ok else EXIT_FAILURE


def _error_json(text: str) -> dict[str, Any]:
    head = _ERROR_HEAD.match(text.split("\n", 1)[0])
    if head is None:  # not in the usual form: the text alone says it all
        return {"file": None, "line": None, "column": None, "code": None,
                "message": text, "text": text}
    return {"file": head["file"], "line": int(head["line"]), "column": int(head["column"]),
            "code": head["code"], "message": head["message"], "text": text}


def _report_json(report: RunReport, ok: bool) -> dict[str, Any]:
    return {
        "ok": ok,
        "passed": report.passed,
        "failed": report.failed,
        "scenarios": [{"file": str(r.path), "name": r.name, "rules": list(r.rules),
                       "ok": r.ok, "problems": list(r.problems)} for r in report.results],
        "errors": [_error_json(e) for e in report.errors],
    }
