"""One negative test per diagnostic code, pinning code, line, column and message."""

from __future__ import annotations

from pathlib import Path

import pytest

from kot_rules.language import CODES, check_paths, parse_text
from kot_rules.language.diagnostics import WARNING_CODES
from kot_rules.language.parser import MAX_BYTES, MAX_DIAGNOSTICS, decode_card_bytes

D = 'card "A"\n  cost 3, discard\n'  # a discard card, before its effect lines
K = 'card "A"\n  cost 3, keep\n'  # a keep card, before its modifier and ability lines

# (code, file text, line, column, message fragment). Each text has one problem.
TEXT_CASES: list[tuple[str, str, int, int, str]] = [
    ("KOT102", 'card "A"\n  cost x, keep\n', 2, 8,
     "cost must be a whole number from 0 to 99, got 'x'"),
    ("KOT102", 'card "A"\n  cost -1, keep\n', 2, 8, "got '-1'"),
    ("KOT102", 'card "A"\n  cost 4.5, keep\n', 2, 8, "got '4.5'"),
    ("KOT102", 'card "A"\n  cost 4x, keep\n', 2, 8, "got '4x'"),
    ("KOT102", 'card "A"\n  cost 7, keep, copies two\n', 2, 24,
     "copies must be a whole number from 1 to 99, got 'two'"),
    ("KOT103", 'card "A"\n  cost 4 keep\n', 2, 10,
     "expected ',' between the cost and the card type"),
    ("KOT103", 'card "A"\n  cost 7, keep copies 2\n', 2, 16,
     "expected ',' between the card type and 'copies'"),
    ("KOT104", 'card "A"\n  cost 4, kept\n', 2, 11,
     "unknown card type 'kept'; did you mean 'keep'?"),
    ("KOT104", 'card "A"\n  cost 4, Discard\n', 2, 11, "did you mean 'discard'?"),
    ("KOT104", 'card "A"\n  cost 4, keeps\n', 2, 11, "unknown card type 'keeps'"),
    ("KOT105", 'card "Even Bigger\n  cost 4, keep\n', 1, 6, "no closing quote"),
    ("KOT105", 'card "A\\nB"\n  cost 4, keep\n', 1, 8, "unknown escape '\\n'"),
    ("KOT105", 'card "A\x07"\n  cost 4, keep\n', 1, 8, "control character '\\x07'"),
    ("KOT106", "card Even Bigger\n  cost 4, keep\n", 1, 6,
     "the card name must be in double quotes, got 'Even'"),
    ("KOT106", 'card "A"\n  cost 4, keep\n  alias pl Potwor\n', 3, 12,
     "the alias name must be in double quotes"),
    ("KOT107", 'card "A"\ncost 4, keep\n', 2, 1, "'cost' must be indented under its `card` line"),
    ("KOT107", 'card "A"\n  cost 4, keep\n      alias pl "B"\n', 3, 7,
     "indented more than the line above"),
    ("KOT107", 'card "A"\n    cost 4, keep\n  alias pl "B"\n', 3, 3,
     "indentation matches no line above"),
    ("KOT107", 'card "A"\n  cost 4, keep\n  card "B"\n', 3, 3,
     "a `card` line must start at the beginning of the line"),
    ("KOT108", 'card "A"\n  cots 4, keep\n', 2, 3, "got 'cots'; did you mean 'cost'?"),
    ("KOT108", 'cost 4, keep\n', 1, 1, "expected a `card \"NAME\"` line, got 'cost'"),
    ("KOT108", 'cards "A"\n  cost 4, keep\n', 1, 1, "unknown word 'cards'; did you mean 'card'?"),
    ("KOT109", 'card "A"\n  cost 4,\n', 2, 10,
     "the line ends too early: expected 'discard' or 'keep'"),
    ("KOT109", "card\n", 1, 5, "the line ends too early: expected a name in double quotes"),
    ("KOT109", 'card "A"\n  alias pl\n', 2, 11, "expected a name in double quotes"),
    ("KOT110", 'card "A"\n  cost 4, keep\x00\n', 2, 15, "unexpected character '\\x00'"),
    ("KOT110", '\ufeffcard "A"\n', 1, 1, "unexpected character '\\ufeff'"),
    ("KOT111", 'card "A" keep\n  cost 4, keep\n', 1, 10,
     "expected the end of the line, got 'keep'"),
    ("KOT111", 'card "A"\n  cost 4, keep, copy 2\n', 2, 17,
     "expected 'copies' after ',', got 'copy'"),
    ("KOT108", D + "  Gains 2 stars.\n", 3, 3, "unknown word 'Gains'; did you mean 'Gain'?"),
    ("KOT108", D + "  gain 2 stars.\n", 3, 3,
     "an effect sentence starts with a capital letter: write 'Gain', not 'gain'"),
    ("KOT108", D + "  Gian 2 stars.\n", 3, 3, "got 'Gian'; did you mean 'Gain'?"),
    ("KOT109", D + "  Each other monster\n", 3, 21,
     "the line ends too early: expected 'loses' or 'takes'"),
    ("KOT111", D + "  Each monster takes 2 damage.\n", 3, 8,
     "expected 'other' after 'Each', got 'monster'"),
    ("KOT111", D + "  Every monster loses 2 stars.\n", 3, 17,
     "'Every monster' can only take damage, got 'loses'"),
    ("KOT111", D + "  Each other monster take 2 damage.\n", 3, 22,
     "expected 'loses' or 'takes', got 'take'; did you mean 'takes'?"),
    ("KOT111", D + "  Heal 2. foo\n", 3, 11,
     "expected the end of the line or an effect sentence ('Gain', 'Heal', 'Take', 'Each', "
     "'Every'), got 'foo'"),
    ("KOT113", D + "  Gain 2 stars\n", 3, 15, "the sentence does not end with a period"),
    ("KOT113", D + "  Each other monster loses 1 energy\n", 3, 36,
     "the sentence does not end with a period"),
    ("KOT113", D + "  Take another turn after this one\n", 3, 35,
     "the sentence does not end with a period"),
    ("KOT111", D + "  Take control of Tokyo.\n", 3, 24, "expected 'City', got '.'"),
    ("KOT111", D + "  Take another turn.\n", 3, 20, "expected 'after', got '.'"),
    ("KOT111", D + "  Each other monster loses 1 energy for every 2 energy you have.\n", 3, 56,
     "expected 'it', got 'you'"),
    ("KOT115", D + "  Take one damage.\n", 3, 8,
     "an amount must be a whole number from 1 to 99, got 'one'"),
    ("KOT113", D + "  Gain 2 stars Take 3 damage.\n", 3, 16,
     "expected '.' before 'Take': each sentence ends with a period"),
    ("KOT113", D + "  Gain 2 stars and take 3 damage.\n", 3, 16,
     "expected '.' at the end of the sentence, got 'and'"),
    ("KOT114", D + "  Gain 2 points.\n", 3, 10, "unknown resource 'points'; did you mean 'stars'?"),
    ("KOT114", D + "  Gain 1 point.\n", 3, 10, "unknown resource 'point'; did you mean 'star'?"),
    ("KOT114", D + "  Gain 3 enrgy.\n", 3, 10, "unknown resource 'enrgy'; did you mean 'energy'?"),
    ("KOT114", D + "  Gain 2 hearts.\n", 3, 10,
     "unknown resource 'hearts' for 'Gain': hearts come back by healing"),
    ("KOT114", D + "  Gain 2.\n", 3, 9,
     "the sentence names no resource: expected 'energy', 'star' or 'stars' after the amount"),
    ("KOT114", D + "  Take 3 dmg.\n", 3, 10, "unknown resource 'dmg'; did you mean 'damage'?"),
    ("KOT114", D + "  Gain 2 starz.\n", 3, 10, "unknown resource 'starz'; did you mean 'stars'?"),
    ("KOT114", D + "  Heal 2 hearts.\n", 3, 10, "`Heal N.` names no resource (it heals hearts)"),
    ("KOT114", D + "  Each other monster loses 2 damage.\n", 3, 30,
     "'damage' cannot follow 'Each other monster loses 2': expected 'energy', 'star' or "
     "'stars'"),
    ("KOT115", D + "  Take damage.\n", 3, 8,
     "the sentence has no amount: expected a number after 'Take'"),
    ("KOT115", D + "  Heal.\n", 3, 7, "the sentence has no amount: expected a number after 'Heal'"),
    ("KOT115", D + "  Each other monster loses stars.\n", 3, 28,
     "the sentence has no amount: expected a number after 'Each other monster loses'"),
    ("KOT115", D + "  Take two damage.\n", 3, 8,
     "an amount must be a whole number from 1 to 99, got 'two'"),
    ("KOT115", D + "  Heal 2.5.\n", 3, 8,
     "an amount must be a whole number from 1 to 99, got '2.5'"),
    ("KOT115", D + "  Gain 2.5 stars.\n", 3, 8, "got '2.5'"),
    ("KOT115", D + "  Take -1 damage.\n", 3, 8, "got '-1'"),
    ("KOT202", 'card "A"\n  cost 100, keep\n', 2, 8, "cost must be from 0 to 99, got 100"),
    ("KOT202", 'card "A"\n  cost 99999999999999999999999, keep\n', 2, 8, "cost must be from 0"),
    ("KOT203", 'card "A"\n  cost 7, keep, copies 0\n', 2, 24, "copies must be from 1 to 99, got 0"),
    ("KOT204", 'card "A"\n  cost 4, keep\n  alias de "B"\n', 3, 9,
     "unknown alias language 'de'; use pl or cz"),
    ("KOT204", 'card "A"\n  cost 4, keep\n  alias pol "B"\n', 3, 9, "unknown alias language 'pol'"),
    ("KOT205", 'card "A"\n  cost 4, keep\n  alias pl "Bę"\n  alias pl "BĘ"\n', 4, 12,
     "alias pl 'BĘ' is already given at line 3"),
    ("KOT206", 'card " "\n  cost 4, keep\n', 1, 6, "the card name is empty"),
    ("KOT206", 'card "A"\n  cost 4, keep\n  alias cz ""\n', 3, 12, "the alias name is empty"),
    ("KOT207", 'card "?!"\n  cost 4, keep\n', 1, 6, "has no letter or digit"),
    ("KOT208", 'card "Jeszcze większy!"\n  cost 4, keep\n', 1, 6,
     "the card name must be plain ASCII English"),
    ("KOT209", 'card "A"\n  alias pl "B"\n', 1, 6, "card 'A' has no cost line"),
    ("KOT209", 'card "A"\n', 1, 6, "card 'A' has no cost line"),
    ("KOT210", 'card "A"\n  cost 4, keep\n  cost 5, keep\n', 3, 3,
     "card 'A' has a second cost line (the first is at line 2)"),
    ("KOT201", 'card "A"\n  cost 4, keep\ncard "a"\n  cost 4, keep\n', 3, 1,
     "card 'a' is already defined at x.kot:1:1"),
    ("KOT201", 'card "Tank"\n  cost 4, keep, copies 2\ncard "Tank 1"\n  cost 4, keep\n', 3, 1,
     "has the card id 'tank-1', already used by 'Tank'"),
    ("KOT211", 'card "A"\n  cost 4, keep\n  alias pl "Kot"\ncard "B"\n  cost 4, keep\n'
     '  alias cz "kot"\n', 6, 3, "alias 'kot' also names card 'A'"),
    ("KOT212", "# nothing here\n", 0, 0, "the file defines no card"),
    ("KOT213", D + "  Gain 0 stars.\n", 3, 8, "an effect amount must be from 1 to 99, got 0"),
    ("KOT213", D + "  Each other monster loses 1 energy for every 0 energy it has.\n", 3, 47,
     "'for every N energy' must be from 1 to 99, got 0"),
    ("KOT213", D + "  Heal 1. Take 100 damage.\n", 3, 16,
     "an effect amount must be from 1 to 99, got 100"),
    ("KOT214", D + "  Gain 1 stars.\n", 3, 10, "'1 stars' should be '1 star'"),
    ("KOT214", D + "  Each other monster loses 2 star.\n", 3, 30, "'2 star' should be '2 stars'"),
    ("KOT215", 'card "A"\n  cost 4, keep\n  Gain 1 star. Heal 1.\n', 3, 3,
     "a keep card's effect needs a trigger"),
    ("KOT216", D, 1, 6, "discard card 'A' has no effect"),
    # Modifier and ability lines: syntax.
    ("KOT103", K + "  When you attack gain 1 star.\n", 3, 19,
     "expected ',' after 'When you attack', got 'gain'"),
    ("KOT103", K + "  At the end of your turn, if you are in Tokyo gain 1 star.\n", 3, 48,
     "expected ',' after 'if you are in Tokyo'"),
    ("KOT103", K + "  While you are in Tokyo your attacks deal 1 extra damage.\n", 3, 26,
     "expected ',' after 'While you are in Tokyo'"),
    ("KOT103", K + "  Whenever you heal yourself heal 1 more.\n", 3, 30,
     "expected ',' after 'Whenever you heal yourself', got 'heal'"),
    ("KOT108", K + "  damage of exactly 1 does not hurt you.\n", 3, 3,
     "a modifier or ability line starts with a capital letter: write 'Damage', not 'damage'"),
    ("KOT108", K + "  when you attack, gain 1 star.\n", 3, 3,
     "a modifier or ability line starts with a capital letter: write 'When', not 'when'"),
    ("KOT108", K + "  Whne you attack, gain 1 star.\n", 3, 3,
     "got 'Whne'; did you mean 'When'?"),
    ("KOT109", K + "  When you attack,\n", 3, 19,
     "the line ends too early: expected 'add', 'choose', 'discard', 'each', 'every', 'gain', "
     "'heal', 'if', 'leave', 'lose', 'move', 'put', 'set', 'take', 'that', 'the' or 'you'"),
    ("KOT111", K + "  When you attack, Gain 1 star.\n", 3, 20,
     "write 'gain', not 'Gain' (a word starts lowercase inside a line)"),
    ("KOT111", K + "  Once per turn, When you attack, gain 1 star.\n", 3, 18,
     "write 'when', not 'When'"),
    ("KOT111", K + "  When you attack, each of your neighbors takes 1 damage.\n", 3, 33,
     "got 'neighbors'; did you mean 'neighbours'?"),
    ("KOT111", K + "  When you attack, gain 1 star. Heal 1.\n", 3, 33,
     "each modifier or ability goes on a line of its own"),
    ("KOT111", D + "  Heal 1. When you attack, gain 1 star.\n", 3, 11,
     "each modifier or ability goes on a line of its own"),
    ("KOT113", K + "  When you attack, gain 1 star\n", 3, 31,
     "the line does not end with a period"),
    ("KOT113", K + "  When you attack, gain 1 star and heal 1.\n", 3, 32,
     "expected '.' at the end of the line, got 'and'"),
    ("KOT114", K + "  When you attack, gain 1 points.\n", 3, 27,
     "unknown resource 'points'; did you mean 'star'?"),
    ("KOT114", K + "  Cards cost you 1 less.\n", 3, 20,
     "the line names no resource: expected 'energy' after the amount, got 'less'"),
    ("KOT115", K + "  When you attack, gain star.\n", 3, 25,
     "the clause has no amount: expected a number after 'gain'"),
    ("KOT115", K + "  You roll one extra die.\n", 3, 12,
     "a number must be a whole number from 1 to 99, got 'one'"),
    ("KOT116", K + "  When you roll, gain 1 star.\n", 3, 12,
     "unknown trigger 'When you roll': expected 'attack', 'buy', 'deal', 'lose', 'resolve', "
     "'score', 'would' or 'yield' "
     "after 'When you'; did you mean 'resolve'?"),
    ("KOT116", K + "  When you buy, gain 1 star.\n", 3, 15,
     "unfinished trigger 'When you buy': expected 'another' or 'this', got ','"),
    ("KOT116", K + "  When you score a set of 1, gain 2 stars.\n", 3, 27,
     "expected a set such as '1s' (a digit and 's'), got '1'"),
    ("KOT116", K + "  Once a turn, when you attack, gain 1 star.\n", 3, 8,
     "expected 'per' after 'Once'"),
    ("KOT116", K + "  At the end of your turn, if you are not in Tokyo, gain 1 star.\n", 3, 39,
     "unknown condition 'if you are not': expected 'in' after 'if you are'"),
    ("KOT116", K + "  When you resolve your dice, if they show a 1, a 2 and a 4, gain 2 stars.\n",
     3, 59, "expected '3' after 'if they show a 1, a 2 and a'"),
    ("KOT116", K + "  Whenever you heal, heal 1 more.\n", 3, 20,
     "unfinished modifier 'Whenever you heal': expected 'a' or 'yourself', got ','"),
    ("KOT116", K + "  Damage of 1 does not hurt you.\n", 3, 13,
     "unknown modifier 'Damage of 1': expected 'exactly' after 'Damage of'"),
    ("KOT116", K + "  Your max hearts is 2 higher.\n", 3, 8,
     "unknown modifier 'Your max': expected 'attacks', 'maximum' or 'roll' after 'Your'; "
     "did you mean 'maximum'?"),
    ("KOT116", K + "  You roll 1 extra dices.\n", 3, 20,
     "unknown word 'dices'; did you mean 'dice'?"),
    ("KOT116", K + "  When you resolve your dice, if they show all faces, gain 9 stars.\n", 3, 44,
     "unknown word 'all'"),
    # Modifier and ability lines: meaning.
    ("KOT213", K + "  When you buy this card, heal 0.\n", 3, 32,
     "an effect amount must be from 1 to 99, got 0"),
    ("KOT213", K + "  At the end of your turn, gain 1 star for every 0 energy you have.\n", 3, 50,
     "'for every N energy' must be from 1 to 99, got 0"),
    ("KOT214", K + "  You roll 1 extra dice.\n", 3, 20, "'1 dice' should be '1 die'"),
    ("KOT214", K + "  You have 2 extra roll each turn.\n", 3, 20, "'2 roll' should be '2 rolls'"),
    ("KOT214", K + "  When you attack, gain 1 stars.\n", 3, 27, "'1 stars' should be '1 star'"),
    ("KOT217", D + "  Gain 1 star.\n  When you attack, gain 1 star.\n", 4, 3,
     "discard card 'A' cannot have an ability: a discard card has no lasting ability"),
    ("KOT217", D + "  Your attacks hit every other monster.\n", 3, 3,
     "discard card 'A' cannot have a modifier"),
    ("KOT218", K + "  Cards cost you 0 energy less.\n", 3, 18,
     "a modifier amount must be from 1 to 99, got 0"),
    ("KOT218", K + "  Your maximum hearts is 100 higher.\n", 3, 26, "got 100"),
    ("KOT219", K + "  When you score a set of 4s, gain 2 stars.\n", 3, 27,
     "a set is of 1s, 2s or 3s, got 4s"),
    ("KOT219", K + "  When you score a set of 0s, gain 2 stars.\n", 3, 27, "got 0s"),
    ("KOT219", K + "  When you lose 0 or more hearts at once, gain 1 energy.\n", 3, 17,
     "the hearts lost at once must be from 1 to 99, got 0"),
    ("KOT220", K + "  When you attack, if they show every face, gain 9 stars.\n", 3, 20,
     "'if they show every face' does not fit the trigger 'When you attack': only resolved "
     "dice show their faces"),
    ("KOT220", K + "  At the end of your turn, if they show a 1, a 2 and a 3, gain 2 stars.\n",
     3, 28, "'if they show a 1, a 2 and a 3' does not fit the trigger 'At the end of your turn'"),
    ("KOT221", K + "  You may change one of your dice to a 4.\n", 3, 40,
     "a die's number is 1, 2 or 3, got 4"),
    ("KOT221", K + "  You may reroll any of your dice showing 0.\n", 3, 43,
     "a die's number is 1, 2 or 3, got 0"),
    ("KOT222", K + "  When you attack, you may reroll one of its dice.\n", 3, 20,
     "this effect names another monster's dice, which only 'When another monster has "
     "finished rolling' shows"),
    ("KOT213", K + "  You may pay 0 energy to roll once more.\n", 3, 15,
     "the energy to pay must be from 1 to 99, got 0"),
    # Tokens.
    ("KOT231", K + "  The game has 0 smoke tokens.\n", 3, 16,
     "the game holds from 1 to 99 smoke tokens, got 0"),
    ("KOT232", K + "  When you attack, put a poison token on it.\n", 3, 20,
     "'it' names the monster you dealt damage to, but this trigger names none"),
    ("KOT214", K + "  The game has 1 smoke tokens.\n", 3, 24, "'1 tokens' should be '1 token'"),
    ("KOT213", K + "  A monster rolls 0 dice fewer for each shrink token it has.\n", 3, 19,
     "an effect amount must be from 1 to 99, got 0"),
]

# The hints that go with some of the cases above: (code, file text, hint).
HINT_CASES: list[tuple[str, str, str]] = [
    ("KOT113", D + "  Gain 2 stars\n", "end it with a period: `Gain 2 stars.`"),
    ("KOT114", D + "  Gain 2 hearts.\n", "write `Heal 2.`"),
    ("KOT214", D + "  Gain 1 stars.\n", "write `Gain 1 star.`"),
    ("KOT214", D + "  Each other monster loses 2 star.\n",
     "write `Each other monster loses 2 stars.`"),
    ("KOT215", 'card "A"\n  cost 4, keep\n  Heal 1.\n',
     "write it as an ability with a trigger, e.g. `When you buy this card, heal 1.`"),
    ("KOT215", 'card "A"\n  cost 4, keep\n  Each other monster loses 2 stars.\n',
     "`When you buy this card, each other monster loses 2 stars.`"),
    ("KOT216", D, "add an effect line under the cost line, e.g. `Gain 2 stars.`"),
    ("KOT103", K + "  When you attack gain 1 star.\n", "an ability reads `<trigger>, "
     "[<condition>, ]<effect>.`"),
    ("KOT113", K + "  When you attack, gain 1 star\n",
     "end it with a period: `When you attack, gain 1 star.`"),
    ("KOT116", K + "  When you roll, gain 1 star.\n", "a trigger reads `When you buy this card`"),
    ("KOT116", K + "  At the end of your turn, if you are not in Tokyo, gain 1 star.\n",
     "a condition reads `if you are in Tokyo`, `if you have no energy`"),
    ("KOT116", K + "  Your max hearts is 2 higher.\n",
     "`Whenever you gain energy, gain 1 more energy.`"),
    ("KOT214", K + "  You roll 1 extra dice.\n", "write `You roll 1 extra die.`"),
    ("KOT214", K + "  When you attack, gain 1 stars.\n", "write `When you attack, gain 1 star.`"),
    ("KOT217", D + "  Gain 1 star.\n  When you attack, take 2 damage.\n",
     "write its effect as a plain sentence, e.g. `Take 2 damage.`, or make it a keep card"),
    ("KOT220", K + "  When you attack, if they show every face, gain 9 stars.\n",
     "write `When you resolve your dice, if they show every face, ...`"),
]


def _only(text: str, code: str) -> list[tuple[str, int, int, str]]:
    _, diagnostics = parse_text(text, "x.kot")
    return [(d.code, d.line, d.column, d.message) for d in diagnostics if d.code == code]


class TestTextDiagnostics:
    @pytest.mark.parametrize(("code", "text", "line", "column", "fragment"), TEXT_CASES,
                             ids=[f"{c[0]}-{i}" for i, c in enumerate(TEXT_CASES)])
    def test_code_line_column_message(self, code: str, text: str, line: int, column: int,
                                      fragment: str) -> None:
        _, diagnostics = parse_text(text, "x.kot")
        assert [d.code for d in diagnostics] == [code], [d.render() for d in diagnostics]
        (diagnostic,) = diagnostics
        assert (diagnostic.line, diagnostic.column) == (line, column)
        assert fragment in diagnostic.message
        expected = "warning" if code in WARNING_CODES else "error"
        assert diagnostic.severity == expected

    @pytest.mark.parametrize(("code", "text", "hint"), HINT_CASES,
                             ids=[f"{c[0]}-{i}" for i, c in enumerate(HINT_CASES)])
    def test_hints(self, code: str, text: str, hint: str) -> None:
        _, (diagnostic,) = parse_text(text, "x.kot")
        assert diagnostic.code == code
        assert diagnostic.hint is not None and hint in diagnostic.hint

    def test_warnings_are_the_documented_ones(self) -> None:
        assert {"KOT214", "KOT216"} <= WARNING_CODES
        assert not {"KOT113", "KOT114", "KOT115", "KOT116", "KOT213", "KOT215", "KOT217",
                    "KOT218", "KOT219", "KOT220", "KOT221"} & WARNING_CODES

    def test_a_warned_keep_card_still_loads(self) -> None:
        cards, diagnostics = parse_text(K + "  You roll 2 extra die.\n", "x.kot")
        assert [d.code for d in diagnostics] == ["KOT214"]
        assert [(m.kind.value, m.amount) for m in cards[0].modifiers] == [("extra-dice", 2)]

    @pytest.mark.parametrize("line", [
        "When you score a set of 4s, gain 2 stars.", "Cards cost you 0 energy less.",
        "When you attack, if they show every face, gain 9 stars.",
        "When you buy this card, heal 0.",
    ])
    def test_a_keep_card_with_an_error_does_not_load(self, line: str) -> None:
        cards, diagnostics = parse_text(K + f"  {line}\n", "x.kot")
        assert cards == []
        assert [d.severity for d in diagnostics] == ["error"]

    def test_a_discard_card_with_only_an_ability_gets_no_kot216(self) -> None:
        _, diagnostics = parse_text(D + "  When you attack, gain 1 star.\n", "x.kot")
        assert [d.code for d in diagnostics] == ["KOT217"]

    def test_the_same_modifier_twice_is_fine(self) -> None:
        cards, diagnostics = parse_text(K + "  You roll 1 extra die.\n  You roll 2 extra dice.\n",
                                        "x.kot")
        assert diagnostics == []
        assert [m.amount for m in cards[0].modifiers] == [1, 2]

    @pytest.mark.parametrize("line", [
        "When you attack, gain 1 star", "When you roll, gain 1 star.",
        "Your max hearts is 2 higher.", "When you attack, Gain 1 star.",
        "When you attack, gain 1 points.", "You roll one extra die.",
        "When you attack, each of your neighbors takes 1 damage.", "When you attack,",
        "When you resolve your dice, if they show a 1, 2 and a 3, gain 2 stars.",
    ])
    def test_keep_line_errors_read_the_same_wherever_the_line_stands(self, line: str) -> None:
        found = set()
        for card_lines in ('card "A"\n  {}\n  cost 3, keep\n', K + "  {}\n",
                           K + '  alias pl "B"\n  {}\n', K + "  You roll 1 extra die.\n  {}\n"):
            _, diagnostics = parse_text(card_lines.format(line), "x.kot")
            (diagnostic,) = diagnostics
            found.add((diagnostic.code, diagnostic.column, diagnostic.message, diagnostic.hint))
        assert len(found) == 1, found

    def test_a_warned_card_still_loads_and_an_erroneous_one_does_not(self) -> None:
        cards, _ = parse_text(D + "  Gain 1 stars.\n", "x.kot")
        assert [(c.name, len(c.effects)) for c in cards] == [("A", 1)]
        for text in (D + "  Gain 0 stars.\n", 'card "A"\n  cost 4, keep\n  Heal 1.\n'):
            cards, _ = parse_text(text, "x.kot")
            assert cards == []

    def test_a_keep_card_error_is_reported_once_per_effect_line(self) -> None:
        text = 'card "A"\n  cost 4, keep\n  Heal 1. Heal 2.\n  Take 1 damage.\n'
        assert [(c, line, column) for c, line, column, _ in _only(text, "KOT215")] == [
            ("KOT215", 3, 3), ("KOT215", 4, 3)]

    @pytest.mark.parametrize("line", [
        "Gain 2 stars", "Gain 2 points.", "Take damage.", "Take two damage.", "Heal 2 hearts.",
        "Gains 2 stars.", "Each monster takes 2 damage.", "Every monster loses 2 stars.",
        "Each other monster loses 2 damage.", "Heal 2.5.", "Gain 2", "Each",
    ])
    def test_effect_errors_read_the_same_wherever_the_sentence_stands(self, line: str) -> None:
        """The parser state differs (first line, later line, second sentence): the message not."""
        found = set()
        for before, card_lines in (("", 'card "A"\n  {}\n  cost 3, discard\n'),
                                   ("", D + "  {}\n"),
                                   ("Heal 1. ", D + "  Heal 1. {}\n"),
                                   ("", D + '  alias pl "B"\n  {}\n')):
            _, diagnostics = parse_text(card_lines.format(line), "x.kot")
            (diagnostic,) = diagnostics
            found.add((diagnostic.code, diagnostic.column - len(before), diagnostic.message,
                       diagnostic.hint))
        assert len(found) == 1, found

    def test_one_bad_card_does_not_hide_the_others(self) -> None:
        text = ('card "A"\n  cost x, keep\ncard "B"\n  cost 4 keep\n'
                'card "C"\n  cost 4, keep\ncard "D"\n  cost 4, kept\n')
        cards, diagnostics = parse_text(text, "x.kot")
        assert [c.name for c in cards] == ["C"]
        assert [(d.code, d.line) for d in diagnostics] == [
            ("KOT102", 2), ("KOT103", 4), ("KOT104", 8)]

    def test_too_many_problems_are_cut_off(self) -> None:
        text = "".join("card X\n" for _ in range(MAX_DIAGNOSTICS + 5))
        _, diagnostics = parse_text(text, "x.kot")
        assert len(diagnostics) == MAX_DIAGNOSTICS + 1
        note = diagnostics[-1]
        assert (note.code, note.line, note.column) == ("KOT199", MAX_DIAGNOSTICS + 1, 6)
        assert "more than 100 problems" in note.message

    def test_huge_text(self) -> None:
        _, diagnostics = parse_text("#" * (MAX_BYTES + 1), "x.kot")
        assert [(d.code, d.line, d.column) for d in diagnostics] == [("KOT112", 0, 0)]


class TestFileDiagnostics:
    def test_missing_path(self, tmp_path: Path) -> None:
        report = check_paths([tmp_path / "nope.kot"])
        assert not report.ok
        assert [(d.code, d.line, d.column) for d in report.diagnostics] == [("KOT100", 0, 0)]
        assert "no such file or folder" in report.diagnostics[0].message

    def test_folder_without_card_files(self, tmp_path: Path) -> None:
        report = check_paths([tmp_path])
        assert [(d.code, d.message) for d in report.diagnostics] == [
            ("KOT100", "the folder holds no .kot file")]

    def test_not_utf8(self, tmp_path: Path) -> None:
        path = tmp_path / "bad.kot"
        # Line 3 is `  alias pl "Ż` then a byte that no UTF-8 character starts with.
        path.write_bytes(b'card "A"\n  cost 4, keep\n  alias pl "\xc5\xbb\xff"\n')
        report = check_paths([path])
        (diagnostic,) = report.diagnostics
        assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("KOT101", 3, 14)
        assert "byte 0xff" in diagnostic.message
        assert diagnostic.source_line == '  alias pl "Ż\N{REPLACEMENT CHARACTER}"'

    def test_not_utf8_on_the_first_line(self) -> None:
        text, (diagnostic,) = decode_card_bytes(b"ab\x80cd\n", "f")
        assert text is None
        assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("KOT101", 1, 3)

    def test_byte_order_mark_is_accepted(self) -> None:
        text, diagnostics = decode_card_bytes(b'\xef\xbb\xbfcard "A"\n', "f")
        assert (text, diagnostics) == ('card "A"\n', [])

    def test_too_large(self, tmp_path: Path) -> None:
        path = tmp_path / "big.kot"
        path.write_bytes(b"#" * (MAX_BYTES + 1))
        (diagnostic,) = check_paths([path]).diagnostics
        assert (diagnostic.code, diagnostic.line, diagnostic.column) == ("KOT112", 0, 0)

    def test_duplicate_across_files_is_reported_at_the_second(self, tmp_path: Path) -> None:
        (tmp_path / "a.kot").write_text('card "A"\n  cost 4, keep\n', encoding="utf-8")
        (tmp_path / "b.kot").write_text('# b\ncard "A"\n  cost 5, keep\n', encoding="utf-8")
        report = check_paths([tmp_path])
        (diagnostic,) = report.diagnostics
        assert (diagnostic.code, diagnostic.file, diagnostic.line, diagnostic.column) == (
            "KOT201", str(tmp_path / "b.kot"), 2, 1)
        assert f"already defined at {tmp_path / 'a.kot'}:1:1" in diagnostic.message
        assert diagnostic.source_line == 'card "A"'
        assert report.cards == 1

    def test_same_file_twice_is_not_a_duplicate(self, tmp_path: Path) -> None:
        path = tmp_path / "a.kot"
        path.write_text('card "A"\n  cost 4, keep\n', encoding="utf-8")
        report = check_paths([path, tmp_path])
        assert (report.ok, report.cards, report.diagnostics) == (True, 1, [])


class TestTokenSet:
    """The token checks across a whole card set (``check_paths``), pinned."""

    def _check(self, tmp_path: Path, *files: str) -> list[tuple[str, int, int, str, str]]:
        for i, text in enumerate(files):
            (tmp_path / f"{i}.kot").write_text(text, encoding="utf-8")
        report = check_paths([tmp_path])
        return [(d.code, d.line, d.column, d.message, d.hint or "") for d in report.diagnostics]

    def test_kot230_an_undeclared_token_with_did_you_mean(self, tmp_path: Path) -> None:
        found = self._check(
            tmp_path,
            'card "A"\n  cost 3, keep\n  The game has 12 poison tokens.\n',
            'card "B"\n  cost 3, keep\n  When you deal damage to a monster, put a posion token '
            "on it.\n")
        assert found == [("KOT230", 3, 44, "no card of the set says how many posion tokens the "
                          "game has; did you mean 'poison'?",
                          "add a line such as `The game has 12 posion tokens.` to the card that "
                          "brings them (the set declares: poison) (docs: codes/KOT230/)")]

    def test_kot230_a_token_declared_in_another_file_is_fine(self, tmp_path: Path) -> None:
        assert self._check(
            tmp_path,
            'card "A"\n  cost 3, keep\n  The game has 3 smoke tokens.\n',
            'card "B"\n  cost 3, keep\n  When this card has no smoke tokens, discard it.\n') == []

    def test_kot231_two_counts_for_one_token(self, tmp_path: Path) -> None:
        found = self._check(
            tmp_path,
            'card "A"\n  cost 3, keep\n  The game has 12 poison tokens.\n',
            'card "B"\n  cost 3, keep\n  The game has 10 poison tokens.\n')
        assert [(c, line, col) for c, line, col, _, _ in found] == [("KOT231", 3, 3)]
        assert "not 10" in found[0][3]

    def test_kot231_more_tokens_on_a_card_than_the_game_has(self, tmp_path: Path) -> None:
        found = self._check(
            tmp_path,
            'card "A"\n  cost 3, keep\n  The game has 3 smoke tokens.\n'
            "  When you buy this card, put 4 smoke tokens on this card.\n")
        assert found == [("KOT231", 4, 27, "the game has only 3 smoke tokens, but this puts 4 "
                          "on the card", "put at most 3 (docs: codes/KOT231/)")]


def test_every_code_has_a_negative_test() -> None:
    """Keeps this file in step with the code table."""
    covered = {case[0] for case in TEXT_CASES} | {
        "KOT100", "KOT101", "KOT112", "KOT199",  # tested above, outside the table
        "KOT230",  # TestTokenSet (a whole card set)
        "KOT223",  # test_language_games.py (a word moved to another game)
        "KOT233"}  # tests/engine/test_duel_words.py (a Duel card's Buzz icon)
    covered |= {"KOT240", "KOT241", "KOT242", "KOT243"}  # test_duel_monsters_language.py
    # Failed proofs (KOT3xx): tests/verify/test_card_check.py ties each to its invariant.
    covered |= {code for code in CODES if code.startswith("KOT3")}
    assert covered == set(CODES)
