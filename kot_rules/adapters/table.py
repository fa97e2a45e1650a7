"""One game an environment plays: a tree node whose chance is drawn from a seeded generator.

The PettingZoo environments (:mod:`.pettingzoo`, :mod:`.vector`) keep chance inside:
a table shuffles the deck and draws every roll and the first player from its own
generator, so a game is a function of its seed and the decisions taken. Plain Python.
"""

from __future__ import annotations

import random

from kot_rules.adapters.tree import Node, Shape

SEED_FORMAT = "kot-rules/pettingzoo/{seed}"
"""The string a game's seed becomes to seed its generator (``random.Random``)."""


class Table:
    """A game with its own chance generator, always at a decision or at its end."""

    __slots__ = ("node", "rng", "shape")

    def __init__(self, shape: Shape) -> None:
        self.shape = shape
        self.rng = random.Random()
        self.node = Node(shape)

    def reset(self, seed: int | None = None) -> None:
        """A new game: with ``seed``, a fresh generator for it (the same game for the same
        decisions); without, the generator goes on."""
        if seed is not None:
            self.rng = random.Random(SEED_FORMAT.format(seed=seed))
        game = self.shape.game
        deck = game.shuffled_deck(self.rng.randrange(2**32))
        self.node = Node(self.shape)
        self.node.start(game.new_initial_state(deck))
        self.advance()

    def step(self, action_id: int) -> None:
        """Play decision ``action_id``, then chance until the next decision or the end;
        raises IllegalActionError (a ValueError) if it is not legal, nothing changed."""
        node = self.node
        node.apply(action_id)
        if node.kind is not None:
            self.advance()

    def advance(self) -> None:
        """Draw chance outcomes until a monster decides or the game is over."""
        node = self.node
        rng = self.rng
        while node.kind is not None:
            node.draw(rng)

    def over(self) -> bool:
        return self.node.is_terminal()
