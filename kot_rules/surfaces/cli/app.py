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
from importlib import import_module
from typing import NoReturn, cast

from kot_rules import __version__
from kot_rules.surfaces.cli.common import (
    ERROR_CODES,
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    INTERRUPTED,
    NOT_ALLOWED,
    PROG,
    SUMMARIES,
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


# Each group of commands: its names, its module (under kot_rules.surfaces.cli) and the
# function of that module that adds its parsers, in the order --help lists them.
GROUPS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("play", "simulate"), "play", "add_parsers"),
    (("balance",), "balance", "add_parsers"),
    (("scenario",), "scenario", "add_parsers"),
    (("conform",), "conform", "add_parsers"),
    (("check",), "cards", "add_check"),
    (("verify",), "verify", "add_parsers"),
    (("rules",), "rules", "add_parsers"),
    (("fmt",), "cards", "add_fmt"),
    (("cards",), "cards", "add_cards"),
    (("games",), "games", "add_parsers"),
)

Adder = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole ``kot-rules`` parser; with ``only``, the parser of that command alone is
    built in full and every other command is listed with its one-line help (``--help``
    reads the same), so that starting the command loads only that command's module."""
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
    for names, module, adder in GROUPS:
        if only is None or only in names:
            add: Adder = getattr(import_module(f"kot_rules.surfaces.cli.{module}"), adder)
            add(commands)
        else:
            for name in names:
                commands.add_parser(name, help=SUMMARIES[name])
    return parser


def _command_word(words: Sequence[str]) -> str | None:
    """The command a command line runs: its first word that is not an option (the
    top-level options, --help and --version, take no value)."""
    return next((word for word in words if not word.startswith("-")), None)


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
    parser = build_parser(_command_word(words) or "")
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
    except Exception as exc:
        known = _as_cli_error(exc)
        if known is None:
            raise
        failure = known
    if getattr(args, "json", False):
        echo_json(failure.to_json())
    error(failure.message)
    return failure.code


def _as_cli_error(exc: Exception) -> CliError | None:
    """The :class:`CliError` that reports a documented error of the library, or ``None``.

    Only the modules already loaded are looked at: an exception class of a module never
    imported cannot have been raised, and the app itself imports none of them.
    """
    loaded = sys.modules
    if "kot_rules.engine.errors" in loaded:
        from kot_rules.engine.errors import ConfigError

        if isinstance(exc, ConfigError):
            return CliError(str(exc), EXIT_USAGE, error_code=NOT_ALLOWED)
    if "kot_rules.language.diagnostics" in loaded:
        from kot_rules.language.diagnostics import CardSpecError

        if isinstance(exc, CardSpecError):
            return CliError(str(exc), **card_errors(exc.diagnostics))
    if "kot_rules.scenarios.errors" in loaded:
        from kot_rules.scenarios.errors import ScenarioFormatError

        if isinstance(exc, ScenarioFormatError):
            return CliError(str(exc), error_code=exc.code, file=exc.file, line=exc.line,
                            column=exc.column, hint=exc.hint or None)
    if "kot_rules.engine.errors" in loaded:
        from kot_rules.engine.errors import KotRulesError

        if isinstance(exc, KotRulesError):
            return CliError(str(exc))
    return None
