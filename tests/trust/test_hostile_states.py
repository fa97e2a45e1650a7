"""State JSON that no game reaches, or that is built to be expensive, is refused with a
StateFormatError naming the field: impossible values (kot_rules.engine.statecheck) and the
limits of the JSON text (kot_rules.engine.serial.load_state_json)."""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from kot_rules.engine.errors import StateFormatError
from kot_rules.engine.game import Game, MonsterSetup
from kot_rules.engine.serial import MAX_JSON_BYTES, MAX_JSON_DEPTH, load_state_json
from kot_rules.engine.state import State, load_json
from kot_rules.engine.statecheck import MAX_COUNT
from kot_rules.games import get

Data = dict[str, Any]


@cache
def _game() -> Game:
    return get("king-of-tokyo").new_game(5)


def valid() -> Data:
    """Five monsters, the Bay open, seat 1 in the City, seat 2 in the Bay, seat 0 to roll."""
    game = _game()
    monsters = [MonsterSetup(name) for name in game.names]
    state = game.setup_state(monsters, active=0, city=1, bay=2)
    data: Data = copy.deepcopy(state.to_json())
    return data


def refused(data: object, fragment: str) -> None:
    with pytest.raises(StateFormatError) as info:
        State.from_json(_game(), data)
    assert fragment in str(info.value), str(info.value)


def test_the_valid_state_reads_and_round_trips() -> None:
    data = valid()
    again = State.from_json(_game(), load_json(json.dumps(data)))
    assert again.to_json() == data


def _set(path: str, value: Any) -> Callable[[Data], None]:
    def edit(d: Data) -> None:
        *head, last = path.split(".")
        node: Any = d
        for part in head:
            node = node[int(part)] if part.isdigit() else node[part]
        node[int(last) if last.isdigit() else last] = value

    return edit


def _eliminate(seat: int) -> Callable[[Data], None]:
    def edit(d: Data) -> None:
        m = d["monsters"][seat]
        m["alive"], m["hearts"] = False, 0
        d["discard"].extend(m["cards"])
        m["cards"] = []

    return edit


def _duplicate_shop_card(d: Data) -> None:
    d["deck"].append(d["shop"][0])


def _drop_deck_card(d: Data) -> None:
    d["deck"].pop()


def _hold_a_discard_card(d: Data) -> None:
    # A discard card of the built-in set: one of those with no keep mark.
    game = _game()
    card = next(c for c in d["deck"] if not game.cards.is_keep(c))
    d["deck"].remove(card)
    d["monsters"][0]["cards"].append(card)


def _four_in_shop(d: Data) -> None:
    d["shop"].append(d["deck"].pop())


BAD: list[tuple[str, Callable[[Data], None], str]] = [
    ("negative hearts", _set("monsters.0.hearts", -1), "monsters[0] (The King).hearts"),
    ("hearts above the maximum", _set("monsters.0.hearts", 11), "1..max_hearts (10)"),
    ("zero hearts, in the game", _set("monsters.3.hearts", 0), "monsters[3]"),
    ("max hearts 0", _set("monsters.0.max_hearts", 0), "max_hearts: expected 1.."),
    ("negative stars", _set("monsters.0.stars", -3), "stars: expected 0.."),
    ("energy beyond the cap", _set("monsters.0.energy", MAX_COUNT + 1), "energy: expected"),
    ("one monster in the City and the Bay", _set("bay", 1), "City and Tokyo Bay at once"),
    ("an eliminated monster in the City", _eliminate(1), "city: Gigazaur (seat 1) is elim"),
    ("an eliminated monster in the Bay", _eliminate(2), "bay: Cyber Bunny (seat 2) is elim"),
    ("an eliminated monster with hearts",
     lambda d: d["monsters"][4].update(alive=False), "an eliminated monster has 0 hearts"),
    ("the Bay occupied with four in the game", _eliminate(4), "Tokyo Bay is occupied only"),
    ("the City out of range", _set("city", 5), "city: expected null or a seat 0..4"),
    ("the Bay at a negative seat", _set("bay", -1), "bay: expected null or a seat"),
    ("active out of range", _set("active", 9), "active: expected null or a seat"),
    ("tokens on seat 7", _set("tokens", [{"monster": 7, "kind": "poison", "count": 1}]),
     "tokens: expected a seat 0..4"),
    ("yield queue seat out of range", _set("yield_queue", [5]), "yield_queue"),
    ("an unknown card in the deck", lambda d: d["deck"].append("no-such-card"),
     "unknown card id 'no-such-card'"),
    ("an unknown card held by a monster", _set("monsters.0.cards", ["nope"]),
     "unknown card id 'nope'"),
    ("a card in two places", _duplicate_shop_card, "is in two places"),
    ("a card missing", _drop_deck_card, "is nowhere"),
    ("a discard card kept by a monster", _hold_a_discard_card, "a discard card"),
    ("four cards in the shop", _four_in_shop, "shop: at most 3"),
    ("negative dice to roll", _set("to_roll", -6), "dice, to_roll"),
    ("a billion dice to roll", _set("to_roll", 10**9), "dice, to_roll"),
    ("rolls allowed beyond the cap", _set("rolls_allowed", 10**6), "rolls_allowed"),
    ("turn 0", _set("turn", 0), "turn: expected 1.."),
    ("an outcome while the game goes on", _set("outcome", {"winner": 0, "reason": "x"}),
     "only a game over has one"),
    ("a game over without an outcome", _set("phase", "over"), "only a game over has one"),
    # Found by `make fuzz` (states: value edits): the older count form was expanded into
    # a list before any bound, so 4.6e18 owed turns ran out of memory.
    ("extra turns owed beyond any game, as a count",
     _set("extra_turns", 4_611_667_949_139_085_312), "extra_turns: at most 99"),
    ("extra turns owed beyond any game, as a list",
     _set("extra_turns", [0] * 100), "extra_turns: at most 99"),
    ("a poison supply exceeded",
     _set("tokens", [{"monster": 0, "kind": "poison", "count": 1000}]), "poison tokens"),
]


@pytest.mark.parametrize(("edit", "fragment"), [(e, f) for _, e, f in BAD],
                         ids=[name for name, _, _ in BAD])
def test_an_impossible_state_is_refused(edit: Callable[[Data], None], fragment: str) -> None:
    data = valid()
    edit(data)
    refused(data, fragment)


# -- the JSON text: size, depth, numbers, bytes ------------------------------------------


def text_refused(text: str | bytes, fragment: str) -> None:
    start = time.perf_counter()
    with pytest.raises(StateFormatError) as info:
        load_state_json(text)
    assert fragment in str(info.value), str(info.value)
    assert time.perf_counter() - start < 2.0


def test_a_huge_number_of_hearts() -> None:
    text = json.dumps(valid()).replace('"hearts": 10', '"hearts": 1' + "0" * 100, 1)
    text_refused(text, "a number with 101 digits")


def test_a_number_beyond_python_int_conversion_limit() -> None:
    text_refused('{"turn": ' + "9" * 5000 + "}", "a number with 5000 digits")


def test_a_long_float() -> None:
    text_refused('{"turn": 1.' + "5" * 400 + "}", "a number of 402 characters")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_non_json_constants(constant: str) -> None:
    text_refused('{"turn": ' + constant + "}", f"{constant} is not a JSON number")


def test_deep_nesting_that_exhausts_the_parser() -> None:
    text_refused("[" * 200_000 + "]" * 200_000, "nested more than")


def test_nesting_just_beyond_the_cap() -> None:
    depth = MAX_JSON_DEPTH + 1
    text_refused("[" * depth + "]" * depth, f"nested more than {MAX_JSON_DEPTH} deep")
    load_state_json("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH)  # the cap itself reads


def test_a_huge_text() -> None:
    text_refused('{"x": "' + "a" * MAX_JSON_BYTES + '"}', f"at most {MAX_JSON_BYTES}")


def test_binary_bytes() -> None:
    text_refused(b'{"format": 1, "x": "\xff\xfe\x00"}', "not UTF-8 text: byte 0xff")
    text_refused("\x00\x01\x02 binary", "not JSON")


def test_not_json() -> None:
    text_refused("{not json", "not JSON")


def test_a_deep_state_is_refused_by_the_reader_too() -> None:
    """Nesting given as data (not text) reaches the reader's fields, never its stack."""
    data = valid()
    nested: Any = []
    for _ in range(100_000):
        nested = [nested]
    data["events"] = nested
    with pytest.raises(StateFormatError):
        State.from_json(_game(), data)
