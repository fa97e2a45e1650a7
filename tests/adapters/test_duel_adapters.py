"""Every answer a King of Tokyo: Duel question can offer has an action id,
and King of Tokyo's ids stay as they were (kot_rules.adapters.encoding, docs/adapters.md)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from kot_rules import games
from kot_rules.adapters.encoding import ActionCodec, board_answer_keys
from kot_rules.engine import driver
from kot_rules.engine.actions import PASS, Choose
from kot_rules.engine.agents import RandomAgent
from kot_rules.engine.state import State
from kot_rules.games.king_of_tokyo_duel import words as duel_words
from kot_rules.games.king_of_tokyo_duel.board import TILES, DuelBoard, PlacedTile, placements
from kot_rules.games.king_of_tokyo_duel.rules import place_key
from kot_rules.language.monsters import game_monster_defs, render_clause

KOT = games.get("king-of-tokyo")
DUEL = games.get("king-of-tokyo-duel")


@pytest.fixture(scope="module")
def codec() -> ActionCodec:
    return ActionCodec(DUEL.new_game(2))


def round_trips(codec: ActionCodec, key: str) -> bool:
    action_id = codec.encode(Choose(key))
    return codec.block_of(action_id).name == "choose" and codec.decode(action_id) == Choose(key)


class TestKingOfTokyoUnchanged:
    """Duel's answers add no id to King of Tokyo (its layout in docs/adapters.md)."""

    @pytest.mark.parametrize("players", range(KOT.min_players, KOT.max_players + 1))
    def test_the_layout(self, players: int) -> None:
        c = ActionCodec(KOT.new_game(players))
        assert c.size == 7356
        choose = next(b for b in c.blocks if b.name == "choose")
        assert (choose.start, choose.size) == (7110, 246)
        assert c.encode(PASS) == 7110
        # pass, take-turn, heal, the 6 faces (1, 2, 3 among them), then 0, 4, 5, ... 100
        assert c.encode(Choose("0")) == 7119 and c.encode(Choose("100")) == 7216
        assert [b.name for b in c.blocks][-1] == "choose"

    def test_no_board_answers(self) -> None:
        assert board_answer_keys(KOT.new_game(4)) == []


BOARDS = (
    DuelBoard(),
    DuelBoard(fame=-7, destruction=7),
    DuelBoard(fame=3, destruction=-2, tiles=(PlacedTile("shortcut", "fame", (4, 5, 6)),)),
)


class TestDuelAnswers:
    """Each kind of Duel question, asked over several boards: every option has an id."""

    @pytest.mark.parametrize("board", BOARDS)
    @pytest.mark.parametrize("tile", [t for t in TILES if not TILES[t].king])
    def test_every_buzz_place(self, codec: ActionCodec, board: DuelBoard, tile: str) -> None:
        keys = [place_key(p) for p in placements(board, tile)]
        assert keys and all(round_trips(codec, k) for k in keys)

    @pytest.mark.parametrize("board", BOARDS)
    @pytest.mark.parametrize("seat", [0, 1])
    def test_every_king_tile_place_and_move(
        self, codec: ActionCodec, board: DuelBoard, seat: int
    ) -> None:
        s = DUEL.new_game(2).new_initial_state()
        king = next(t for t in TILES if TILES[t].king)
        for mine in ((), (PlacedTile(king, "destruction", (-6,), seat),),
                     (PlacedTile(king, "fame", (7,), seat), PlacedTile(king, "fame", (-1,), seat))):
            s.board = replace(board, tiles=(*board.tiles, *mine))
            options = duel_words.king_tile_options(s, seat)
            assert options
            for o in options:
                assert isinstance(o, Choose) and round_trips(codec, o.key)

    def test_every_power_clause_and_multiply(self, codec: ActionCodec) -> None:
        texts = [render_clause(e) for m in game_monster_defs(DUEL.id)
                 for p in m.powers if p.alternatives for e in p.choices]
        assert texts and all(round_trips(codec, t) for t in texts)
        assert round_trips(codec, "multiply")

    def test_every_face_a_power_adds(self, codec: ActionCodec) -> None:
        game = DUEL.new_game(2)
        assert all(round_trips(codec, f.value) for f in game.rules.dice.faces)

    def test_the_card_answers(self, codec: ActionCodec) -> None:
        game = DUEL.new_game(2)
        keys = ["discard", "rest", "pay", "smash", "skip", "leave", *game.cards.physical_ids()]
        assert all(round_trips(codec, k) for k in keys)

    def test_every_id_round_trips(self, codec: ActionCodec) -> None:
        ids = [codec.encode(Choose(k)) for k in codec.answers]
        assert len(set(ids)) == len(ids) == len(codec.answers)


MONSTERS = [m.name for m in game_monster_defs(DUEL.id)]


class TestEveryMonsterInPlay:
    """Seeded games with each monster in each seat: every legal decision has its own id
    (the default pair leaves the other monsters' powers unasked)."""

    @pytest.mark.parametrize("seat", [0, 1])
    @pytest.mark.parametrize("monster", MONSTERS)
    def test_every_legal_action_met(self, monster: str, seat: int) -> None:
        other = next(m for m in MONSTERS if m != monster)
        game = DUEL.new_game([monster, other] if seat == 0 else [other, monster])
        codec = ActionCodec(game)

        def check(s: State) -> None:
            if s.is_terminal() or s.is_chance_node():
                return
            actions = list(s.legal_actions())
            ids = [codec.encode(a) for a in actions]
            assert len(set(ids)) == len(ids), actions
            assert [codec.decode(i) for i in ids] == actions

        for seed in range(3):
            agents = [RandomAgent(random.Random(seed * 2 + i)) for i in range(2)]
            driver.play(game, seed, agents, on_step=check, record=False)
