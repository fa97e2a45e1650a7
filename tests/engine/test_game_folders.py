"""A game is a folder: ``kot_rules/games/<game>/`` holds every Python part of one game, with
the same module names in each, and nothing outside a folder imports from it (the registry
loads a game by name). No module of kot_rules takes part in an import cycle.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from import_graph import GAME_FOLDERS, GRAPH, MODULES, ROOT, cycles, game_of

from kot_rules.games import BUILTIN, get, ids

GAME_MODULES = frozenset({
    "__init__", "definition", "rules", "board", "state", "kernel", "semantics", "invariants",
    "concrete", "site", "adapter", "words", "model",
})
"""What every game folder provides (see docs/adding-a-game.md)."""

GAME_NAME_WORDS = ("tokyo", "duel", "newyork", "new_york", "kony", "manhattan")
"""Words of a game's name that a kernel module's file name must not hold."""

KERNEL_PACKAGES = ("engine", "verify", "site")


def test_there_is_one_folder_per_built_in_game() -> None:
    assert tuple(sorted(f"kot_rules.games.{b}" for b in BUILTIN)) == GAME_FOLDERS
    assert len(ids()) == len(BUILTIN)


@pytest.mark.parametrize("folder", GAME_FOLDERS)
def test_each_game_folder_has_the_same_modules(folder: str) -> None:
    have = {m.removeprefix(folder + ".") if m != folder else "__init__"
            for m in MODULES if m == folder or m.startswith(folder + ".")}
    tops = {h.split(".", 1)[0] for h in have}
    assert tops >= GAME_MODULES, f"{folder} lacks {sorted(GAME_MODULES - tops)}"


@pytest.mark.parametrize("folder", GAME_FOLDERS)
def test_each_definition_names_its_own_folder(folder: str) -> None:
    by_folder = {get(i).package: i for i in ids()}
    assert folder in by_folder


def test_no_module_takes_part_in_an_import_cycle() -> None:
    assert cycles(GRAPH) == []


@pytest.mark.parametrize("module", sorted(m for m in MODULES if game_of(m) is None))
def test_nothing_outside_a_game_folder_imports_from_it(module: str) -> None:
    into = sorted(d for d in GRAPH[module] if game_of(d) is not None)
    assert into == [], f"{module} imports {into}: reach a game through kot_rules.games.get(id)"


@pytest.mark.parametrize("folder", GAME_FOLDERS)
def test_a_game_imports_no_other_game(folder: str) -> None:
    mine = [m for m in MODULES if game_of(m) == folder]
    other = sorted({f"{m} -> {d}" for m in mine for d in GRAPH[m]
                    if (g := game_of(d)) is not None and g != folder})
    assert other == []


@pytest.mark.parametrize("package", KERNEL_PACKAGES)
def test_no_kernel_file_is_named_after_a_game(package: str) -> None:
    named = sorted(str(p.relative_to(ROOT.parent)) for p in (ROOT / package).rglob("*")
                   if any(w in p.name.casefold() for w in GAME_NAME_WORDS))
    assert named == []


class TestTheGraph:
    """The checks above are only as good as the graph."""

    def test_sees_a_folder_and_its_modules(self) -> None:
        assert game_of("kot_rules.games.king_of_tokyo_duel.board") == (
            "kot_rules.games.king_of_tokyo_duel")
        assert game_of("kot_rules.games.registry") is None
        assert game_of("kot_rules.engine.turn") is None

    def test_a_game_import_is_seen(self) -> None:
        tree = Path(MODULES["kot_rules.games.king_of_tokyo_duel.rules"]).read_text()
        assert "board" in tree and any(
            d.startswith("kot_rules.games.king_of_tokyo_duel.")
            for d in GRAPH["kot_rules.games.king_of_tokyo_duel.rules"])
