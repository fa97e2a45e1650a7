"""The tree with explicit chance under both adapters (kot_rules.adapters.tree)."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product

import pytest
from adapter_walk import walk

from kot_rules import games
from kot_rules.adapters.tree import DEAL, FIRST, ROLL, Node, Shape
from kot_rules.engine import dice
from kot_rules.engine.actions import Roll
from kot_rules.engine.game import Game
from kot_rules.engine.options import FirstPlayerRule, Options
from kot_rules.engine.state import CHANCE


def _game(players: int = 3, rule: FirstPlayerRule = FirstPlayerRule.ROLL) -> Game:
    return games.get(games.DEFAULT_GAME).new_game(players, options=Options(first_player=rule))


class TestChanceProbabilities:
    """Every chance node's outcomes are distinct ids with exact probabilities summing to 1."""

    @pytest.mark.parametrize("game_id", games.ids())
    def test_sum_to_one_at_every_chance_node(self, game_id: str) -> None:
        d = games.get(game_id)
        # Duel's first player is seat 0, never rolled for (D-DUEL-FIRST-PLAYER).
        duel = d.rules.board_from_json is not None
        rule = FirstPlayerRule.SEAT_ORDER if duel else FirstPlayerRule.ROLL
        game = d.new_game(d.min_players, options=Options(first_player=rule))
        kinds: set[str] = set()

        def check(node: Node) -> None:
            kind = node.chance_kind()
            if kind is None:
                return
            kinds.add(kind)
            outcomes = node.chance_outcomes()
            ids = [i for i, _ in outcomes]
            assert len(set(ids)) == len(ids)
            assert all(0 <= i < node.shape.max_chance_outcomes for i in ids)
            assert sum(p for _, p in outcomes) == 1
            assert node.legal_actions() == sorted(ids)
            assert node.current_player() == CHANCE

        walk(game, 1, check)
        assert kinds == ({DEAL, ROLL} if duel else {DEAL, FIRST, ROLL})

    def test_a_whole_roll_has_the_engines_outcomes(self) -> None:
        node = Node(Shape(_game(rule=FirstPlayerRule.SEAT_ORDER)))
        while node.chance_kind() == DEAL:
            node.apply(node.chance_outcomes()[0][0])
        assert node.chance_kind() == ROLL and node.state is not None
        engine = {o.counts: p for o, p in node.state.chance_outcomes() if isinstance(o, Roll)}
        chunks = node.shape.chunks[node.chunk_size()]
        assert {chunks[i]: p for i, p in node.chance_outcomes()} == engine

    def test_a_roll_split_in_chunks_is_still_multinomial(self) -> None:
        shape = Shape(_game(rule=FirstPlayerRule.SEAT_ORDER))
        shape.chunk = 2  # six dice: three chunks of two
        node = Node(shape)
        while node.chance_kind() == DEAL:
            node.apply(node.chance_outcomes()[0][0])
        assert node.state is not None and node.state.to_roll == 6
        first = node.chance_outcomes()
        totals: dict[dice.Counts, Fraction] = defaultdict(Fraction)
        for path in product(first, repeat=3):
            counts = dice.NO_DICE
            p = Fraction(1)
            for i, q in path:
                counts = dice.add(counts, shape.chunks[2][i])
                p *= q
            totals[counts] += p
        assert dict(totals) == {c: dice.probability(c) for c in dice.all_outcomes(6)}
        # Played through: the engine gets the sum once the last chunk is drawn.
        for i in (0, 1, 2):
            assert node.chance_kind() == ROLL
            node.apply(first[i][0])
        assert node.state is not None and not node.is_chance()
        expected = dice.add(dice.add(shape.chunks[2][0], shape.chunks[2][1]), shape.chunks[2][2])
        assert node.state.dice == expected

    def test_the_deal_is_a_uniform_shuffle(self) -> None:
        node = Node(Shape(_game()))
        cards = len(node.shape.codec.cards)
        for left in range(cards, 0, -1):
            outcomes = node.chance_outcomes()
            assert len(outcomes) == left
            assert {p for _, p in outcomes} == {Fraction(1, left)}
            node.apply(outcomes[-1][0])
        assert node.state is not None
        assert node.state.shop + node.state.deck == tuple(reversed(node.shape.codec.cards))

    def test_impossible_chance_outcomes_are_refused(self) -> None:
        node = Node(Shape(_game()))
        node.apply(0)
        with pytest.raises(ValueError, match="chance outcome 0 is not possible here"):
            node.apply(0)


class TestWholeGame:
    """A seeded game through the tree ends with a winner and zero-sum returns."""

    @pytest.mark.parametrize("players", [2, 4, 6])
    def test_terminal_with_a_winner(self, players: int) -> None:
        node, _played = walk(_game(players), 7)
        assert node.is_terminal() and node.state is not None
        outcome = node.state.outcome
        assert outcome is not None and outcome.winner is not None
        returns = node.returns()
        assert returns[outcome.winner] == 1.0
        assert sum(returns) == pytest.approx(0.0)
        assert all(r == pytest.approx(-1 / (players - 1))
                   for i, r in enumerate(returns) if i != outcome.winner)

    def test_same_seed_same_trajectory(self) -> None:
        first = walk(_game(4), 3)[1]
        assert walk(_game(4), 3)[1] == first
        assert walk(_game(4), 4)[1] != first
