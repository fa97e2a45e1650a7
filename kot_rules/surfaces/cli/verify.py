"""``kot-rules verify``: prove the invariants of the rules with Z3."""

from __future__ import annotations

import argparse
from pathlib import Path

from kot_rules.surfaces.cli.common import (
    EXIT_FAILURE,
    EXIT_OK,
    EXIT_USAGE,
    SUMMARIES,
    CliError,
    Formatter,
    add_cards_option,
    add_game_option,
    add_json_option,
    card_set,
    command,
    echo,
    echo_json,
    wrap,
)


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    verify = commands.add_parser(
        "verify", formatter_class=Formatter, help=SUMMARIES["verify"],
        description=wrap(
            "Prove with Z3 that every invariant of the rules holds at set-up and is kept by "
            "every step of the rule kernel and by every sentence of the cards (default: the "
            "built-in cards), and that a 20-star win, a last monster standing and a draw "
            "are reachable. Prints a table transition x invariant (ok, FAIL, time, n/a), "
            "each failed proof with its counterexample and the scenario file it wrote, "
            "then the counts. Exits 0 only if everything is proved and every canary is "
            "reachable."
        ),
        epilog="examples:\n  kot-rules verify\n  kot-rules verify --cards my-cards/ "
        "--out build/counterexamples --json",
    )
    add_cards_option(verify)
    verify.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="write counterexample scenarios into DIR (default: a new "
                        "temporary folder, made only if a proof fails)")
    add_game_option(verify, what="whose rules and built-in cards to prove")
    add_json_option(
        verify, "{ok, seconds, invariants: [{id, statement, rules}], counts: {INVARIANT: "
        "{STATUS: N}}, results: [{invariant, transition, kind, status, seconds, cards, "
        "detail, counterexample, scenario, reproduced}], canaries: [{name, reachable, "
        "seconds}]}; ok is false (exit 1) if a proof fails or a canary is unreachable.",
    )
    command(verify, run_verify)


def run_verify(args: argparse.Namespace) -> int:
    import tempfile

    from kot_rules.verify.counterexample import attach
    from kot_rules.verify.prover import model_of, verify
    from kot_rules.verify.report import lines

    cset = card_set(args.cards, args.game, args.add_cards)
    out: Path | None = args.out
    if out is not None and out.exists() and not out.is_dir():
        raise CliError(f"--out {out}: not a folder", EXIT_USAGE, file=str(out))

    def folder() -> Path:
        nonlocal out
        if out is None:
            out = Path(tempfile.mkdtemp(prefix="kot-rules-counterexamples-"))
        return out

    try:
        model = model_of(args.game)
    except ModuleNotFoundError:
        raise CliError(f"--game {args.game}: this game has no symbolic model to prove yet",
                       EXIT_USAGE) from None
    # A game whose model says how a counterexample reads as a scenario (King of Tokyo)
    # writes and replays each one; the others report it only.
    on = None if model.scenario is None else attach(cset, folder, model.scenario)
    report = verify(cset.cards, on, model=model)
    if args.json:
        echo_json(report.to_json())
    else:
        echo("\n".join(lines(report)))
    return EXIT_OK if report.ok else EXIT_FAILURE
