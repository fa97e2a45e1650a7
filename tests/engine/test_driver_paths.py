"""The driver's copy-on-write shortcuts play exactly the game the plain protocol plays."""

from __future__ import annotations

import pytest

from kot_rules.engine import driver
from kot_rules.engine.agents import RandomAgent
from kot_rules.engine.events import NO_EVENT, Event
from kot_rules.engine.game import Game
from kot_rules.engine.state import State


class KeepingAgent(RandomAgent):
    """A random agent that keeps every state it is shown (so no state may change later)."""

    __slots__ = ("seen",)
    retains_states = True

    def __init__(self, rng: object) -> None:
        super().__init__(rng)  # type: ignore[arg-type]
        self.seen: list[tuple[State, str]] = []

    def act(self, state: State):  # type: ignore[no-untyped-def]
        self.seen.append((state, state.canonical()))
        return super().act(state)


class TestDriverPaths:
    @pytest.mark.parametrize("players", [2, 4, 6])
    def test_in_place_and_copying_paths_give_the_same_game(self, players: int) -> None:
        game = Game(players)
        for seed in range(5):
            fast = driver.play(game, seed, record=False)
            recorded = driver.play(game, seed)
            observed: list[State] = []
            watched = driver.play(game, seed, on_step=observed.append)
            assert fast.final is not None and recorded.final is not None
            assert fast.final.canonical() == recorded.final.canonical()
            assert watched.dumps() == recorded.dumps()
            assert fast.decisions == recorded.decisions == watched.decisions

    def test_states_shown_to_a_keeping_agent_never_change(self) -> None:
        game = Game(4)
        agents = [KeepingAgent(driver.agent_rng(3, i)) for i in range(4)]
        record = driver.play(game, 3, agents)
        assert record.final is not None and record.final.is_terminal()
        for agent in agents:
            assert agent.seen
            for state, text in agent.seen:
                assert state.canonical() == text


class EventReadingAgent(RandomAgent):
    """A random agent that reads the events of every state it is shown."""

    __slots__ = ("events",)
    reads_events = True

    def __init__(self, rng: object) -> None:
        super().__init__(rng)  # type: ignore[arg-type]
        self.events: list[Event] = []

    def act(self, state: State):  # type: ignore[no-untyped-def]
        self.events.extend(state.events)
        return super().act(state)


class TestQuietEvents:
    def test_a_game_nobody_reads_builds_no_events_and_plays_the_same(self) -> None:
        game = Game(4)
        shown: list[State] = []
        for seed in range(4):
            quiet = driver.play(game, seed, record=False)
            loud = driver.play(game, seed)
            assert quiet.final is not None and loud.final is not None
            assert quiet.final.canonical() == loud.final.canonical()
            assert quiet.final.events == ()
            assert loud.events and not any(e is NO_EVENT for e in loud.events)
            driver.play(game, seed, on_step=shown.append)
        assert shown and not any(e is NO_EVENT for s in shown for e in s.events)

    def test_an_agent_that_reads_events_is_shown_real_ones(self) -> None:
        game = Game(3)
        agents = [EventReadingAgent(driver.agent_rng(5, i)) for i in range(3)]
        driver.play(game, 5, agents, record=False)
        read = [e for a in agents for e in a.events]
        assert any(e.kind.value == "rolled" for e in read)
        assert not any(e is NO_EVENT for e in read)


class TestMalformedDiceActions:
    def test_dice_tuples_of_the_wrong_length_are_illegal_not_a_crash(self) -> None:
        from kot_rules.engine import IllegalActionError, Reroll, Roll

        state = Game(2).new_initial_state()
        before = state.canonical()
        with pytest.raises(IllegalActionError):
            state.apply(Roll((3, 3)))  # type: ignore[arg-type]
        rolled = state.apply(Roll.of(1, 1, 1, 2, 2, 2))
        with pytest.raises(IllegalActionError):
            rolled.apply(Reroll((1, 1)))  # type: ignore[arg-type]
        assert all(len(a.keep) == 6 for a in rolled.legal_actions() if isinstance(a, Reroll))
        assert state.canonical() == before
