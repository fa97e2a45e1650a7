"""What every command group of ``kot-rules`` shares: exit codes, errors, options, output."""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

# Only light modules here: building the parser of `kot-rules check` or `--help` must not
# load the engine, the card parser or Z3 (tests/surfaces/test_cli_startup.py); what a
# command needs is imported when it runs.
if TYPE_CHECKING:
    from kot_rules import games
    from kot_rules.engine.cards import CardTable
    from kot_rules.engine.game import Game
    from kot_rules.language.cardset import CardSet
    from kot_rules.language.diagnostics import Diagnostic
    from kot_rules.simulation import GameSetup

PROG = "kot-rules"

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

DEFAULT_GAME = "king-of-tokyo"
"""``kot_rules.games.DEFAULT_GAME``, known without loading the games (a test keeps the two
equal): the default of ``--game`` needs no registry look-up."""

SUMMARIES: dict[str, str] = {
    "play": "play one seeded game (random agents, or --agent) and print its log",
    "simulate": "play many seeded games (random agents, or --agent) and summarise them",
    "balance": "per-card figures over many games: bought how often, and do buyers win more",
    "scenario": "conformance scenarios (scenario run PATH...)",
    "conform": "run the conformance scenarios against another engine (JSON lines protocol)",
    "check": "check card files (default: the built-in cards)",
    "verify": "prove the invariants of the rules with Z3 for the kernel and every card",
    "rules": "print the rules reference (Markdown) with sources, decisions and scenarios",
    "fmt": "rewrite card files in canonical form, keeping every comment",
    "cards": "list the cards, show one, or report their coverage (cards list, cards show "
    "NAME, cards coverage)",
    "games": "list the games this engine plays (the ids --game takes)",
}
"""Each command's one-line help, in the order ``--help`` lists them: the app lists every
command from here and builds only the parser of the one it runs."""


# Stable codes of the errors the command line itself reports; an error that comes
# from a card file or a scenario file keeps that file's code (KOTnnn, SCNnnn).
USAGE_ERROR = "CLI001"
"""A bad option or argument (exit 2)."""
NOT_ALLOWED = "CLI002"
"""Options the rules do not allow, e.g. Tokyo Bay for 4 monsters (exit 2)."""
NOT_FOUND = "CLI003"
"""A file, folder, card or scenario that is not there (exit 1 or 2)."""
FAILED = "CLI004"
"""The command could not finish, e.g. a game that does not end (exit 1)."""
INTERRUPTED = "CLI005"
"""Ctrl-C (exit 130)."""

ERROR_CODES: dict[str, str] = {
    USAGE_ERROR: "usage error: a bad option or argument",
    NOT_ALLOWED: "options the rules do not allow",
    NOT_FOUND: "a file, folder, card or scenario that is not there",
    FAILED: "the command could not finish",
    INTERRUPTED: "interrupted",
}
"""The CLI's own error codes and what they mean (for the docs)."""


class CliError(Exception):
    """A problem to report as ``kot-rules: error: <message>`` with an exit code.

    ``code`` is the exit code; ``error_code`` the stable code of the JSON error object
    (default: CLI001 for a usage error, CLI004 otherwise); ``file``/``line``/``column``
    say where the problem is when it is in a file; ``diagnostics`` lists every problem
    of a card set (as ``Diagnostic.to_json``).
    """

    def __init__(
        self,
        message: str,
        code: int = EXIT_FAILURE,
        *,
        error_code: str | None = None,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        hint: str | None = None,
        diagnostics: list[dict[str, object]] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.error_code = error_code or (USAGE_ERROR if code == EXIT_USAGE else FAILED)
        self.file = file
        self.line = line
        self.column = column
        self.hint = hint
        self.diagnostics = diagnostics

    def to_json(self) -> dict[str, object]:
        """The JSON error object: ``{"error": {code, message, file, line, column, hint,
        exit}}`` (plus ``diagnostics`` when a card set has errors)."""
        body: dict[str, object] = {
            "code": self.error_code,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "hint": self.hint,
            "exit": self.code,
        }
        if self.diagnostics is not None:
            body["diagnostics"] = self.diagnostics
        return {"error": body}


class UsageError(CliError):
    """A usage error found while parsing the command line (exit 2)."""

    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        super().__init__(message, EXIT_USAGE, error_code=USAGE_ERROR)
        self.parser = parser


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors raise :class:`UsageError` (so that the app
    can report them as JSON with ``--json``) instead of exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(self, message)


def card_errors(diagnostics: Sequence[Diagnostic]) -> dict[str, Any]:
    """The keyword arguments of a :class:`CliError` for card files with errors: the
    first error's code and place, and every problem."""
    from kot_rules.language.diagnostics import sort_key

    first = next((d for d in diagnostics if d.is_error), diagnostics[0] if diagnostics else None)
    if first is None:
        return {}
    return {
        "error_code": first.code, "file": first.file, "line": first.line,
        "column": first.column, "hint": first.hint,
        "diagnostics": [d.to_json() for d in sorted(diagnostics, key=sort_key)],
    }


# -- argument types -------------------------------------------------------------------


def int_arg(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def positive_arg(text: str) -> int:
    n = int_arg(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {n}")
    return n


def game_arg(text: str) -> str:
    """A registered game id; an unknown one is a usage error that lists the games."""
    if text == DEFAULT_GAME:  # always registered: no need to load the games to know it
        return text
    from kot_rules import games

    try:
        return games.get(text).id
    except games.UnknownGameError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def game_of_paths(paths: Sequence[Path]) -> str | None:
    """The game whose card folder every one of ``paths`` lies in: a folder named after a
    game, as the built-in card sets are (``spec/cards/<game>/``). None when no path names a
    game; a CliError when the paths name two games (each file has one game's words)."""
    from kot_rules.paths import spec_dir

    try:
        known = {d.name for d in (spec_dir() / "cards").iterdir() if d.is_dir()}
    except OSError:  # pragma: no cover - an installation without its spec/ folder
        return None
    named: set[str] = set()
    for path in paths:
        # the nearest folder named after a game (the folders above it may be named anyhow)
        nearest = next((part for part in reversed(path.resolve().parts) if part in known), None)
        if nearest is not None:
            named.add(nearest)
    if len(named) > 1:
        raise CliError(
            f"the paths lie in the card folders of {len(named)} games "
            f"({', '.join(sorted(named))}): name one game with --game, or give one game's "
            "cards at a time", EXIT_USAGE)
    return next(iter(named), None)


def game_name(definition: games.GameDefinition) -> str:
    """The title without its edition, e.g. ``King of Tokyo`` for ``King of Tokyo (2011)``."""
    return re.sub(r"\s*\([^)]*\)$", "", definition.title)


DEFAULT_PLAYERS = 4
"""``--players`` when not given (within the range of ``--game``)."""


def check_players(args: argparse.Namespace) -> None:
    """Refuse ``--players`` outside the seat range of ``--game``, as argparse refuses a value.

    Done after parsing because the range depends on the game, which may come later on the
    command line.
    """
    if not hasattr(args, "players"):
        return
    from kot_rules import games

    players: int | None = args.players
    definition = games.get(args.game)
    if players is None:  # the default: 4, or the nearest count the game allows
        args.players = min(max(DEFAULT_PLAYERS, definition.min_players), definition.max_players)
        return
    if not definition.min_players <= players <= definition.max_players:
        parser: argparse.ArgumentParser = args.parser
        parser.error(
            f"argument --players: {game_name(definition)} is played by "
            f"{definition.min_players} to {definition.max_players} monsters, got {players}"
        )


# -- shared options -------------------------------------------------------------------


def wrap(text: str) -> str:
    return textwrap.fill(text, width=79)


class Formatter(argparse.RawDescriptionHelpFormatter):
    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=32)


JSON_ERRORS = (
    'With --json an error is one object too: {"error": {"code", "message", "file", '
    '"line", "column", "hint", "exit"}} (code: CLI001-CLI005, or the KOTnnn / SCNnnn '
    "code of the file at fault; file, line, column and hint are null when they do not "
    "apply), with the same exit code as without --json."
)
"""How every command reports an error with ``--json`` (ends each command's epilog)."""


class _FormatAlias(argparse.Action):
    """``--format text|json``: the older spelling of ``--json``, setting ``args.json``."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values == "json")


def add_epilog(p: argparse.ArgumentParser, text: str) -> None:
    """Append a paragraph (wrapped to 79 columns) to the epilog of ``p``."""
    paragraph = textwrap.fill(text, width=79, break_on_hyphens=False)
    p.epilog = f"{p.epilog}\n\n{paragraph}" if p.epilog else paragraph


def add_json_option(p: argparse.ArgumentParser, shape: str, *, format_alias: bool = False
                    ) -> None:
    """Give ``p`` the ``--json`` flag (``args.json``) and document the JSON it prints.

    ``shape`` describes the one JSON object printed on stdout; it and :data:`JSON_ERRORS`
    are appended to the epilog. With ``format_alias`` the older ``--format text|json`` is
    accepted too and sets the same ``args.json`` (the last of the two given wins).
    """
    p.add_argument("--json", action="store_true", default=False,
                   help="print one JSON object on stdout (its shape is described below)")
    if format_alias:
        p.add_argument("--format", choices=("text", "json"), action=_FormatAlias,
                       dest="json", default=argparse.SUPPRESS,
                       help="the older spelling: '--format json' is '--json' (kept working)")
    add_epilog(p, f"JSON (--json): one object on stdout: {shape}")
    add_epilog(p, JSON_ERRORS)


def wants_json(argv: Sequence[str]) -> bool:
    """Whether the command line asks for JSON (looked at before, or without, parsing it:
    a usage error is reported as JSON too)."""
    words = list(argv)
    if "--" in words:
        words = words[: words.index("--")]
    return any(
        word == "--json" or word == "--format=json"
        or (word == "--format" and words[i + 1: i + 2] == ["json"])
        for i, word in enumerate(words)
    )


def add_game_option(p: argparse.ArgumentParser, *, what: str = "to play",
                    from_paths: bool = False) -> None:
    """``--game ID``; ``from_paths``: by default, the game whose card folder the paths lie
    in (:func:`game_of_paths`), else the default game (the command resolves it)."""
    default = (f"the game whose card folder the paths lie in, as spec/cards/ID/; else "
               f"{DEFAULT_GAME}") if from_paths else DEFAULT_GAME
    p.add_argument(
        "--game", type=game_arg, default=None if from_paths else DEFAULT_GAME, metavar="ID",
        help=f"the game {what}: an id that 'kot-rules games' lists (default: {default})",
    )


def add_play_options(p: argparse.ArgumentParser, *, many: bool) -> None:
    """The options of a command that plays games (``play``; ``simulate`` with ``many``)."""
    from kot_rules import games
    from kot_rules.engine.options import FirstPlayerRule

    add_game_option(p)
    bounds = games.definitions()
    low = min(d.min_players for d in bounds)
    high = max(d.max_players for d in bounds)
    p.add_argument(
        "--players", type=int_arg, default=None, metavar="N",
        help=f"number of monsters, {low}-{high} (default: {DEFAULT_PLAYERS}, or the count "
        "the game allows)",
    )
    p.add_argument(
        "--seed", type=int_arg, default=None, metavar="S",
        help=(
            "seed of the first game; games use S, S+1, ... (default: a random seed, printed)"
            if many
            else "seed of the game: the same seed plays the same game (default: a random seed, "
            "printed)"
        ),
    )
    p.add_argument(
        "--tokyo-bay", action=argparse.BooleanOptionalAction, default=None,
        help="play with the Tokyo Bay variant, for 5-6 monsters (default: on for 5-6 monsters)",
    )
    p.add_argument(
        "--first-player", choices=[r.value for r in FirstPlayerRule],
        default=FirstPlayerRule.SEAT_ORDER.value,
        help="who starts: the first seat, or a roll of the dice (default: seat-order)",
    )
    add_cards_option(p)
    add_agent_option(p)


def add_agent_option(p: argparse.ArgumentParser) -> None:
    from kot_rules.engine.agents import AGENTS, DEFAULT_AGENT

    p.add_argument(
        "--agent", choices=sorted(AGENTS), default=DEFAULT_AGENT,
        help=f"who makes every monster's decisions (default: {DEFAULT_AGENT})",
    )


def add_cards_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--cards", type=Path, default=None, metavar="DIR",
        help="use the card set in DIR (a folder or file of .kot cards) instead of the "
        "built-in cards",
    )
    p.add_argument(
        "--add-cards", type=Path, default=None, metavar="DIR",
        help="add the cards in DIR (a folder or file of .kot cards) to the deck (the built-in "
        "cards, or --cards); a card may not share a name, alias or id with a deck card",
    )


BACKENDS = ("processes", "ray")
"""The values of ``--backend``: where the worker processes of ``--jobs`` run."""


def add_jobs_option(p: argparse.ArgumentParser) -> None:
    """``--jobs``, ``--backend`` and ``--address``: read them with :func:`parallel`."""
    p.add_argument(
        "--jobs", type=jobs_arg, default=None, metavar="N",
        help="play the games in N worker processes, 0 for one per core; the results are "
        "the same as with one (default: 1; with --backend ray: every CPU of the Ray cluster)",
    )
    p.add_argument(
        "--backend", choices=BACKENDS, default="processes",
        help="run the workers as processes on this machine, or as Ray tasks on a local Ray "
        "started for the run or on the cluster at --address; the results are the same "
        "(ray needs pip install 'kot-rules[ray]'; default: processes)",
    )
    p.add_argument(
        "--address", default=None, metavar="ADDR",
        help="with --backend ray: a running Ray cluster, 'auto' (the one this machine "
        "belongs to), HOST:PORT or ray://HOST:PORT (default: start a local Ray with --jobs "
        "CPUs, stopped at the end)",
    )


def parallel(args: argparse.Namespace) -> dict[str, Any]:
    """The ``jobs`` and ``backend`` arguments of ``simulate``/``balance`` that
    ``--jobs``, ``--backend`` and ``--address`` ask for. Raises :class:`CliError`."""
    jobs: int | None = args.jobs
    if args.backend != "ray":
        if args.address is not None:
            raise CliError("--address is the address of a Ray cluster: it needs --backend ray",
                           EXIT_USAGE)
        return {"jobs": 1 if jobs is None else jobs, "backend": None}
    from kot_rules.backends import RayBackend, RayUnavailableError, import_ray

    try:
        import_ray()  # fail before the games, not after
    except RayUnavailableError as exc:
        raise CliError(f"--backend ray: {exc}", EXIT_USAGE) from None
    return {"jobs": 1 if jobs is None else jobs, "backend": RayBackend(jobs, args.address)}


def jobs_arg(text: str) -> int:
    n = int_arg(text)
    if n < 0:
        raise argparse.ArgumentTypeError(f"expected 0 (all cores) or more, got {n}")
    return n


def command(p: argparse.ArgumentParser, run: Callable[[argparse.Namespace], int]) -> None:
    """Make ``run(args)`` the action of ``p`` (``args.parser`` is ``p``, for usage errors)."""
    p.set_defaults(run=run, parser=p)


# -- card sets and games --------------------------------------------------------------


def card_set(
    path: Path | None, game: str = DEFAULT_GAME, added: Path | None = None
) -> CardSet:
    """The card set of ``--cards`` (or the built-in one of ``game``), plus ``--add-cards``."""
    from kot_rules.language.cardset import (
        builtin_card_set,
        load_card_set,
        load_extended_card_set,
    )
    from kot_rules.language.diagnostics import CardSpecError
    from kot_rules.language.grammar import UnknownDialectError

    if path is not None and not path.exists():
        raise CliError(f"--cards {path}: no such file or folder", EXIT_USAGE,
                       error_code=NOT_FOUND, file=str(path))
    if added is not None:
        card_set(path, game)  # the deck's own errors first, as --cards reports them
    if added is not None and not added.exists():
        raise CliError(f"--add-cards {added}: no such file or folder", EXIT_USAGE,
                       error_code=NOT_FOUND, file=str(added))
    try:
        if added is not None:
            return load_extended_card_set(added, game, path)
        return builtin_card_set(game) if path is None else load_card_set(path, game)
    except UnknownDialectError as exc:
        raise CliError(f"--game {game}: {exc}", EXIT_USAGE) from None
    except CardSpecError as exc:
        where = card_errors(exc.diagnostics)
        if added is not None:
            raise CliError(
                f"--add-cards {added}: the added cards have errors (a KOT201 or KOT211 "
                f"error is a clash with a card of the deck):\n{exc}", EXIT_USAGE, **where
            ) from None
        if path is None:
            raise CliError(f"the built-in card set has errors:\n{exc}", **where) from None
        raise CliError(f"--cards {path}: the card set has errors:\n{exc}", EXIT_USAGE,
                       **where) from None


def card_table(
    path: Path | None, game: str = DEFAULT_GAME, added: Path | None = None
) -> CardTable:
    """The card set of ``--cards`` (or the built-in one of ``game``) plus ``--add-cards``,
    as the engine's table."""
    from kot_rules.engine.cards import CardTable

    return CardTable.from_card_set(card_set(path, game, added))


def new_game(args: argparse.Namespace) -> Game:
    """The game that ``--game``, ``--players``, ``--tokyo-bay``, ... describe."""
    from kot_rules import games
    from kot_rules.engine.errors import ConfigError
    from kot_rules.engine.options import FirstPlayerRule, Options

    options = Options(tokyo_bay=args.tokyo_bay, first_player=FirstPlayerRule(args.first_player))
    definition = games.get(args.game)
    try:
        return definition.new_game(
            args.players, options=options,
            cards=card_table(args.cards, definition.id, args.add_cards),
        )
    except ConfigError as exc:
        raise CliError(str(exc), EXIT_USAGE, error_code=NOT_ALLOWED) from None


def game_setup(args: argparse.Namespace) -> GameSetup:
    """What :func:`new_game` builds, in the picklable form worker processes rebuild it from."""
    from kot_rules import games
    from kot_rules.engine.options import FirstPlayerRule, Options
    from kot_rules.simulation import GameSetup

    options = Options(tokyo_bay=args.tokyo_bay, first_player=FirstPlayerRule(args.first_player))
    return GameSetup(games.get(args.game).id, args.players, options, args.cards, args.add_cards)


def seed(args: argparse.Namespace) -> int:
    given: int | None = args.seed
    return random.randrange(1_000_000) if given is None else given


# -- output ---------------------------------------------------------------------------


def echo(text: str = "") -> None:
    print(text, file=sys.stdout)


def echo_json(data: dict[str, Any]) -> None:
    """Print ``data`` as the one JSON document of a command (indented, UTF-8 as is)."""
    echo(json.dumps(data, indent=2, ensure_ascii=False))


def report(text: str) -> None:
    print(text, file=sys.stderr)


def error(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)


def shown(path: Path) -> Path:
    """``path`` relative to the working folder when it is inside it (shorter messages)."""
    try:
        return path.relative_to(Path.cwd())
    except (ValueError, OSError):  # outside it, or the working folder is gone
        return path


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
