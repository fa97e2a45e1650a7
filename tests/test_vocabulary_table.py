"""The vocabulary table is complete, and the engine and the proofs mean exactly its words.

Every word of kot_rules.language.vocabulary has: a row per member of its enum, an
example line that parses to it, one interpreter meaning (kot_rules.engine.effects,
for the verbs an effect says) and one symbolic meaning (kot_rules.games.king_of_tokyo.semantics),
and nothing is registered that the table lacks.
"""

from __future__ import annotations

import ast as python_ast
import dataclasses
import itertools
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from kot_rules import games
from kot_rules.engine import effects
from kot_rules.games.king_of_tokyo import semantics
from kot_rules.games.king_of_tokyo_duel import semantics as duel_semantics
from kot_rules.language import CardDef, Condition, ModifierKind, Trigger, Verb, parse_text
from kot_rules.language import vocabulary as v
from kot_rules.language.ast import TokenRuleKind
from kot_rules.language.word_examples import word_game

LANGUAGE = Path(__file__).resolve().parents[1] / "kot_rules" / "language"

# The symbolic table of each kind of word (acts are verbs: their meaning is the verb's).
Z3_TABLES: dict[str, dict[Any, Any]] = {
    "verb": semantics.VERBS, "act": semantics.VERBS, "trigger": semantics.TRIGGERS,
    "condition": semantics.CONDITIONS, "modifier": semantics.MODIFIERS,
    "token rule": semantics.TOKEN_RULES,
}
# The same for King of Tokyo: Duel (kot_rules.games.king_of_tokyo_duel.semantics).
DUEL_Z3_TABLES: dict[str, dict[Any, Any]] = {
    "verb": duel_semantics.VERBS, "act": duel_semantics.VERBS,
    "trigger": duel_semantics.TRIGGERS, "condition": duel_semantics.CONDITIONS,
    "modifier": duel_semantics.MODIFIERS, "token rule": duel_semantics.TOKEN_RULES,
}


def unmeant(game: str, table: dict[Any, v.AnyWord], z3_table: dict[Any, Any]) -> set[Any]:
    """The words of ``table`` that ``game``'s cards may say and ``z3_table`` has no meaning
    for."""
    return {m for m, w in table.items() if game in w.games} - set(z3_table)


def meant_but_unsaid(game: str, table: dict[Any, v.AnyWord],
                     z3_table: dict[Any, Any]) -> set[Any]:
    """The members ``z3_table`` means that ``game``'s cards may not say."""
    return {m for m in z3_table if m not in table or game not in table[m].games}


class TestTheTable:
    @pytest.mark.parametrize(("kind", "enum", "table"), v.TABLES, ids=[t[0] for t in v.TABLES])
    def test_each_row_is_keyed_by_its_own_member(self, kind: str, enum: type[Enum],
                                                 table: dict[Any, v.AnyWord]) -> None:
        assert all(isinstance(m, enum) and w.member is m for m, w in table.items())
        assert all(w.meaning.strip() and w.example.strip() and w.grammar for w in table.values())

    @pytest.mark.parametrize("enum", [Verb, Trigger, Condition, ModifierKind, TokenRuleKind])
    def test_every_member_has_a_row(self, enum: type[Enum]) -> None:
        tables = [t for _, e, t in v.TABLES if e is enum and t is not v.ACTS]
        (table,) = tables
        assert list(table) == list(enum), "declare each new member once, in enum order"

    def test_acts_are_verbs_an_activated_ability_says(self) -> None:
        assert set(v.ACTS) == {verb for verb, w in v.VERBS.items() if w.form == v.ACT} | {
            Verb.HEAL}

    def test_keys_tell_the_words_of_a_kind_apart(self) -> None:
        for keyed in (v.VERB_KEYS, v.TRIGGER_KEYS, v.CONDITION_KEYS):
            keys = [k for k, _ in keyed]
            assert all(keys) and len(set(keys)) == len(keys)

    def test_the_grammar_names_exist(self) -> None:
        from kot_rules.language.grammar import card_parser

        parser = card_parser()
        names = {str(r.origin.name) for r in parser.rules} | {t.name for t in parser.terminals}
        from kot_rules.language.monsters import monster_parser

        monsters = monster_parser()
        names |= {str(r.origin.name) for r in monsters.rules} | {
            t.name for t in monsters.terminals}
        missing = {(w.member, g) for _, w in v.words() for g in w.grammar if g not in names}
        assert missing == set()


def _said(card: CardDef) -> set[Enum]:
    """Every vocabulary member the card says."""
    out: set[Enum] = {e.verb for e in card.effects}
    for a in card.abilities:
        out |= {a.trigger, *(e.verb for e in a.effects)}
        out |= {a.condition} if a.condition else set()
    for m in card.modifiers:
        out |= {m.kind} | ({m.condition} if m.condition else set())
    out |= {a.effect.verb for a in card.activated} | {r.kind for r in card.token_rules}
    return out


class TestExamples:
    @pytest.mark.parametrize(("kind", "word"), list(v.words()),
                             ids=[f"{k}-{w.member.value}" for k, w in v.words()])
    def test_the_example_says_the_word_and_renders_back(self, kind: str,
                                                        word: v.AnyWord) -> None:
        if set(word.grammar) & v.MONSTER_GRAMMAR:  # said in a monster file
            from kot_rules.language.monsters import parse_monster_text

            text = f'monster "X"\n  hearts 9\n  {word.example}\n'
            monsters, found = parse_monster_text(text, "x.kot", v.KING_OF_TOKYO_DUEL)
            assert not found, [d.render() for d in found]
            said = {p.effect.verb for p in monsters[0].powers}
            assert word.member in said | {m.kind for m in monsters[0].modifiers}
            return
        supplies = "".join(f"  The game has 12 {t} tokens.\n" for t in ("poison", "smoke",
                                                                         "shrink"))
        parsed = None
        for card_kind in ("discard", "keep"):
            text = f'card "X"\n  cost 3, {card_kind}\n  {word.example}\n'
            if card_kind == "keep":
                text += supplies
            cards, diagnostics = parse_text(text, "x.kot", word_game(word))
            if not [d for d in diagnostics if d.is_error]:
                parsed = cards[0]
                break
        assert parsed is not None, f"{word.example!r} does not parse"
        assert word.member in _said(parsed)


class TestMeanings:
    def test_the_interpreter_means_every_effect_verb_once(self) -> None:
        # The kernel's words, and each game's own (GameRules.words): no verb meant twice.
        kernel = [set(effects.MEANINGS), set(effects.HELD_MEANINGS)]
        own = [set(w.verbs) | set(w.held) for w in (games.get(g).rules.words for g in games.ids())]
        tables = [*kernel, *own]
        assert all(not a & b for a, b in itertools.combinations(kernel, 2))
        assert all(not k & o for k in kernel for o in own)
        assert set().union(*tables) == v.EFFECT_VERBS
        held = set(effects.HELD_MEANINGS).union(
            *(games.get(g).rules.words.held for g in games.ids()))
        assert held == v.HELD_VERBS

    @pytest.mark.parametrize("game_id", [v.KING_OF_TOKYO, v.KING_OF_TOKYO_DUEL,
                                         v.KING_OF_NEW_YORK])
    def test_each_game_means_every_verb_its_cards_may_say(self, game_id: str) -> None:
        words = games.get(game_id).rules.words
        meant = {*effects.MEANINGS, *effects.HELD_MEANINGS, *words.verbs, *words.held}
        said = {w.member for w in v.VERBS.values() if game_id in w.games and w.form != v.ACT}
        assert said - meant == set()

    @pytest.mark.parametrize(("kind", "enum", "table"), v.TABLES, ids=[t[0] for t in v.TABLES])
    def test_the_proofs_mean_every_word_and_nothing_else(self, kind: str, enum: type[Enum],
                                                         table: dict[Any, v.AnyWord]) -> None:
        z3_table = Z3_TABLES[kind]
        # Only the words King of Tokyo's cards may say need its meaning (a Duel-only word
        # has none, and needs none).
        assert unmeant(v.KING_OF_TOKYO, table, z3_table) - set(semantics.NOT_YET) == set()
        if kind != "act":  # acts share the verbs' table
            assert set(z3_table) <= set(table), "a symbolic meaning for a word the table lacks"
            assert meant_but_unsaid(v.KING_OF_TOKYO, table, z3_table) == set()

    @pytest.mark.parametrize(("kind", "enum", "table"), v.TABLES, ids=[t[0] for t in v.TABLES])
    def test_duel_means_every_duel_word_and_nothing_else(self, kind: str, enum: type[Enum],
                                                         table: dict[Any, v.AnyWord]) -> None:
        z3_table = DUEL_Z3_TABLES[kind]
        assert unmeant(v.KING_OF_TOKYO_DUEL, table, z3_table) == set(), (
            "register its meaning in kot_rules/games/king_of_tokyo_duel/semantics.py "
            "(see its docstring)")
        if kind != "act":  # acts share the verbs' table
            assert meant_but_unsaid(v.KING_OF_TOKYO_DUEL, table, z3_table) == set(), (
                "a Duel meaning for a word Duel's cards may not say")

    def test_the_game_checks_can_fail(self) -> None:
        # A Duel word with no Duel meaning, a KoT-only word with a Duel meaning, and a
        # Duel-only word that needs no King of Tokyo meaning.
        duel_only = {Verb.HEAL: dataclasses.replace(
            v.VERBS[Verb.HEAL], games=frozenset({v.KING_OF_TOKYO_DUEL}))}
        assert unmeant(v.KING_OF_TOKYO_DUEL, duel_only, {}) == {Verb.HEAL}
        assert unmeant(v.KING_OF_TOKYO, duel_only, {}) == set()
        kot_only = {Verb.GAIN_STARS: v.VERBS[Verb.GAIN_STARS]}
        assert meant_but_unsaid(v.KING_OF_TOKYO_DUEL, kot_only, {Verb.GAIN_STARS: 1}) == {
            Verb.GAIN_STARS}
        assert unmeant(v.KING_OF_TOKYO_DUEL, kot_only, {}) == set()

    def test_every_duel_card_says_only_duel_words(self) -> None:
        from kot_rules.games.king_of_tokyo_duel.semantics import card_transitions

        cards, diagnostics = _duel_cards()
        assert cards and not [d for d in diagnostics if d.is_error]
        for card in cards:
            for t, _ in card_transitions(card):
                assert t.unsupported is None, (card.name, t.name, t.unsupported)

    def test_no_amount_is_one_set(self) -> None:
        assert effects.NO_AMOUNT is v.NO_AMOUNT_VERBS
        assert semantics.NO_AMOUNT is v.NO_AMOUNT_VERBS
        assert {Verb.TAKE_TOKYO_CITY, Verb.STORE_ENERGY, Verb.PROTECT} <= v.NO_AMOUNT_VERBS
        assert Verb.GAIN_STARS not in v.NO_AMOUNT_VERBS


def _duel_cards() -> tuple[list[CardDef], list[Any]]:
    cards: list[CardDef] = []
    diagnostics: list[Any] = []
    folder = LANGUAGE.parents[1] / "spec" / "cards" / v.KING_OF_TOKYO_DUEL
    for path in sorted(folder.glob("*.kot")):
        got, found = parse_text(path.read_text(encoding="utf-8"), str(path),
                                game=v.KING_OF_TOKYO_DUEL)
        cards += got
        diagnostics += found
    return cards, diagnostics


class TestLayering:
    @pytest.mark.parametrize("path", sorted(LANGUAGE.glob("*.py")), ids=lambda p: p.name)
    def test_the_language_imports_neither_the_engine_nor_the_proofs(self, path: Path) -> None:
        tree = python_ast.parse(path.read_text(encoding="utf-8"))
        imported = [n.module or "" for n in python_ast.walk(tree)
                    if isinstance(n, python_ast.ImportFrom)]
        imported += [a.name for n in python_ast.walk(tree) if isinstance(n, python_ast.Import)
                     for a in n.names]
        assert not [m for m in imported
                    if m.startswith(("kot_rules.engine", "kot_rules.verify"))]
