"""Every word's example, as the card-language guide shows it (a whole card file), is a
card that ``kot-rules check`` accepts without a single diagnostic."""

from __future__ import annotations

import pytest

from kot_rules.language import vocabulary as v
from kot_rules.language.cardset import check_text
from kot_rules.language.parser import parse_text
from kot_rules.language.word_examples import example_card, word_game

WORDS = list(v.words())


class TestWordExamples:
    @pytest.mark.parametrize(("kind", "word"), WORDS,
                             ids=[f"{k}-{w.member.value}" for k, w in WORDS])
    def test_the_example_card_checks_clean(self, kind: str, word: v.AnyWord) -> None:
        text = example_card(word)
        game = word_game(word)
        assert word.example in text
        if set(word.grammar) & v.MONSTER_GRAMMAR:  # a monster file of Duel
            assert check_text(text, game=v.KING_OF_TOKYO_DUEL) == []
            return
        found = check_text(text, game=game)
        assert found == [], "\n".join(d.render() for d in found)
        cards, _ = parse_text(text, "x.kot", game)
        assert len(cards) == 1

    def test_an_effect_sentence_goes_on_a_discard_card(self) -> None:
        assert "cost 3, discard" in example_card(v.VERBS[v.Verb.HEAL])

    def test_an_ability_goes_on_a_keep_card_with_its_tokens_declared(self) -> None:
        text = example_card(v.TRIGGERS[v.Trigger.DAMAGE_DEALT])
        assert "cost 3, keep" in text
        assert "The game has 12 poison tokens." in text
