"""Proofs and properties of the rules: invariants, their Z3 proofs, counterexamples.

- :mod:`.invariant`: what an invariant is, in every game: one object with its id,
  statement, rules, its check on a concrete :class:`~kot_rules.engine.state.State` and its
  Z3 property.
- :mod:`.symbolic`: the symbolic states' base, ``ite`` and ``Ctx``; :mod:`.common`: what the
  games' Z3 models share once (weakenings, transitions, the card language's tables and
  sentence transitions).
- :mod:`.prover`: one query per transition and invariant, and the reachability canaries,
  for any game's :class:`~kot_rules.verify.prover.ProofModel`;
  :mod:`.counterexample`: a failed proof as a concrete state and a scenario file;
  :mod:`.cardcheck`: the proofs of a card set's sentences as diagnostics; :mod:`.soak`:
  random games with every invariant checked.

Nothing here knows a game. Each game's own model lives in its folder
``kot_rules/games/<game>/``: ``state`` (its symbolic state), ``kernel`` (each kernel step
as a Z3 transition), ``semantics`` (its card words in Z3), ``concrete`` (its invariants in
plain Python on engine states), ``invariants`` (the invariant objects: ``INVARIANTS``,
``BY_ID``, ``IDS``, ``all_hold``, ``check_all``) and ``model`` (its ``MODEL``, what the
proof loop proves); this package reaches them through the games registry
(``kot_rules.games.get(id).part(name)``). Differential tests under tests/verify/ hold each
model to the engine.
"""
