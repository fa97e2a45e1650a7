"""Compile the hot engine modules with mypyc into kot_rules/_compiled/ (``make compiled``).

    python scripts/build_compiled.py [--modules turn,abilities,...]

The same ``kot_rules/engine/*.py`` files are compiled (one source of truth); the
products go to ``kot_rules/_compiled/`` (git-ignored), which Python never searches by
itself: ``kot_rules.native`` loads them when the manifest written last here still
matches every engine source and ``KOT_RULES_PURE`` is not set. Needs mypy (the
``test`` extra) and a C compiler; without one this exits 1 with a message, and the
pure Python engine goes on running.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kot_rules.native import (  # noqa: E402
    COMPILED_DIR,
    MANIFEST,
    read_build,
    source_hashes,
    source_stats,
)

HOT_MODULES: tuple[str, ...] = (
    # Own time of 300 full-deck 4-monster games under cProfile (2026-11-25), hottest
    # first; together ~90 % of the engine's time. The rest (serialisation, the state
    # checker, the greedy agent, ...) stays Python, and so does agents.py (3 %): Python
    # classes cannot inherit from compiled ones, and users subclass RandomAgent.
    "engine.turn", "engine.abilities", "engine.legal", "games.king_of_tokyo.rules",
    "engine.dice", "engine.driver", "engine.resources", "engine.state",
    "games.king_of_tokyo.board", "engine.activated", "engine.shop", "engine.effects",
    "engine.hearts", "engine.cards", "engine.requests",
    # Duel's own modules: a random Duel game spends most of its time in them (without them
    # the compiled engine plays Duel only ~8 % faster).
    "games.king_of_tokyo_duel.rules", "games.king_of_tokyo_duel.board",
    # A native Game: attribute reads on it stop being generic look-ups.
    # `rules` does not compile (typing-only imports in its dataclasses' annotations), nor
    # `events` (Quiet subclasses list). `actions` and `options` stay Python: a frozen
    # dataclass compiled by mypyc cannot be unpickled (its __setstate__ assigns to frozen
    # fields), and `simulate --jobs`/`--backend ray` send Options and answers to workers.
    "engine.game",
    # New York's own modules (its rules and its board).
    "games.king_of_new_york.rules", "games.king_of_new_york.board",
    # Each game's own card words: the interpreter calls them as it called them when they were
    # part of engine.effects (compiled), New York's count of damage dealt at every hit.
    "games.king_of_tokyo.words", "games.king_of_tokyo_duel.words",
    "games.king_of_new_york.words",
)
"""The modules compiled, by dotted name under ``kot_rules``: every one is a source
:mod:`kot_rules.native` checks a build against."""
GROUP = "kot_rules_engine"
"""mypyc puts the code of all modules in one shared library, ``kot_rules_engine__mypyc``."""


def build(modules: tuple[str, ...]) -> int:
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as exc:
        print(f"build_compiled: {exc}: install the test extra (pip install -e '.[test]')",
              file=sys.stderr)
        return 1
    os.chdir(ROOT)
    # Before compiling: an edit during the build makes it stale.
    hashes, stats = source_hashes(), source_stats()
    paths = [f"kot_rules/{m.replace('.', '/')}.py" for m in modules]
    for p in paths:
        if not Path(p).is_file():
            print(f"build_compiled: no such module: {p}", file=sys.stderr)
            return 1
    lib = ROOT / "build" / "compiled-lib"
    shutil.rmtree(lib, ignore_errors=True)
    start = time.perf_counter()
    try:
        extensions = mypycify(paths, opt_level="3", group_name=GROUP,
                              target_dir=str(ROOT / "build" / "mypyc"))
        setup(
            name="kot-rules-compiled",
            ext_modules=extensions,
            packages=[],
            py_modules=[],
            script_args=["--quiet", "build_ext", "--build-lib", str(lib),
                         "--build-temp", str(ROOT / "build" / "compiled-temp")],
        )
    except (SystemExit, Exception) as exc:  # mypy errors or no working C compiler
        print(f"build_compiled: the compiled engine was not built ({exc}); "
              "the pure Python engine is used", file=sys.stderr)
        return 1
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    files = {f"kot_rules.{m}": f"kot_rules/{m.replace('.', '/')}{suffix}" for m in modules}
    files[f"{GROUP}__mypyc"] = f"{GROUP}__mypyc{suffix}"
    missing = [f for f in files.values() if not (lib / f).is_file()]
    if missing:
        print(f"build_compiled: the build made no {missing[0]}", file=sys.stderr)
        return 1
    shutil.rmtree(COMPILED_DIR, ignore_errors=True)
    for f in files.values():
        (COMPILED_DIR / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(lib / f, COMPILED_DIR / f)
    manifest = {"ext_suffix": suffix, "python": sys.version.split()[0], "files": files,
                "sources": hashes, "stats": stats}
    MANIFEST.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    seconds = time.perf_counter() - start
    print(f"compiled {len(modules)} engine modules into "
          f"{COMPILED_DIR.relative_to(ROOT)} in {seconds:.0f} s")
    return 0


def c_compiler() -> str | None:
    """The C compiler setuptools would call (``$CC`` or Python's build configuration), if
    it is on this machine."""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = cc.split()
    return shutil.which(words[0]) if words else None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="build_compiled.py", description=__doc__.split("\n")[0])
    p.add_argument("--modules", default=",".join(HOT_MODULES),
                   help="modules to compile, dotted under kot_rules, comma-separated "
                        "(default: the hot ones)")
    p.add_argument("--if-compiler", action="store_true",
                   help="what `make test` runs: build only when a C compiler is present and "
                   "the build is missing or stale; without a compiler say so and exit 0")
    args = p.parse_args(argv)
    if args.if_compiler:
        if c_compiler() is None:
            print("build_compiled: no C compiler here: the compiled engine is optional, "
                  "the pure Python engine runs")
            return 0
        if read_build()[0] is not None:
            print("build_compiled: the compiled engine is up to date")
            return 0
    return build(tuple(m.strip() for m in args.modules.split(",") if m.strip()))


if __name__ == "__main__":
    sys.exit(main())
