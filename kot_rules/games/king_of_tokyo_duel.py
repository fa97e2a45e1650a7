"""King of Tokyo: Duel (2 players) as a game of the family (step 1 of issue 10: the
kernel; the monsters' powers, Buzz tiles and the Duel-only card words come later)."""

from __future__ import annotations

from kot_rules.engine.duel import RULES
from kot_rules.games.definition import GameDefinition

KING_OF_TOKYO_DUEL = GameDefinition(
    id=RULES.id,
    title=RULES.title,
    rules=RULES,
    dialect=RULES.id,
    invariants=(),
    symbolic_model="kot_rules.verify.duel",
)
