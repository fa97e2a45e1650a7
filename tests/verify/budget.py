"""Example budgets of the tests in this folder: small by default, the profile's when deep."""

from __future__ import annotations

from typing import Any

from hypothesis import settings


def budget(examples: int, **kw: Any) -> settings:
    """``examples`` examples, unless the ``deep`` profile is loaded (then its own)."""
    if settings.get_current_profile_name() == "deep":
        return settings(**kw)
    return settings(max_examples=examples, **kw)
