"""The driver's copy-on-write shortcuts play exactly the game the plain protocol plays."""

from __future__ import annotations

import pytest

from kot_rules.engine import driver
from kot_rules.engine.agents import RandomAgent
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
        assert Reroll((1, 1)) not in rolled.legal_actions()  # type: ignore[arg-type]
        assert state.canonical() == before
