"""King of New York (2-6 players) as a game of the family (issue 11, step 1: the kernel;
the card words of its own come with its cards)."""

from __future__ import annotations

from kot_rules.engine.newyork import RULES
from kot_rules.games.definition import GameDefinition

KING_OF_NEW_YORK = GameDefinition(
    id=RULES.id,
    title=RULES.title,
    rules=RULES,
    # Its cards are written, for now, in King of Tokyo's dialect (language.grammar
    # SHARED_DIALECTS), as Duel's first ones were.
    dialect=RULES.id,
    # The ids of kot_rules.verify.kony_concrete (checked on engine states; no Z3 model yet).
    invariants=(
        "INV-KONY-SEATS",
        "INV-KONY-HEARTS",
        "INV-KONY-CAPACITY",
        "INV-KONY-TILES",
        "INV-KONY-SPECIAL",
    ),
    # No Z3 model of New York yet: the verify command says so (a later step).
    symbolic_model="",
)
