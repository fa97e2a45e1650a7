"""kony-words: the King of New York words that made its last 18 cards run (issue 11), one
behaviour test per card, with the case where its condition does not apply."""

from __future__ import annotations

from dataclasses import replace

from kot_rules import games
from kot_rules.engine import newyork
from kot_rules.engine.city import CityBoard
from kot_rules.engine.game import MonsterSetup
from kot_rules.engine.state import State
from kot_rules.language.vocabulary import KING_OF_NEW_YORK

GAME = games.get(KING_OF_NEW_YORK).new_game(2)


def _state(cards0: tuple[str, ...] = (), cards1: tuple[str, ...] = (), *, energy0: int = 0,
           energy1: int = 0, stars0: int = 0, stars1: int = 0) -> State:
    monsters = [MonsterSetup(GAME.names[0], energy=energy0, stars=stars0, cards=cards0),
                MonsterSetup(GAME.names[1], energy=energy1, stars=stars1, cards=cards1)]
    return GAME.setup_state(monsters, active=0, turn_number=3)


def _board(s: State) -> CityBoard:
    board = s.board
    assert isinstance(board, CityBoard)
    return board


def _with_units(s: State, borough: str, units: tuple[str, ...]) -> None:
    b = _board(s)
    row = list(b.units)
    row[b.borough_index(borough)] = units
    stacks = tuple(tuple(tuple(t for t in st if t not in units) for st in x) for x in b.stacks)
    s.board = replace(b, units=tuple(row), stacks=stacks)


def test_sharp_shooter_destroys_a_jet_in_another_borough_and_scores() -> None:
    s = _state(("sharp-shooter",))
    here = _board(s).where[0]
    there = next(x for x in newyork.OUTER if x != here)
    _with_units(s, there, ("high-rise-2-1", "high-rise-1-1"))  # a jet, an infantry unit
    assert "high-rise-2-1" in newyork.destroyable_for(s, 0, 3)
    assert "high-rise-1-1" not in newyork.destroyable_for(s, 0, 3)  # jets only
    assert "high-rise-2-1" not in newyork.destroyable_for(s, 0, 2)  # a jet needs 3
    stars, energy = s.monsters[0].stars, s.monsters[0].energy
    newyork.destroy_tile(s, [], 0, "high-rise-2-1")
    assert (s.monsters[0].stars, s.monsters[0].energy) == (stars + 1, energy + 2)
    s = _state()  # without the card: no jet of another borough
    _with_units(s, there, ("high-rise-2-1",))
    assert "high-rise-2-1" not in newyork.destroyable_for(s, 0, 3)


def test_power_tap_steals_once_as_another_reaches_three_energy_in_a_turn() -> None:
    from kot_rules.engine.resources import gain_energy

    s = _state(("power-tap",), energy1=0)
    s.active = 1
    gain_energy(s, [], 1, 2, "test")
    assert (s.monsters[0].energy, s.monsters[1].energy) == (0, 2)  # 2: not yet
    gain_energy(s, [], 1, 1, "test")
    assert (s.monsters[0].energy, s.monsters[1].energy) == (1, 2)  # 3 reached: 1 stolen
    gain_energy(s, [], 1, 4, "test")
    assert (s.monsters[0].energy, s.monsters[1].energy) == (1, 6)  # once a turn
    gain_energy(s, [], 0, 5, "test")
    assert s.monsters[0].energy == 6  # its own energy: nothing to steal
    newyork.start_of_turn(s, [])  # a new turn: the count starts again
    gain_energy(s, [], 1, 3, "test")
    assert (s.monsters[0].energy, s.monsters[1].energy) == (7, 8)


def test_photo_op_scores_the_damage_dealt_to_one_monster_this_turn() -> None:
    from kot_rules.engine import effects
    from kot_rules.engine.resources import damage

    s = _state()
    (effect,) = GAME.cards.effects("photo-op")
    effects.run(s, [], 0, (effect,), "photo-op")
    assert s.monsters[0].stars == 0  # no damage dealt: nothing
    damage(s, [], 1, 2, 0, attack=True)
    damage(s, [], 1, 1, 0, attack=False)  # a card's damage counts too
    s.active = 1
    damage(s, [], 0, 4, 1, attack=True)  # not the active monster's: counted for seat 1 only
    s.active = 0
    effects.run(s, [], 0, (effect,), "photo-op")
    assert s.monsters[0].stars == 3
    newyork.start_of_turn(s, [])  # the count is the turn's
    effects.run(s, [], 0, (effect,), "photo-op")
    assert s.monsters[0].stars == 3
