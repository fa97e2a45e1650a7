"""Mutation testing (`make mutate`): each mutant of scripts/mutants/catalogue.yaml, one at a
time, in a plain copy of the tree, through a kill pipeline that stops at its first failure.

    python scripts/mutate.py [--mutants ID,...] [--jobs N] [--timeout S] [--stages A,B]
                             [--no-baseline] [--json build/mutate.json]

A mutant replaces one exact text (found exactly once) of one file. The working tree is
never changed: every mutant runs in its own temporary copy of kot_rules/, spec/, grammar/,
tests/ and pyproject.toml, imported through PYTHONPATH (checked: the copy's kot_rules is
the one imported, not the editable install). Each mutant belongs to a game (the
catalogue's ``game``, King of Tokyo by default) and each stage runs that game's checks:
its scenarios, its proofs, its stored records, its Z3 differential tests (King of Tokyo's
stages also run the other games' scenarios and records, as its engine code is shared).
The unmutated copy must pass every stage of every game the run's mutants belong to
first (their times are printed); otherwise the run stops. A mutant is killed by the first
stage that fails, or by the timeout; it survives when every stage passes, and a survivor
whose catalogue entry says why it is equivalent is shown as explained. Exit 1 if the
baseline fails, the catalogue is broken, or a mutant survives unexplained.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "scripts" / "mutants" / "catalogue.yaml"
COPIED = ("kot_rules", "spec", "grammar", "tests", "docs", "pyproject.toml")
"""What a mutant's copy holds: the package, its data, the tests and their configuration, and
the docs pages some tests read (docs/agents.md runs its example)."""
FIELDS = {"id", "file", "find", "replace", "description", "cite", "equivalent", "game"}
REQUIRED = ("id", "file", "find", "replace", "description")
MIN_TIMEOUT = 300.0

KOT, DUEL, KONY = "king-of-tokyo", "king-of-tokyo-duel", "king-of-new-york"
GAMES = (KOT, DUEL, KONY)
"""The games a mutant may belong to (spec/scenarios/ has a folder for each)."""

PYTEST = ("-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--no-header", "-o",
          "addopts=")
CLI = ("-m", "kot_rules.surfaces.cli")
RECORDS = (*PYTEST, "tests/records", "--deselect",
           "tests/records/test_records.py::TestStoredProofs")
"""The stored proofs' test repeats `verify` (25 s): the verify stage covers it."""


@dataclass(frozen=True)
class Verdict:
    failed: bool
    detail: str
    note: str = ""
    """What a stage that passed wants said (the proofs' timeouts)."""


def failed(code: int, output: str) -> Verdict:
    """A stage fails when its command exits non-zero; the detail is its output's tail."""
    return Verdict(code != 0, "\n".join(output.strip().splitlines()[-12:]))


def proofs_failed(code: int, output: str) -> Verdict:
    """``verify --json``: a counterexample, an unsupported sentence or an unreachable
    canary fails it; a proof that only ran out of time (a busy machine: 20 s a query)
    proves nothing either way, so timeouts alone pass it, with a note."""
    if code == 0:
        return Verdict(False, "")
    start = output.find("{")
    try:
        report, _ = json.JSONDecoder().raw_decode(output[start:]) if start >= 0 else ({}, 0)
    except json.JSONDecodeError:
        report = {}
    if not isinstance(report, dict) or "results" not in report:
        return failed(code, output)  # no report: the run itself broke
    broken = [r for r in report["results"] if r["status"] not in ("proved", "timeout")]
    lost = [c["name"] for c in report.get("canaries", []) if not c["reachable"]]
    timeouts = sum(r["status"] == "timeout" for r in report["results"])
    if not broken and not lost:
        return Verdict(False, "", f"verify: {timeouts} proofs timed out (inconclusive)")
    lines = [f"{r['status']}: {r['invariant']} / {r['transition']}: {r['detail'][:300]}"
             for r in broken[:8]]
    lines += [f"canary unreachable: {name}" for name in lost]
    return Verdict(True, "\n".join(lines))


@dataclass(frozen=True)
class Stage:
    name: str
    args: tuple[tuple[str, tuple[str, ...]], ...]
    """Per game, the arguments to the copy's python, run in the copy; a game missing here
    has nothing for this stage to run (New York has no stored records)."""
    judge: Callable[[int, str], Verdict] = failed
    """Whether the stage's exit code and output say it failed."""

    def command(self, game: str) -> tuple[str, ...] | None:
        return dict(self.args).get(game)


STAGES: tuple[Stage, ...] = (
    # King of Tokyo's engine is every game's: all the scenarios; the others, their own.
    Stage("scenarios", (
        (KOT, (*CLI, "scenario", "run", "spec/scenarios")),
        (DUEL, (*CLI, "scenario", "run", f"spec/scenarios/{DUEL}")),
        (KONY, (*CLI, "scenario", "run", f"spec/scenarios/{KONY}")))),
    Stage("verify", tuple((g, (*CLI, "verify", "--game", g, "--out", "build/cex", "--json"))
                          for g in GAMES), proofs_failed),
    Stage("records", ((KOT, RECORDS), (DUEL, (*RECORDS, "-k", "duel")))),
    Stage("z3-diff", (
        (KOT, (*PYTEST, "tests/verify/test_kernel_differential.py",
               "tests/verify/test_differential.py")),
        (DUEL, (*PYTEST, "tests/verify/test_duel_reference.py",
                "tests/verify/test_duel_proofs_differential.py")),
        (KONY, (*PYTEST, "tests/verify/test_kony_differential.py",
                "tests/verify/test_kony_cards_differential.py",
                "tests/verify/test_kony_semantics.py")))),
    # Every engine test (the three games share it), and the game's invariants checked on
    # the states of random games.
    Stage("engine", (
        (KOT, (*PYTEST, "tests/engine", "tests/verify/test_invariants.py")),
        (DUEL, (*PYTEST, "tests/engine", "tests/verify/test_duel_coverage_concrete.py")),
        (KONY, (*PYTEST, "tests/engine", "tests/verify/test_kony_games.py")))),
)
"""Every stage, in the order the baseline runs them (cheapest first)."""

ORDER: dict[str, tuple[str, ...]] = {
    "engine": ("scenarios", "records", "verify", "z3-diff", "engine"),
    "z3": ("verify", "z3-diff", "scenarios", "records", "engine"),
}
"""The kill pipeline of a mutant of each target: the stages most likely to kill it and
cheapest first (the scenarios and the records never run the Z3 model). A mutant survives
only if it passes every stage."""


def pipeline(target: str, game: str, stages: tuple[Stage, ...]) -> tuple[Stage, ...]:
    """``stages`` that have something to run for ``game``, in the order of ``target``'s
    pipeline."""
    order = ORDER.get(target, tuple(s.name for s in STAGES))
    return tuple(sorted((s for s in stages if s.command(game) is not None),
                        key=lambda s: order.index(s.name)))


Z3_PARTS = frozenset({"state", "kernel", "semantics", "invariants", "model"})
"""The modules of a game's folder that make its Z3 model."""


class CatalogueError(ValueError):
    """The catalogue is malformed, or a mutant's text no longer occurs exactly once."""


@dataclass(frozen=True)
class Mutant:
    id: str
    file: str
    find: str
    replace: str
    description: str
    cite: str = ""
    equivalent: str = ""
    game: str = KOT

    @property
    def target(self) -> str:
        """The area the mutant breaks: the engine or the Z3 model (kot_rules/verify/, or a
        game folder's symbolic state, kernel, card semantics, invariants or proof model)."""
        parts = Path(self.file).parts
        in_model = (parts[:2] == ("kot_rules", "games") and len(parts) > 3
                    and parts[3].removesuffix(".py") in Z3_PARTS)
        return "z3" if self.file.startswith("kot_rules/verify/") or in_model else "engine"


def load(path: Path = CATALOGUE) -> list[Mutant]:
    """The catalogue's mutants, checked: fields, unique ids, each find text found once."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    rows = data.get("mutants") if isinstance(data, dict) else None
    if not isinstance(rows, list):
        raise CatalogueError(f"{path}: expected a mapping with a list 'mutants'")
    out: list[Mutant] = []
    seen: set[str] = set()
    for k, row in enumerate(rows):
        where = f"{path}: mutant #{k + 1}"
        if not isinstance(row, dict):
            raise CatalogueError(f"{where}: expected a mapping, got {row!r}")
        unknown = set(row) - FIELDS
        missing = [f for f in REQUIRED if not isinstance(row.get(f), str) or not row[f]]
        if unknown or missing:
            raise CatalogueError(f"{where} ({row.get('id')!r}): unknown fields "
                                 f"{sorted(unknown)}, missing or empty {missing}")
        m = Mutant(**{f: str(v) for f, v in row.items()})
        if m.id in seen:
            raise CatalogueError(f"{where}: id {m.id!r} used twice")
        seen.add(m.id)
        if m.game not in GAMES:
            raise CatalogueError(f"{where} ({m.id}): game {m.game!r} is none of {GAMES}")
        if m.find == m.replace:
            raise CatalogueError(f"{where} ({m.id}): replace is the find text")
        source = ROOT / m.file
        if not source.is_file():
            raise CatalogueError(f"{where} ({m.id}): no file {m.file}")
        n = source.read_text(encoding="utf-8").count(m.find)
        if n != 1:
            raise CatalogueError(f"{where} ({m.id}): the find text occurs {n} times in "
                                 f"{m.file}, not once: {m.find!r}")
        out.append(m)
    return out


def copy_tree(dest: Path) -> None:
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name,
                            ignore=shutil.ignore_patterns(".hypothesis", ".pytest_cache"))
        else:
            shutil.copy2(src, dest / name)


def apply(m: Mutant, dest: Path) -> None:
    """Write the mutant into the copy ``dest``, and drop its stale bytecode."""
    path = dest / m.file
    text = path.read_text(encoding="utf-8")
    assert text.count(m.find) == 1, m.id  # load() checked the working tree's file
    path.write_text(text.replace(m.find, m.replace), encoding="utf-8")
    for pyc in (path.parent / "__pycache__").glob(f"{path.stem}.*.pyc"):
        pyc.unlink()


def environment(copy: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(copy)
    env["HYPOTHESIS_PROFILE"] = "mutate"  # tests/conftest.py: derandomized, no database
    env["NO_COLOR"] = "1"
    return env


def check_import(copy: Path) -> None:
    """The copy's kot_rules is the one imported (not the editable install's)."""
    out = subprocess.run(
        [sys.executable, "-c", "import kot_rules; print(kot_rules.__file__)"],
        cwd=copy, env=environment(copy), capture_output=True, text=True, check=True)
    found = Path(out.stdout.strip()).resolve()
    if not found.is_relative_to(copy.resolve()):
        raise RuntimeError(f"the copy in {copy} imports kot_rules from {found}")


_stopping = threading.Event()
_children: set[subprocess.Popen[str]] = set()
_lock = threading.Lock()


class Interrupted(Exception):
    """The run was interrupted: no new stage starts."""


def run_stage(args: list[str], copy: Path, timeout: float) -> tuple[int, str]:
    """Run one stage in ``copy``; its exit code and output. Killed if the run stops."""
    if _stopping.is_set():
        raise Interrupted
    with subprocess.Popen(args, cwd=copy, env=environment(copy), stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True) as proc:
        with _lock:
            _children.add(proc)
        try:
            out, _ = proc.communicate(timeout=timeout)
        except BaseException:  # the timeout, or an interrupt: never leave a stage behind
            proc.kill()
            proc.communicate()
            raise
        finally:
            with _lock:
                _children.discard(proc)
    if _stopping.is_set():
        raise Interrupted
    return proc.returncode, out


def stop_all() -> None:
    """Stop the run: no new stage, every running stage killed (their copies are then
    removed by their own threads)."""
    _stopping.set()
    with _lock:
        for proc in list(_children):
            proc.kill()


@dataclass
class Result:
    id: str
    target: str
    outcome: str
    """killed, timeout, survived or explained."""
    stage: str | None
    seconds: float
    stage_seconds: dict[str, float]
    detail: str = ""
    game: str = KOT
    notes: list[str] = field(default_factory=list)
    """What the stages it passed said (the proofs' timeouts)."""


def run_pipeline(m: Mutant | None, stages: tuple[Stage, ...], timeout: float,
                 game: str = KOT) -> Result:
    """Run ``m``'s game's stages on a fresh copy mutated by ``m``, or for the baseline
    (``m`` None) ``game``'s stages on an unmutated copy."""
    start = time.perf_counter()
    times: dict[str, float] = {}
    notes: list[str] = []
    if m is not None:
        game = m.game
    name = f"baseline-{game}" if m is None else m.id
    target = "-" if m is None else m.target
    order = (tuple(s for s in stages if s.command(game) is not None) if m is None
             else pipeline(m.target, game, stages))
    with tempfile.TemporaryDirectory(prefix=f"kot-mutant-{name}-") as tmp:
        copy = Path(tmp)
        copy_tree(copy)
        if m is not None:
            apply(m, copy)
        check_import(copy)
        for stage in order:
            args = stage.command(game)
            assert args is not None
            left = timeout - (time.perf_counter() - start)
            t0 = time.perf_counter()
            try:
                code, output = run_stage([sys.executable, *args], copy, max(left, 1.0))
            except subprocess.TimeoutExpired:
                times[stage.name] = time.perf_counter() - t0
                return Result(name, target, "timeout", stage.name,
                              time.perf_counter() - start, times, f"over {timeout:.0f} s", game,
                              notes)
            times[stage.name] = time.perf_counter() - t0
            verdict = stage.judge(code, output)
            if verdict.note:
                notes.append(verdict.note)
            if verdict.failed:
                return Result(name, target, "killed", stage.name, time.perf_counter() - start,
                              times, verdict.detail, game, notes)
    survived = "explained" if m is not None and m.equivalent else "survived"
    return Result(name, target, survived, None, time.perf_counter() - start, times, "", game,
                  notes)


SHORT = {KOT: "kot", DUEL: "duel", KONY: "kony"}
"""The games' names in the table's game column."""


def table(results: list[Result]) -> str:
    rows = [("id", "game", "target", "result", "seconds")]
    for r in results:
        how = {"killed": f"killed by {r.stage}", "timeout": f"killed by timeout ({r.stage})",
               "survived": "SURVIVED", "explained": "explained (equivalent)"}[r.outcome]
        rows.append((r.id, SHORT[r.game], r.target, how, f"{r.seconds:.0f}"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
                     for row in rows)


def score(results: list[Result]) -> tuple[int, int, str]:
    killed = sum(r.outcome in ("killed", "timeout") for r in results)
    explained = sum(r.outcome == "explained" for r in results)
    n = len(results)
    pct = 100 * killed / n if n else 0.0
    line = f"killed {killed} of {n} ({pct:.0f}%)"
    if explained:
        line += f", {explained} explained as equivalent"
    return killed, n, line


@dataclass(frozen=True)
class GameScore:
    """One game's mutants: the counts, the score line, and how many each stage killed."""

    killed: int
    mutants: int
    explained: int
    survived: int
    line: str
    killed_by: dict[str, int]

    def text(self) -> str:
        stages = ", ".join(f"{n} by {s}" for s, n in sorted(self.killed_by.items(),
                                                           key=lambda kv: -kv[1]))
        return self.line + (f" ({stages})" if stages else "")


def by_game(results: list[Result]) -> dict[str, GameScore]:
    """The score of each game that has mutants among ``results``."""
    out: dict[str, GameScore] = {}
    for game in GAMES:
        mine = [r for r in results if r.game == game]
        if not mine:
            continue
        stages: dict[str, int] = {}
        for r in mine:
            if r.outcome in ("killed", "timeout") and r.stage is not None:
                stages[r.stage] = stages.get(r.stage, 0) + 1
        killed, n, line = score(mine)
        out[game] = GameScore(killed, n, sum(r.outcome == "explained" for r in mine),
                              sum(r.outcome == "survived" for r in mine), line, stages)
    return out


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--mutants", default="", help="comma-separated ids (default: all)")
    p.add_argument("--games", default="", help="comma-separated games whose mutants run "
                   "(default: every game's: " + ", ".join(GAMES) + ")")
    p.add_argument("--jobs", type=int, default=2, help="mutants run at once (default 2)")
    p.add_argument("--timeout", type=float, default=None,
                   help="seconds per mutant; over it counts as killed by timeout (default: "
                   "3 times the unmutated tree's time for the mutant's game, at least 300 s: "
                   "a loaded machine is slow, a mutant that loops is much slower)")
    p.add_argument("--stages", default="", help="comma-separated stage names (default: all: "
                   + ", ".join(s.name for s in STAGES) + ")")
    p.add_argument("--no-baseline", action="store_true",
                   help="skip the check that the unmutated tree passes every stage")
    p.add_argument("--catalogue", type=Path, default=CATALOGUE)
    p.add_argument("--json", type=Path, default=ROOT / "build" / "mutate.json",
                   help="where to write the results (default build/mutate.json)")
    args = p.parse_args(argv)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _interrupt)
    try:
        mutants = load(args.catalogue)
    except CatalogueError as exc:
        print(f"mutate: {exc}", file=sys.stderr)
        return 1
    if args.mutants:
        wanted = [w.strip() for w in args.mutants.split(",") if w.strip()]
        known = {m.id: m for m in mutants}
        unknown = [w for w in wanted if w not in known]
        if unknown:
            print(f"mutate: unknown mutant ids {unknown}", file=sys.stderr)
            return 1
        mutants = [known[w] for w in wanted]
    if args.games:
        chosen = [g.strip() for g in args.games.split(",") if g.strip()]
        if any(g not in GAMES for g in chosen):
            print(f"mutate: unknown games in {chosen}: known {list(GAMES)}", file=sys.stderr)
            return 1
        mutants = [m for m in mutants if m.game in chosen]
    stages = STAGES
    if args.stages:
        names = [n.strip() for n in args.stages.split(",")]
        by_name = {s.name: s for s in STAGES}
        if any(n not in by_name for n in names):
            print(f"mutate: unknown stages in {names}: known {list(by_name)}", file=sys.stderr)
            return 1
        stages = tuple(by_name[n] for n in names)
    jobs = max(1, args.jobs)
    began = time.perf_counter()
    played = [g for g in GAMES if any(m.game == g for m in mutants)]
    baseline: dict[str, Result] = {}
    if not args.no_baseline:
        print("mutate: the unmutated tree first ...", flush=True)
        for game in played:
            try:
                base = run_pipeline(None, stages, args.timeout or 3600.0, game)
            except KeyboardInterrupt:
                stop_all()
                print("mutate: interrupted; the working tree was never changed",
                      file=sys.stderr)
                return 130
            print(f"  {game}:", flush=True)
            for name, secs in base.stage_seconds.items():
                print(f"    {name:<10} {secs:6.1f} s", flush=True)
            for note in base.notes:
                print(f"    ({note})", flush=True)
            if base.outcome != "survived":
                print(f"mutate: the unmutated tree fails {game}'s stage {base.stage}: fix it "
                      f"first\n{base.detail}", file=sys.stderr)
                return 1
            baseline[game] = base

    def limit(game: str) -> float:
        if args.timeout:
            return float(args.timeout)
        base = baseline.get(game)
        return max(MIN_TIMEOUT, 3 * base.seconds) if base is not None else MIN_TIMEOUT

    print(f"mutate: {len(mutants)} mutants, {jobs} at a time, at most "
          + ", ".join(f"{limit(g):.0f} s each for {g}" for g in played), flush=True)
    for game in played:
        for target in sorted({m.target for m in mutants if m.game == game}):
            print(f"  {game} {target} mutants: "
                  + " > ".join(s.name for s in pipeline(target, game, stages)), flush=True)

    def one(m: Mutant) -> Result:
        r = run_pipeline(m, stages, limit(m.game))
        how = {"killed": r.stage, "timeout": f"timeout ({r.stage})"}.get(
            r.outcome, r.outcome.upper())
        print(f"  {r.id}: {how} ({r.seconds:.0f} s)"
              + "".join(f"; {n}" for n in r.notes), flush=True)
        return r

    # The Z3 mutants first: they take longest, and the short ones then fill the gaps.
    order = sorted(mutants, key=lambda m: m.target != "z3")
    pool = ThreadPoolExecutor(max_workers=jobs)
    try:
        done = dict(zip((m.id for m in order), pool.map(one, order), strict=True))
    except (KeyboardInterrupt, Interrupted):
        # Ctrl-C or SIGTERM: kill the running stages; each thread then removes its copy.
        stop_all()
        pool.shutdown(wait=True, cancel_futures=True)
        print("mutate: interrupted; the working tree was never changed", file=sys.stderr)
        return 130
    pool.shutdown()
    results = [done[m.id] for m in mutants]
    minutes = (time.perf_counter() - began) / 60
    print()
    print(table(results))
    games = by_game(results)
    print()
    for game, row in games.items():
        print(f"{game}: {row.text()}")
    killed, n, line = score(results)
    print(f"\nall: {line}; {minutes:.1f} min")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({
        "score": {"killed": killed, "mutants": n, "line": line, "minutes": round(minutes, 1)},
        "games": {g: row.__dict__ for g, row in games.items()},
        "timeout": {g: limit(g) for g in played},
        "baseline": {g: b.stage_seconds for g, b in baseline.items()} or None,
        "stages": [s.name for s in stages],
        "results": [r.__dict__ for r in results],
    }, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0 if all(r.outcome != "survived" for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
