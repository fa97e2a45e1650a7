"""``kot-rules conform``: the conformance scenarios played through an engine that speaks the
kot-conform protocol (docs/conform/protocol.md), judged on what it answers.

The reference engine plays every scenario in lockstep: it builds the start position (the
scenario runner's :func:`start_state`), turns each script step into the action JSON the
engine is sent (card ids, the game's faces), and, when the engine differs from a
scenario, says where the engine's state first differs from its own.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from kot_rules import games
from kot_rules.conform.channel import Engine, EngineFailure
from kot_rules.conform.needs import setup_kind, unsupported
from kot_rules.conform.protocol import EVENTS, Answer, Hello, Support
from kot_rules.conform.report import ConformReport, ConformResult, relative
from kot_rules.engine.actions import (
    END_TURN,
    STAY,
    STOP,
    SWEEP,
    YIELD,
    Action,
    Buy,
    Choose,
    Reroll,
    ResolveFaces,
    Roll,
    SpendDiceTokens,
    UseCard,
    action_to_json,
)
from kot_rules.engine.cards import CardTable
from kot_rules.engine.errors import KotRulesError
from kot_rules.engine.events import Event
from kot_rules.engine.state import State
from kot_rules.paths import data_root
from kot_rules.scenarios.errors import ScenarioFormatError
from kot_rules.scenarios.expect import Table, compare, needed_fields, state_view
from kot_rules.scenarios.loader import read_scenario
from kot_rules.scenarios.model import JUDGED, Scenario, Step
from kot_rules.scenarios.runner import (
    NEW_GAME_SEEDS,
    NotOffered,
    ScenarioFailure,
    scenario_files,
    show_step,
    start_state,
    step_action,
    step_refused,
)

DEFAULT_TIMEOUT = 10.0
"""Seconds the runner waits for each answer (``--timeout``)."""

START_ATTEMPTS = 3
"""An engine that fails to start this many times in a row is not started again: the
scenarios left are engine errors at once."""

NEW_GAME_SEED = NEW_GAME_SEEDS[0]
"""The seed a ``new_game`` request carries: the reference engine shuffles its deck by it
(another engine shuffles its own way: such a scenario expects nothing the shuffle decides)."""


class _Unsupported(Exception):
    """The engine answered ``unsupported``: the scenario is not judged."""


class _Failed(Exception):
    """The engine differs from the scenario where it cannot go on (a refused step)."""


class _Broken(Exception):
    """The reference engine cannot play the scenario: the scenario file is wrong."""


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
    progress: Callable[[ConformResult], None] | None = None,
) -> ConformReport:
    """Run every scenario file under ``paths`` (files or folders) of ``game`` through the
    engine started as ``argv``; ``command`` names it in the report (default: ``argv``)."""
    report = ConformReport(game, command if command is not None else " ".join(argv))
    session = _Session(argv, timeout)
    cards = CardTable.from_card_set(_card_set(game))
    try:
        for path in scenario_files(list(paths)):
            result = _run_file(path, game, cards, session, report)
            if result is not None:
                report.results.append(result)
                if progress is not None:
                    progress(result)
    finally:
        session.close()
    if session.hello is not None:
        report.engine = {"name": session.hello.name, "version": session.hello.version}
    return report


def _card_set(game: str) -> Any:
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
        play = _Play(sc, session.engine(), support, ref, cards)
        with contextlib.suppress(_Failed):  # the problems say why
            play.run()
        result.details = play.problems + play.notes
        if play.problems:
            result.status, result.reason = "fail", play.problems[0]
    except _Unsupported as exc:
        result.status, result.reason = "unsupported", str(exc)
    except EngineFailure as exc:
        result.status, result.reason = "engine-error", str(exc)
        tail = session.stderr_tail()
        result.details = [str(exc), *([f"stderr: {tail}"] if tail else [])]
        session.restart()
    except _Broken as exc:
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


@dataclass
class _Play:
    """One scenario played by the engine and, in lockstep, by the reference engine."""

    sc: Scenario
    engine: Engine
    support: Support
    ref: State
    cards: CardTable
    problems: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    """What the engine said happened since the set-up (when it reports events)."""
    notes: list[str] = field(default_factory=list)
    """Steps the protocol cannot send (the scenario is judged without them)."""
    _compared: bool = False

    def __post_init__(self) -> None:
        self.table = Table.of(self.ref)
        self.faces = self.ref.game.rules.dice.faces
        self.reports_events = EVENTS in self.support.fields

    def run(self) -> None:
        sc = self.sc
        options = self.ref.game.options.to_json()
        if setup_kind(sc) == "position":
            self.call("load", game=sc.game, options=options, state=self.ref.to_json())
            self.events = list(self.ref.events)  # what the set-up did: the reference built it
        else:
            answer = self.call("new_game", game=sc.game, monsters=list(self.ref.names),
                               options=options, seed=NEW_GAME_SEED)
            self.events = self.read_events(answer, "new_game")
        for step in sc.script:
            at = f"{sc.path}:{step.line}:{step.column}: step {step.kind}"
            if step.kind == "expect":
                self.judge(step.value, f"{sc.path}:{step.line}")
            elif step.kind == "refuse":
                self.refuse(step.value, at)
            else:
                self.apply(step, at)
        if sc.expect is not None:
            self.judge(sc.expect, f"{sc.path}:{sc.expect_line}")

    # -- requests -------------------------------------------------------------------------

    def call(self, op: str, **fields: Any) -> Answer:
        """A request whose failing answer ends the scenario (all but apply's refusals)."""
        answer = self.engine.request(op, **fields)
        if answer.ok or (answer.kind == "refused" and op == "apply"):
            return answer
        if answer.kind == "unsupported":
            raise _Unsupported(f"{op}: {answer.message}")
        if answer.kind == "refused" and op in ("load", "new_game"):
            self.problems.append(f"{self.sc.path}: the engine refuses the set-up ({op}): "
                                 f"{answer.message}")
            raise _Failed
        raise EngineFailure(answer.kind, f"{op}: {answer.message}")

    def state(self) -> dict[str, Any]:
        view: dict[str, Any] = self.call("state").body["state"]
        return view

    def read_events(self, answer: Answer, op: str) -> list[Event]:
        if not self.reports_events:
            return []
        if EVENTS not in answer.body:
            raise EngineFailure("bad-answer", f"{op}: the engine reports events, but this "
                                "answer has no \"events\"")
        try:
            return [Event.from_json(e) for e in answer.body[EVENTS]]
        except KotRulesError as exc:
            raise EngineFailure("bad-answer", f"{op}: events: {exc}") from None

    # -- steps ------------------------------------------------------------------------------

    def action(self, step: Step, at: str) -> Action:
        """The action of a script step, as the reference engine reads it where it stands."""
        try:
            return step_action(step, self.ref, self.cards, at)
        except ScenarioFailure as exc:
            raise _Broken(str(exc)) from None

    def refused_action(self, step: Step, at: str, *, refused: bool = True) -> Action | None:
        """The action to send for a step the scenario says the rules refuse (``refused``)
        or allow here, once the reference engine agrees; None when the protocol cannot say
        it: the step names another monster than the one deciding, and the same action of
        the one deciding is open (an action never names who takes it)."""
        try:
            if step_refused(step, self.ref, at) != refused:
                raise _Broken(f"{at}: the reference engine finds `{show_step(step)}` "
                              + ("open" if refused else "refused"))
            return step_action(step, self.ref, self.cards, at)
        except NotOffered:
            action = loose_action(step, self.ref, self.table)
        except ScenarioFailure as exc:
            raise _Broken(str(exc)) from None
        try:
            self.ref.apply(action)
        except KotRulesError:
            return action
        decider = self.ref.names[self.ref.current_player()]
        self.notes.append(f"{at}: `{show_step(step)}` (line {step.line}) not sent: an action "
                          f"does not name who takes it, and {decider}, who decides now, may")
        return None

    def apply(self, step: Step, at: str) -> None:
        action = self.action(step, at)
        try:
            after = self.ref.apply(action)
        except KotRulesError as exc:
            raise _Broken(f"{at}: {exc}") from None
        data = action_to_json(action, self.faces)
        answer = self.call("apply", action=data)
        if not answer.ok:
            self.problems.append(f"{at}: the engine refused {_short(data)}: {answer.message}")
            self.difference(self.state() if self.support.fields - {EVENTS} else None)
            raise _Failed
        self.events += self.read_events(answer, "apply")
        self.ref = after

    def refuse(self, step: Step, at: str) -> None:
        """A step the rules refuse: the engine must answer ``refused`` and keep its state."""
        action = self.refused_action(step, at)
        if action is None:
            return
        data = action_to_json(action, self.faces)
        watch = bool(self.support.fields - {EVENTS})
        before = self.state() if watch else None
        answer = self.call("apply", action=data)
        if answer.ok:
            self.problems.append(f"{at}: the engine accepted {_short(data)}, which the rules "
                                 "refuse here")
            raise _Failed  # the engine is no longer where the reference is
        if before is not None:
            after = self.state()
            if after != before:
                change = first_difference(before, after, self.support.fields)
                self.problems.append(f"{at}: the engine refused {_short(data)} but its state "
                                     f"changed: {change}")
                raise _Failed

    def judge(self, exp: dict[str, Any], where: str) -> None:
        state_exp = {k: v for k, v in exp.items() if k not in JUDGED}
        fields = {f for _, f in needed_fields(state_exp)}
        view = self.state() if fields - {EVENTS} else {}
        try:
            problems = compare(state_exp, view, self.events, self.table, where)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            raise EngineFailure("bad-answer", f"state: cannot read {exc!r} in the engine's "
                                "state") from None
        if problems:
            self.problems += problems
            self.difference(view or None)
        for key in JUDGED:
            for step in exp.get(key, ()):
                self.legal(step, key == "legal", where)

    def legal(self, step: Step, want: bool, where: str) -> None:
        at = f"{where}: {'legal' if want else 'illegal'}"
        action = self.refused_action(step, at, refused=not want)
        if action is None:
            return
        data = action_to_json(action, self.faces)
        got = self.call("legal", action=data).body["legal"]
        if got != want:
            self.problems.append(f"{at}: `{show_step(step)}` (line {step.line}, sent as "
                                 f"{_short(data)}): the engine finds it {_legal(got)}")

    def difference(self, view: dict[str, Any] | None) -> None:
        """Note, once, where the engine's state first differs from the reference's."""
        if self._compared or view is None:
            return
        self._compared = True
        diff = first_difference(state_view(self.ref), view, self.support.fields)
        self.problems.append("first difference from the reference engine: "
                             + (diff or "none in the fields the engine reports"))


def loose_action(step: Step, state: State, table: Table) -> Action:
    """The action a step stands for, whoever decides and whatever the game waits for: what
    the protocol sends for a step the rules refuse here (the engine must refuse it too)."""
    kind, value = step.kind, step.value
    if kind in ("roll", "keep"):
        counts = table.counts([f.value for f in value])
        return Roll(counts) if kind == "roll" else Reroll(counts)
    simple: dict[str, Action] = {"stop": STOP, "yield": YIELD, "stay": STAY, "sweep": SWEEP,
                                 "end-turn": END_TURN}
    if kind in simple:
        return simple[kind]
    if kind == "choose":
        return Choose(str(value))
    if kind == "spend-dice-tokens":
        return SpendDiceTokens(int(value))
    if kind == "resolve":
        return ResolveFaces(value)
    if kind == "buy":
        seller = None if step.monster is None else state.names.index(step.monster)
        return Buy(table.ids(str(value))[0], seller)
    if kind == "use":
        return UseCard(table.ids(value["card"])[0], value.get("ability", 0), value.get("die"),
                       value.get("to"), value.get("count", 0))
    raise _Broken(f"line {step.line}: no action for a step {kind!r}")


def _legal(flag: bool) -> str:
    return "legal" if flag else "illegal"


def first_difference(ref: dict[str, Any], got: dict[str, Any], fields: frozenset[str]) -> str:
    """The first field (in the state JSON's order) where ``got`` differs from ``ref``,
    among ``fields``; an empty string when they agree."""
    for key, value in ref.items():
        if key == "monsters":
            theirs = got.get("monsters")
            for seat, m in enumerate(value):
                other = theirs[seat] if isinstance(theirs, list) and seat < len(theirs) else {}
                for k, v in m.items():
                    if f"monsters.{k}" in fields and (not isinstance(other, dict)
                                                      or other.get(k) != v):
                        mine = other.get(k) if isinstance(other, dict) else None
                        return f"monsters[{seat}].{k} ({m['name']}): reference {_short(v)}, " \
                               f"engine {_short(mine)}"
        elif key == "board" and isinstance(value, dict):
            theirs = got.get("board")
            for k, v in value.items():
                mine = theirs.get(k) if isinstance(theirs, dict) else None
                if f"board.{k}" in fields and mine != v:
                    return f"board.{k}: reference {_short(v)}, engine {_short(mine)}"
        elif key in fields and got.get(key) != value:
            return f"{key}: reference {_short(value)}, engine {_short(got.get(key))}"
    return ""


def _short(value: Any, limit: int = 160) -> str:
    import json

    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def timed(fn: Callable[[], ConformReport]) -> tuple[ConformReport, float]:
    """``fn()`` and the seconds it took."""
    start = time.perf_counter()
    report = fn()
    return report, time.perf_counter() - start
