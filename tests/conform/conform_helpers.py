"""What the conform tests share: the repository's folders, the engine commands, the check of
a logged run against the protocol's schemas, and fake engines written as small scripts (an
engine that misbehaves once, then plays fair)."""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "spec" / "scenarios"
SCHEMAS = ROOT / "spec" / "schemas"
OWN = [sys.executable, "-m", "kot_rules.conform.own"]
GAMES = ("king-of-tokyo", "king-of-tokyo-duel", "king-of-new-york")
OPS = {"new_game": "new-game", "load": "load", "apply": "apply", "legal": "legal",
       "state": "state", "quit": "quit"}
"""A request's op -> the name of its schemas (``NAME-request``, ``NAME-answer``)."""


@cache
def registry() -> Registry:
    resources = []
    for path in sorted(SCHEMAS.rglob("*.schema.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        resources.append((doc["$id"], Resource.from_contents(doc)))
    return Registry().with_resources(resources)


def validator(name: str) -> Draft202012Validator:
    """The validator of spec/schemas/conform/NAME.schema.json."""
    schema = json.loads((SCHEMAS / "conform" / f"{name}.schema.json").read_text("utf-8"))
    return Draft202012Validator(schema, registry=registry())


def errors(name: str, message: Any) -> list[str]:
    return [e.message for e in validator(name).iter_errors(message)]


def check_traffic(log: Path, must_see: set[str]) -> None:
    """Every line of ``log`` (``< `` a request read by the engine, ``> `` a line it wrote, as
    ``kot_rules.conform.own --log`` and the peers' logging proxy write them) follows its
    message's schema, and the run showed at least the messages ``must_see``."""
    ops: dict[int, str] = {}
    seen: set[str] = set()
    for raw in log.read_bytes().splitlines():
        direction, message = raw[:2], json.loads(raw[2:])
        if message.get("op") == "hello":
            name = "hello"
        elif direction == b"< ":
            ops[message["id"]] = message["op"]
            name = f"{OPS[message['op']]}-request"
        elif message["ok"]:
            name = f"{OPS[ops[message['id']]]}-answer"
        else:
            name = "error-answer"
        assert errors(name, message) == [], (name, raw[:300])
        seen.add(name)
    assert must_see <= seen, must_see - seen


FAKE = '''
import json, os, sys, time
from kot_rules.conform.own import OwnEngine, hello

MODE = {mode!r}
MARK = {mark!r}
SLOW = {slow!r}
out = sys.stdout
def say(obj):
    out.write(json.dumps(obj) + "\\n"); out.flush()

if MODE == "no-hello":
    sys.exit(5)
if MODE == "bad-hello":
    say({{"op": "hello", "protocol": 99, "engine": {{"name": "x"}}, "games": []}})
    sys.stdin.readline(); sys.exit(0)
engine = OwnEngine()
engine._table("king-of-tokyo")  # its cards read before hello: each answer is quick
say(hello("fake-" + MODE))
loads = 0
for line in sys.stdin:
    request = json.loads(line)
    loads += request.get("op") == "load"
    if MODE == "slow-second" and loads == 2 and request.get("op") == "load":
        time.sleep(SLOW)
    once = request.get("op") == "load" and not os.path.exists(MARK)
    if once:
        open(MARK, "w").close()
        print("misbehaving: " + MODE, file=sys.stderr, flush=True)
        if MODE == "crash":
            sys.exit(3)
        if MODE == "silent":
            time.sleep(60)
        if MODE == "garbage":
            out.write("this is not JSON\\n"); out.flush(); continue
        if MODE == "wrong-id":
            say({{"id": request["id"] + 7, "ok": True}}); continue
        if MODE == "internal":
            say({{"id": request["id"], "ok": False,
                  "error": {{"kind": "internal", "message": "KeyError: 'x'"}}}}); continue
    answer = engine.answer(request)
    if MODE == "accept-all" and request.get("op") == "apply" and not answer["ok"]:
        answer = {{"id": request["id"], "ok": True, "events": []}}
    if MODE == "no-legal" and request.get("op") == "legal":
        answer = {{"id": request["id"], "ok": False,
                  "error": {{"kind": "unsupported", "message": "no legal here"}}}}
    say(answer)
    if request.get("op") == "quit":
        break
'''


SLOW = 3.0
"""Seconds the ``slow-second`` fake engine waits before answering its second ``load``."""


def fake_engine(tmp: Path, mode: str) -> list[str]:
    """The command of a fake engine: the reference engine that misbehaves as ``mode`` says
    on its first ``load`` (``crash``, ``silent``, ``garbage``, ``wrong-id``, ``internal``),
    always (``no-hello``, ``bad-hello``), or on every refused apply (``accept-all``); or the
    reference engine that answers its second ``load`` only after ``SLOW`` seconds
    (``slow-second``)."""
    script = tmp / f"fake_{mode.replace('-', '_')}.py"
    script.write_text(FAKE.format(mode=mode, mark=str(tmp / f"{mode}.done"), slow=SLOW),
                      encoding="utf-8")
    return [sys.executable, str(script)]
