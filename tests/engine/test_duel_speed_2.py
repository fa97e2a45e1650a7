"""King of Tokyo: Duel's random step and the driver's random loop for it.

Each fast path is checked against the plain computation it replaces, on every decision
and roll of seeded random Duel games: ``duel.random_step`` (questions answered as they are
asked) against ``duel.apply`` of the agent's pick with the step stopped and replayed for
each answer; Duel's roll with inline answers against the plain roll; the driver's random
loop against its general loop and the recorded game, including a game that asks a
question once it is over (the loop plays it again the general way).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from random_loop_helpers import (
    PlainRandomAgent,
    assert_plain_rules_play_the_same_games,
    assert_random_loop_plays_the_general_game,
    quiet,
    seeded_states,
)

from kot_rules.engine import dice, driver, requests
from kot_rules.engine.agents import RandomAgent
from kot_rules.engine.events import QUIET_EVENTS
from kot_rules.engine.game import Game
from kot_rules.engine.requests import NeedAnswer
from kot_rules.engine.state import CHANCE, TERMINAL, Phase, State
from kot_rules.games import get as get_game
from kot_rules.games.king_of_tokyo_duel import board as tracks
from kot_rules.games.king_of_tokyo_duel import rules as duel

SEEDS = range(1, 9)
US = (0.0, 0.13, 0.5, 0.77, 0.999999)
ASKED_ONCE_OVER = 812
"""A seed whose game ends in the middle of a step that then asks a question."""


def duel_game() -> Game:
    d = get_game("king-of-tokyo-duel")
    return d.new_game(2, options=d.options())


def states(seeds: range = SEEDS) -> Iterator[State]:
    """Every state of seeded random Duel games, each one a private copy."""
    return seeded_states(duel_game(), seeds)


def rngs_for(seed: int) -> tuple[random.Random, list[random.Random]]:
    return random.Random(seed), [random.Random(seed + 1), random.Random(seed + 2)]


def answered_by_replay(s: State, seed: int) -> State:
    """Answer ``s``'s questions as the driver's general loop does: the step stops, the
    seat's random agent (or chance) answers, the step is replayed."""
    rng, rngs = rngs_for(seed)
    while s.pending is not None and s.phase is not Phase.OVER:
        if s.pending.request.is_chance:
            duel.apply(s, s.sample_chance(rng))
        else:
            options = s.pending.request.options
            duel.apply(s, options[int(rngs[s.pending.request.seat].random() * len(options))])
        s.events = QUIET_EVENTS
    return s


def inline(step: object, s: State, arg: object, seed: int) -> tuple[State, bool]:
    """``step(s, arg)`` with ``s``'s questions answered as they are asked; whether the
    step stopped at a question asked once the game was over."""
    rng, rngs = rngs_for(seed)
    answers = requests.InlineAnswers(s, rng, rngs)
    requests.answer_inline(answers)
    try:
        step(s, arg)  # type: ignore[operator]
    except NeedAnswer:
        return s, True
    finally:
        requests.stop_answering(answers)
    return s, False


@pytest.fixture(scope="module")
def every() -> list[State]:
    return list(states())


@pytest.fixture(scope="module")
def decisions(every: list[State]) -> list[State]:
    return [
        s for s in every if s.current_player() not in (CHANCE, TERMINAL) and s.pending is None
    ]


class TestRandomStep:
    def test_same_step_as_the_agents_pick_stopped_and_replayed(
        self, decisions: list[State]
    ) -> None:
        assert len(decisions) > 1500
        phases = set()
        for i, s in enumerate(decisions):
            phases.add(s.phase)
            for u in US:
                fast, stopped = inline(duel.random_step, quiet(s), u, i)
                plain = quiet(s)
                actions = duel.legal_actions(plain)
                duel.apply(plain, actions[int(u * len(actions))])
                plain.events = QUIET_EVENTS
                plain = answered_by_replay(plain, i)
                if stopped:
                    assert plain.phase is Phase.OVER and plain.pending is not None
                    continue
                assert fast.pending is None
                assert fast.canonical() == plain.canonical(), (u, str(s))
        assert {Phase.KEEP, Phase.RESOLVE, Phase.BUY} <= phases

    def test_without_inline_answers_it_is_the_plain_step(self, decisions: list[State]) -> None:
        for s in decisions[::5]:
            for u in (0.2, 0.9):
                fast, plain = quiet(s), quiet(s)
                duel.random_step(fast, u)
                actions = duel.legal_actions(plain)
                duel.apply(plain, actions[int(u * len(actions))])
                assert fast.canonical() == plain.canonical()


class TestRoll:
    def test_inline_roll_is_the_plain_roll_replayed(self, every: list[State]) -> None:
        rolls = [s for s in every if s.phase is Phase.ROLL and s.pending is None]
        assert len(rolls) > 500
        for i, s in enumerate(rolls):
            counts = dice.sample(random.Random(i), s.to_roll)
            fast, stopped = inline(duel.roll_in_place, quiet(s), counts, i)
            plain = quiet(s)
            duel.roll_in_place(plain, counts)
            plain.events = QUIET_EVENTS
            plain = answered_by_replay(plain, i)
            if stopped:
                assert plain.phase is Phase.OVER and plain.pending is not None
                continue
            assert fast.canonical() == plain.canonical()


class TestDriverLoop:
    @pytest.mark.parametrize("seeds", [range(1, 21), range(ASKED_ONCE_OVER, ASKED_ONCE_OVER + 1)])
    def test_same_games_as_the_general_loop_and_the_record(self, seeds: range) -> None:
        game = duel_game()
        for seed in seeds:
            assert_random_loop_plays_the_general_game(game, seed)

    def test_agents_given_by_the_caller_replay_from_their_own_state(self) -> None:
        game = duel_game()
        seed = ASKED_ONCE_OVER
        general = driver.play(
            game, seed, [PlainRandomAgent(driver.agent_rng(seed, i)) for i in range(2)],
            record=False,
        )
        # The caller's own generators: their states are kept for the replay.
        given = [RandomAgent(driver.agent_rng(seed, i)) for i in range(2)]
        fast = driver.play(game, seed, given, record=False)
        assert fast.final is not None and general.final is not None
        assert fast.final.pending is not None
        assert fast.final.canonical() == general.final.canonical()
        assert fast.decisions == general.decisions

    def test_the_seed_asks_a_question_once_the_game_is_over(self) -> None:
        game = duel_game()
        final = driver.play(game, ASKED_ONCE_OVER, record=False).final
        assert final is not None
        assert final.phase is Phase.OVER and final.pending is not None

    def test_the_plain_rules_play_the_same_games(self) -> None:
        # The same rules with no random_step: the driver's general loop plays them.
        game = duel_game()
        plain = Game(2, options=game.options, rules=replace(duel.RULES, random_step=None))
        assert_plain_rules_play_the_same_games(plain, game, range(1, 11))


class _Fixed(random.Random):
    """A generator whose draws are all ``u``."""

    def __init__(self, u: float) -> None:
        super().__init__(0)
        self.u = u

    def random(self) -> float:
        return self.u


class TestBuzzPlacePick:
    """duel._pick_place, the random loop's Buzz tile choice, against the options asked."""

    def test_each_pick_is_the_option_asked(self) -> None:
        game = duel_game()
        gen = random.Random(2026)
        for tile in sorted(tracks.TILES):
            places = [p for per in tracks.candidates(tile, None) for _, p, _ in per]
            for _ in range(40):
                fame_busy, destruction_busy = gen.getrandbits(15), gen.getrandbits(15)
                here = gen.choice([None, *places])
                found, options = duel._place_options(tile, here, fame_busy, destruction_busy)
                for i in range(max(1, len(options))):
                    s = game.new_initial_state()
                    u = (i + 0.5) / max(1, len(options))
                    answers = requests.InlineAnswers(s, _Fixed(u), [_Fixed(u), _Fixed(u)])
                    requests.answer_inline(answers)
                    try:
                        picked, placed = duel._pick_place(
                            s, 0, tile, here, fame_busy, destruction_busy)
                    finally:
                        requests.stop_answering(answers)
                    assert picked
                    if not options:
                        assert placed is None
                        continue
                    # ask() with one option draws nothing and returns it.
                    answer = options[0] if len(options) == 1 else options[i]
                    key = getattr(answer, "key", None)
                    assert placed == (found.get(key) if key is not None else None), (tile, i)
                    assert answers.decisions == (0 if len(options) == 1 else 1)

    def test_no_pick_without_an_inline_answerer(self) -> None:
        s = duel_game().new_initial_state()
        tile = sorted(tracks.TILES)[0]
        assert duel._pick_place(s, 0, tile, None, 0, 0) == (False, None)
