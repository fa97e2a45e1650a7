"""Duel's pull and dice-token words (branch duel-words): parsed, rendered back, and meant
by the interpreter as the same step-by-step pull the dice make."""

from __future__ import annotations

import pytest

from kot_rules import games
from kot_rules.engine.actions import STOP, Buy, ResolveFaces, Roll, SpendDiceTokens
from kot_rules.engine.cards import CardTable
from kot_rules.engine.dice import Face
from kot_rules.engine.game import MonsterSetup
from kot_rules.engine.state import State
from kot_rules.engine.tracks import DuelBoard, PlacedTile
from kot_rules.language import Verb, parse_text
from kot_rules.language.cardset import CardSet
from kot_rules.language.render import render_card
from kot_rules.rulebook import game_monsters

DUEL_ID = "king-of-tokyo-duel"
HEARTS = {b.name: b.hearts for b in game_monsters(DUEL_ID)}

CARDS = '''
card "Pull Fame"
  cost 1, discard
  Pull the Fame marker 2 spaces.
card "Pull Destruction"
  cost 1, discard
  Pull the Destruction marker 1 space.
card "Pull Then Hit"
  cost 1, discard
  Pull the Fame marker 3 spaces.
  Each other monster takes 2 damage.
card "Tokens"
  cost 1, discard
  Gain 2 dice tokens.
card "Token"
  cost 1, discard
  Gain 1 dice token.
'''


def _table() -> CardTable:
    cards, diagnostics = parse_text(CARDS, "words.kot", DUEL_ID)
    assert not [d for d in diagnostics if d.is_error], diagnostics
    return CardTable.from_card_set(CardSet(cards))


def _bought(card: str, board: DuelBoard, seat: int = 0) -> State:
    """``seat`` (active, turn 3) resolves a roll of power faces and buys ``card``."""
    table = _table()
    g = games.get(DUEL_ID).new_game(2, cards=table)
    monsters = [MonsterSetup(n, HEARTS[n], HEARTS[n], energy=5) for n in g.names]
    cid = table.resolve(card)[0]
    s = g.setup_state(monsters, active=seat, game_board=board, shop=(cid,), deck=(),
                      turn_number=3)
    if board.dice_tokens[seat]:
        s = s.apply(SpendDiceTokens(0))
    s = s.apply(Roll((0, 0, 6, 0, 0, 0))).apply(STOP).apply(ResolveFaces(Face.POWER))
    return s.apply(Buy(cid))


class TestLanguage:
    def test_the_words_parse_and_render_back(self) -> None:
        cards, diagnostics = parse_text(CARDS, "words.kot", DUEL_ID)
        assert not diagnostics
        verbs = [e.verb for c in cards for e in c.effects]
        assert verbs == [Verb.PULL_FAME, Verb.PULL_DESTRUCTION, Verb.PULL_FAME,
                         Verb.TAKE_DAMAGE, Verb.GAIN_DICE_TOKENS, Verb.GAIN_DICE_TOKENS]
        again, _ = parse_text("".join(render_card(c) for c in cards), "again.kot", DUEL_ID)
        assert [[(e.verb, e.amount) for e in c.effects] for c in again] == [
            [(e.verb, e.amount) for e in c.effects] for c in cards]

    @pytest.mark.parametrize("line", ["Pull the Fame marker 1 space.", "Gain 2 dice tokens."])
    def test_king_of_tokyo_cards_may_not_say_them(self, line: str) -> None:
        _, diagnostics = parse_text(f'card "X"\n  cost 1, discard\n  {line}\n', "x.kot")
        assert [d.code for d in diagnostics] == ["KOT223"]

    def test_spaces_and_tokens_agree_with_the_amount(self) -> None:
        text = 'card "X"\n  cost 1, discard\n  Pull the Fame marker 2 space. Gain 1 dice tokens.\n'
        _, diagnostics = parse_text(text, "x.kot", DUEL_ID)
        assert [d.code for d in diagnostics] == ["KOT214", "KOT214"]


class TestMeaning:
    def test_seat_0_pulls_toward_its_end(self) -> None:
        s = _bought("Pull Fame", DuelBoard())
        assert s.board.fame == -2

    def test_seat_1_pulls_toward_its_end(self) -> None:
        s = _bought("Pull Destruction", DuelBoard(), seat=1)
        assert s.board.destruction == 1

    def test_each_step_gets_its_bonus(self) -> None:
        tiles = (PlacedTile("energy", "fame", (-1,)), PlacedTile("energy", "fame", (-2,)))
        s = _bought("Pull Fame", DuelBoard(tiles=tiles))
        assert s.monsters[0].energy == 5 + 2  # the card costs 0 on the rightmost space

    def test_a_win_half_way_ends_the_card(self) -> None:
        s = _bought("Pull Then Hit", DuelBoard(fame=-6))
        assert s.outcome is not None and s.outcome.winner == 0
        assert s.board.fame == -7
        rival = s.monsters[1]
        assert rival.hearts == HEARTS[rival.name]  # the damage sentence is not played

    def test_tokens_are_capped(self) -> None:
        assert _bought("Tokens", DuelBoard()).board.dice_tokens == (2, 0)
        assert _bought("Tokens", DuelBoard(dice_tokens=(1, 0))).board.dice_tokens == (2, 0)
        assert _bought("Token", DuelBoard(dice_tokens=(0, 2)), seat=1).board.dice_tokens == (
            0, 2)
