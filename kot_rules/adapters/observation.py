"""What a monster sees: a flat vector of fixed size and a text (docs/adapters.md).

Both show the public position only: never the order of the deck. Seats are listed
from the observer's: slot 0 is the observer, slot 1 the next seat clockwise, and so
on; slots past the game's player count stay zero, so the size depends only on the
game's definition (its most players, its cards, its token kinds), not on the count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kot_rules.adapters.tree import Node
from kot_rules.engine import city as kony_city
from kot_rules.engine import dice
from kot_rules.engine.game import Game
from kot_rules.engine.state import Phase, State

PHASES: tuple[Phase, ...] = (
    Phase.FIRST_PLAYER, Phase.ROLL, Phase.KEEP, Phase.YIELD, Phase.BUY, Phase.OVER,
)  # fmt: skip
"""King of Tokyo's phases (the vector's size must not change with other games' phases)."""
BOARD_PHASES: tuple[Phase, ...] = (*PHASES, Phase.DICE_TOKENS, Phase.RESOLVE)
"""The phases of a game with a board of its own (Duel)."""
BOARD_FIELDS = 6
"""Duel's board, from the observer's side: Fame, Destruction (0 at the rival's Victory
space, 14 at the observer's), each on an extra space or not, the observer's and the rival's dice
tokens. Buzz tiles are not observed yet."""


# kony-kernel: King of New York's board (kot_rules.engine.city).
NEW_YORK_PHASES: tuple[Phase, ...] = (*BOARD_PHASES, Phase.PLACE, Phase.DESTROY, Phase.MOVE)
"""The phases of King of New York."""


def new_york_fields(game: Game) -> int:
    """New York's board: each seat's borough (one-hot), the zone of each Manhattan path,
    the special cards (held by the observer, held by another), the units of each borough,
    the durability of each stack's top building, the buildings left in each borough, and
    the destruction points left."""
    b = len(kony_city.BOROUGHS)
    return game.rules.max_players * b + 2 + 4 + b + b * kony_city.DATA.stacks_per_borough + b + 1


def _is_new_york(game: Game) -> bool:
    return game.rules.id == kony_city.GAME_ID


def phases_of(game: Game) -> tuple[Phase, ...]:
    if _is_new_york(game):
        return NEW_YORK_PHASES
    return BOARD_PHASES if game.rules.board_from_json is not None else PHASES

MONSTER_FIELDS: tuple[str, ...] = (
    "present", "alive", "hearts", "max_hearts", "stars", "energy",
    "in_city", "in_bay", "active", "deciding",
)  # fmt: skip
"""The numbers of one monster slot, before its cards and tokens."""


@dataclass(frozen=True)
class Layout:
    """Where each part of the observation vector lies: ``(name, start, size)`` runs."""

    parts: tuple[tuple[str, int, int], ...]

    @property
    def size(self) -> int:
        _name, start, size = self.parts[-1]
        return start + size

    def slice(self, name: str) -> slice:
        for n, start, size in self.parts:
            if n == name:
                return slice(start, start + size)
        raise KeyError(name)


def layout(game: Game) -> Layout:
    """The observation layout of ``game``'s definition (see the module docstring)."""
    cards = len(game.cards.physical_ids())
    kinds = len(game.cards.token_supply)
    per_monster = len(MONSTER_FIELDS) + cards + kinds
    sizes = (
        ("monsters", game.rules.max_players * per_monster),
        ("phase", len(phases_of(game))),
        ("flags", 3),  # dealing, a card's question waits, a chance node
        ("dice", 6),
        ("roll", 3),  # dice to roll, rolls done, rolls allowed
        ("shop", cards),
        ("discard", cards),
        ("on_cards", cards),  # tokens and energy lying on each card
        ("counts", 2),  # cards left in the deck, turn number
    ) + ((("board", new_york_fields(game) if _is_new_york(game) else BOARD_FIELDS),)
         if game.rules.board_from_json is not None else ())
    parts: list[tuple[str, int, int]] = []
    start = 0
    for name, size in sizes:
        parts.append((name, start, size))
        start += size
    return Layout(tuple(parts))


def observe(node: Node, player: int, out: list[float] | None = None) -> list[float]:
    """The observation vector of ``node`` for ``player`` (written into ``out`` if given)."""
    game = node.shape.game
    lay = layout(game)
    v = out if out is not None else [0.0] * lay.size
    for i in range(len(v)):
        v[i] = 0.0
    card_index = {c: i for i, c in enumerate(game.cards.physical_ids())}
    kinds = sorted(game.cards.token_supply)
    n_cards = len(card_index)
    per_monster = len(MONSTER_FIELDS) + n_cards + len(kinds)
    flags = lay.slice("flags").start
    s = node.state
    v[flags + 2] = float(node.is_chance())
    if s is None:
        v[flags] = 1.0
        return v
    v[flags + 1] = float(s.pending is not None)
    n = game.num_players
    deciding = s.current_player()
    for slot in range(n):
        seat = (player + slot) % n
        m = s.monsters[seat]
        base = lay.slice("monsters").start + slot * per_monster
        values = (
            1, m.alive, m.hearts, m.max_hearts, m.stars, m.energy,
            s.city == seat, s.bay == seat, s.active == seat, deciding == seat,
        )  # fmt: skip
        for k, x in enumerate(values):
            v[base + k] = float(x)
        for c in m.cards:
            v[base + len(MONSTER_FIELDS) + card_index[c]] = 1.0
        for t_seat, kind, count in s.tokens:
            if t_seat == seat:
                v[base + len(MONSTER_FIELDS) + n_cards + kinds.index(kind)] = float(count)
    v[lay.slice("phase").start + phases_of(game).index(s.phase)] = 1.0
    if s.board is not None and _is_new_york(game):
        _new_york_board(v, lay.slice("board").start, s, player)
    elif s.board is not None:
        b = s.board
        side = -1.0 if player == 0 else 1.0  # seat 0 owns the negative end
        at = lay.slice("board").start
        end = game.rules.numbers["track-end"]  # 0 .. 2*end, never negative (the spaces)
        v[at], v[at + 1] = end + side * b.fame, end + side * b.destruction
        v[at + 2], v[at + 3] = float("fame" in b.extra), float("destruction" in b.extra)
        v[at + 4], v[at + 5] = float(b.dice_tokens[player]), float(b.dice_tokens[1 - player])
    shown = dice.add(s.dice, node.rolled)
    for k in range(6):
        v[lay.slice("dice").start + k] = float(shown[k])
    roll = lay.slice("roll").start
    v[roll], v[roll + 1] = float(s.to_roll), float(s.rolls_done)
    v[roll + 2] = float(s.rolls_allowed)
    for name, cards in (("shop", s.shop), ("discard", s.discard)):
        start = lay.slice(name).start
        for c in cards:
            v[start + card_index[c]] = 1.0
    on_cards = lay.slice("on_cards").start
    for c, _kind, count in s.held:
        v[on_cards + card_index[c]] += float(count)
    counts = lay.slice("counts").start
    v[counts], v[counts + 1] = float(len(s.deck)), float(s.turn)
    return v


def describe(node: Node, player: int) -> str:
    """The position as ``player`` sees it, as text (no deck order)."""
    s = node.state
    if s is None:
        return f"player {player}: dealing the deck ({len(node.dealt)} cards dealt)"
    lines = [f"player {player}", str(s)]
    if node.left is not None:
        lines.append(f"  rolling: {dice.describe(node.rolled)} so far, {node.left} dice left")
    if s.pending is not None:
        lines.append(f"  question: {s.pending.request.why}")
    return "\n".join(lines)


def _new_york_board(v: Any, at: int, s: State, player: int) -> None:
    """Write :func:`new_york_fields` of ``s`` as ``player`` sees it, from ``at`` (kony-kernel)."""
    b: kony_city.CityBoard = s.board
    boroughs = kony_city.BOROUGHS
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
                v[at + i * len(stacks) + k] = float(kony_city.TILES[st[0]].durability)
    at += len(boroughs) * kony_city.DATA.stacks_per_borough
    for i, stacks in enumerate(b.stacks):
        v[at + i] = float(sum(len(st) for st in stacks))
    v[at + len(boroughs)] = float(b.points)
