"""Duel's pull and dice-token words: parsed, rendered back, and meant
by the interpreter as the same step-by-step pull the dice make."""

from __future__ import annotations

import pytest

from kot_rules import games
from kot_rules.engine.actions import PASS, STOP, Buy, Choose, ResolveFaces, Roll, SpendDiceTokens
from kot_rules.engine.cards import CardTable
from kot_rules.engine.dice import Face
from kot_rules.engine.game import MonsterSetup
from kot_rules.engine.state import State
from kot_rules.games.king_of_tokyo_duel.board import DuelBoard, PlacedTile
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
    """``seat`` (active, turn 3) resolves a roll of heal faces and buys ``card``."""
    table = _table()
    g = games.get(DUEL_ID).new_game(2, cards=table)
    monsters = [MonsterSetup(n, HEARTS[n], HEARTS[n], energy=5) for n in g.names]
    cid = table.resolve(card)[0]
    s = g.setup_state(monsters, active=seat, game_board=board, shop=(cid,), deck=(),
                      turn_number=3)
    if board.dice_tokens[seat]:
        s = s.apply(SpendDiceTokens(0))
    # Heal faces at full hearts do nothing (power faces use the power).
    s = s.apply(Roll((0, 0, 0, 0, 6, 0))).apply(STOP).apply(ResolveFaces(Face.HEAL))
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


# -- the Buzz icon line (`buzz "TILE"`) --------------------------------------------------


class TestBuzzLine:
    def test_the_line_names_a_tile_and_renders_after_the_aliases(self) -> None:
        text = 'card "X"\n  cost 2, discard\n  alias pl "Iks"\n  buzz "heal"\n  Gain 1 energy.\n'
        (card,), diagnostics = parse_text(text, "x.kot", DUEL_ID)
        assert diagnostics == [] and card.buzz == "heal"
        assert render_card(card) == text

    def test_fmt_puts_the_line_after_the_names_with_its_comment(self) -> None:
        from kot_rules.language.formatter import format_text

        messy = ('card "X"\n  cost 2, discard\n  Gain 1 energy.\n'
                 '  # the tile\n  buzz   "heal"  # a heal\n')
        out, diagnostics = format_text(messy, "x.kot", DUEL_ID)
        assert diagnostics == []
        assert out == ('card "X"\n  cost 2, discard\n  # the tile\n  buzz "heal"  # a heal\n'
                       '  Gain 1 energy.\n')

    @pytest.mark.parametrize(("text", "game", "column", "fragment"), [
        ('  buzz "heal"\n', "king-of-tokyo", 3, "the game has no Buzz tiles"),
        ('  buzz "hea"\n', DUEL_ID, 8, "unknown Buzz tile 'hea'"),
        ('  buzz "king"\n', DUEL_ID, 8, "unknown Buzz tile 'king'"),  # The King's own
        ('  buzz "heal"\n  buzz "smash"\n', DUEL_ID, 3, "one Buzz icon"),
    ])
    def test_kot233(self, text: str, game: str, column: int, fragment: str) -> None:
        card = f'card "X"\n  cost 2, discard\n  Gain 1 energy.\n{text}'
        _, diagnostics = parse_text(card, "x.kot", game)
        assert [d.code for d in diagnostics] == ["KOT233"]
        (d,) = diagnostics
        assert d.column == column and fragment in d.message and d.is_error


BUZZ_CARDS = '''
card "Tiled"
  cost 1, discard
  buzz "energy-heal"
  Pull the Fame marker 1 space.
card "Tiled Too"
  cost 1, discard
  buzz "energy-heal"
  Gain 1 energy.
'''


def _buy_tiled(card: str, board: DuelBoard) -> State:
    cards, diagnostics = parse_text(BUZZ_CARDS, "tiled.kot", DUEL_ID)
    assert not diagnostics
    table = CardTable.from_card_set(CardSet(cards))
    g = games.get(DUEL_ID).new_game(2, cards=table)
    monsters = [MonsterSetup(n, HEARTS[n], HEARTS[n], energy=5) for n in g.names]
    cid = table.resolve(card)[0]
    s = g.setup_state(monsters, active=0, game_board=board, shop=(cid,), deck=(),
                      turn_number=3)
    # Heal faces at full hearts do nothing (power faces would use the monster's power).
    s = s.apply(Roll((0, 0, 0, 0, 6, 0))).apply(STOP).apply(ResolveFaces(Face.HEAL))
    return s.apply(Buy(cid))


class TestBuzzTile:
    def test_the_buyer_places_it_before_the_effect(self) -> None:
        s = _buy_tiled("Tiled", DuelBoard())
        assert s.pending is not None and s.current_player() == 0
        assert Choose("fame -1 -2") in s.legal_actions()
        assert Choose("fame -2 -1") in s.legal_actions()  # either way round
        assert Choose("fame 0 1") not in s.legal_actions()  # the marker's space
        s = s.apply(Choose("fame -1 -2"))
        assert s.board.tiles == (PlacedTile("energy-heal", "fame", (-1, -2)),)
        # Placed first: the pull lands on its energy space at once (duel.buzz.place-then-pull).
        assert s.board.fame == -1 and s.monsters[0].energy == 5 + 1

    def test_a_tile_on_the_board_may_be_moved_or_left(self) -> None:
        on = DuelBoard(tiles=(PlacedTile("energy-heal", "destruction", (3, 4)),))
        s = _buy_tiled("Tiled Too", on)
        assert PASS in s.legal_actions() and Choose("destruction 4 5") in s.legal_actions()
        assert Choose("destruction 3 4") not in s.legal_actions()  # where it is: leave it
        moved = s.apply(Choose("fame 5 6"))
        assert moved.board.tiles == (PlacedTile("energy-heal", "fame", (5, 6)),)
        assert s.apply(PASS).board.tiles == on.tiles

    def test_a_tile_under_a_marker_stays_and_the_card_still_acts(self) -> None:
        on = DuelBoard(destruction=4, tiles=(PlacedTile("energy-heal", "destruction", (3, 4)),))
        s = _buy_tiled("Tiled Too", on)
        assert s.pending is None and s.board.tiles == on.tiles
        assert s.monsters[0].energy == 5 + 1
