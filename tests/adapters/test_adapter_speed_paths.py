"""The faster paths of the adapters give the documented numbers: the ids of the keeps of
every set of dice, the legal ids and chance outcomes along whole games played through
tree nodes (in place, copy-on-write) in every game, and PettingZoo's observations (the
vector written when first read, from the position observed; a mask of its own each
time) and wrappers (the same checks as PettingZoo's)."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest
import reference_adapters as reference

from kot_rules import games
from kot_rules.adapters.encoding import ActionCodec, multisets_up_to
from kot_rules.adapters.pettingzoo import KotEnv, Observation, env
from kot_rules.adapters.tree import Node, Shape
from kot_rules.engine.legal import KeepChoices
from kot_rules.engine.options import FirstPlayerRule, Options

GAMES = [(gid, n) for gid in games.ids()
         for n in sorted({games.get(gid).min_players, games.get(gid).max_players})]


def _options(game_id: str) -> Options:
    # Duel's first player is seat 0, never rolled for (D-DUEL-FIRST-PLAYER).
    duel = games.get(game_id).rules.board_from_json is not None
    return Options(first_player=FirstPlayerRule.SEAT_ORDER if duel else FirstPlayerRule.ROLL)


class TestKeepIds:
    """The ids of the keeps of a set of dice, found by multiset, are ``encode_all`` of
    the engine's keep decisions, for every set of at most ``max_dice`` dice."""

    @pytest.mark.parametrize("game_id", games.ids())
    def test_every_set_of_dice(self, game_id: str) -> None:
        codec = ActionCodec(games.get(game_id).new_game(games.get(game_id).min_players))
        for counts in multisets_up_to(codec.max_dice):
            expected = codec.encode_all(KeepChoices(counts))
            assert list(codec.legal_ids(KeepChoices(counts))) == expected, counts


class TestWholeGames:
    """Along whole games played through a node (the state changed in place, clones taken
    at random and played on), every decision's legal ids are ``encode_all`` of the
    engine's legal actions and every chance node's outcomes are the documented ones."""

    @pytest.mark.parametrize(("game_id", "players"), GAMES)
    def test_ids_and_chance(self, game_id: str, players: int) -> None:
        game = games.get(game_id).new_game(players, options=_options(game_id))
        shape = Shape(game)
        plain = ActionCodec(game)
        decisions = chances = 0
        for seed in range(3):
            rng = random.Random(f"speed-paths/{game_id}/{seed}")
            node = Node(shape)
            while not node.is_terminal():
                if node.is_chance():
                    expected = reference.chance_outcomes(node)
                    assert node.chance_outcomes() == expected
                    assert node.chance_floats() == [(i, float(p)) for i, p in expected]
                    ids, weights = zip(*node.chance_floats(), strict=True)
                    pick = rng.choices(ids, weights)[0]
                    chances += 1
                else:
                    state = node.now
                    assert state is not None
                    legal = list(node.decision_ids())
                    assert legal == reference.legal_ids(plain, state)
                    pick = rng.choice(legal)
                    decisions += 1
                if rng.random() < 0.05:
                    held = node
                    node = node.copy()  # a clone plays on; the original must not move
                    before = held.state.to_json() if held.state is not None else None
                    node.apply(pick)
                    assert (held.state.to_json() if held.state is not None else None) == before
                else:
                    node.apply(pick)
        assert decisions > 100 and chances > 100


def _mid_game(players: int = 4, decisions: int = 30) -> KotEnv:
    e = KotEnv("king-of-tokyo", players)
    e.reset(seed=7)
    rng = random.Random(7)
    for _ in range(decisions):
        e.step(rng.choice(e.node.decision_ids()))
    return e


class TestObservation:
    """``observe`` gives a dict whose vector is the position observed, whenever and
    however it is read, and a mask of its own."""

    def test_read_after_the_game_moved_on(self) -> None:
        e = _mid_game()
        seat = e.node.player
        expected = np.asarray(reference.observe(e.node, seat), np.float32).tolist()
        obs = e.observe(e.agent_selection)
        rng = random.Random(1)
        for _ in range(10):
            e.step(rng.choice(e.node.decision_ids()))
        assert obs["observation"].tolist() == expected
        assert obs["observation"] is obs["observation"]

    @pytest.mark.parametrize(
        "read",
        [
            lambda o: dict(o)["observation"],
            lambda o: {**o}["observation"],
            lambda o: o.get("observation"),
            lambda o: dict(o.items())["observation"],
            lambda o: next(iter(o.values())),
            lambda o: o.copy()["observation"],
            lambda o: copy.copy(o)["observation"],
            lambda o: copy.deepcopy(o)["observation"],
            lambda o: pickle.loads(pickle.dumps(o))["observation"],
            lambda o: (o | {})["observation"],
            lambda o: ({} | o)["observation"],
            lambda o: o.pop("observation"),
        ],
    )
    def test_every_way_of_reading(self, read: object) -> None:
        e = _mid_game()
        expected = np.asarray(reference.observe(e.node, e.node.player), np.float32).tolist()
        obs = e.observe(e.agent_selection)
        e.step(e.node.decision_ids()[0])  # the position changes before the read
        assert read(obs).tolist() == expected  # type: ignore[operator]

    def test_a_dict_like_an_eager_one(self) -> None:
        e = _mid_game()
        obs = e.observe(e.agent_selection)
        assert isinstance(obs, dict) and isinstance(obs, Observation)
        assert list(obs) == ["observation", "action_mask"] and len(obs) == 2
        assert "observation" in obs
        assert e.observation_space(e.agent_selection).contains(obs)
        plain = {"observation": obs["observation"], "action_mask": obs["action_mask"]}
        assert repr(obs) == repr(plain)
        assert type(copy.copy(obs)) is dict

    def test_a_value_set_first_stays(self) -> None:
        e = _mid_game()
        obs = e.observe(e.agent_selection)
        obs["observation"] = "mine"
        assert obs["observation"] == "mine"

    def test_each_mask_is_its_own(self) -> None:
        e = _mid_game()
        agent = e.agent_selection
        first = e.observe(agent)["action_mask"]
        legal = np.flatnonzero(first).tolist()
        first[:] = 0
        again = e.observe(agent)["action_mask"]
        assert np.flatnonzero(again).tolist() == legal == list(e.node.decision_ids())
        other = next(a for a in e.possible_agents if a != agent)
        assert not e.observe(other)["action_mask"].any()


class TestWrappers:
    """The wrappers' faster paths check what PettingZoo's do."""

    def test_bounds(self) -> None:
        e = env(players=3)
        e.reset(seed=1)
        size = e.unwrapped.shape.codec.size
        for bad in (-1, size, 1.0, "0"):
            with pytest.raises(AssertionError, match="not in action space"):
                e.step(bad)
        agent = e.agent_selection
        legal = int(np.flatnonzero(e.last()[0]["action_mask"])[0])
        e.step(np.int64(legal))  # a numpy integer goes through the space's check
        assert e.agent_selection != agent or e.unwrapped.node.player >= 0

    def test_order(self) -> None:
        e = env(players=3)
        with pytest.raises(AttributeError, match="before reset"):
            e.last()
        with pytest.raises(AttributeError, match="before reset"):
            _ = e.agent_selection
        with pytest.raises(Exception, match="reset"):
            e.step(0)
        e.reset(seed=2)
        obs, reward, terminated, truncated, info = e.last()
        assert (reward, terminated, truncated, info) == (0.0, False, False, {})
        assert obs["action_mask"].any()
