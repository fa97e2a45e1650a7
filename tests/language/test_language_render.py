"""The renderer: canonical text, and parse(render(card)) == card (positions aside)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kot_rules.language import (
    NO_POSITION,
    Alias,
    CardDef,
    CardKind,
    Effect,
    Position,
    Verb,
    Who,
    builtin_card_set,
    parse_text,
    render_card,
    render_cards,
    render_effect,
    slugify,
    strip_positions,
)
from kot_rules.language.ast import name_key

BUILTIN = builtin_card_set().cards


def _parse_one(text: str) -> CardDef:
    cards, diagnostics = parse_text(text, "rendered.kot")
    assert not [d for d in diagnostics if d.is_error], [d.render() for d in diagnostics]
    (card,) = cards
    return card


class TestCanonicalText:
    def test_gas_refinery(self) -> None:
        assert render_card(builtin_card_set().definition("gas-refinery")) == (
            'card "Gas Refinery"\n'
            "  cost 6, discard\n"
            '  alias pl "Rafineria"\n'
            '  alias cz "Ropná rafinerie"\n'
            "  Gain 2 stars.\n"
            "  Each other monster takes 3 damage.\n")

    def test_evacuation_orders_has_its_copies(self) -> None:
        assert render_card(builtin_card_set().definition("evacuation-orders-1")) == (
            'card "Evacuation Orders"\n'
            "  cost 7, discard, copies 2\n"
            "  Each other monster loses 5 stars.\n")

    def test_layout_is_normalised_and_sentences_get_a_line_each(self) -> None:
        card = _parse_one('# note\ncard   "A"  # c\n\tcost 007 ,discard # c\n'
                          '\tHeal 1.Take  2 damage.\n\talias cz "B"\n')
        assert render_card(card) == (
            'card "A"\n  cost 7, discard\n  alias cz "B"\n  Heal 1.\n  Take 2 damage.\n')

    def test_quotes_and_backslashes_are_escaped(self) -> None:
        card = _parse_one('card "Say \\"Hi\\" \\\\ bye"\n  cost 0, keep\n')
        assert render_card(card).split("\n")[0] == 'card "Say \\"Hi\\" \\\\ bye"'

    def test_cards_are_one_blank_line_apart(self) -> None:
        a = _parse_one('card "A"\n  cost 1, keep\n')
        b = _parse_one('card "B"\n  cost 2, discard\n  Heal 1.\n')
        assert render_cards([a, b]) == (
            'card "A"\n  cost 1, keep\n\ncard "B"\n  cost 2, discard\n  Heal 1.\n')
        assert render_cards([]) == ""

    @pytest.mark.parametrize(("effect", "text"), [
        (Effect(Verb.GAIN_STARS, 1, Who.YOU, NO_POSITION), "Gain 1 star."),
        (Effect(Verb.GAIN_STARS, 3, Who.YOU, NO_POSITION), "Gain 3 stars."),
        (Effect(Verb.GAIN_ENERGY, 1, Who.YOU, NO_POSITION), "Gain 1 energy."),
        (Effect(Verb.HEAL, 2, Who.YOU, NO_POSITION), "Heal 2."),
        (Effect(Verb.TAKE_DAMAGE, 4, Who.YOU, NO_POSITION), "Take 4 damage."),
        (Effect(Verb.TAKE_DAMAGE, 2, Who.EACH_OTHER, NO_POSITION),
         "Each other monster takes 2 damage."),
        (Effect(Verb.TAKE_DAMAGE, 3, Who.EVERY, NO_POSITION), "Every monster takes 3 damage."),
        (Effect(Verb.LOSE_STARS, 1, Who.EACH_OTHER, NO_POSITION),
         "Each other monster loses 1 star."),
        (Effect(Verb.LOSE_STARS, 5, Who.EACH_OTHER, NO_POSITION),
         "Each other monster loses 5 stars."),
    ])
    def test_each_sentence(self, effect: Effect, text: str) -> None:
        assert render_effect(effect) == text

    @pytest.mark.parametrize(("verb", "who"), [
        (Verb.HEAL, Who.EVERY), (Verb.GAIN_STARS, Who.EACH_OTHER),
        (Verb.LOSE_STARS, Who.YOU), (Verb.GAIN_ENERGY, Who.EVERY),
    ])
    def test_an_effect_no_sentence_says_is_refused(self, verb: Verb, who: Who) -> None:
        with pytest.raises(ValueError, match="no sentence"):
            render_effect(Effect(verb, 1, who, NO_POSITION))

    def test_a_name_no_string_can_hold_is_refused(self) -> None:
        card = CardDef("A\nB", "a-b", 1, CardKind.KEEP, 1, (), NO_POSITION)
        with pytest.raises(ValueError, match="control character"):
            render_card(card)


class TestRoundTrip:
    @pytest.mark.parametrize("card", BUILTIN, ids=[c.slug for c in BUILTIN])
    def test_every_builtin_card(self, card: CardDef) -> None:
        text = render_card(card)
        again = _parse_one(text)
        assert strip_positions(again) == strip_positions(card)
        assert render_card(again) == text  # idempotent

    def test_the_whole_builtin_set_in_one_text(self) -> None:
        text = render_cards(BUILTIN)
        cards, diagnostics = parse_text(text, "all.kot")
        assert not [d for d in diagnostics if d.is_error]
        assert [strip_positions(c) for c in cards] == [strip_positions(c) for c in BUILTIN]
        assert render_cards(cards) == text

    def test_strip_positions_clears_every_position(self) -> None:
        card = builtin_card_set().definition("gas-refinery")
        stripped = strip_positions(card)
        assert stripped.position == NO_POSITION
        assert {a.position for a in stripped.aliases} == {NO_POSITION}
        assert {e.position for e in stripped.effects} == {NO_POSITION}
        assert stripped != card
        assert strip_positions(stripped) == stripped


# --- Generated cards ------------------------------------------------------------------

SAYABLE = [(Verb.GAIN_STARS, Who.YOU), (Verb.GAIN_ENERGY, Who.YOU), (Verb.HEAL, Who.YOU),
           (Verb.TAKE_DAMAGE, Who.YOU), (Verb.TAKE_DAMAGE, Who.EACH_OTHER),
           (Verb.TAKE_DAMAGE, Who.EVERY), (Verb.LOSE_STARS, Who.EACH_OTHER)]

names = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7e), min_size=1,
                max_size=30).filter(lambda n: bool(n.strip()) and bool(slugify(n)))
alias_names = st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1,
                      max_size=20).filter(lambda n: bool(n.strip()))
effects = st.builds(lambda verb_who, amount: Effect(verb_who[0], amount, verb_who[1],
                                                    NO_POSITION),
                    st.sampled_from(SAYABLE), st.integers(min_value=1, max_value=99))


@st.composite
def cards(draw: st.DrawFn) -> CardDef:
    name = draw(names)
    kind = draw(st.sampled_from(CardKind))
    raw = draw(st.lists(st.tuples(st.sampled_from(["pl", "cz"]), alias_names), max_size=4,
                        unique_by=lambda a: (a[0], name_key(a[1]))))
    return CardDef(
        name=name,
        slug=slugify(name),
        cost=draw(st.integers(min_value=0, max_value=99)),
        kind=kind,
        copies=draw(st.integers(min_value=1, max_value=99)),
        aliases=tuple(Alias(language, alias, NO_POSITION) for language, alias in raw),
        position=NO_POSITION,
        # Keep cards may not have effects yet (KOT215).
        effects=tuple(draw(st.lists(effects, max_size=4))) if kind is CardKind.DISCARD else (),
    )


@settings(max_examples=300, deadline=None)
@given(cards())
def test_generated_cards_round_trip(card: CardDef) -> None:
    text = render_card(card)
    again = _parse_one(text)
    assert strip_positions(again) == card
    assert render_card(again) == text


def test_positions_of_a_rendered_card() -> None:
    card = _parse_one(render_card(builtin_card_set().definition("tanks")))
    assert card.position == Position("rendered.kot", 1, 1)
    assert [(e.position.line, e.position.column) for e in card.effects] == [(3, 3), (4, 3)]
