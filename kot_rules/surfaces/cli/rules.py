"""``kot-rules rules``: the rules reference, as Markdown."""

from __future__ import annotations

import argparse

from kot_rules.surfaces.cli.common import (
    EXIT_OK,
    CliError,
    Formatter,
    add_game_option,
    command,
    echo,
    wrap,
)


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rules = commands.add_parser(
        "rules", formatter_class=Formatter,
        help="print the rules reference (Markdown) with sources, decisions and scenarios",
        description=wrap(
            "Print the rules reference generated from spec/rules and spec/scenarios: every "
            "rule with its slug, number, statement, seed source and the scenarios that test "
            "it, then every decision on an open point."
        ),
        epilog="example:\n  kot-rules rules > rules.md",
    )
    add_game_option(rules, what="whose rules to print (spec/rules/ID.yaml)")
    command(rules, run_rules)


def run_rules(args: argparse.Namespace) -> int:
    from kot_rules.paths import spec_dir
    from kot_rules.rulebook import load_rulebook
    from kot_rules.surfaces.rulesdoc import render

    path = spec_dir() / "rules" / f"{args.game}.yaml"
    if not path.is_file():
        raise CliError(f"game {args.game!r} has no rules file ({path.name})")
    book = load_rulebook(path)
    echo(render(book).rstrip("\n"))
    return EXIT_OK
