"""The Buzz icons of Duel's 50 cards as the fact sheet counts them (kony-duel-facts B.7,
B.10): 33 cards carry one, and each of the 11 shared tiles is named by exactly 3 cards;
The King's tiles are named by none (they are his power's)."""

from __future__ import annotations

from collections import Counter

from kot_rules.language.cardset import builtin_card_set
from kot_rules.rulebook import game_buzz_tiles

DUEL = "king-of-tokyo-duel"


class TestBuzzIcons:
    def test_thirty_three_cards_carry_an_icon(self) -> None:
        cards = builtin_card_set(DUEL).cards
        assert len(cards) == 50
        assert sum(1 for c in cards if c.buzz) == 33

    def test_each_shared_tile_is_named_by_three_cards(self) -> None:
        named = Counter(c.buzz for c in builtin_card_set(DUEL).cards if c.buzz)
        shared = {t.id for t in game_buzz_tiles(DUEL) if not t.king}
        assert set(named) == shared and len(shared) == 11
        assert set(named.values()) == {3}
