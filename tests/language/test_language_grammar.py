"""The grammar file: builds strictly, names every terminal, and reads the layout it promises."""

from __future__ import annotations

import re

import pytest
from lark import Lark
from lark.exceptions import UnexpectedInput

from kot_rules.language import (
    Ability,
    CardKind,
    Condition,
    Effect,
    Modifier,
    ModifierKind,
    Position,
    Trigger,
    Verb,
    Who,
    parse_text,
)
from kot_rules.language.explain import _EXAMPLES, _KEYWORDS, _match_example
from kot_rules.language.grammar import CardIndenter, card_parser, grammar_text
from kot_rules.paths import grammar_dir

EXAMPLE = """\
# comment
card "Even Bigger"
  cost 4, keep
  alias pl "Jeszcze większy!"
  alias cz "Větší, než jste čekali"

card "Extra Head"
  cost 7, keep, copies 2
"""


class TestGrammarBuild:
    def test_builds_in_strict_lalr_mode(self) -> None:
        # Strict mode needs the optional `interegular` package (lark[interegular]);
        # without it the parser silently builds non-strict, so fail loudly here.
        try:
            import interegular  # noqa: F401
        except ImportError:  # pragma: no cover
            pytest.fail("strict mode needs `interegular`: depend on lark[interegular]")
        parser = Lark(grammar_text(), parser="lalr", strict=True, propagate_positions=True,
                      postlex=CardIndenter(), import_paths=[str(grammar_dir())])
        assert parser.parse("\n" + EXAMPLE) is not None

    def test_every_terminal_is_named(self) -> None:
        names = [t.name for t in card_parser().terminals]
        assert names
        assert not [n for n in names if n.startswith("__ANON")]

    def test_the_parser_is_built_once(self) -> None:
        assert card_parser() is card_parser()


class TestLayout:
    def test_the_brief_example(self) -> None:
        cards, diagnostics = parse_text(EXAMPLE, "x.kot")
        assert diagnostics == []
        bigger, head = cards
        assert (bigger.name, bigger.cost, bigger.kind, bigger.copies) == (
            "Even Bigger", 4, CardKind.KEEP, 1)
        assert [(a.language, a.name) for a in bigger.aliases] == [
            ("pl", "Jeszcze większy!"), ("cz", "Větší, než jste čekali")]
        assert (head.slug, head.copies) == ("extra-head", 2)
        assert (bigger.position.line, bigger.position.column) == (2, 1)
        assert (bigger.aliases[1].position.line, bigger.aliases[1].position.column) == (5, 3)

    @pytest.mark.parametrize("text", [
        'card "A"\n  cost 1, discard\n  Heal 1.',                  # no final newline
        'card "A"\r\n  cost 1, discard\r\n  Heal 1.\r\n',          # CRLF
        'card "A"\n\tcost 1, discard\n\tHeal 1.\n',                # tab indentation
        'card "A"\n      cost 1 ,  discard   # trailing comment\n      Heal  1 .  # c\n\n\n',
        '\n\n# a\n   # b\ncard "A"  # c\n  # d\n\n  cost 1, discard\n  # e\n  Heal 1.\n',
        'card "A"\n  cost 1, discard\n  Heal 1.\n   \n',          # whitespace-only last line
        'card "A"\n  Heal 1.\n  cost 1, discard\n',               # effects before the cost
    ])
    def test_layout_variants(self, text: str) -> None:
        cards, diagnostics = parse_text(text, "x.kot")
        assert diagnostics == []
        assert [(c.name, c.cost, c.kind) for c in cards] == [("A", 1, CardKind.DISCARD)]
        assert [(e.verb, e.amount, e.who) for e in cards[0].effects] == [(Verb.HEAL, 1, Who.YOU)]

    def test_string_escapes(self) -> None:
        cards, diagnostics = parse_text('card "Say \\"Hi\\" \\\\ bye"\n  cost 0, keep\n', "x")
        assert diagnostics == []
        assert cards[0].name == 'Say "Hi" \\ bye'

    def test_lines_in_any_order_and_leading_zeros(self) -> None:
        cards, diagnostics = parse_text('card "A"\n  alias pl "B"\n  cost 007, keep\n', "x")
        assert diagnostics == []
        assert cards[0].cost == 7
        assert cards[0].aliases[0].name == "B"

    def test_positions_after_a_broken_card(self) -> None:
        text = 'card "A"\n  cost x, keep\n\ncard "B"\n  cost 2, keep\n'
        cards, diagnostics = parse_text(text, "x")
        assert [c.name for c in cards] == ["B"]
        assert cards[0].position.line == 4
        assert [(d.code, d.line) for d in diagnostics] == [("KOT102", 2)]


class TestEffectSentences:
    @pytest.mark.parametrize(("sentence", "verb", "amount", "who"), [
        ("Gain 1 star.", Verb.GAIN_STARS, 1, Who.YOU),
        ("Gain 2 stars.", Verb.GAIN_STARS, 2, Who.YOU),
        ("Gain 9 energy.", Verb.GAIN_ENERGY, 9, Who.YOU),
        ("Gain 1 energy.", Verb.GAIN_ENERGY, 1, Who.YOU),
        ("Heal 2.", Verb.HEAL, 2, Who.YOU),
        ("Take 3 damage.", Verb.TAKE_DAMAGE, 3, Who.YOU),
        ("Each other monster takes 2 damage.", Verb.TAKE_DAMAGE, 2, Who.EACH_OTHER),
        ("Every monster takes 3 damage.", Verb.TAKE_DAMAGE, 3, Who.EVERY),
        ("Each other monster loses 5 stars.", Verb.LOSE_STARS, 5, Who.EACH_OTHER),
        ("Each other monster loses 1 star.", Verb.LOSE_STARS, 1, Who.EACH_OTHER),
        ("Take 99 damage.", Verb.TAKE_DAMAGE, 99, Who.YOU),
        ("Gain 002 stars.", Verb.GAIN_STARS, 2, Who.YOU),   # leading zeros, like costs
        ("Each other monster loses 1 energy.", Verb.LOSE_ENERGY, 1, Who.EACH_OTHER),
        ("Take control of Tokyo City unless you are in Tokyo.", Verb.TAKE_TOKYO_CITY, 0,
         Who.YOU),
        ("Take another turn after this one.", Verb.EXTRA_TURN, 0, Who.YOU),
    ])
    def test_each_sentence(self, sentence: str, verb: Verb, amount: int, who: Who) -> None:
        cards, diagnostics = parse_text(f'card "A"\n  cost 3, discard\n  {sentence}\n', "x")
        assert diagnostics == []
        assert cards[0].effects == (Effect(verb, amount, who, Position("x", 3, 3)),)

    def test_energy_lost_for_every_n_energy_held(self) -> None:
        text = ('card "A"\n  cost 3, discard\n'
                '  Each other monster loses 1 energy for every 2 energy it has.\n')
        cards, diagnostics = parse_text(text, "x")
        assert diagnostics == []
        assert cards[0].effects == (
            Effect(Verb.LOSE_ENERGY, 1, Who.EACH_OTHER, Position("x", 3, 3), 2),)

    @pytest.mark.parametrize(("clause", "effect"), [
        ("each other monster loses 2 energy for every 3 energy it has",
         Effect(Verb.LOSE_ENERGY, 2, Who.EACH_OTHER, Position("x", 3, 20), 3)),
        ("take control of Tokyo City unless you are in Tokyo",
         Effect(Verb.TAKE_TOKYO_CITY, 0, Who.YOU, Position("x", 3, 20))),
        ("take another turn after this one",
         Effect(Verb.EXTRA_TURN, 0, Who.YOU, Position("x", 3, 20))),
    ])
    def test_the_new_sentences_as_an_ability_clause(self, clause: str, effect: Effect) -> None:
        cards, diagnostics = parse_text(f'card "A"\n  cost 3, keep\n  When you attack, {clause}.\n',
                                        "x")
        assert diagnostics == []
        assert cards[0].abilities[0].effects == (effect,)

    def test_several_sentences_on_a_line_and_file_order(self) -> None:
        text = ('card "A"\n  cost 3, discard\n  Gain 2 stars. Take 3 damage.\n'
                '  alias pl "B"\n  Heal 1.Every monster takes 1 damage.\n')
        cards, diagnostics = parse_text(text, "x")
        assert diagnostics == []
        assert [(e.verb, e.amount, e.who, e.position.line, e.position.column)
                for e in cards[0].effects] == [
            (Verb.GAIN_STARS, 2, Who.YOU, 3, 3), (Verb.TAKE_DAMAGE, 3, Who.YOU, 3, 17),
            (Verb.HEAL, 1, Who.YOU, 5, 3), (Verb.TAKE_DAMAGE, 1, Who.EVERY, 5, 10)]

    def test_a_card_without_effects_has_an_empty_tuple(self) -> None:
        cards, _ = parse_text('card "A"\n  cost 3, keep\n', "x")
        assert cards[0].effects == ()

    @pytest.mark.parametrize("sentence", [
        "gain 2 stars.", "GAIN 2 stars.", "Gain 2 Stars.", "Heal 2", "Take damage.",
        "Each Other monster takes 2 damage.", "every monster takes 3 damage.",
        "Each other monster take 2 damage.", "Every monster loses 2 stars.",
        "Heal 2 hearts.", "Gain 2 stars and take 3 damage.",
        "Take control of tokyo City unless you are in Tokyo.", "Take Another turn after this one.",
        "Each other monster loses 1 Energy for every 2 energy it has.",
    ])
    def test_keywords_are_case_sensitive_and_sentences_fixed(self, sentence: str) -> None:
        cards, diagnostics = parse_text(f'card "A"\n  cost 3, discard\n  {sentence}\n', "x")
        assert cards == []
        assert [d.code[:4] for d in diagnostics] == ["KOT1"]

    def test_the_grammar_has_no_anonymous_effect_words(self) -> None:
        names = {t.name for t in card_parser().terminals}
        assert {"GAIN", "HEAL", "TAKE", "EACH", "EVERY", "OTHER", "MONSTER", "TAKES", "LOSES",
                "STAR", "STARS", "ENERGY", "DAMAGE", "PERIOD"} <= names


K = 'card "A"\n  cost 3, keep\n'


def _star(column: int, amount: int = 1, per: int = 0) -> Effect:
    return Effect(Verb.GAIN_STARS, amount, Who.YOU, Position("x", 3, column), per)


class TestKeepLines:
    @pytest.mark.parametrize(("line", "ability"), [
        ("When you buy this card, heal 2.", Ability(
            Trigger.BOUGHT, (Effect(Verb.HEAL, 2, Who.YOU, Position("x", 3, 27)),),
            Position("x", 3, 3))),
        ("At the start of your turn, gain 1 star.",
         Ability(Trigger.START_OF_TURN, (_star(30),), Position("x", 3, 3))),
        ("At the end of your turn, gain 1 star for every 6 energy you have.",
         Ability(Trigger.END_OF_TURN, (_star(28, per=6),), Position("x", 3, 3))),
        ("At the end of each turn, gain 1 star.",
         Ability(Trigger.END_OF_EACH_TURN, (_star(28),), Position("x", 3, 3))),
        ("When you attack, gain 1 star.", Ability(Trigger.ATTACK, (_star(20),),
                                                   Position("x", 3, 3))),
        ("When you buy another card, gain 1 star.",
         Ability(Trigger.BUY_CARD, (_star(30),), Position("x", 3, 3))),
        ("When another monster is eliminated, gain 3 stars.",
         Ability(Trigger.ELIMINATION, (_star(39, 3),), Position("x", 3, 3))),
        ("When you score a set of 3s, gain 2 stars.",
         Ability(Trigger.SCORE_SET, (_star(31, 2),), Position("x", 3, 3), param=3)),
        ("When you resolve your dice, if they show every face, gain 9 stars.",
         Ability(Trigger.RESOLVE, (_star(56, 9),), Position("x", 3, 3),
                 condition=Condition.EVERY_FACE)),
        ("When you resolve your dice, if they show a 1, a 2 and a 3, gain 2 stars.",
         Ability(Trigger.RESOLVE, (_star(62, 2),), Position("x", 3, 3),
                 condition=Condition.ONE_TWO_THREE)),
        ("When you lose 12 or more hearts at once, gain 1 energy.",
         Ability(Trigger.LOSE_HEARTS, (Effect(Verb.GAIN_ENERGY, 1, Who.YOU,
                                              Position("x", 3, 44)),),
                 Position("x", 3, 3), param=12)),
        ("Once per turn, when you attack, if you are in Tokyo, each of your neighbours takes "
         "2 damage.",
         Ability(Trigger.ATTACK, (Effect(Verb.TAKE_DAMAGE, 2, Who.NEIGHBOURS,
                                         Position("x", 3, 56)),),
                 Position("x", 3, 3), condition=Condition.IN_TOKYO, once_per_turn=True)),
        ("Once per turn, at the end of your turn, if you have the fewest stars, take 1 damage.",
         Ability(Trigger.END_OF_TURN, (Effect(Verb.TAKE_DAMAGE, 1, Who.YOU,
                                              Position("x", 3, 73)),),
                 Position("x", 3, 3), condition=Condition.FEWEST_STARS, once_per_turn=True)),
        ("At the end of your turn, if you dealt no damage this turn, every monster takes "
         "1 damage.",
         Ability(Trigger.END_OF_TURN, (Effect(Verb.TAKE_DAMAGE, 1, Who.EVERY,
                                              Position("x", 3, 62)),),
                 Position("x", 3, 3), condition=Condition.DEALT_NO_DAMAGE)),
        ("When you attack, if you have no energy, each other monster loses 2 stars.",
         Ability(Trigger.ATTACK, (Effect(Verb.LOSE_STARS, 2, Who.EACH_OTHER,
                                         Position("x", 3, 43)),),
                 Position("x", 3, 3), condition=Condition.NO_ENERGY)),
        ("When you attack, each other monster takes 1 damage.",
         Ability(Trigger.ATTACK, (Effect(Verb.TAKE_DAMAGE, 1, Who.EACH_OTHER,
                                         Position("x", 3, 20)),), Position("x", 3, 3))),
    ])
    def test_each_ability(self, line: str, ability: Ability) -> None:
        cards, diagnostics = parse_text(f"{K}  {line}\n", "x")
        assert diagnostics == []
        assert cards[0].abilities == (ability,)

    @pytest.mark.parametrize(("line", "kind", "amount", "condition"), [
        ("Your maximum hearts is 2 higher.", ModifierKind.MAX_HEARTS, 2, None),
        ("You roll 1 extra die.", ModifierKind.EXTRA_DICE, 1, None),
        ("You roll 2 extra dice.", ModifierKind.EXTRA_DICE, 2, None),
        ("You have 1 extra roll each turn.", ModifierKind.EXTRA_ROLLS, 1, None),
        ("You have 2 extra rolls each turn.", ModifierKind.EXTRA_ROLLS, 2, None),
        ("Cards cost you 1 energy less.", ModifierKind.CARD_DISCOUNT, 1, None),
        ("Your attacks deal 1 extra damage.", ModifierKind.ATTACK_DAMAGE, 1, None),
        ("While you are in Tokyo, your attacks deal 3 extra damage.",
         ModifierKind.ATTACK_DAMAGE, 3, Condition.IN_TOKYO),
        ("Your attacks hit every other monster.", ModifierKind.ATTACK_EVERYONE, 0, None),
        ("Whenever you gain energy, gain 1 more energy.", ModifierKind.EXTRA_ENERGY, 1, None),
        ("Whenever you heal yourself, heal 1 more.", ModifierKind.EXTRA_HEALING, 1, None),
        ("Damage of exactly 1 does not hurt you.", ModifierKind.IGNORE_SMALL_DAMAGE, 1, None),
    ])
    def test_each_modifier(self, line: str, kind: ModifierKind, amount: int,
                           condition: Condition | None) -> None:
        cards, diagnostics = parse_text(f"{K}  {line}\n", "x")
        assert diagnostics == []
        assert cards[0].modifiers == (Modifier(kind, amount, Position("x", 3, 3), condition),)

    def test_lines_in_any_order_and_kept_in_file_order(self) -> None:
        text = (K + "  When you attack, gain 1 star.\n  You roll 1 extra die.\n"
                '  alias pl "B"\n  When you buy this card, heal 2.\n'
                "  Cards cost you 2 energy less.\n")
        cards, diagnostics = parse_text(text, "x")
        assert diagnostics == []
        assert [a.trigger for a in cards[0].abilities] == [Trigger.ATTACK, Trigger.BOUGHT]
        assert [m.kind for m in cards[0].modifiers] == [ModifierKind.EXTRA_DICE,
                                                        ModifierKind.CARD_DISCOUNT]

    @pytest.mark.parametrize("line", [
        "when you attack, gain 1 star.", "When you attack, Gain 1 star.",
        "When you attack gain 1 star.", "When you attack, gain 1 star",
        "Once per turn, When you attack, gain 1 star.", "When you score a set of 1, gain 1 star.",
        "When you attack, each of your neighbors takes 1 damage.",
        "When you attack, gain 1 energy for every 6 energy you have.",
        "When you attack, gain 1 star. When you buy this card, heal 1.",
        "Gain 1 star. When you attack, gain 1 star.", "At the end of turn, gain 1 star.",
        "When you attack, if you are in tokyo, gain 1 star.", "your attacks deal 1 extra damage.",
        "While you are in Tokyo, you roll 1 extra die.", "Your attacks hit every other monster",
        "Gain 1 star for every 6 energy you have.", "Each of your neighbours takes 1 damage.",
        "When you resolve your dice, if they show a 1, a 2, and a 3, gain 2 stars.",
    ])
    def test_keywords_are_case_sensitive_and_lines_fixed(self, line: str) -> None:
        cards, diagnostics = parse_text(f"{K}  {line}\n", "x")
        assert cards == []
        assert [d.code[:4] for d in diagnostics] == ["KOT1"]

    def test_every_string_terminal_is_in_the_keyword_table(self) -> None:
        """The parser names each keyword in messages; the table must follow the grammar."""
        text = "\n".join(p.read_text(encoding="utf-8") for p in grammar_dir().glob("*.lark"))
        strings = dict(re.findall(r'^([A-Z_0-9]+)(?:\.-?\d+)?: "([^"]+)"$', text, re.MULTILINE))
        del strings["COMMA"], strings["PERIOD"]
        assert strings == _KEYWORDS


class TestErrorExamples:
    @pytest.mark.parametrize(("label", "example"),
                             [(label, ex) for label, exs in _EXAMPLES.items() for ex in exs])
    def test_each_example_fails_and_matches_its_own_label(self, label: str, example: str) -> None:
        with pytest.raises(UnexpectedInput) as raised:
            card_parser().parse(example)
        assert _match_example(raised.value) == label

    def test_the_effect_examples_are_in_the_table(self) -> None:
        assert {"missing_period", "missing_amount", "unknown_resource", "bad_who"} <= set(_EXAMPLES)

    def test_the_keep_line_examples_are_in_the_table(self) -> None:
        assert {"missing_comma", "unknown_trigger", "unknown_condition", "unknown_modifier",
                "bad_clause"} <= set(_EXAMPLES)
