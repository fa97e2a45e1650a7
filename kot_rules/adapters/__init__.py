"""Adapters for learning libraries: an OpenSpiel game and a PettingZoo environment.

Importing this package imports neither library: ``kot_rules.adapters.openspiel``
needs the ``openspiel`` extra, ``kot_rules.adapters.pettingzoo`` the ``pettingzoo``
extra (``pip install 'kot-rules[openspiel]'``). The encoding of actions
(:mod:`.encoding`), the tree with explicit chance (:mod:`.tree`) and the observation
layout (:mod:`.observation`) are plain Python.
"""
