"""Build the site as CI does: ``python -m mkdocs build --strict`` in a fresh process."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class BuildResult:
    returncode: int
    output: str
    """stdout and stderr together."""
    site: Path

    @property
    def warnings(self) -> list[str]:
        return [line for line in self.output.splitlines()
                if line.startswith(("WARNING", "ERROR"))]


def build_site(site_dir: Path, root: Path | None = None, timeout: float = 300) -> BuildResult:
    """Run ``mkdocs build --strict -d site_dir`` from ``root`` (the folder of mkdocs.yml)."""
    root = root or Path(__file__).resolve().parents[2]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site_dir)],
        cwd=root, env=env, capture_output=True, text=True, timeout=timeout, check=False,
    )
    return BuildResult(done.returncode, done.stdout + done.stderr, site_dir)
