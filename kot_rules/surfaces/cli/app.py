"""The ``kot-rules`` parser and the one place that turns errors into exit codes.

Exit codes: 0 success; 1 a failure (a scenario failed, a card file has errors,
a game did not end); 2 a usage error or an option the rules do not allow;
130 interrupted (Ctrl-C). Errors are one ``kot-rules: error: ...`` message on
stderr, never a traceback. With ``--json`` (every command has it) an error is also
one JSON object on stdout, ``{"error": {"code", "message", "file", "line", "column",
"hint", "exit"}}`` (:meth:`CliError.to_json`), so that stdout is always one JSON
document; the exit code is the same as without ``--json``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, cast

from kot_rules import __version__
from kot_rules.engine.errors import ConfigError, KotRulesError
from kot_rules.language.diagnostics import CardSpecError
from kot_rules.scenarios.errors import ScenarioFormatError
from kot_rules.surfaces.cli import balance, cards, games, play, rules, scenario, verify
from kot_rules.surfaces.cli.common import (
    ERROR_CODES,
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    INTERRUPTED,
    NOT_ALLOWED,
    PROG,
    CliError,
    Formatter,
    Parser,
    UsageError,
    card_errors,
    check_players,
    echo_json,
    error,
    report,
    wants_json,
    wrap,
)

CONVENTIONS = (
    "Conventions: every command takes --json and then prints one JSON object on "
    "stdout (its shape is in the command's --help), errors included. A command that "
    "works on files takes them as positional paths (check PATH..., fmt PATH..., scenario "
    "run PATH...); a command that plays or proves with a deck takes it as --cards DIR "
    "(default: the built-in cards)."
)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog=PROG,
        formatter_class=Formatter,
        description=wrap(
            "The King of Tokyo reference rules engine: play and simulate seeded games, "
            "run conformance scenarios, check card files."
        ),
        epilog="Run 'kot-rules COMMAND --help' for the options of a command.\n"
        "Exit codes: 0 ok, 1 failure, 2 usage error, 130 interrupted.\n\n"
        + wrap(CONVENTIONS) + "\n\nError codes of the command line itself (with --json):\n"
        + "\n".join(f"  {code}  {meaning}" for code, meaning in ERROR_CODES.items()),
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    # Every subcommand's parser is a Parser too (argparse makes them of the top one's
    # class); the command modules only need to know it is an ArgumentParser.
    commands = cast(
        "argparse._SubParsersAction[argparse.ArgumentParser]",
        parser.add_subparsers(dest="command", metavar="COMMAND", required=True),
    )
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
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        return _main(words)
    except KeyboardInterrupt:
        if wants_json(words):  # stdout stays one JSON document, even when interrupted
            with contextlib.suppress(OSError, ValueError):
                echo_json(CliError("interrupted", EXIT_INTERRUPTED,
                                   error_code=INTERRUPTED).to_json())
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _stdout_closed()


def _main(words: list[str]) -> int:
    _safe_streams()
    parser = build_parser()
    try:
        args = parser.parse_args(words)
        check_players(args)
    except UsageError as exc:
        if wants_json(words):
            echo_json(exc.to_json())
        else:
            exc.parser.print_usage(sys.stderr)
        report(f"{exc.parser.prog}: error: {exc.message}")
        return EXIT_USAGE
    except SystemExit as exc:  # --help, --version
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE if exc.code else EXIT_OK
    command: Callable[[argparse.Namespace], int] = args.run
    try:
        code = command(args)
        sys.stdout.flush()  # a closed pipe shows here, not as a warning at exit
        return code
    except CliError as exc:
        failure = exc
    except ConfigError as exc:
        failure = CliError(str(exc), EXIT_USAGE, error_code=NOT_ALLOWED)
    except CardSpecError as exc:
        failure = CliError(str(exc), **card_errors(exc.diagnostics))
    except ScenarioFormatError as exc:
        failure = CliError(str(exc), error_code=exc.code, file=exc.file, line=exc.line,
                           column=exc.column, hint=exc.hint or None)
    except KotRulesError as exc:
        failure = CliError(str(exc))
    if getattr(args, "json", False):
        echo_json(failure.to_json())
    error(failure.message)
    return failure.code
