"""What the random-loop tests of every game share (test_kot_speed, test_duel_speed_2,
test_kony_speed): seeded states, a quiet copy, and the driver's random loop played against
its general loop and the recorded game."""

from __future__ import annotations

from collections.abc import Iterator

from kot_rules.engine import driver
from kot_rules.engine.agents import RandomAgent
from kot_rules.engine.events import QUIET_EVENTS
from kot_rules.engine.game import Game
from kot_rules.engine.state import State


class PlainRandomAgent(RandomAgent):
    """The random agent under another class: the driver's general loop plays it."""

    __slots__ = ()


def seeded_states(game: Game, seeds: range) -> Iterator[State]:
    """Every state of the seeded random games of ``game``, each one a private copy."""
    for seed in seeds:
        seen: list[State] = []
        driver.play(game, seed, on_step=seen.append)
        yield from seen


def quiet(s: State) -> State:
    """A copy of ``s`` whose events nobody reads (the driver's quiet games)."""
    c = s.copy()
    c.events = QUIET_EVENTS
    return c


def assert_random_loop_plays_the_general_game(
    game: Game, seed: int, *, count_questions: bool = False
) -> int:
    """The driver's random loop plays seed ``seed`` of ``game`` as its general loop (the
    same agents under another class) and the recorded game do: the same final state and
    decisions, and no events kept. With ``count_questions`` the general loop is watched
    (each step seen, so it copies the state) and the questions it stopped for are returned;
    otherwise it plays in place, unwatched, and 0 is returned."""
    players = len(game.names)
    agents = [PlainRandomAgent(driver.agent_rng(seed, i)) for i in range(players)]
    steps: list[State] = []
    general = driver.play(game, seed, agents, record=False,
                          on_step=steps.append if count_questions else None)
    fast = driver.play(game, seed, record=False)
    recorded = driver.play(game, seed)
    assert fast.final is not None and general.final is not None
    assert recorded.final is not None
    assert fast.final.canonical() == general.final.canonical()
    assert fast.final.canonical() == recorded.final.canonical()
    assert fast.decisions == general.decisions == recorded.decisions
    assert fast.final.events == ()
    return sum(1 for s in steps if s.pending is not None)


def assert_plain_rules_play_the_same_games(plain: Game, game: Game, seeds: range) -> None:
    """``plain`` (the same rules with no ``random_step``) plays the seeds as ``game`` does."""
    for seed in seeds:
        a = driver.play(plain, seed, record=False)
        b = driver.play(game, seed, record=False)
        assert a.final is not None and b.final is not None
        assert a.final.canonical() == b.final.canonical()
        assert a.decisions == b.decisions
