"""``kot-rules conform``: the conformance scenarios run against another engine."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from kot_rules.surfaces.cli.common import (
    EXIT_FAILURE,
    EXIT_OK,
    EXIT_USAGE,
    NOT_FOUND,
    SUMMARIES,
    CliError,
    Formatter,
    add_game_option,
    add_json_option,
    command,
    echo,
    echo_json,
    wrap,
)

if TYPE_CHECKING:
    from kot_rules.conform.report import ConformResult

DEFAULT_TIMEOUT = 10.0
"""Seconds to wait for each answer (kot_rules.conform.runner.DEFAULT_TIMEOUT; a test keeps
the two equal): the parser is built without loading the runner."""


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"expected 0 < seconds <= 3600, got {text}")
    return value


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    conform = commands.add_parser(
        "conform", formatter_class=Formatter, help=SUMMARIES["conform"],
        description=wrap(
            "Run the conformance scenarios against another engine. The engine is the "
            "command ENGINE (split like a shell line, run without a shell); it speaks the "
            "kot-conform protocol: JSON lines on its stdin and stdout "
            "(docs/conform/protocol.md). Each scenario is set up with 'load' (or "
            "'new_game'), its steps are sent with 'apply', and its expectations are judged "
            "on the engine's 'state' answers. A scenario ends as pass; fail (the first "
            "difference from the scenario, and from the reference engine's state); "
            "unsupported (it needs a set-up, card, option, action or field the engine's "
            "hello does not offer: not a failure); or engine-error (a crash, a time-out, an "
            "answer outside the protocol: the engine is started again for the next "
            "scenario). Prints one line per scenario as it is judged (its status, file, "
            "rules and name; not with --quiet), then a table by rule and decision id, the "
            "scenarios that did not pass, and the totals. Exits 0 only when no scenario "
            "failed, no engine error "
            "happened and every file could be read: unsupported scenarios do not count "
            "against the engine."
        ),
        epilog="examples:\n"
        "  kot-rules conform --engine 'python -m kot_rules.conform.own'\n"
        "  kot-rules conform --game king-of-tokyo-duel --engine './my-engine --stdio'\n"
        "  kot-rules conform --engine 'python -m kot_rules.conform.own --break "
        "end.must-survive' spec/scenarios/king-of-tokyo/end",
    )
    conform.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                         help="a scenario file or a folder of them (default: the game's "
                              "scenarios, spec/scenarios/GAME)")
    add_game_option(conform, what="the scenarios are of")
    conform.add_argument("--engine", required=True, metavar="CMD",
                         help="the command that starts the engine under test")
    conform.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT,
                         metavar="SECONDS",
                         help=f"how long to wait for each answer (default: {DEFAULT_TIMEOUT:g})")
    conform.add_argument("-q", "--quiet", action="store_true",
                         help="no line per scenario while the run goes on: only the final "
                              "report")
    conform.add_argument("--output", type=Path, default=None, metavar="FILE",
                         help="also write the JSON report to FILE (e.g. for "
                              "conformance/reports/)")
    add_json_option(
        conform, '{"format": 1, "game", "engine": {"name", "version"} or null, "command", '
        '"ok", "totals": {"pass", "fail", "unsupported", "engine-error"}, "rules": {ID: '
        'totals}, "scenarios": [{"file", "name", "rules", "tags", "status", "reason", '
        '"details"}], "errors": [TEXT]}: spec/schemas/conform/report.schema.json.',
    )
    command(conform, run_conform)


def run_conform(args: argparse.Namespace) -> int:
    from kot_rules.conform.runner import run_conformance, scenario_folder, timed

    try:
        argv = shlex.split(args.engine)
    except ValueError as exc:
        raise CliError(f"--engine: {exc}", EXIT_USAGE) from None
    if not argv:
        raise CliError("--engine: an empty command", EXIT_USAGE)
    paths: list[Path] = args.paths or [scenario_folder(args.game)]
    missing = [p for p in paths if not p.exists()]
    if missing:
        raise CliError(f"no such file or folder: {missing[0]}", error_code=NOT_FOUND)
    progress = None if args.json or args.quiet else _print_line
    report, seconds = timed(lambda: run_conformance(
        args.game, argv, paths, timeout=args.timeout, command=args.engine,
        on_result=progress))
    if not report.results and not report.errors:
        raise CliError("no scenario file (*.yaml, *.yml) found in "
                       + ", ".join(str(p) for p in paths), error_code=NOT_FOUND)
    data = report.to_json()
    if args.output is not None:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                               encoding="utf-8")
    if args.json:
        echo_json(data)
    else:
        if progress is not None and report.results:
            echo()  # the lines as judged, then the report
        echo(report.text(seconds))
    return EXIT_OK if report.ok else EXIT_FAILURE


def _print_line(result: ConformResult) -> None:
    """A scenario's line as soon as it is judged: flushed, so that a run through a pipe
    shows its progress too."""
    echo(result.line())
    sys.stdout.flush()
