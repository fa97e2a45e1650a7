"""King of Tokyo: Duel (2 players) as a game of the family: its rules, dialect, invariants
and symbolic kernel, as the registry loads them."""

from __future__ import annotations

from kot_rules.games.definition import GameDefinition
from kot_rules.games.king_of_tokyo_duel.rules import RULES

KING_OF_TOKYO_DUEL = GameDefinition(
    id=RULES.id,
    title=RULES.title,
    rules=RULES,
    dialect=RULES.id,
    # The ids of kot_rules.games.king_of_tokyo_duel.invariants (verify sits above games: named
    # here).
    invariants=(
        "INV-DUEL-SEATS",
        "INV-DUEL-HEARTS",
        "INV-DUEL-ENERGY",
        "INV-DUEL-TOKENS",
        "INV-DUEL-DICE",
        "INV-DUEL-MARKERS",
        "INV-DUEL-BUZZ",
        "INV-DUEL-VICTORY",
    ),
    symbolic_model="kot_rules.games.king_of_tokyo_duel.kernel",
    package=__package__ or "",
)

DEFINITION = KING_OF_TOKYO_DUEL
"""What the registry loads (kot_rules.games.registry)."""
