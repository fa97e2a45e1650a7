"""Which engine runs: the mypyc-compiled engine modules when built and fresh, else pure Python.

``make compiled`` (``scripts/build_compiled.py``) compiles the hot modules of
``kot_rules/engine/`` from their own ``.py`` files into ``kot_rules/_compiled/``, a
directory Python never searches by itself, and writes a manifest with the hash of every
engine source. :func:`install`, run once when ``kot_rules`` is imported, puts a finder in
front of ``sys.meta_path`` that loads those modules from there, but only when

- ``KOT_RULES_PURE`` is unset, empty or ``0`` (``KOT_RULES_PURE=1`` forces pure Python),
- the build is for this interpreter (same extension suffix), and
- every engine source still has the hash it had when compiled: a stale build is never
  used, so the compiled engine can only play what the ``.py`` files say.

Otherwise nothing is installed and the ``.py`` files run as usual.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path
from types import ModuleType
from typing import Any

PURE_ENV = "KOT_RULES_PURE"
"""Set to 1 to run the pure Python engine even when a compiled build is present."""

PACKAGE = Path(__file__).resolve().parent
COMPILED_DIR = PACKAGE / "_compiled"
MANIFEST = COMPILED_DIR / "manifest.json"
SOURCE_GLOBS: tuple[str, ...] = (
    "engine/*.py", "games/*/rules.py", "games/*/board.py", "games/*/words.py",
)
"""The sources a build is checked against: the kernel's engine and each game's rules, board
and card words (the compiled modules are among them; scripts/build_compiled.py)."""


def source_files() -> list[Path]:
    return sorted({p for g in SOURCE_GLOBS for p in PACKAGE.glob(g)})


def source_hashes() -> dict[str, str]:
    """The sha256 of every source, by its path under ``kot_rules/``."""
    return {p.relative_to(PACKAGE).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in source_files()}


def source_stats() -> dict[str, list[int]]:
    """Size and modification time (ns) of every source: a cheap first check."""
    return {p.relative_to(PACKAGE).as_posix(): [(st := p.stat()).st_size, st.st_mtime_ns]
            for p in source_files()}


@dataclass(frozen=True)
class EngineStatus:
    """The engine chosen at import: compiled or pure, and why."""

    compiled: bool
    reason: str
    modules: tuple[str, ...] = ()
    """The engine modules loaded from the compiled build (empty when pure)."""

    def describe(self) -> str:
        if self.compiled:
            return f"compiled (mypyc, {len(self.modules)} engine modules)"
        return f"pure Python ({self.reason})"

    def to_json(self) -> dict[str, Any]:
        return {
            "engine": "compiled" if self.compiled else "pure",
            "reason": self.reason,
            "compiled_modules": list(self.modules),
        }


class CompiledFinder(MetaPathFinder):
    """Finds the compiled engine modules (and their shared runtime) in the build directory."""

    def __init__(self, root: Path, files: dict[str, str]) -> None:
        self.root = root
        self.files = files

    def find_spec(
        self,
        fullname: str,
        path: Any = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        name = self.files.get(fullname)
        if name is None:
            return None
        file = str(self.root / name)
        return spec_from_file_location(fullname, file, loader=ExtensionFileLoader(fullname, file))


def _pure_forced() -> bool:
    return os.environ.get(PURE_ENV, "").strip() not in ("", "0")


def read_build() -> tuple[dict[str, Any] | None, str]:
    """The manifest of a usable build, or None and the reason it cannot be used."""
    if not MANIFEST.is_file():
        return None, "no compiled build: `make compiled` makes one"
    try:
        manifest: dict[str, Any] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return None, f"unreadable {MANIFEST}: {exc}"
    if manifest.get("ext_suffix") not in EXTENSION_SUFFIXES:
        return None, f"the compiled build is for another Python ({manifest.get('ext_suffix')})"
    built = manifest.get("sources", {})
    # Hashing every source costs milliseconds at each start; unchanged sizes and times
    # (what the build saw) prove nothing changed, anything else is settled by the hashes.
    now = built if manifest.get("stats") == source_stats() else source_hashes()
    changed = sorted(n for n in set(built) | set(now) if built.get(n) != now.get(n))
    if changed:
        return None, (f"the compiled build is stale ({', '.join(changed[:3])} changed since): "
                      "`make compiled` rebuilds it")
    missing = [f for f in manifest.get("files", {}).values() if not (COMPILED_DIR / f).is_file()]
    if missing:
        return None, f"the compiled build is incomplete ({missing[0]} is missing)"
    return manifest, "built by `make compiled`"


_status = EngineStatus(False, "kot_rules.native.install() has not run")


def install() -> EngineStatus:
    """Choose the engine once, before any engine module is imported."""
    global _status
    if any(isinstance(f, CompiledFinder) for f in sys.meta_path) or _status.compiled:
        return _status
    if _pure_forced():
        _status = EngineStatus(False, f"{PURE_ENV}={os.environ[PURE_ENV]}")
        return _status
    manifest, reason = read_build()
    if manifest is None:
        _status = EngineStatus(False, reason)
        return _status
    files: dict[str, str] = manifest["files"]
    sys.meta_path.insert(0, CompiledFinder(COMPILED_DIR, files))
    modules = tuple(sorted(m for m in files if m.startswith("kot_rules.")))
    _status = EngineStatus(True, reason, modules)
    return _status


def status() -> EngineStatus:
    """The engine this process runs (what :func:`install` chose)."""
    return _status

