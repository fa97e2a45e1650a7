"""Fuzz targets: the card parser and checker, the scenario reader, the state reader, for
King of Tokyo, Duel and King of New York.

Each target is a Hypothesis strategy and a function of one input that returns normally
when the reader answered with one of its documented errors (or read the input), and
raises anything else: a traceback, or :class:`Hang` from the watchdog. The short run
(tests/trust/test_fuzz.py) and the long one (scripts/fuzz.py, ``make fuzz``) share them.
"""

from __future__ import annotations

import copy
import json
import random
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import FrameType
from typing import Any

import yaml
from hypothesis import strategies as st

from kot_rules.engine.driver import play
from kot_rules.engine.errors import KotRulesError, StateFormatError
from kot_rules.engine.game import FirstPlayerRule, Game, Options
from kot_rules.engine.state import State, load_json
from kot_rules.games import get
from kot_rules.language import CODES, Diagnostic, parse_text
from kot_rules.language.cardset import check_text
from kot_rules.language.parser import decode_card_bytes
from kot_rules.paths import builtin_cards_dir
from kot_rules.scenarios.errors import CODES as SCN_CODES
from kot_rules.scenarios.errors import ScenarioFormatError
from kot_rules.scenarios.loader import scenario_from_bytes

ROOT = Path(__file__).resolve().parents[2]
KONY = "king-of-new-york"
HANG_SECONDS = 10.0
"""One input taking longer than this is a hang (the slowest real input takes ~0.1 s)."""


class Hang(BaseException):
    """An input ran past :data:`HANG_SECONDS` (a BaseException: no reader may catch it)."""


@contextmanager
def watchdog(seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Raise :class:`Hang` in the main thread if the block runs longer than ``seconds``."""

    def ring(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass(frozen=True)
class Target:
    name: str
    strategy: st.SearchStrategy[Any]
    run: Callable[[Any], None]


# -- junk values and mutations of JSON-like data -----------------------------------------

_WORDS = ["1", "2", "3", "claw", "heart", "energy", "city", "bay", "outside", "roll", "keep",
          "yield", "buy", "over", "poison", "c00", "c01", "c65", "Alice", "Bob", "", " ",
          "\x00", "ł", "‮", "null", "true", "&a", "*a", "{", "["]
LEAF = (st.none() | st.booleans() | st.sampled_from([-1, 0, 1, 2, 5, 6, 7, 99, 10**6, -10**9])
        | st.integers() | st.integers(min_value=10**14, max_value=10**40)
        | st.floats(allow_nan=True) | st.sampled_from(_WORDS) | st.text(max_size=12))
JUNK = st.recursive(LEAF, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8) | st.sampled_from(_WORDS), inner,
                                      max_size=4), max_leaves=10)
EDITS = st.lists(st.tuples(st.sampled_from(["set", "delete", "add", "dive"]), JUNK,
                           st.integers(min_value=0, max_value=10**6)), min_size=1, max_size=4)


def mutate(data: Any, edits: list[tuple[str, Any, int]]) -> Any:
    """Apply edits: walk down by the numbers, then set, delete or add at that node."""
    data = copy.deepcopy(data)
    for action, junk, n in edits:
        if not isinstance(data, (dict, list)) or not data:
            return junk
        node: Any = data
        path_len = n % 7
        for step in range(path_len + 1):
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = keys[(n >> step) % len(keys)]
            child = node[key]
            if isinstance(child, (dict, list)) and child and step < path_len:
                node = child
                continue
            if action == "delete":
                del node[key]
            elif action == "add" and isinstance(node, dict):
                node[str(junk)[:12]] = junk
            elif action == "add":
                node.insert(n % (len(node) + 1), junk)
            else:
                node[key] = junk
            break
    return data


BYTE_EDITS = st.lists(st.tuples(st.sampled_from(["set", "insert", "delete", "copy"]),
                                st.integers(min_value=0, max_value=10**7),
                                st.integers(min_value=0, max_value=255)),
                      min_size=1, max_size=8)


def edit_bytes(data: bytes, edits: list[tuple[str, int, int]]) -> bytes:
    out = bytearray(data)
    for action, where, value in edits:
        i = where % (len(out) + 1)
        if action == "insert":
            out.insert(i, value)
        elif action == "copy" and out:  # repeat a slice: a structural edit
            j = min(len(out), i + value)
            out[i:i] = out[i:j]
        elif i < len(out):
            if action == "set":
                out[i] = value
            else:
                del out[i]
    return bytes(out)


# -- the card parser and checker ---------------------------------------------------------

_PIECES = ["card", "cost", "alias", "copies", "keep", "discard", "pl", "cz", '"', '"A"', ",",
           " ", "  ", "\t", "\n", "\r\n", "#", "\\", "4", "99", "-", "\x00", "ł", "\ufeff",
           "Gain", "Heal", "Take", "Each", "other", "monster", "takes", "loses", "star",
           "stars", "energy", "damage", ".", "1", "0", "\n  ", "When", "At", "Once", "per",
           "turn", "you", "your", "attack", "buy", "this", "score", "a", "set", "of", "1s",
           "resolve", "dice", "die", "or", "more", "hearts", "if", "are", "in", "Tokyo",
           "each", "neighbours", "for", "have", "maximum", "extra", "While", "Whenever",
           "deal", "the", "end", "start", "and", "99999999999999999999", "(", ")"]


@cache
def card_files() -> tuple[bytes, ...]:
    return tuple(p.read_bytes() for p in sorted(builtin_cards_dir().rglob("*.kot")))


def _sane(diagnostics: list[Diagnostic], lines: int) -> None:
    for d in diagnostics:
        assert d.code in CODES, d.render()
        assert (d.line, d.column) == (0, 0) or (1 <= d.line <= lines + 1 and d.column >= 1), \
            d.render()
        d.render()
        d.to_json()


def run_card_text(text: str) -> None:
    with watchdog():
        _, diagnostics = parse_text(text, "fuzz.kot")
    _sane(diagnostics, text.count("\n") + 1)


def run_card_bytes(case: tuple[int, list[tuple[str, int, int]]]) -> None:
    files = card_files()
    data = edit_bytes(files[case[0] % len(files)], case[1])
    with watchdog():
        text, diagnostics = decode_card_bytes(data, "fuzz.kot")
        if text is not None:
            _, diagnostics = parse_text(text, "fuzz.kot")
    _sane(diagnostics, data.count(b"\n") + 1)


@cache
def kony_card_files() -> tuple[bytes, ...]:
    """King of New York's card files (its own dialect: boroughs, units, Ouch!, tokens)."""
    return tuple(p.read_bytes() for p in sorted(builtin_cards_dir(KONY).rglob("*.kot")))


@cache
def kony_pieces() -> tuple[str, ...]:
    """The words and marks of New York's card files, and a few hostile pieces."""
    words = {w for raw in kony_card_files()
             for w in raw.decode("utf-8").replace('"', ' " ').replace(".", " . ").split()}
    return (*sorted(words), '"', " ", "  ", "\n", "\n  ", "\t", "\r\n", "#", "\\", "\x00",
            "\ufeff", "99999999999999999999", "0", "-")


def run_kony_card_text(text: str) -> None:
    """One file's text checked as `kot-rules check --game king-of-new-york` checks it (the
    card and set checks and the token checks)."""
    with watchdog():
        diagnostics = check_text(text, "fuzz.kot", KONY)
    _sane(diagnostics, text.count("\n") + 1)


def run_kony_card_bytes(case: tuple[int, list[tuple[str, int, int]]]) -> None:
    files = kony_card_files()
    data = edit_bytes(files[case[0] % len(files)], case[1])
    with watchdog():
        text, diagnostics = decode_card_bytes(data, "fuzz.kot")
        if text is not None:
            diagnostics = check_text(text, "fuzz.kot", KONY)
    _sane(diagnostics, data.count(b"\n") + 1)


# -- the scenario reader (and the runner, on what reads) --------------------------------


@cache
def scenario_files() -> tuple[tuple[Path, bytes], ...]:
    paths = sorted((ROOT / "spec" / "scenarios").rglob("*.yaml"))
    return tuple((p, p.read_bytes()) for p in paths)


@cache
def duel_scenario_files() -> tuple[tuple[Path, bytes], ...]:
    """King of Tokyo: Duel's scenarios (a few among many: a target of their own)."""
    return tuple((p, raw) for p, raw in scenario_files()
                 if b"game: king-of-tokyo-duel" in raw)


@cache
def kony_scenario_files() -> tuple[tuple[Path, bytes], ...]:
    """King of New York's scenarios (format 2: boroughs, the board, its own steps)."""
    return tuple((p, raw) for p, raw in scenario_files()
                 if b"game: king-of-new-york" in raw)


@cache
def _cards(game: str = "king-of-tokyo") -> Any:
    from kot_rules.engine.cards import CardTable
    from kot_rules.language.cardset import builtin_card_set

    return CardTable.from_card_set(builtin_card_set(game))


def _read_and_run(raw: bytes, path: Path) -> None:
    from kot_rules.scenarios.runner import run_scenario

    with watchdog():
        try:
            scenario = scenario_from_bytes(raw, path)
        except ScenarioFormatError as exc:
            assert exc.code in SCN_CODES, exc.render()
            exc.render()
            return
        try:
            run_scenario(scenario, _cards(scenario.game))  # the cards of its own game
        except ScenarioFormatError as exc:
            assert exc.code in SCN_CODES, exc.render()


def run_scenario_bytes(data: bytes) -> None:
    _read_and_run(data, Path("fuzz.yaml"))


def run_scenario_edit(case: tuple[int, list[tuple[str, int, int]]]) -> None:
    files = scenario_files()
    path, raw = files[case[0] % len(files)]
    _read_and_run(edit_bytes(raw, case[1]), path)


def run_duel_scenario_edit(case: tuple[int, list[tuple[str, int, int]]]) -> None:
    files = duel_scenario_files()
    path, raw = files[case[0] % len(files)]
    _read_and_run(edit_bytes(raw, case[1]), path)


def run_duel_scenario_tree(case: tuple[int, list[tuple[str, Any, int]]]) -> None:
    run_scenario_tree(case, duel_scenario_files())


def run_kony_scenario_edit(case: tuple[int, list[tuple[str, int, int]]]) -> None:
    files = kony_scenario_files()
    path, raw = files[case[0] % len(files)]
    _read_and_run(edit_bytes(raw, case[1]), path)


def run_kony_scenario_tree(case: tuple[int, list[tuple[str, Any, int]]]) -> None:
    run_scenario_tree(case, kony_scenario_files())


def run_scenario_tree(case: tuple[int, list[tuple[str, Any, int]]],
                      files: tuple[tuple[Path, bytes], ...] | None = None) -> None:
    files = files or scenario_files()
    path, raw = files[case[0] % len(files)]
    data = mutate(yaml.safe_load(raw), case[1])
    try:
        text = yaml.safe_dump(data, allow_unicode=True, width=10**6)
    except (yaml.YAMLError, ValueError, RecursionError):
        return  # the junk cannot be written as YAML: nothing to read
    _read_and_run(text.encode("utf-8", "surrogatepass"), path)


# -- the state reader (and one step of the engine, on what reads) ------------------------


@cache
def state_seeds() -> tuple[tuple[Game, dict[str, Any]], ...]:
    """States of random games: 2, 4 and 6 monsters, the Bay, options, waiting steps."""
    definition = get("king-of-tokyo")
    out: list[tuple[Game, dict[str, Any]]] = []
    configs = [(2, Options()), (4, Options(bonus_claws=True, heart_cap=12)),
               (6, Options(tokyo_bay=True, neighbours_attacked_only=True))]
    for players, options in configs:
        game = definition.new_game(players, options=options)
        for seed in range(3):
            states: list[dict[str, Any]] = []
            play(game, seed, record=False, on_step=lambda s, into=states: into.append(s.to_json()))
            rng = random.Random(seed)
            out.extend((game, d) for d in rng.sample(states, min(30, len(states))))
            out.extend([(game, d) for d in states if d["pending"] is not None][:10])
    return tuple(out)


@cache
def duel_state_seeds() -> tuple[tuple[Game, dict[str, Any]], ...]:
    """States of random King of Tokyo: Duel games (its own board: tracks, dice tokens)."""
    game = get("king-of-tokyo-duel").new_game(2)
    out: list[tuple[Game, dict[str, Any]]] = []
    for seed in range(3):
        states: list[dict[str, Any]] = []
        play(game, seed, record=False, on_step=lambda s, into=states: into.append(s.to_json()))
        rng = random.Random(seed)
        out.extend((game, d) for d in rng.sample(states, min(30, len(states))))
    return tuple(out)


@cache
def kony_state_seeds() -> tuple[tuple[Game, dict[str, Any]], ...]:
    """States of random King of New York games (its board: boroughs, Manhattan's zones and
    paths, tiles, the special cards): 2-6 monsters, the 5-6 path on and off, the roll-off,
    and states waiting on a question."""
    definition = get(KONY)
    out: list[tuple[Game, dict[str, Any]]] = []
    configs = [(2, Options()), (3, Options(first_player=FirstPlayerRule.ROLL)),
               (4, Options()), (5, Options()), (6, Options(tokyo_bay=False))]
    for players, options in configs:
        game = definition.new_game(players, options=options)
        for seed in range(2):
            states: list[dict[str, Any]] = []
            play(game, seed, record=False, on_step=lambda s, into=states: into.append(s.to_json()))
            rng = random.Random(seed)
            out.extend((game, d) for d in rng.sample(states, min(20, len(states))))
            out.extend([(game, d) for d in states if d["pending"] is not None][:6])
    return tuple(out)


def _exercise(game: Game, data: object) -> None:
    with watchdog():
        try:
            state = State.from_json(game, data)
        except StateFormatError:
            return
        state.canonical()
        again = State.from_json(game, json.loads(json.dumps(state.to_json())))
        assert again.canonical() == state.canonical()
        try:
            if state.is_terminal():
                return
            if state.is_chance_node():
                state.apply(state.sample_chance(random.Random(0)))
            else:
                actions = state.legal_actions()
                if len(actions):
                    state.apply(actions[0])
        except KotRulesError:
            pass  # a documented refusal (a state no game reaches may have no legal step)


def run_duel_state_tree(case: tuple[int, list[tuple[str, Any, int]]]) -> None:
    run_state_tree(case, duel_state_seeds())


def run_duel_state_bytes(case: tuple[int, list[tuple[str, int, int]]]) -> None:
    run_state_bytes(case, duel_state_seeds())


def run_kony_state_tree(case: tuple[int, list[tuple[str, Any, int]]]) -> None:
    run_state_tree(case, kony_state_seeds())


def run_kony_state_bytes(case: tuple[int, list[tuple[str, int, int]]]) -> None:
    run_state_bytes(case, kony_state_seeds())


def run_state_tree(case: tuple[int, list[tuple[str, Any, int]]],
                   seeds: tuple[tuple[Game, dict[str, Any]], ...] | None = None) -> None:
    seeds = seeds or state_seeds()
    game, data = seeds[case[0] % len(seeds)]
    _exercise(game, mutate(data, case[1]))


def run_state_text(case: tuple[int, bytes]) -> None:
    seeds = state_seeds()
    game, _ = seeds[case[0] % len(seeds)]
    with watchdog():
        try:
            data = load_json(case[1].decode("utf-8", "surrogatepass"))
        except (StateFormatError, UnicodeDecodeError):
            return
    _exercise(game, data)


def run_state_bytes(case: tuple[int, list[tuple[str, int, int]]],
                    seeds: tuple[tuple[Game, dict[str, Any]], ...] | None = None) -> None:
    seeds = seeds or state_seeds()
    game, data = seeds[case[0] % len(seeds)]
    raw = edit_bytes(json.dumps(data).encode(), case[1])
    with watchdog():
        try:
            value = load_json(raw.decode("utf-8", "replace"))
        except StateFormatError:
            return
    _exercise(game, value)


INDEX = st.integers(min_value=0, max_value=10**6)
TARGETS: tuple[Target, ...] = (
    Target("cards: random text", st.text(max_size=300), run_card_text),
    Target("cards: language pieces", st.lists(st.sampled_from(_PIECES), max_size=80)
           .map("".join), run_card_text),
    Target("cards: byte edits of built-in files", st.tuples(INDEX, BYTE_EDITS), run_card_bytes),
    Target("scenarios: random bytes", st.binary(max_size=400)
           | st.text(max_size=400).map(lambda t: t.encode("utf-8", "surrogatepass")),
           run_scenario_bytes),
    Target("scenarios: byte edits of spec files", st.tuples(INDEX, BYTE_EDITS),
           run_scenario_edit),
    Target("scenarios: value edits of spec files", st.tuples(INDEX, EDITS), run_scenario_tree),
    Target("states: value edits of game states", st.tuples(INDEX, EDITS), run_state_tree),
    Target("states: byte edits of game states", st.tuples(INDEX, BYTE_EDITS), run_state_bytes),
    Target("states: random text", st.tuples(INDEX, st.binary(max_size=200)), run_state_text),
    # King of Tokyo: Duel: its scenario files and its states.
    Target("duel scenarios: byte edits of spec files", st.tuples(INDEX, BYTE_EDITS),
           run_duel_scenario_edit),
    Target("duel scenarios: value edits of spec files", st.tuples(INDEX, EDITS),
           run_duel_scenario_tree),
    Target("duel states: value edits of game states", st.tuples(INDEX, EDITS),
           run_duel_state_tree),
    Target("duel states: byte edits of game states", st.tuples(INDEX, BYTE_EDITS),
           run_duel_state_bytes),
    # King of New York: its card dialect, its scenario files (format 2) and its states.
    Target("kony cards: byte edits of built-in files", st.tuples(INDEX, BYTE_EDITS),
           run_kony_card_bytes),
    Target("kony cards: the words of its cards", st.lists(st.deferred(
        lambda: st.sampled_from(kony_pieces())), max_size=80).map(" ".join), run_kony_card_text),
    Target("kony scenarios: byte edits of spec files", st.tuples(INDEX, BYTE_EDITS),
           run_kony_scenario_edit),
    Target("kony scenarios: value edits of spec files", st.tuples(INDEX, EDITS),
           run_kony_scenario_tree),
    Target("kony states: value edits of game states", st.tuples(INDEX, EDITS),
           run_kony_state_tree),
    Target("kony states: byte edits of game states", st.tuples(INDEX, BYTE_EDITS),
           run_kony_state_bytes),
)
"""Every fuzz target, in the order the reports list them."""
