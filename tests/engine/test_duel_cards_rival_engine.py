"""What the scenarios do not show of the rival-and-shop words: the marks on the board
survive JSON, a cut never goes below no ordinary dice, and the shop's discard is a
Buy-phase action open once per turn."""

from __future__ import annotations

import pytest

from kot_rules import games
from kot_rules.engine.actions import END_TURN, Choose, ResolveFaces, Roll, StopRolling, UseCard
from kot_rules.engine.dice import Face
from kot_rules.engine.errors import IllegalActionError, StateFormatError
from kot_rules.engine.game import MonsterSetup
from kot_rules.engine.state import Phase
from kot_rules.games.king_of_tokyo_duel.board import DuelBoard, board_from_json
from kot_rules.language.vocabulary import KING_OF_TOKYO_DUEL

GAME = games.get(KING_OF_TOKYO_DUEL).new_game(2)
# Six heal faces at full hearts: a roll that changes nothing (Duel's counts: fame,
# destruction, power, energy, heal, smash; power faces would use the monster's power).
FILLER = (0, 0, 0, 0, 6, 0)


def _state(cards0: tuple[str, ...] = (), cards1: tuple[str, ...] = (),
           board: DuelBoard | None = None, energy: int = 0):  # type: ignore[no-untyped-def]
    monsters = [MonsterSetup(GAME.names[0], energy=energy, cards=cards0),
                MonsterSetup(GAME.names[1], cards=cards1)]
    return GAME.setup_state(monsters, active=0, turn_number=3, game_board=board,
                            shop=("frenzy", "snack-time", "too-cute"))


def test_the_marks_survive_json() -> None:
    board = DuelBoard(dominated=(0, 2), fewer=(1, 0))
    data = board.to_json()
    assert data["dominated"] == [0, 2] and data["fewer_dice"] == [1, 0]
    assert board_from_json(data) == board
    assert "dominated" not in DuelBoard().to_json()  # older states stay as they were
    with pytest.raises(StateFormatError):
        board_from_json({**data, "fewer_dice": [0, -1]})


def test_a_cut_leaves_no_fewer_than_no_ordinary_dice() -> None:
    keep = ("giant-brain", "extra-head", "unchained", "scrappy", "spiked-tail", "thunder-stomp",
            "lightning-speed")
    s = _state(cards1=keep, board=DuelBoard(dominated=(0, 1)))
    s = s.apply(Roll(FILLER))
    s = s.apply(StopRolling())
    s = s.apply(ResolveFaces(Face.HEAL))
    s = s.apply(END_TURN)
    s = s.apply(Choose("pass"))  # keeps its seven keep cards: 6 ordinary dice cut to none
    assert s.active == 1 and s.to_roll == 1  # Extra Head's extra die stays
    assert s.board.dominated == (0, 0)


def test_the_shop_discard_is_a_buy_phase_action_once_per_turn() -> None:
    s = _state(cards0=("alien-metabolism",))
    use = UseCard("alien-metabolism")
    assert use not in s.legal_actions()  # rolling: not yet
    s = s.apply(Roll(FILLER))
    s = s.apply(StopRolling())
    s = s.apply(ResolveFaces(Face.HEAL))
    assert s.phase is Phase.BUY and use in s.legal_actions()
    s = s.apply(use)
    s = s.apply(Choose("snack-time"))
    assert "snack-time" in s.discard and "snack-time" not in s.shop and len(s.shop) == 3
    assert use not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(use)
