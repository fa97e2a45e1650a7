"""The text form of a verification report: a table of transitions × invariants."""

from __future__ import annotations

from kot_rules.verify.prover import COUNTEREXAMPLE, PROVED, TIMEOUT, UNSUPPORTED, Report

MARKS = {PROVED: "ok", COUNTEREXAMPLE: "FAIL", TIMEOUT: "time", UNSUPPORTED: "n/a"}
"""How each status shows in a table cell."""


def lines(report: Report) -> list[str]:
    # The report's own invariant list: its game's, in report order.
    ids = list(report.counts())
    short = [i.removeprefix("INV-")[:8] for i in ids]
    rows: dict[str, dict[str, str]] = {}
    seconds: dict[str, float] = {}
    for r in report.results:
        rows.setdefault(r.transition, {})[r.invariant] = MARKS.get(r.status, r.status)
        seconds[r.transition] = seconds.get(r.transition, 0.0) + r.seconds
    width = min(56, max((len(t) for t in rows), default=10))
    out = [f"{'transition':<{width}}  " + " ".join(f"{s:>8}" for s in short) + "  seconds"]
    for t, cells in rows.items():
        name = t if len(t) <= width else t[: width - 3] + "..."
        out.append(f"{name:<{width}}  " + " ".join(f"{cells.get(i, '-'):>8}" for i in ids)
                   + f"  {seconds[t]:7.3f}")
    problems = [r for r in report.results if r.status != PROVED]
    if problems:
        out.append("")
    for r in problems:
        out.append(f"{r.status}: {r.invariant} for '{r.transition}'"
                   + (f" (cards: {', '.join(sorted({u.card for u in r.uses}))})" if r.uses
                      else ""))
        if r.detail:
            out.append(f"    {r.detail}")
        if r.scenario:
            verdict = ("the engine does it too" if r.reproduced
                       else "the engine does not: the symbolic semantics disagrees with it")
            out.append(f"    scenario: {r.scenario} ({verdict})")
    out.append("")
    out.append("per invariant: proved / counterexample / timeout / unsupported")
    for inv, n in report.counts().items():
        out.append(f"  {inv:<16} {n[PROVED]:>4} {n[COUNTEREXAMPLE]:>4} {n[TIMEOUT]:>4} "
                   f"{n[UNSUPPORTED]:>4}")
    out.append("")
    out.append("canaries (must be reachable):")
    for c in report.canaries:
        out.append(f"  {'reachable' if c.reachable else 'UNREACHABLE':<11}  {c.name}")
    total = len(report.results)
    proved = sum(r.status == PROVED for r in report.results)
    reached = sum(c.reachable for c in report.canaries)
    out.append("")
    out.append(f"{proved}/{total} proved, {reached}/{len(report.canaries)} canaries reachable "
               f"({report.seconds:.1f} s): {'OK' if report.ok else 'NOT PROVED'}")
    return out
