"""Hypothesis profiles: ``fast`` (the default, for every run of the suite) and ``deep``
(``HYPOTHESIS_PROFILE=deep``: many more examples and longer games, for nightly runs)."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("fast", deadline=None)
settings.register_profile("deep", deadline=None, max_examples=2000, stateful_step_count=5000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fast"))
