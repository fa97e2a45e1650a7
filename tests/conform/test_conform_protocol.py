"""The kot-conform protocol: its JSON Schemas, the samples of docs/conform/protocol.md, every
line our runner and our adapter really exchange, and the reader of an engine's lines."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conform_helpers import OPS, OWN, ROOT, SCENARIOS, SCHEMAS, check_traffic, errors, validator
from jsonschema import Draft202012Validator

from kot_rules.conform.own import hello
from kot_rules.conform.protocol import Hello, ProtocolError, decode, read_answer
from kot_rules.conform.runner import run_conformance

CONFORM = SCHEMAS / "conform"


class TestSchemas:
    @pytest.mark.parametrize("path", sorted(CONFORM.glob("*.json")), ids=lambda p: p.name)
    def test_each_schema_is_a_schema_named_by_its_file(self, path: Path) -> None:
        doc = json.loads(path.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(doc)
        assert doc["$id"].endswith(f"/conform/{path.name}")
        assert doc["title"] and doc["description"]

    def test_one_schema_per_message(self) -> None:
        names = {p.name.removesuffix(".schema.json") for p in CONFORM.glob("*.json")}
        messages = {"hello", "error-answer", "report", "common"}
        messages |= {f"{op}-{end}" for op in OPS.values() for end in ("request", "answer")}
        assert names == messages


def _sample(text: str) -> Any:
    return json.loads(text)


class TestSamples:
    """The messages docs/conform/protocol.md shows, as an engine author copies them."""

    def test_the_documented_hello(self) -> None:
        msg = _sample('''{"op": "hello", "protocol": 1,
            "engine": {"name": "tokyo-bench", "version": "7070aec"},
            "games": [{"game": "king-of-tokyo", "setups": ["position", "new-game"],
                       "cards": [], "options": {"tokyo_bay": [false]},
                       "actions": ["roll", "reroll", "stop", "yield", "stay", "end-turn"],
                       "fields": ["active", "phase", "outcome", "monsters.hearts",
                                  "monsters.stars", "monsters.place", "monsters.eliminated"]}]}''')
        assert errors("hello", msg) == []
        read = Hello.from_json(msg)
        support = read.support("king-of-tokyo")
        assert support is not None and support.cards == frozenset()
        assert support.allows_option("tokyo_bay", False, False)
        assert not support.allows_option("tokyo_bay", True, False)
        assert not support.allows_option("win_stars", 15, 20)
        assert support.allows_option("win_stars", 20, 20)

    @pytest.mark.parametrize(("name", "text"), [
        ("new-game-request", '{"id": 1, "op": "new_game", "game": "king-of-new-york", '
         '"monsters": ["Kong", "Mantis"], "options": {}, "seed": 7}'),
        ("apply-request", '{"id": 3, "op": "apply", "action": {"type": "roll", '
         '"faces": ["1", "claw", "claw", "heart", "energy", "3"]}}'),
        ("apply-request", '{"id": 3, "op": "apply", "action": {"type": "resolve", '
         '"face": "celebrity"}}'),
        ("legal-request", '{"id": 4, "op": "legal", "action": {"type": "yield"}}'),
        ("state-request", '{"id": 5, "op": "state"}'),
        ("quit-request", '{"id": 6, "op": "quit"}'),
        ("new-game-answer", '{"id": 1, "ok": true}'),
        ("apply-answer", '{"id": 3, "ok": true, "events": [{"kind": "rolled", "seat": 0, '
         '"amount": 1, "dice": ["1", "claw"]}]}'),
        ("legal-answer", '{"id": 4, "ok": true, "legal": false}'),
        ("state-answer", '{"id": 5, "ok": true, "state": {"active": 0, "waiting_for": '
         '"chance", "monsters": [{"hearts": 10, "place": "city"}]}}'),
        ("error-answer", '{"id": 7, "ok": false, "error": {"kind": "refused", '
         '"message": "not your turn"}}'),
    ])
    def test_a_documented_message(self, name: str, text: str) -> None:
        assert errors(name, _sample(text)) == []

    @pytest.mark.parametrize(("name", "text"), [
        ("apply-request", '{"id": 3, "op": "apply", "action": {"type": "dance"}}'),
        ("legal-answer", '{"id": 4, "ok": true}'),
        ("error-answer", '{"id": 7, "ok": false, "error": {"kind": "oops", "message": ""}}'),
        ("hello", '{"op": "hello", "protocol": 2, "engine": {"name": "x"}, "games": []}'),
    ])
    def test_a_wrong_message_is_refused(self, name: str, text: str) -> None:
        assert errors(name, _sample(text))


class TestTraffic:
    """Every line of a real run, runner and reference adapter, against its schema."""

    def test_every_line_of_a_run_follows_the_schemas(self, tmp_path: Path) -> None:
        log = tmp_path / "traffic.log"
        paths = {
            "king-of-tokyo": [SCENARIOS / "king-of-tokyo" / "refusals",
                              SCENARIOS / "king-of-tokyo" / "end" / "draw-all-eliminated.yaml"],
            "king-of-tokyo-duel": [SCENARIOS / "king-of-tokyo-duel" / "new-game",
                                   SCENARIOS / "king-of-tokyo-duel" / "victory"],
            "king-of-new-york": [SCENARIOS / "king-of-new-york" / "refusals"],
        }
        for game, where in paths.items():
            report = run_conformance(game, [*OWN, "--log", str(log)], where)
            assert report.ok, report.text()
        check_traffic(log, {"hello", "load-request", "load-answer", "apply-request",
                            "apply-answer", "legal-request", "legal-answer", "state-request",
                            "state-answer", "new-game-request", "new-game-answer",
                            "quit-request", "quit-answer", "error-answer"})

    def test_the_stored_reports_follow_the_report_schema(self) -> None:
        stored = sorted((ROOT / "conformance" / "reports").glob("*.json"))
        assert stored
        for path in stored:
            data = json.loads(path.read_text(encoding="utf-8"))
            assert validator("report").is_valid(data), path


class TestReading:
    def test_our_hello_reads_back(self) -> None:
        read = Hello.from_json(hello())
        assert {g.game for g in read.games} == {"king-of-tokyo", "king-of-tokyo-duel",
                                                "king-of-new-york"}
        assert all(g.cards is None and "events" in g.fields for g in read.games)
        assert errors("hello", hello()) == []

    @pytest.mark.parametrize(("change", "words"), [
        ({"op": "hi"}, "first line must be a hello"),
        ({"protocol": 2}, "speaks protocol 1"),
        ({"engine": {"version": "1"}}, "hello.engine"),
        ({"games": []}, "hello.games"),
        ({"games": [{"game": "king-of-tokyo", "setups": ["saved-game"]}]}, "unknown set-up"),
        ({"games": [{"game": "king-of-tokyo", "options": {"dice": 6}}]}, "options.dice"),
        ({"games": [{"game": "king-of-tokyo", "fields": "all"}]}, "fields"),
    ])
    def test_a_wrong_hello_says_what_is_wrong(self, change: dict[str, Any], words: str) -> None:
        with pytest.raises(ProtocolError, match=words):
            Hello.from_json({**hello(), **change})

    @pytest.mark.parametrize(("answer", "op", "words"), [
        ({"id": 8, "ok": True}, "state", "has id 8"),
        ({"id": 7}, "state", "true or false"),
        ({"id": 7, "ok": True}, "legal", "legal"),
        ({"id": 7, "ok": True, "state": []}, "state", "state"),
        ({"id": 7, "ok": True, "events": {}}, "apply", "events"),
        ({"id": 7, "ok": False, "error": {"kind": "nope"}}, "apply", "kind"),
    ])
    def test_a_wrong_answer_says_what_is_wrong(self, answer: dict[str, Any], op: str,
                                               words: str) -> None:
        with pytest.raises(ProtocolError, match=words):
            read_answer(answer, 7, op)

    def test_a_failing_answer_keeps_its_kind_and_message(self) -> None:
        got = read_answer({"id": 7, "ok": False, "error": {"kind": "refused",
                                                          "message": "not now"}}, 7, "apply")
        assert (got.ok, got.kind, got.message) == (False, "refused", "not now")

    @pytest.mark.parametrize(("line", "words"), [
        (b"garbage\n", "not JSON"), (b"[1, 2]\n", "a JSON object"), (b"\xff\n", "UTF-8"),
    ])
    def test_a_line_that_is_no_object(self, line: bytes, words: str) -> None:
        with pytest.raises(ProtocolError, match=words):
            decode(line)
