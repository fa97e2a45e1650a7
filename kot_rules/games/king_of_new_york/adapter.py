"""King of New York in the learning adapters (kot_rules.adapters.game_part): its phases, its
board as the observer sees it, the answers of its boroughs, tiles and card words."""

from __future__ import annotations

from typing import Any

from kot_rules.adapters.encoding import STORE_ENERGY_MAX
from kot_rules.engine.game import Game
from kot_rules.engine.state import Phase, State
from kot_rules.games.king_of_new_york.board import BOROUGHS, DATA, FACES, TILES, CityBoard

PHASES: tuple[Phase, ...] = (
    Phase.FIRST_PLAYER, Phase.ROLL, Phase.KEEP, Phase.YIELD, Phase.BUY, Phase.OVER,
    Phase.DICE_TOKENS, Phase.RESOLVE, Phase.PLACE, Phase.DESTROY, Phase.MOVE,
)  # fmt: skip
"""King of Tokyo's phases, Duel's two, then New York's own."""


def board_fields(game: Game) -> int:
    """Each seat's borough (one-hot), the zone of each Manhattan path, the special cards (held
    by the observer, held by another), the units of each borough, the durability of each
    stack's top building, the buildings left in each borough, and the destruction points
    left."""
    b = len(BOROUGHS)
    return game.rules.max_players * b + 2 + 4 + b + b * DATA.stacks_per_borough + b + 1


def board_vector(s: State, player: int) -> list[float]:
    v = [0.0] * board_fields(s.game)
    write_board(v, 0, s, player)
    return v


def write_board(v: Any, at: int, s: State, player: int) -> None:
    """Write :func:`board_fields` of ``s`` as ``player`` sees it, from ``at``."""
    b: CityBoard = s.board
    boroughs = BOROUGHS
    n = len(b.where)
    for seat, where in enumerate(b.where):
        if where:  # slot 0 is the observer, then clockwise
            v[at + (seat - player) % n * len(boroughs) + boroughs.index(where)] = 1.0
    at += s.game.rules.max_players * len(boroughs)
    v[at], v[at + 1] = float(b.zones[0]), float(b.zones[1])
    at += 2
    for k, holder in enumerate((b.superstar, b.statue)):
        v[at + 2 * k] = float(holder == player)
        v[at + 2 * k + 1] = float(holder is not None and holder != player)
    at += 4
    for i, units in enumerate(b.units):
        v[at + i] = float(len(units))
    at += len(boroughs)
    for i, stacks in enumerate(b.stacks):
        for k, st in enumerate(stacks):
            if st:
                v[at + i * len(stacks) + k] = float(TILES[st[0]].durability)
    at += len(boroughs) * DATA.stacks_per_borough
    for i, stacks in enumerate(b.stacks):
        v[at + i] = float(sum(len(st) for st in stacks))
    v[at + len(boroughs)] = float(b.points)


def board_answer_keys(game: Game) -> list[str]:
    return []


def word_answer_keys(game: Game) -> list[str]:
    """New York's boroughs and tiles; the answers of its card words: a monster by name (a seat
    past the game's count has none), a die turned to another face, hearts and energy traded
    (up to the adapter's energy bound), a boost taken, a unit sent elsewhere."""
    keys: list[str] = [*BOROUGHS, *TILES]
    faces = [f.value for f in FACES]
    keys += [game.names[i] for i in range(game.num_players)]
    keys += [f"{a} to {b}" for a in faces for b in faces if a != b]
    keys += [f"{k} hearts to energy" for k in range(1, STORE_ENERGY_MAX + 1)]
    keys += [f"{k} energy to hearts" for k in range(1, STORE_ENERGY_MAX + 1)]
    keys += ["boost"]
    keys += [f"{u} to {b}" for u in TILES for b in BOROUGHS]
    return keys
