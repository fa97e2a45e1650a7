"""The site is built once per test session (``mkdocs build --strict``) and shared."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from kot_rules.site.build import BuildResult, build_site

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> BuildResult:
    site = tmp_path_factory.mktemp("site") / "site"
    start = time.monotonic()
    result = build_site(site, ROOT)
    print(f"mkdocs build --strict: {time.monotonic() - start:.1f} s")
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.output}"
    assert not result.warnings, "\n".join(result.warnings)
    return result
