"""KOT223: a card says a word its game's cards may not say (the vocabulary's `games`).

Only King of Tokyo exists yet, so each test moves one word to another game id.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from kot_rules.language import Condition, ModifierKind, Trigger, Verb, check_paths, parse_text
from kot_rules.language import vocabulary as v
from kot_rules.language.grammar import DEFAULT_GAME, UnknownDialectError, card_parser

D = 'card "A"\n  cost 3, discard\n'
K = 'card "A"\n  cost 3, keep\n'


def _elsewhere(monkeypatch: pytest.MonkeyPatch, table: dict[Any, Any], member: Any,
               *games: str) -> None:
    """Only ``games`` (not King of Tokyo) may say ``member`` for this test."""
    monkeypatch.setitem(table, member, dataclasses.replace(table[member],
                                                           games=frozenset(games)))


class TestOtherGamesWords:
    def test_a_verb_of_another_game(self, monkeypatch: pytest.MonkeyPatch) -> None:
        _elsewhere(monkeypatch, v.VERBS, Verb.HEAL, "king-of-new-york")
        cards, (d,) = parse_text(D + "  Gain 1 star. Heal 2.\n", "x.kot")
        assert cards == []
        assert (d.code, d.line, d.column, d.severity) == ("KOT223", 3, 16, "error")
        assert d.message == ("a king-of-tokyo card cannot say the verb 'heal' (the owner "
                             "heals hearts, never above its maximum)")
        assert d.hint == ("only king-of-new-york cards may say it: check the card's game, "
                          "or say it otherwise (docs: codes/KOT223/)")
        assert d.render().splitlines()[:3] == [
            "x.kot:3:16: error[KOT223]: " + d.message,
            "  Gain 1 star. Heal 2.",
            "               ^"]

    def test_the_hint_names_every_game_that_allows_it(
            self, monkeypatch: pytest.MonkeyPatch) -> None:
        _elsewhere(monkeypatch, v.TRIGGERS, Trigger.ATTACK, "king-of-new-york",
                   "king-of-tokyo-duel")
        _, (d,) = parse_text(K + "  When you attack, gain 1 star.\n", "x.kot")
        assert (d.code, d.line, d.column) == ("KOT223", 3, 3)
        assert "the trigger 'attack'" in d.message
        assert d.hint is not None
        assert "king-of-new-york and king-of-tokyo-duel" in d.hint

    @pytest.mark.parametrize(("table", "member", "line", "column", "kind"), [
        (v.CONDITIONS, Condition.NO_ENERGY,
         "At the end of your turn, if you have no energy, gain 1 energy.", 28, "condition"),
        (v.MODIFIERS, ModifierKind.EXTRA_DICE, "You roll 1 extra die.", 3, "modifier"),
        (v.ACTS, Verb.EXTRA_ROLL, "You may pay 1 energy to roll once more.", 27,
         "activated act"),
        (v.VERBS, Verb.LEAVE_TOKYO, "When you would be eliminated, instead leave Tokyo.", 41,
         "verb"),
    ])
    def test_each_kind_of_word(self, monkeypatch: pytest.MonkeyPatch, table: dict[Any, Any],
                               member: Any, line: str, column: int, kind: str) -> None:
        _elsewhere(monkeypatch, table, member, "king-of-new-york")
        _, diagnostics = parse_text(f"{K}  {line}\n", "x.kot")
        assert [(d.code, d.column) for d in diagnostics] == [("KOT223", column)]
        assert f"the {kind} '{member.value}'" in diagnostics[0].message

    def test_the_same_card_is_fine_for_the_game_that_allows_it(
            self, monkeypatch: pytest.MonkeyPatch) -> None:
        _elsewhere(monkeypatch, v.VERBS, Verb.HEAL, DEFAULT_GAME, "king-of-new-york")
        cards, diagnostics = parse_text(D + "  Heal 2.\n", "x.kot")
        assert diagnostics == [] and len(cards) == 1

    def test_check_paths_takes_the_game(self, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
        (tmp_path / "a.kot").write_text(D + "  Heal 2.\n", encoding="utf-8")
        assert check_paths([tmp_path], game=DEFAULT_GAME).ok
        _elsewhere(monkeypatch, v.VERBS, Verb.HEAL, "king-of-new-york")
        report = check_paths([tmp_path])
        assert not report.ok
        assert [d.code for d in report.diagnostics] == ["KOT223"]


class TestDialects:
    def test_every_built_in_word_is_king_of_tokyo_s(self) -> None:
        # Duel's cards say some of King of Tokyo's words, meaning the same; some words are
        # Duel's only. Likewise New York's: some of its words are King of Tokyo's too.
        assert all(word.games and word.games <= {DEFAULT_GAME, "king-of-tokyo-duel",
                                                 "king-of-new-york"}
                   for _, word in v.words())
        shared = {str(word.member.value) for _, word in v.words()
                  if {DEFAULT_GAME, "king-of-tokyo-duel"} <= word.games}
        assert {"extra-dice", "extra-rolls", "extra-turn", "gain-energy", "heal",
                "take-damage"} <= shared

    def test_a_game_without_a_dialect_is_refused_with_the_list(self) -> None:
        with pytest.raises(UnknownDialectError, match="king-of-tokyo"):
            card_parser("no-such-game")
        with pytest.raises(UnknownDialectError):
            card_parser("core")  # the core is no game

    def test_the_parser_is_built_once_per_game(self) -> None:
        assert card_parser() is card_parser(DEFAULT_GAME)
