"""The ``kot-rules`` command: play, simulate, run scenarios, check card files.

Exit codes: 0 success; 1 a failure (a scenario failed, a card file has errors,
a game did not end); 2 a usage error or an option the rules do not allow;
130 interrupted (Ctrl-C). Errors are one ``kot-rules: error: ...`` message on
stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import statistics
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn

from kot_rules import __version__
from kot_rules.engine.cards import CardTable
from kot_rules.engine.errors import ConfigError, KotRulesError
from kot_rules.engine.game import MAX_MONSTERS, MIN_MONSTERS, FirstPlayerRule, Game, Options
from kot_rules.language.diagnostics import CardSpecError
from kot_rules.scenarios.errors import ScenarioFormatError

if TYPE_CHECKING:
    from kot_rules.language.ast import CardDef
    from kot_rules.language.cardset import CardSet

PROG = "kot-rules"

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

PROGRESS_MIN_GAMES = 200
"""Below this many games ``simulate`` shows no progress bar."""
PROGRESS_INTERVAL = 0.1
"""Seconds between two redraws of the progress bar (at most ~10 per second)."""

TIMING_KEYS = ("seconds", "games_per_second", "decisions_per_second")
"""Keys of ``simulate --json`` that change from run to run; every other key is reproducible."""


class CliError(Exception):
    """A problem to report as ``kot-rules: error: <message>`` with an exit code."""

    def __init__(self, message: str, code: int = EXIT_FAILURE) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


# -- argument types -------------------------------------------------------------------


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def _players(text: str) -> int:
    n = _int(text)
    if not MIN_MONSTERS <= n <= MAX_MONSTERS:
        raise argparse.ArgumentTypeError(
            f"King of Tokyo is played by {MIN_MONSTERS} to {MAX_MONSTERS} monsters, got {n}"
        )
    return n


def _positive(text: str) -> int:
    n = _int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {n}")
    return n


# -- the parser -----------------------------------------------------------------------


def _wrap(text: str) -> str:
    return textwrap.fill(text, width=79)


class _Formatter(argparse.RawDescriptionHelpFormatter):
    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=32)


def _add_game_options(p: argparse.ArgumentParser, *, games: bool) -> None:
    p.add_argument(
        "--players", type=_players, default=4, metavar="N",
        help=f"number of monsters, {MIN_MONSTERS}-{MAX_MONSTERS} (default: 4)",
    )
    p.add_argument(
        "--seed", type=_int, default=None, metavar="S",
        help=(
            "seed of the first game; games use S, S+1, ... (default: a random seed, printed)"
            if games
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
    _add_cards_option(p)


def _add_cards_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--cards", type=Path, default=None, metavar="DIR",
        help="use the card set in DIR (a folder or file of .kot cards) instead of the "
        "built-in cards",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        formatter_class=_Formatter,
        description=_wrap(
            "The King of Tokyo reference rules engine: play and simulate seeded games, "
            "run conformance scenarios, check card files."
        ),
        epilog="Run 'kot-rules COMMAND --help' for the options of a command.\n"
        "Exit codes: 0 ok, 1 failure, 2 usage error, 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    play = commands.add_parser(
        "play", formatter_class=_Formatter,
        help="play one seeded game with random agents and print its log",
        description=_wrap(
            "Play one seeded game with random agents and print it turn by turn: every "
            "event, then the winner (or the draw) and each monster's ♥ ★ ⚡ and cards."
        ),
        epilog="examples:\n  kot-rules play --players 4 --seed 2011\n"
        "  kot-rules play --players 5 --seed 7 --no-tokyo-bay --json > game.json",
    )
    _add_game_options(play, games=False)
    play.add_argument(
        "--json", action="store_true",
        help="print the game record as JSON (set-up, every action and event, final state)",
    )
    play.set_defaults(run=_cmd_play)

    sim = commands.add_parser(
        "simulate", formatter_class=_Formatter,
        help="play many seeded games with random agents and summarise them",
        description=_wrap(
            "Play G games with random agents (seeds S, S+1, ...) and print the wins "
            "per seat, the draws, the mean number of turns and the speed. A progress bar is "
            "shown on stderr when it is a terminal and G >= 200."
        ),
        epilog="examples:\n  kot-rules simulate --players 4 --games 1000 --seed 1\n"
        "  kot-rules simulate --players 6 --games 500 --seed 1 --json",
    )
    _add_game_options(sim, games=True)
    sim.add_argument(
        "--games", type=_positive, default=100, metavar="G",
        help="number of games (default: 100)",
    )
    sim.add_argument(
        "--json", action="store_true",
        help="print one JSON object (games, wins_by_seat, draws, mean_turns, games_per_second, "
        "decisions_per_second, ...)",
    )
    sim.set_defaults(run=_cmd_simulate)

    scenario = commands.add_parser(
        "scenario", formatter_class=_Formatter,
        help="conformance scenarios (scenario run PATH...)",
        description=_wrap(
            "Conformance scenarios: YAML files that set up a position, play a script "
            "and state what must happen."
        ),
    )
    scenario_commands = scenario.add_subparsers(
        dest="scenario_command", metavar="SUBCOMMAND", required=True
    )
    run = scenario_commands.add_parser(
        "run", formatter_class=_Formatter,
        help="run scenario files and folders",
        description=_wrap(
            "Run scenario files, and every *.yaml / *.yml file under the folders given "
            "(recursively). Prints one line per scenario, the details of each failure and each "
            "malformed file, then 'N passed, M failed'. Exits 0 only if every scenario passes."
        ),
        epilog="example:\n  kot-rules scenario run spec/scenarios",
    )
    run.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                     help="a scenario file or a folder of them")
    _add_cards_option(run)
    run.set_defaults(run=_cmd_scenario_run)

    check = commands.add_parser(
        "check", formatter_class=_Formatter,
        help="check card files (default: the built-in cards)",
        description=_wrap(
            "Check card files (*.kot) and folders of them; with no PATH, the built-in "
            "card set. Prints each problem as file:line:col with the source line, then a count. "
            "Exits 1 if any error is found (warnings alone exit 0)."
        ),
        epilog="examples:\n  kot-rules check\n  kot-rules check my-cards/ --format json",
    )
    check.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                       help="a .kot file or a folder of them (default: the built-in cards)")
    check.add_argument("--format", choices=("text", "json"), default="text",
                       help="text (default) or one JSON object")
    check.add_argument("--no-proofs", dest="proofs", action="store_false",
                       help="skip the proofs that no card sentence breaks an invariant "
                       "(KOT3xx)")
    check.set_defaults(run=_cmd_check)

    verify = commands.add_parser(
        "verify", formatter_class=_Formatter,
        help="prove the invariants of the rules with Z3 for the kernel and every card",
        description=_wrap(
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
    _add_cards_option(verify)
    verify.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="write counterexample scenarios into DIR (default: a new "
                        "temporary folder, made only if a proof fails)")
    verify.add_argument("--json", action="store_true",
                        help="print one JSON object: results (invariant, transition, status, "
                        "seconds, ...), canaries, counts")
    verify.set_defaults(run=_cmd_verify)

    rules = commands.add_parser(
        "rules", formatter_class=_Formatter,
        help="print the rules reference (Markdown) with sources, decisions and scenarios",
        description=_wrap(
            "Print the rules reference generated from spec/rules and spec/scenarios: every "
            "rule with its slug, number, statement, seed source and the scenarios that test "
            "it, then every decision on an open point."
        ),
        epilog="example:\n  kot-rules rules > rules.md",
    )
    rules.set_defaults(run=_cmd_rules)

    fmt = commands.add_parser(
        "fmt", formatter_class=_Formatter,
        help="rewrite card files in canonical form, keeping every comment",
        description=_wrap(
            "Rewrite card files (*.kot) and every *.kot file under the folders given "
            "(recursively) in canonical form: the `card` line, then, indented by two spaces, "
            "the cost line, the alias lines and one effect sentence per line; one blank line "
            "between cards; no trailing spaces; a single final newline. Every comment is kept "
            "(a comment line stays attached to the line after it, an end-of-line comment "
            "stays on its line). A file with errors is left as it is and its errors are "
            "printed. Prints 'reformatted FILE' for each file rewritten (with --check: 'would "
            "reformat FILE', and nothing is written) and a count on stderr. Exits 1 if a file "
            "has errors, or with --check if a file is not in canonical form."
        ),
        epilog="examples:\n  kot-rules fmt my-cards/\n  kot-rules fmt --check spec/cards",
    )
    fmt.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                     help="a .kot file or a folder of them")
    fmt.add_argument("--check", action="store_true",
                     help="write nothing; list the files that would change and exit 1 if any")
    fmt.set_defaults(run=_cmd_fmt)

    cards = commands.add_parser(
        "cards", formatter_class=_Formatter,
        help="list the cards, show one, or report their coverage (cards list, cards show "
        "NAME, cards coverage)",
        description=_wrap("List the cards of a card set (default: the built-in cards), "
                          "show one card, or report each card's coverage."),
    )
    cards_commands = cards.add_subparsers(
        dest="cards_command", metavar="SUBCOMMAND", required=True
    )
    cards_list = cards_commands.add_parser(
        "list", formatter_class=_Formatter,
        help="one line per card: name, cost, type, copies, Polish and Czech names",
        description=_wrap(
            "List the cards, one line per card title (sorted by card id): the English name, "
            "the cost in energy, keep or discard, the number of copies (x2: the deck holds "
            "two) and the Polish (pl) and Czech (cz) names. --format json prints a list of "
            "objects instead."
        ),
        epilog="examples:\n  kot-rules cards list\n  kot-rules cards list --format json",
    )
    _add_cards_option(cards_list)
    cards_list.add_argument("--format", choices=("text", "json"), default="text",
                            help="text (default) or a JSON list of objects")
    cards_list.set_defaults(run=_cmd_cards_list)
    cards_show = cards_commands.add_parser(
        "show", formatter_class=_Formatter,
        help="show one card: its canonical text, cost, type, copies, aliases and source",
        description=_wrap(
            "Show one card: its canonical card-language text, cost, type, copies, aliases "
            "and the file and line that define it. NAME is the English name, a Polish or "
            "Czech name, or a card id, in any case."
        ),
        epilog='examples (any card name, alias or id):\n  kot-rules cards show "ENGLISH NAME"\n'
        '  kot-rules cards show "polish name"\n  kot-rules cards show CARD-ID-2',
    )
    cards_show.add_argument("name", metavar="NAME", help="a card name, alias or id")
    _add_cards_option(cards_show)
    cards_show.set_defaults(run=_cmd_cards_show)
    cards_coverage = cards_commands.add_parser(
        "coverage", formatter_class=_Formatter,
        help="one line per card: parsed, round-trips, scenario-tested, proved",
        description=_wrap(
            "Report each card's coverage, one line per card title: parsed (the card set "
            "parses: a card set with errors is refused), round-trips (rendering the card and "
            "parsing the text gives the same card), scenario-tested (a scenario under "
            "spec/scenarios buys the card or starts with it in play) and proved (kot-rules "
            "verify proves every sentence of the card keeps every invariant), then the "
            "counts. The built-in cards reuse the proofs cached by the site build "
            "(build/verify-cache.json). Exits 0 whatever the coverage."
        ),
        epilog="examples:\n  kot-rules cards coverage\n  kot-rules cards coverage --json\n"
        "  kot-rules cards coverage --cards my-cards/",
    )
    cards_coverage.add_argument("--json", action="store_true",
                                help="print one JSON object: the cards and a summary")
    _add_cards_option(cards_coverage)
    cards_coverage.set_defaults(run=_cmd_cards_coverage)
    return parser


def _cmd_rules(args: argparse.Namespace) -> int:
    from kot_rules.surfaces.rulesdoc import render

    _print(render().rstrip("\n"))
    return EXIT_OK


# -- shared helpers -------------------------------------------------------------------


def _card_set(path: Path | None) -> CardSet:
    """The card set of ``--cards`` (or the built-in one)."""
    from kot_rules.language.cardset import builtin_card_set, load_card_set

    if path is not None and not path.exists():
        raise CliError(f"--cards {path}: no such file or folder", EXIT_USAGE)
    try:
        return builtin_card_set() if path is None else load_card_set(path)
    except CardSpecError as exc:
        if path is None:
            raise CliError(f"the built-in card set has errors:\n{exc}") from None
        raise CliError(f"--cards {path}: the card set has errors:\n{exc}", EXIT_USAGE) from None


def _card_table(path: Path | None) -> CardTable:
    """The card set of ``--cards`` (or the built-in one) as the engine's table."""
    return CardTable.from_card_set(_card_set(path))


def _game(args: argparse.Namespace) -> Game:
    options = Options(tokyo_bay=args.tokyo_bay, first_player=FirstPlayerRule(args.first_player))
    try:
        return Game(args.players, options=options, cards=_card_table(args.cards))
    except ConfigError as exc:
        raise CliError(str(exc), EXIT_USAGE) from None


def _seed(args: argparse.Namespace) -> int:
    seed: int | None = args.seed
    return random.randrange(1_000_000) if seed is None else seed


def _print(text: str = "") -> None:
    print(text, file=sys.stdout)


# -- play -----------------------------------------------------------------------------


def _cmd_play(args: argparse.Namespace) -> int:
    from kot_rules.engine.driver import play
    from kot_rules.surfaces.playlog import game_log

    game = _game(args)
    seed = _seed(args)
    try:
        record = play(game, seed)
    except RuntimeError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        _print(record.dumps())
    else:
        _print("\n".join(game_log(record)))
    return EXIT_OK


# -- simulate -------------------------------------------------------------------------


class ProgressBar:
    """``\\r[#####     ]  50% 500/1000`` on a terminal, redrawn at most every 0.1 s."""

    WIDTH = 30

    def __init__(
        self, total: int, stream: IO[str], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.total = total
        self.stream = stream
        self.clock = clock
        self._last = float("-inf")
        self._shown = 0

    def update(self, done: int) -> None:
        now = self.clock()
        if now - self._last < PROGRESS_INTERVAL and done < self.total:
            return
        self._last = now
        filled = self.WIDTH * done // self.total
        pct = 100 * done // self.total
        text = f"\r[{'#' * filled}{' ' * (self.WIDTH - filled)}] {pct:3d}% {done}/{self.total}"
        self._shown = len(text) - 1
        self.stream.write(text)
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar, so that what follows starts on a clean line."""
        if self._shown:
            self.stream.write("\r" + " " * self._shown + "\r")
            self.stream.flush()
            self._shown = 0


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def simulate(
    game: Game, games: int, seed: int, on_game: Callable[[int], None] | None = None
) -> dict[str, Any]:
    """Play ``games`` games (seeds ``seed``, ``seed+1``, ...) and summarise them."""
    from kot_rules.engine.driver import play

    wins = [0] * game.num_players
    draws = 0
    turns: list[int] = []
    decisions = 0
    start = time.perf_counter()
    for i in range(games):
        try:
            record = play(game, seed + i, record=False)
        except RuntimeError as exc:
            raise CliError(str(exc)) from None
        final = record.final
        if final is None or final.outcome is None:
            raise CliError(f"game with seed {seed + i} ended without an outcome (engine bug)")
        if final.outcome.winner is None:
            draws += 1
        else:
            wins[final.outcome.winner] += 1
        turns.append(final.turn)
        decisions += record.decisions
        if on_game is not None:
            on_game(i + 1)
    seconds = max(time.perf_counter() - start, 1e-9)
    return {
        "games": games,
        "players": game.num_players,
        "monsters": list(game.names),
        "seed": seed,
        "tokyo_bay": game.tokyo_bay,
        "first_player": game.options.first_player.value,
        "cards": len(game.cards.physical_ids()),
        "wins_by_seat": wins,
        "draws": draws,
        "mean_turns": statistics.fmean(turns),
        "min_turns": min(turns),
        "max_turns": max(turns),
        "decisions": decisions,
        "seconds": seconds,
        "games_per_second": games / seconds,
        "decisions_per_second": decisions / seconds,
    }


def simulate_lines(summary: dict[str, Any]) -> list[str]:
    """The text summary of :func:`simulate`."""
    games: int = summary["games"]
    names: list[str] = summary["monsters"]
    width = max(len(n) for n in names)
    lines = [
        f"{games} game{'' if games == 1 else 's'}, {summary['players']} monsters, seeds "
        f"{summary['seed']}..{summary['seed'] + games - 1}, Tokyo Bay "
        f"{'on' if summary['tokyo_bay'] else 'off'}, first player: {summary['first_player']}",
        "wins by seat:",
    ]
    for seat, (name, won) in enumerate(zip(names, summary["wins_by_seat"], strict=True)):
        lines.append(f"  {seat}  {name:<{width}}  {won:>7}  {100 * won / games:5.1f}%")
    draws: int = summary["draws"]
    lines += [
        f"draws: {draws} ({100 * draws / games:.1f}%)",
        f"mean turns: {summary['mean_turns']:.2f} (min {summary['min_turns']}, "
        f"max {summary['max_turns']})",
        f"speed: {summary['games_per_second']:,.1f} games/s, "
        f"{summary['decisions_per_second']:,.0f} decisions/s ({summary['seconds']:.2f} s)",
    ]
    return lines


def _cmd_simulate(args: argparse.Namespace) -> int:
    game = _game(args)
    seed = _seed(args)
    games: int = args.games
    bar: ProgressBar | None = None
    if games >= PROGRESS_MIN_GAMES and _isatty(sys.stderr):
        bar = ProgressBar(games, sys.stderr)
    try:
        summary = simulate(game, games, seed, None if bar is None else bar.update)
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        _print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        _print("\n".join(simulate_lines(summary)))
    return EXIT_OK


# -- scenario run ---------------------------------------------------------------------


def _cmd_scenario_run(args: argparse.Namespace) -> int:
    from kot_rules.scenarios.runner import run_paths

    cards = _card_table(args.cards) if args.cards is not None else None
    paths: list[Path] = args.paths
    report = run_paths(paths, cards)
    for result in report.results:
        _print(result.line())
        if not result.ok:
            details = result.details()
            if details:
                _print(details)
    for error in report.errors:
        _print(error)
    if not report.results and not report.errors:
        raise CliError(
            "no scenario file (*.yaml, *.yml) found in " + ", ".join(str(p) for p in paths)
        )
    _print(f"{report.passed} passed, {report.failed} failed")
    ok = report.failed == 0 and not report.errors
    return EXIT_OK if ok else EXIT_FAILURE


# -- check ----------------------------------------------------------------------------


def _shown(path: Path) -> Path:
    """``path`` relative to the working folder when it is inside it (shorter messages)."""
    try:
        return path.relative_to(Path.cwd())
    except (ValueError, OSError):  # outside it, or the working folder is gone
        return path


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _cmd_check(args: argparse.Namespace) -> int:
    from kot_rules.language.cardset import check_paths
    from kot_rules.paths import builtin_cards_dir

    paths: list[Path] = args.paths or [_shown(builtin_cards_dir())]
    report = check_paths(paths)
    diagnostics = list(report.diagnostics)
    if args.proofs and report.definitions:
        from kot_rules.verify.cardcheck import proof_diagnostics

        diagnostics += proof_diagnostics(report.definitions)
    errors = sum(d.is_error for d in diagnostics)
    warnings = len(diagnostics) - errors
    # Cards counted as the deck holds them (a title with `copies 2` is two cards).
    physical = sum(d.copies for d in report.definitions)
    if args.format == "json":
        _print(json.dumps({
            "cards": physical,
            "titles": report.cards,
            "ok": errors == 0,
            "errors": errors,
            "warnings": warnings,
            "diagnostics": [d.to_json() for d in diagnostics],
        }, indent=2, ensure_ascii=False))
    else:
        for d in diagnostics:
            _print(d.render())
            _print()
        titles = "" if physical == report.cards else f" ({_plural(report.cards, 'title')})"
        _print(f"checked {_plural(physical, 'card')}{titles}: {_plural(errors, 'error')}, "
               f"{_plural(warnings, 'warning')}")
    return EXIT_OK if errors == 0 else EXIT_FAILURE


# -- verify ---------------------------------------------------------------------------


def _cmd_verify(args: argparse.Namespace) -> int:
    import tempfile

    from kot_rules.verify.counterexample import attach
    from kot_rules.verify.prover import verify
    from kot_rules.verify.report import lines

    card_set = _card_set(args.cards)
    out: Path | None = args.out
    if out is not None and out.exists() and not out.is_dir():
        raise CliError(f"--out {out}: not a folder", EXIT_USAGE)

    def folder() -> Path:
        nonlocal out
        if out is None:
            out = Path(tempfile.mkdtemp(prefix="kot-rules-counterexamples-"))
        return out

    report = verify(card_set.cards, attach(card_set, folder))
    if args.json:
        _print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        _print("\n".join(lines(report)))
    return EXIT_OK if report.ok else EXIT_FAILURE


# -- fmt ------------------------------------------------------------------------------


def _cmd_fmt(args: argparse.Namespace) -> int:
    from kot_rules.language.formatter import find_card_files, format_file

    paths: list[Path] = args.paths
    check: bool = args.check
    files, problems = find_card_files(paths)
    for d in problems:
        _report(d.render())
    failed = len(problems)
    changed = unchanged = 0
    for path in files:
        result = format_file(path)
        if result.canonical is None:
            failed += 1
            for d in result.diagnostics:
                _report(d.render())
            continue
        if not result.changed:
            unchanged += 1
            continue
        if check:
            _print(f"would reformat {result.file}")
            changed += 1
            continue
        try:
            path.write_bytes(result.canonical.encode("utf-8"))
        except OSError as exc:
            failed += 1
            _error(f"cannot write {result.file}: {exc.strerror or type(exc).__name__}")
            continue
        _print(f"reformatted {result.file}")
        changed += 1
    counts = [f"{_plural(changed, 'file')} {'would be reformatted' if check else 'reformatted'}",
              f"{_plural(unchanged, 'file')} {'already formatted' if check else 'left unchanged'}"]
    if failed:
        counts.append(f"{_plural(failed, 'file')} with errors")
    _report(", ".join(counts))
    return EXIT_FAILURE if failed or (check and changed) else EXIT_OK


def _report(text: str) -> None:
    print(text, file=sys.stderr)


# -- cards ----------------------------------------------------------------------------


def _aliases_by_language(card: CardDef) -> dict[str, list[str]]:
    from kot_rules.language.checker import LANGUAGES

    found: dict[str, list[str]] = {language: [] for language in LANGUAGES}
    for alias in card.aliases:
        found.setdefault(alias.language, []).append(alias.name)
    return found


def _source(card: CardDef) -> str:
    return f"{_shown(Path(card.position.file))}:{card.position.line}"


def _card_json(card: CardDef) -> dict[str, Any]:
    from kot_rules.language.checker import physical_ids
    from kot_rules.language.render import render_effect

    return {
        "id": card.slug,
        "name": card.name,
        "cost": card.cost,
        "type": card.kind.value,
        "copies": card.copies,
        "physical_ids": list(physical_ids(card.slug, card.copies)),
        "aliases": _aliases_by_language(card),
        "effects": [render_effect(effect) for effect in card.effects],
        "source": _source(card),
    }


def _cmd_cards_list(args: argparse.Namespace) -> int:
    card_set = _card_set(args.cards)
    cards = card_set.cards
    if args.format == "json":
        _print(json.dumps([_card_json(card) for card in cards], indent=2,
                          ensure_ascii=False))
        return EXIT_OK
    width = max((len(card.name) for card in cards), default=0)
    for card in cards:
        names = "  ".join(f"{language}: {' / '.join(aliases)}"
                          for language, aliases in _aliases_by_language(card).items() if aliases)
        line = (f"{card.name:<{width}}  {card.cost:>2}  {card.kind.value:<7}  "
                f"x{card.copies:<2}  {names}")
        _print(line.rstrip())
    return EXIT_OK


def _cmd_cards_coverage(args: argparse.Namespace) -> int:
    from kot_rules.paths import data_root
    from kot_rules.surfaces import coverage

    card_set = _card_set(args.cards)
    results: list[dict[str, Any]] = []
    if args.cards is None:
        from kot_rules.site.proofs import verify_results

        results = verify_results(data_root())["results"]
    rows = coverage.card_set_coverage(card_set, results=results)
    if args.json:
        _print(json.dumps(coverage.to_json(rows), indent=2, ensure_ascii=False))
    else:
        for line in coverage.lines(rows):
            _print(line.rstrip())
    return EXIT_OK


def _cmd_cards_show(args: argparse.Namespace) -> int:
    from kot_rules.language.checker import physical_ids
    from kot_rules.language.diagnostics import quote
    from kot_rules.language.render import quote_name, render_card

    card_set = _card_set(args.cards)
    name: str = args.name
    ids = card_set.resolve(name)
    if not ids:
        suggestion = card_set.suggest(name)
        hint = f"; did you mean {quote(suggestion)}?" if suggestion else ""
        raise CliError(f"no card named {quote(name)}{hint}")
    shown: list[CardDef] = []
    for card_id in ids:
        card = card_set.definition(card_id)
        if card not in shown:
            shown.append(card)
    blocks = []
    for card in shown:
        aliases = ", ".join(f"{alias.language} {quote_name(alias.name)}"
                            for alias in card.aliases) or "none"
        copies = physical_ids(card.slug, card.copies)
        blocks.append("\n".join([
            render_card(card).rstrip("\n"),
            "",
            f"id:       {card.slug}" + (f" ({', '.join(copies)})" if card.copies > 1 else ""),
            f"cost:     {card.cost} energy",
            f"type:     {card.kind.value}",
            f"copies:   {card.copies}",
            f"aliases:  {aliases}",
            f"source:   {_source(card)}",
        ]))
    _print("\n\n".join(blocks))
    return EXIT_OK


# -- main -----------------------------------------------------------------------------


def _error(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)


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
    except SystemExit as exc:  # --help, --version, usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE if exc.code else EXIT_OK
    command: Callable[[argparse.Namespace], int] = args.run
    try:
        code = command(args)
        sys.stdout.flush()  # a closed pipe shows here, not as a warning at exit
        return code
    except CliError as exc:
        _error(exc.message)
        return exc.code
    except ConfigError as exc:
        _error(str(exc))
        return EXIT_USAGE
    except (KotRulesError, CardSpecError, ScenarioFormatError) as exc:
        _error(str(exc))
        return EXIT_FAILURE


if __name__ == "__main__":
    raise SystemExit(main())
