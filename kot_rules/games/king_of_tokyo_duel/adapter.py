"""Duel in the learning adapters (kot_rules.adapters.game_part): its phases, its board as the
observer sees it, where a Buzz or King tile may go."""

from __future__ import annotations

from kot_rules.engine.game import Game
from kot_rules.engine.state import Phase, State
from kot_rules.games.king_of_tokyo_duel.board import TRACKS, DuelBoard
from kot_rules.rulebook import game_buzz_tiles

PHASES: tuple[Phase, ...] = (
    Phase.FIRST_PLAYER, Phase.ROLL, Phase.KEEP, Phase.YIELD, Phase.BUY, Phase.OVER,
    Phase.DICE_TOKENS, Phase.RESOLVE,
)  # fmt: skip
"""King of Tokyo's phases, then Duel's own."""

BOARD_FIELDS = 6
"""Duel's board, from the observer's side: Fame, Destruction (0 at the rival's Victory
space, 14 at the observer's), each on an extra space or not, the observer's and the rival's dice
tokens. Buzz tiles are not observed yet."""


def board_fields(game: Game) -> int:
    return BOARD_FIELDS


def board_vector(s: State, player: int) -> list[float]:
    b: DuelBoard = s.board
    side = -1.0 if player == 0 else 1.0  # seat 0 owns the negative end
    end: int = s.game.rules.numbers["track-end"]  # 0 .. 2*end, never negative (the spaces)
    return [
        end + side * b.fame, end + side * b.destruction,
        float("fame" in b.extra), float("destruction" in b.extra),
        float(b.dice_tokens[player]), float(b.dice_tokens[1 - player]),
    ]  # fmt: skip


def board_answer_keys(game: Game) -> list[str]:
    """Where a Buzz tile goes (every run of consecutive track spaces as long as a tile, either
    way round), where a King tile is placed or moved."""
    rules = game.rules
    tiles = game_buzz_tiles(rules.id)
    keys: list[str] = []
    if tiles:
        end = rules.numbers["track-end"]
        spaces = range(-end, end + 1)
        for n in sorted({len(t.spaces) for t in tiles if not t.king}):
            for track in TRACKS:
                for start in spaces:
                    for way in (1, -1) if n > 1 else (1,):
                        run = [start + way * i for i in range(n)]
                        if all(-end <= x <= end for x in run):
                            keys.append(" ".join((track, *(str(x) for x in run))))
        if any(t.king for t in tiles):
            places = [f"{track} {x:+d}" for track in TRACKS for x in spaces]
            keys += [f"place {p}" for p in places]
            keys += [f"move {a} to {b}" for a in places for b in places if a != b]
    return keys


def word_answer_keys(game: Game) -> list[str]:
    return []
