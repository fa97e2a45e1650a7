"""What King of New York's word and card-meaning tests share: a 2-monster game and a
state of it set up with cards, energy and stars, and its board."""

from __future__ import annotations

from kot_rules import games
from kot_rules.engine.game import MonsterSetup
from kot_rules.engine.state import State
from kot_rules.games.king_of_new_york.board import CityBoard
from kot_rules.language.vocabulary import KING_OF_NEW_YORK

GAME = games.get(KING_OF_NEW_YORK).new_game(2)


def kony_state(cards0: tuple[str, ...] = (), cards1: tuple[str, ...] = (), *, energy0: int = 0,
               energy1: int = 0, stars0: int = 0, stars1: int = 0) -> State:
    """Seat 0 active in turn 3, each monster with the cards, energy and stars given."""
    monsters = [MonsterSetup(GAME.names[0], energy=energy0, stars=stars0, cards=cards0),
                MonsterSetup(GAME.names[1], energy=energy1, stars=stars1, cards=cards1)]
    return GAME.setup_state(monsters, active=0, turn_number=3)


def city_board(s: State) -> CityBoard:
    board = s.board
    assert isinstance(board, CityBoard)
    return board
