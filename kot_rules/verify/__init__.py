"""Proofs and properties of the rules: invariants, their Z3 proofs, counterexamples.

- :mod:`.invariants`: each invariant as one object: id, statement, rules, its check on a
  concrete :class:`~kot_rules.engine.state.State` (the property tests) and its Z3
  property (the proofs), its diagnostic code and its games.
- :mod:`.symbolic`, :mod:`.kernel`, :mod:`.semantics`: a symbolic (Z3) semantics of the
  rule kernel and of the card language, built from the same syntax tree the engine runs.
  Differential tests hold them to the engine: each kernel step
  (tests/verify/test_kernel_differential.py) and each card sentence
  (tests/verify/test_differential.py) gives the engine's post-state on random states.
- :mod:`.prover`: one query per transition and invariant, and the reachability canaries.
- :mod:`.counterexample`: a failed proof as a concrete state and a scenario file.
- King of Tokyo: Duel has its own model: :mod:`.duel_state` (two monsters, two tracks
  and their Buzz tiles as Z3 terms), :mod:`.duel_kernel` (each kernel step as a Z3
  transition; the game's ``symbolic_model``), :mod:`.duel_invariants` (INV-DUEL-*),
  :mod:`.duel_prover` (proofs, canaries, counterexamples) and :mod:`.duel_reference`
  (the same steps as plain Python, which tests/verify/test_duel_reference.py holds the
  Z3 model to). :mod:`.duel_semantics` is Duel's card language in Z3 (a table per kind of
  word, filled by decorators); tests/verify/test_duel_proofs_differential.py holds it to
  the engine.
- King of New York has its own model too (kony-proofs): :mod:`.kony_state` (up to six
  monsters, seat 0 the active one; boroughs, Manhattan's two paths and zones, the tiles
  counted per borough, the special cards), :mod:`.kony_kernel` (each kernel step; the
  game's ``symbolic_model``), :mod:`.kony_invariants` (INV-KONY-*), :mod:`.kony_prover`
  and :mod:`.kony_semantics` (New York's card words in Z3). tests/verify/test_kony_*.py
  hold them to the engine.
- :mod:`.common` holds what the models share once (weakenings, transitions, the card
  language's tables and sentence transitions); :mod:`.prover` the proof loop, canaries and
  reports of every game, :mod:`.symbolic` the states' base, ``ite`` and ``Ctx``.
"""
