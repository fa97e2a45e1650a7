"""The engine is a layered kernel: no import cycle, each module imports only its own layer
or those below, and nothing from the layers above the engine (the games, their proofs, the
site, the scenarios, the surfaces). The graph: tests/engine/import_graph.py.
"""

from __future__ import annotations

import pytest
from import_graph import GRAPH, MODULES, ROOT, cycles, imports_of

ENGINE_LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    ("base", frozenset({"errors", "numbers", "dice", "events", "actions", "cards", "options",
                        "jsontext"})),
    ("state", frozenset({"state", "requests", "dispatch", "rules", "statecheck", "serial"})),
    ("resources", frozenset({"abilities", "resources", "tokens"})),
    ("card machinery", frozenset({"activated", "effects", "hearts", "buying", "shop"})),
    ("turn skeleton", frozenset({"turn", "legal"})),
    ("game", frozenset({"game", "driver", "agents", "greedy", "eventtext"})),
    ("package", frozenset({"__init__"})),
)
"""Bottom first: a module of kot_rules.engine may import its own layer and those below."""

ABOVE_ENGINE = ("kot_rules.games", "kot_rules.surfaces", "kot_rules.verify",
                "kot_rules.scenarios", "kot_rules.site")
ABOVE_GAMES = ABOVE_ENGINE[1:]


ENGINE = sorted(m for m in MODULES if m.startswith("kot_rules.engine."))


def _layer_of(module: str) -> int:
    short = module.removeprefix("kot_rules.engine.") if module != "kot_rules.engine" else "__init__"
    for i, (_, names) in enumerate(ENGINE_LAYERS):
        if short in names:
            return i
    raise AssertionError(f"{module} is in no layer of ENGINE_LAYERS: place it in one")


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


GAME_ENGINE_PARTS = ("rules", "board", "words")
"""The modules of a game folder the engine runs (its phases and hooks, its board, the meanings
of its own card words): engine code, so nothing above the engine."""


@pytest.mark.parametrize("module", sorted(
    m for m in MODULES
    if m in ("kot_rules.games", "kot_rules.games.definition", "kot_rules.games.registry")
    or (m.startswith("kot_rules.games.") and m.rsplit(".", 1)[-1] in GAME_ENGINE_PARTS)))
def test_the_games_engine_parts_import_nothing_from_above_the_engine(module: str) -> None:
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
