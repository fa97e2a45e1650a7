"""``kot-rules balance``: how often cards are bought and how their buyers fare."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from kot_rules import balance
from kot_rules.simulation import SimulationError
from kot_rules.surfaces.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    Formatter,
    add_jobs_option,
    add_play_options,
    command,
    echo,
    game_setup,
    new_game,
    positive_arg,
    seed,
    wrap,
)


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = commands.add_parser(
        "balance", formatter_class=Formatter,
        help="per-card figures over many games: bought how often, and do buyers win more",
        description=wrap(
            "Play G seeded games (seeds S, S+1, ...) and report, for each CARD: the share "
            "of games in which some monster bought it and the buys per game; the win rate "
            "of the monsters that bought it and of those that did not (one monster in one "
            "game counts once; a draw is no win), each with a 95% Wilson score interval; "
            "and the mean turn it was bought on. Compare the buyers' rate with the baseline "
            "1/players. CARD is a name, a Polish or Czech name or a card id, in any case, "
            "accents optional. With --add-cards, the designer's cards play in the deck."
        ),
        epilog="examples (any card names, aliases or ids):\n"
        "  kot-rules balance 'CARD NAME' CARD-ID --games 2000 --seed 1\n"
        "  kot-rules balance 'My Card' --add-cards my-card.kot --games 2000 --seed 1 "
        "--plot my-card.png\n"
        "  kot-rules balance 'CARD NAME' --players 5 --games 1000 --seed 7 --jobs 0 --json",
    )
    p.add_argument("card_names", nargs="+", metavar="CARD", help="a card name, alias or id")
    add_play_options(p, many=True)
    p.add_argument(
        "--games", type=positive_arg, default=1000, metavar="G",
        help="number of games (default: 1000)",
    )
    add_jobs_option(p)
    p.add_argument(
        "--plot", type=Path, default=None, metavar="FILE",
        help="also draw each card's buyer win rate with its interval against the baseline "
        "to FILE (.png or .svg; needs matplotlib: pip install 'kot-rules[plot]')",
    )
    p.add_argument(
        "--json", action="store_true",
        help="print one JSON object: the game figures as simulate gives them, "
        "baseline_win_rate, interval and one object per card",
    )
    command(p, run_balance)


def run_balance(args: argparse.Namespace) -> int:
    from kot_rules.surfaces.balance_plot import FORMATS, INSTALL, PlotUnavailableError, plot

    out: Path | None = args.plot
    if out is not None and out.suffix.lower() not in FORMATS:
        raise CliError(f"--plot {out}: write the figure as .png or .svg", EXIT_USAGE)
    game = new_game(args)
    try:
        names = balance.card_names(game, args.card_names)
    except balance.UnknownCardError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None
    if out is not None:
        try:
            import matplotlib  # noqa: F401  (fail before the games, not after)
        except ImportError:
            raise CliError(f"--plot needs matplotlib, which is not installed: {INSTALL}",
                           EXIT_USAGE) from None
    from kot_rules.surfaces.cli.play import progress_bar

    bar = progress_bar(args.games)
    try:
        summary = balance.balance(
            game, names, args.games, seed(args), None if bar is None else bar.update,
            args.agent, jobs=args.jobs, setup=game_setup(args),
        )
    except SimulationError as exc:
        raise CliError(str(exc)) from None
    finally:
        if bar is not None:
            bar.close()
    if out is not None:
        try:
            plot(summary, out)
        except PlotUnavailableError as exc:
            raise CliError(str(exc), EXIT_USAGE) from None
        except OSError as exc:
            raise CliError(f"--plot {out}: {exc.strerror or type(exc).__name__}") from None
    if args.json:
        echo(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        echo("\n".join(balance.summary_lines(summary)))
        if out is not None:
            print(f"figure written to {out}", file=sys.stderr)
    return EXIT_OK
