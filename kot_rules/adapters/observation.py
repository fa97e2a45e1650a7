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

from kot_rules.adapters.game_part import adapter_of
from kot_rules.adapters.tree import Node
from kot_rules.engine import dice
from kot_rules.engine.dice import NO_DICE, Counts
from kot_rules.engine.game import Game
from kot_rules.engine.state import Phase, State


def phases_of(game: Game) -> tuple[Phase, ...]:
    """The phases the observation of ``game`` tells apart (its folder's ``adapter``)."""
    return adapter_of(game).PHASES


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
    ) + ((("board", board),) if (board := adapter_of(game).board_fields(game)) else ())
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
        self.board_vector = adapter_of(game).board_vector

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
            board = self.board_vector(s, player)
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
