"""The conformance page: each engine's stored ``kot-rules conform`` reports
(``conformance/reports/*.json``), its totals by game and where it differs, by rule."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .model import SiteDataError
from .pages import cell, link, note, table

PAGE = "conform/results.md"
REPORTS = "conformance/reports"
"""Where the reports lie, from the folder holding ``spec/``."""
STATUSES = ("pass", "fail", "unsupported", "engine-error")
SHOWN_REASONS = 12
"""How many of an engine's most frequent reasons for unsupported scenarios the page lists."""


def load_reports(root: Path) -> list[dict[str, Any]]:
    """Every stored report under ``root``/conformance/reports, by engine name then game."""
    out = []
    for path in sorted((root / REPORTS).glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise SiteDataError(f"{path}: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != 1:
            raise SiteDataError(f"{path}: not a conformance report of format 1")
        data["_file"] = f"{REPORTS}/{path.name}"
        out.append(data)
    return sorted(out, key=lambda d: (_engine(d).lower(), d["game"]))


def _engine(report: Mapping[str, Any]) -> str:
    engine = report.get("engine")
    if not engine:
        return str(report["command"])
    return f"{engine['name']} {engine.get('version', '')}".strip()


Pager = Callable[..., str | None]


def conformance_page(reports: list[dict[str, Any]], rule_page: Pager,
                     titles: Mapping[str, str], file_page: Pager) -> str:
    """The page: a summary row per report, then each report's differences by rule.

    ``rule_page(game, id)``: the page of a rule slug or decision id, if the site has one;
    ``titles``: each game's title by id; ``file_page(path)``: the page of a scenario file
    (by its path from the folder holding ``spec/``), if the site has one.
    """
    out = ["# Conformance results", "",
           "Engines run through `kot-rules conform` against the conformance scenarios of each "
           "game: every scenario ends as **pass**, **fail** (the engine differs from it), "
           "**unsupported** (it needs a card, option, action or state field the engine does "
           "not offer: not a failure) or **engine error** (a crash, a time-out, an answer "
           "outside the protocol). How to run your own engine: "
           f"[Test your engine against kot-rules]({link(PAGE, 'conform/index.md')}).", ""]
    if not reports:
        out += ["No report is stored yet.", ""]
        return "\n".join(out + note(f"{REPORTS}/*.json"))
    rows = []
    for r in reports:
        t = r["totals"]
        rows.append([cell(_engine(r)), cell(titles.get(r["game"], r["game"])),
                     *(str(t[s]) for s in STATUSES), str(sum(t.values()))])
    out += table(["Engine", "Game", "Pass", "Fail", "Unsupported", "Engine error",
                  "Scenarios"], rows)
    for r in reports:
        out += _report_section(r, rule_page, titles, file_page)
    return "\n".join(out + note(f"{REPORTS}/*.json"))


def _report_section(r: Mapping[str, Any], rule_page: Pager, titles: Mapping[str, str],
                    file_page: Pager) -> list[str]:
    game = r["game"]
    out = [f"## {cell(_engine(r))}: {cell(titles.get(game, game))}", "",
           f"Command: `{r['command']}`; report: `{r['_file']}`.", ""]
    t = r["totals"]
    if t["fail"] == 0 and t["engine-error"] == 0 and t["unsupported"] == 0 and not r["errors"]:
        return [*out, f"Every scenario passes ({t['pass']}).", ""]
    differ = {rule: counts for rule, counts in r["rules"].items()
              if counts["fail"] or counts["engine-error"]}
    if differ:
        out += ["### Differences by rule", ""]
        rows = []
        for rule, counts in differ.items():
            uri = rule_page(game, rule)
            name = f"[`{rule}`]({link(PAGE, uri)})" if uri else f"`{rule}`"
            rows.append([name, *(str(counts[s]) for s in STATUSES)])
        out += table(["Rule or decision", "Pass", "Fail", "Unsupported", "Engine error"], rows)
        out += ["### Scenarios that fail", ""]
        out += table(["Scenario", "Result", "First difference"], [
            [_scenario(s, file_page), s["status"], cell(_short(s["reason"]))]
            for s in r["scenarios"] if s["status"] in ("fail", "engine-error")])
    reasons = Counter(s["reason"] for s in r["scenarios"] if s["status"] == "unsupported")
    if reasons:
        out += ["### Why scenarios are unsupported", ""]
        out += table(["Reason", "Scenarios"], [[cell(_short(why)), str(n)]
                                               for why, n in reasons.most_common(SHOWN_REASONS)])
        if len(reasons) > SHOWN_REASONS:
            out += [f"And {len(reasons) - SHOWN_REASONS} other reasons (see the report).", ""]
    if r["errors"]:
        out += ["### Scenario files not run", ""]
        out += [f"- {cell(_short(e))}" for e in r["errors"]] + [""]
    return out


def _scenario(s: Mapping[str, Any], file_page: Pager) -> str:
    uri = file_page(str(s["file"]))
    name = cell(s["name"])
    return f"[{name}]({link(PAGE, uri)})" if uri else name


def _short(text: str, limit: int = 220) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
