"""King of Tokyo (2011 first edition) as a game of the family."""

from __future__ import annotations

from kot_rules.engine.game import MAX_MONSTERS, MIN_MONSTERS, Game
from kot_rules.games.definition import GameDefinition

KING_OF_TOKYO = GameDefinition(
    id="king-of-tokyo",
    title="King of Tokyo (2011)",
    min_players=MIN_MONSTERS,
    max_players=MAX_MONSTERS,
    make_game=Game,
)
