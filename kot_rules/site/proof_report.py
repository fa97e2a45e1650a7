"""The parts of Duel's and New York's invariants pages read from a proof report (the JSON of
``kot-rules verify --json``): the verdict, each invariant's status, the kernel steps, the
reachability canaries and what is not proved. What one game says and the other does not
is passed in by its ``site`` module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from .pages import cell, inline, table

Ref = Callable[[str], str]
"""A rule slug -> the Markdown that names it on the page (a link)."""


def verdict(report: Mapping[str, Any]) -> str:
    """The report's result in a few words."""
    return "everything proved" if report.get("ok") else "NOT everything is proved"


def status(counts: Mapping[str, int]) -> str:
    """For how many of its steps an invariant is proved (``counts``: status -> steps)."""
    total = sum(counts.values())
    proved = counts.get("proved", 0)
    return (f"all {total} steps" if proved == total
            else f"**{proved} of {total}** ({total - proved} not proved)")


def invariants_table(invariants: Iterable[tuple[str, str, Iterable[str]]],
                     counts: Mapping[str, Mapping[str, int]] | None, ref: Ref) -> list[str]:
    """The table of ``invariants`` (id, statement, the rule slugs it rests on), each with its
    status from the report's ``counts`` (``None``: the proofs did not run)."""
    rows = [[f"`{inv_id}`", cell(statement) or "—", ", ".join(ref(r) for r in rules) or "—",
             "not run" if counts is None else status(counts.get(inv_id, {}))]
            for inv_id, statement, rules in invariants]
    return table(["Invariant", "Statement", "Rests on", "Proved (Z3)"], rows)


def kernel_steps(steps: Iterable[tuple[str, Iterable[str]]], ref: Ref,
                 all_proved: bool) -> list[str]:
    """The kernel steps (name, rule slugs), said to be proved when ``all_proved``."""
    lead = ("Every step below is proved to keep every invariant" if all_proved
            else "The steps the proofs cover (what is not proved is listed below)")
    out = ["## The kernel steps", "", lead + "; each rests on the rules named:", ""]
    return out + table(["Step", "Rules"],
                       [[cell(name), ", ".join(ref(r) for r in rules)] for name, rules in steps])


def canaries(found: Iterable[Mapping[str, Any]]) -> list[str]:
    """The report's reachability canaries, each reachable or not."""
    out = ["## Reachability canaries", "",
           "If nothing could ever happen, every invariant would hold. These must be "
           "reachable from a legal state:", ""]
    return out + [f"- {'reachable' if c.get('reachable') else '**unreachable**'}: "
                  f"{inline(str(c.get('name', '')))}" for c in found] + [""]


def not_proved(results: Sequence[Mapping[str, Any]], with_cards: bool = False) -> list[str]:
    """Each of the report's ``results`` that is not proved (``with_cards``: with the cards
    whose sentence it is), or a line saying there is none."""
    failed = [failure(r, with_cards) for r in results if r.get("status") != "proved"]
    if not failed:
        return ["## Not proved", "", "Nothing: every invariant is proved for every step.", ""]
    return ["## Not proved", "", *failed, ""]


def failure(result: Mapping[str, Any], with_cards: bool) -> str:
    """One result that is not proved, as a list item."""
    out = (f"- `{result.get('invariant')}` for *{inline(str(result.get('transition')))}*: "
           f"{result.get('status')}")
    if result.get("detail"):
        out += f" ({inline(str(result['detail']))})"
    if with_cards and result.get("cards"):
        out += f", cards: {', '.join(str(c) for c in result.get('cards', ()))}"
    return out
