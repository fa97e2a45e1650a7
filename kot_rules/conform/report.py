"""A conformance run's report: one result per scenario, totals, a table by rule and
decision id, its JSON form (spec/schemas/conform/report.schema.json) and its text."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

STATUSES = ("pass", "fail", "unsupported", "engine-error")
"""A scenario's result: it passed; the engine differs from it (the first difference);
the engine cannot run it (why); the engine crashed, timed out or broke the protocol."""

FORMAT = 1
"""The version of the report's JSON form."""


@dataclass
class ConformResult:
    path: str
    name: str
    rules: tuple[str, ...]
    tags: tuple[str, ...]
    status: str
    reason: str = ""
    """Fail: the first difference; unsupported: why; engine-error: what went wrong."""
    details: list[str] = field(default_factory=list)
    """Every problem found, and where the engine's state first differs from the reference's."""

    @property
    def ids(self) -> tuple[str, ...]:
        """The rule slugs and decision ids (``D-...`` tags) the scenario checks."""
        return (*self.rules, *(t for t in self.tags if t.startswith("D-") and t not in self.rules))

    def line(self) -> str:
        """One line: the status, the file, the rules and decisions, the name."""
        return f"{self.status.upper()} {self.path} [{', '.join(self.ids)}] {self.name}"

    def to_json(self) -> dict[str, Any]:
        return {"file": self.path, "name": self.name, "rules": list(self.rules),
                "tags": list(self.tags), "status": self.status, "reason": self.reason,
                "details": list(self.details)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ConformResult:
        return cls(data["file"], data["name"], tuple(data["rules"]), tuple(data["tags"]),
                   data["status"], data.get("reason", ""), list(data.get("details", [])))


@dataclass
class ConformReport:
    game: str
    command: str
    """The engine command as given (for people; never run from a report)."""
    engine: dict[str, str] | None = None
    """The engine's hello: ``{"name", "version"}`` (None: it never said hello)."""
    results: list[ConformResult] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    """Scenario files that could not be read, or that the reference engine cannot play."""

    def totals(self) -> dict[str, int]:
        out = dict.fromkeys(STATUSES, 0)
        for r in self.results:
            out[r.status] += 1
        return out

    @property
    def ok(self) -> bool:
        """Nothing failed and no engine error: unsupported scenarios are not failures."""
        t = self.totals()
        return not (t["fail"] or t["engine-error"] or self.errors)

    def by_rule(self) -> dict[str, dict[str, int]]:
        """Rule slug or decision id -> the count of each status of its scenarios."""
        out: dict[str, dict[str, int]] = {}
        for r in self.results:
            for rule in r.ids:
                out.setdefault(rule, dict.fromkeys(STATUSES, 0))[r.status] += 1
        return dict(sorted(out.items()))

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "engine": self.engine,
                "command": self.command, "ok": self.ok, "totals": self.totals(),
                "rules": self.by_rule(),
                "scenarios": [r.to_json() for r in self.results], "errors": list(self.errors)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ConformReport:
        return cls(data["game"], data["command"], data.get("engine"),
                   [ConformResult.from_json(r) for r in data["scenarios"]],
                   list(data.get("errors", [])))

    def text(self, seconds: float | None = None) -> str:
        """The report for people: the table by rule, the scenarios that did not pass (with
        why), then the totals."""
        out = [f"engine: {_engine_name(self.engine)} ({self.command}); game: {self.game}", ""]
        out += _table(self.by_rule())
        out.append("")
        for r in self.results:
            if r.status != "pass":
                out.append(r.line())
                out += [f"    {line}" for line in (r.details or [r.reason])]
        out += self.errors
        t = self.totals()
        line = (f"{len(self.results)} scenarios: " + ", ".join(f"{t[s]} {s}" for s in STATUSES)
                + (f"; {len(self.errors)} not run (errors)" if self.errors else ""))
        out.append(line + (f" ({seconds:.1f} s)" if seconds is not None else ""))
        return "\n".join(out)


def _engine_name(engine: Mapping[str, str] | None) -> str:
    if engine is None:
        return "(no hello)"
    return f"{engine.get('name', '?')} {engine.get('version', '')}".strip()


def _table(rows: Mapping[str, Mapping[str, int]]) -> list[str]:
    width = max([len("rule / decision"), *(len(k) for k in rows)])
    head = "rule / decision".ljust(width) + "".join(f"  {s:>12}" for s in STATUSES)
    return [head, *(rule.ljust(width) + "".join(f"  {counts[s]:>12}" for s in STATUSES)
                    for rule, counts in rows.items())]


def relative(path: Path, roots: Iterable[Path] = ()) -> str:
    """``path`` as a report shows it: relative to the current folder (or one of ``roots``)
    when it lies under it, POSIX separators."""
    for root in (Path.cwd(), *roots):
        try:
            return path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            continue
    return path.as_posix()
