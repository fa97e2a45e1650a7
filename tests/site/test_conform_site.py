"""The conformance results page (kot_rules/site/conformance.py) from stored reports, and
the protocol's schemas on the JSON Schemas page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kot_rules.conform.report import ConformReport, ConformResult
from kot_rules.site import conformance
from kot_rules.site.hooks import repo_file_page
from kot_rules.site.model import SiteDataError, load_schemas

ROOT = Path(__file__).resolve().parents[2]
TITLES = {"king-of-tokyo": "King of Tokyo"}


def _store(root: Path, name: str, report: ConformReport) -> None:
    folder = root / "conformance" / "reports"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(json.dumps(report.to_json()), encoding="utf-8")


def _rule_page(game: str, rule: str) -> str | None:
    return {"end.must-survive": "rules/end.must-survive.md"}.get(rule)


def _file_page(path: str) -> str | None:
    return "scenarios/a.md" if path.endswith("a.yaml") else None


def _page(root: Path) -> str:
    return conformance.conformance_page(conformance.load_reports(root), _rule_page, TITLES,
                                        _file_page)


def test_an_engine_that_differs(tmp_path: Path) -> None:
    _store(tmp_path, "bench.king-of-tokyo.json", ConformReport(
        "king-of-tokyo", "./bench --stdio", {"name": "bench", "version": "2"}, [
            ConformResult("spec/scenarios/a.yaml", "Twenty stars but dead", (
                "end.must-survive",), ("D-SEVERAL-AT-20",), "fail",
                "a.yaml:24: outcome: expected None, got {'winner': 'Gigazaur'}"),
            ConformResult("spec/scenarios/b.yaml", "B", ("tokyo.yield",), (), "unsupported",
                          "card jet-fighters"),
            ConformResult("spec/scenarios/c.yaml", "C", ("tokyo.yield",), (), "pass"),
        ]))
    text = _page(tmp_path)
    assert "| bench 2 | King of Tokyo | 1 | 1 | 1 | 0 | 3 |" in text
    assert "## bench 2: King of Tokyo" in text
    assert "| [`end.must-survive`](../rules/end.must-survive.md) | 0 | 1 | 0 | 0 |" in text
    assert "| `D-SEVERAL-AT-20` | 0 | 1 | 0 | 0 |" in text  # no page: no link
    assert "tokyo.yield" not in text.split("### Scenarios that fail")[0].split(
        "### Differences by rule")[1]  # a rule with no failure is not a difference
    assert "| [Twenty stars but dead](../scenarios/a.md) | fail | a.yaml:24: outcome: " in text
    assert "| card jet-fighters | 1 |" in text


def test_an_engine_that_passes_everything(tmp_path: Path) -> None:
    _store(tmp_path, "e.king-of-tokyo.json", ConformReport(
        "king-of-tokyo", "e", None, [ConformResult("a.yaml", "A", (), (), "pass")]))
    text = _page(tmp_path)
    assert "## e: King of Tokyo" in text and "Every scenario passes (1)." in text


def test_no_report_yet(tmp_path: Path) -> None:
    assert "No report is stored yet." in _page(tmp_path)


def test_a_report_that_is_not_one(tmp_path: Path) -> None:
    folder = tmp_path / "conformance" / "reports"
    folder.mkdir(parents=True)
    (folder / "x.json").write_text('{"format": 9}', encoding="utf-8")
    with pytest.raises(SiteDataError, match="not a conformance report"):
        conformance.load_reports(tmp_path)


def test_the_stored_reports_make_a_page() -> None:
    reports: list[dict[str, Any]] = conformance.load_reports(ROOT)
    assert {r["game"] for r in reports} >= {"king-of-tokyo", "king-of-tokyo-duel",
                                            "king-of-new-york"}
    text = _page(ROOT)
    assert "Every scenario passes" in text


def test_the_protocol_schemas_are_on_the_schemas_page() -> None:
    schemas = {s.file: s for s in load_schemas()}
    assert schemas["conform/hello.schema.json"].anchor == "conform-hello"
    assert schemas["state-v1.schema.json"].anchor == "state-v1"
    files = list(schemas)
    assert files.index("state-v1.schema.json") < files.index("conform/hello.schema.json")
    assert repo_file_page("spec/schemas/conform/report.schema.json") == (
        "formats/schemas.md", "conform-report")
