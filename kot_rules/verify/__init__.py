"""Proofs and properties of the rules: invariants, their Z3 proofs, counterexamples.

- :mod:`.invariants`: each invariant, its id and statement, and its check on a concrete
  :class:`~kot_rules.engine.state.State` (used by the property tests).
- :mod:`.symbolic`, :mod:`.kernel`, :mod:`.semantics`: a symbolic (Z3) semantics of the
  rule kernel and of the card language, built from the same syntax tree the engine runs.
- :mod:`.prover`: one query per transition and invariant, and the reachability canaries.
- :mod:`.counterexample`: a failed proof as a concrete state and a scenario file.
"""
