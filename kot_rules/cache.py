"""An on-disk cache of work that depends only on file contents: parsed card files and
the results of ``kot-rules check``.

Every entry is keyed by a SHA-256 of everything its value depends on: the bytes of the
card files read (and the paths they were read under), the grammar and rules data, and
the source of every ``kot_rules`` module (:func:`source_hash`), so that editing a card,
the grammar, the interpreter or the prover makes a new key and the old entry is never
read again. The cache lives in ``$KOT_RULES_CACHE_DIR``, else
``$XDG_CACHE_HOME/kot-rules``, else ``~/.cache/kot-rules``; ``KOT_RULES_NO_CACHE=1``
turns it off. An entry that cannot be read, is corrupt or carries another key is a
miss (it is rewritten), never an error.

This module imports nothing heavy: the CLI computes keys before it knows whether it
needs the parser, the engine or Z3.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import pickle
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from kot_rules.paths import data_root

FORMAT = 1
"""Bumped when the layout of an entry changes; part of every key and every header."""

_PACKAGE = Path(__file__).resolve().parent
_HEADER = b"kot-rules-cache"


def cache_dir() -> Path | None:
    """Where entries are kept, or ``None`` when ``KOT_RULES_NO_CACHE`` turns the cache off."""
    if os.environ.get("KOT_RULES_NO_CACHE", "") not in ("", "0"):
        return None
    given = os.environ.get("KOT_RULES_CACHE_DIR")
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "kot-rules"


@functools.cache
def source_hash() -> str:
    """A digest of what gives card files their meaning: the package's Python source, the
    grammar and the rules data (not the cards, not the scenarios)."""
    from kot_rules import __version__

    digest = hashlib.sha256(f"kot-rules {__version__} format {FORMAT}".encode())
    root = data_root()
    files = [*_PACKAGE.rglob("*.py"), *(root / "grammar").rglob("*"),
             *(root / "spec" / "games").rglob("*"), *(root / "spec" / "rules").rglob("*")]
    for file in sorted(f for f in files if f.is_file()):
        digest.update(str(file.relative_to(file.anchor)).encode() + b"\0")
        digest.update(file.read_bytes())
    return digest.hexdigest()


def card_files(path: Path) -> list[Path]:
    """The ``.kot`` files under ``path`` in the order the card reader reads them (a file
    is itself; a missing or unreadable path has none)."""
    try:
        if path.is_dir():
            return sorted((p for p in path.rglob("*.kot") if p.is_file()),
                          key=lambda p: p.relative_to(path).parts)
        return [path] if path.is_file() else []
    except OSError:
        return []


def inputs_key(kind: str, paths: Sequence[Path], extra: Iterable[str] = ()) -> str:
    """The key of work on the card files under ``paths``: their paths (as given: they show
    in diagnostics), what each path is, each file's bytes, ``extra`` and the source."""
    digest = hashlib.sha256(f"{kind}\0{FORMAT}\0{source_hash()}\0".encode())
    for word in extra:
        digest.update(f"extra\0{word}\0".encode())
    for path in paths:
        digest.update(f"path\0{path}\0{_what(path)}\0".encode())
        for file in card_files(path):
            digest.update(f"file\0{file}\0{_resolved(file)}\0".encode())
            try:
                data = file.read_bytes()
            except OSError as exc:
                digest.update(f"unreadable\0{exc.errno}\0".encode())
                continue
            digest.update(f"{len(data)}\0".encode())
            digest.update(data)
    return digest.hexdigest()


def _what(path: Path) -> str:
    try:
        return "dir" if path.is_dir() else "file" if path.is_file() else "missing"
    except OSError as exc:
        return f"error {exc.errno}"


def _resolved(file: Path) -> str:
    try:
        return str(file.resolve())
    except OSError:
        return ""


def _entry(kind: str, key: str, suffix: str) -> Path | None:
    folder = cache_dir()
    return None if folder is None else folder / f"{kind}-{key}.{suffix}"


def _write(path: Path, data: bytes) -> None:
    """Write atomically (a reader sees the old entry or the whole new one); a cache that
    cannot be written is no cache, not an error."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError:
        pass


def load_json(kind: str, key: str) -> Any | None:
    """The JSON value stored under ``key``, or ``None`` (no cache, no entry, a bad one)."""
    path = _entry(kind, key, "json")
    if path is None:
        return None
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("key") != key:
        return None
    return data.get("value")


def store_json(kind: str, key: str, value: Any) -> None:
    path = _entry(kind, key, "json")
    if path is not None:
        text = json.dumps({"format": FORMAT, "key": key, "value": value}, ensure_ascii=False)
        _write(path, text.encode("utf-8"))


def load_pickle(kind: str, key: str) -> Any | None:
    """The object pickled under ``key``, or ``None``. The header (format and key) is
    checked before anything is unpickled, so a stale entry is never loaded."""
    path = _entry(kind, key, "pickle")
    if path is None:
        return None
    try:
        data = path.read_bytes()
    except OSError:
        return None
    header = b"%s %d %s\n" % (_HEADER, FORMAT, key.encode())
    body = data[len(header):]
    if not data.startswith(header) or len(body) < 32:
        return None
    check, payload = body[:32], body[32:]
    if hashlib.sha256(payload).digest() != check:  # truncated or damaged
        return None
    try:
        return pickle.loads(payload)
    except Exception:  # an entry written by other code: a miss
        return None


def store_pickle(kind: str, key: str, value: Any) -> None:
    path = _entry(kind, key, "pickle")
    if path is None:
        return
    payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    header = b"%s %d %s\n" % (_HEADER, FORMAT, key.encode())
    _write(path, header + hashlib.sha256(payload).digest() + payload)
