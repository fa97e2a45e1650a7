"""The ``kot-rules`` parser and the one place that turns errors into exit codes.

Exit codes: 0 success; 1 a failure (a scenario failed, a card file has errors,
a game did not end); 2 a usage error or an option the rules do not allow;
130 interrupted (Ctrl-C). Errors are one ``kot-rules: error: ...`` message on
stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from kot_rules import __version__
from kot_rules.engine.errors import ConfigError, KotRulesError
from kot_rules.language.diagnostics import CardSpecError
from kot_rules.scenarios.errors import ScenarioFormatError
from kot_rules.surfaces.cli import balance, cards, games, play, rules, scenario, verify
from kot_rules.surfaces.cli.common import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    CliError,
    Formatter,
    check_players,
    error,
    wrap,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        formatter_class=Formatter,
        description=wrap(
            "The King of Tokyo reference rules engine: play and simulate seeded games, "
            "run conformance scenarios, check card files."
        ),
        epilog="Run 'kot-rules COMMAND --help' for the options of a command.\n"
        "Exit codes: 0 ok, 1 failure, 2 usage error, 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    # The order the commands are listed in by --help.
    play.add_parsers(commands)
    balance.add_parsers(commands)
    scenario.add_parsers(commands)
    cards.add_check(commands)
    verify.add_parsers(commands)
    rules.add_parsers(commands)
    cards.add_fmt(commands)
    cards.add_cards(commands)
    games.add_parsers(commands)
    return parser


def _safe_streams() -> None:
    """Never crash on a console that cannot show ♥ ★ ⚡: escape what it cannot encode."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if isinstance(stream, io.TextIOWrapper) and encoding != "utf8":
            with contextlib.suppress(ValueError, io.UnsupportedOperation):
                stream.reconfigure(errors="backslashreplace")


def _stdout_closed() -> NoReturn:
    # The reader went away (`kot-rules play | head`): stop quietly, and keep
    # Python from complaining again when it flushes stdout at exit.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        pass
    raise SystemExit(EXIT_FAILURE)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _stdout_closed()


def _main(argv: Sequence[str] | None) -> int:
    _safe_streams()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        check_players(args)
    except SystemExit as exc:  # --help, --version, usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE if exc.code else EXIT_OK
    command: Callable[[argparse.Namespace], int] = args.run
    try:
        code = command(args)
        sys.stdout.flush()  # a closed pipe shows here, not as a warning at exit
        return code
    except CliError as exc:
        error(exc.message)
        return exc.code
    except ConfigError as exc:
        error(str(exc))
        return EXIT_USAGE
    except (KotRulesError, CardSpecError, ScenarioFormatError) as exc:
        error(str(exc))
        return EXIT_FAILURE
