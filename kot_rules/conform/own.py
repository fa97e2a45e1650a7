"""The reference engine behind the kot-conform protocol, for the three games.

    python -m kot_rules.conform.own                  # the engine as it is
    python -m kot_rules.conform.own --break RULE     # one rule changed (kot_rules.conform.breaks)
    python -m kot_rules.conform.own --log FILE       # and a copy of every line in FILE

It reads requests on stdin and answers on stdout, one JSON line each
(docs/conform/protocol.md); it reports every field of the state view and the events.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from kot_rules import __version__, games
from kot_rules.conform.protocol import ANY, EVENTS, PROTOCOL, SETUPS, encode
from kot_rules.engine.actions import action_from_json
from kot_rules.engine.cards import CardTable
from kot_rules.engine.errors import KotRulesError, StateFormatError
from kot_rules.engine.game import Game
from kot_rules.engine.options import Options
from kot_rules.engine.state import State
from kot_rules.scenarios.expect import state_view

NAME = "kot-rules"

COMMON_ACTIONS = ("roll", "reroll", "stop", "buy", "sweep", "end-turn", "use", "choose")
GAME_ACTIONS = {
    "king-of-tokyo": ("first-player", "yield", "stay"),
    "king-of-tokyo-duel": ("spend-dice-tokens", "resolve"),
    "king-of-new-york": ("first-player", "yield", "stay", "resolve"),
}
"""The action types each game takes besides the common ones (docs/formats/state.md)."""


class Request(Exception):
    """A request answered with an error of ``kind`` (protocol.ERROR_KINDS)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def view_fields(state: State) -> list[str]:
    """Every field of ``state``'s view as hello lists them (``monsters.hearts``...)."""
    view = state_view(state)
    out = []
    for key, value in view.items():
        if key == "monsters":
            out += [f"monsters.{k}" for k in value[0]]
        elif key == "board":
            out += [f"board.{k}" for k in value]
        else:
            out.append(key)
    return [*sorted(out), EVENTS]


def hello(engine: str = NAME) -> dict[str, Any]:
    """The hello of this engine: every game, set-up, card, option, action and field."""
    from kot_rules.language.cardset import CardSet

    out = []
    for d in games.definitions():
        sample = d.new_game(d.min_players, cards=CardTable.from_card_set(CardSet(())))
        out.append({
            "game": d.id, "setups": list(SETUPS), "cards": [ANY],
            "options": dict.fromkeys(Options().to_json(), ANY),
            "actions": [*COMMON_ACTIONS, *GAME_ACTIONS.get(d.id, ())],
            "fields": view_fields(sample.new_initial_state()),
        })
    return {"op": "hello", "protocol": PROTOCOL,
            "engine": {"name": engine, "version": __version__}, "games": out}


class OwnEngine:
    """The reference engine's answers to the protocol's requests."""

    def __init__(self) -> None:
        self.state: State | None = None
        self._cards: dict[str, CardTable] = {}

    def answer(self, request: object) -> dict[str, Any]:
        """The answer to one request (a parsed JSON line)."""
        rid = request.get("id") if isinstance(request, dict) else None
        try:
            if not isinstance(request, dict) or not isinstance(rid, int) \
                    or isinstance(rid, bool):
                raise Request("bad-request", "a request is an object with an integer id")
            body = self._handle(request)
        except Request as exc:
            return {"id": rid, "ok": False, "error": {"kind": exc.kind, "message": str(exc)}}
        except Exception as exc:  # the protocol's "internal": the engine's own failure
            return {"id": rid, "ok": False,
                    "error": {"kind": "internal", "message": f"{type(exc).__name__}: {exc}"}}
        return {"id": rid, "ok": True, **body}

    def _handle(self, r: dict[str, Any]) -> dict[str, Any]:
        op = r.get("op")
        if op == "new_game":
            game = self._game(r, r.get("monsters"))
            seed = r.get("seed")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
                raise Request("bad-request", "new_game.seed: expected an integer or null")
            self.state = game.new_initial_state(
                None if seed is None else game.shuffled_deck(seed))
            return {EVENTS: [e.to_json() for e in self.state.events]}
        if op == "load":
            data = r.get("state")
            if not isinstance(data, dict) or not isinstance(data.get("monsters"), list):
                raise Request("bad-request", "load.state: expected a state object")
            game = self._game(r, [m.get("name") if isinstance(m, dict) else None
                                  for m in data["monsters"]])
            try:
                self.state = game.state_from_json(data)
            except StateFormatError as exc:
                raise Request("refused", f"state: {exc}") from None
            return {}
        if op == "apply":
            state = self._current()
            try:
                after = state.apply(self._action(r, state))
            except KotRulesError as exc:  # the state is unchanged: State.apply makes a new one
                raise Request("refused", str(exc)) from None
            self.state = after
            return {EVENTS: [e.to_json() for e in after.events]}
        if op == "legal":
            state = self._current()
            try:
                state.apply(self._action(r, state))
            except KotRulesError:
                return {"legal": False}
            return {"legal": True}
        if op == "state":
            return {"state": state_view(self._current())}
        if op == "quit":
            return {}
        raise Request("bad-request", f"unknown op {op!r}")

    def _game(self, r: dict[str, Any], monsters: object) -> Game:
        game_id = r.get("game")
        try:
            definition = games.get(str(game_id))
        except games.UnknownGameError as exc:
            raise Request("unsupported", str(exc)) from None
        if not isinstance(monsters, list) or not all(isinstance(m, str) for m in monsters):
            raise Request("bad-request", "monsters: expected a list of names")
        options = r.get("options", {})
        if not isinstance(options, dict):
            raise Request("bad-request", "options: expected an object")
        try:
            return definition.new_game(monsters, options=Options.from_json(options),
                                       cards=self._table(definition.id))
        except KotRulesError as exc:
            raise Request("refused", str(exc)) from None

    def _table(self, game: str) -> CardTable:
        if game not in self._cards:
            from kot_rules.language.cardset import builtin_card_set

            self._cards[game] = CardTable.from_card_set(builtin_card_set(game))
        return self._cards[game]

    def _current(self) -> State:
        if self.state is None:
            raise Request("bad-request", "no game yet: send load or new_game first")
        return self.state

    def _action(self, r: dict[str, Any], state: State) -> Any:
        try:
            return action_from_json(r.get("action"), state.game.rules.dice.faces)
        except StateFormatError as exc:
            raise Request("bad-request", f"action: {exc}") from None


def serve(engine: OwnEngine, name: str, stdin: IO[bytes], stdout: IO[bytes],
          log: IO[bytes] | None = None) -> int:
    """Say hello, then answer each line of ``stdin`` until ``quit`` or the end of input;
    ``log`` gets a copy of every line read and written, in order."""

    def write(message: dict[str, Any]) -> None:
        line = encode(message)
        stdout.write(line)
        stdout.flush()
        if log is not None:
            log.write(b"> " + line)
            log.flush()

    write(hello(name))
    for line in stdin:
        if log is not None:
            log.write(b"< " + line)
        try:
            request: object = json.loads(line)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            request = None
            print(f"{NAME}: not a JSON line: {exc}", file=sys.stderr)
        write(engine.answer(request))
        if isinstance(request, dict) and request.get("op") == "quit":
            break
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    from kot_rules.conform.breaks import BREAKS, install

    parser = argparse.ArgumentParser(
        prog="python -m kot_rules.conform.own",
        description="The kot-rules reference engine, speaking the kot-conform protocol on "
                    "stdin/stdout (docs/conform/protocol.md).")
    parser.add_argument(
        "--break", dest="broken", choices=sorted(BREAKS), metavar="RULE",
        help="play one rule wrong, to see the runner catch it: "
             + "; ".join(f"{rule} ({b.what})" for rule, b in sorted(BREAKS.items())))
    parser.add_argument(
        "--log", type=Path, default=None, metavar="FILE",
        help="append every line read ('< ') and written ('> ') to FILE")
    args = parser.parse_args(argv)
    name = NAME
    if args.broken is not None:
        _pure_engine(list(sys.argv if argv is None else ["", *argv]))
        install(args.broken)
        name = f"{NAME} with {args.broken} broken"
    if args.log is None:
        return serve(OwnEngine(), name, sys.stdin.buffer, sys.stdout.buffer)
    with args.log.open("ab") as log:
        return serve(OwnEngine(), name, sys.stdin.buffer, sys.stdout.buffer, log)


def _pure_engine(argv: list[str]) -> None:
    """A break replaces Python functions: run again on the pure engine if the compiled one
    is in use (its compiled callers would not see the change)."""
    from kot_rules import native

    if native.status().compiled:  # pragma: no cover - only with `make compiled`
        os.environ[native.PURE_ENV] = "1"
        os.execv(sys.executable, [sys.executable, "-m", "kot_rules.conform.own", *argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
