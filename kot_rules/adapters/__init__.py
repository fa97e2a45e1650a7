"""Adapters for learning libraries: an OpenSpiel game, a PettingZoo environment and a
vectorised self-play environment (PettingZoo's parallel API).

Importing this package imports no library: ``kot_rules.adapters.openspiel`` needs the
``openspiel`` extra, ``kot_rules.adapters.pettingzoo`` and ``kot_rules.adapters.vector``
the ``pettingzoo`` extra (``pip install 'kot-rules[openspiel]'``). The encoding of
actions (:mod:`.encoding`), the tree with explicit chance (:mod:`.tree`), the observation
layout (:mod:`.observation`), a game with its own chance generator (:mod:`.table`) and the
sampling of a chance outcome (:mod:`.sampling`) are plain Python.
"""
