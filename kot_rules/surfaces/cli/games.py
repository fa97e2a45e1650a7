"""``kot-rules games``: the games of the family this engine plays."""

from __future__ import annotations

import argparse

from kot_rules import games
from kot_rules.surfaces.cli.common import (
    EXIT_OK,
    SUMMARIES,
    Formatter,
    add_json_option,
    command,
    echo,
    echo_json,
    wrap,
)


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = commands.add_parser(
        "games", formatter_class=Formatter, help=SUMMARIES["games"],
        description=wrap(
            "List the registered games, one line each: the id that --game takes, the "
            "title and the number of players."
        ),
        epilog="examples:\n  kot-rules games\n  kot-rules games --json",
    )
    add_json_option(p, '{"games": [{"id", "title", "players": {"min", "max"}, "default"}]}, '
                    "in the order of the text; default is true for the game --game "
                    "defaults to.")
    command(p, run_games)


def run_games(args: argparse.Namespace) -> int:
    found = games.definitions()
    if args.json:
        echo_json({"games": [{**d.to_json(), "default": d.id == games.DEFAULT_GAME}
                             for d in found]})
        return EXIT_OK
    width = max((len(d.id) for d in found), default=0)
    for d in found:
        marker = "  (default)" if d.id == games.DEFAULT_GAME else ""
        seats = (f"{d.min_players}" if d.min_players == d.max_players
                 else f"{d.min_players}-{d.max_players}")
        echo(f"{d.id:<{width}}  {d.title}, {seats} players{marker}")
    return EXIT_OK
