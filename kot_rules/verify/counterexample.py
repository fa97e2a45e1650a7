"""A failed proof made concrete: the model as a scenario file, replayed on the engine.

A game's proof model may say how its counterexamples read as a scenario
(:attr:`~kot_rules.verify.prover.ProofModel.scenario`): the model's state before the step,
the step played, and what the symbolic semantics says comes after. If the engine agrees,
the scenario passes: the counterexample is real. If it does not, the symbolic semantics and
the engine disagree, which is a bug too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from kot_rules.engine.cards import CardTable
from kot_rules.language.cardset import CardSet
from kot_rules.verify.prover import Result, Use


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60]


def write(data: dict[str, Any], folder: Path, invariant: str, transition: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{slug(invariant)}--{slug(transition)}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=88),
                    encoding="utf-8")
    return path


def replay(path: Path, cards: CardSet) -> bool:
    """Run the scenario on the engine: True if the engine does what the model says."""
    from kot_rules.scenarios.runner import run_paths

    report = run_paths([path], CardTable.from_card_set(cards))
    return report.failed == 0 and report.passed == 1


Scenario = Callable[[Any, str, dict[str, Any], tuple[Use, ...], CardSet],
                    dict[str, Any] | None]
"""``(transition, invariant, model, uses, cards)``: the scenario that replays a
counterexample, or None if no script can (yet)."""


def attach(cards: CardSet, folder: Callable[[], Path],
           scenario: Scenario) -> Callable[[Any, Result], None]:
    """A callback for :func:`~kot_rules.verify.prover.verify`: write each counterexample's
    ``scenario`` into ``folder()`` (called only then) and replay it on the engine."""

    def on(t: Any, result: Result) -> None:
        model = result.counterexample
        data = None if model is None else scenario(t, result.invariant, model, result.uses,
                                                   cards)
        if data is None:
            result.detail += " (no scenario: no script replays this step yet)"
            return
        path = write(data, folder(), result.invariant, t.name)
        result.scenario = str(path)
        result.reproduced = replay(path, cards)

    return on
