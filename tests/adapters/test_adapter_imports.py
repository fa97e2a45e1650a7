"""The adapters' libraries are optional: never imported by kot_rules, and a clear error
naming the pip extra when missing."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kot_rules.adapters.requirement import MissingExtraError, require

THIRD_PARTY = ("pyspiel", "pettingzoo", "gymnasium", "numpy")


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=120)


class TestLazyImport:
    """``import kot_rules`` and the plain-Python adapter modules load no adapter library."""

    def test_nothing_third_party_is_loaded(self) -> None:
        code = (
            "import sys, kot_rules, kot_rules.adapters, kot_rules.adapters.encoding, "
            "kot_rules.adapters.tree, kot_rules.adapters.observation, kot_rules.adapters.table, "
            "kot_rules.adapters.sampling\n"
            f"print(sorted(m for m in {THIRD_PARTY!r} if m in sys.modules))"
        )
        done = _run(code)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "[]"


class TestMissingExtra:
    """A missing library is an ImportError whose message names the extra to install."""

    def test_require_names_the_extra(self) -> None:
        with pytest.raises(MissingExtraError, match=r"pip install 'kot-rules\[openspiel\]'"):
            require("no_such_module_for_kot_rules", "openspiel")

    @pytest.mark.parametrize(("module", "hidden", "extra"), [
        ("kot_rules.adapters.openspiel", "pyspiel", "openspiel"),
        ("kot_rules.adapters.pettingzoo", "pettingzoo", "pettingzoo"),
        ("kot_rules.adapters.vector", "pettingzoo", "pettingzoo"),
    ])
    def test_importing_the_adapter_without_its_library(
        self, module: str, hidden: str, extra: str
    ) -> None:
        # sys.modules[name] = None makes ``import name`` fail as if it were not installed.
        done = _run(f"import sys\nsys.modules[{hidden!r}] = None\nimport {module}")
        assert done.returncode != 0
        assert "MissingExtraError" in done.stderr
        assert f"pip install 'kot-rules[{extra}]'" in done.stderr
