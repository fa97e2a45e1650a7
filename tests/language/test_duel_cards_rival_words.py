"""Duel's words for the rival's keep cards and dice, the shop at other
moments and the changed Buzz bonuses parse, render back, stay Duel's only, and keep King
of Tokyo's messages free of them."""

from __future__ import annotations

import pytest

from kot_rules.language import parse_text
from kot_rules.language.ast import ModifierKind, Trigger, Verb, Who, strip_positions
from kot_rules.language.render import render_card

DUEL = "king-of-tokyo-duel"

LINES = [
    ("discard", "Each other monster discards a keep card you choose."),
    ("discard", "Each other monster discards any keep cards it chooses at the start of its next "
                "turn, then rolls 2 dice fewer that turn for each keep card it has."),
    ("keep", "At the start of your turn, you may purchase a card from the shop for 2 energy "
             "less."),
    ("keep", "Once per turn, you may replace a card in the shop."),
    ("keep", "Instead of any Buzz bonus, you may take a smash."),
    ("keep", "Where a Buzz tile shows no bonus, it gives you a smash."),
    ("keep", "When you pull the Destruction marker a space, each other monster takes 1 damage."),
    ("keep", "Once per turn, when you pull the Destruction marker with your dice, each other "
             "monster rolls 3 dice fewer on its next turn."),
    ("keep", "When you pull a marker off a Buzz tile, gain 1 energy."),
]


def _card(kind: str, line: str, game: str = DUEL) -> tuple[list, list]:  # type: ignore[type-arg]
    return parse_text(f'card "X"\n  cost 3, {kind}\n  {line}\n', "x.kot", game)


@pytest.mark.parametrize(("kind", "line"), LINES)
def test_each_line_round_trips_in_duel(kind: str, line: str) -> None:
    cards, diagnostics = _card(kind, line)
    assert [d for d in diagnostics if d.is_error] == []
    text = render_card(cards[0])
    assert line in text
    again, _ = parse_text(text, "y.kot", DUEL)
    assert strip_positions(again[0]) == strip_positions(cards[0])


@pytest.mark.parametrize(("kind", "line"), LINES)
def test_each_line_is_duel_only(kind: str, line: str) -> None:
    _, diagnostics = _card(kind, line, "king-of-tokyo")
    assert {d.code for d in diagnostics if d.is_error} == {"KOT223"}


def test_what_the_lines_say() -> None:
    said = [_card(k, line)[0][0] for k, line in LINES]
    assert said[0].effects[0].verb is Verb.DISCARD_CHOSEN_KEEP
    assert said[0].effects[0].who is Who.EACH_OTHER
    assert (said[1].effects[0].verb, said[1].effects[0].amount) == (Verb.FEWER_DICE_PER_KEEP, 2)
    assert (said[2].abilities[0].effects[0].verb, said[2].abilities[0].effects[0].amount) == (
        Verb.BUY_FOR_LESS, 2)
    assert said[3].activated[0].effect.verb is Verb.DISCARD_FROM_SHOP
    assert said[3].activated[0].once_per_turn
    assert said[4].modifiers[0].kind is ModifierKind.SMASH_FOR_BONUS
    assert said[5].modifiers[0].kind is ModifierKind.EMPTY_SPACE_SMASH
    assert said[6].abilities[0].trigger is Trigger.PULL_DESTRUCTION_SPACE
    stomp = said[7].abilities[0]
    assert (stomp.trigger, stomp.once_per_turn) == (Trigger.DICE_PULL_DESTRUCTION, True)
    assert (stomp.effects[0].verb, stomp.effects[0].amount) == (Verb.FEWER_DICE_NEXT_TURN, 3)
    assert said[8].abilities[0].trigger is Trigger.PULL_OFF_TILE


def test_king_of_tokyo_messages_do_not_list_duel_words() -> None:
    _, diagnostics = parse_text('card "X"\n  cost 3, discard\n  Each other monster\n', "x.kot")
    assert "discards" not in diagnostics[0].message.lower()
    _, diagnostics = parse_text('card "X"\n  cost 3, discard\n  Each other monster\n', "x.kot",
                                DUEL)
    assert "discards" in diagnostics[0].message
