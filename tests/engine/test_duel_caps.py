"""Duel's two floors and caps that no built-in card reaches, shown with a designer's card
(each found by the mutation run: the built-in cards give at most 2 extra dice and cost at
least 2, so its mutants passed every scenario).

* D-DUEL-DICE-CAP: extra dice from cards beyond the 2 extra dice are not rolled.
* D-DUEL-DISCOUNT-FLOOR: discounts bring a price down to 0, never below (the buyer is
  never paid).
"""

from __future__ import annotations

from kot_rules import games
from kot_rules.engine.actions import STOP, Buy, ResolveFaces, Roll
from kot_rules.engine.cards import CardTable
from kot_rules.engine.dice import Face
from kot_rules.engine.game import MonsterSetup
from kot_rules.engine.state import Phase, State
from kot_rules.games.king_of_tokyo_duel.board import DuelBoard
from kot_rules.language import parse_text
from kot_rules.language.cardset import CardSet
from kot_rules.rulebook import game_monsters

DUEL_ID = "king-of-tokyo-duel"
HEARTS = {b.name: b.hearts for b in game_monsters(DUEL_ID)}

CARDS = '''
card "Three Heads"
  cost 6, keep
  You roll 3 extra dice.
card "Loose Change"
  cost 0, discard
  Gain 1 energy.
'''


def _state(energy: int, cards: tuple[str, ...] = (), shop: tuple[str, ...] = ()) -> State:
    """Seat 0's turn 3 starting, holding ``cards``, with ``shop`` face up (card names)."""
    parsed, diagnostics = parse_text(CARDS, "caps.kot", DUEL_ID)
    assert not [d for d in diagnostics if d.is_error], diagnostics
    table = CardTable.from_card_set(CardSet(parsed))
    g = games.get(DUEL_ID).new_game(2, cards=table)
    held = tuple(table.resolve(c)[0] for c in cards)
    monsters = [MonsterSetup(n, HEARTS[n], HEARTS[n], energy=energy if k == 0 else 0,
                             cards=held if k == 0 else ())
                for k, n in enumerate(g.names)]
    return g.setup_state(monsters, active=0, game_board=DuelBoard(), turn_number=3,
                         shop=tuple(table.resolve(c)[0] for c in shop), deck=())


class TestExtraDiceFromCards:
    def test_three_extra_dice_from_a_card_roll_as_two(self) -> None:
        s = _state(0, cards=("Three Heads",))
        board: DuelBoard = s.board
        assert (s.phase, s.to_roll, board.white) == (Phase.ROLL, 8, 2)


class TestThePriceFloor:
    def test_a_card_costing_0_on_the_rightmost_space_costs_0(self) -> None:
        # The rightmost space takes 1 off the price (duel.buy.discount): 0 - 1 stops at 0.
        s = _state(0, shop=("Loose Change",))
        card = s.shop[-1]
        s = s.apply(Roll((0, 0, 0, 0, 6, 0))).apply(STOP).apply(ResolveFaces(Face.HEAL))
        assert s.phase is Phase.BUY and s.monsters[0].energy == 0
        after = s.apply(Buy(card))
        # It costs nothing, and its own 1 energy is all the buyer gains.
        assert after.monsters[0].energy == 1
