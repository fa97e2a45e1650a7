"""Whole games with the built-in cards, random choices and random dice drawn by Hypothesis:
every invariant after every step, and every game ends."""

from __future__ import annotations

import random

from budget import budget
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from kot_rules.engine import Game, Options, State
from kot_rules.engine.events import EventKind
from kot_rules.engine.game import FirstPlayerRule
from kot_rules.games.king_of_tokyo.invariants import assert_all
from kot_rules.language.cardset import builtin_card_set

MAX_STEPS = 20_000
"""A game longer than this is a failure to terminate (random games take a few hundred)."""


def step(state: State, choose: int) -> State:
    """Apply the ``choose``-th chance outcome or legal action (modulo how many there are).

    Only the generic protocol: new kinds of decisions need no change here."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return state.apply(outcomes[choose % len(outcomes)][0])
    actions = state.legal_actions()
    assert len(actions) > 0, f"no legal action for {state.current_player()}:\n{state}"
    return state.apply(actions[choose % len(actions)])


class WholeGames(RuleBasedStateMachine):
    """One game after another; Hypothesis picks every die and every decision."""

    state: State
    dead: set[int]

    @initialize(players=st.integers(2, 6), bay=st.booleans(), roll=st.booleans(),
                deck_seed=st.integers(0, 2**16))
    def new_game(self, players: int, bay: bool, roll: bool, deck_seed: int) -> None:
        first = FirstPlayerRule.ROLL if roll else FirstPlayerRule.SEAT_ORDER
        game = Game(players, options=Options(tokyo_bay=bay and players >= 5, first_player=first))
        self.state = game.new_initial_state(game.shuffled_deck(deck_seed))
        self.dead = set()
        self.steps = 0

    @precondition(lambda self: not self.state.is_terminal())
    @rule(choose=st.integers(0, 2**20))
    def act(self, choose: int) -> None:
        self.state = step(self.state, choose)
        self.steps += 1

    @precondition(lambda self: self.state.is_terminal())
    @rule(deck_seed=st.integers(0, 2**16))
    def next_game(self, deck_seed: int) -> None:
        game = self.state.game
        self.state = game.new_initial_state(game.shuffled_deck(deck_seed))
        self.dead = set()

    @invariant()
    def invariants_hold(self) -> None:
        assert_all(self.state)
        # Nobody acts or is acted on after its elimination (a history, not a state).
        for e in self.state.events:
            if e.kind is not EventKind.TURN_ENDED:
                assert e.seat not in self.dead or e.seat is None, (e, self.dead)
            assert e.source is None or e.source not in self.dead, (e, self.dead)
            if e.kind is EventKind.ELIMINATED and e.seat is not None:
                self.dead.add(e.seat)

    def teardown(self) -> None:
        # Every game ends: finish this one with random choices, checking every step.
        rng = random.Random(self.steps)
        state = self.state
        for _ in range(MAX_STEPS):
            if state.is_terminal():
                break
            state = step(state, rng.randrange(2**20))
            assert_all(state)
        assert state.is_terminal(), f"no end after {MAX_STEPS} steps:\n{state}"
        assert state.outcome is not None


TestWholeGames = WholeGames.TestCase
TestWholeGames.settings = budget(8, stateful_step_count=400)


class TestTheCardSet:
    def test_the_games_use_the_built_in_cards(self) -> None:
        game = Game(4)
        assert set(game.cards.physical_ids()) == set(builtin_card_set().physical_ids())
