"""The adapters' fast paths give the documented numbers (docs/adapters.md): the legal ids
from the codec's caches, the chance probabilities from the tables built once (exact
fractions, and the floats OpenSpiel gets), the observation vectors, and copy-on-write
states that never change once handed out."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pyspiel  # type: ignore[import-untyped]
import pytest
import reference_adapters as reference
from adapter_walk import walk

from kot_rules import games
from kot_rules.adapters import openspiel
from kot_rules.adapters.encoding import ActionCodec, ActionEncodingError
from kot_rules.adapters.observation import Observer
from kot_rules.adapters.pettingzoo import KotEnv
from kot_rules.adapters.tree import Node, Shape
from kot_rules.engine import dice, driver
from kot_rules.engine.errors import IllegalActionError
from kot_rules.engine.options import FirstPlayerRule, Options
from kot_rules.engine.state import State

GAMES = [(gid, n) for gid in games.ids()
         for n in sorted({games.get(gid).min_players, games.get(gid).max_players})]


def _options(game_id: str) -> Options:
    # Duel's first player is seat 0, never rolled for (D-DUEL-FIRST-PLAYER).
    duel = games.get(game_id).rules.board_from_json is not None
    return Options(first_player=FirstPlayerRule.SEAT_ORDER if duel else FirstPlayerRule.ROLL)


class TestLegalIds:
    """``ActionCodec.legal_ids`` (cached) gives ``encode_all`` of the legal actions, at
    every decision of seeded games (questions included), with a cold and a warm cache."""

    @pytest.mark.parametrize(("game_id", "players"), GAMES)
    def test_the_same_ids_as_one_action_at_a_time(self, game_id: str, players: int) -> None:
        game = games.get(game_id).new_game(players)
        warm, checked = ActionCodec(game), [0]

        def check(s: State) -> None:
            if s.is_terminal() or s.is_chance_node():
                return
            expected = reference.legal_ids(ActionCodec(game) if checked[0] < 20 else warm, s)
            assert list(warm.legal_ids(s.legal_actions())) == expected
            assert list(warm.legal_ids(s.legal_actions())) == expected  # from the cache
            checked[0] += 1

        for seed in range(4):
            driver.play(game, seed, on_step=check, record=False)
        assert checked[0] > 100

    @pytest.mark.parametrize("game_id", games.ids())
    def test_action_is_decode_for_every_id(self, game_id: str) -> None:
        codec = ActionCodec(games.get(game_id).new_game(games.get(game_id).min_players))
        for action_id in range(codec.size):
            assert codec.action(action_id) == codec.decode(action_id)
            assert codec.action(action_id) is codec.action(action_id)
        for outside in (-1, codec.size):
            with pytest.raises(ActionEncodingError):
                codec.action(outside)


class TestChance:
    """Every chance node: the exact fractions of the documented outcomes, and the floats
    (those fractions rounded) that OpenSpiel gets."""

    @pytest.mark.parametrize(("game_id", "players"), GAMES)
    def test_nodes_met_in_a_walk(self, game_id: str, players: int) -> None:
        game = games.get(game_id).new_game(players, options=_options(game_id))
        kinds: set[str] = set()

        def check(node: Node) -> None:
            expected = reference.chance_outcomes(node)
            if not expected:
                assert node.chance_outcomes() == [] and node.chance_floats() == []
                return
            kinds.add(str(node.chance_kind()))
            outcomes = node.chance_outcomes()
            assert outcomes == expected
            assert all(type(p) is Fraction for _, p in outcomes)
            assert node.chance_floats() == [(i, float(p)) for i, p in expected]
            assert node.legal_actions() == sorted(i for i, _ in expected)

        walk(game, 2, check)
        assert "deal" in kinds and "roll" in kinds

    def test_every_chunk_size_table(self) -> None:
        shape = Shape(games.get(games.DEFAULT_GAME).new_game(4))
        for k in range(shape.chunk + 1):
            exact = [(i, dice.probability(c)) for i, c in enumerate(dice.all_outcomes(k))]
            assert list(shape.chunk_odds[k]) == exact
            assert sum(p for _, p in exact) == 1
            assert list(shape.chunk_floats[k]) == [(i, float(p)) for i, p in exact]
        cards = len(shape.codec.cards)
        for left in range(1, cards + 1):
            assert shape.deal_floats[left] == float(Fraction(1, left))

    def test_openspiel_gets_the_floats(self) -> None:
        game = pyspiel.load_game("python_kot_king_of_tokyo", {"players": 3,
                                                               "first_player": "roll"})
        rng = random.Random(5)
        state = game.new_initial_state()
        seen = 0
        while not state.is_terminal():
            if state.is_chance_node():
                expected = reference.chance_outcomes(state.node)
                assert state.chance_outcomes() == [(i, float(p)) for i, p in expected]
                assert state.legal_actions() == sorted(i for i, _ in expected)
                seen += 1
                action = rng.choices(*zip(*state.chance_outcomes(), strict=True))[0]
            else:
                codec = game.shape.codec
                assert state.legal_actions() == reference.legal_ids(codec, state.node.state)
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
        assert seen > 66


class TestInformationState:
    """The information state written when asked is the text of every move as it was
    written move by move: a card dealt unnamed, then the shop after each change."""

    def test_the_same_text(self) -> None:
        game = pyspiel.load_game("python_kot_king_of_tokyo", {"players": 3})
        state = game.new_initial_state()
        rng = random.Random(6)
        lines: list[str] = []
        while not state.is_terminal() and len(lines) < 400:
            node = state.node
            dealing = node.chance_kind() == "deal"
            shop = node.now.shop if node.now is not None else None
            if state.is_chance_node():
                action = rng.choices(*zip(*state.chance_outcomes(), strict=True))[0]
            else:
                action = rng.choice(state.legal_actions())
            text = "deal a card" if dealing else node.describe(node.current_player(), action)
            state.apply_action(action)
            if node.now is not None and node.now.shop != shop:
                text += f"; shop {list(node.now.shop)}"
            lines.append(text)
            if len(lines) % 50 == 0:
                player = max(state.current_player(), 0)
                assert state.information_state_string(player) == "\n".join(
                    [*lines, state.observation_string(player)])


class TestObservation:
    """The observation vectors, number for number, at every node of seeded walks."""

    @pytest.mark.parametrize(("game_id", "players"), GAMES)
    def test_vectors(self, game_id: str, players: int) -> None:
        game = games.get(game_id).new_game(players, options=_options(game_id))
        observer = Observer(game)
        steps = [0]

        def check(node: Node) -> None:
            steps[0] += 1
            if steps[0] % 3:
                return
            player = steps[0] // 3 % players
            expected = reference.observe(node, player)
            assert observer.vector(node, player) == expected
            out = np.full(observer.size, 7.0, np.float32)
            observer.write(out, node, player)
            assert out.tolist() == np.asarray(expected, np.float32).tolist()

        walk(game, 3, check)

    def test_pettingzoo_observes_the_same(self) -> None:
        env = KotEnv(players=4)
        env.reset(seed=3)
        rng = random.Random(3)
        for agent in env.agent_iter(400):
            obs, _reward, terminated, truncated, _info = env.last()
            seat = int(agent.split("_")[1])
            assert obs["observation"].tolist() == np.asarray(
                reference.observe(env.node, seat), np.float32).tolist()
            state = env.node.now
            assert state is not None
            legal = reference.legal_ids(env.shape.codec, state)
            assert np.flatnonzero(obs["action_mask"]).tolist() == legal
            env.step(None if terminated or truncated else rng.choice(legal))


class TestCopyOnWrite:
    """A node changes its state in place only while nobody else holds it."""

    def _decided(self, seed: int) -> Node:
        """A node at a decision some way into a seeded game."""
        node = Node(Shape(games.get(games.DEFAULT_GAME).new_game(3)))
        rng = random.Random(seed)
        decisions = 0
        while node.is_chance() or decisions < 40:
            assert not node.is_terminal()
            if node.is_chance():
                outcomes = node.chance_floats()
                node.apply(rng.choices(*zip(*outcomes, strict=True))[0])
            else:
                node.apply(rng.choice(node.legal_actions()))
                decisions += 1
        return node

    def test_a_state_read_never_changes(self) -> None:
        node = self._decided(1)
        held = node.state
        assert held is not None
        text = held.to_json()
        rng = random.Random(1)
        for _ in range(30):
            if node.is_terminal():
                break
            outcomes = node.chance_floats()
            node.apply(rng.choices(*zip(*outcomes, strict=True))[0] if outcomes
                       else rng.choice(node.legal_actions()))
        assert node.now is not held
        assert held.to_json() == text

    def test_a_copy_and_its_original_are_independent(self) -> None:
        node = self._decided(2)
        text = node.now.to_json() if node.now is not None else None
        copy = node.copy()
        copy.apply(copy.legal_actions()[-1])
        assert node.now is not None and node.now.to_json() == text
        node.apply(node.legal_actions()[0])
        assert copy.now is not node.now

    def test_an_illegal_id_changes_nothing(self) -> None:
        node = self._decided(3)
        assert not node.is_chance()
        state = node.now
        assert state is not None
        text = state.to_json()
        illegal = next(i for i in range(node.shape.codec.size)
                       if i not in node.legal_actions())
        with pytest.raises(IllegalActionError, match="not one of the"):
            node.apply(illegal)
        with pytest.raises(ActionEncodingError):
            node.apply(node.shape.codec.size)
        assert node.now is state and state.to_json() == text


class TestOpenSpielAnswersInPython:
    """The Python answers of ``legal_actions`` and ``is_chance_node`` are OpenSpiel's: the
    C++ methods (through ``legal_actions_mask`` and ``is_player_node``) agree."""

    def test_the_same_as_cpp(self) -> None:
        game = pyspiel.load_game(openspiel.short_name("king-of-tokyo-duel"), {"players": 2})
        state = game.new_initial_state()
        rng = random.Random(4)
        size = game.num_distinct_actions()
        while not state.is_terminal():
            player = state.current_player()
            assert state.is_chance_node() == (player == pyspiel.PlayerId.CHANCE)
            if not state.is_chance_node():
                mask = state.legal_actions_mask(player)
                assert [i for i in range(size) if mask[i]] == state.legal_actions(player)
                assert state.legal_actions(1 - player) == []
            state.apply_action(rng.choice(state.legal_actions()))
        assert state.legal_actions() == [] and state.legal_actions(0) == []
