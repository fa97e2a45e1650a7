"""The ``--help`` text of ``kot-rules`` and of every subcommand, from the real parser."""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

HELP_WIDTH = 100
"""Columns the help is wrapped to (argparse reads ``$COLUMNS``)."""


@dataclass(frozen=True)
class CommandHelp:
    prog: str
    """The command line, e.g. ``kot-rules scenario run``."""
    summary: str
    """The one-line help its parent lists it with (empty for the top command)."""
    text: str
    """What ``PROG --help`` prints."""

    @property
    def anchor(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", self.prog.lower()).strip("-")


@contextmanager
def _environment(**values: str) -> Iterator[None]:
    saved = {key: os.environ.get(key) for key in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, old in saved.items():
            if old is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = old


def walk(parser: argparse.ArgumentParser, summary: str = "") -> Iterator[CommandHelp]:
    """``parser`` and every subcommand under it, depth first, in the order they were added."""
    yield CommandHelp(parser.prog, summary, parser.format_help())
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            for name, sub in action.choices.items():
                yield from walk(sub, helps.get(name, ""))


def command_helps(parser: argparse.ArgumentParser | None = None) -> list[CommandHelp]:
    """The help of ``kot-rules`` (default: the real parser) and all its subcommands."""
    with _environment(COLUMNS=str(HELP_WIDTH), NO_COLOR="1", PYTHON_COLORS="0"):
        if parser is None:
            from kot_rules.surfaces.cli import build_parser

            parser = build_parser()
        return list(walk(parser))
