"""The JSON Schema of scenario format 1 (spec/schemas/scenario-v1.schema.json) agrees with
the reader: every scenario file validates, and malformed documents are rejected by both."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from kot_rules.engine.events import EventKind
from kot_rules.scenarios.errors import ScenarioFormatError
from kot_rules.scenarios.loader import (
    EXPECT_KEYS,
    MONSTER_KEYS,
    SETUP_KEYS,
    TOP_KEYS,
    read_scenario,
)
from kot_rules.scenarios.model import STEP_KINDS
from kot_rules.scenarios.runner import run_paths

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_PATH = ROOT / "spec" / "schemas" / "scenario-v1.schema.json"
SCENARIOS = ROOT / "spec" / "scenarios"
FILES = sorted(p for p in SCENARIOS.rglob("*") if p.suffix in (".yaml", ".yml"))


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def validator(schema: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator(schema)


def test_schema_is_a_valid_draft_2020_12_schema(schema: dict[str, Any]) -> None:
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


def test_schema_names_the_fields_of_the_reader(schema: dict[str, Any]) -> None:
    defs = schema["$defs"]
    assert set(schema["properties"]) == TOP_KEYS
    assert set(defs["setup"]["properties"]) == SETUP_KEYS
    assert set(defs["setup_monster"]["properties"]) == MONSTER_KEYS
    assert set(defs["expect"]["properties"]) == EXPECT_KEYS
    assert set(defs["event"]["properties"]["kind"]["enum"]) == {k.value for k in EventKind}
    steps: set[str] = set(defs["step"]["oneOf"][0]["enum"])
    for alt in defs["step"]["oneOf"][1:]:
        steps |= set(alt["required"])
    assert steps == set(STEP_KINDS)


def test_there_are_scenarios() -> None:
    assert FILES


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario_file_validates(path: Path, validator: Draft202012Validator) -> None:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    if doc.get("format") in (2, 3):  # a scenario names its game: the schema of its format
        other = SCHEMA_PATH.with_name(f"scenario-v{doc['format']}.schema.json")
        validator = Draft202012Validator(json.loads(other.read_text(encoding="utf-8")))
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors
    )


# -- malformed documents: both the schema and read_scenario reject them ------------------

BASE: dict[str, Any] = {
    "format": 1,
    "name": "A valid scenario to break",
    "rule": "dice.numbers",
    "source": "001 §PUNKTY ZWYCIĘSTWA",
    "setup": {
        "monsters": [{"name": "Alice"}, {"name": "Bob", "place": "city"}],
        "active": "Alice",
    },
    "script": [
        {"roll": [1, 1, 1, "claw", 2, 3]},
        "stop",
        {"expect": {"monsters": {"Alice": {"stars": 1}}}},
        {"yield": "Bob"},
        "end-turn",
    ],
    "expect": {"active": "Bob", "city": "Alice", "events": [{"kind": "yielded"}]},
}

Edit = Callable[[dict[str, Any]], None]


def _set(path: str, value: object) -> Edit:
    """Set (or, with value DELETE, remove) the field at a dotted path; ints index lists."""

    def edit(doc: dict[str, Any]) -> None:
        keys: list[str | int] = [int(k) if k.isdigit() else k for k in path.split(".")]
        node: Any = doc
        for k in keys[:-1]:
            node = node[k]
        if value is DELETE:
            del node[keys[-1]]
        else:
            node[keys[-1]] = value

    return edit


DELETE = object()

MALFORMED: dict[str, Edit] = {
    "missing format": _set("format", DELETE),
    "format 2": _set("format", 2),
    "format text": _set("format", "1"),
    "empty name": _set("name", "   "),
    "name not text": _set("name", 3),
    "missing rule": _set("rule", DELETE),
    "rule empty list": _set("rule", []),
    "rule number": _set("rule", 5),
    "rule list of numbers": _set("rule", [1, 2]),
    "missing source": _set("source", DELETE),
    "empty source": _set("source", ""),
    "description number": _set("description", 5),
    "tags text": _set("tags", "trap"),
    "unknown top field": _set("rules", "dice.numbers"),
    "options not a mapping": _set("options", ["tokyo_bay"]),
    "unknown option": _set("options", {"bay": True}),
    "unknown first_player": _set("options", {"first_player": "loudest"}),
    "missing setup": _set("setup", DELETE),
    "setup not a mapping": _set("setup", "Alice"),
    "setup unknown field": _set("setup.players", 2),
    "setup missing monsters": _set("setup.monsters", DELETE),
    "setup missing active": _set("setup.active", DELETE),
    "one monster": _set("setup.monsters", [{"name": "Alice"}]),
    "seven monsters": _set("setup.monsters", [{"name": f"M{i}"} for i in range(7)]),
    "monster not a mapping": _set("setup.monsters.0", "Alice"),
    "monster without name": _set("setup.monsters.0", {"hearts": 5}),
    "monster empty name": _set("setup.monsters.0.name", ""),
    "monster unknown field": _set("setup.monsters.0.heart", 5),
    "monster hearts text": _set("setup.monsters.0.hearts", "ten"),
    "monster hearts negative": _set("setup.monsters.0.hearts", -1),
    "monster hearts bool": _set("setup.monsters.0.hearts", True),
    "monster max_hearts zero": _set("setup.monsters.0.max_hearts", 0),
    "monster max_hearts 100": _set("setup.monsters.0.max_hearts", 100),
    "monster stars negative": _set("setup.monsters.0.stars", -2),
    "monster energy float": _set("setup.monsters.0.energy", 1.5),
    "monster place tokyo": _set("setup.monsters.0.place", "tokyo"),
    "monster cards text": _set("setup.monsters.0.cards", "Heal"),
    "monster eliminated text": _set("setup.monsters.0.eliminated", "yes"),
    "active empty": _set("setup.active", ""),
    "turn zero": _set("setup.turn", 0),
    "shop text": _set("setup.shop", "Heal"),
    "deck null": _set("setup.deck", None),
    "discard numbers": _set("setup.discard", [1]),
    "missing script": _set("script", DELETE),
    "script text": _set("script", "roll"),
    "unknown bare step": _set("script.1", "jump"),
    "bare roll": _set("script.1", "roll"),
    "unknown step": _set("script.0", {"rol": [1, 1, 1, 2, 2, 3]}),
    "step with two keys": _set("script.0", {"roll": [1, 2, 3, 1, 2, 3], "stop": None}),
    "empty step mapping": _set("script.0", {}),
    "step stop with value": _set("script.1", {"stop": True}),
    "step number": _set("script.1", 7),
    "roll not a list": _set("script.0", {"roll": "claw"}),
    "roll face dragon": _set("script.0", {"roll": [1, 1, 1, "dragon", 2, 3]}),
    "roll face 4": _set("script.0", {"roll": [1, 1, 1, 4, 2, 3]}),
    "roll face 0": _set("script.0", {"roll": [0, 1, 1, 1, 2, 3]}),
    "roll face bool": _set("script.0", {"roll": [True, 1, 1, 1, 2, 3]}),
    "roll face null": _set("script.0", {"roll": [None, 1, 1, 1, 2, 3]}),
    "keep face list": _set("script.0", {"keep": [[1]]}),
    "yield empty": _set("script.3", {"yield": ""}),
    "yield number": _set("script.3", {"yield": 3}),
    "buy number": _set("script.3", {"buy": 3}),
    "expect step null": _set("script.2", {"expect": None}),
    "expect step list": _set("script.2", {"expect": []}),
    "expect unknown field": _set("expect.phse", "buy"),
    "expect phase done": _set("expect.phase", "done"),
    "expect turn negative": _set("expect.turn", -1),
    "expect deck_size text": _set("expect.deck_size", "many"),
    "expect city number": _set("expect.city", 1),
    "expect bay list": _set("expect.bay", ["Alice"]),
    "expect active number": _set("expect.active", 2),
    "expect waiting_for number": _set("expect.waiting_for", 0),
    "expect outcome win": _set("expect.outcome", "win"),
    "expect outcome without winner": _set("expect.outcome", {"loser": "Bob"}),
    "expect outcome extra field": _set("expect.outcome", {"winner": "Bob", "by": "stars"}),
    "expect outcome winner number": _set("expect.outcome", {"winner": 1}),
    "expect shop text": _set("expect.shop", "Heal"),
    "expect discard numbers": _set("expect.discard", [3]),
    "expect dice bad face": _set("expect.dice", ["claws"]),
    "expect monsters list": _set("expect.monsters", ["Alice"]),
    "expect monsters null": _set("expect.monsters", None),
    "expect monster fields list": _set("expect.monsters", {"Alice": [1]}),
    "expect monster unknown field": _set("expect.monsters", {"Alice": {"star": 1}}),
    "expect monster stars negative": _set("expect.monsters", {"Alice": {"stars": -1}}),
    "expect monster hearts text": _set("expect.monsters", {"Alice": {"hearts": "full"}}),
    "expect monster place tokyo": _set("expect.monsters", {"Alice": {"place": "tokyo"}}),
    "expect monster eliminated 1": _set("expect.monsters", {"Alice": {"eliminated": 1}}),
    "expect monster cards text": _set("expect.monsters", {"Alice": {"cards": "Heal"}}),
    "events not a list": _set("expect.events", {"kind": "yielded"}),
    "event not a mapping": _set("expect.events", ["yielded"]),
    "event without kind": _set("expect.events", [{"monster": "Bob"}]),
    "event unknown kind": _set("expect.events", [{"kind": "exploded"}]),
    "event unknown field": _set("expect.events", [{"kind": "yielded", "who": "Bob"}]),
    "event monster number": _set("expect.events", [{"kind": "yielded", "monster": 1}]),
    "event bad dice": _set("expect.events", [{"kind": "rolled", "dice": ["dragon"]}]),
    "absent_events without kind": _set("expect.absent_events", [{}]),
    "nothing checked": lambda d: _drop_checks(d),
}


def _drop_checks(doc: dict[str, Any]) -> None:
    del doc["expect"]
    doc["script"] = [s for s in doc["script"] if not (isinstance(s, dict) and "expect" in s)]


WHOLE: dict[str, object] = {
    "empty document": None,
    "document is a list": [BASE],
    "document is a text": "format: 1",
    "document is a number": 1,
}


def _malformed(name: str) -> object:
    if name in WHOLE:
        return WHOLE[name]
    doc = copy.deepcopy(BASE)
    MALFORMED[name](doc)
    return doc


def test_base_document_is_valid(tmp_path: Path, validator: Draft202012Validator) -> None:
    assert not list(validator.iter_errors(BASE))
    path = tmp_path / "base.yaml"
    path.write_text(yaml.safe_dump(BASE, allow_unicode=True), encoding="utf-8")
    read_scenario(path)


@pytest.mark.parametrize("name", list(MALFORMED) + list(WHOLE))
def test_malformed_document_is_rejected_by_schema_and_reader(
    name: str, tmp_path: Path, validator: Draft202012Validator
) -> None:
    doc = _malformed(name)
    assert list(validator.iter_errors(doc)), f"the schema accepts: {doc!r}"
    path = tmp_path / "malformed.yaml"
    path.write_text(
        "" if doc is None else yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8"
    )
    with pytest.raises(ScenarioFormatError) as info:
        read_scenario(path)
    assert info.value.code in ("SCN002", "SCN003", "SCN004")


# Documents only the reader can reject: they need to compare values across the file,
# which a JSON Schema cannot express. The schema says so in its description.
READER_ONLY: dict[str, Edit] = {
    "two monsters with one name": _set("setup.monsters.1.name", "Alice"),
    "active not a monster": _set("setup.active", "Carol"),
    "yield by an unknown monster": _set("script.3", {"yield": "Carol"}),
    "expect an unknown monster": _set("expect.monsters", {"Carol": {"stars": 1}}),
    "expect an unknown city": _set("expect.city", "Carol"),
    "event of an unknown monster": _set("expect.events", [{"kind": "yielded", "source": "X"}]),
    "outcome winner unknown": _set("expect.outcome", {"winner": "Carol"}),
}


@pytest.mark.parametrize("name", list(READER_ONLY))
def test_cross_field_errors_are_rejected_by_the_reader(
    name: str, tmp_path: Path, validator: Draft202012Validator
) -> None:
    doc = copy.deepcopy(BASE)
    READER_ONLY[name](doc)
    assert not list(validator.iter_errors(doc))  # the schema cannot see these
    path = tmp_path / "cross.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ScenarioFormatError):
        read_scenario(path)


def test_hearts_above_the_maximum_is_a_setup_error(tmp_path: Path) -> None:
    """Keep cards may raise the maximum, so the runner (not the reader) checks hearts: SCN005."""
    from kot_rules.scenarios.runner import run_paths

    doc = copy.deepcopy(BASE)
    _set("setup.monsters.0", {"name": "Alice", "max_hearts": 5})(doc)
    path = tmp_path / "cross.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    read_scenario(path)
    (error,) = run_paths([path]).errors
    assert "error[SCN005]" in error and "hearts must be 1..max_hearts (5)" in error


DOC = ROOT / "docs" / "formats" / "scenario.md"


def test_format_reference_links_the_schema() -> None:
    assert "spec/schemas/scenario-v1.schema.json" in DOC.read_text(encoding="utf-8")


def test_format_reference_example_is_valid_and_passes(
    tmp_path: Path, validator: Draft202012Validator
) -> None:
    blocks = re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert blocks
    for i, block in enumerate(blocks):
        doc = yaml.safe_load(block)
        schema = SCHEMA_PATH.with_name(f"scenario-v{doc['format']}.schema.json")
        mine = Draft202012Validator(json.loads(schema.read_text(encoding="utf-8")))
        assert not list(mine.iter_errors(doc))
        path = tmp_path / f"doc-{i}.yaml"
        path.write_text(block, encoding="utf-8")
        report = run_paths([path])
        assert report.errors == [] and report.failed == 0, [r.problems for r in report.results]
