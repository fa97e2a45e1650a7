"""The engine is a layered kernel: no import cycle, each module imports only its own layer
or those below, and nothing from the layers above the engine (issue 9).

Every import counts, at module level or inside a function; only those under
``if TYPE_CHECKING:`` (annotations, never run) are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import kot_rules

ROOT = Path(kot_rules.__file__).resolve().parent

ENGINE_LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    ("base", frozenset({"errors", "numbers", "dice", "events", "actions", "cards", "options",
                        "jsontext", "tracks", "city"})),
    ("state", frozenset({"state", "requests", "dispatch", "rules", "statecheck", "serial"})),
    ("resources", frozenset({"abilities", "resources", "tokens"})),
    ("card machinery", frozenset({"tokyo", "activated", "effects", "hearts", "buying", "shop"})),
    ("turn skeleton", frozenset({"turn", "legal"})),
    ("game module", frozenset({"kingoftokyo", "duel", "newyork"})),
    ("game", frozenset({"game", "driver", "agents", "greedy", "eventtext"})),
    ("package", frozenset({"__init__"})),
)
"""Bottom first: a module of kot_rules.engine may import its own layer and those below."""

ABOVE_ENGINE = ("kot_rules.games", "kot_rules.surfaces", "kot_rules.verify",
                "kot_rules.scenarios", "kot_rules.site")
ABOVE_GAMES = ABOVE_ENGINE[1:]


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
ENGINE = sorted(m for m in MODULES if m.startswith("kot_rules.engine."))


def _layer_of(module: str) -> int:
    short = module.removeprefix("kot_rules.engine.") if module != "kot_rules.engine" else "__init__"
    for i, (_, names) in enumerate(ENGINE_LAYERS):
        if short in names:
            return i
    raise AssertionError(f"{module} is in no layer of ENGINE_LAYERS: place it in one")


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


class TestTheCollector:
    """The checks below are only as good as the import collector: it must see everything."""

    def test_sees_imports_in_functions_and_skips_type_checking(self) -> None:
        source = (
            "from typing import TYPE_CHECKING\n"
            "from kot_rules.engine import dice\n"
            "if TYPE_CHECKING:\n    from kot_rules.engine.game import Game\n"
            "def f():\n    from kot_rules.engine.turn import apply\n"
            "    import kot_rules.engine.effects\n"
        )
        got = imports_of(source, "kot_rules.engine.x")
        assert {"kot_rules.engine.dice", "kot_rules.engine.turn", "kot_rules.engine.effects"} <= got
        assert "kot_rules.engine.game" not in got

    def test_finds_a_cycle(self) -> None:
        graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
        assert cycles(graph) == [["a", "b", "c"]]


def test_the_engine_has_no_import_cycle() -> None:
    engine = {m: {d for d in GRAPH[m] if d in ENGINE} for m in ENGINE}
    assert cycles(engine) == []


@pytest.mark.parametrize("module", ENGINE)
def test_each_engine_module_imports_only_its_layer_or_below(module: str) -> None:
    mine = _layer_of(module)
    for dep in sorted(GRAPH[module]):
        if dep.startswith("kot_rules.engine."):
            layer = _layer_of(dep)
            assert layer <= mine, (
                f"{module} ({ENGINE_LAYERS[mine][0]}) imports {dep} "
                f"({ENGINE_LAYERS[layer][0]}), a layer above it"
            )


@pytest.mark.parametrize("module", [*ENGINE, "kot_rules.engine"])
def test_the_engine_imports_nothing_from_above_it(module: str) -> None:
    above = sorted(d for d in GRAPH[module] if d.startswith(ABOVE_ENGINE))
    assert above == [], f"{module} imports {above}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith("kot_rules.games")))
def test_the_games_import_nothing_from_above_them(module: str) -> None:
    above = sorted(d for d in GRAPH[module] if d.startswith(ABOVE_GAMES))
    assert above == [], f"{module} imports {above}"


def test_no_bottom_of_file_imports_are_left() -> None:
    flagged = [
        f"{p.relative_to(ROOT.parent)}:{n}"
        for p in MODULES.values()
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if "noqa: E402" in line
    ]
    assert flagged == []
