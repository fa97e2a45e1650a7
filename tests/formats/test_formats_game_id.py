"""The state JSON and the game record name their game (``"game"`` / ``"game": {"id"}``).

A state without ``"game"`` (written before it existed) reads as King of Tokyo; a state of
another game is refused with a StateFormatError, never read into the wrong game.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from kot_rules.engine import driver
from kot_rules.engine.errors import StateFormatError
from kot_rules.engine.game import Game
from kot_rules.engine.state import State
from kot_rules.games import DEFAULT_GAME, get

SCHEMAS = Path(__file__).resolve().parents[2] / "spec" / "schemas"


def _validator(name: str) -> Draft202012Validator:
    resources = []
    for path in SCHEMAS.glob("*.schema.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        resources.append((doc["$id"], Resource.from_contents(doc)))
    registry: Registry = Registry().with_resources(resources)
    schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    return Draft202012Validator(schema, registry=registry)


def test_a_state_names_its_game() -> None:
    game = get(DEFAULT_GAME).new_game(3)
    data = game.new_initial_state().to_json()
    assert data["game"] == "king-of-tokyo" == game.game_id
    assert list(data)[:2] == ["format", "game"]


def test_a_state_without_game_reads_as_king_of_tokyo() -> None:
    game = Game(4)
    played = driver.play(game, seed=5).final
    assert played is not None
    data = played.to_json()
    del data["game"]
    assert State.from_json(game, data).to_json() == played.to_json()
    assert _validator("state-v1.schema.json").is_valid(data)


@pytest.mark.parametrize("other", ["duel", "king-of-new-york", 7, None])
def test_a_state_of_another_game_is_refused(other: object) -> None:
    game = Game(2)
    data = game.new_initial_state().to_json()
    data["game"] = other
    with pytest.raises(StateFormatError, match=r"^game: expected 'king-of-tokyo'"):
        State.from_json(game, data)


def test_the_schema_refuses_a_game_that_is_not_an_id() -> None:
    data = Game(2).new_initial_state().to_json()
    data["game"] = "King of Tokyo"
    assert not _validator("state-v1.schema.json").is_valid(data)


def test_a_record_names_its_game() -> None:
    record = driver.play(Game(2), seed=1).to_json()
    assert record["game"]["id"] == "king-of-tokyo"
    assert list(record["game"]) == ["id", "monsters", "options"]
    assert record["final_state"]["game"] == "king-of-tokyo"
    validator = _validator("game-record-v1.schema.json")
    assert validator.is_valid(record)
    del record["game"]["id"]  # a record written before the id: still valid
    assert validator.is_valid(record)
    record["game"]["id"] = "Not an id"
    assert not validator.is_valid(record)


def test_a_duel_record_validates_with_duel_faces_and_board() -> None:
    record = driver.play(get("king-of-tokyo-duel").new_game(2), seed=1).to_json()
    assert record["game"]["id"] == record["final_state"]["game"] == "king-of-tokyo-duel"
    errors = list(_validator("game-record-v1.schema.json").iter_errors(record))
    assert not errors, [e.message for e in errors[:3]]
    assert {"fame", "destruction", "tiles"} <= set(record["final_state"]["board"])
    assert record["outcome"]["victory"] in ("hearts", "fame", "destruction", "spotlight")
