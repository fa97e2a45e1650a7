"""The ``kot-rules`` command: one module per command group, :mod:`.app` ties them together.

``play`` and ``simulate`` live in :mod:`.play`, ``balance`` in :mod:`.balance`, ``scenario``
in :mod:`.scenario`, ``check``, ``fmt`` and ``cards`` in :mod:`.cards`, ``verify``, ``rules``
and ``games`` in modules of their names; what they share (exit codes, options, output) in
:mod:`.common`.
"""

from kot_rules.simulation import TIMING_KEYS
from kot_rules.surfaces.cli.app import build_parser, main
from kot_rules.surfaces.cli.common import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    CliError,
)
from kot_rules.surfaces.cli.play import ProgressBar

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
