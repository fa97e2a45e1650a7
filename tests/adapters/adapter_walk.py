"""Seeded random walks through the adapters' trees (shared by the adapter tests)."""

from __future__ import annotations

import random
from collections.abc import Callable

from kot_rules.adapters.tree import Node, Shape
from kot_rules.engine.game import Game


def walk(
    game: Game, seed: int, on_node: Callable[[Node], None] | None = None
) -> tuple[Node, list[int]]:
    """Play ``game`` through a :class:`Node`: chance by its probabilities, decisions at
    random, both from ``seed``. Returns the final node and every id played."""
    rng = random.Random(f"adapters-test/{seed}")
    node = Node(Shape(game))
    played: list[int] = []
    while not node.is_terminal():
        if on_node is not None:
            on_node(node)
        if node.is_chance():
            outcomes = node.chance_outcomes()
            pick = rng.choices([i for i, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            pick = rng.choice(node.legal_actions())
        node.apply(pick)
        played.append(pick)
    return node, played
