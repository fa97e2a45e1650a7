"""King of Tokyo: Duel (2 monsters, Fame and Destruction tracks, Buzz tiles): everything of the
game that is Python.

The game's definition is :mod:`.definition` (``DEFINITION``); the registry
(:mod:`kot_rules.games.registry`) loads it on first use, so importing one module of the
folder (its board, say) loads nothing else of the game."""
