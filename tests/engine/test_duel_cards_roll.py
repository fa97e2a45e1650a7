"""Duel's roll words: faces added to the roll, abilities on the
final roll, amounts counted on it, fame rerolls past the last roll, skipping the
resolution and leaving dice unresolved; parsed, rendered back, and meant by the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from kot_rules import games
from kot_rules.engine.actions import STOP, Choose, Reroll, ResolveFaces, Roll
from kot_rules.engine.cards import CardTable
from kot_rules.engine.dice import Face
from kot_rules.engine.errors import IllegalActionError
from kot_rules.engine.game import MonsterSetup
from kot_rules.engine.state import Phase, State
from kot_rules.games.king_of_tokyo_duel.board import DuelBoard
from kot_rules.language import parse_text, strip_positions
from kot_rules.language.cardset import CardSet, check_text
from kot_rules.language.formatter import format_text
from kot_rules.language.render import render_card
from kot_rules.rulebook import game_monsters

DUEL_ID = "king-of-tokyo-duel"
HEARTS = {b.name: b.hearts for b in game_monsters(DUEL_ID)}
CARD_DIR = Path(__file__).resolve().parents[2] / "spec" / "cards" / DUEL_ID
ROLL_CARDS = ("acid-attack", "adrenaline-augment", "antimatter-pellets", "electrical-aura",
              "eye-of-the-storm", "gentle-giant", "in-the-shadows", "natural-selection",
              "operation-media", "rebooting", "signature-move", "titanic-batteries",
              "utter-destruction")
# Duel's counts: fame, destruction, power, energy, heal, smash (tracks.FACES).
FAME, POWER, ENERGY, SMASH = 0, 2, 3, 5


def _state(text: str, rolls: tuple[int, ...] = ()) -> State:
    """Seat 0 (active, turn 3) holds the one card of ``text``; ``rolls``: its first roll."""
    cards, diagnostics = parse_text(text, "roll.kot", DUEL_ID)
    assert not [d for d in diagnostics if d.is_error], diagnostics
    table = CardTable.from_card_set(CardSet(cards))
    g = games.get(DUEL_ID).new_game(2, cards=table)
    card = table.resolve(cards[0].name)[0]
    monsters = [MonsterSetup(n, HEARTS[n], HEARTS[n], cards=(card,) if i == 0 else ())
                for i, n in enumerate(g.names)]
    s = g.setup_state(monsters, active=0, game_board=DuelBoard(), shop=(), deck=(),
                      turn_number=3)
    return s.apply(Roll(rolls)) if rolls else s


@pytest.mark.parametrize("slug", ROLL_CARDS)
def test_each_card_parses_renders_back_and_is_formatted(slug: str) -> None:
    text = (CARD_DIR / f"{slug}.kot").read_text(encoding="utf-8")
    assert check_text(text, game=DUEL_ID) == []
    cards, _ = parse_text(text, "x.kot", DUEL_ID)
    again, diagnostics = parse_text(render_card(cards[0]), "y.kot", DUEL_ID)
    assert diagnostics == []
    assert strip_positions(again[0]) == strip_positions(cards[0])
    assert format_text(text, "x.kot", DUEL_ID) == (text, [])


def test_king_of_tokyo_cards_may_not_count_duels_roll() -> None:
    text = ('card "X"\n  cost 3, keep\n'
            "  When you resolve your dice, gain 1 energy for each smash face in your roll.\n")
    assert [d.code for d in check_text(text)] == ["KOT223"]
    assert check_text(text, game=DUEL_ID) == []


def test_skipping_fits_only_a_roll_about_to_be_resolved() -> None:
    text = 'card "X"\n  cost 3, keep\n  At the end of your turn, you may skip resolving them.\n'
    assert [d.code for d in check_text(text, game=DUEL_ID)] == ["KOT220"]


@pytest.mark.parametrize(("every", "power", "energy"), [(3, 5, 1), (3, 6, 2), (2, 5, 2)])
def test_the_number_counted_is_the_cards_own(every: int, power: int, energy: int) -> None:
    text = (f'card "X"\n  cost 3, keep\n  When you resolve your dice, gain 1 energy for every '
            f"{every} power faces in your roll.\n")
    s = _state(text, (0, 0, power, 0, 0, 6 - power)).apply(STOP)
    assert s.monsters[0].energy == energy


def test_fame_dice_only_past_the_last_roll_and_a_wrong_reroll_changes_nothing() -> None:
    text = ('card "X"\n  cost 3, keep\n'
            "  You may reroll dice showing fame even after your last roll.\n")
    s = _state(text, (0, 0, 6, 0, 0, 0))
    s = s.apply(Reroll((0, 0, 4, 0, 0, 0))).apply(Roll((0, 0, 2, 0, 0, 0)))
    s = s.apply(Reroll((0, 0, 4, 0, 0, 0))).apply(Roll((2, 0, 0, 0, 0, 0)))
    assert s.phase is Phase.KEEP and s.rolls_done == s.rolls_allowed
    assert list(s.legal_actions()) == [STOP, Reroll((0, 0, 4, 0, 0, 0)),
                                       Reroll((1, 0, 4, 0, 0, 0))]
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(Reroll((2, 0, 3, 0, 0, 0)))  # a power die is no fame die
    assert s.to_json() == before
    s = s.apply(Reroll((0, 0, 4, 0, 0, 0))).apply(Roll((1, 0, 0, 0, 0, 1)))
    assert s.phase is Phase.KEEP  # a fame die again: it may go on
    s = s.apply(Reroll((0, 0, 4, 0, 0, 1))).apply(Roll((0, 0, 0, 1, 0, 0)))
    assert s.phase is Phase.RESOLVE  # no fame left: the roll is final


def test_leaving_dice_unresolved_takes_them_out_of_the_roll() -> None:
    text = ('card "X"\n  cost 3, keep\n'
            "  When you resolve your dice, you may leave 3 of your dice unresolved.\n")
    s = _state(text, (0, 0, 0, 3, 0, 3)).apply(STOP)
    s = s.apply(Choose("leave")).apply(Choose("smash")).apply(Choose("smash"))
    s = s.apply(Choose("energy"))
    assert s.dice == (0, 0, 0, 2, 0, 1)
    s = s.apply(ResolveFaces(Face.SMASH))
    assert s.monsters[1].hearts == HEARTS[s.monsters[1].name] - 1


ADDED_AND_LEFT = ('card "X"\n  cost 3, keep\n  Your roll has 1 extra smash.\n'
                  "  When you resolve your dice, you may leave {n} of your dice unresolved.\n")


def test_a_face_a_card_added_is_no_die_to_leave_unresolved() -> None:
    """D-DUEL-UNRESOLVED: only dice rolled leave the roll; the added smash stays and is
    resolved, and the dice left are still counted as rolled (board.left)."""
    s = _state(ADDED_AND_LEFT.format(n=2), (0, 0, 0, 3, 3, 0)).apply(STOP)
    assert s.dice == (0, 0, 0, 3, 3, 1)
    s = s.apply(Choose("leave"))
    assert Choose("smash") not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(Choose("smash"))
    s = s.apply(Choose("energy")).apply(Choose("heal"))
    assert s.dice == (0, 0, 0, 2, 2, 1)
    board = s.board
    assert isinstance(board, DuelBoard) and (board.added, board.left) == (1, 2)
    assert board.to_json()["left_unresolved"] == 2
    s = s.apply(ResolveFaces(Face.SMASH))
    assert s.monsters[1].hearts == HEARTS[s.monsters[1].name] - 1


def test_too_few_dice_rolled_leave_none_whatever_the_cards_added() -> None:
    """6 dice rolled and 1 smash added: a card that leaves 7 dice is not asked."""
    s = _state(ADDED_AND_LEFT.format(n=7), (0, 0, 0, 6, 0, 0)).apply(STOP)
    assert s.pending is None and s.phase is Phase.RESOLVE
    assert s.dice == (0, 0, 0, 6, 0, 1)


def test_a_skipped_roll_resolves_nothing() -> None:
    text = 'card "X"\n  cost 3, keep\n  When you resolve your dice, you may skip resolving them.\n'
    s = _state(text, (0, 0, 0, 0, 0, 6)).apply(STOP).apply(Choose("skip"))
    assert s.phase is Phase.BUY
    assert s.monsters[1].hearts == HEARTS[s.monsters[1].name]
    assert s.dice[SMASH] == 6  # still the turn's roll for cards bought later
