"""King of Tokyo's fast paths take exactly the steps the plain ones take.

Each shortcut is checked against the computation it replaces, on every decision and roll
of many seeded games: KoT's own step (``kingoftokyo.step``) against ``turn.apply``, its
roll against ``turn.roll_in_place``, the random agent's fused decision
(``GameRules.random_step``) against applying ``legal.choose``'s pick, ``abilities.fires``
against a scan of the cards' abilities, and the driver's loop for random agents against
its general loop.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from random_loop_helpers import (
    assert_plain_rules_play_the_same_games,
    assert_random_loop_plays_the_general_game,
    quiet,
    seeded_states,
)

from kot_rules.engine import abilities, dice, legal, requests, turn
from kot_rules.engine.actions import END_TURN, Buy, Reroll
from kot_rules.engine.errors import IllegalActionError
from kot_rules.engine.game import Game, Options
from kot_rules.engine.state import CHANCE, TERMINAL, Phase, State
from kot_rules.games.king_of_tokyo import rules as kingoftokyo
from kot_rules.language.ast import Trigger

SEEDS = range(1, 13)
US = (0.0, 0.13, 0.5, 0.77, 0.999999)


def states(players: int, seeds: range = SEEDS) -> Iterator[State]:
    """Every state of seeded random games (full deck), each one a private copy."""
    return seeded_states(Game(players), seeds)


def outcome_of(step: object, s: State, *args: object) -> tuple[str, str]:
    """The position after ``step(s, *args)`` (or the error it raised) and its events."""
    try:
        step(s, *args)  # type: ignore[operator]
    except IllegalActionError as exc:
        return "illegal: " + str(exc), ""
    return s.canonical(), repr(s.events)


@pytest.fixture(scope="module")
def four() -> list[State]:
    return list(states(4))


@pytest.fixture(scope="module")
def decisions(four: list[State]) -> list[State]:
    return [s for s in four if s.current_player() not in (CHANCE, TERMINAL)]


class TestRandomStep:
    def test_same_step_as_the_agents_pick(self, decisions: list[State]) -> None:
        assert len(decisions) > 2000
        for s in decisions:
            for u in US:
                fast, plain = quiet(s), quiet(s)
                kingoftokyo.random_step(fast, u)
                turn.apply(plain, legal.choose(plain, u))
                assert fast.canonical() == plain.canonical(), (u, str(s))

    def test_with_events_it_takes_the_plain_step(self, decisions: list[State]) -> None:
        for s in decisions[::7]:
            fast, plain = s.copy(), s.copy()
            kingoftokyo.random_step(fast, 0.4)
            turn.apply(plain, legal.choose(plain, 0.4))
            assert (fast.canonical(), fast.events) == (plain.canonical(), plain.events)

    def test_every_phase_is_met(self, decisions: list[State]) -> None:
        phases = {s.phase for s in decisions if s.pending is None}
        assert {Phase.KEEP, Phase.BUY, Phase.YIELD} <= phases
        assert any(s.pending is not None for s in decisions)


class TestStep:
    def test_every_legal_action_as_turn_apply_takes_it(self, decisions: list[State]) -> None:
        checked = 0
        for s in decisions[::3]:
            actions = list(s.legal_actions())
            for action in actions[:: max(1, len(actions) // 6)]:
                for make in (State.copy, quiet):
                    fast, plain = make(s), make(s)
                    assert outcome_of(kingoftokyo.step, fast, action) == outcome_of(
                        turn.apply, plain, action
                    ), (action, str(s))
                    checked += 1
        assert checked > 2000

    def test_illegal_decisions_raise_and_change_nothing(self, decisions: list[State]) -> None:
        keeps = [s for s in decisions if s.phase is Phase.KEEP and s.pending is None][:200]
        assert keeps
        for s in keeps:
            bad = (
                Reroll(s.dice),  # keeps every die: nothing to reroll
                Reroll((7, 0, 0, 0, 0, 0)),  # dice that are not on the table
                END_TURN,  # not in this phase
            )
            for action in bad:
                before = s.canonical()
                fast, plain = s.copy(), s.copy()
                with pytest.raises(IllegalActionError):
                    kingoftokyo.step(fast, action)
                with pytest.raises(IllegalActionError):
                    turn.apply(plain, action)
                assert s.canonical() == before

    def test_a_keep_that_is_not_six_counts_cannot_be_made(self) -> None:
        # Refused when built, so no step (pure or compiled) ever reads a malformed keep.
        for keep in ((0, 0, 0), (0, 0, 0, 0, 0, 0, 0), [0] * 6, (1.0, 0, 0, 0, 0, 0)):
            with pytest.raises(IllegalActionError, match="not six counts"):
                Reroll(keep)  # type: ignore[arg-type]

    def test_a_reroll_with_no_roll_left_is_refused(self, decisions: list[State]) -> None:
        s = next(s for s in decisions if s.phase is Phase.KEEP and s.pending is None).copy()
        s.rolls_done = s.rolls_allowed
        keep = dice.sub_multiset(s.dice, 0)
        with pytest.raises(IllegalActionError, match="every roll"):
            kingoftokyo.step(s, Reroll(keep))


class TestRoll:
    def test_same_roll_as_turn_roll_in_place(self, four: list[State]) -> None:
        rolls = [s for s in four if s.phase is Phase.ROLL and s.pending is None]
        assert len(rolls) > 1000
        rng = random.Random(12)
        for s in rolls:
            counts = dice.sample(rng, s.to_roll)
            for make in (State.copy, quiet):
                fast, plain = make(s), make(s)
                kingoftokyo.roll_in_place(fast, counts)
                turn.roll_in_place(plain, counts)
                assert fast.canonical() == plain.canonical(), str(s)
                assert (fast.pending is None) == (plain.pending is None)
                if make is State.copy:
                    assert fast.events == plain.events

    def test_throws_are_what_sample_draws(self) -> None:
        for n in range(7):
            a, b = random.Random(n), random.Random(n)
            table = dice.throws(n)
            assert len(table) == 6**n
            for _ in range(50):
                assert dice.sample(a, n) == table[int(b.random() * len(table))]
            assert dice.THROWS[n] == len(table)
            # dice.throw gives what the table holds, throw by throw, and so does the
            # computation the compiled engine uses.
            assert all(dice.throw(n, i) == table[i] for i in range(len(table)))
            assert all(dice.computed_throw(n, i) == table[i] for i in range(len(table)))


class TestAnyIn:
    def test_any_in_is_not_isdisjoint(self) -> None:
        rng = random.Random(7)
        names = [f"c{i}" for i in range(8)]
        for _ in range(2_000):
            ids = frozenset(rng.sample(names, rng.randrange(len(names) + 1)))
            cards = tuple(rng.sample(names, rng.randrange(4)))
            assert abilities.any_in(ids, cards) == (not ids.isdisjoint(cards))


class TestLegal:
    def test_buy_choices_are_the_buy_phase_decisions(self, decisions: list[State]) -> None:
        buys = [s for s in decisions if s.phase is Phase.BUY and s.pending is None]
        assert len(buys) > 300
        for s in buys:
            cards, rest = legal.buy_choices(s)
            assert [Buy(c) for c in cards] + rest == list(legal.legal_actions(s))
            assert all(legal.buy_action(c) == Buy(c) for c in cards)


class TestFires:
    @staticmethod
    def plain(s: State, seat: int, trigger: Trigger) -> bool:
        return any(
            a.trigger is trigger
            for c in s.monsters[seat].cards
            for a in abilities.abilities_of(s, c)
        )

    def test_agrees_with_a_scan_of_the_abilities(self, four: list[State]) -> None:
        held = [s for s in four if any(m.cards for m in s.monsters)][::5]
        assert held
        hits = 0
        for s in held:
            for seat in range(len(s.monsters)):
                for trigger in Trigger:
                    fast = abilities.fires(s, seat, trigger)
                    assert fast == self.plain(s, seat, trigger), (seat, trigger, str(s))
                    hits += fast
        assert hits > 100


class TestDriverLoop:
    @pytest.mark.parametrize(
        ("players", "bay"), [(2, None), (4, None), (5, True), (6, None), (6, False)]
    )
    def test_same_games_as_the_general_loop(self, players: int, bay: bool | None) -> None:
        game = Game(players, options=Options(tokyo_bay=bay))
        for seed in range(1, 16):
            assert_random_loop_plays_the_general_game(game, seed)

    @pytest.mark.parametrize("players", [2, 4, 6])
    def test_the_plain_rules_play_the_same_games(self, players: int) -> None:
        # The same rules under another object: no random_step, and KoT's step and roll
        # take none of their shortcuts (they require kingoftokyo.RULES): turn.apply plays.
        plain = Game(players, rules=replace(kingoftokyo.RULES, random_step=None))
        game = Game(players)
        assert_plain_rules_play_the_same_games(plain, game, range(1, 11))


class TestInlineAnswers:
    @staticmethod
    def replayed(base: State, action: object, seed: int) -> State:
        """The step as it stops and is replayed: each question answered as the driver's
        general loop answers it (the seat's random agent, or the chance generator)."""
        rng = random.Random(seed)
        rngs = [random.Random(seed + 1 + i) for i in range(len(base.monsters))]
        s = base.copy()
        kingoftokyo.step(s, action)  # type: ignore[arg-type]
        while s.pending is not None:
            if s.pending.request.is_chance:
                kingoftokyo.step(s, s.sample_chance(rng))
            else:
                u = rngs[s.pending.request.seat].random()
                kingoftokyo.step(s, legal.choose(s, u))
        return s

    @staticmethod
    def inline(base: State, action: object, seed: int) -> tuple[State, int]:
        rng = random.Random(seed)
        rngs = [random.Random(seed + 1 + i) for i in range(len(base.monsters))]
        s = base.copy()
        answers = requests.InlineAnswers(s, rng, rngs)
        requests.answer_inline(answers)
        try:
            kingoftokyo.step(s, action)  # type: ignore[arg-type]
        finally:
            requests.stop_answering(answers)
        return s, answers.decisions

    def test_same_step_as_stopping_and_replaying(self) -> None:
        asked = [
            s for s in states(4, range(1, 40)) if s.pending is not None
        ]
        assert len(asked) > 50
        assert any(s.pending is not None and s.pending.request.is_chance for s in asked)
        decided = 0
        for i, s in enumerate(asked):
            assert s.pending is not None
            base, action = s.pending.base, s.pending.action
            done, answered = self.inline(base, action, i)
            assert done.pending is None
            assert done.canonical() == self.replayed(base, action, i).canonical()
            decided += answered
        assert decided > 0

    def test_only_the_registered_state_is_answered(self) -> None:
        s = next(s for s in states(4, range(1, 40)) if s.pending is not None)
        assert s.pending is not None
        base, action = s.pending.base, s.pending.action
        other = base.copy()
        answers = requests.InlineAnswers(base.copy(), random.Random(1), [random.Random(2)] * 4)
        requests.answer_inline(answers)
        try:
            kingoftokyo.step(other, action)
        finally:
            requests.stop_answering(answers)
        assert other.pending is not None  # a state nobody answers for still stops
        assert not requests.answered_inline(other)
