"""``kot-rules scenario run``: conformance scenarios."""

from __future__ import annotations

import argparse
from pathlib import Path

from kot_rules.surfaces.cli.common import (
    EXIT_FAILURE,
    EXIT_OK,
    CliError,
    Formatter,
    add_cards_option,
    add_game_option,
    card_table,
    command,
    echo,
    wrap,
)


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    scenario = commands.add_parser(
        "scenario", formatter_class=Formatter,
        help="conformance scenarios (scenario run PATH...)",
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
            "A scenario of another game than --game is reported as an error (SCN004); a "
            "format-1 scenario is a King of Tokyo scenario."
        ),
        epilog="example:\n  kot-rules scenario run spec/scenarios",
    )
    run.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                     help="a scenario file or a folder of them")
    add_cards_option(run)
    add_game_option(run, what="the scenarios must be of")
    command(run, run_scenarios)


def run_scenarios(args: argparse.Namespace) -> int:
    from kot_rules.scenarios.runner import run_paths

    game: str = args.game
    cards = (
        card_table(args.cards, game, args.add_cards)
        if args.cards is not None or args.add_cards is not None
        else None
    )
    paths: list[Path] = args.paths
    report = run_paths(paths, cards, game=game)
    for result in report.results:
        echo(result.line())
        if not result.ok:
            details = result.details()
            if details:
                echo(details)
    for error in report.errors:
        echo(error)
    if not report.results and not report.errors:
        raise CliError(
            "no scenario file (*.yaml, *.yml) found in " + ", ".join(str(p) for p in paths)
        )
    echo(f"{report.passed} passed, {report.failed} failed")
    ok = report.failed == 0 and not report.errors
    return EXIT_OK if ok else EXIT_FAILURE
