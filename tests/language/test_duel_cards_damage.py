"""Duel's damage cards: their words parse, render back, are
Duel's only, and the interpreter reads them the same way in every game it plays."""

from __future__ import annotations

import pytest

from kot_rules import games
from kot_rules.engine.dice import Face
from kot_rules.language import parse_text
from kot_rules.language.ast import ModifierKind, Trigger, Verb, strip_positions
from kot_rules.language.cardset import builtin_card_set
from kot_rules.language.render import render_card

DUEL = "king-of-tokyo-duel"
CARDS = ("armor-plating", "trend-setter", "camouflage", "hibernation", "unstoppable",
         "in-shape", "the-party-is-over", "regeneration", "superconductor", "unstable-dna")
D = 'card "X"\n  cost 3, keep\n'


@pytest.mark.parametrize("slug", CARDS)
def test_each_card_renders_back_to_itself(slug: str) -> None:
    card = builtin_card_set(DUEL).definition(slug)
    text = render_card(card)
    again, diagnostics = parse_text(text, "rendered.kot", DUEL)
    assert [d for d in diagnostics if d.is_error] == []
    assert [strip_positions(c) for c in again] == [strip_positions(card)]


@pytest.mark.parametrize("line", [
    "Damage does not hurt you.",
    "In each turn that is not yours, the first 1 damage you take does not hurt you.",
    "Once per turn, whenever you heal yourself, heal 1 more.",
    "At the start of your turn, discard this card or heal 6 and end your turn.",
    "When another monster gains energy from its dice, you may discard this card to gain as "
    "much energy.",
    "When you would be eliminated, instead set your hearts to 1 and take no damage this turn.",
])
def test_duel_only_words_are_refused_on_a_king_of_tokyo_card(line: str) -> None:
    _, diagnostics = parse_text(D + f"  {line}\n", "x.kot")
    assert "KOT223" in [d.code for d in diagnostics]
    _, diagnostics = parse_text(D + f"  {line}\n", "x.kot", DUEL)
    assert [d for d in diagnostics if d.is_error] == []


def test_the_numbers_of_the_cards_are_their_text() -> None:
    cards = builtin_card_set(DUEL)
    armor = cards.definition("armor-plating").modifiers[0]
    assert (armor.kind, armor.amount, armor.condition) == (ModifierKind.FIRST_DAMAGE, 1, None)
    trend = cards.definition("trend-setter").modifiers[0]
    assert trend.kind is ModifierKind.FIRST_DAMAGE and trend.condition is not None
    shape = cards.definition("in-shape").abilities[0]
    assert (shape.trigger, shape.param, shape.price) == (Trigger.HEART_BEYOND, 3, 1)
    assert shape.effects[0].verb is Verb.PULL_FAME and shape.effects[0].amount == 1
    rest = cards.definition("hibernation").abilities[0]
    assert (rest.effects[0].verb, rest.effects[0].amount) == (Verb.REST, 6)


def test_a_price_of_zero_is_refused() -> None:
    text = D + ("  For each heart another monster loses beyond 3 in a turn, you may pay 0 energy "
                "to pull the Fame marker 1 space.\n")
    _, diagnostics = parse_text(text, "x.kot", DUEL)
    assert [d.code for d in diagnostics if d.is_error] == ["KOT213"]


@pytest.mark.parametrize(("game", "face"), [("king-of-tokyo", Face.HEART),
                                            (DUEL, Face.HEAL)])
def test_a_heart_rolled_is_the_die_face_showing_a_heart(game: str, face: Face) -> None:
    # Dice rolled against damage count the face of the game's own die that shows a heart
    # (D-DUEL-HEART-ROLLED); the word says "heart" in both games.
    faces = games.get(game).rules.dice.faces
    hearts = [f for f in faces if f in (Face.HEART, Face.HEAL)]
    assert hearts == [face]
