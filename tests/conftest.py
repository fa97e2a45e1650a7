"""Hypothesis profiles: ``fast`` (the default, for every run of the suite), ``deep``
(``HYPOTHESIS_PROFILE=deep``: many more examples and longer games, for nightly runs) and
``mutate`` (scripts/mutate.py: the fast budget, derandomized and with no example database,
so that a mutant is killed or not the same way on every run, and no shrinking: a mutant
needs one failing example, not the smallest, and shrinking one took minutes)."""

from __future__ import annotations

import os

from hypothesis import Phase, settings

# The suite runs without the on-disk cache (kot_rules/cache.py): a test that patches the
# parser or the prover must see its patch, not an entry made by the unpatched source.
# tests/surfaces/test_cli_cache.py turns it on in a folder of its own.
os.environ["KOT_RULES_NO_CACHE"] = "1"

settings.register_profile("fast", deadline=None)
settings.register_profile("mutate", deadline=None, derandomize=True, database=None,
                          phases=[Phase.explicit, Phase.reuse, Phase.generate])
settings.register_profile("deep", deadline=None, max_examples=2000, stateful_step_count=5000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fast"))
