"""Finding a quoted source phrase in a seed's text: shared by the tests of the rules data."""

from __future__ import annotations

import os
from pathlib import Path


def shared_dir() -> Path | None:
    """The ../shared folder of the sources, wherever this checkout (or worktree) sits;
    ``KOT_SHARED`` names it explicitly."""
    if "KOT_SHARED" in os.environ:
        return Path(os.environ["KOT_SHARED"])
    for folder in Path(__file__).resolve().parents:
        if (folder / "shared" / "seeds").is_dir():
            return folder / "shared"
    return None


def collapse(text: str) -> str:
    """``text`` with every run of whitespace made one space (OCR line breaks vary)."""
    return " ".join(text.split())


def missing_piece(phrase: str, text: str) -> str | None:
    """The first piece of ``phrase`` (split on "...") not found, in order, in ``text``
    (already collapsed); None when every piece stands there."""
    at = 0
    for piece in (collapse(p) for p in phrase.split("...")):
        if not piece:
            continue
        found = text.find(piece, at)
        if found < 0:
            return piece
        at = found + len(piece)
    return None
