"""The import graph of kot_rules, read from the source (no module is run).

Every import counts, at module level or inside a function; only those under
``if TYPE_CHECKING:`` (annotations, never run) are left out. A module loaded by name
(``importlib.import_module``, the games' registry) is no edge.
"""

from __future__ import annotations

import ast
from pathlib import Path

import kot_rules

ROOT = Path(kot_rules.__file__).resolve().parent
GAMES_PACKAGE = "kot_rules.games"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(source: str, module: str, is_package: bool = False) -> set[str]:
    """The modules ``source`` imports, anywhere but under ``if TYPE_CHECKING:``."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, base] if base else package)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in MODULES else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


GRAPH: dict[str, set[str]] = {
    name: {
        m for m in imports_of(path.read_text(encoding="utf-8"), name, path.name == "__init__.py")
        if m.startswith("kot_rules")
    }
    for name, path in MODULES.items()
}


def game_of(module: str) -> str | None:
    """The game folder a module belongs to (``kot_rules.games.<game>``), or None."""
    parts = module.split(".")
    if len(parts) >= 3 and ".".join(parts[:2]) == GAMES_PACKAGE:
        folder = ".".join(parts[:3])
        if folder in MODULES and MODULES[folder].name == "__init__.py":
            return folder
    return None


GAME_FOLDERS: tuple[str, ...] = tuple(sorted({g for m in MODULES if (g := game_of(m))}))
"""``kot_rules.games.<game>`` for every game folder."""


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), or a self-import."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph.get(v, ()):
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


