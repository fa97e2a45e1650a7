"""Illegal rolls offered to every game at its first roll, and what each raised.

    python tests/engine/compiled_identity_errors.py

Run twice by ``test_compiled_identity.py``, with ``KOT_RULES_PURE=1`` and without: the
first line names the engine, then one line per game and roll: the exception's class and
message, and whether the state was left as it was (its JSON before and after).
"""

from __future__ import annotations

import json
from typing import Any

from kot_rules import native
from kot_rules.engine.actions import STOP, Action, Roll
from kot_rules.engine.state import Phase, State
from kot_rules.games import definitions


def cast_counts(value: tuple[Any, ...]) -> Any:
    """A value of the wrong shape where six counts are expected (what a careless caller
    passes; the type checker would refuse it)."""
    return value


def illegal_rolls(dice: int) -> list[tuple[str, Action]]:
    return [
        ("five counts", Roll(cast_counts((dice, 0, 0, 0, 0)))),
        ("seven counts", Roll(cast_counts((dice, 0, 0, 0, 0, 0, 0)))),
        ("a negative count", Roll((dice + 1, -1, 0, 0, 0, 0))),
        ("one die too many", Roll((dice + 1, 0, 0, 0, 0, 0))),
        ("a float", Roll(cast_counts((float(dice), 0, 0, 0, 0, 0)))),
        ("not a roll", STOP),
    ]


def first_roll(state: State) -> State:
    """The first state of ``state``'s game that waits for a roll of the dice."""
    while state.phase is not Phase.ROLL:
        state = state.apply(state.legal_actions()[0] if not state.is_chance_node() else
                            state.chance_outcomes()[0][0])
    return state


def main() -> None:
    print(json.dumps({"engine": native.status().to_json()["engine"]}))
    for definition in definitions():
        game = definition.new_game(definition.min_players)
        state = first_roll(game.new_initial_state(game.shuffled_deck(1)))
        for what, action in illegal_rolls(state.to_roll):
            before = state.to_json()
            try:
                state.apply(action)
                outcome = "accepted"
            except Exception as exc:  # the class is what the test compares
                outcome = f"{type(exc).__name__}: {exc}"
            same = json.dumps(state.to_json()) == json.dumps(before)
            print(f"{definition.id} | {what} | {outcome} | state unchanged: {same}")


if __name__ == "__main__":
    main()
