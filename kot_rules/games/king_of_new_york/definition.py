"""King of New York (2-6 players) as a game of the family: its rules, dialect, invariants
and symbolic kernel, as the registry loads them."""

from __future__ import annotations

from kot_rules.games.definition import GameDefinition
from kot_rules.games.king_of_new_york.rules import RULES

KING_OF_NEW_YORK = GameDefinition(
    id=RULES.id,
    title=RULES.title,
    rules=RULES,
    # Its cards are written, for now, in King of Tokyo's dialect (language.grammar
    # SHARED_DIALECTS), as Duel's first ones were.
    dialect=RULES.id,
    # The ids of kot_rules.games.king_of_new_york.invariants (verify sits above games:
    # named here).
    invariants=(
        "INV-KONY-SEATS",
        "INV-KONY-HEARTS",
        "INV-KONY-RESOURCES",
        "INV-KONY-MANHATTAN",
        "INV-KONY-CAPACITY",
        "INV-KONY-TILES",
        "INV-KONY-SPECIAL",
        "INV-KONY-VICTORY",
    ),
    symbolic_model="kot_rules.games.king_of_new_york.kernel",
    package=__package__ or "",
)

DEFINITION = KING_OF_NEW_YORK
"""What the registry loads (kot_rules.games.registry)."""
