"""King of New York (boroughs, buildings and units, Ouch!, Statue of Liberty, Superstar):
everything of the game that is Python.

The game's definition is :mod:`.definition` (``DEFINITION``); the registry
(:mod:`kot_rules.games.registry`) loads it on first use, so importing one module of the
folder (its board, say) loads nothing else of the game."""
