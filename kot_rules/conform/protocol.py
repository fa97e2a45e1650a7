"""The kot-conform protocol, version 1: the messages between the runner and an engine.

JSON lines over the engine's stdin and stdout (docs/conform/protocol.md; one JSON Schema per
message under spec/schemas/conform/). The engine speaks first (``hello``); then every
request has an ``id`` and an ``op`` and every answer repeats the ``id`` and says ``ok``.
This module reads and checks what an engine writes; it needs neither the engine nor a
JSON Schema library.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

PROTOCOL = 1
"""The version this runner speaks; a hello naming another is refused."""

OPS = ("new_game", "load", "apply", "legal", "state", "quit")
"""The requests of the runner, in the order docs/conform/protocol.md lists them."""

ERROR_KINDS = ("refused", "unsupported", "bad-request", "internal")
"""What a failing answer may say: the action is illegal here (the state is unchanged); the
engine cannot express the request; the request breaks the protocol; the engine failed."""

SETUPS = ("position", "new-game")
"""How a scenario starts: a position sent with ``load``, or ``new_game``."""

ANY = "*"
"""In a hello, any card (``cards: ["*"]``) or any value of an option (``"dice": "*"``)."""

EVENTS = "events"
"""The field an engine declares to report events: ``apply`` and ``new_game`` answers then
carry the events of the step (the state JSON's ``events``)."""

MAX_LINE = 16 * 1024 * 1024
"""The longest line the runner reads, in bytes."""


class ProtocolError(ValueError):
    """A message that does not follow the protocol (the message says which part)."""


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as one line of UTF-8 JSON, keys in the order given."""
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def decode(line: bytes) -> dict[str, Any]:
    """One line read from an engine, as a JSON object; :class:`ProtocolError` otherwise."""
    try:
        data = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ProtocolError(f"not UTF-8: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ProtocolError(f"not JSON ({exc.msg} at column {exc.colno}): "
                            f"{_excerpt(line)}") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"expected a JSON object, got {_excerpt(line)}")
    return data


def _excerpt(line: bytes) -> str:
    text = line.decode("utf-8", errors="replace").rstrip("\n")
    return repr(text if len(text) <= 80 else text[:77] + "...")


# -- hello ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Support:
    """What an engine plays of one game, as its hello says."""

    game: str
    setups: frozenset[str]
    cards: frozenset[str] | None
    """The physical card ids it knows; None: every card (``["*"]``)."""
    options: Mapping[str, tuple[Any, ...] | None]
    """Option name -> the values it supports (None: any value). An option not named is
    played only at the game's default."""
    actions: frozenset[str]
    """Action types (docs/formats/state.md) it takes."""
    fields: frozenset[str]
    """Dotted paths of the state view it reports (``monsters.hearts``), and ``events``."""

    def allows_option(self, name: str, value: Any, default: Any) -> bool:
        if name not in self.options:
            return bool(value == default)
        values = self.options[name]
        return values is None or any(_same(value, v) for v in values)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "setups": sorted(self.setups),
            "cards": [ANY] if self.cards is None else sorted(self.cards),
            "options": {k: ANY if v is None else list(v) for k, v in self.options.items()},
            "actions": sorted(self.actions),
            "fields": sorted(self.fields),
        }


def _same(a: Any, b: Any) -> bool:
    # JSON's true is not 1: an option value of another type is another value.
    return type(a) is type(b) and bool(a == b)


@dataclass(frozen=True)
class Hello:
    """The engine's first line: who it is and what it plays."""

    name: str
    version: str
    games: tuple[Support, ...]
    protocol: int = PROTOCOL

    def support(self, game: str) -> Support | None:
        return next((g for g in self.games if g.game == game), None)

    def to_json(self) -> dict[str, Any]:
        return {"op": "hello", "protocol": self.protocol,
                "engine": {"name": self.name, "version": self.version},
                "games": [g.to_json() for g in self.games]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Hello:
        """Read a hello; :class:`ProtocolError` naming the first field that is wrong."""
        if data.get("op") != "hello":
            raise ProtocolError(f"the first line must be a hello, got op {data.get('op')!r}")
        if data.get("protocol") != PROTOCOL or isinstance(data.get("protocol"), bool):
            raise ProtocolError(f"hello.protocol: this runner speaks protocol {PROTOCOL}, "
                                f"the engine {data.get('protocol')!r}")
        engine = data.get("engine")
        if not isinstance(engine, dict) or not isinstance(engine.get("name"), str) \
                or not isinstance(engine.get("version", ""), str):
            raise ProtocolError("hello.engine: expected {\"name\": TEXT, \"version\": TEXT}")
        games = data.get("games")
        if not isinstance(games, list) or not games:
            raise ProtocolError("hello.games: expected a non-empty list")
        return cls(engine["name"], engine.get("version", ""),
                   tuple(_support(g, i) for i, g in enumerate(games)))


def _support(data: object, i: int) -> Support:
    where = f"hello.games[{i}]"
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise ProtocolError(f"{where}: expected an object with a \"game\" id")
    setups = _words(data, "setups", where)
    unknown = setups - set(SETUPS)
    if unknown:
        raise ProtocolError(f"{where}.setups: unknown set-up {sorted(unknown)[0]!r}: "
                            f"expected {' or '.join(SETUPS)}")
    cards = _words(data, "cards", where)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ProtocolError(f"{where}.options: expected an object: option -> list of values")
    read: dict[str, tuple[Any, ...] | None] = {}
    for key, values in options.items():
        if values != ANY and not isinstance(values, list):
            raise ProtocolError(f"{where}.options.{key}: expected a list of values or \"*\"")
        read[key] = None if values == ANY else tuple(values)
    return Support(data["game"], frozenset(setups), None if ANY in cards else frozenset(cards),
                   read, frozenset(_words(data, "actions", where)),
                   frozenset(_words(data, "fields", where)))


def _words(data: dict[str, Any], key: str, where: str) -> set[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise ProtocolError(f"{where}.{key}: expected a list of strings")
    return set(value)


# -- answers ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    """An engine's answer to one request."""

    id: int
    ok: bool
    body: dict[str, Any] = field(default_factory=dict)
    """The whole answer object (``legal``, ``state``, ``events``...)."""
    kind: str = ""
    """A failing answer's error kind (:data:`ERROR_KINDS`)."""
    message: str = ""


def read_answer(data: Mapping[str, Any], request_id: int, op: str) -> Answer:
    """Check an answer to request ``request_id`` (an ``op``); :class:`ProtocolError`
    naming what is wrong."""
    got = data.get("id")
    if got != request_id or isinstance(got, bool):
        raise ProtocolError(f"answer to request {request_id} ({op}) has id {got!r}")
    ok = data.get("ok")
    if not isinstance(ok, bool):
        raise ProtocolError(f"answer {request_id} ({op}): \"ok\" must be true or false")
    if not ok:
        error = data.get("error")
        if not isinstance(error, dict) or error.get("kind") not in ERROR_KINDS:
            raise ProtocolError(f"answer {request_id} ({op}): a failing answer needs "
                                f"\"error\": {{\"kind\": one of {', '.join(ERROR_KINDS)}, "
                                f"\"message\": TEXT}}")
        return Answer(request_id, False, dict(data), str(error["kind"]),
                      str(error.get("message", "")))
    if op == "legal" and not isinstance(data.get("legal"), bool):
        raise ProtocolError(f"answer {request_id} (legal): \"legal\" must be true or false")
    if op == "state" and not isinstance(data.get("state"), dict):
        raise ProtocolError(f"answer {request_id} (state): \"state\" must be an object")
    if EVENTS in data and (not isinstance(data[EVENTS], list)
                           or not all(isinstance(e, dict) for e in data[EVENTS])):
        raise ProtocolError(f"answer {request_id} ({op}): \"events\" must be a list of objects")
    return Answer(request_id, True, dict(data))
