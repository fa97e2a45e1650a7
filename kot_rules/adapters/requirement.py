"""A clear error when an adapter's library is not installed."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType


class MissingExtraError(ImportError):
    """An adapter's third-party library is missing; the message names the pip extra."""


def require(module: str, extra: str) -> ModuleType:
    """Import ``module``, or raise :class:`MissingExtraError` naming the extra to install."""
    try:
        return import_module(module)
    except ImportError as exc:
        raise MissingExtraError(
            f"kot_rules.adapters.{extra} needs the {module!r} module: "
            f"pip install 'kot-rules[{extra}]'"
        ) from exc
