"""The ``kot-rules`` command: one module per command group, :mod:`.app` ties them together.

``play`` and ``simulate`` live in :mod:`.play`, ``balance`` in :mod:`.balance`, ``scenario``
in :mod:`.scenario`, ``check``, ``fmt`` and ``cards`` in :mod:`.cards`, ``verify``, ``rules``
and ``games`` in modules of their names; what they share (exit codes, options, output) in
:mod:`.common`. Importing this package (the console script does) loads only the app and
:mod:`.common`; ``ProgressBar`` and ``TIMING_KEYS`` load on first use.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from kot_rules.surfaces.cli.app import build_parser, main
from kot_rules.surfaces.cli.common import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    CliError,
)

if TYPE_CHECKING:
    from kot_rules.simulation import TIMING_KEYS
    from kot_rules.surfaces.cli.play import ProgressBar

_LAZY = {"TIMING_KEYS": "kot_rules.simulation", "ProgressBar": "kot_rules.surfaces.cli.play"}

__all__ = [
    "EXIT_FAILURE",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "PROG",
    "TIMING_KEYS",
    "CliError",
    "ProgressBar",
    "build_parser",
    "main",
]


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_LAZY[name]), name)
    globals()[name] = value
    return value
