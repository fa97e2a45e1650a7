"""The public API: what an engine author imports from `kot_rules` itself."""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

import kot_rules
from kot_rules.engine.driver import play
from kot_rules.engine.game import Game

ROOT = Path(__file__).resolve().parent.parent


class TestExports:
    def test_every_name_resolves(self) -> None:
        for name in kot_rules.__all__:
            assert getattr(kot_rules, name) is not None, name

    def test_all_and_the_lazy_table_agree(self) -> None:
        assert set(kot_rules.__all__) == {"__version__", *kot_rules._EXPORTS}

    def test_unknown_name_is_an_attribute_error(self) -> None:
        with contextlib.suppress(AttributeError):
            kot_rules.no_such_name  # type: ignore[attr-defined]  # noqa: B018
            raise AssertionError("no AttributeError")

    def test_import_is_cheap(self) -> None:
        code = "import kot_rules, sys; print('kot_rules.engine' in sys.modules)"
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True).stdout.strip()
        assert out == "False"

    def test_every_action_type_legal_actions_gives_is_exported(self) -> None:
        """Full-deck games reach every kind of decision, card questions included."""
        seen: set[type] = set()

        def collect(state: kot_rules.State) -> None:
            if not state.is_chance_node() and not state.is_terminal():
                seen.update(type(a) for a in state.legal_actions())

        game = Game(4)
        for seed in range(1, 120):
            play(game, seed, on_step=collect)
        assert {kot_rules.UseCard, kot_rules.Choose, kot_rules.Buy} <= seen
        for kind in seen:
            assert getattr(kot_rules, kind.__name__) is kind


class TestNewGame:
    def test_same_seed_same_state(self) -> None:
        a = kot_rules.new_game("king-of-tokyo", 3, seed=5)
        b = kot_rules.new_game("king-of-tokyo", 3, seed=5)
        assert a.canonical() == b.canonical()
        assert a.current_player() == kot_rules.CHANCE

    def test_unknown_game(self) -> None:
        try:
            kot_rules.new_game("king-of-mars")
        except kot_rules.UnknownGameError as err:
            assert "king-of-tokyo" in str(err)
        else:
            raise AssertionError("no UnknownGameError")


class TestEngineAuthorsPage:
    def test_the_agent_loop_runs_as_printed(self) -> None:
        page = (ROOT / "docs" / "api" / "index.md").read_text(encoding="utf-8")
        blocks = re.findall(r"```python\n(.*?)```", page, re.DOTALL)
        assert len(blocks) == 1
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(blocks[0], "docs/api/index.md", "exec"), {"__name__": "agent_loop"})
        lines = out.getvalue().splitlines()
        assert re.match(r"(draw|.+ wins: .+)$", lines[0])
        assert lines[1].startswith("refused: ")
        assert lines[2].endswith("byte for byte")


class TestReadme:
    def test_the_readme_example_runs(self) -> None:
        readme = (ROOT / "README.md").read_text(encoding="utf-8")
        section = readme[readme.index("### Engine author"):]
        block = re.findall(r"```python\n(.*?)```", section, re.DOTALL)[0]
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, "README.md", "exec"), {"__name__": "readme"})
        assert out.getvalue().startswith(
            "('king-of-new-york', 'king-of-tokyo', 'king-of-tokyo-duel')")
