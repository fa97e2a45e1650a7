"""Illegal rolls, keeps and other actions offered to every game, and what each raised.

    python tests/engine/compiled_identity_errors.py

Run twice by ``test_compiled_identity.py``, with ``KOT_RULES_PURE=1`` and without: the
first line names the engine, then one line per game and action: the exception's class
and message, and whether the state was left as it was (its JSON before and after). An
action of the wrong shape is refused when it is built; the others when applied.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from kot_rules import native
from kot_rules.engine.actions import (
    STOP,
    Action,
    Buy,
    Choose,
    FirstPlayer,
    Reroll,
    ResolveFaces,
    Roll,
    SpendDiceTokens,
    UseCard,
)
from kot_rules.engine.dice import Face
from kot_rules.engine.state import Phase, State
from kot_rules.games import definitions


def wrong(value: object) -> Any:
    """A value of the wrong shape where six counts are expected (what a careless caller
    passes; the type checker would refuse it)."""
    return value


def illegal_rolls(n: int) -> list[tuple[str, Callable[[], Action]]]:
    return [
        ("roll: five counts", lambda: Roll(wrong((n, 0, 0, 0, 0)))),
        ("roll: seven counts", lambda: Roll(wrong((n, 0, 0, 0, 0, 0, 0)))),
        ("roll: a negative count", lambda: Roll((n + 1, -1, 0, 0, 0, 0))),
        ("roll: a float", lambda: Roll(wrong((float(n), 0, 0, 0, 0, 0)))),
        ("roll: a list", lambda: Roll(wrong([n, 0, 0, 0, 0, 0]))),
        ("roll: one die too many", lambda: Roll((n + 1, 0, 0, 0, 0, 0))),
        ("roll: one die too few", lambda: Roll((n - 1, 0, 0, 0, 0, 0))),
        ("roll: not a roll", lambda: STOP),
    ]


def illegal_keeps(dice: tuple[int, ...]) -> list[tuple[str, Callable[[], Action]]]:
    return [
        ("keep: three counts", lambda: Reroll(wrong((0, 0, 0)))),
        ("keep: a list", lambda: Reroll(wrong([0] * 6))),
        ("keep: a float", lambda: Reroll(wrong((0.0, 0, 0, 0, 0, 0)))),
        ("keep: a negative count", lambda: Reroll((-1, 0, 0, 0, 0, 0))),
        ("keep: dice not on the table", lambda: Reroll((7, 0, 0, 0, 0, 0))),
        ("keep: every die", lambda: Reroll(wrong(tuple(dice)))),
        ("keep: a roll", lambda: Roll((1, 0, 0, 0, 0, 0))),
    ]


def other_actions() -> list[tuple[str, Callable[[], Action]]]:
    return [
        ("buy: an int card", lambda: Buy(wrong(3))),
        ("buy: a text seller", lambda: Buy("x", wrong("y"))),
        ("buy: no such card", lambda: Buy("no-such-card")),
        ("use: an int card", lambda: UseCard(wrong(5))),
        ("use: a text ability", lambda: UseCard("x", wrong("a"))),
        ("use: a text face", lambda: UseCard("x", die=wrong("claw"))),
        ("use: no such card", lambda: UseCard("no-such-card")),
        ("answer: None", lambda: Choose(wrong(None))),
        ("answer: nothing was asked", lambda: Choose("yes")),
        ("tokens: a text count", lambda: SpendDiceTokens(wrong("2"))),
        ("resolve: a text face", lambda: ResolveFaces(wrong("claw"))),
        ("resolve: a face", lambda: ResolveFaces(Face.HEART)),
        ("first player: a text seat", lambda: FirstPlayer(wrong("0"))),
        ("first player: a bool seat", lambda: FirstPlayer(wrong(True))),
        ("first player: seat 9", lambda: FirstPlayer(9)),
    ]


def first(state: State, phase: Phase) -> State:
    """The first state of ``state``'s game in ``phase`` (first legal choices)."""
    while state.phase is not phase:
        state = state.apply(state.legal_actions()[0] if not state.is_chance_node() else
                            state.chance_outcomes()[0][0])
    return state


def offer(game_id: str, state: State, cases: list[tuple[str, Callable[[], Action]]]) -> None:
    for what, make in cases:
        before = json.dumps(state.to_json())
        try:
            state.apply(make())
            outcome = "accepted"
        except Exception as exc:  # the class is what the test compares
            outcome = f"{type(exc).__name__}: {exc}"
        same = json.dumps(state.to_json()) == before
        print(f"{game_id} | {what} | {outcome} | state unchanged: {same}")


def main() -> None:
    print(json.dumps({"engine": native.status().to_json()["engine"]}))
    for definition in definitions():
        game = definition.new_game(definition.min_players)
        state = first(game.new_initial_state(game.shuffled_deck(1)), Phase.ROLL)
        offer(definition.id, state, illegal_rolls(state.to_roll))
        state = first(state, Phase.KEEP)
        offer(definition.id, state, illegal_keeps(state.dice))
        offer(definition.id, state, other_actions())


if __name__ == "__main__":
    main()
