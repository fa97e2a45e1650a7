"""Lasting card modifiers change the monster's own numbers, never reset them."""

from __future__ import annotations

from kot_rules.engine import Buy, Game, MonsterSetup, Roll, StopRolling


def _buy(setup: MonsterSetup, card: str) -> tuple[int, int]:
    game = Game(["A", "B"])
    ids = game.cards.resolve(card)  # type: ignore[attr-defined]
    s = game.setup_state([setup, MonsterSetup("B")], shop=[ids[0]])
    s = s.apply(Roll.of(1, 2, 3, 1, 2, 3)).apply(StopRolling()).apply(Buy(ids[0]))
    m = s.monsters[0]
    return m.hearts, m.max_hearts


class TestMaximumHearts:
    def test_a_card_without_a_maximum_change_keeps_a_raised_maximum(self) -> None:
        # regression: buying any keep card with a lasting change reset 12/12 to 10/10
        assert _buy(MonsterSetup("A", hearts=12, max_hearts=12, energy=5), "Spiked Tail") == (
            12,
            12,
        )

    def test_a_raising_card_adds_to_the_monster_s_own_maximum(self) -> None:
        # its own 11, +2 from the card's text, then "When you buy this card, heal 2."
        assert _buy(MonsterSetup("A", hearts=9, max_hearts=11, energy=4), "Even Bigger") == (
            11,
            13,
        )

    def test_owned_cards_raise_the_set_up_maximum(self) -> None:
        game = Game(["A", "B"])
        eb = game.cards.resolve("Even Bigger")[0]  # type: ignore[attr-defined]
        s = game.setup_state([MonsterSetup("A", hearts=12, cards=(eb,)), MonsterSetup("B")])
        assert (s.monsters[0].hearts, s.monsters[0].max_hearts) == (12, 12)
