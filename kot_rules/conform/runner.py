"""``kot-rules conform``: the conformance scenarios played through an engine that speaks the
kot-conform protocol (docs/conform/protocol.md), judged on what it answers.

Each scenario file is read, its start position built with the reference engine (the
scenario runner's :func:`start_state`), checked against what the engine's hello offers
(:mod:`~kot_rules.conform.needs`), then played (:mod:`~kot_rules.conform.play`); the engine
process is started again after an engine error.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from kot_rules import games
from kot_rules.conform.channel import Engine, EngineFailure
from kot_rules.conform.needs import setup_kind, unsupported
from kot_rules.conform.play import NEW_GAME_SEED, Broken, Failed, Play, Unsupported
from kot_rules.conform.protocol import Hello
from kot_rules.conform.report import ConformReport, ConformResult, relative
from kot_rules.engine.cards import CardTable
from kot_rules.paths import data_root
from kot_rules.scenarios.errors import ScenarioFormatError
from kot_rules.scenarios.expect import Table
from kot_rules.scenarios.loader import read_scenario
from kot_rules.scenarios.runner import scenario_files, start_state

if TYPE_CHECKING:
    from kot_rules.language.cardset import CardSet

DEFAULT_TIMEOUT = 10.0
"""Seconds the runner waits for each answer (``--timeout``)."""

START_ATTEMPTS = 3
"""An engine that fails to start this many times in a row is not started again: the
scenarios left are engine errors at once."""

def scenario_folder(game: str) -> Path:
    """The built-in scenarios of ``game`` (the default paths of ``kot-rules conform``)."""
    from kot_rules.paths import spec_dir

    return spec_dir() / "scenarios" / game


def run_conformance(
    game: str,
    argv: Sequence[str],
    paths: Sequence[Path],
    *,
    timeout: float = DEFAULT_TIMEOUT,
    command: str | None = None,
    on_result: Callable[[ConformResult], None] | None = None,
) -> ConformReport:
    """Run every scenario file under ``paths`` (files or folders) of ``game`` through the
    engine started as ``argv``; ``command`` names it in the report (default: ``argv``).
    ``on_result`` is called with each scenario's result as soon as it is judged."""
    report = ConformReport(game, command if command is not None else " ".join(argv))
    session = _Session(argv, timeout)
    cards = CardTable.from_card_set(_card_set(game))
    try:
        for path in scenario_files(list(paths)):
            result = _run_file(path, game, cards, session, report)
            if result is not None:
                report.results.append(result)
                if on_result is not None:
                    on_result(result)
    finally:
        session.close()
    if session.hello is not None:
        report.engine = {"name": session.hello.name, "version": session.hello.version}
    return report


def _card_set(game: str) -> CardSet:
    from kot_rules.language.cardset import builtin_card_set

    return builtin_card_set(game)


def _run_file(path: Path, game: str, cards: CardTable, session: _Session,
              report: ConformReport) -> ConformResult | None:
    shown = relative(path, (data_root(),))
    if not path.exists():
        report.errors.append(f"{shown}:0:0: error[SCN001]: no such file or folder")
        return None
    try:
        sc = read_scenario(path)
        if sc.game != game:
            raise ScenarioFormatError(
                str(sc.path), sc.game_line, sc.game_column, "SCN004",
                f"the scenario is of game {sc.game!r}, this run is of {game!r} "
                f"(run it with --game {sc.game})")
        sc = replace(sc, path=Path(shown))  # the reports name it as the user sees it
        ref = start_state(sc, cards, NEW_GAME_SEED if setup_kind(sc) == "new-game" else None)
    except ScenarioFormatError as exc:
        report.errors.append(exc.render())
        return None
    result = ConformResult(shown, sc.name, sc.rules, sc.tags, "pass")
    try:
        hello = session.start()
        support = hello.support(game)
        options = ref.game.options.to_json()
        names = ref.names
        defaults = games.get(game).new_game(names, cards=cards).options.to_json()
        why = unsupported(sc, support, Table.of(ref), options, defaults)
        if why is not None:
            result.status, result.reason = "unsupported", why
            return result
        assert support is not None
        play = Play(sc, session.engine(), support, ref, cards)
        with contextlib.suppress(Failed):  # the problems say why
            play.run()
        result.details = play.problems + play.notes
        if play.problems:
            result.status, result.reason = "fail", play.problems[0]
    except Unsupported as exc:
        result.status, result.reason = "unsupported", str(exc)
    except EngineFailure as exc:
        result.status, result.reason = "engine-error", str(exc)
        tail = session.stderr_tail()
        result.details = [str(exc), *([f"stderr: {tail}"] if tail else [])]
        session.restart()
    except Broken as exc:
        report.errors.append(f"{shown}: the reference engine cannot play it: {exc}")
        return None
    return result


class _Session:
    """The engine process, started on first use and again after an engine error."""

    def __init__(self, argv: Sequence[str], timeout: float) -> None:
        self.argv = list(argv)
        self.timeout = timeout
        self.hello: Hello | None = None
        self._engine: Engine | None = None
        self._failed_starts = 0
        self._last_failure: EngineFailure | None = None

    def start(self) -> Hello:
        if self._engine is not None and self.hello is not None:
            return self.hello
        if self._failed_starts >= START_ATTEMPTS and self._last_failure is not None:
            raise EngineFailure(self._last_failure.kind, f"not started again after "
                                f"{START_ATTEMPTS} failed starts: {self._last_failure.message}")
        engine = Engine(self.argv, self.timeout)
        try:
            self.hello = engine.start()
        except EngineFailure as exc:
            self._failed_starts += 1
            self._last_failure = exc
            self._engine = engine  # for its stderr; restart() stops it
            raise
        self._failed_starts = 0
        self._engine = engine
        return self.hello

    def engine(self) -> Engine:
        assert self._engine is not None
        return self._engine

    def stderr_tail(self) -> str:
        return self._engine.stderr_tail() if self._engine is not None else ""

    def restart(self) -> None:
        if self._engine is not None:
            self._engine.kill()
        self._engine = None

    def close(self) -> None:
        if self._engine is not None:
            self._engine.close()
        self._engine = None


def timed(fn: Callable[[], ConformReport]) -> tuple[ConformReport, float]:
    """``fn()`` and the seconds it took."""
    start = time.perf_counter()
    report = fn()
    return report, time.perf_counter() - start
