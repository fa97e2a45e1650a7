"""A keep card's lasting maximum is in force the moment it is bought, even while a question
that the refill of the shop asks (a card revealed to a monster that may buy it) waits."""

from __future__ import annotations

from kot_rules.engine import Buy, Game, MonsterSetup, Roll, StopRolling
from kot_rules.engine.actions import PASS
from kot_rules.games.king_of_tokyo.invariants import check_all


def _id(game: Game, name: str) -> str:
    return game.cards.resolve(name)[0]  # type: ignore[attr-defined]


class TestMaximumWhileARefillAsks:
    def test_even_bigger_raises_the_maximum_before_opportunist_is_asked(self) -> None:
        game = Game(["A", "B"])
        bigger, opportunist = _id(game, "Even Bigger"), _id(game, "Opportunist")
        revealed = _id(game, "Heal")
        s = game.setup_state(
            [MonsterSetup("A", hearts=8, energy=9), MonsterSetup("B", energy=9,
                                                                 cards=(opportunist,))],
            shop=[bigger, _id(game, "Tanks"), _id(game, "Energize")], deck=[revealed])
        s = s.apply(Roll.of(1, 2, 3, 1, 2, "claw")).apply(StopRolling())
        waiting = s.apply(Buy(bigger))
        # B is asked whether it buys the card just revealed; A already holds Even Bigger.
        assert waiting.pending is not None and waiting.current_player() == 1
        a = waiting.monsters[0]
        assert bigger in a.cards and a.max_hearts == 12
        assert check_all(waiting) == []
        done = waiting.apply(PASS)
        assert done.monsters[0].max_hearts == 12 and done.monsters[0].hearts == 10
