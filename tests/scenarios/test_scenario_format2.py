"""Scenario format 2: format 1 plus a required ``game:`` id (spec/schemas/scenario-v2.schema.json).

Format 1 still reads as King of Tokyo; a format-2 file without a game, or naming a game that
is not registered, fails with a stable code at the file, line and column of the problem.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from kot_rules import games
from kot_rules.engine.cards import CardTable
from kot_rules.games import registry
from kot_rules.language.cardset import builtin_card_set
from kot_rules.scenarios.errors import ScenarioFormatError
from kot_rules.scenarios.loader import TOP_KEYS, TOP_KEYS_V2, read_scenario
from kot_rules.scenarios.runner import run_paths

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "spec" / "schemas"
FIXTURES = Path(__file__).resolve().parent / "format2"
SPEC_SCENARIOS = ROOT / "spec" / "scenarios"

HEAD = """\
format: 2
game: king-of-tokyo
name: A format 2 scenario
rule: dice.numbers
source: "001 §PUNKTY ZWYCIĘSTWA"
setup:
  monsters:
    - {name: Alice}
    - {name: Bob}
  active: Alice
script:
  - roll: [1, 1, 1, 2, 2, 3]
  - stop
expect:
  monsters:
    Alice: {stars: 1}
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def error_of(path: Path) -> ScenarioFormatError:
    with pytest.raises(ScenarioFormatError) as info:
        read_scenario(path)
    return info.value


def schema(version: int) -> Draft202012Validator:
    doc = json.loads((SCHEMAS / f"scenario-v{version}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(doc)
    return Draft202012Validator(doc)


# -- reading ----------------------------------------------------------------------------


def test_format_2_reads_with_its_game(tmp_path: Path) -> None:
    sc = read_scenario(write(tmp_path, HEAD))
    assert sc.game == "king-of-tokyo"
    assert (sc.game_line, sc.game_column) == (2, 1)


def test_format_1_reads_as_king_of_tokyo() -> None:
    files = sorted((SPEC_SCENARIOS / "king-of-tokyo").rglob("*.yaml"))
    assert files
    for path in files:
        assert read_scenario(path).game == "king-of-tokyo", path


def test_the_fixtures_pass() -> None:
    report = run_paths([FIXTURES])
    assert len(report.results) == 2
    assert not report.errors
    assert report.passed == 2, [r.problems for r in report.results]


def test_format_2_and_format_1_play_alike(tmp_path: Path) -> None:
    v1 = write(tmp_path, HEAD.replace("format: 2\ngame: king-of-tokyo\n", "format: 1\n"))
    assert read_scenario(v1).game == "king-of-tokyo"
    assert run_paths([v1]).passed == 1


# -- errors -----------------------------------------------------------------------------


def test_format_2_without_a_game_is_scn002_at_the_format(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD.replace("game: king-of-tokyo\n", ""))
    err = error_of(path)
    assert (err.line, err.column, err.code) == (1, 9, "SCN002"), err.render()
    assert "field 'game' is missing" in err.message
    assert "king-of-tokyo" in err.message  # it lists the games
    assert err.render().startswith(f"{path}:1:9: error[SCN002]: ")


def test_format_2_with_an_unknown_game_is_scn004_at_the_game(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD.replace("game: king-of-tokyo", "game: king-of-osaka"))
    err = error_of(path)
    assert (err.line, err.column, err.code) == (2, 7, "SCN004"), err.render()
    assert err.message == (
        "field 'game': unknown game 'king-of-osaka': the games are king-of-new-york, "
        "king-of-tokyo, king-of-tokyo-duel"
    )
    assert err.source_line == "game: king-of-osaka"


def test_a_game_that_is_not_a_text_is_scn002(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD.replace("game: king-of-tokyo", "game: [king-of-tokyo]"))
    err = error_of(path)
    assert (err.line, err.code) == (2, "SCN002"), err.render()
    assert "field 'game': expected a non-empty text" in err.message


def test_format_1_has_no_game_field(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD.replace("format: 2", "format: 1"))
    err = error_of(path)
    assert (err.line, err.column, err.code) == (2, 1, "SCN003"), err.render()
    assert "field 'game' is not part of the format" in err.message


def test_an_unknown_format_version(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD.replace("format: 2", "format: 4"))
    err = error_of(path)
    assert (err.line, err.column, err.code) == (1, 9, "SCN002"), err.render()
    assert "expected 1, 2 or 3 (the format versions), got 4" in err.message


def test_a_scenario_of_another_game_is_an_error_of_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # King of Tokyo's rules under another id: a second registered game.
    base = games.get("king-of-tokyo")
    other = replace(base, id="test-other-game", title="A test game",
                    rules=replace(base.rules, id="test-other-game"))
    monkeypatch.setitem(registry._GAMES, other.id, other)
    path = write(tmp_path, HEAD.replace("game: king-of-tokyo", "game: test-other-game"))
    assert read_scenario(path).game == "test-other-game"
    report = run_paths([path])
    assert not report.results
    assert report.errors == [
        f"{path}:2:1: error[SCN004]: the scenario is of game 'test-other-game', this run is "
        "of 'king-of-tokyo' (run it with --game test-other-game)"
    ]
    cards = CardTable.from_card_set(builtin_card_set())
    assert run_paths([path], cards, game="test-other-game").passed == 1
    kot = run_paths([SPEC_SCENARIOS / "king-of-tokyo" / "dice"], cards, game="test-other-game")
    assert not kot.results and kot.errors
    assert all("error[SCN004]: the scenario is of game 'king-of-tokyo'" in e for e in kot.errors)


# -- the schema -------------------------------------------------------------------------


def test_schema_v2_is_v1_plus_a_required_game() -> None:
    v1, v2 = schema(1).schema, schema(2).schema
    assert set(v2["properties"]) == TOP_KEYS_V2 == TOP_KEYS | {"game"}
    assert v2["properties"]["format"]["const"] == 2
    assert set(v2["required"]) == set(v1["required"]) | {"game"}
    assert v2["$defs"] == v1["$defs"]
    same = {k: v for k, v in v1["properties"].items() if k not in ("format", "rule")}
    assert {k: v2["properties"][k] for k in same} == same


def test_schema_v2_lists_the_registered_games() -> None:
    assert schema(2).schema["properties"]["game"]["enum"] == list(games.ids())


def test_the_fixtures_validate_against_v2_only() -> None:
    for path in sorted(FIXTURES.glob("*.yaml")):
        doc: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert not list(schema(2).iter_errors(doc)), path
        assert not schema(1).is_valid(doc)


@pytest.mark.parametrize(
    ("edit", "what"),
    [
        ("game: king-of-tokyo\n", "missing game"),
        ("game: king-of-tokyo\n|game: king-of-osaka\n", "unknown game"),
        ("format: 2\n|format: 1\n", "format 1 with a game"),
    ],
)
def test_schema_and_reader_both_reject(tmp_path: Path, edit: str, what: str) -> None:
    old, _, new = edit.partition("|")
    text = HEAD.replace(old, new)
    doc = yaml.safe_load(text)
    version = doc["format"]
    assert not schema(version).is_valid(doc), what
    with pytest.raises(ScenarioFormatError):
        read_scenario(write(tmp_path, text))
