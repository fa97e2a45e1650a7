"""Smoke test of the engine on the built-in card set (kot_rules.language.cardset).

The only engine test that loads the built-in set: every other one uses the
explicit catalogue of kot_engine_helpers.
"""

from __future__ import annotations

from collections import Counter

from kot_rules.engine import Game, driver


class TestBuiltinCardSet:
    def test_a_seeded_game_plays_to_the_end_with_every_card_accounted_for(self) -> None:
        game = Game(4)  # no cards=: the built-in set
        ids = game.cards.physical_ids()
        # 66 power cards [001 §ELEMENTY GRY], each with a non-negative cost
        assert len(ids) == 66 and len(set(ids)) == 66
        assert all(game.cards.cost(c) >= 0 for c in ids)
        start = game.new_initial_state(game.shuffled_deck(2011))
        assert len(start.shop) == 3 and len(start.deck) == 63
        rec = driver.play(game, 2011)
        final = rec.final
        assert final is not None and final.is_terminal() and final.outcome is not None
        placed = Counter(final.deck) + Counter(final.shop) + Counter(final.discard)
        for m in final.monsters:
            placed += Counter(m.cards)
        assert placed == Counter(ids)
        assert driver.play(Game(4), 2011).dumps() == rec.dumps()
