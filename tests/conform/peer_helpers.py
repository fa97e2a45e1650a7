"""What the tests of the two third-party engines share: where their unmodified code lies
(``../shared/peers``), the skip when it is absent (never in CI), the hello, and a sample of
scenarios run through ``kot-rules conform``'s runner with the statuses they must end with."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from conform_helpers import check_traffic

from kot_rules.conform.protocol import Hello, decode
from kot_rules.conform.report import ConformReport
from kot_rules.conform.runner import run_conformance

REPO = Path(__file__).resolve().parents[2]
ADAPTERS = REPO / "conformance" / "peers"
SCENARIOS = REPO / "spec" / "scenarios"


def peers_dir() -> Path | None:
    """The ``shared/peers`` folder of the third-party engines (``KOT_SHARED`` names the
    shared folder explicitly), or None."""
    if "KOT_SHARED" in os.environ:
        found = Path(os.environ["KOT_SHARED"]) / "peers"
        return found if found.is_dir() else None
    for folder in REPO.parents:
        if (folder / "shared" / "peers").is_dir():
            return folder / "shared" / "peers"
    return None


def need(path: Path | None, what: str) -> Path:
    """``path``, or a skip naming issue 23 when it is missing; in CI a failure instead."""
    if path is not None and path.exists():
        return path
    message = (f"issue 23: {what} is not beside this checkout (../shared/peers); "
               "CI always has it, and there this test never skips")
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def hello_of(argv: Sequence[str], timeout: float = 60.0) -> Hello:
    """Start the adapter, read its first line as a hello, and quit it."""
    proc = subprocess.Popen(list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    try:
        out, err = proc.communicate(b'{"id": 1, "op": "quit"}\n', timeout=timeout)
    finally:
        proc.kill()
    lines = out.splitlines()
    assert lines, f"no hello; stderr: {err.decode()[-500:]}"
    assert json.loads(lines[1]) == {"id": 1, "ok": True}
    return Hello.from_json(decode(lines[0]))


PROXY = """
import subprocess, sys, threading
log = open(sys.argv[1], "ab", buffering=0)
engine = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def down():
    for line in sys.stdin.buffer:
        log.write(b"< " + line); engine.stdin.write(line); engine.stdin.flush()
    engine.stdin.close()
threading.Thread(target=down, daemon=True).start()
for line in engine.stdout:
    log.write(b"> " + line); sys.stdout.buffer.write(line); sys.stdout.buffer.flush()
"""
"""A process between the runner and an adapter that copies every line into a log."""

def run_sample(game: str, argv: Sequence[str], sample: dict[str, str],
               log: Path) -> ConformReport:
    """``sample`` (scenario file under spec/scenarios/GAME -> status) run through the runner;
    every scenario must end with its status, and every line the adapter exchanged with the
    runner must follow its JSON Schema (spec/schemas/conform/)."""
    paths = [SCENARIOS / game / name for name in sample]
    proxy = [sys.executable, "-c", PROXY, str(log), *argv]
    report = run_conformance(game, proxy, paths, timeout=60.0)
    assert not report.errors, report.errors
    got = {r.path.split(f"/{game}/", 1)[1]: r.status for r in report.results}
    assert got == sample, {k: (v, sample[k]) for k, v in got.items() if v != sample[k]}
    check_traffic(log, {"hello", "load-answer", "apply-answer", "state-answer", "error-answer"})
    return report


def reason(report: ConformReport, name: str) -> str:
    return next(r.reason for r in report.results if r.path.endswith(name))


def repro_lines(argv: Sequence[str], timeout: float = 120.0) -> dict[str, dict[str, Any]]:
    """A peer's hand reproductions (one JSON line each), by case."""
    done = subprocess.run(list(argv), capture_output=True, timeout=timeout, check=True)
    return {c["case"]: c for c in map(json.loads, done.stdout.decode().splitlines())}


def check_page_totals(report_name: str, page_name: str) -> None:
    """The page's result line gives the totals of the committed report."""
    data = json.loads((REPO / "conformance" / "reports" / report_name).read_text())
    t = data["totals"]
    line = (f"{sum(t.values())} scenarios: **{t['pass']} pass, {t['fail']} fail, "
            f"{t['unsupported']} unsupported, {t['engine-error']} engine error")
    assert line in (REPO / "docs" / "conform" / page_name).read_text(), line
