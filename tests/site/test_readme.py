"""The README is a landing page: short, and every link it gives to the site's pages leads to
a page (the figures and the usage live on docs/speed.md, docs/trust.md, docs/usage.md)."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
MOST_LINES = 200

LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_readme_is_at_most_200_lines() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= MOST_LINES, f"README.md has {lines} lines: move the detail to docs/"


def test_every_link_to_docs_leads_to_a_page() -> None:
    text = README.read_text(encoding="utf-8")
    targets = [t.partition("#")[0] for t in LINK.findall(text) if t.startswith("docs/")]
    assert targets
    missing = [t for t in targets if not (ROOT / t).is_file()]
    assert not missing, missing


def test_the_pages_the_readme_sends_figures_to_are_in_the_navigation() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8")
                            .replace("!!python", "#"))
    pages = {value for entry in config["nav"] for value in entry.values()
             if isinstance(value, str)}
    assert {"usage.md", "speed.md", "trust.md", "adding-a-game.md"} <= pages
