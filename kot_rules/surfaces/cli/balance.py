"""``kot-rules balance``: how often cards are bought and how their buyers fare."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kot_rules import balance
from kot_rules.simulation import SimulationError
from kot_rules.surfaces.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    SUMMARIES,
    CliError,
    Formatter,
    add_jobs_option,
    add_json_option,
    add_play_options,
    command,
    echo,
    echo_json,
    game_setup,
    new_game,
    parallel,
    positive_arg,
    seed,
    wrap,
)


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = commands.add_parser(
        "balance", formatter_class=Formatter, help=SUMMARIES["balance"],
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
    add_json_option(
        p, "{games, players, monsters, seed, agent, tokyo_bay, first_player, wins_by_seat, "
        "draws, mean_turns, min_turns, max_turns, decisions, seconds, games_per_second, "
        "decisions_per_second, deck, baseline_win_rate, interval: {method: wilson, "
        "confidence: 0.95}, cards: [{name, cost, copies, games_bought, bought_rate, buys, "
        "buys_per_game, mean_buy_turn, buyers, buyer_wins, buyer_win_rate, buyer_win_ci, "
        "non_buyers, non_buyer_wins, non_buyer_win_rate, non_buyer_win_ci}]}; seconds, "
        "games_per_second and decisions_per_second are timings, the rest depend only on "
        "the options.",
    )
    command(p, run_balance)


def run_balance(args: argparse.Namespace) -> int:
    from kot_rules.backends import ClusterError
    from kot_rules.surfaces.balance_plot import FORMATS, INSTALL, PlotUnavailableError, plot

    out: Path | None = args.plot
    workers = parallel(args)
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
            args.agent, setup=game_setup(args), **workers,
        )
    except (SimulationError, ClusterError) as exc:
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
        echo_json(summary)
    else:
        echo("\n".join(balance.summary_lines(summary)))
        if out is not None:
            print(f"figure written to {out}", file=sys.stderr)
    return EXIT_OK
