"""King of Tokyo (2011 first edition) as a game of the family."""

from __future__ import annotations

from kot_rules.games.definition import GameDefinition
from kot_rules.games.king_of_tokyo.rules import RULES

KING_OF_TOKYO = GameDefinition(
    id=RULES.id,
    title="King of Tokyo (2011)",
    rules=RULES,
    dialect="king-of-tokyo",
    invariants=(
        "INV-SEATS",
        "INV-HEARTS",
        "INV-TOKYO",
        "INV-ELIMINATED",
        "INV-RESOURCES",
        "INV-CARDS",
        "INV-VICTORY",
        "INV-YIELD",
    ),
    symbolic_model="kot_rules.games.king_of_tokyo.kernel",
    package=__package__ or "",
)

DEFINITION = KING_OF_TOKYO
"""What the registry loads (kot_rules.games.registry)."""
