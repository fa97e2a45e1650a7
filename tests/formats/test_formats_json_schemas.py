"""The JSON Schemas under spec/schemas describe what the engine really writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from kot_rules.engine import driver
from kot_rules.engine.game import Game, Options

SCHEMAS = Path(__file__).resolve().parents[2] / "spec" / "schemas"


def _validator(name: str) -> Draft202012Validator:
    resources = []
    for path in SCHEMAS.glob("*.schema.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        resources.append((doc["$id"], Resource.from_contents(doc)))
    registry: Registry = Registry().with_resources(resources)
    schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, registry=registry)


class TestStateSchema:
    @pytest.mark.parametrize("players", [2, 4, 6])
    def test_every_state_of_a_game_validates(self, players: int) -> None:
        validator = _validator("state-v1.schema.json")
        states = []
        driver.play(Game(players), seed=players, on_step=states.append)
        assert len(states) > 20
        for s in states:
            errors = list(validator.iter_errors(s.to_json()))
            assert not errors, errors[0].message

    def test_rejects_an_unknown_phase(self) -> None:
        validator = _validator("state-v1.schema.json")
        data = Game(3).new_initial_state().to_json()
        data["phase"] = "lunch"
        assert not validator.is_valid(data)


class TestGameRecordSchema:
    def test_a_whole_record_validates(self) -> None:
        validator = _validator("game-record-v1.schema.json")
        record = driver.play(Game(5), seed=11).to_json()
        errors = list(validator.iter_errors(record))
        assert not errors, errors[0].message

    def test_first_player_roll_record_validates(self) -> None:
        validator = _validator("game-record-v1.schema.json")
        game = Game(3, options=Options.from_json({"first_player": "roll"}))
        record = driver.play(game, seed=3).to_json()
        assert record["actions"][0]["type"] == "first-player"
        assert validator.is_valid(record)


class TestReplay:
    def test_replaying_the_actions_of_a_record_gives_its_final_state(self) -> None:
        from kot_rules.engine.actions import action_from_json

        game = Game(4)
        data = driver.play(game, seed=21).to_json()
        state = game.new_initial_state(data["deck"])
        for a in data["actions"]:
            state = state.apply(action_from_json(a))
        assert state.to_json() == data["final_state"]
