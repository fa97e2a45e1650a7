"""A game is a definition behind a registry; Game(...) plays King of Tokyo unless told
otherwise, and the kernel reaches the game only through ``game.rules``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from kot_rules.engine import Phase
from kot_rules.engine.actions import STOP, Action, Roll
from kot_rules.engine.driver import play
from kot_rules.engine.game import Game, Options
from kot_rules.engine.state import Outcome, State
from kot_rules.games import DEFAULT_GAME, UnknownGameError, get, ids
from kot_rules.games.king_of_tokyo.definition import KING_OF_TOKYO


def test_game_plays_king_of_tokyo_by_default() -> None:
    assert Game(4).rules is KING_OF_TOKYO.rules
    assert KING_OF_TOKYO.rules.id == DEFAULT_GAME == "king-of-tokyo"
    assert ids() == ("king-of-new-york", "king-of-tokyo", "king-of-tokyo-duel")
    with pytest.raises(UnknownGameError,
                       match="the games are king-of-new-york, king-of-tokyo, king-of-tokyo-duel"):
        get("duel")


def test_the_definition_holds_what_a_game_is() -> None:
    d = get("king-of-tokyo")
    assert (d.min_players, d.max_players) == (2, 6)
    assert len(d.dice.faces) == 6 and (d.dice.count, d.dice.rolls) == (6, 3)
    assert [p.value for p in d.board.places] == ["city", "bay"]
    assert d.options is Options
    assert set(d.phases) == set(Phase) - {Phase.OVER, Phase.DICE_TOKENS, Phase.RESOLVE,
                                          Phase.PLACE, Phase.DESTROY, Phase.MOVE}
    assert d.hooks.after_step is None  # victory only at the end of a turn
    assert d.dialect == "king-of-tokyo" and "INV-TOKYO" in d.invariants
    assert d.symbolic_model == "kot_rules.games.king_of_tokyo.kernel"
    assert d.to_json() == {"id": "king-of-tokyo", "title": "King of Tokyo (2011)",
                           "players": {"min": 2, "max": 6}}
    g = d.new_game(5, options=Options(tokyo_bay=False))
    assert g.rules is d.rules and g.num_players == 5 and not g.tokyo_bay


def test_the_kernel_reaches_the_game_through_its_rules() -> None:
    """A game whose victory hook runs after every step ends at its first step, and its own
    legal actions are what the state offers: the kernel calls what ``game.rules`` holds,
    never King of Tokyo's functions by name."""
    base = KING_OF_TOKYO.rules
    calls: list[Phase] = []

    def legal(s: State) -> Sequence[Action]:
        calls.append(s.phase)
        return base.legal_actions(s)

    def first_step_wins(s: State) -> Outcome | None:
        return Outcome(s.active, "the first step")

    hooks = replace(base.hooks, after_step=first_step_wins)
    record = play(Game(3, rules=replace(base, hooks=hooks)), seed=1)
    assert record.final is not None and record.final.outcome is not None
    assert record.final.outcome.reason == "the first step"

    s = Game(3, rules=replace(base, legal_actions=legal)).new_initial_state()
    s = s.apply(Roll((6, 0, 0, 0, 0, 0)))
    assert STOP in s.legal_actions() and calls == [Phase.KEEP]
    # King of Tokyo itself is untouched.
    final = play(Game(3), seed=1).final
    assert final is not None and final.outcome is not None
    assert final.outcome.reason != "the first step"

