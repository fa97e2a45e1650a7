"""The renderer: canonical text, and parse(render(card)) == card (positions aside)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kot_rules.language import (
    NO_POSITION,
    Ability,
    Activated,
    Alias,
    CardDef,
    CardKind,
    Condition,
    Effect,
    Modifier,
    ModifierKind,
    Position,
    Trigger,
    Verb,
    Who,
    builtin_card_set,
    parse_text,
    render_ability,
    render_card,
    render_cards,
    render_effect,
    render_modifier,
    slugify,
    strip_positions,
)
from kot_rules.language.ast import name_key
from kot_rules.language.vocabulary import CONDITIONS as CONDITIONS_TABLE
from kot_rules.language.vocabulary import MODIFIERS as MODIFIERS_TABLE
from kot_rules.language.vocabulary import TRIGGERS as TRIGGERS_TABLE

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
        (Effect(Verb.LOSE_ENERGY, 1, Who.EACH_OTHER, NO_POSITION),
         "Each other monster loses 1 energy."),
        (Effect(Verb.LOSE_ENERGY, 1, Who.EACH_OTHER, NO_POSITION, 2),
         "Each other monster loses 1 energy for every 2 energy it has."),
        (Effect(Verb.TAKE_TOKYO_CITY, 0, Who.YOU, NO_POSITION),
         "Take control of Tokyo City unless you are in Tokyo."),
        (Effect(Verb.EXTRA_TURN, 0, Who.YOU, NO_POSITION), "Take another turn after this one."),
    ])
    def test_each_sentence(self, effect: Effect, text: str) -> None:
        assert render_effect(effect) == text

    @pytest.mark.parametrize(("verb", "who"), [
        (Verb.HEAL, Who.EVERY), (Verb.GAIN_STARS, Who.EACH_OTHER),
        (Verb.LOSE_STARS, Who.YOU), (Verb.GAIN_ENERGY, Who.EVERY),
        (Verb.LOSE_ENERGY, Who.YOU), (Verb.EXTRA_TURN, Who.EACH_OTHER),
        (Verb.TAKE_TOKYO_CITY, Who.EVERY),
    ])
    def test_an_effect_no_sentence_says_is_refused(self, verb: Verb, who: Who) -> None:
        with pytest.raises(ValueError, match="no sentence"):
            render_effect(Effect(verb, 1, who, NO_POSITION))

    @pytest.mark.parametrize(("effect", "text"), [
        (Effect(Verb.GAIN_STARS, 1, Who.YOU, NO_POSITION, 6),
         "Gain 1 star for every 6 energy you have."),
        (Effect(Verb.TAKE_DAMAGE, 1, Who.NEIGHBOURS, NO_POSITION),
         "Each of your neighbours takes 1 damage."),
    ])
    def test_the_two_forms_only_an_ability_says(self, effect: Effect, text: str) -> None:
        assert render_effect(effect) == text
        card = CardDef("A", "a", 1, CardKind.DISCARD, 1, (), NO_POSITION, effects=(effect,))
        with pytest.raises(ValueError, match="only an ability"):
            render_card(card)

    @pytest.mark.parametrize("effect", [
        Effect(Verb.GAIN_ENERGY, 1, Who.YOU, NO_POSITION, 6),
        Effect(Verb.HEAL, 1, Who.NEIGHBOURS, NO_POSITION),
        Effect(Verb.LOSE_ENERGY, 1, Who.EVERY, NO_POSITION, 2),
        Effect(Verb.LOSE_STARS, 1, Who.EACH_OTHER, NO_POSITION, 2),
    ])
    def test_an_ability_effect_no_clause_says_is_refused(self, effect: Effect) -> None:
        with pytest.raises(ValueError, match="no sentence"):
            render_effect(effect)

    @pytest.mark.parametrize("verb", [Verb.TAKE_TOKYO_CITY, Verb.DISCARD_ALL_CARDS,
                                      Verb.LOSE_ALL_STARS, Verb.LEAVE_TOKYO])
    def test_a_sentence_without_an_amount_refuses_one(self, verb: Verb) -> None:
        with pytest.raises(ValueError, match="takes no amount"):
            render_effect(Effect(verb, 1, Who.YOU, NO_POSITION))

    def test_a_name_no_string_can_hold_is_refused(self) -> None:
        card = CardDef("A\nB", "a-b", 1, CardKind.KEEP, 1, (), NO_POSITION)
        with pytest.raises(ValueError, match="control character"):
            render_card(card)


def _ability(trigger: Trigger, effect: Effect, param: int = 0,
             condition: Condition | None = None, once: bool = False) -> Ability:
    return Ability(trigger, (effect,), NO_POSITION, param, condition, once)


STAR = Effect(Verb.GAIN_STARS, 1, Who.YOU, NO_POSITION)


class TestKeepLines:
    def test_even_bigger_and_urbavore(self) -> None:
        assert render_card(builtin_card_set().definition("even-bigger")) == (
            'card "Even Bigger"\n'
            "  cost 4, keep\n"
            '  alias pl "Jeszcze większy!"\n'
            '  alias cz "Větší než jste čekali"\n'
            "  Your maximum hearts is 2 higher.\n"
            "  When you buy this card, heal 2.\n")
        assert render_card(builtin_card_set().definition("urbavore")) == (
            'card "Urbavore"\n'
            "  cost 4, keep\n"
            '  alias pl "Miastożerny"\n'
            "  While you are in Tokyo, your attacks deal 1 extra damage.\n"
            "  At the start of your turn, if you are in Tokyo, gain 1 star.\n")

    def test_modifiers_come_before_abilities_each_in_file_order(self) -> None:
        card = _parse_one('card "A"\n  cost 1, keep\n  When you attack, heal 1.\n'
                          "  You roll 2 extra dice.\n  At the end of each turn, heal 2.\n"
                          "  Cards cost you 1 energy less.\n")
        assert render_card(card).split("\n")[2:-1] == [
            "  You roll 2 extra dice.", "  Cards cost you 1 energy less.",
            "  When you attack, heal 1.", "  At the end of each turn, heal 2."]

    @pytest.mark.parametrize(("ability", "text"), [
        (_ability(Trigger.BOUGHT, STAR), "When you buy this card, gain 1 star."),
        (_ability(Trigger.START_OF_TURN, STAR), "At the start of your turn, gain 1 star."),
        (_ability(Trigger.END_OF_TURN, STAR), "At the end of your turn, gain 1 star."),
        (_ability(Trigger.END_OF_EACH_TURN, STAR), "At the end of each turn, gain 1 star."),
        (_ability(Trigger.ATTACK, STAR), "When you attack, gain 1 star."),
        (_ability(Trigger.BUY_CARD, STAR), "When you buy another card, gain 1 star."),
        (_ability(Trigger.ELIMINATION, STAR), "When another monster is eliminated, gain 1 star."),
        (_ability(Trigger.SCORE_SET, STAR, 2), "When you score a set of 2s, gain 1 star."),
        (_ability(Trigger.RESOLVE, STAR), "When you resolve your dice, gain 1 star."),
        (_ability(Trigger.LOSE_HEARTS, STAR, 3),
         "When you lose 3 or more hearts at once, gain 1 star."),
        (_ability(Trigger.ATTACK, STAR, once=True), "Once per turn, when you attack, gain 1 star."),
        (_ability(Trigger.END_OF_TURN, STAR, once=True),
         "Once per turn, at the end of your turn, gain 1 star."),
        (_ability(Trigger.END_OF_TURN, STAR, condition=Condition.NO_ENERGY),
         "At the end of your turn, if you have no energy, gain 1 star."),
        (_ability(Trigger.RESOLVE, STAR, condition=Condition.ONE_TWO_THREE, once=True),
         "Once per turn, when you resolve your dice, if they show a 1, a 2 and a 3, "
         "gain 1 star."),
        (_ability(Trigger.ATTACK, Effect(Verb.LOSE_STARS, 2, Who.EACH_OTHER, NO_POSITION)),
         "When you attack, each other monster loses 2 stars."),
        (_ability(Trigger.ATTACK, Effect(Verb.TAKE_DAMAGE, 2, Who.EVERY, NO_POSITION)),
         "When you attack, every monster takes 2 damage."),
        (_ability(Trigger.ATTACK, Effect(Verb.LOSE_ENERGY, 1, Who.EACH_OTHER, NO_POSITION, 3)),
         "When you attack, each other monster loses 1 energy for every 3 energy it has."),
        (_ability(Trigger.BOUGHT, Effect(Verb.TAKE_TOKYO_CITY, 0, Who.YOU, NO_POSITION)),
         "When you buy this card, take control of Tokyo City unless you are in Tokyo."),
        (_ability(Trigger.BOUGHT, Effect(Verb.EXTRA_TURN, 0, Who.YOU, NO_POSITION)),
         "When you buy this card, take another turn after this one."),
        (_ability(Trigger.SCORE_SET, Effect(Verb.EXTRA_TURN, 2, Who.YOU, NO_POSITION), 1),
         "When you score a set of 1s, take another turn after this one with 2 dice fewer."),
        (_ability(Trigger.RESOLVE, Effect(Verb.ADD_ATTACK_DAMAGE, 1, Who.YOU, NO_POSITION)),
         "When you resolve your dice, add 1 damage to your attack even without claws."),
        (_ability(Trigger.YIELD_TOKYO, Effect(Verb.TAKE_DAMAGE, 1, Who.TAKER, NO_POSITION)),
         "When you yield Tokyo, the monster that takes your place takes 1 damage."),
        (Ability(Trigger.WOULD_BE_ELIMINATED, (
            Effect(Verb.DISCARD_ALL_CARDS, 0, Who.YOU, NO_POSITION),
            Effect(Verb.LOSE_ALL_STARS, 0, Who.YOU, NO_POSITION),
            Effect(Verb.SET_HEARTS, 10, Who.YOU, NO_POSITION)), NO_POSITION),
         "When you would be eliminated, instead discard all your cards, lose all your stars "
         "and set your hearts to 10."),
    ])
    def test_each_ability(self, ability: Ability, text: str) -> None:
        assert render_ability(ability) == text

    @pytest.mark.parametrize(("modifier", "text"), [
        (Modifier(ModifierKind.MAX_HEARTS, 2, NO_POSITION), "Your maximum hearts is 2 higher."),
        (Modifier(ModifierKind.EXTRA_DICE, 1, NO_POSITION), "You roll 1 extra die."),
        (Modifier(ModifierKind.EXTRA_DICE, 2, NO_POSITION), "You roll 2 extra dice."),
        (Modifier(ModifierKind.EXTRA_ROLLS, 1, NO_POSITION), "You have 1 extra roll each turn."),
        (Modifier(ModifierKind.EXTRA_ROLLS, 3, NO_POSITION), "You have 3 extra rolls each turn."),
        (Modifier(ModifierKind.CARD_DISCOUNT, 1, NO_POSITION), "Cards cost you 1 energy less."),
        (Modifier(ModifierKind.ATTACK_DAMAGE, 1, NO_POSITION),
         "Your attacks deal 1 extra damage."),
        (Modifier(ModifierKind.ATTACK_DAMAGE, 2, NO_POSITION, Condition.IN_TOKYO),
         "While you are in Tokyo, your attacks deal 2 extra damage."),
        (Modifier(ModifierKind.ATTACK_EVERYONE, 0, NO_POSITION),
         "Your attacks hit every other monster."),
        (Modifier(ModifierKind.EXTRA_ENERGY, 1, NO_POSITION),
         "Whenever you gain energy, gain 1 more energy."),
        (Modifier(ModifierKind.EXTRA_HEALING, 1, NO_POSITION),
         "Whenever you heal yourself, heal 1 more."),
        (Modifier(ModifierKind.IGNORE_SMALL_DAMAGE, 2, NO_POSITION),
         "Damage of exactly 2 does not hurt you."),
        (Modifier(ModifierKind.YIELD_NO_DAMAGE, 0, NO_POSITION),
         "When you yield Tokyo, that attack does not hurt you."),
        (Modifier(ModifierKind.BUY_TOP_CARD, 0, NO_POSITION),
         "You may buy the top card of the deck."),
        (Modifier(ModifierKind.BUY_FROM_OTHERS, 0, NO_POSITION),
         "You may buy keep cards from other monsters, paying them the cost."),
    ])
    def test_each_modifier(self, modifier: Modifier, text: str) -> None:
        assert render_modifier(modifier) == text

    @pytest.mark.parametrize("ability", [
        _ability(Trigger.ATTACK, STAR, param=2),           # a number it cannot take
        Ability(Trigger.ATTACK, (), NO_POSITION),          # no effect
        Ability(Trigger.ATTACK, (STAR, STAR), NO_POSITION),  # two effects
    ])
    def test_an_ability_no_line_says_is_refused(self, ability: Ability) -> None:
        with pytest.raises(ValueError, match=r"takes no number|exactly one"):
            render_ability(ability)

    @pytest.mark.parametrize("modifier", [
        Modifier(ModifierKind.EXTRA_DICE, 1, NO_POSITION, Condition.IN_TOKYO),
        Modifier(ModifierKind.ATTACK_DAMAGE, 1, NO_POSITION, Condition.NO_ENERGY),
        Modifier(ModifierKind.ATTACK_EVERYONE, 1, NO_POSITION),
    ])
    def test_a_modifier_no_line_says_is_refused(self, modifier: Modifier) -> None:
        with pytest.raises(ValueError, match="no modifier line"):
            render_modifier(modifier)


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

    @pytest.mark.parametrize("slug", ["gas-refinery", "urbavore", "even-bigger"])
    def test_strip_positions_clears_every_position(self, slug: str) -> None:
        card = builtin_card_set().definition(slug)
        stripped = strip_positions(card)
        assert stripped.position == NO_POSITION
        assert {a.position for a in stripped.aliases} <= {NO_POSITION}
        assert {e.position for e in stripped.effects} <= {NO_POSITION}
        assert {m.position for m in stripped.modifiers} <= {NO_POSITION}
        assert {p.position for a in stripped.abilities for p in (a, *a.effects)} <= {NO_POSITION}
        assert stripped != card
        assert strip_positions(stripped) == stripped


# --- Generated cards ------------------------------------------------------------------

# The generated cards are King of Tokyo's: the words only Duel's cards say are left out
# (Duel's cards are checked in tests/language/test_duel_cards_damage.py).
def _kot(table: dict[Any, Any]) -> list[Any]:
    return [member for member, word in table.items() if "king-of-tokyo" in word.games]


KOT_TRIGGERS = _kot(TRIGGERS_TABLE)
KOT_CONDITIONS = _kot(CONDITIONS_TABLE)
KOT_MODIFIERS = _kot(MODIFIERS_TABLE)

SAYABLE = [(Verb.GAIN_STARS, Who.YOU), (Verb.GAIN_ENERGY, Who.YOU), (Verb.HEAL, Who.YOU),
           (Verb.TAKE_DAMAGE, Who.YOU), (Verb.TAKE_DAMAGE, Who.EACH_OTHER),
           (Verb.TAKE_DAMAGE, Who.EVERY), (Verb.LOSE_STARS, Who.EACH_OTHER),
           (Verb.LOSE_ENERGY, Who.EACH_OTHER)]

names = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7e), min_size=1,
                max_size=30).filter(lambda n: bool(n.strip()) and bool(slugify(n)))
alias_names = st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1,
                      max_size=20).filter(lambda n: bool(n.strip()))
amounts = st.integers(min_value=1, max_value=99)
# Sentences with an amount, the energy loss counted per energy held, and the two
# sentences without an amount.
effects = st.one_of(
    st.builds(lambda verb_who, amount: Effect(verb_who[0], amount, verb_who[1], NO_POSITION),
              st.sampled_from(SAYABLE), amounts),
    st.builds(lambda amount, per: Effect(Verb.LOSE_ENERGY, amount, Who.EACH_OTHER,
                                         NO_POSITION, per), amounts, amounts),
    st.sampled_from([Effect(Verb.TAKE_TOKYO_CITY, 0, Who.YOU, NO_POSITION),
                     Effect(Verb.EXTRA_TURN, 0, Who.YOU, NO_POSITION)]),
    st.builds(lambda amount: Effect(Verb.EXTRA_TURN, amount, Who.YOU, NO_POSITION), amounts),
)
# The clauses a replacement line lists (and any ability may say).
replacement_clauses = st.one_of(
    st.sampled_from([Effect(v, 0, Who.YOU, NO_POSITION) for v in (
        Verb.DISCARD_ALL_CARDS, Verb.LOSE_ALL_STARS, Verb.LEAVE_TOKYO)]),
    st.builds(lambda amount: Effect(Verb.SET_HEARTS, amount, Who.YOU, NO_POSITION), amounts),
)
# An ability's clause also says two forms of its own.
clauses = st.one_of(
    effects,
    st.builds(lambda amount, per: Effect(Verb.GAIN_STARS, amount, Who.YOU, NO_POSITION, per),
              amounts, amounts),
    st.builds(lambda amount: Effect(Verb.TAKE_DAMAGE, amount, Who.NEIGHBOURS, NO_POSITION),
              amounts),
    replacement_clauses,
)


# King of Tokyo's words only: these cards are parsed as King of Tokyo's.


@st.composite
def abilities(draw: st.DrawFn) -> Ability:
    trigger = draw(st.sampled_from(KOT_TRIGGERS))
    if trigger is Trigger.WOULD_BE_ELIMINATED:  # `instead a, b and c`, nothing else
        listed = draw(st.lists(replacement_clauses, min_size=1, max_size=4))
        return Ability(trigger, tuple(listed), NO_POSITION)
    special = []  # the clauses only some triggers take
    if trigger in (Trigger.RESOLVE, Trigger.SCORE_SET):
        special.append(st.builds(
            lambda amount: Effect(Verb.ADD_ATTACK_DAMAGE, amount, Who.YOU, NO_POSITION), amounts))
    if trigger is Trigger.YIELD_TOKYO:
        special.append(st.builds(
            lambda amount: Effect(Verb.TAKE_DAMAGE, amount, Who.TAKER, NO_POSITION), amounts))
    param = (draw(st.integers(min_value=1, max_value=3)) if trigger is Trigger.SCORE_SET
             else draw(amounts) if trigger is Trigger.LOSE_HEARTS else 0)
    conditions = KOT_CONDITIONS if trigger is Trigger.RESOLVE else [
        c for c in KOT_CONDITIONS if c not in (Condition.EVERY_FACE, Condition.ONE_TWO_THREE)]
    condition = draw(st.none() | st.sampled_from(conditions))
    clause = draw(st.one_of(clauses, *special,
                            st.just(Effect(Verb.SELL_CARDS, 0, Who.YOU, NO_POSITION))))
    if trigger is Trigger.OTHER_FINISHED_ROLLING and draw(st.booleans()):
        # Another monster's dice: only this trigger shows them (KOT222 elsewhere).
        clause = Effect(Verb.REROLL_OTHERS_DIE, draw(st.integers(0, 1)), Who.YOU, NO_POSITION)
    return Ability(trigger, (clause,), NO_POSITION, param, condition, draw(st.booleans()))


@st.composite
def activated_abilities(draw: st.DrawFn) -> Activated:
    verb = draw(st.sampled_from([Verb.EXTRA_ROLL, Verb.SET_DIE, Verb.REROLL_FACE, Verb.PROTECT,
                                 Verb.HEAL]))
    amount = {Verb.EXTRA_ROLL: 1, Verb.PROTECT: 0}.get(verb)
    if amount is None:
        amount = (draw(amounts) if verb is Verb.HEAL
                  else draw(st.integers(0 if verb is Verb.SET_DIE else 1, 3)))
    return Activated(Effect(verb, amount, Who.YOU, NO_POSITION), NO_POSITION,
                     draw(st.integers(0, 99)), draw(st.booleans()), draw(st.booleans()))


@st.composite
def modifiers(draw: st.DrawFn) -> Modifier:
    kind = draw(st.sampled_from(KOT_MODIFIERS))
    if kind in (ModifierKind.ATTACK_EVERYONE, ModifierKind.YIELD_NO_DAMAGE,
                ModifierKind.BUY_TOP_CARD, ModifierKind.BUY_FROM_OTHERS,
                ModifierKind.BUY_REVEALED):
        return Modifier(kind, 0, NO_POSITION)
    condition = (draw(st.none() | st.just(Condition.IN_TOKYO))
                 if kind is ModifierKind.ATTACK_DAMAGE else None)
    sign = -1 if kind is ModifierKind.MAX_HEARTS and draw(st.booleans()) else 1  # `N lower`
    return Modifier(kind, sign * draw(amounts), NO_POSITION, condition)


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
        # A discard card says effects (KOT216 without one, KOT217 with an ability or
        # modifier); a keep card says abilities and modifiers (KOT215 with an effect).
        effects=tuple(draw(st.lists(effects, max_size=4))) if kind is CardKind.DISCARD else (),
        abilities=(tuple(draw(st.lists(abilities(), max_size=4)))
                   if kind is CardKind.KEEP else ()),
        modifiers=(tuple(draw(st.lists(modifiers(), max_size=4)))
                   if kind is CardKind.KEEP else ()),
        activated=(tuple(draw(st.lists(activated_abilities(), max_size=3)))
                   if kind is CardKind.KEEP else ()),
    )


@settings(max_examples=300, deadline=None)
@given(cards())
def test_generated_cards_round_trip(card: CardDef) -> None:
    text = render_card(card)
    again = _parse_one(text)
    assert strip_positions(again) == card
    assert render_card(again) == text


@settings(max_examples=200, deadline=None)
@given(st.lists(abilities(), min_size=1, max_size=3), st.lists(modifiers(), max_size=3))
def test_generated_keep_lines_round_trip_without_warnings(
        ability_list: list[Ability], modifier_list: list[Modifier]) -> None:
    card = CardDef("A", "a", 3, CardKind.KEEP, 1, (), NO_POSITION,
                   abilities=tuple(ability_list), modifiers=tuple(modifier_list))
    cards, diagnostics = parse_text(render_card(card), "rendered.kot")
    assert diagnostics == []  # canonical text agrees with its amounts: no KOT214
    assert [strip_positions(c) for c in cards] == [card]


def test_positions_of_a_rendered_card() -> None:
    card = _parse_one(render_card(builtin_card_set().definition("tanks")))
    assert card.position == Position("rendered.kot", 1, 1)
    assert [(e.position.line, e.position.column) for e in card.effects] == [(3, 3), (4, 3)]
