"""Where the rules data (spec/ and grammar/) lives, installed or in a checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_root() -> Path:
    """The folder holding ``spec/`` and ``grammar/``.

    A wheel ships them under ``kot_rules/_data``; a checkout (or an editable
    install) has them beside the package.
    """
    shipped = _PACKAGE / "_data"
    if (shipped / "spec").is_dir():
        return shipped
    return _PACKAGE.parent


def spec_dir() -> Path:
    return data_root() / "spec"


def grammar_dir() -> Path:
    return data_root() / "grammar"


def builtin_cards_dir(game: str = "king-of-tokyo") -> Path:
    return spec_dir() / "cards" / game
