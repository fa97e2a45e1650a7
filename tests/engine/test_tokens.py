"""Tokens on monsters and on cards: the supply, the JSON form, the set-up checks."""

from __future__ import annotations

import pytest

from kot_rules.engine.errors import ConfigError
from kot_rules.engine.events import EventKind
from kot_rules.engine.game import Game, MonsterSetup
from kot_rules.engine.state import State
from kot_rules.engine.tokens import put_on_card, put_on_monster, supply_left


def _state(**held: dict[str, int]) -> State:
    game = Game(["A", "B"])
    return game.setup_state(
        [MonsterSetup("A", tokens=(("poison", 5),), cards=("smoke-cloud",)), MonsterSetup("B")],
        held=held or None,
    )


def test_the_supply_is_what_the_cards_declare() -> None:
    table = Game(["A", "B"]).cards
    assert {k: table.token_supply[k] for k in ("poison", "shrink", "smoke")} == {
        "poison": 12, "shrink": 12, "smoke": 3}


def test_a_token_not_in_the_supply_is_not_placed() -> None:
    s = _state()
    ev: list = []
    assert supply_left(s, "poison") == 7
    assert put_on_monster(s, ev, 1, "poison", 9, 0) == 7
    assert put_on_monster(s, ev, 1, "poison", 1, 0) == 0
    assert [(e.kind, e.amount) for e in ev] == [(EventKind.TOKENS, 7)]
    assert supply_left(s, "poison") == 0


def test_tokens_on_cards_come_from_the_same_supply() -> None:
    s = _state(**{"smoke-cloud": {"smoke": 2}})
    assert put_on_card(s, [], 0, "smoke-cloud", "smoke", 3) == 1
    assert s.held == (("smoke-cloud", "smoke", 3),)


def test_tokens_survive_the_json_round_trip() -> None:
    s = _state(**{"smoke-cloud": {"smoke": 2}})
    data = s.to_json()
    assert data["tokens"] == [{"monster": 0, "kind": "poison", "count": 5}]
    assert data["held"] == [{"card": "smoke-cloud", "kind": "smoke", "count": 2}]
    again = State.from_json(s.game, data)
    assert again == s and again.tokens == s.tokens and again.held == s.held


def test_a_set_up_beyond_the_supply_is_refused() -> None:
    game = Game(["A", "B"])
    with pytest.raises(ConfigError, match="the game has 12 poison tokens"):
        game.setup_state([MonsterSetup("A", tokens=(("poison", 13),)), MonsterSetup("B")])
    with pytest.raises(ConfigError, match="no card of the set has 'acid' tokens"):
        game.setup_state([MonsterSetup("A", tokens=(("acid", 1),)), MonsterSetup("B")])
