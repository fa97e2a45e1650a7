"""What a monster sees: a flat vector of fixed size and a text (docs/adapters.md).

Both show the public position only: never the order of the deck. Seats are listed
from the observer's: slot 0 is the observer, slot 1 the next seat clockwise, and so
on; slots past the game's player count stay zero, so the size depends only on the
game's definition (its most players, its cards, its token kinds), not on the count.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import repeat
from typing import Any

from kot_rules.adapters.tree import Node
from kot_rules.engine import dice
from kot_rules.engine.dice import NO_DICE, Counts
from kot_rules.engine.game import Game
from kot_rules.engine.state import Phase, State
from kot_rules.games.king_of_new_york import board as kony_city

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


# King of New York's board (kot_rules.games.king_of_new_york.board).
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
    return Observer(node.shape.game).vector(node, player, out)


class Observer:
    """The observation vectors of one game: where each number goes, found once."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.layout = layout(game)
        self.size = self.layout.size
        cards = game.cards.physical_ids()
        self.card_index = {c: i for i, c in enumerate(cards)}
        self.kind_index = {k: i for i, k in enumerate(sorted(game.cards.token_supply))}
        self.per_monster = len(MONSTER_FIELDS) + len(cards) + len(self.kind_index)
        self.phase_index = {p: i for i, p in enumerate(phases_of(game))}
        at = {name: start for name, start, _size in self.layout.parts}
        self.monsters, self.phase, self.flags = at["monsters"], at["phase"], at["flags"]
        self.dice, self.roll, self.counts = at["dice"], at["roll"], at["counts"]
        self.shop, self.discard, self.on_cards = at["shop"], at["discard"], at["on_cards"]
        self.board = at.get("board")
        self.new_york = _is_new_york(game)
        duel = self.board is not None and not self.new_york
        self.track_end: int = game.rules.numbers["track-end"] if duel else 0

    def entries(self, node: Node, player: int) -> tuple[list[int], list[float]]:
        """The places and values of the vector's numbers that may not be 0 (each place
        once); every other number is 0."""
        s = node.now
        if s is None:
            return [self.flags, self.flags + 2], [1.0, 1.0]
        return self.state_entries(s, player, node.rolled, node.kind is not None)

    def state_entries(
        self, s: State, player: int, rolled: Counts = NO_DICE, chance: bool = False
    ) -> tuple[list[int], list[float]]:
        """:meth:`entries` of a node at ``s`` (the deal over), with ``rolled`` the dice of
        a roll under way drawn so far and ``chance`` whether the node is a chance node."""
        flags = self.flags
        idx = [flags + 1, flags + 2]
        val: list[float] = [s.pending is not None, chance]
        n = self.game.num_players
        deciding = s.current_player()
        card_index, kind_index = self.card_index, self.kind_index
        fields = len(MONSTER_FIELDS)
        held_at = fields + len(card_index)
        base = self.monsters
        for slot in range(n):
            seat = (player + slot) % n
            m = s.monsters[seat]
            idx.extend(range(base, base + fields))
            val.extend((
                1, m.alive, m.hearts, m.max_hearts, m.stars, m.energy,
                s.city == seat, s.bay == seat, s.active == seat, deciding == seat,
            ))  # fmt: skip
            if m.cards:
                at = base + fields
                idx.extend([at + card_index[c] for c in m.cards])
                val.extend(repeat(1.0, len(m.cards)))
            for t_seat, kind, count in s.tokens:
                if t_seat == seat:
                    idx.append(base + held_at + kind_index[kind])
                    val.append(count)
            base += self.per_monster
        idx.append(self.phase + self.phase_index[s.phase])
        val.append(1.0)
        board_at = self.board
        if s.board is not None and board_at is not None:
            board = self._board(s, player)
            idx.extend(range(board_at, board_at + len(board)))
            val.extend(board)
        shown = s.dice if rolled is NO_DICE else dice.add(s.dice, rolled)
        at = self.dice
        idx.extend((at, at + 1, at + 2, at + 3, at + 4, at + 5))
        val.extend(shown)
        at = self.roll
        idx.extend((at, at + 1, at + 2))
        val.extend((s.to_roll, s.rolls_done, s.rolls_allowed))
        at = self.shop
        idx.extend([at + card_index[c] for c in s.shop])
        at = self.discard
        idx.extend([at + card_index[c] for c in s.discard])
        val.extend(repeat(1.0, len(s.shop) + len(s.discard)))
        if s.held:
            on: dict[int, float] = {}
            at = self.on_cards
            for c, _kind, count in s.held:
                i = at + card_index[c]
                on[i] = on.get(i, 0.0) + count
            idx.extend(on)
            val.extend(on.values())
        idx.extend((self.counts, self.counts + 1))
        val.extend((len(s.deck), s.turn))
        return idx, val

    def _board(self, s: State, player: int) -> list[float]:
        if self.new_york:
            v = [0.0] * self.layout.parts[-1][2]
            _new_york_board(v, 0, s, player)
            return v
        b = s.board
        side = -1.0 if player == 0 else 1.0  # seat 0 owns the negative end
        end = self.track_end  # 0 .. 2*end, never negative (the spaces)
        return [
            end + side * b.fame, end + side * b.destruction,
            float("fame" in b.extra), float("destruction" in b.extra),
            float(b.dice_tokens[player]), float(b.dice_tokens[1 - player]),
        ]  # fmt: skip

    def vector(self, node: Node, player: int, out: list[float] | None = None) -> list[float]:
        """The vector as a list of floats (written into ``out`` if given)."""
        v = out if out is not None else [0.0] * self.size
        for i in range(len(v)):
            v[i] = 0.0
        idx, val = self.entries(node, player)
        for i, x in zip(idx, val, strict=True):
            v[i] = float(x)
        return v

    def write(self, out: Any, node: Node, player: int) -> None:
        """Write the vector into ``out``, a numpy array of :attr:`size` numbers."""
        out.fill(0)
        idx, val = self.entries(node, player)
        out[idx] = val


def describe(node: Node, player: int) -> str:
    """The position as ``player`` sees it, as text (no deck order)."""
    s = node.now
    if s is None:
        return f"player {player}: dealing the deck ({len(node.dealt)} cards dealt)"
    lines = [f"player {player}", str(s)]
    if node.left is not None:
        lines.append(f"  rolling: {dice.describe(node.rolled)} so far, {node.left} dice left")
    if s.pending is not None:
        lines.append(f"  question: {s.pending.request.why}")
    return "\n".join(lines)


def _new_york_board(v: Any, at: int, s: State, player: int) -> None:
    """Write :func:`new_york_fields` of ``s`` as ``player`` sees it, from ``at``."""
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
