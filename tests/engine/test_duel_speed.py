"""Every fast path of King of Tokyo: Duel's engine gives what the plain
computation it replaces gives (the Buzz tile places and their cache, the boards built
field by field, the victory check's early answer, the resolve checks, the cached actions).
"""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError, fields, replace

import pytest

from kot_rules.engine import abilities, dice
from kot_rules.engine.actions import PASS, Buy, Choose, ResolveFaces, Roll, SpendDiceTokens
from kot_rules.engine.driver import play
from kot_rules.engine.state import Phase, State
from kot_rules.games import get as get_game
from kot_rules.games.king_of_tokyo_duel import board as tracks
from kot_rules.games.king_of_tokyo_duel import rules as duel
from kot_rules.games.king_of_tokyo_duel.board import (
    END,
    FACES,
    TILES,
    TRACKS,
    DuelBoard,
    PlacedTile,
)
from kot_rules.language.monsters import uses


def plain_placements(board: DuelBoard, tile: str, owner: int | None = None) -> list[PlacedTile]:
    """tracks.placements as it was written before the masks and the cache (the reference)."""
    n = len(TILES[tile].spaces)
    out: list[PlacedTile] = []
    seen: set[tuple[str, tuple[int, ...]]] = set()
    for track in TRACKS:
        x, extra = board.position(track)
        busy = {x, x + 1} if extra else {x}
        for t in board.tiles:
            if t.track == track:
                busy.update(t.spaces)
        for start in range(-END, END + 1):
            for way in (1, -1) if n > 1 else (1,):
                spaces = tuple(start + way * i for i in range(n))
                if all(-END <= s <= END and s not in busy for s in spaces) and (
                    (track, spaces) not in seen
                ):
                    seen.add((track, spaces))
                    out.append(PlacedTile(tile, track, spaces, owner))
    return out


def random_board(rng: random.Random) -> DuelBoard:
    """A board with markers anywhere, maybe on an extra space, and some tiles on free spaces."""
    board = DuelBoard(rng.randint(-END, END), rng.randint(-END, END))
    tiles: list[PlacedTile] = []
    for tile in rng.sample(sorted(TILES), rng.randint(0, min(4, len(TILES)))):
        places = plain_placements(replace(board, tiles=tuple(tiles)), tile)
        if places:
            p = rng.choice(places)
            owner = rng.choice((0, 1)) if TILES[tile].king else None
            tiles.append(PlacedTile(p.tile, p.track, p.spaces, owner))
    extra: list[str] = []
    for track in TRACKS:  # an extra space only as a lengthening tile has one
        x = board.marker(track)
        here = tracks.tile_at(tiles, track, x)
        if here is not None and TILES[here[0].tile].lengthen is not None and (
            x + 1 in here[0].spaces
        ) and rng.random() < 0.5:
            extra.append(track)
    return DuelBoard(board.fame, board.destruction, (rng.randint(0, 3), rng.randint(0, 3)),
                     rng.randint(0, 2), rng.random() < 0.5,
                     tuple(rng.sample(range(6), rng.randint(0, 6))), tuple(tiles),
                     tuple(sorted(extra)), (rng.randint(0, 2), rng.randint(0, 2)),
                     (rng.randint(0, 2), rng.randint(0, 2)), rng.randint(0, 3),
                     rng.randint(0, 2))


BOARDS = [random_board(random.Random(i)) for i in range(400)]


class TestPlacements:
    def test_the_masks_and_the_cache_give_the_plain_places_in_order(self) -> None:
        for board in BOARDS:
            for tile in TILES:
                for owner in (None, 0, 1):
                    want = plain_placements(board, tile, owner)
                    assert tracks.placements(board, tile, owner) == want
                    assert tracks.placements(board, tile, owner) == want  # cached now

    def test_busy_masks_leave_out_the_skipped_tile(self) -> None:
        for board in BOARDS:
            for t in board.tiles:
                rest = replace(board, tiles=tuple(x for x in board.tiles if x is not t))
                assert tracks.busy_masks(board, t) == tracks.busy_masks(rest)

    def test_candidates_keys_are_the_place_keys(self) -> None:
        for tile in TILES:
            for per_track in tracks.candidates(tile, None):
                for mask, place, key in per_track:
                    assert key == duel.place_key(place)
                    assert mask == sum(1 << (x + END) for x in place.spaces)

    def test_the_buzz_options_are_the_plain_ones(self) -> None:
        """duel._place_options: what place_buzz_tile asked before (places of the board
        without the tile, but where it is; PASS last when it is on the board)."""
        for board in BOARDS:
            for tile in TILES:
                here = next((t for t in board.tiles if t.tile == tile), None)
                rest = replace(board, tiles=tuple(t for t in board.tiles if t is not here))
                plain = [p for p in plain_placements(rest, tile) if p != here]
                keys = [duel.place_key(p) for p in plain]
                options = [Choose(k) for k in keys] + ([PASS] if here and plain else [])
                places, asked = duel._place_options(tile, here, *tracks.busy_masks(board, here))
                assert list(places) == keys and list(places.values()) == plain
                assert list(asked) == options


class TestBoardsBuiltFieldByField:
    def test_init_has_the_fields_their_order_and_defaults_and_stays_frozen(self) -> None:
        assert [f.name for f in fields(DuelBoard)] == [
            "fame", "destruction", "dice_tokens", "white", "bought", "resolved", "tiles",
            "extra", "dominated", "fewer", "added", "left",
        ]
        blank = DuelBoard()
        for f in fields(DuelBoard):
            assert getattr(blank, f.name) == f.default
        board = BOARDS[7]
        assert DuelBoard(**{f.name: getattr(board, f.name) for f in fields(board)}) == board
        with pytest.raises(FrozenInstanceError):
            board.fame = 1  # type: ignore[misc]
        assert hash(board) == hash(replace(board))

    def test_each_change_passes_every_other_field_on(self) -> None:
        for b in BOARDS:
            for track in TRACKS:
                for on_extra in (False, True):
                    others = tuple(t for t in b.extra if t != track)
                    extra = tuple(sorted((*others, track))) if on_extra else others
                    key = "fame" if track == tracks.FAME else "destruction"
                    assert b.moved(track, 3, on_extra) == replace(b, **{key: 3}, extra=extra)
            for seat in (0, 1):
                tokens = (2, b.dice_tokens[1]) if seat == 0 else (b.dice_tokens[0], 2)
                assert b.with_tokens(seat, 2) == replace(b, dice_tokens=tokens)
            assert b.with_resolved(4) == replace(b, resolved=(*b.resolved, 4))
            assert b.for_turn(2) == replace(b, white=2, bought=False, resolved=(), added=0,
                                            left=0)
            assert b.with_white(1) == replace(b, white=1)
            assert b.with_bought() == replace(b, bought=True)
            assert b.with_added(5) == replace(b, added=5)
            assert b.with_left(2) == replace(b, left=2)
            assert b.with_tiles(b.tiles[:1]) == replace(b, tiles=b.tiles[:1])


class TestMonsterCaches:
    def test_power_uses_are_the_monster_files_uses(self) -> None:
        for name, board in duel.MONSTERS.items():
            for faces in range(0, 9):
                want = uses(board.powers, faces)
                assert duel._power_use(name, faces) is want
                assert duel._power_use(name, faces) is want  # cached now
        assert duel._power_use("no such monster", 3) is None

    def test_a_board_put_in_place_is_read_anew(self, monkeypatch: pytest.MonkeyPatch) -> None:
        name, board = next(iter(duel.MONSTERS.items()))
        assert duel._power_use(name, 9) is uses(board.powers, 9)
        other = next(b for b in duel.MONSTERS.values() if b.powers != board.powers)
        monkeypatch.setitem(duel.MONSTERS, name, other)
        assert duel._power_use(name, 9) is uses(other.powers, 9)


GAME = get_game("king-of-tokyo-duel").new_game(2)


def states(games: int) -> list[State]:
    """Every state of some random games (each kept as a copy)."""
    out: list[State] = []
    for seed in range(1, games + 1):
        play(GAME, seed, record=False, on_step=lambda s: out.append(s.copy()))
    return out


STATES = states(6)


class TestTheTurnsFastPaths:
    def test_the_victory_check_gives_tracks_victory(self) -> None:
        for s in STATES:
            b = s.board
            for fame in range(-END, END + 1):
                for hearts in ((0, 3), (3, 0), (0, 0), (5, 7)):
                    t = s.copy()
                    t.board = replace(b, fame=fame, extra=())
                    t.monsters = tuple(m._replace(hearts=h)
                                       for m, h in zip(t.monsters, hearts, strict=True))
                    found = tracks.victory(hearts, fame, b.destruction, ())
                    got = duel.check(t)
                    assert (got is None) == (found is None)
                    if got is not None and found is not None:
                        assert (got.winner, got.victory) == found

    def test_resolve_checks_agree_with_to_resolve(self) -> None:
        for s in STATES:
            left = duel.to_resolve(s)
            assert left == [i for i in range(6) if s.dice[i] and i not in s.board.resolved]
            assert duel._all_resolved(s) == (not left)
        for i, face in enumerate(FACES):
            assert duel._face_index(face) == i
        assert duel._face_index("fame") == -1

    def test_legal_actions_are_the_plainly_built_ones(self) -> None:
        seen = set()
        for s in STATES:
            if s.pending is not None:
                continue
            got = list(duel.legal_actions(s))
            if s.phase is Phase.RESOLVE:
                want = [ResolveFaces(FACES[i]) for i in duel.to_resolve(s)]
                assert got == want
            elif s.phase is Phase.DICE_TOKENS:
                assert got == [SpendDiceTokens(n) for n in range(duel.spendable(s) + 1)]
            elif s.phase is Phase.BUY:
                energy = s.monsters[s.active].energy
                buys = [Buy(c) for c in s.shop if duel.price(s, c) <= energy]
                assert got[:len(buys)] == buys
            seen.add(s.phase)
        assert {Phase.RESOLVE, Phase.BUY} <= seen

    def test_a_roll_in_place_is_the_applied_roll(self) -> None:
        """duel.roll_in_place (a roll before the last takes no asking path) leaves the state
        that applying the roll leaves, with or without held cards that may ask."""
        rng = random.Random(5)
        table = GAME.cards
        early = asking = 0
        for s in STATES:
            if s.phase is not Phase.ROLL or s.pending is not None:
                continue
            counts = dice.sample(rng, s.to_roll)
            fast = s.copy()
            duel.roll_in_place(fast, counts)
            assert fast.canonical() == s.apply(Roll(counts)).canonical()
            if s.rolls_done + 1 < s.rolls_allowed:
                early += 1
                asking += abilities.holds_any(s, table.asking)
        assert early and asking  # both kinds of roll were seen
