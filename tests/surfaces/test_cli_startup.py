"""Starting ``kot-rules`` loads only what the command needs: building the parser of
``check`` or the top-level ``--help`` loads neither the engine, the card parser, Z3, Lark,
Hypothesis nor the site (a test of structure, not of time)."""

from __future__ import annotations

import json
import subprocess
import sys

from kot_rules import games
from kot_rules.surfaces.cli import build_parser, common

HEAVY = ("z3", "lark", "hypothesis", "yaml", "kot_rules.engine.", "kot_rules.language.",
         "kot_rules.verify", "kot_rules.site", "kot_rules.games", "kot_rules.simulation")


def _loaded_after(code: str) -> list[str]:
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.splitlines()[-1]
    modules: list[str] = json.loads(out)
    return [m for m in modules if m.startswith(HEAVY) or m in ("z3", "lark", "yaml")]


class TestLightStart:
    def test_importing_the_console_entry_loads_nothing_heavy(self) -> None:
        assert _loaded_after("import kot_rules.surfaces.cli") == []

    def test_top_level_help_loads_nothing_heavy(self) -> None:
        code = ("import contextlib, io\nfrom kot_rules.surfaces.cli import main\n"
                "with contextlib.redirect_stdout(io.StringIO()):\n    main(['--help'])")
        assert _loaded_after(code) == []

    def test_the_parser_of_check_loads_nothing_heavy(self) -> None:
        code = ("from kot_rules.surfaces.cli.app import build_parser\n"
                "build_parser('check').parse_args(['check', '--json'])")
        assert _loaded_after(code) == []

    def test_the_engine_package_loads_its_modules_on_use(self) -> None:
        loaded = _loaded_after("import kot_rules.engine.errors, kot_rules.language.diagnostics")
        assert loaded == ["kot_rules.engine.errors", "kot_rules.language.diagnostics"]


class TestPartialParser:
    def test_the_command_list_reads_the_same_with_one_command_built(self) -> None:
        full = build_parser().format_help()
        assert build_parser("").format_help() == full
        assert build_parser("check").format_help() == full

    def test_the_built_command_has_its_full_options(self) -> None:
        args = build_parser("check").parse_args(["check", "--no-proofs", "--json"])
        # no --game: the command takes its paths' game, else the default one
        assert (args.proofs, args.json, args.game) == (False, True, None)
        args = build_parser("check").parse_args(["check", "--game", "king-of-tokyo-duel"])
        assert args.game == "king-of-tokyo-duel"

    def test_every_command_has_a_summary(self) -> None:
        from kot_rules.surfaces.cli.app import GROUPS

        assert [name for names, _, _ in GROUPS for name in names] == list(common.SUMMARIES)


class TestDefaultGame:
    def test_the_cli_default_is_the_registered_default(self) -> None:
        assert common.DEFAULT_GAME == games.DEFAULT_GAME
        assert games.get(common.DEFAULT_GAME).id == common.DEFAULT_GAME
