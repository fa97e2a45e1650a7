"""The fixed integer ids of decisions (kot_rules.adapters.encoding)."""

from __future__ import annotations

import pytest

from kot_rules import games
from kot_rules.adapters.encoding import ActionCodec, ActionEncodingError, max_dice
from kot_rules.engine import driver
from kot_rules.engine.actions import Buy, Choose, Reroll, UseCard
from kot_rules.engine.dice import Face
from kot_rules.engine.state import State

GAMES = [(gid, n) for gid in games.ids()
         for n in range(games.get(gid).min_players, games.get(gid).max_players + 1)]


class TestRoundTripInPlay:
    """Every legal decision met in seeded games has an id, the id gives it back, and the
    ids of one state are distinct."""

    @pytest.mark.parametrize(("game_id", "players"), GAMES)
    def test_every_legal_action_met(self, game_id: str, players: int) -> None:
        game = games.get(game_id).new_game(players)
        codec = ActionCodec(game)
        met: set[str] = set()

        def check(s: State) -> None:
            if s.is_terminal() or s.is_chance_node():
                return
            actions = list(s.legal_actions())
            ids = [codec.encode(a) for a in actions]
            assert len(set(ids)) == len(ids), actions
            for action, action_id in zip(actions, ids, strict=True):
                assert 0 <= action_id < codec.size
                assert codec.decode(action_id) == action
                met.add(codec.block_of(action_id).name)

        for seed in range(6):
            driver.play(game, seed, on_step=check, record=False)
        assert {"stop", "reroll", "end-turn", "buy"} <= met


class TestWholeSpace:
    """The blocks tile ``[0, size)`` and every id decodes to an action that encodes back."""

    def test_blocks_tile_the_space(self) -> None:
        codec = ActionCodec(games.get(games.DEFAULT_GAME).new_game(4))
        start = 0
        for block in codec.blocks:
            assert block.start == start and block.size > 0
            start += block.size
        assert start == codec.size

    @pytest.mark.parametrize("game_id", games.ids())
    def test_every_id_round_trips(self, game_id: str) -> None:
        codec = ActionCodec(games.get(game_id).new_game(games.get(game_id).min_players))
        for action_id in range(codec.size):
            assert codec.encode(codec.decode(action_id)) == action_id

    def test_the_layout_does_not_depend_on_the_player_count(self) -> None:
        d = games.get(games.DEFAULT_GAME)
        sizes = {ActionCodec(d.new_game(n)).size for n in range(d.min_players, d.max_players + 1)}
        assert len(sizes) == 1

    def test_max_dice_counts_the_extra_dice_of_cards(self) -> None:
        game = games.get(games.DEFAULT_GAME).new_game(4)
        assert max_dice(game) > game.options.dice


class TestEncodingErrors:
    """An action outside the game's space, or an id outside the range, is a clear error."""

    @pytest.fixture
    def codec(self) -> ActionCodec:
        return ActionCodec(games.get(games.DEFAULT_GAME).new_game(4))

    @pytest.mark.parametrize(
        "action",
        [
            Buy("no-such-card"),
            Buy("no-such-card", 1),
            Choose("no such answer"),
            Reroll((99, 0, 0, 0, 0, 0)),
            UseCard("no-such-card"),
            UseCard("no-such-card", die=Face.ONE, to=Face.TWO),
        ],
    )
    def test_unknown_action(self, codec: ActionCodec, action: object) -> None:
        with pytest.raises(ActionEncodingError, match="no id for"):
            codec.encode(action)  # type: ignore[arg-type]

    @pytest.mark.parametrize("bad", [-1, 10**9])
    def test_id_out_of_range(self, codec: ActionCodec, bad: int) -> None:
        with pytest.raises(ActionEncodingError, match=f"action id {bad} is outside"):
            codec.decode(bad)
