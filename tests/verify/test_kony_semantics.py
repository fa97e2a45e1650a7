"""The Z3 meaning of New York's card words. Every word New York's cards may say
has one (kot_rules/games/king_of_new_york/semantics.py) and no other word does, as
tests/test_vocabulary_table.py asks of Duel's; every one of the 66 cards says only words
with a meaning; the meanings agree with the engine on concrete states."""

from __future__ import annotations

import dataclasses
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
import z3

from kot_rules.games.king_of_new_york import kernel as k
from kot_rules.games.king_of_new_york import semantics as kony_semantics
from kot_rules.games.king_of_new_york.semantics import card_transitions, run_effect
from kot_rules.games.king_of_new_york.state import fresh
from kot_rules.language import parse_text
from kot_rules.language import vocabulary as v
from kot_rules.language.ast import CardDef, Verb, Who
from kot_rules.verify.symbolic import Ctx

CARDS = Path(__file__).parents[2] / "spec" / "cards" / v.KING_OF_NEW_YORK

KONY_Z3_TABLES: dict[str, dict[Any, Any]] = {
    "verb": kony_semantics.VERBS, "act": kony_semantics.VERBS,
    "trigger": kony_semantics.TRIGGERS, "condition": kony_semantics.CONDITIONS,
    "modifier": kony_semantics.MODIFIERS, "token rule": kony_semantics.TOKEN_RULES,
}


def unmeant(game: str, table: dict[Any, v.AnyWord], z3_table: dict[Any, Any]) -> set[Any]:
    """The words of ``table`` that ``game``'s cards may say and ``z3_table`` has no meaning
    for."""
    return {m for m, w in table.items() if game in w.games} - set(z3_table)


def meant_but_unsaid(game: str, table: dict[Any, v.AnyWord],
                     z3_table: dict[Any, Any]) -> set[Any]:
    """The members ``z3_table`` means that ``game``'s cards may not say."""
    return {m for m in z3_table if m not in table or game not in table[m].games}


def kony_cards() -> list[CardDef]:
    out: list[CardDef] = []
    for path in sorted(CARDS.glob("*.kot")):
        cards, diagnostics = parse_text(path.read_text("utf-8"), str(path), v.KING_OF_NEW_YORK)
        assert not [d for d in diagnostics if d.is_error], path
        out += cards
    return out


class TestEveryWordIsMeant:
    @pytest.mark.parametrize(("kind", "enum", "table"), v.TABLES, ids=[t[0] for t in v.TABLES])
    def test_new_york_means_every_new_york_word_and_nothing_else(
            self, kind: str, enum: type[Enum], table: dict[Any, v.AnyWord]) -> None:
        z3_table = KONY_Z3_TABLES[kind]
        assert unmeant(v.KING_OF_NEW_YORK, table, z3_table) == set(), (
            "register its meaning in kot_rules/games/king_of_new_york/semantics.py "
            "(see its docstring)")
        if kind != "act":  # acts share the verbs' table
            assert meant_but_unsaid(v.KING_OF_NEW_YORK, table, z3_table) == set(), (
                "a New York meaning for a word New York's cards may not say")

    def test_the_checks_can_fail(self) -> None:
        kony_only = {Verb.HEAL: dataclasses.replace(
            v.VERBS[Verb.HEAL], games=frozenset({v.KING_OF_NEW_YORK}))}
        assert unmeant(v.KING_OF_NEW_YORK, kony_only, {}) == {Verb.HEAL}
        duel_only = {Verb.PULL_FAME: v.VERBS[Verb.PULL_FAME]}
        assert meant_but_unsaid(v.KING_OF_NEW_YORK, duel_only, {Verb.PULL_FAME: 1}) == {
            Verb.PULL_FAME}

    def test_every_whom_the_cards_say_is_meant(self) -> None:
        said = {e.who for c in kony_cards() for e in (
            *c.effects, *(x for a in c.abilities for x in a.effects),
            *(a.effect for a in c.activated))}
        assert said <= set(kony_semantics.WHO)

    def test_the_66_cards_say_only_meant_words(self) -> None:
        cards = kony_cards()
        assert len(cards) == 66
        for card in cards:
            for t, _ in card_transitions(card):
                assert t.unsupported is None, (card.name, t.name, t.unsupported)

    def test_a_word_with_no_meaning_is_unsupported_not_a_crash(self) -> None:
        text = 'card "P"\n  cost 3, discard\n  Pull the Fame marker 1 space.\n'
        (card,), _ = parse_text(text, "p.kot", v.KING_OF_TOKYO_DUEL)
        (t, _), = card_transitions(card)
        assert t.build is None and "no New York symbolic meaning yet" in (t.unsupported or "")


def _one(verb: Verb, who: Who, amount: int, pre: dict[str, int | bool],
         owner: int = 0) -> dict[str, Any]:
    """``verb`` said by ``owner``'s card on a concrete state (the fields ``pre`` names, the
    others free but keeping the invariants): the values after, solved."""
    from kot_rules.games.king_of_new_york.invariants import all_hold
    from kot_rules.games.king_of_new_york.state import leaves
    from kot_rules.language.ast import NO_POSITION, Effect

    ctx = Ctx()
    s = fresh(ctx)
    named = dict(leaves(s))
    post = k.after(run_effect(ctx, s, owner, Effect(verb, amount, who, NO_POSITION)))
    solver = z3.Solver()
    solver.add(all_hold(s), z3.Not(s.over), *ctx.facts,
               *(named[n] == val for n, val in pre.items()))
    assert solver.check() == z3.sat
    model = solver.model()
    return {n: model.eval(t, model_completion=True) for n, t in leaves(post)}


class TestMeaningsOnExamples:
    def test_steal_energy_takes_what_the_other_has(self) -> None:
        got = _one(Verb.TAKE_ENERGY_FROM, Who.YOU, 2, {
            "monsters[0].energy": 1, "monsters[1].energy": 1, "players": 2,
            "monsters[1].alive": True}, owner=0)
        # Said with YOU, the owner takes from itself: nothing moves.
        assert got["monsters[0].energy"].as_long() == 1

    def test_trade_stars_leaves_none(self) -> None:
        got = _one(Verb.TRADE_STARS, Who.YOU, 1, {"monsters[0].stars": 5})
        assert got["monsters[0].stars"].as_long() == 0

    def test_drop_out_eliminates_and_frees_manhattan(self) -> None:
        got = _one(Verb.LOSE_ALL_HEARTS, Who.YOU, 0, {
            "city": 0, "bay": -1, "superstar": 0, "monsters[0].borough": 4})
        assert z3.is_false(got["monsters[0].alive"])
        assert got["city"].as_long() == -1 and got["superstar"].as_long() == -1

    def test_win_ends_the_game_at_once(self) -> None:
        got = _one(Verb.WIN_GAME, Who.YOU, 0, {"checked": False})
        assert z3.is_true(got["over"]) and got["winner"].as_long() == 0
        assert z3.is_true(got["card_win"])
