"""The kernel knows no game: a game's own card words reach the interpreter through its rules
(``GameRules.words``), and a Game made without rules plays the default the package installs
(``kot_rules.api.default_rules``, looked up by name)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kot_rules.engine import effects
from kot_rules.engine import rules as seam
from kot_rules.engine.errors import NotExecutableError
from kot_rules.engine.events import Event
from kot_rules.engine.game import Game, seat_names
from kot_rules.engine.rules import GameRules, Words
from kot_rules.engine.state import State
from kot_rules.games import DEFAULT_GAME, get, ids
from kot_rules.language.ast import Condition, Effect, Position, Verb, Who

KOT = get("king-of-tokyo").rules
HERE = Position("test.kot", 1, 1)


def _effect(verb: Verb, amount: int = 2) -> Effect:
    return Effect(verb, amount, Who.YOU, HERE)


def test_a_game_without_rules_plays_the_registrys_default() -> None:
    assert Game(4).rules is get(DEFAULT_GAME).rules


def test_the_default_is_looked_up_only_when_a_game_needs_it() -> None:
    assert seam.default_rules() is get(DEFAULT_GAME).rules
    assert Game(2, rules=get("king-of-tokyo-duel").rules).rules.id == "king-of-tokyo-duel"


def test_seats_are_named_by_the_game_or_numbered() -> None:
    assert seat_names(KOT, 2) == KOT.names[:2] and len(KOT.names) >= KOT.max_players
    assert seat_names(replace(KOT, names=()), 3) == ("Monster 1", "Monster 2", "Monster 3")


def test_a_games_own_verb_reaches_the_interpreter() -> None:
    said: list[tuple[int, int, str]] = []

    def meaning(s: State, ev: list[Event], owner: int, t: int, amount: int, e: Effect,
                card: str, why: str) -> None:
        said.append((t, amount, card))

    verb = Verb.UNITS_ATTACK  # a word no kernel table means
    assert verb not in effects.MEANINGS and verb not in effects.HELD_MEANINGS
    rules: GameRules = replace(KOT, words=Words(verbs={verb: meaning}))
    s = Game(2, rules=rules).new_initial_state()
    effects.run(s, [], 1, [_effect(verb)], "a-card")
    assert said == [(1, 2, "a-card")]


def test_a_verb_the_game_does_not_mean_is_refused() -> None:
    s = Game(2, rules=replace(KOT, words=Words())).new_initial_state()
    with pytest.raises(NotExecutableError, match="units-attack"):
        effects.run(s, [], 0, [_effect(Verb.UNITS_ATTACK)], "a-card")


def test_the_words_tables_of_the_games_share_no_word_with_the_kernel() -> None:
    kernel = {*effects.MEANINGS, *effects.HELD_MEANINGS}
    for game_id in ids():
        words = get(game_id).rules.words
        assert not kernel & {*words.verbs, *words.held}, game_id
    assert Condition.IN_QUEENS in get("king-of-new-york").rules.words.conditions
    assert Condition.FAME_ON_TILE in get("king-of-tokyo-duel").rules.words.conditions
